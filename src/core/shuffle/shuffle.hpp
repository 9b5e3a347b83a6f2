// shuffle.hpp: card shuffles as functions of their random draws.
//
// Every shuffle here asks a draw source for "a uniform integer in [0, bound)"
// and the sequence of bounds depends only on the algorithm and n, never on the
// values drawn. So a shuffle is fully described by its draw list: the CLI can
// replay typed-in draws, the bias lab can enumerate every draw list, and any
// generator x range method can feed it.
//
// Each algorithm exists twice with identical results for identical draws: a
// fast path (bulk shuffles) and a ShuffleStepper that runs one draw at a time
// and emits small events for the animation. Algorithms: Fisher-Yates from the
// top (seeds 000, 001), pencil-and-paper "strike the k-th remaining card" and
// its PDEP bitset form (seed 003), Sattolo (one n-cycle), the naive swap with
// any position (biased: n^n draw lists onto n! orders), sort by random keys
// (ties keep the lower card first: biased when keys collide) and the partial
// shuffle that draws `take` cards only (the lottery use in seed 001).
// lin2003_* reproduce the 2003 shuffle.c exactly on top of glibc rand().
// Limit: n <= 65536 cards (kMaxShuffleCards).
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/shuffle/bits.hpp"
#include "core/gen/glibc_rand.hpp"
#include "core/base/result.hpp"

namespace shufflelab {

constexpr std::uint32_t kMaxShuffleCards = RankBitset::kMaxSize;

// New values go at the end: link codes and saved results keep their meaning.
enum class ShuffleAlgo : std::uint8_t {
  FisherYates, Pencil, Pdep, Sattolo, Naive, SortKeys, Partial,
  // Sorting with a coin-flip comparator (comparator_sort.hpp).
  CmpInsertion, CmpBinaryInsertion, CmpMerge, CmpQuickFirst, CmpQuickMedian3, CmpV8,
  // Human shuffles (riffle.hpp): `rounds` GSR riffles or Pemantle overhand shuffles.
  Riffle, Overhand,
  // V8's sort as in Chromium 156 (comparator_sort.hpp).
  CmpV8Chromium,
};

// CLI/URL names: fisher-yates, pencil, pdep, sattolo, naive, sort-keys, partial,
// cmp-insertion, cmp-binary-insertion, cmp-merge, cmp-quick-first,
// cmp-quick-median3, cmp-v8, riffle, overhand, cmp-v8-chromium.
std::string_view shuffle_algo_name(ShuffleAlgo algo);
Result<ShuffleAlgo> parse_shuffle_algo(std::string_view field, std::string_view text);

struct ShuffleSpec {
  ShuffleAlgo algo = ShuffleAlgo::FisherYates;
  std::uint32_t n = 52;
  std::uint32_t take = 0;       // Partial only: cards drawn, 1..n
  std::uint32_t key_bound = 0;  // SortKeys only: keys are uniform in [0, key_bound), >= 1
  std::uint32_t rounds = 0;     // Riffle, Overhand: shuffles in a row, >= 1
  std::uint32_t cut_bound = 0;  // Overhand: a cut falls between two cards when a draw below cut_bound is 0
};

// True for the shuffles whose number and bounds of draws depend on the values
// drawn (comparator sorts, riffles, overhand): they have no fixed draw list,
// so draw_bounds() is empty for them and they are recorded by record_shuffle
// in one pass (ShuffleStepper serves the fixed-draw-list shuffles only).
bool draws_adapt(ShuffleAlgo algo);
// The largest bound any draw of the shuffle can have.
std::uint32_t max_draw_bound(const ShuffleSpec& spec);

// Validates n (1..kMaxShuffleCards) and the parameter the algorithm uses;
// parameters an algorithm does not use must be 0.
Result<ShuffleSpec> make_shuffle_spec(ShuffleAlgo algo, std::uint32_t n, std::uint32_t take = 0,
                                      std::uint32_t key_bound = 0);
// The same with the human shuffles' parameters (rounds 1..kMaxShuffleRounds
// for riffle and overhand; cut_bound 2..kMaxCutBound for overhand). The V8
// models take at most kMaxV8ModelCards cards.
constexpr std::uint32_t kMaxShuffleRounds = 100;
constexpr std::uint32_t kMaxCutBound = 1000;
Result<ShuffleSpec> make_human_shuffle_spec(ShuffleAlgo algo, std::uint32_t n, std::uint32_t take,
                                            std::uint32_t key_bound, std::uint32_t rounds, std::uint32_t cut_bound);

// The bound of every draw, in order.
std::vector<std::uint32_t> draw_bounds(const ShuffleSpec& spec);
// One line saying which draws the algorithm makes, for error messages and help.
std::string describe_draws(const ShuffleSpec& spec);

// Non-owning reference to any callable `uint32_t(uint32_t bound)` returning a
// uniform value in [0, bound). Cheaper than std::function; the callable must
// outlive the DrawRef (named objects only: temporaries do not bind).
class DrawRef {
 public:
  template <typename F>
    requires(!std::is_same_v<std::remove_cvref_t<F>, DrawRef> && std::is_invocable_r_v<std::uint32_t, F&, std::uint32_t>)
  DrawRef(F& source)  // NOLINT(google-explicit-constructor): passing a source should read naturally
      : object_(const_cast<void*>(static_cast<const void*>(&source))),
        call_([](void* object, std::uint32_t bound) {
          return static_cast<std::uint32_t>((*static_cast<F*>(object))(bound));
        }) {}
  std::uint32_t operator()(std::uint32_t bound) const { return call_(object_, bound); }

 private:
  void* object_;
  std::uint32_t (*call_)(void*, std::uint32_t);
};

// Hands out a fixed list of draws in order (already validated by the caller;
// reading past the end returns 0).
class SequenceDraws {
 public:
  explicit SequenceDraws(std::span<const std::uint32_t> draws) : draws_(draws) {}
  std::uint32_t operator()(std::uint32_t) { return next_ < draws_.size() ? draws_[next_++] : 0; }

 private:
  std::span<const std::uint32_t> draws_;
  std::size_t next_ = 0;
};

// Fast path: writes the shuffled deck (a permutation of 0..n-1) into `deck`,
// which must have n elements. Partial leaves the sample in the top `take`
// positions (see partial_sample) and the rest in some order below.
void shuffle_fast(const ShuffleSpec& spec, std::span<std::uint32_t> deck, DrawRef draw);
std::vector<std::uint32_t> shuffle_fast(const ShuffleSpec& spec, DrawRef draw);

// The deck for a given draw list; fails naming the bad draw (count, range).
Result<std::vector<std::uint32_t>> shuffle_with_draws(const ShuffleSpec& spec, std::span<const std::uint32_t> draws);

// Partial shuffle: the drawn cards in draw order (deck top first).
std::vector<std::uint32_t> partial_sample(std::span<const std::uint32_t> deck, std::uint32_t take);

// ---- Events for the animation ------------------------------------------
enum class EventKind : std::uint8_t {
  Draw,       // a = value, b = bound, c = pivot/position the draw is for
  Swap,       // a, b = positions swapped (may be equal)
  Move,       // a = to, b = from (from >= to): card at b is lifted and inserted at a
  StrikeBit,  // a = i (rank among remaining), b = card, c = cards remaining before (PDEP view)
  Warmup,     // a = raw rand() value thrown away (lin2003's four calls)
  Rand,       // a = raw rand() value used, b = bound it is scaled to
  Reject,     // a = raw rand() value retried (== RAND_MAX: would scale to the bound itself), b = bound
  Compare,    // a, b = positions compared (comparator(deck[a], deck[b])), c = coin: 1 = deck[a] goes first
  Cut,        // a = cards in the top packet (riffle), or the top of a packet (overhand); b = its size
  // The reader's own code (user_code_steps.hpp): its reads and writes of the deck.
  Read,       // a = position read, b = the card there
  Write,      // a = position written, b = the card written
};

struct ShuffleEvent {
  EventKind kind;
  std::uint32_t a = 0;
  std::uint32_t b = 0;
  std::uint32_t c = 0;
  friend bool operator==(const ShuffleEvent&, const ShuffleEvent&) = default;
};

// Applies one event to a deck state (only Swap, Move and Write change it).
void apply_event(std::span<std::uint32_t> cards, const ShuffleEvent& event);
// The deck after the first `count` events, starting from 0..n-1.
std::vector<std::uint32_t> deck_after(std::uint32_t n, std::span<const ShuffleEvent> events, std::size_t count);

// One step = at most one draw plus its consequences. The deck state is the
// same array the fast path returns; for Pencil/Pdep/SortKeys it holds the
// cards placed so far followed by the remaining cards in rising order.
class ShuffleStepper {
 public:
  explicit ShuffleStepper(const ShuffleSpec& spec);

  const ShuffleSpec& spec() const { return spec_; }
  std::uint32_t total_steps() const;
  std::uint32_t steps_done() const { return step_; }
  bool done() const { return step_ >= total_steps(); }
  // Bound of the next step's draw; 0 when the next step draws nothing
  // (SortKeys' arranging steps) or when done.
  std::uint32_t next_bound() const;
  const std::vector<std::uint32_t>& cards() const { return cards_; }

  // Runs one step (no-op when done) and appends its events to `out`.
  void step(DrawRef draw, std::vector<ShuffleEvent>& out);

 private:
  void sort_keys_arrange_step(std::vector<ShuffleEvent>& out);

  ShuffleSpec spec_;
  std::uint32_t step_ = 0;
  std::vector<std::uint32_t> cards_;
  std::vector<std::uint32_t> keys_;        // SortKeys: key of each card
  std::vector<std::uint32_t> key_order_;   // SortKeys: final order, set after the last key
  RankBitset remaining_;                   // Pdep
};

// A whole run for the animation: every event, and where each step ends.
struct ShuffleRecording {
  std::uint32_t n = 0;
  std::vector<ShuffleEvent> events;
  std::vector<std::size_t> step_ends;  // steps 0..t are events [0, step_ends[t])
};

// Where the adaptive shuffles write their events: each event is applied to
// the deck and, with a recording, appended; begin_step() closes the running
// step (when it has events) and calls on_close, so a caller can cut its own
// traces at the same place.
class StepTape {
 public:
  StepTape(ShuffleRecording* recording = nullptr, std::function<void()> on_close = {})
      : recording_(recording), on_close_(std::move(on_close)) {}
  void emit(std::span<std::uint32_t> deck, const ShuffleEvent& event);
  void note(const ShuffleEvent& event);  // recorded, changes nothing
  void begin_step();
  bool recording() const { return recording_ != nullptr; }

 private:
  ShuffleRecording* recording_;
  std::function<void()> on_close_;
};
// An adaptive shuffle (draws_adapt) from the unshuffled deck (deck.size() == spec.n).
void run_adaptive(const ShuffleSpec& spec, std::span<std::uint32_t> deck, DrawRef draw, StepTape& tape);
ShuffleRecording record_shuffle(const ShuffleSpec& spec, DrawRef draw);
// The deck after the first `steps` steps (all of them when steps is larger).
std::vector<std::uint32_t> deck_at_step(const ShuffleRecording& recording, std::size_t steps);

// Seed 003's 64x64 permutation matrix: 64 pencil-and-paper draws with bounds
// 64, 63, ..., 1; the t-th draw fills row 63 - t with the one bit it struck.
std::array<std::uint64_t, 64> pdep_permutation_matrix64(DrawRef draw);

// ---- lin2003: James D. Lin's shuffle.c (2003) ----------------------------
constexpr std::uint32_t kLin2003WarmupCalls = 4;

// Draw source with shuffle.c's randomInt(0, bound - 1): srand(seed), four
// discarded rand() calls, then r = rand() / RAND_MAX (retried while r >= 1.0)
// and (int)(bound * r). Optionally records Warmup/Rand/Reject events.
class Lin2003Draws {
 public:
  explicit Lin2003Draws(std::uint32_t seed, std::vector<ShuffleEvent>* trace = nullptr);
  std::uint32_t operator()(std::uint32_t bound);

 private:
  GlibcRand rand_;
  std::vector<ShuffleEvent>* trace_;
};

// The deck shuffle.c builds for srand(seed) and n cards (Fisher-Yates).
std::vector<std::uint32_t> lin2003_deck(std::uint32_t seed, std::uint32_t n);
// Its printDeck output: "%d " for every card, then "\n".
std::string lin2003_output(std::uint32_t seed, std::uint32_t n);
// The same run recorded: 4 Warmup events, then per step its Rand (and any
// Reject) events followed by Draw and Swap.
ShuffleRecording record_lin2003(std::uint32_t seed, std::uint32_t n);

}  // namespace shufflelab
