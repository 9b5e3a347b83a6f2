// Words match numbers: every number a finding or a lesson step quotes is
// declared next to its sentence with where the view of its link shows it
// (core/base/quoted_number.hpp). Here each link is opened in the app's
// session, as `shufflelab open LINK --json` opens it, its jobs run to the end,
// and each quote must read exactly what the lab shows there, formatted as the
// sentence formats it. Some of those numbers are also derived here
// independently (brute force, the articles' own pseudo-code).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/builtin_tours.hpp"
#include "core/app_session.hpp"
#include "core/base/quoted_number.hpp"
#include "core/inline_job_runner.hpp"
#include "core/tours.hpp"

namespace shufflelab {
namespace {

// ---- The test hook's JSON, read back -------------------------------------------

struct Json {
  enum Kind { null, boolean, number, string, array, object } kind = null;
  std::string text;  // a number's or a string's text (unescaped), true/false
  std::vector<std::string> keys;  // an object's members: keys[i] names values[i] (a pair would need Json complete)
  std::vector<Json> values;
  std::vector<Json> items;
};

class JsonReader {
 public:
  explicit JsonReader(const std::string& s) : s_(s) {}
  Json document() {
    Json v = value();
    space();
    if (i_ != s_.size()) fail("trailing text");
    return v;
  }
  const std::string& error() const { return error_; }

 private:
  const std::string& s_;
  std::size_t i_ = 0;
  std::string error_;

  void fail(const std::string& why) {
    if (error_.empty()) error_ = why + " at offset " + std::to_string(i_);
    i_ = s_.size();
  }
  void space() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\r' || s_[i_] == '\t')) ++i_;
  }
  bool eat(char c) {
    space();
    if (i_ < s_.size() && s_[i_] == c) return ++i_, true;
    return false;
  }
  std::string string_text() {
    std::string out;
    if (!eat('"')) return fail("expected a string"), out;
    while (i_ < s_.size() && s_[i_] != '"') {
      char c = s_[i_++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= s_.size()) break;
      c = s_[i_++];
      if (c == 'u') {  // the hook escapes only control characters this way
        if (i_ + 4 > s_.size()) return fail("short \\u escape"), out;
        out += static_cast<char>(std::stoi(s_.substr(i_, 4), nullptr, 16));
        i_ += 4;
      } else {
        out += c == 'n' ? '\n' : c == 't' ? '\t' : c == 'r' ? '\r' : c == 'b' ? '\b' : c == 'f' ? '\f' : c;
      }
    }
    if (!eat('"')) fail("unterminated string");
    return out;
  }
  Json value() {
    Json v;
    space();
    if (i_ >= s_.size()) return fail("expected a value"), v;
    const char c = s_[i_];
    if (c == '{') {
      v.kind = Json::object;
      ++i_;
      if (eat('}')) return v;
      do {
        std::string key = string_text();
        if (!eat(':')) return fail("expected ':'"), v;
        v.keys.push_back(std::move(key));
        v.values.push_back(value());
      } while (eat(','));
      if (!eat('}')) fail("expected '}'");
    } else if (c == '[') {
      v.kind = Json::array;
      ++i_;
      if (eat(']')) return v;
      do v.items.push_back(value());
      while (eat(','));
      if (!eat(']')) fail("expected ']'");
    } else if (c == '"') {
      v.kind = Json::string, v.text = string_text();
    } else {
      const std::size_t start = i_;
      while (i_ < s_.size() && std::string_view(",]} \n").find(s_[i_]) == std::string_view::npos) ++i_;
      v.text = s_.substr(start, i_ - start);
      v.kind = v.text == "null" ? Json::null : (v.text == "true" || v.text == "false") ? Json::boolean : Json::number;
      if (v.text.empty()) fail("expected a value");
    }
    return v;
  }
};

// A path as quoted_number.hpp describes it; nullptr when nothing is there.
const Json* at_path(const Json& root, const std::string& path, Json& length) {
  const Json* v = &root;
  std::size_t start = 0;
  while (v && start <= path.size()) {
    const std::size_t dot = path.find('.', start);
    const std::string seg = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    start = dot == std::string::npos ? path.size() + 1 : dot + 1;
    const Json* next = nullptr;
    if (v->kind == Json::object) {
      for (std::size_t i = 0; i < v->keys.size(); ++i)
        if (v->keys[i] == seg) next = &v->values[i];
    } else if (v->kind == Json::array && seg == "#") {
      length.kind = Json::number, length.text = std::to_string(v->items.size());
      next = &length;
    } else if (v->kind == Json::array && seg.find('=') != std::string::npos) {
      const std::string key = seg.substr(0, seg.find('=')), want = seg.substr(seg.find('=') + 1);
      for (const Json& item : v->items)
        for (std::size_t i = 0; i < item.keys.size(); ++i)
          if (item.keys[i] == key && item.values[i].text == want && !next) next = &item;
    } else if (v->kind == Json::array && !seg.empty() && seg.find_first_not_of("0123456789") == std::string::npos) {
      const std::size_t k = std::stoul(seg);
      if (k < v->items.size()) next = &v->items[k];
    }
    v = next;
  }
  return v;
}

// ---- Opening a link as `shufflelab open --json` does -----------------------------

// Jobs too long for a unit test (the One Chip sweep and hand census over 2^32
// seeds, stepping the tarot register round its 536,797,185-step cycle). Their
// links open here without the job: a quote that needed its result would find
// nothing and fail, so every quote of those steps reads what the link shows
// before the job ends.
std::string without_long_jobs(std::string link) {
  for (const char* run : {"&run=sweep", "&run=hands", "&run=period"}) {
    const std::size_t at = link.find(run);
    if (at != std::string::npos) link.erase(at, std::string(run).size());
  }
  return link;
}

struct Opened {
  std::vector<std::string> notices;
  std::string hook;  // {describe_json_fields, describe_lab_json}
  Json json;
};

Opened open_link(const std::string& link) {
  InlineJobRunner jobs;
  AppSession app(jobs);
  app.open(without_long_jobs(link));
  for (int i = 0; i < 1'000'000 && app.busy(); ++i) app.tick(0.0);
  Opened out;
  out.notices = app.notices();
  out.hook = "{" + app.describe_json_fields() + app.describe_lab_json() + "}";
  JsonReader reader(out.hook);
  out.json = reader.document();
  EXPECT_EQ(reader.error(), "") << link;
  return out;
}

// Each quote: in the sentence, and equal to what the link's view holds, formatted alike.
void expect_quotes_hold(const std::string& where, const std::string& link, const std::string& text,
                        const std::vector<QuotedNumber>& quotes) {
  SCOPED_TRACE(where + ": " + link);
  const Opened opened = open_link(link);
  EXPECT_TRUE(opened.notices.empty()) << (opened.notices.empty() ? "" : opened.notices.front());
  for (const QuotedNumber& q : quotes) {
    EXPECT_NE(text.find(q.text), std::string::npos) << "\"" << q.text << "\" is not in: " << text;
    Json length, per_length;
    const Json* value = at_path(opened.json, q.path, length);
    const Json* per = q.per.empty() ? nullptr : at_path(opened.json, q.per, per_length);
    if (!value || (!q.per.empty() && !per)) {
      ADD_FAILURE() << "the view has no " << (value ? q.per : q.path) << " (quoted as \"" << q.text << "\")";
      continue;
    }
    EXPECT_EQ(quote_text(q.style, q.decimals, value->text, per ? per->text : std::string()), q.text)
        << q.path << (q.per.empty() ? "" : " / " + q.per) << " in: " << text;
  }
}

bool has_digit(const std::string& s) { return s.find_first_of("0123456789") != std::string::npos; }

TEST(Words, EveryFindingQuotesWhatItsLinkShows) {
  InlineJobRunner jobs;
  AppSession app(jobs);
  app.open("#v=1&lab=findings");
  const std::vector<GalleryEntry>& entries = app.findings().entries();
  ASSERT_GE(entries.size(), 14u);
  for (const GalleryEntry& e : entries) {
    EXPECT_FALSE(e.quotes.empty()) << e.title << ": quotes no number of its lab";
    expect_quotes_hold(e.title, e.link, e.text, e.quotes);
  }
}

// Steps whose numbers no view of their link holds (the sentence explains, the
// link shows the setup): each is derived in tours_test.cpp or below instead.
const std::map<std::string, std::string> kStepsWithoutViewNumbers = {
    {"how-people-shuffle 2", "one riffle's distance: the Animate tab shows the riffle, not the distance table"},
};

TEST(Words, EveryLessonStepQuotesWhatItsLinkShows) {
  for (const Tour& tour : builtin_tours()) {
    for (std::size_t k = 0; k < tour.steps.size(); ++k) {
      const TourStep& step = tour.steps[k];
      const std::string where = tour.id + " " + std::to_string(k + 1);
      if (has_digit(step.text) && !kStepsWithoutViewNumbers.count(where)) {
        EXPECT_FALSE(step.quotes.empty()) << where << ": quotes no number of its lab: " << step.text;
      }
      expect_quotes_hold(where, step.link, step.text, step.quotes);
    }
  }
}

// ---- Independent derivations ---------------------------------------------------

const GalleryEntry& finding(const std::vector<GalleryEntry>& entries, const std::string& title) {
  for (const GalleryEntry& e : entries)
    if (e.title == title) return e;
  ADD_FAILURE() << "no finding " << title;
  return entries.front();
}

std::string quoted_at(const std::vector<QuotedNumber>& quotes, const std::string& path) {
  for (const QuotedNumber& q : quotes)
    if (q.path == path) return q.text;
  return "(not quoted: " + path + ")";
}

// The issue: "The naive shuffle's diagonal" quoted the first row. The 27 swap
// lists of the naive shuffle on 3 cards, counted here: position 0 gets cards
// 0, 1, 2 in 9, 10, 8 lists; the diagonal (card k in position k) is 9, 8, 9.
TEST(Words, NaiveFindingQuotesTheFirstPositionCountedOverAll27SwapLists) {
  int row0[3] = {0, 0, 0};
  for (int list = 0; list < 27; ++list) {
    int deck[3] = {0, 1, 2};
    for (int i = 0, l = list; i < 3; ++i, l /= 3) std::swap(deck[i], deck[l % 3]);
    ++row0[deck[0]];
  }
  const std::vector<GalleryEntry> entries = gallery_entries();
  const GalleryEntry& e = finding(entries, "The naive shuffle's uneven first position");
  EXPECT_EQ(e.text.find("diagonal"), std::string::npos) << e.text;
  for (int card = 0; card < 3; ++card)
    EXPECT_EQ(quoted_at(e.quotes, "shuffle.bias.counts." + std::to_string(card)), std::to_string(row0[card]));
  EXPECT_NE(e.text.find("Position 0 gets card 0 in " + std::to_string(row0[0]) + " of 27"), std::string::npos) << e.text;
}

// The PDEP strike at the finding's step: with card f gone, remaining card r
// (counted from 0) is card r when r < f, else card r + 1.
TEST(Words, PdepFindingStrikesTheRemainingCardItNames) {
  const std::vector<GalleryEntry> entries = gallery_entries();
  const GalleryEntry& e = finding(entries, "Striking a card with PDEP");
  const int gone = std::stoi(quoted_at(e.quotes, "shuffle.deck.0"));
  const int rank = std::stoi(quoted_at(e.quotes, "shuffle.pdep.rank"));
  EXPECT_EQ(quoted_at(e.quotes, "shuffle.pdep.card"), std::to_string(rank < gone ? rank : rank + 1));
}

// The Game Boy tarot dev log's own pseudo-code: LFSR() as printed (four bytes,
// the top one lfsr0, CF into lfsr0), coinFlip() taking the low bit first,
// getRandomNumber() for a top value m subtracting m on an overshoot (the
// article's 77 for 78 cards), and its Fisher-Yates from A = 77 down to 1.
struct TarotArticle {
  unsigned l0 = 0xDE, l1 = 0xAD, l2 = 0xBE, l3 = 0xEF;  // seed DEADBEEF
  unsigned rng = 0, left = 0, bytes = 0, flips = 0;
  unsigned lfsr() {
    for (int x = 0; x < 8; ++x) {
      const unsigned c0 = (l0 & 1) ? 128 : 0, c1 = (l1 & 1) ? 128 : 0, c2 = (l2 & 1) ? 128 : 0, c3 = (l3 & 1) ? 128 : 0;
      l0 >>= 1, l1 = (l1 >> 1) + c0, l2 = (l2 >> 1) + c1, l3 = (l3 >> 1) + c2;
      if (c3) l0 ^= 0xCF;
    }
    ++bytes;
    return l0;
  }
  unsigned coin_flip() {
    if (left == 0) rng = lfsr(), left = 8;
    const unsigned r = rng & 1;
    rng >>= 1, --left, ++flips;
    return r;
  }
  unsigned random_number(unsigned m) {
    unsigned v = 1, c = 0;
    while (true) {
      v *= 2, c = c * 2 + coin_flip();
      if (v > m) {
        if (c <= m) return c;
        v -= m, c -= m;
      }
    }
  }
};

TEST(Words, TarotLessonCardsAndDeckFollowTheArticlesPseudoCode) {
  const Tour* tour = find_builtin_tour("gameboy-tarot");
  ASSERT_NE(tour, nullptr);
  // Step 1: how many of the first call's 8 shifts drop a 1 out of lfsr3.
  TarotArticle shifts;
  int drops = 0;
  for (int x = 0; x < 8; ++x) {
    drops += shifts.l3 & 1;
    const unsigned c0 = (shifts.l0 & 1) ? 128 : 0, c1 = (shifts.l1 & 1) ? 128 : 0, c2 = (shifts.l2 & 1) ? 128 : 0;
    const bool out = shifts.l3 & 1;
    shifts.l0 >>= 1, shifts.l1 = (shifts.l1 >> 1) + c0, shifts.l2 = (shifts.l2 >> 1) + c1, shifts.l3 = (shifts.l3 >> 1) + c2;
    if (out) shifts.l0 ^= 0xCF;
  }
  EXPECT_NE(tour->steps[0].text.find(std::to_string(drops) + " of the 8 shifts drop a 1"), std::string::npos) << tour->steps[0].text;

  TarotArticle a;
  std::string cards;
  for (int k = 0; k < 3; ++k) {
    const unsigned before = a.flips;
    const unsigned card = a.random_number(77);
    cards += (k ? ", " : "") + std::to_string(card) + " (" + std::to_string(a.flips - before) + " flips)";
  }
  EXPECT_NE(tour->steps[2].text.find("the first cards are " + cards + "."), std::string::npos) << tour->steps[2].text;

  TarotArticle deal;
  std::vector<unsigned> deck(78);
  for (unsigned i = 0; i < 78; ++i) deck[i] = i;
  for (unsigned A = 77; A >= 1; --A) std::swap(deck[A], deck[deal.random_number(A)]);
  const std::string& text = tour->steps[4].text;
  EXPECT_NE(text.find("which read " + std::to_string(deal.bytes) + " LFSR() bytes"), std::string::npos) << text;
  // Tarot numbering (core/base/cards.hpp): 0-21 the major arcana, then 14 cards a suit; 47 is the Knight of Cups.
  EXPECT_EQ(deck[77], 47u);
  EXPECT_NE(text.find("ends with Knight of Cups at position 77"), std::string::npos) << text;
}

// The loaded-dice lesson's right shift and printed rollDie, over all 256 bytes.
TEST(Words, LoadedDiceShiftAndPrintedRollDieMatchTheirBytes) {
  const Tour* tour = find_builtin_tour("loaded-dice");
  ASSERT_NE(tour, nullptr);
  std::vector<int> shift(21, 0), printed(21, 0);
  int sum = 0;
  for (unsigned x = 0; x < 256; ++x) {
    unsigned v = x;
    while (v >= 20) v >>= 1;  // "srl the value until it fits"
    ++shift[v + 1], sum += static_cast<int>(v + 1);
    ++printed[((20 * x) >> 8) + 1];  // MulHbyL as printed returns (H + 1) * L with H = 19; the high byte, plus one
  }
  // Faces 11-16 come from v = 10..15: 1 + 2 + 4 + 8 + 16 bytes each.
  EXPECT_EQ(shift[11], 31);
  EXPECT_EQ(shift[16], 31);
  char mean[16];
  std::snprintf(mean, sizeof mean, "%.2f", sum / 256.0);
  EXPECT_NE(tour->steps[1].text.find("faces 11-16 get 31 of the 256 bytes each, and the average roll is " + std::string(mean)),
            std::string::npos) << tour->steps[1].text;
  const auto [lo, hi] = std::minmax_element(printed.begin() + 1, printed.end());
  EXPECT_NE(tour->steps[5].text.find("face 20 from " + std::to_string(printed[20]) + " and every face from " +
                                     std::to_string(*lo) + "-" + std::to_string(*hi)),
            std::string::npos) << tour->steps[5].text;
}

// glibc's rand() (random_r's TYPE_3, its published algorithm): r0 = seed,
// r_i = 16807 r_(i-1) mod (2^31 - 1) for i < 31, then r_i = r_(i-31) + r_(i-3)
// mod 2^32; the k-th output (from 0) is r_(k+344) >> 1.
class GlibcRand {
 public:
  explicit GlibcRand(std::uint32_t seed) : r_(344) {
    r_[0] = static_cast<std::int32_t>(seed ? seed : 1);
    for (int i = 1; i < 31; ++i) {
      const std::int64_t v = (16807LL * r_[static_cast<std::size_t>(i) - 1]) % 2147483647;
      r_[static_cast<std::size_t>(i)] = static_cast<std::int32_t>(v < 0 ? v + 2147483647 : v);
    }
    for (std::size_t i = 31; i < 34; ++i) r_[i] = r_[i - 31];
    for (std::size_t i = 34; i < 344; ++i) r_[i] = add(r_[i - 31], r_[i - 3]);
  }
  std::uint32_t next() {
    const std::size_t i = r_.size();
    r_.push_back(add(r_[i - 31], r_[i - 3]));
    return static_cast<std::uint32_t>(r_.back()) >> 1;
  }

 private:
  static std::int32_t add(std::int32_t a, std::int32_t b) {
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(a) + static_cast<std::uint32_t>(b));
  }
  std::vector<std::int32_t> r_;
};

// shuffle.c (seed 001) as printed: srand(seed), four rand() thrown away,
// then for i = n - 1 down to 1 swap card i with randomInt(0, i).
std::vector<int> shuffle_c_deck(std::uint32_t seed) {
  GlibcRand rand(seed);
  for (int k = 0; k < 4; ++k) rand.next();
  std::vector<int> deck(52);
  for (int i = 0; i < 52; ++i) deck[static_cast<std::size_t>(i)] = i;
  for (int i = 51; i > 0; --i) {
    double r;
    do r = static_cast<double>(rand.next()) / 2147483647.0;
    while (r >= 1.0);
    std::swap(deck[static_cast<std::size_t>(i)], deck[static_cast<std::size_t>(static_cast<int>((i + 1) * r))]);
  }
  return deck;
}

// The lesson's game starts at seed 1044362711; the Predict tab's default
// guess is 1044361800, so its hour is [1044360000, +3600) and its day
// [1044318600, +86400). Candidates: seeds whose deck begins with the cards seen.
TEST(Words, BreakTheShuffleCandidatesMatchAReplayOfShuffleC) {
  const Tour* tour = find_builtin_tour("break-the-shuffle");
  ASSERT_NE(tour, nullptr);
  const std::vector<int> seen = shuffle_c_deck(1044362711);
  auto candidates = [&](std::uint32_t first, std::uint32_t count, std::size_t cards) {
    std::size_t found = 0;
    for (std::uint32_t s = first; s < first + count; ++s) {
      const std::vector<int> deck = shuffle_c_deck(s);
      found += std::equal(seen.begin(), seen.begin() + static_cast<std::ptrdiff_t>(cards), deck.begin());
    }
    return found;
  };
  const std::string& hour = tour->steps[1].text;
  EXPECT_NE(hour.find("1 card leaves " + std::to_string(candidates(1044360000, 3600, 1)) + " candidates, 2 leave " +
                      std::to_string(candidates(1044360000, 3600, 2)) + ", 5 leave " +
                      std::to_string(candidates(1044360000, 3600, 5)) + ":"),
            std::string::npos) << hour;
  EXPECT_NE(tour->steps[2].text.find("5 cards still leave " + std::to_string(candidates(1044318600, 86400, 5)) + "."),
            std::string::npos) << tour->steps[2].text;
}

}  // namespace
}  // namespace shufflelab
