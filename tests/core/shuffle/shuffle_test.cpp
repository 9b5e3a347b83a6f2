// shuffle.hpp: hand-worked decks for every algorithm, plain re-statements of
// each algorithm written here (list erase for pencil-and-paper, std::sort of
// (key, card) pairs for sort-keys), and fast path == step-by-step path.
#include "core/shuffle/shuffle.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <set>
#include <utility>
#include <vector>

namespace shufflelab {
namespace {

using Deck = std::vector<std::uint32_t>;

ShuffleSpec spec_of(ShuffleAlgo algo, std::uint32_t n, std::uint32_t take = 0, std::uint32_t key_bound = 0) {
  auto made = make_shuffle_spec(algo, n, take, key_bound);
  EXPECT_TRUE(made) << made.error();
  return made.value();
}

Deck with_draws(const ShuffleSpec& spec, const Deck& draws) {
  auto deck = shuffle_with_draws(spec, draws);
  EXPECT_TRUE(deck) << deck.error();
  return deck ? deck.value() : Deck{};
}

Deck random_draws(const std::vector<std::uint32_t>& bounds, std::mt19937& rng) {
  Deck draws;
  for (std::uint32_t b : bounds) draws.push_back(static_cast<std::uint32_t>(rng() % b));
  return draws;
}

// Pencil and paper: write down the d-th card still on the list, cross it out.
Deck reference_pencil(std::uint32_t n, const Deck& draws) {
  Deck left(n), out;
  std::iota(left.begin(), left.end(), 0u);
  for (std::uint32_t d : draws) {
    out.push_back(left[d]);
    left.erase(left.begin() + static_cast<std::ptrdiff_t>(d));
  }
  return out;
}

std::vector<ShuffleSpec> every_algorithm(std::uint32_t n) {
  return {spec_of(ShuffleAlgo::FisherYates, n), spec_of(ShuffleAlgo::Pencil, n), spec_of(ShuffleAlgo::Pdep, n),
          spec_of(ShuffleAlgo::Sattolo, n),     spec_of(ShuffleAlgo::Naive, n),  spec_of(ShuffleAlgo::SortKeys, n, 0, 3),
          spec_of(ShuffleAlgo::SortKeys, n, 0, 1000), spec_of(ShuffleAlgo::Partial, n, (n + 1) / 2),
          spec_of(ShuffleAlgo::Partial, n, n)};
}

TEST(Shuffle, AlgorithmNamesRoundTrip) {
  for (auto algo : {ShuffleAlgo::FisherYates, ShuffleAlgo::Pencil, ShuffleAlgo::Pdep, ShuffleAlgo::Sattolo,
                    ShuffleAlgo::Naive, ShuffleAlgo::SortKeys, ShuffleAlgo::Partial}) {
    auto parsed = parse_shuffle_algo("--algo", shuffle_algo_name(algo));
    ASSERT_TRUE(parsed);
    EXPECT_EQ(parsed.value(), algo);
  }
  auto bad = parse_shuffle_algo("--algo", "bogo");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("--algo"), std::string::npos);
  EXPECT_NE(bad.error().find("fisher-yates"), std::string::npos);
}

TEST(Shuffle, SpecValidationNamesTheField) {
  EXPECT_FALSE(make_shuffle_spec(ShuffleAlgo::FisherYates, 0));
  EXPECT_FALSE(make_shuffle_spec(ShuffleAlgo::FisherYates, kMaxShuffleCards + 1));
  EXPECT_TRUE(make_shuffle_spec(ShuffleAlgo::FisherYates, kMaxShuffleCards));
  EXPECT_NE(make_shuffle_spec(ShuffleAlgo::Partial, 5, 6).error().find("take"), std::string::npos);
  EXPECT_FALSE(make_shuffle_spec(ShuffleAlgo::Partial, 5, 0));
  EXPECT_FALSE(make_shuffle_spec(ShuffleAlgo::Pencil, 5, 2));
  EXPECT_NE(make_shuffle_spec(ShuffleAlgo::SortKeys, 5, 0, 0).error().find("key_bound"), std::string::npos);
  EXPECT_FALSE(make_shuffle_spec(ShuffleAlgo::Naive, 5, 0, 4));
}

TEST(Shuffle, DrawBounds) {
  EXPECT_EQ(draw_bounds(spec_of(ShuffleAlgo::FisherYates, 5)), (Deck{5, 4, 3, 2}));
  EXPECT_EQ(draw_bounds(spec_of(ShuffleAlgo::Pencil, 5)), (Deck{5, 4, 3, 2, 1}));
  EXPECT_EQ(draw_bounds(spec_of(ShuffleAlgo::Pdep, 5)), (Deck{5, 4, 3, 2, 1}));
  EXPECT_EQ(draw_bounds(spec_of(ShuffleAlgo::Sattolo, 5)), (Deck{4, 3, 2, 1}));
  EXPECT_EQ(draw_bounds(spec_of(ShuffleAlgo::Naive, 3)), (Deck{3, 3, 3}));
  EXPECT_EQ(draw_bounds(spec_of(ShuffleAlgo::SortKeys, 3, 0, 7)), (Deck{7, 7, 7}));
  EXPECT_EQ(draw_bounds(spec_of(ShuffleAlgo::Partial, 6, 2)), (Deck{6, 5}));
  EXPECT_EQ(draw_bounds(spec_of(ShuffleAlgo::Partial, 3, 3)), (Deck{3, 2}));  // the last card needs no draw
  EXPECT_TRUE(draw_bounds(spec_of(ShuffleAlgo::FisherYates, 1)).empty());
}

TEST(Shuffle, HandWorkedDecks) {
  // Fisher-Yates n=4, draws 1,2,0: swap(3,1) -> 0 3 2 1; swap(2,2); swap(1,0) -> 3 0 2 1.
  EXPECT_EQ(with_draws(spec_of(ShuffleAlgo::FisherYates, 4), {1, 2, 0}), (Deck{3, 0, 2, 1}));
  // Pencil n=5, draws 4,0,2,1,0: 4 of {0..4}; 0 of {0,1,2,3}; 3 of {1,2,3}; 2 of {1,2}; 1.
  EXPECT_EQ(with_draws(spec_of(ShuffleAlgo::Pencil, 5), {4, 0, 2, 1, 0}), (Deck{4, 0, 3, 2, 1}));
  EXPECT_EQ(with_draws(spec_of(ShuffleAlgo::Pdep, 5), {4, 0, 2, 1, 0}), (Deck{4, 0, 3, 2, 1}));
  // Sattolo n=4, draws 0,1,0: swap(3,0) -> 3 1 2 0; swap(2,1) -> 3 2 1 0; swap(1,0) -> 2 3 1 0.
  EXPECT_EQ(with_draws(spec_of(ShuffleAlgo::Sattolo, 4), {0, 1, 0}), (Deck{2, 3, 1, 0}));
  // Naive n=3, draws 2,2,0: swap(0,2) -> 2 1 0; swap(1,2) -> 2 0 1; swap(2,0) -> 1 0 2.
  EXPECT_EQ(with_draws(spec_of(ShuffleAlgo::Naive, 3), {2, 2, 0}), (Deck{1, 0, 2}));
  // Sort keys < 2, keys 1 0 1 0 0 for cards 0..4: key 0 holds 1, 3, 4; key 1 holds 0, 2.
  EXPECT_EQ(with_draws(spec_of(ShuffleAlgo::SortKeys, 5, 0, 2), {1, 0, 1, 0, 0}), (Deck{1, 3, 4, 0, 2}));
  // One key value: every key ties, the deck stays in order (the tie rule).
  EXPECT_EQ(with_draws(spec_of(ShuffleAlgo::SortKeys, 4, 0, 1), {0, 0, 0, 0}), (Deck{0, 1, 2, 3}));
  // Partial n=6 take 2, draws 0,2: swap(5,0) -> 5 1 2 3 4 0; swap(4,2) -> 5 1 4 3 2 0; sample 0, 2.
  const Deck partial = with_draws(spec_of(ShuffleAlgo::Partial, 6, 2), {0, 2});
  EXPECT_EQ(partial, (Deck{5, 1, 4, 3, 2, 0}));
  EXPECT_EQ(partial_sample(partial, 2), (Deck{0, 2}));
}

TEST(Shuffle, BadDrawListsAreRefusedWithTheReason) {
  const ShuffleSpec pdep = spec_of(ShuffleAlgo::Pdep, 5);
  auto short_list = shuffle_with_draws(pdep, Deck{4, 0, 2, 1});
  ASSERT_FALSE(short_list);
  EXPECT_NE(short_list.error().find("got 4 draws, need 5"), std::string::npos) << short_list.error();
  auto out_of_range = shuffle_with_draws(pdep, Deck{4, 0, 3, 1, 0});
  ASSERT_FALSE(out_of_range);
  EXPECT_NE(out_of_range.error().find("draw 2 is 3 but must be below 3"), std::string::npos) << out_of_range.error();
  EXPECT_FALSE(shuffle_with_draws(pdep, Deck{0, 0, 0, 0, 1}));  // the last draw has bound 1
}

TEST(Shuffle, PdepEqualsPencilAndPaper) {
  std::mt19937 rng(64);
  for (std::uint32_t n : {1u, 2u, 3u, 31u, 63u, 64u, 65u, 100u, 129u, 700u, 4096u}) {
    for (int round = 0; round < (n > 1000 ? 3 : 40); ++round) {
      const ShuffleSpec pdep = spec_of(ShuffleAlgo::Pdep, n);
      const Deck draws = random_draws(draw_bounds(pdep), rng);
      const Deck want = reference_pencil(n, draws);
      ASSERT_EQ(with_draws(pdep, draws), want) << "n " << n;
      ASSERT_EQ(with_draws(spec_of(ShuffleAlgo::Pencil, n), draws), want) << "n " << n;
    }
  }
}

TEST(Shuffle, SortKeysEqualsSortingKeyCardPairs) {
  std::mt19937 rng(7);
  for (std::uint32_t key_bound : {1u, 2u, 5u, 1000000u}) {
    for (int round = 0; round < 50; ++round) {
      const ShuffleSpec spec = spec_of(ShuffleAlgo::SortKeys, 30, 0, key_bound);
      const Deck keys = random_draws(draw_bounds(spec), rng);
      std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;  // (key, card): ties broken by card
      for (std::uint32_t card = 0; card < 30; ++card) pairs.emplace_back(keys[card], card);
      std::sort(pairs.begin(), pairs.end());
      Deck want;
      for (const auto& [key, card] : pairs) want.push_back(card);
      ASSERT_EQ(with_draws(spec, keys), want);
    }
  }
}

TEST(Shuffle, PartialIsTheTopOfAFisherYatesRun) {
  std::mt19937 rng(49);
  for (std::uint32_t take = 1; take <= 10; ++take) {
    const ShuffleSpec full = spec_of(ShuffleAlgo::FisherYates, 10);
    const Deck draws = random_draws(draw_bounds(full), rng);
    const Deck full_deck = with_draws(full, draws);
    const ShuffleSpec partial = spec_of(ShuffleAlgo::Partial, 10, take);
    const Deck prefix(draws.begin(), draws.begin() + static_cast<std::ptrdiff_t>(draw_bounds(partial).size()));
    const Deck sample = partial_sample(with_draws(partial, prefix), take);
    ASSERT_EQ(sample, Deck(full_deck.rbegin(), full_deck.rbegin() + static_cast<std::ptrdiff_t>(take))) << "take " << take;
  }
}

TEST(Shuffle, SattoloAlwaysMakesOneCycle) {
  // Every one of the 4! = 24 draw lists of n = 5 gives a single 5-cycle, and
  // they are 24 different ones: all (5-1)! cyclic orders.
  const ShuffleSpec spec = spec_of(ShuffleAlgo::Sattolo, 5);
  std::set<Deck> seen;
  for (std::uint32_t a = 0; a < 4; ++a)
    for (std::uint32_t b = 0; b < 3; ++b)
      for (std::uint32_t c = 0; c < 2; ++c) {
        const Deck deck = with_draws(spec, {a, b, c, 0});
        std::uint32_t length = 0, at = 0;
        do {
          at = deck[at];
          ++length;
        } while (at != 0 && length <= 5);
        ASSERT_EQ(length, 5u);
        seen.insert(deck);
      }
  EXPECT_EQ(seen.size(), 24u);
}

TEST(Shuffle, FastPathEqualsStepper) {
  std::mt19937 rng(2024);
  for (std::uint32_t n : {1u, 2u, 5u, 52u, 64u, 65u, 200u}) {
    for (const ShuffleSpec& spec : every_algorithm(n)) {
      const Deck bounds = draw_bounds(spec);
      const Deck draws = random_draws(bounds, rng);
      SequenceDraws fast_source(draws);
      const Deck fast = shuffle_fast(spec, fast_source);

      ShuffleStepper stepper(spec);
      std::vector<ShuffleEvent> events;
      Deck bounds_seen;
      std::size_t next = 0;
      auto source = [&](std::uint32_t bound) {
        bounds_seen.push_back(bound);
        return draws[next++];
      };
      while (!stepper.done()) {
        const std::uint32_t announced = stepper.next_bound();
        const std::size_t before = bounds_seen.size();
        stepper.step(source, events);
        if (announced != 0) {
          ASSERT_EQ(bounds_seen.size(), before + 1);
          ASSERT_EQ(bounds_seen.back(), announced);
        } else {
          ASSERT_EQ(bounds_seen.size(), before);
        }
      }
      const std::string what = std::string(shuffle_algo_name(spec.algo)) + " n " + std::to_string(n);
      ASSERT_EQ(bounds_seen, bounds) << what;
      ASSERT_EQ(stepper.cards(), fast) << what;
      ASSERT_EQ(deck_after(n, events, events.size()), fast) << what;
      std::size_t draw_events = 0;
      for (const auto& e : events) draw_events += e.kind == EventKind::Draw;
      ASSERT_EQ(draw_events, bounds.size()) << what;
    }
  }
}

TEST(Shuffle, EventsForPdepNameTheStruckCard) {
  const ShuffleSpec spec = spec_of(ShuffleAlgo::Pdep, 5);
  const Deck draws = {4, 0, 2, 1, 0};
  SequenceDraws source(draws);
  const ShuffleRecording recording = record_shuffle(spec, source);
  const auto& events = recording.events;
  ASSERT_EQ(events.size(), 15u);  // Draw, StrikeBit, Move per card
  EXPECT_EQ(recording.step_ends, (std::vector<std::size_t>{3, 6, 9, 12, 15}));
  EXPECT_EQ(events[0], (ShuffleEvent{EventKind::Draw, 4, 5, 0}));
  EXPECT_EQ(events[1], (ShuffleEvent{EventKind::StrikeBit, 4, 4, 5}));
  EXPECT_EQ(events[2], (ShuffleEvent{EventKind::Move, 0, 4, 0}));
  EXPECT_EQ(events[7], (ShuffleEvent{EventKind::StrikeBit, 2, 3, 3}));  // third card: 2nd of {1,2,3}
  // After two steps: 4 and 0 placed, then the rest in rising order.
  EXPECT_EQ(deck_after(5, events, 6), (Deck{4, 0, 1, 2, 3}));
  EXPECT_EQ(deck_at_step(recording, 2), (Deck{4, 0, 1, 2, 3}));
  EXPECT_EQ(deck_at_step(recording, 0), (Deck{0, 1, 2, 3, 4}));
  EXPECT_EQ(deck_at_step(recording, 99), (Deck{4, 0, 3, 2, 1}));
}

TEST(Shuffle, Lin2003RecordingInterleavesRandCalls) {
  const ShuffleRecording recording = record_lin2003(2003, 52);
  ASSERT_EQ(recording.step_ends.size(), 51u);
  EXPECT_EQ(deck_at_step(recording, 51), lin2003_deck(2003, 52));
  EXPECT_EQ(deck_at_step(recording, 0), deck_after(52, {}, 0));
  for (std::size_t k = 0; k < 4; ++k) EXPECT_EQ(recording.events[k].kind, EventKind::Warmup);
  // First step: rand() scaled to 52, then the draw, then swap(51, draw).
  ASSERT_EQ(recording.step_ends[0], 7u);
  EXPECT_EQ(recording.events[4].kind, EventKind::Rand);
  EXPECT_EQ(recording.events[4].b, 52u);
  EXPECT_EQ(recording.events[5].kind, EventKind::Draw);
  EXPECT_EQ(recording.events[6], (ShuffleEvent{EventKind::Swap, 51, recording.events[5].a}));
}

TEST(Shuffle, MoveLiftsACardAndShiftsTheRest) {
  Deck cards = {0, 1, 2, 3, 4};
  apply_event(cards, {EventKind::Move, 1, 3});
  EXPECT_EQ(cards, (Deck{0, 3, 1, 2, 4}));
  apply_event(cards, {EventKind::Swap, 0, 4});
  EXPECT_EQ(cards, (Deck{4, 3, 1, 2, 0}));
  apply_event(cards, {EventKind::Draw, 1, 2, 3});  // no change
  EXPECT_EQ(cards, (Deck{4, 3, 1, 2, 0}));
}

TEST(Shuffle, PermutationMatrixRowsAreThePencilDeckBackwards) {
  std::mt19937 rng(6464);
  for (int round = 0; round < 20; ++round) {
    Deck bounds(64);
    for (std::uint32_t t = 0; t < 64; ++t) bounds[t] = 64 - t;
    const Deck draws = random_draws(bounds, rng);
    SequenceDraws source(draws);
    const auto rows = pdep_permutation_matrix64(source);
    const Deck pencil = reference_pencil(64, draws);
    std::uint64_t all = 0;
    for (std::uint32_t t = 0; t < 64; ++t) {
      ASSERT_EQ(rows[63 - t], std::uint64_t{1} << pencil[t]);
      all |= rows[63 - t];
    }
    ASSERT_EQ(all, ~std::uint64_t{0});
  }
}

TEST(Shuffle, Lin2003DrawsScaleRandLikeRandomInt) {
  std::vector<ShuffleEvent> trace;
  Lin2003Draws draws(12345, &trace);
  ASSERT_EQ(trace.size(), kLin2003WarmupCalls);
  GlibcRand glibc(12345);
  for (const auto& e : trace) {
    EXPECT_EQ(e.kind, EventKind::Warmup);
    EXPECT_EQ(static_cast<std::int32_t>(e.a), glibc.next());
  }
  for (std::uint32_t bound : {52u, 51u, 2u, 1u, 1000u, 65536u}) {
    const std::uint32_t value = draws(bound);
    const ShuffleEvent& used = trace.back();
    ASSERT_EQ(used.kind, EventKind::Rand);
    ASSERT_EQ(static_cast<std::int32_t>(used.a), glibc.next());
    // randomInt(0, bound - 1) = (int)(0 + bound * (rand() / RAND_MAX)).
    const double r = static_cast<double>(used.a) / 2147483647.0;
    EXPECT_EQ(value, static_cast<std::uint32_t>(static_cast<int>(bound * r)));
    EXPECT_LT(value, bound);
  }
}

TEST(Shuffle, Lin2003OutputFormat) {
  const std::string text = lin2003_output(7, 10);
  ASSERT_EQ(text.back(), '\n');
  ASSERT_EQ(text[text.size() - 2], ' ');  // every number is followed by a space
  Deck numbers;
  std::size_t start = 0;
  for (std::size_t i = 0; i + 1 < text.size(); ++i)
    if (text[i] == ' ') {
      numbers.push_back(static_cast<std::uint32_t>(std::stoul(text.substr(start, i - start))));
      start = i + 1;
    }
  EXPECT_EQ(numbers, lin2003_deck(7, 10));
  Deck sorted = numbers;
  std::sort(sorted.begin(), sorted.end());
  Deck identity(10);
  std::iota(identity.begin(), identity.end(), 0u);
  EXPECT_EQ(sorted, identity);
  EXPECT_EQ(lin2003_output(1, 1), "0 \n");
}

// Two cards: Fisher-Yates makes one draw (n-1 = 1), and the sentence says so in the singular.
TEST(Shuffle, DrawCountSentenceAgreesWithItsNumber) {
  EXPECT_NE(describe_draws(spec_of(ShuffleAlgo::FisherYates, 2)).find("n-1 = 1 draw;"), std::string::npos);
  EXPECT_NE(describe_draws(spec_of(ShuffleAlgo::FisherYates, 52)).find("n-1 = 51 draws;"), std::string::npos);
}

}  // namespace
}  // namespace shufflelab
