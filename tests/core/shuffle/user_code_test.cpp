// The reader's own shuffle: the page's answers (docs/code_protocol.md) read
// strictly, the exact matrix over a common denominator, the steps of a trace
// and the session's Your code tab. The expected matrices come from the
// shuffles run here by brute force over every answer list, written the way
// a student writes them in JavaScript (swap by destructuring: read deck[j],
// read deck[i], write deck[i], write deck[j]).
#include "core/shuffle/user_code.hpp"

#include <gtest/gtest.h>

#include "core/base/packed_text.hpp"
#include "core/code_deck_tests.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>
#include <string>
#include <vector>

#include "core/base/plain_text.hpp"
#include "core/inline_job_runner.hpp"
#include "core/shuffle/shuffle_lab.hpp"
#include "core/shuffle/shuffle_session.hpp"
#include "core/shuffle/user_code_starts.hpp"
#include "core/shuffle/user_code_steps.hpp"
#include "core/url_state.hpp"

namespace shufflelab {
namespace {

using Deck = std::vector<std::uint32_t>;

std::string words(const Deck& deck) {
  std::string out;
  for (std::uint32_t c : deck) out += (out.empty() ? "" : " ") + std::to_string(c);
  return out;
}

// A shuffle as a student writes it: `rand(k)` answers from a script.
using Student = std::function<void(Deck&, const std::function<std::uint32_t(std::uint32_t)>&)>;

void js_swap(Deck& deck, std::uint32_t i, std::uint32_t j) { std::swap(deck[i], deck[j]); }

const Student kNaive = [](Deck& deck, const auto& rand) {
  for (std::uint32_t i = 0; i < deck.size(); ++i) js_swap(deck, i, rand(static_cast<std::uint32_t>(deck.size())));
};
const Student kFisherYates = [](Deck& deck, const auto& rand) {
  for (std::uint32_t i = static_cast<std::uint32_t>(deck.size()) - 1; i > 0; --i) js_swap(deck, i, rand(i + 1));
};
const Student kSattolo = [](Deck& deck, const auto& rand) {
  for (std::uint32_t i = static_cast<std::uint32_t>(deck.size()) - 1; i > 0; --i) js_swap(deck, i, rand(i));
};

// What the page's exact run sends: every answer list, found by re-running
// the code with scripted answers (an odometer over the answers asked for),
// one line per list "P 1 deck".
std::string exact_text(const Student& shuffle, std::uint32_t n, std::map<Deck, std::uint64_t>* decks = nullptr) {
  std::vector<std::uint32_t> script, bounds;
  std::string lines;
  std::uint64_t runs = 0;
  while (true) {
    Deck deck(n);
    std::iota(deck.begin(), deck.end(), 0u);
    std::size_t at = 0;
    std::uint64_t product = 1;
    shuffle(deck, [&](std::uint32_t k) {
      if (at == script.size()) script.push_back(0), bounds.push_back(k);
      product *= k;
      return script[at++];
    });
    script.resize(at), bounds.resize(at);
    lines += std::to_string(product) + " 1 " + words(deck) + "\n";
    ++runs;
    if (decks) ++(*decks)[deck];
    // Next answer list: the last answer that can still grow grows; the ones after it are asked again.
    while (!script.empty() && script.back() + 1 == bounds.back()) script.pop_back(), bounds.pop_back();
    if (script.empty()) break;
    ++script.back();
  }
  return "exact n=" + std::to_string(n) + " leaves=" + std::to_string(runs) + " runs=" + std::to_string(runs) + "\n" + lines;
}

CodeExactView exact_of(const Student& shuffle, std::uint32_t n) {
  auto parsed = parse_code_result(exact_text(shuffle, n), n);
  EXPECT_TRUE(parsed) << parsed.error();
  auto view = code_exact_view(std::get<CodeExact>(parsed.value()));
  EXPECT_TRUE(view) << view.error();
  return view.value();
}

std::uint64_t factorial(std::uint32_t n) { return n <= 1 ? 1 : n * factorial(n - 1); }

TEST(UserCode, NaiveSwapOfThreeCardsOverItsTwentySevenAnswerLists) {
  std::map<Deck, std::uint64_t> decks;
  const std::string text = exact_text(kNaive, 3, &decks);
  auto parsed = parse_code_result(text, 3);
  ASSERT_TRUE(parsed) << parsed.error();
  auto view = code_exact_view(std::get<CodeExact>(parsed.value()));
  ASSERT_TRUE(view) << view.error();
  EXPECT_EQ(view->runs, 27u);
  EXPECT_EQ(view->matrix.total, 27u);
  // The first row: card 0 stays on top in 9 of 27 lists, card 1 gets there in 10, card 2 in 8.
  EXPECT_EQ(view->matrix.at(0, 0), 9u);
  EXPECT_EQ(view->matrix.at(0, 1), 10u);
  EXPECT_EQ(view->matrix.at(0, 2), 8u);
  for (std::uint32_t p = 0; p < 3; ++p)
    for (std::uint32_t c = 0; c < 3; ++c) {
      std::uint64_t expected = 0;
      for (const auto& [deck, count] : decks) expected += deck[p] == c ? count : 0;
      EXPECT_EQ(view->matrix.at(p, c), expected) << p << "," << c;
    }
  EXPECT_EQ(view->reachable, 6u);
  EXPECT_EQ(view->orders, 6u);
  EXPECT_FALSE(view->uniform);  // 27 lists cannot split evenly over 6 decks
}

TEST(UserCode, FisherYatesIsUniformUpToSevenCards) {
  for (std::uint32_t n = 1; n <= 7; ++n) {
    const CodeExactView view = exact_of(kFisherYates, n);
    EXPECT_EQ(view.reachable, factorial(n)) << n;
    EXPECT_EQ(view.matrix.total, factorial(n)) << n;
    EXPECT_TRUE(view.uniform) << n;
  }
}

TEST(UserCode, SattoloReachesOnlyTheCyclesAndNoCardStays) {
  for (std::uint32_t n = 2; n <= 6; ++n) {
    const CodeExactView view = exact_of(kSattolo, n);
    EXPECT_EQ(view.reachable, factorial(n - 1)) << n;
    EXPECT_FALSE(view.uniform) << n;
    for (std::uint32_t p = 0; p < n; ++p) EXPECT_EQ(view.matrix.at(p, p), 0u) << n << " " << p;
  }
}

TEST(UserCode, ListsOfDifferentChancesMeetOverTheirCommonDenominator) {
  // A coin, then on heads a second coin: 1/2 + 1/4 + 1/4, denominator 4.
  auto parsed = parse_code_result("exact n=2 leaves=3 runs=3\n2 1 0 1\n4 1 1 0\n4 1 0 1\n", 2);
  ASSERT_TRUE(parsed) << parsed.error();
  auto view = code_exact_view(std::get<CodeExact>(parsed.value()));
  ASSERT_TRUE(view) << view.error();
  EXPECT_EQ(view->matrix.total, 4u);
  EXPECT_EQ(view->matrix.at(0, 0), 3u);
  EXPECT_EQ(view->matrix.at(0, 1), 1u);
  EXPECT_FALSE(view->uniform);
  auto half = parse_code_result("exact n=2 leaves=1 runs=1\n2 1 0 1\n", 2);
  ASSERT_TRUE(half);
  auto short_of_one = code_exact_view(std::get<CodeExact>(half.value()));
  ASSERT_FALSE(short_of_one);
  EXPECT_NE(short_of_one.error().find("add up to 1/2, not 1"), std::string::npos) << short_of_one.error();
}

void expect_refused(std::string_view text, std::uint32_t n, std::string_view words) {
  auto parsed = parse_code_result(text, n);
  ASSERT_FALSE(parsed) << text;
  EXPECT_NE(parsed.error().find(words), std::string::npos) << parsed.error();
}

TEST(UserCode, BadAnswersNameTheirLineAndField) {
  expect_refused("", 3, "empty");
  expect_refused("shuffle n=3", 3, "line 1: \"shuffle\" is not trace, exact, sample or error");
  expect_refused("trace n=4 draws=0\ndeck 0 1 2 3", 3, "n=4 but the run was for 3 cards");
  expect_refused("trace n=3 draws=1\nd 3 3\ndeck 0 1 2", 3, "line 2: answer");
  expect_refused("trace n=3 draws=1\nd 3 1\nx 1\ndeck 0 1 2", 3, "line 3: \"x\" is not d, m, r, w or deck");
  expect_refused("trace n=3 draws=1\nd 3 1\nr 3\ndeck 0 1 2", 3, "line 3: position");
  expect_refused("trace n=3 draws=2\nd 3 1\ndeck 0 1 2", 3, "draws=2 but the trace has 1");
  expect_refused("trace n=3 draws=1\nd 3 1", 3, "ends without its deck line");
  expect_refused("trace n=3 draws=0\ndeck 0 1 2\nr 1", 3, "line 3: nothing may follow");
  expect_refused("sample n=3 decks=2 last=1\n0 1 2\n1 1 2", 3, "line 3: card 1 appears twice");
  expect_refused("sample n=3 decks=2 last=1\n0 1 2", 3, "decks=2 but 1 lines follow");
  expect_refused("sample n=3 decks=1 last=1\n0 1", 3, "line 2: a deck of 2 cards, expected 3");
  expect_refused("exact n=2 leaves=1 runs=2\n2 1 0 1", 2, "runs=2 but the lines count 1");
  expect_refused("error kind=crash line=1 column=1 draws=0\nx", 3, "expected kind=");
  expect_refused("error kind=throw line=1 column=x draws=0\nx", 3, "column");
}

std::string sentence(std::string_view text, std::uint32_t n) {
  auto parsed = parse_code_result(text, n);
  EXPECT_TRUE(parsed) << parsed.error();
  return code_error_sentence(std::get<CodeError>(parsed.value()), n);
}

TEST(UserCode, TheWorkersErrorsBecomePlainSentences) {
  EXPECT_EQ(sentence("error kind=not-permutation line=0 column=0 draws=3\n0 0 2", 3),
            "Your shuffle's deck is not the 3 cards in some order: card 0 appears 2 times and card 1 is missing.");
  EXPECT_EQ(sentence("error kind=not-permutation line=0 column=0 draws=3\n0 1 undefined", 3),
            "Your shuffle's deck is not the 3 cards in some order: it holds undefined, which is not a card of 0..2.");
  EXPECT_EQ(sentence("error kind=length line=0 column=0 draws=2\n4", 3), "Your shuffle changed the deck's length from 3 to 4.");
  EXPECT_EQ(sentence("error kind=parse line=2 column=7 draws=0\nUnexpected token ')'", 3),
            "Your code does not parse at line 2, column 7: Unexpected token ')'");
  EXPECT_EQ(sentence("error kind=timeout line=0 column=0 draws=1234567\n", 3),
            "Your code ran past its time budget and was stopped after 1,234,567 draws.");
  EXPECT_EQ(sentence("error kind=throw line=3 column=5 draws=1\nboom", 3),
            "Your code threw an error at line 3, column 5 after 1 draw: boom");
}

TEST(UserCode, SourcesAreCheckedBeforeTheyRun) {
  EXPECT_TRUE(check_code_source("function shuffle(deck, rand) {\n\treturn deck;\n}\n"));
  auto bidi = check_code_source("let a = 1;\n// \u202Etxet\n");
  ASSERT_FALSE(bidi);
  EXPECT_NE(bidi.error().find("line 2, column 4"), std::string::npos) << bidi.error();
  auto big = check_code_source(std::string(kMaxCodeBytes + 1, ' '));
  ASSERT_FALSE(big);
  EXPECT_NE(big.error().find("8,193 bytes"), std::string::npos) << big.error();
  EXPECT_FALSE(check_code_source("\xff"));
}

TEST(UserCode, ATraceBecomesStepsWithItsSwapsHighlighted) {
  // Fisher-Yates on 3 cards with answers 0 then 1: swap(2, 0), then swap(1, 1).
  const std::string text =
      "trace n=3 draws=2\n"
      "d 3 0\nr 0\nr 2\nw 2 0\nw 0 2\n"
      "d 2 1\nr 1\nr 1\nw 1 1\nw 1 1\n"
      "deck 2 1 0\n";
  auto parsed = parse_code_result(text, 3);
  ASSERT_TRUE(parsed) << parsed.error();
  const CodeRecording rec = record_code_trace(std::get<CodeTrace>(parsed.value()));
  EXPECT_EQ(rec.total_steps(), 2u);
  EXPECT_FALSE(rec.returned_new_array);
  const CodeFrame first = code_frame(rec, 1);
  EXPECT_EQ(first.deck, (Deck{2, 1, 0}));
  EXPECT_EQ(first.before, (Deck{0, 1, 2}));
  ASSERT_TRUE(first.swap);
  EXPECT_EQ(*first.swap, std::make_pair(0u, 2u));
  EXPECT_EQ(first.caption, "rand(3) answered 0; read deck[0], deck[2]; wrote deck[2], deck[0]: cards 2 and 0 swapped places.");
  const CodeFrame second = code_frame(rec, 2);
  EXPECT_FALSE(second.swap);  // position 1 with itself: nothing moves
  EXPECT_EQ(second.draw_index, 1u);
  EXPECT_EQ(code_frame(rec, 99).step, 2u);
  EXPECT_EQ(code_frame(rec, 0).caption, "The deck before your code runs: cards 0 to 2 in order.");

  // A function that returns a new array: its last step is that array.
  auto returned = parse_code_result("trace n=3 draws=1\nd 2 1\nr 0\nr 1\nr 2\ndeck 2 0 1\n", 3);
  ASSERT_TRUE(returned);
  const CodeRecording sorted = record_code_trace(std::get<CodeTrace>(returned.value()));
  EXPECT_TRUE(sorted.returned_new_array);
  EXPECT_EQ(sorted.total_steps(), 2u);
  EXPECT_TRUE(code_frame(sorted, 2).returned);
  EXPECT_EQ(code_frame(sorted, 2).deck, (Deck{2, 0, 1}));
}

std::string result_command(std::uint64_t id, std::string_view text) {
  return "code_result=" + std::to_string(id) + ":" + percent_encode(text);
}

Result<bool> send(ShuffleSession& s, std::string_view command) { return s.apply(parse_lab_command(command)); }

TEST(UserCode, TheSessionAsksThePageAndShowsItsAnswers) {
  InlineJobRunner jobs;
  ShuffleLabState state{.n = 3};
  ShuffleSession s(state, jobs);
  EXPECT_EQ(s.code_request_json(), "");
  ASSERT_TRUE(send(s, "code_start=naive"));
  EXPECT_EQ(state.tab, "code");
  EXPECT_EQ(state.code, find_code_start("naive")->source);
  const std::string asked = s.code_request_json();
  EXPECT_NE(asked.find("\"id\":1,"), std::string::npos) << asked;
  EXPECT_NE(asked.find("\"mode\":\"trace\""), std::string::npos) << asked;
  // Naive swap, answers 2, 0, 1: swap(0,2) -> 2 1 0, swap(1,0) -> 1 2 0, swap(2,1) -> 1 0 2.
  const std::string trace = "trace n=3 draws=3\nd 3 2\nw 0 2\nw 2 0\nd 3 0\nw 1 2\nw 0 1\nd 3 1\nw 2 2\nw 1 0\ndeck 1 0 2\n";
  ASSERT_TRUE(send(s, result_command(1, trace)));
  EXPECT_EQ(s.view().code_frame->total_steps, 3u);
  EXPECT_NE(s.code_request_json().find("\"mode\":\"exact\""), std::string::npos);  // n <= 8: the exact matrix next
  EXPECT_FALSE(send(s, result_command(1, trace)).value());  // a late answer to an old request changes nothing
  ASSERT_TRUE(send(s, result_command(2, exact_text(kNaive, 3))));
  ASSERT_NE(s.view().code_matrix, nullptr);
  EXPECT_TRUE(s.view().code_matrix_exact);
  EXPECT_EQ(s.code_request_json(), "");
  const std::string json = s.describe_json();
  EXPECT_NE(json.find("\"counts\":[9,10,8,"), std::string::npos) << json;
  EXPECT_NE(json.find("\"reachable\":6,\"orders\":6,\"uniform\":false"), std::string::npos);
  const std::vector<CsvExport> csv = s.csv_exports();
  ASSERT_EQ(csv.size(), 1u);
  EXPECT_NE(csv[0].text.find("\n0,9,10,8"), std::string::npos) << csv[0].text;
  ASSERT_TRUE(send(s, "last"));
  EXPECT_EQ(state.t, 3u);
  EXPECT_EQ(s.view().code_frame->deck, (Deck{1, 0, 2}));

  // A failure keeps the last good result and says what went wrong.
  ASSERT_TRUE(send(s, "code=" + percent_encode("function shuffle(deck, rand) { while (true) {} }")));
  ASSERT_TRUE(send(s, result_command(3, "error kind=timeout line=0 column=0 draws=0\n")));
  EXPECT_EQ(s.code_request_json(), "");  // no exact run after a failed trace
  EXPECT_EQ(s.view().code->message(), "Your code ran past its time budget and was stopped after 0 draws.");
  EXPECT_NE(s.view().code_matrix, nullptr);
  EXPECT_TRUE(s.view().code_stale);

  // A source too long for a link is refused and the last one stays.
  const std::string before = state.code;
  EXPECT_FALSE(send(s, "code=" + std::string(100 * 1024, 'x')));
  EXPECT_EQ(state.code, before);
}

TEST(UserCode, CodeThatReadsMathRandomIsSampledInstead) {
  InlineJobRunner jobs;
  ShuffleLabState state{.n = 2, .shuffles = 3};
  ShuffleSession s(state, jobs);
  ASSERT_TRUE(send(s, "code=" + percent_encode("function shuffle(deck) { if (Math.random() < 0.5) deck.reverse(); }")));
  ASSERT_TRUE(send(s, "code_exact"));
  ASSERT_TRUE(send(s, result_command(2, "error kind=nondeterministic line=0 column=0 draws=1\n")));
  const std::string asked = s.code_request_json();
  EXPECT_NE(asked.find("\"mode\":\"sample\",\"decks\":3"), std::string::npos) << asked;
  EXPECT_NE(s.view().code->notice().find("sampled instead"), std::string::npos);
  ASSERT_TRUE(send(s, result_command(3, "sample n=2 decks=2 last=0\n0 1\n1 0\n")));
  EXPECT_FALSE(s.view().code->sample_done());
  ASSERT_TRUE(send(s, result_command(3, "sample n=2 decks=1 last=1\n1 0\n")));
  EXPECT_TRUE(s.view().code->sample_done());
  EXPECT_EQ(s.view().code->sample()->at(0, 1), 2u);
  EXPECT_EQ(s.code_request_json(), "");
}

// A finished sample goes through the Check lab's deck tests (core/code_deck_tests,
// as the app session attaches them; the tests run as a "deck_tests" job). Sattolo's decks of 4 cards are single
// 4-cycles: a uniform shuffle makes one in 6 of 24 orders, so 2,400 of them in
// a row is no chance, and no card ever stays (9 of 24 orders are derangements).
TEST(UserCode, ASampleGoesThroughTheCheckLabsDeckTests) {
  InlineJobRunner jobs;
  ShuffleLabState state{.n = 4, .shuffles = 2400};
  ShuffleSession s(state, jobs);
  CodeDeckTests tests(jobs);
  s.set_code_deck_tests(&tests);
  ASSERT_TRUE(send(s, "code=" + percent_encode("function shuffle(deck, rand) { /* sattolo */ }")));
  ASSERT_TRUE(send(s, "code_sample"));
  const std::string asked = s.code_request_json();
  ASSERT_NE(asked.find("\"mode\":\"sample\",\"decks\":2400"), std::string::npos) << asked;
  const std::size_t id_at = asked.find("\"id\":") + 5;
  const std::uint64_t id = std::stoull(asked.substr(id_at));
  // The six 4-cycles, written out by hand (deck[i] = the card at position i).
  const char* cycles[] = {"1 2 3 0", "1 3 0 2", "2 3 1 0", "2 0 3 1", "3 2 0 1", "3 0 1 2"};
  for (int chunk = 0; chunk < 2; ++chunk) {
    std::string text = "sample n=4 decks=1200 last=" + std::to_string(chunk) + "\n";
    for (int d = 0; d < 1200; ++d) text += std::string(cycles[d % 6]) + "\n";
    ASSERT_TRUE(send(s, result_command(id, text)));
  }
  // The tests are a job ("deck_tests", in the browser the worker's): busy until its report is in.
  EXPECT_EQ(s.code_deck_report(), nullptr);
  EXPECT_TRUE(s.busy());
  for (int frame = 0; frame < 10 && s.busy(); ++frame) s.tick(0.016);
  EXPECT_FALSE(s.busy());
  const DeckSampleReport* report = s.code_deck_report();
  ASSERT_NE(report, nullptr);
  EXPECT_TRUE(report->failed);
  EXPECT_NE(report->text.find("FAIL cycles of the permutation"), std::string::npos) << report->text;
  EXPECT_NE(report->text.find("FAIL fixed points"), std::string::npos) << report->text;
  EXPECT_NE(report->text.find("decks read: 2,400"), std::string::npos) << report->text;
  EXPECT_NE(s.describe_json().find("\"deckTests\":{\"failed\":true"), std::string::npos);
}

// Cancel drops the deck tests of a finished sample (a job); the sample's matrix stays.
TEST(UserCode, CancelDropsTheDeckTestsOfAFinishedSample) {
  InlineJobRunner jobs;
  ShuffleLabState state{.n = 3, .shuffles = 6};
  ShuffleSession s(state, jobs);
  CodeDeckTests tests(jobs);
  s.set_code_deck_tests(&tests);
  ASSERT_TRUE(send(s, "code=" + percent_encode("function shuffle(deck, rand) {}")));
  ASSERT_TRUE(send(s, "code_sample"));
  const std::string asked = s.code_request_json();
  const std::uint64_t id = std::stoull(asked.substr(asked.find("\"id\":") + 5));
  ASSERT_TRUE(send(s, result_command(id, "sample n=3 decks=6 last=1\n0 1 2\n0 2 1\n1 0 2\n1 2 0\n2 0 1\n2 1 0\n")));
  ASSERT_TRUE(s.busy());
  ASSERT_TRUE(send(s, "code_cancel"));
  for (int frame = 0; frame < 3; ++frame) s.tick(0.016);
  EXPECT_FALSE(s.busy());
  EXPECT_EQ(s.code_deck_report(), nullptr);
  EXPECT_EQ(tests.job().status.state, JobStatus::State::cancelled);
  EXPECT_EQ(s.view().code->sample()->total, 6u);
}

// A lesson step can be a code link ("fix this shuffle"): the step opens on the code.
TEST(UserCode, ALessonStepCanCarryCode) {
  const std::string naive = "function shuffle(deck, rand) {\n  for (let i = 0; i < deck.length; i++) {\n"
                            "    const j = rand(deck.length);\n    [deck[i], deck[j]] = [deck[j], deck[i]];\n  }\n}\n";
  const std::string lesson = "title\tFix this shuffle\n#v=1&lab=shuffle&n=3&tab=code&code=" + percent_encode(naive) +
                             "\tThis swap reaches 27 answer lists for 6 orders: make every order equally likely.\n";
  const auto tour = parse_tour_text(lesson);
  ASSERT_TRUE(tour) << tour.error();
  ASSERT_EQ(tour->steps.size(), 1u);
  const DecodedState opened = decode_fragment(tour->steps[0].link);
  EXPECT_TRUE(opened.notices.empty());
  EXPECT_EQ(opened.state.shuffle.code, naive);
  EXPECT_EQ(opened.state.shuffle.tab, "code");
}

TEST(UserCode, LinksCarryTheCode) {
  ShuffleLabState state{.n = 3, .tab = "code"};
  state.code = find_code_start("sort-comparator")->source;
  const std::string link = shuffle_lab_link(state);
  EXPECT_NE(link.find("&code=function%20shuffle%28deck%2C%20rand%29"), std::string::npos) << link;
  const FragmentPairs pairs = split_fragment(link);
  std::vector<std::string> notices;
  FieldReader fields(pairs, notices);
  ShuffleLabState opened;
  decode_shuffle_lab(fields, opened);
  EXPECT_TRUE(notices.empty());
  EXPECT_EQ(opened.code, state.code);
  EXPECT_EQ(opened.tab, "code");
  // Without code, nothing is written: older links keep their text.
  EXPECT_EQ(shuffle_lab_link(ShuffleLabState{}).find("code"), std::string::npos);
}

// Whole links: code up to the limit opens (past the usual 2048 characters), a
// 100 KB code= is refused whole, hidden characters drop the code with a notice.
TEST(UserCode, LinksWithCodeOpenUpToTheLimit) {
  const std::string head = "#v=1&lab=shuffle&n=3&tab=code&code=";
  const std::string longest = "//" + std::string(kMaxCodeBytes - 3, '(') + "\n";  // every '(' is %28: three times as long
  DecodedState opened = decode_fragment(head + percent_encode(longest));
  EXPECT_TRUE(opened.notices.empty()) << opened.notices.front();
  EXPECT_EQ(opened.state.shuffle.code, longest);
  DecodedState huge = decode_fragment(head + std::string(100 * 1024, 'x'));
  ASSERT_EQ(huge.notices.size(), 1u);
  EXPECT_NE(huge.notices[0].find("link ignored"), std::string::npos) << huge.notices[0];
  EXPECT_TRUE(huge.state.shuffle.code.empty());
  DecodedState hidden = decode_fragment(head + "let%20a%3B%20%2F%2F%20%E2%80%AE");
  ASSERT_EQ(hidden.notices.size(), 1u);
  EXPECT_EQ(hidden.notices[0], "code: line 1, column 11 holds an invisible control character (U+202E): the code was dropped");
  EXPECT_TRUE(hidden.state.shuffle.code.empty());
}

// A long source is written packed (codez=) when that is shorter, and opens the same;
// a damaged or oversized packed value drops the code with a notice naming codez.
TEST(UserCode, LongCodeTravelsPacked) {
  ShuffleLabState state;
  state.n = 5;
  state.tab = "code";
  for (int i = 0; i < 40; ++i) state.code += "  // step " + std::to_string(i) + ": swap deck[i] with deck[rand(i + 1)]\n";
  const std::string link = shuffle_lab_link(state);
  ASSERT_NE(link.find("&codez="), std::string::npos) << link;
  EXPECT_EQ(link.find("&code="), std::string::npos);
  EXPECT_LT(link.size(), percent_encode(state.code).size());
  DecodedState opened = decode_fragment(link);
  EXPECT_TRUE(opened.notices.empty()) << opened.notices.front();
  EXPECT_EQ(opened.state.shuffle.code, state.code);
  // A short source stays readable: code=.
  state.code = "function shuffle(deck, rand) {}\n";
  EXPECT_NE(shuffle_lab_link(state).find("&code="), std::string::npos);
  DecodedState damaged = decode_fragment("#v=1&lab=shuffle&n=3&tab=code&codez=AQAj");
  ASSERT_EQ(damaged.notices.size(), 1u);
  EXPECT_EQ(damaged.notices[0], "codez: byte 2 copies from before the text's start: a damaged link: the code was dropped");
  DecodedState bomb = decode_fragment("#v=1&lab=shuffle&n=3&tab=code&codez=" + pack_text(std::string(kMaxCodeBytes + 1, ' ')));
  ASSERT_EQ(bomb.notices.size(), 1u);
  EXPECT_EQ(bomb.notices[0], "codez: the packed text unpacks to more than 8192 bytes: the code was dropped");
}

}  // namespace
}  // namespace shufflelab
