// The shuffle lab's core: link codec, draw sources (generator x method),
// recordings and frames, bias jobs and exact laws, seed recovery.
// Independent sources: the tarot LFSR and its coin-flip roller re-implemented
// here from the article's pseudo code; shuffle.c via lin2003_deck (checked
// against the real glibc in tests/oracle); hand-enumerated draw lists; dates
// from Python's datetime; log2(52!) from Python's math.log2 sum.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <numeric>
#include <set>

#include "core/job_catalog.hpp"
#include "core/shuffle/shuffle_bias.hpp"
#include "core/shuffle/shuffle_lab.hpp"
#include "core/shuffle/shuffle_predict.hpp"
#include "core/shuffle/shuffle_source.hpp"
#include "core/url_state.hpp"

namespace shufflelab {
namespace {

using Deck = std::vector<std::uint32_t>;

ShuffleLabState decode(const std::string& fragment, std::vector<std::string>* notices_out = nullptr) {
  const FragmentPairs pairs = split_fragment(fragment);
  std::vector<std::string> notices;
  FieldReader fields(pairs, notices);
  ShuffleLabState state;
  decode_shuffle_lab(fields, state);
  if (notices_out) *notices_out = notices;
  return state;
}

std::string encode(const ShuffleLabState& state) {
  FieldWriter out;
  encode_shuffle_lab(state, out);
  return out.text();
}

DrawSource source_of(const DrawSourceSpec& spec, std::uint64_t max_bound) {
  auto made = DrawSource::make(spec, max_bound);
  EXPECT_TRUE(made) << made.error();
  return std::move(made.value());
}

DrawMethod method_named(std::string_view name) { return parse_draw_method("method", name).value(); }

// ---- Codec ------------------------------------------------------------------

TEST(ShuffleLabCodec, DefaultsAndEditedStatesRoundTrip) {
  ShuffleLabState edited;
  edited.algo = "partial";
  edited.n = 78;
  edited.take = 9;
  edited.keys = 7;
  edited.gen = "tarot32";
  edited.seed = 0xCAFEF00D;
  edited.method = "fdr-tarot";
  edited.bits = 8;
  edited.warmup = 3;
  edited.t = 40;
  edited.faces = "numbers";
  edited.tab = "bias";
  edited.shuffles = 12345;
  edited.time = 1234567890;
  edited.guess = 1234560000;
  edited.window = "week";
  ShuffleLabState lin;
  lin.algo = "lin2003";
  lin.seed = 1044362711;
  lin.t = 51;
  for (const ShuffleLabState& s : {ShuffleLabState{}, edited, lin}) {
    std::vector<std::string> notices;
    EXPECT_EQ(decode(encode(s), &notices), s) << encode(s);
    EXPECT_TRUE(notices.empty()) << notices.front();
  }
  // shuffle.c's link names only what matters: its generator and method are fixed.
  EXPECT_EQ(encode(lin), "&algo=lin2003&n=52&seed=1044362711&t=51");
}

TEST(ShuffleLabCodec, WholeFragmentThroughTheAppCodec) {
  const DecodedState d = decode_fragment("#v=1&lab=shuffle&algo=naive&n=3&gen=pcg32&seed=9&method=fdr&bits=32&t=2");
  EXPECT_TRUE(d.notices.empty());
  EXPECT_EQ(d.state.lab, LabId::shuffle);
  EXPECT_EQ(d.state.shuffle.algo, "naive");
  EXPECT_EQ(d.state.shuffle.n, 3u);
  EXPECT_EQ(d.state.shuffle.gen, "pcg32");
  EXPECT_EQ(d.state.shuffle.method, "fdr");
  EXPECT_EQ(encode_fragment(d.state), "#v=1&lab=shuffle&algo=naive&n=3&gen=pcg32&seed=9&method=fdr&bits=32&t=2");
}

TEST(ShuffleLabCodec, TheTabBarsTabsAreTheLinksTabs) {
  for (const ShuffleTab& tab : kShuffleTabs) {
    std::vector<std::string> notices;
    EXPECT_EQ(decode("tab=" + std::string(tab.id), &notices).tab, tab.id);
    EXPECT_TRUE(notices.empty());
    EXPECT_TRUE(is_shuffle_tab(tab.id));
  }
  std::vector<std::string> notices;
  EXPECT_EQ(decode("tab=cards", &notices).tab, "animate");
  EXPECT_EQ(notices.size(), 1u);
  EXPECT_FALSE(is_shuffle_tab("cards"));
}

TEST(ShuffleLabCodec, BadFieldsKeepDefaultsWithANotice) {
  for (const char* bad : {"algo=bogo", "n=0", "n=1001", "gen=mt19937", "method=dice", "bits=65", "seed=-1",
                          "t=x", "faces=emoji", "tab=zz", "window=year", "warmup=5000"}) {
    std::vector<std::string> notices;
    EXPECT_EQ(decode(bad, &notices), ShuffleLabState{}) << bad;
    EXPECT_EQ(notices.size(), 1u) << bad;
  }
}

TEST(ShuffleLabCodec, ImpossibleCombinationsAreRepaired) {
  std::vector<std::string> notices;
  // 4-bit words cannot hold 52 values: bits go back to the generator's native width.
  ShuffleLabState s = decode("n=52&gen=tarot32&seed=1&method=modulo&bits=4", &notices);
  EXPECT_EQ(notices.size(), 1u);
  EXPECT_EQ(s.bits, 8u);
  EXPECT_EQ(s.method, "modulo");
  // A zero register is refused by the LFSR: the seed goes back to the generator's default.
  s = decode("gen=tarot32&seed=0&bits=8", &notices);
  EXPECT_EQ(s.seed, 0xDEADBEEFu);
  // take beyond n is cut to n.
  s = decode("algo=partial&n=3", &notices);
  EXPECT_EQ(s.take, 3u);
  EXPECT_TRUE(make_shuffle_setup(s));
  // srand() takes 32 bits.
  s = decode("algo=lin2003&seed=4294967296", &notices);
  EXPECT_TRUE(make_shuffle_setup(s));
}

// ---- Draw sources -------------------------------------------------------------

// The article's LFSR(): shift the 32 bits right, XOR CF into the top byte when
// a 1 falls out, 8 times; return the top byte.
struct ArticleLfsr {
  std::uint32_t bits;
  std::uint32_t next() {
    for (int k = 0; k < 8; ++k) {
      const bool out = bits & 1;
      bits >>= 1;
      if (out) bits ^= 0xCFu << 24;
    }
    return bits >> 24;
  }
};

// The article's coinFlip() and getRandomNumber() for 0..top.
struct ArticleRoller {
  ArticleLfsr lfsr;
  std::uint32_t remaining = 0, rng = 0;
  std::uint32_t flip() {
    if (remaining == 0) rng = lfsr.next(), remaining = 8;
    const std::uint32_t result = rng & 1;
    rng >>= 1;
    --remaining;
    return result;
  }
  std::uint32_t number(std::uint32_t top) {
    std::uint32_t v = 1, c = 0;
    for (;;) {
      v *= 2;
      c = c * 2 + flip();
      if (v > top) {
        if (c <= top) return c;
        v -= top;
        c -= top;
      }
    }
  }
};

TEST(ShuffleSource, TarotBytesAreTheArticlesLfsrOutput) {
  DrawSource source = source_of({"tarot32", 0xDEADBEEF, method_named("modulo"), 8, 0}, 256);
  ArticleLfsr lfsr{0xDEADBEEF};
  for (int k = 0; k < 3000; ++k) ASSERT_EQ(source(256), lfsr.next()) << k;  // crosses the 1024-byte buffer
}

TEST(ShuffleSource, TarotRollerAsPrintedMatchesTheArticle) {
  DrawSource source = source_of({"tarot32", 0x12345678, method_named("fdr-tarot"), 8, 0}, 78);
  ArticleRoller roller{{0x12345678}};
  for (int k = 0; k < 2000; ++k) {
    const std::uint32_t bound = 78 - static_cast<std::uint32_t>(k % 77);  // 78 .. 2
    ASSERT_EQ(source(bound), roller.number(bound - 1)) << k;
  }
}

TEST(ShuffleSource, CoinRollersAgreeWithFdrHpp) {
  for (FdrVariant variant : {FdrVariant::published, FdrVariant::tarot}) {
    const DrawMethod method{DrawMethod::Kind::fdr, RangeMethod::lemire, variant};
    DrawSource source = source_of({"splitmix64", 99, method, 64, 0}, 1000);
    SplitMix64 words{99};
    CoinsFromWords coins([&words] { return words.next(); }, 64);
    for (std::uint32_t k = 0; k < 3000; ++k) {
      const std::uint32_t bound = 2 + (k * 37) % 999;
      ASSERT_EQ(source(bound), FastDiceRoller::make(bound, variant)->draw(coins)) << k;
    }
  }
}

TEST(ShuffleSource, WordsAreTheTopBitsOfConsecutiveOutputs) {
  // glibc, 40-bit words: two rand() outputs (62 bits), keep the top 40.
  DrawSource source = source_of({"glibc", 77, method_named("modulo"), 40, 0}, 52);
  std::vector<DrawInput> trace;
  source.set_trace(&trace);
  GlibcRand rand(77);
  for (int k = 0; k < 20; ++k) source(52);
  ASSERT_EQ(trace.size(), 20u);
  for (const DrawInput& in : trace) {
    const std::uint64_t hi = static_cast<std::uint64_t>(rand.next()), lo = static_cast<std::uint64_t>(rand.next());
    EXPECT_EQ(in.value, ((hi << 31) | lo) >> 22);
    EXPECT_EQ(in.kind, DrawInput::Kind::word);
  }
  // SplitMix64 with 20-bit words: its top 20 bits.
  DrawSource split = source_of({"splitmix64", 5, method_named("modulo"), 20, 0}, 52);
  split.set_trace(&trace);
  trace.clear();
  SplitMix64 reference{5};
  split(52);
  EXPECT_EQ(trace.at(0).value, reference.next() >> 44);
}

TEST(ShuffleSource, DeterministicAndTheSameOnBothPaths) {
  for (const ShuffleGeneratorInfo& g : shuffle_generators()) {
    const std::string gen(g.name);
    for (const char* method : {"modulo", "float", "lemire", "reject", "fdr", "fdr-tarot", "maxu8-article"}) {
      const DrawSourceSpec spec{gen, g.default_seed, method_named(method), std::min(g.native_bits, 53u), 2};
      DrawSource a = source_of(spec, 52), b = source_of(spec, 52), c = source_of(spec, 52);
      Deck from_calls, from_run, again;
      for (std::uint32_t k = 0; k < 300; ++k) from_calls.push_back(a(52 - k % 51));
      b.run([&](auto& draw) {
        for (std::uint32_t k = 0; k < 300; ++k) from_run.push_back(draw(52 - k % 51));
      });
      for (std::uint32_t k = 0; k < 300; ++k) again.push_back(c(52 - k % 51));
      EXPECT_EQ(from_calls, from_run) << gen << " " << method;
      EXPECT_EQ(from_calls, again) << gen << " " << method;
      for (std::uint32_t k = 0; k < 300; ++k) ASSERT_LT(from_calls[k], 52 - k % 51);
    }
  }
  // A different seed gives different draws.
  DrawSource one = source_of({"splitmix64", 1, method_named("lemire"), 64, 0}, 52);
  DrawSource two = source_of({"splitmix64", 2, method_named("lemire"), 64, 0}, 52);
  Deck d1, d2;
  for (int k = 0; k < 20; ++k) d1.push_back(one(52)), d2.push_back(two(52));
  EXPECT_NE(d1, d2);
}

TEST(ShuffleSource, RefusesWhatCannotRun) {
  EXPECT_FALSE(DrawSource::make({"nope", 1, {}, 64, 0}, 52));
  EXPECT_FALSE(DrawSource::make({"tarot32", 0, method_named("modulo"), 8, 0}, 52));        // zero register
  EXPECT_FALSE(DrawSource::make({"glibc", 1ull << 32, method_named("modulo"), 31, 0}, 52));  // srand takes 32 bits
  EXPECT_FALSE(DrawSource::make({"splitmix64", 1, method_named("modulo"), 5, 0}, 52));      // 32 < 52
  EXPECT_FALSE(DrawSource::make({"splitmix64", 1, method_named("float"), 64, 0}, 52));      // double divide
  EXPECT_FALSE(DrawSource::make({"splitmix64", 1, method_named("modulo"), 0, 0}, 52));
  EXPECT_TRUE(DrawSource::make({"splitmix64", 1, method_named("fdr"), 1, 0}, 1000));        // flips need 1 bit
}

TEST(ShuffleSource, ShuffleCIsGlibcFloat31WithFourWarmups) {
  for (std::uint32_t seed : {0u, 1u, 1044362711u, 4294967295u}) {
    ShuffleLabState state;
    state.algo = "lin2003";
    state.seed = seed;
    auto setup = make_shuffle_setup(state);
    ASSERT_TRUE(setup) << setup.error();
    auto rec = record_lab_shuffle(*setup);
    ASSERT_TRUE(rec) << rec.error();
    EXPECT_EQ(rec->final_deck, lin2003_deck(seed, 52)) << seed;
    EXPECT_EQ(deck_at_step(rec->recording, 51), lin2003_deck(seed, 52));
    EXPECT_EQ(rec->words_read, rec->inputs.size());  // one rand() per input, none buffered
    // The same words as shuffle.c's rand() calls, the first four thrown away.
    GlibcRand rand(seed);
    ASSERT_GE(rec->inputs.size(), 55u);
    for (std::size_t k = 0; k < rec->inputs.size(); ++k) {
      EXPECT_EQ(rec->inputs[k].value, static_cast<std::uint64_t>(rand.next()));
      EXPECT_EQ(rec->inputs[k].kind, k < 4 ? DrawInput::Kind::discarded : DrawInput::Kind::word);
    }
  }
}

// ---- Recording and frames ---------------------------------------------------

TEST(ShuffleLabFrames, EveryAlgorithmReplaysToItsFinalDeck) {
  for (const char* algo : {"fisher-yates", "pencil", "pdep", "sattolo", "naive", "sort-keys", "partial"}) {
    for (std::uint32_t n : {1u, 2u, 52u, 78u, 130u}) {
      ShuffleLabState state;
      state.algo = algo;
      state.n = n;
      state.take = std::min(5u, n);
      auto setup = make_shuffle_setup(state);
      ASSERT_TRUE(setup) << setup.error();
      auto rec = record_lab_shuffle(*setup);
      ASSERT_TRUE(rec);
      DrawSource fresh = source_of(setup->source, std::max({n, state.keys, 1u}));
      EXPECT_EQ(rec->final_deck, shuffle_fast(setup->spec, fresh)) << algo << " " << n;
      const ShuffleFrame last = shuffle_frame(*rec, card_faces(state), 1u << 30);
      EXPECT_EQ(last.step, rec->total_steps());
      EXPECT_EQ(last.deck, rec->final_deck);
      for (std::uint32_t t = 1; t <= rec->total_steps(); t += std::max(1u, rec->total_steps() / 7)) {
        const ShuffleFrame f = shuffle_frame(*rec, card_faces(state), t);
        EXPECT_EQ(f.before, deck_at_step(rec->recording, t - 1));
        const bool arranging = std::string(algo) == "sort-keys" && t > n;  // sorting steps draw nothing
        ASSERT_EQ(f.draw.has_value(), !arranging);
        if (f.draw) {
          EXPECT_LT(f.draw->a, f.draw->b);
        }
        if (arranging) {
          EXPECT_EQ(f.moves.size(), 1u);
        }
        EXPECT_FALSE(f.caption.empty());
        if (std::string(algo) == "pdep") {
          ASSERT_TRUE(f.pdep.has_value());
          // PDEP of ~(1 << r) into the set clears exactly the r-th remaining card, which is the one placed.
          EXPECT_EQ(f.pdep->set_before & ~f.pdep->set_after, std::uint64_t{1} << (f.pdep->card % 64));
          EXPECT_EQ(f.pdep->set_before ^ f.pdep->set_after, std::uint64_t{1} << (f.pdep->card % 64));
          EXPECT_EQ(f.deck[t - 1], f.pdep->card);
          EXPECT_EQ(std::popcount(f.pdep->set_before & ((std::uint64_t{1} << (f.pdep->card % 64)) - 1)),
                    static_cast<int>(f.pdep->rank_in_word));
        }
      }
    }
  }
}

TEST(ShuffleLabFrames, TheBoundaryFollowsTheArticlesPivot) {
  ShuffleLabState state;  // Fisher-Yates from the top, 52 cards
  auto rec = record_lab_shuffle(make_shuffle_setup(state).value()).value();
  ShuffleFrame f = shuffle_frame(rec, CardFaces::standard, 0);
  EXPECT_EQ(f.pivot, 51);
  EXPECT_EQ(f.settled_begin, 52u);
  f = shuffle_frame(rec, CardFaces::standard, 10);
  EXPECT_EQ(f.pivot, 41);  // the next swap is at position 41
  EXPECT_EQ(f.settled_begin, 42u);
  EXPECT_EQ(f.settled_end, 52u);
  EXPECT_EQ(f.draw->c, 42u);  // step 10 swapped position 42
  f = shuffle_frame(rec, CardFaces::standard, 51);
  EXPECT_EQ(f.pivot, -1);
  EXPECT_EQ(f.settled_begin, 0u);
}

TEST(ShuffleLabCards, NamesOfTheStandardAndTarotDecks) {
  // One Chip's numbering (its article): rank = card >> 2 counting from "2",
  // suit = card & 3 in the order hearts, diamonds, clubs, spades (suit + 3 is
  // the PC console's code for the suit symbol: 3 heart .. 6 spade).
  //   0 = 0b000000: rank 0 (Two), suit 0: Two of Hearts
  //  24 = 0b011000: rank 6 (Eight), suit 0: Eight of Hearts
  //  45 = 0b101101: rank 11 (King), suit 1: King of Diamonds
  //  51 = 0b110011: rank 12 (Ace), suit 3: Ace of Spades
  //  25: suit 1, diamonds, red; 26: suit 2, clubs, black.
  EXPECT_EQ(card_face(CardFaces::standard, 0).name, "Two of Hearts");
  EXPECT_EQ(card_face(CardFaces::standard, 24).name, "Eight of Hearts");
  EXPECT_EQ(card_face(CardFaces::standard, 45).name, "King of Diamonds");
  EXPECT_EQ(card_face(CardFaces::standard, 51).name, "Ace of Spades");
  EXPECT_EQ(card_face(CardFaces::standard, 51).corner, "A");
  EXPECT_TRUE(card_face(CardFaces::standard, 25).red);
  EXPECT_FALSE(card_face(CardFaces::standard, 26).red);
  EXPECT_EQ(card_face(CardFaces::tarot, 0).name, "The Fool");
  EXPECT_EQ(card_face(CardFaces::tarot, 8).name, "Strength");
  EXPECT_EQ(card_face(CardFaces::tarot, 18).corner, "XVIII");
  EXPECT_EQ(card_face(CardFaces::tarot, 21).name, "The World");
  EXPECT_EQ(card_face(CardFaces::tarot, 22).name, "Ace of Wands");
  EXPECT_EQ(card_face(CardFaces::tarot, 77).name, "King of Pentacles");
  EXPECT_EQ(card_face(CardFaces::numbers, 999).corner, "999");
  std::set<std::string> names;
  for (std::uint32_t c = 0; c < 78; ++c) names.insert(card_face(CardFaces::tarot, c).name);
  EXPECT_EQ(names.size(), 78u);
}

// ---- Reachable decks ---------------------------------------------------------------

TEST(ShuffleLabReach, FiftyTwoCardsOutgrowEverySeedSpace) {
  // log2(52!) = sum of log2 k for k = 2..52 = 225.58 (52! = 8.0658e67, and
  // 67.9066 / log10(2) = 225.58). splitmix64 has 2^64 seeds and a 64-bit
  // state, no row reaches 225.58, so the longest bar is log2(52!) itself.
  const ReachView v = reach_view(ShuffleLabState{});
  EXPECT_NEAR(v.log2_orders, 225.58, 0.005);
  EXPECT_DOUBLE_EQ(v.bar_scale, v.log2_orders);
  EXPECT_DOUBLE_EQ(v.bar_fraction(v.log2_orders), 1.0);
  EXPECT_NEAR(v.log2_seeds, 64.0, 1e-9);
  EXPECT_TRUE(v.seeds_fall_short);
  EXPECT_NEAR(v.log2_reached_fraction, 64.0 - 225.58, 0.005);
}

TEST(ShuffleLabReach, GlibcStateIsTheLongestBar) {
  // shuffle.c: srand() takes a 32-bit unsigned int (about 2^32 seeds), but
  // glibc's TYPE_3 state is 31 words of 32 bits = 992 bits, longer than
  // log2(52!) = 225.58: that row sets the scale.
  ShuffleLabState s;
  s.algo = "lin2003";
  const ReachView v = reach_view(s);
  EXPECT_NEAR(v.log2_seeds, 32.0, 1e-6);
  EXPECT_DOUBLE_EQ(v.bar_scale, 992.0);
  EXPECT_NEAR(v.bar_fraction(v.log2_orders), 225.58 / 992.0, 1e-5);
}

TEST(ShuffleLabReach, ThreeCardsAreFewerThanTheSeeds) {
  // log2(3!) = log2 6 = 2.585; the seed spaces are far longer, so the longest
  // bar is the largest seed space and 3! is a sliver of it.
  ShuffleLabState s;
  s.n = 3;
  const ReachView v = reach_view(s);
  EXPECT_NEAR(v.log2_orders, std::log2(6.0), 1e-12);
  EXPECT_FALSE(v.seeds_fall_short);
  double longest = 0;
  for (const SeedSpaceRow& r : v.rows) longest = std::max(longest, r.log2_count);
  EXPECT_DOUBLE_EQ(v.bar_scale, longest);
  EXPECT_LT(v.bar_fraction(v.log2_orders), 0.1);
}

// ---- Setup keys -------------------------------------------------------------------

TEST(ShuffleLabKeys, SetupKeyFollowsOnlyTheShuffleSetup) {
  ShuffleLabState a;
  ShuffleLabState b = a;
  b.t = 7, b.tab = "bias", b.shuffles = 5, b.time = 1, b.guess = 2, b.window = "day", b.lanes = true;
  EXPECT_EQ(shuffle_setup_key(a), shuffle_setup_key(b));  // view fields only
  for (auto edit : {+[](ShuffleLabState& s) { s.algo = "sattolo"; }, +[](ShuffleLabState& s) { s.n = 51; },
                    +[](ShuffleLabState& s) { s.take = 6; }, +[](ShuffleLabState& s) { s.keys = 99; },
                    +[](ShuffleLabState& s) { s.gen = "pcg32"; }, +[](ShuffleLabState& s) { s.seed = 2; },
                    +[](ShuffleLabState& s) { s.method = "modulo"; }, +[](ShuffleLabState& s) { s.bits = 32; },
                    +[](ShuffleLabState& s) { s.warmup = 4; }}) {
    ShuffleLabState c = a;
    edit(c);
    EXPECT_NE(shuffle_setup_key(a), shuffle_setup_key(c));
  }
}

TEST(ShuffleLabKeys, PredictKeyFollowsOnlyTimeGuessAndWindow) {
  ShuffleLabState a;
  ShuffleLabState b = a;
  b.algo = "naive", b.n = 10, b.seed = 9, b.tab = "predict";
  EXPECT_EQ(predict_setup_key(a), predict_setup_key(b));
  b = a, b.time = a.time + 1;
  EXPECT_NE(predict_setup_key(a), predict_setup_key(b));
  b = a, b.guess = a.guess + 1;
  EXPECT_NE(predict_setup_key(a), predict_setup_key(b));
  b = a, b.window = "week";
  EXPECT_NE(predict_setup_key(a), predict_setup_key(b));
}

// ---- Bias ---------------------------------------------------------------------

std::vector<double> run_job(const std::string& kind, const std::string& params, std::uint64_t slice) {
  auto job = make_job(kind, params);
  EXPECT_TRUE(job) << job.error();
  if (!job) return {};
  run_job_to_end(*job.value(), slice, [](double) {});
  return job.value()->result();
}

TEST(ShuffleBias, EmpiricalJobEqualsDirectEmpiricalBias) {
  ShuffleLabState state;
  state.n = 10;
  state.gen = "tarot32";
  state.seed = 0xDEADBEEF;
  state.method = "fdr-tarot";
  state.bits = 8;
  state.shuffles = 3000;
  const auto result = run_job("shuffle_bias", shuffle_bias_job_params(state, BiasMode::empirical), 777);
  auto matrix = bias_matrix_from_result(result);
  ASSERT_TRUE(matrix) << matrix.error();
  const ShuffleSetup setup = make_shuffle_setup(state).value();
  DrawSource source = source_of(setup.source, 10);
  EmpiricalBias direct(setup.spec, 3000);
  direct.run(source, 3000);
  EXPECT_EQ(matrix->total, 3000u);
  EXPECT_EQ(matrix->counts, direct.matrix().counts);
}

TEST(ShuffleBias, Lin2003JobRunsOneSrandPerShuffle) {
  ShuffleLabState state;
  state.algo = "lin2003";
  state.n = 6;
  state.seed = 4294967290u;  // wraps past 2^32 - 1, as (unsigned) time(NULL) + m would
  state.shuffles = 12;
  auto matrix = bias_matrix_from_result(run_job("shuffle_bias", shuffle_bias_job_params(state, BiasMode::empirical), 5));
  ASSERT_TRUE(matrix);
  BiasMatrix direct(6);
  for (std::uint32_t m = 0; m < 12; ++m) direct.add(lin2003_deck(4294967290u + m, 6));
  EXPECT_EQ(matrix->counts, direct.counts);
}

// The naive swap for n = 3, enumerated here: for i = 0, 1, 2 swap positions i and d_i.
TEST(ShuffleBias, NaiveThreeExactMatchesTheEnumeration) {
  std::array<std::array<std::uint64_t, 3>, 3> expected{};
  for (std::uint32_t d0 = 0; d0 < 3; ++d0)
    for (std::uint32_t d1 = 0; d1 < 3; ++d1)
      for (std::uint32_t d2 = 0; d2 < 3; ++d2) {
        std::array<std::uint32_t, 3> deck{0, 1, 2};
        std::swap(deck[0], deck[d0]);
        std::swap(deck[1], deck[d1]);
        std::swap(deck[2], deck[d2]);
        for (std::uint32_t p = 0; p < 3; ++p) ++expected[p][deck[p]];
      }
  // Written out: rows are positions, columns cards.
  EXPECT_EQ(expected[0], (std::array<std::uint64_t, 3>{9, 10, 8}));
  EXPECT_EQ(expected[1], (std::array<std::uint64_t, 3>{9, 8, 10}));
  EXPECT_EQ(expected[2], (std::array<std::uint64_t, 3>{9, 9, 9}));
  ShuffleLabState state;
  state.algo = "naive";
  state.n = 3;
  auto matrix = bias_matrix_from_result(run_job("shuffle_bias", shuffle_bias_job_params(state, BiasMode::exact), 4));
  ASSERT_TRUE(matrix);
  EXPECT_EQ(matrix->total, 27u);
  for (std::uint32_t p = 0; p < 3; ++p)
    for (std::uint32_t c = 0; c < 3; ++c) EXPECT_EQ(matrix->at(p, c), expected[p][c]);
}

TEST(ShuffleBias, SattoloNeverLeavesACardInPlace) {
  ShuffleLabState state;
  state.algo = "sattolo";
  state.n = 5;
  auto matrix = bias_matrix_from_result(run_job("shuffle_bias", shuffle_bias_job_params(state, BiasMode::exact), 1000));
  ASSERT_TRUE(matrix);
  EXPECT_EQ(matrix->total, 24u);  // (n-1)! cycles
  for (std::uint32_t p = 0; p < 5; ++p) {
    EXPECT_EQ(matrix->at(p, p), 0u);
    for (std::uint32_t c = 0; c < 5; ++c) {
      if (c != p) {
        EXPECT_EQ(matrix->at(p, c), 6u);  // each off-diagonal card equally: 24 / 4
      }
    }
  }
}

TEST(ShuffleBias, AComparatorSortsLawJobIsItsExactJob) {
  const auto law = run_job("shuffle_bias", comparator_law_job_params(ShuffleAlgo::CmpMerge, 4), 100);
  EXPECT_EQ(law, run_job("shuffle_bias", "algo=cmp-merge&n=4&mode=exact", 100));
  auto matrix = bias_matrix_from_result(law);
  ASSERT_TRUE(matrix) << matrix.error();
  EXPECT_EQ(matrix->n, 4u);
}

TEST(ShuffleBias, JobsRefuseWhatTheyCannotDo) {
  EXPECT_FALSE(make_job("shuffle_bias", "algo=naive&n=101&mode=empirical"));
  EXPECT_FALSE(make_job("shuffle_bias", "algo=naive&n=20&mode=exact"));  // 20^20 lists
  EXPECT_FALSE(make_job("shuffle_bias", "algo=naive&n=3&bits=99&mode=exact"));
  EXPECT_FALSE(make_job("shuffle_seed_search", "cards=1,2&from=0"));
  EXPECT_FALSE(make_job("shuffle_seed_search", "cards=1,99&n=52&from=0&count=10"));
}

// Fisher-Yates on 3 cards with modulo on 2-bit words: the 16 word pairs are
// equally likely; draw 1 = w1 % 3 (values 0,1,2,0), draw 2 = w2 % 2.
TEST(ShuffleBias, LawExactWeighsTheMethodsBias) {
  std::array<std::array<std::uint64_t, 3>, 3> expected{};
  for (std::uint32_t w1 = 0; w1 < 4; ++w1)
    for (std::uint32_t w2 = 0; w2 < 4; ++w2) {
      std::array<std::uint32_t, 3> deck{0, 1, 2};
      std::swap(deck[2], deck[w1 % 3]);
      std::swap(deck[1], deck[w2 % 2]);
      for (std::uint32_t p = 0; p < 3; ++p) ++expected[p][deck[p]];
    }
  ShuffleLabState state;
  state.n = 3;
  state.method = "modulo";
  state.bits = 2;
  auto law = law_exact_bias(make_shuffle_setup(state).value());
  ASSERT_TRUE(law) << law.error();
  for (std::uint32_t p = 0; p < 3; ++p)
    for (std::uint32_t c = 0; c < 3; ++c)
      EXPECT_EQ(law->probability(p, c), Fraction(expected[p][c], 16)) << p << "," << c;
  EXPECT_EQ(law->probability(2, 0), Fraction(1, 2));  // card 0 lands on top half the time
}

// The tarot roller as printed with n = 3 (subtract 2 on overshoot): two flips
// give c in 0..3; 0, 1 and 2 are answers; 3 becomes c = 1 on v = 2, and the
// next flip gives 2 (answer) or 3 (again). So P = 1/4, 1/4, 1/2. With n = 2 it
// is one fair flip. Fisher-Yates on 3 cards: the first draw picks the card for
// the top, the second swaps positions 1 and 0 or not.
TEST(ShuffleBias, LawExactOfTheTarotRoller) {
  ShuffleLabState state;
  state.n = 3;
  state.method = "fdr-tarot";
  state.gen = "tarot32";
  state.seed = 1;
  state.bits = 8;
  auto law = law_exact_bias(make_shuffle_setup(state).value());
  ASSERT_TRUE(law) << law.error();
  const std::array<Fraction, 3> top{Fraction(1, 4), Fraction(1, 4), Fraction(1, 2)};  // card 0, 1, 2 on top
  for (std::uint32_t c = 0; c < 3; ++c) EXPECT_EQ(law->probability(2, c), top[c]);
  // Position 0 holds either remaining card with probability 1/2 each: P(card c at 0) = (1 - top[c]) / 2.
  EXPECT_EQ(law->probability(0, 0), Fraction(3, 8));
  EXPECT_EQ(law->probability(0, 2), Fraction(1, 4));
  // Unbiased rollers and methods weigh every Fisher-Yates list the same.
  for (const char* method : {"fdr", "lemire", "reject"}) {
    state.method = method;
    auto fair = law_exact_bias(make_shuffle_setup(state).value());
    ASSERT_TRUE(fair);
    for (std::uint32_t p = 0; p < 3; ++p)
      for (std::uint32_t c = 0; c < 3; ++c) EXPECT_EQ(fair->probability(p, c), Fraction(1, 3)) << method;
  }
}

TEST(ShuffleBias, LawJobEqualsTheDirectEnumeration) {
  ShuffleLabState state;
  state.algo = "naive";
  state.n = 4;
  state.gen = "tarot32";
  state.seed = 1;
  state.method = "fdr-tarot";
  state.bits = 8;
  auto direct = law_exact_bias(make_shuffle_setup(state).value());
  ASSERT_TRUE(direct);
  EXPECT_EQ(direct->lists, 256u);  // 4^4, every value of the n = 4 roller can come out
  // Through make_job in small slices, and back from the doubles the worker would post.
  auto decoded = law_bias_from_result(run_job("shuffle_bias", shuffle_bias_job_params(state, BiasMode::law), 9));
  ASSERT_TRUE(decoded) << decoded.error();
  EXPECT_EQ(decoded->total, direct->total);
  EXPECT_EQ(decoded->weights, direct->weights);
  EXPECT_EQ(decoded->lists, direct->lists);
  // Every row sums to the total: each position holds some card.
  for (std::uint32_t p = 0; p < 4; ++p) {
    BigUint row;
    for (std::uint32_t c = 0; c < 4; ++c) row += direct->weights[p * 4 + c];
    EXPECT_EQ(row, direct->total);
  }
  // Truncated or padded encodings are refused.
  auto doubles = law_bias_to_doubles(*direct);
  doubles.pop_back();
  EXPECT_FALSE(law_bias_from_result(doubles));
  doubles.push_back(0);
  doubles.push_back(0);
  EXPECT_FALSE(law_bias_from_result(doubles));
  // mulhi-minus1 never gives n-1: lists using it weigh nothing and are not counted.
  state.method = "mulhi-minus1";
  state.algo = "fisher-yates";
  state.n = 3;
  auto skewed = law_exact_bias(make_shuffle_setup(state).value());
  ASSERT_TRUE(skewed);
  EXPECT_EQ(skewed->lists, 2u);  // draw 1 in {0, 1} (never 2), draw 2 always 0 (never 1)
  EXPECT_EQ(skewed->probability(2, 2), Fraction(0, 1));  // the top card is never left in place
}

TEST(ShuffleBias, SummaryAndScale) {
  ShuffleLabState state;
  state.n = 4;
  auto fair = bias_matrix_from_result(run_job("shuffle_bias", shuffle_bias_job_params(state, BiasMode::exact), 64));
  ASSERT_TRUE(fair);
  const BiasSummary s = summarize_bias(*fair);
  EXPECT_EQ(s.max_relative_deviation, 0.0);
  EXPECT_EQ(s.chi_square, 0.0);
  EXPECT_EQ(s.degrees_of_freedom, 9.0);
  // A matrix with one row off: counts (10, 6, 8, 8) in a row of 32 -> deviations 0.25.
  BiasMatrix m(2);
  m.counts = {5, 3, 3, 5};
  m.total = 8;
  const BiasSummary t = summarize_bias(m);
  EXPECT_DOUBLE_EQ(t.max_relative_deviation, 0.25);
  // Pearson: 4 cells of 1/4 each = 1, times (n-1)/n = 1/2.
  EXPECT_DOUBLE_EQ(t.chi_square, 0.5);
  EXPECT_DOUBLE_EQ(nice_limit(0.013), 0.02);
  EXPECT_DOUBLE_EQ(nice_limit(0.3), 0.5);
  EXPECT_DOUBLE_EQ(nice_limit(1.0), 1.0);
  EXPECT_DOUBLE_EQ(nice_limit(6.0), 10.0);
}

// ---- Reachable decks and prediction -----------------------------------------

TEST(ShuffleLabReach, Log2FactorialAndSeedSpaces) {
  EXPECT_NEAR(log2_factorial(52), 225.58100312370277, 1e-9);  // Python: sum(math.log2(k) for k in 2..52)
  EXPECT_EQ(log2_factorial(1), 0.0);
  EXPECT_DOUBLE_EQ(log2_factorial(3), std::log2(6.0));
  ShuffleLabState state;
  state.algo = "lin2003";
  const auto rows = seed_space_rows(state);
  ASSERT_FALSE(rows.empty());
  EXPECT_TRUE(rows[0].current);
  EXPECT_NEAR(rows[0].log2_count, 32.0, 1e-9);
  bool year = false;
  for (const auto& row : rows)
    if (row.label.find("one year") != std::string::npos) {
      year = true;
      EXPECT_NEAR(row.log2_count, 24.91, 0.01);
    }
  EXPECT_TRUE(year);
}

TEST(ShufflePredict, RecoversTheSeedFromFiveCards) {
  const std::uint32_t truth = 1044362711;
  const Deck deck = lin2003_deck(truth, 52);
  const Deck seen(deck.begin(), deck.begin() + 5);
  const SeedWindow window = predict_window(1044361800, 3600);  // 12:30 +- 30 min
  EXPECT_EQ(window.first, 1044360000u);
  EXPECT_TRUE(window.contains(truth));
  EXPECT_EQ(find_lin2003_seeds(seen, 52, window), (std::vector<std::uint32_t>{truth}));
  // Through the job, in small slices.
  const auto result = run_job("shuffle_seed_search", seed_search_job_params(seen, 52, window), 1000);
  ASSERT_EQ(result.size(), 2u);
  EXPECT_EQ(result[0], 3600.0);
  EXPECT_EQ(result[1], static_cast<double>(truth));
  // A window that misses the true second finds nothing.
  EXPECT_TRUE(find_lin2003_seeds(seen, 52, predict_window(1044300000, 3600)).empty());
  // Windows stay inside 0..2^32-1.
  EXPECT_EQ(predict_window(10, 3600).first, 0u);
  EXPECT_EQ(predict_window(4294967295u, 3600).first, 4294967296u - 3600u);
}

TEST(ShufflePredict, SearchResultsDecodeOrAreRefused) {
  auto r = seed_search_from_result({3600.0, 1044362711.0, 7.0});
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->tried, 3600u);
  EXPECT_EQ(r->found, (std::vector<std::uint32_t>{1044362711, 7}));
  EXPECT_FALSE(seed_search_from_result({}));
  EXPECT_FALSE(seed_search_from_result({10.0, -1.0}));
  EXPECT_FALSE(seed_search_from_result({10.0, 4294967296.0}));
  EXPECT_FALSE(seed_search_from_result(std::vector<double>(kMaxSeedMatches + 2, 1.0)));
}

TEST(ShufflePredict, UtcDates) {
  // Python: datetime.datetime.utcfromtimestamp(...)
  EXPECT_EQ(format_utc(0), "1970-01-01 00:00:00 UTC");
  EXPECT_EQ(format_utc(1044360000), "2003-02-04 12:00:00 UTC");
  EXPECT_EQ(format_utc(1044362711), "2003-02-04 12:45:11 UTC");
  EXPECT_EQ(format_utc(951782400), "2000-02-29 00:00:00 UTC");
  EXPECT_EQ(format_utc(4294967295u), "2106-02-07 06:28:15 UTC");
}

}  // namespace
}  // namespace shufflelab
