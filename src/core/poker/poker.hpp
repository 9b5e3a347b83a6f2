// poker.hpp: One Chip Video Poker's dealer (seed 004) and the exhaustive
// "how many generator calls can a deal take" sweep over all 2^32 seeds.
//
// Generator: the LCRNG state' = 1664525 * state + 1013904223 (mod 2^32);
// every call steps first, then reads. A card is the top 6 bits (0..63);
// values >= 52 and cards already dealt are drawn again; a deal is 10 cards
// (5 for the hand, 5 for the draw). Card c has rank c >> 2 and suit c & 3.
// Suits: 0 hearts, 1 diamonds, 2 clubs, 3 spades (the article: suit + 3 is
// the PC console code of the symbol, and CP437 codes 3..6 are those four).
// Ranks: the article's table is lost, so this code chooses 0 = "2" ... 12 = "A".
//
// The sweep uses that this LCRNG is one cycle through all 2^32 states: the
// deal for seed x reads the states following x on that cycle. So one walk
// round the cycle, with a 64-card sliding window (bit masks of "first
// occurrence" cards), gives every seed's call count in O(1) amortised. A
// seed needing more calls than the window holds is replayed directly.
// Cycle position p means the state reached from 0 after p steps. Measured:
// all 2^32 seeds in about 9 s on two shared x86-64 cores (AVX2 path); on one
// thread 2.1 ns a seed natively, 2.5 ns in WebAssembly with SIMD128 (lane
// path; 4.1-4.3 ns on the portable path), 2026-11-27.
#pragma once
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace shufflelab {

constexpr std::uint32_t kLcrngMultiplier = 1664525;
constexpr std::uint32_t kLcrngIncrement = 1013904223;
constexpr std::uint32_t kOneChipDealCards = 10;
constexpr std::uint32_t kOneChipDeckCards = 52;
constexpr std::uint64_t kLcrngPeriod = std::uint64_t{1} << 32;

constexpr std::uint32_t lcrng_next(std::uint32_t state) { return kLcrngMultiplier * state + kLcrngIncrement; }
constexpr std::uint32_t lcrng_card(std::uint32_t state) { return state >> 26; }
// State after `steps` calls, by squaring the affine map (O(log steps)).
std::uint32_t lcrng_jump(std::uint32_t state, std::uint64_t steps);

constexpr std::uint32_t card_rank(std::uint32_t card) { return card >> 2; }
constexpr std::uint32_t card_suit(std::uint32_t card) { return card & 3; }
// Two characters: rank "23456789TJQKA", suit "hdcs" (e.g. 51 -> "As").
std::string card_name(std::uint32_t card);

enum class DealVerdict : std::uint8_t { Dealt, TooHigh, Duplicate };

struct DealCall {
  std::uint32_t state;  // state after the call
  std::uint32_t value;  // its top 6 bits
  DealVerdict verdict;
};

struct OneChipDeal {
  std::array<std::uint8_t, kOneChipDealCards> cards{};
  std::uint32_t calls = 0;       // LCRNG calls used
  std::uint32_t too_high = 0;    // values 52..63 thrown away
  std::uint32_t duplicates = 0;  // cards already dealt, thrown away
  std::uint32_t final_state = 0;
};

// Deals 10 cards from `seed` (the state before the first call). The optional
// trace gets every call, for the animation.
OneChipDeal one_chip_deal(std::uint32_t seed, std::vector<DealCall>* trace = nullptr);

struct SweepStats {
  std::vector<std::uint64_t> histogram;  // [c] = seeds whose deal takes exactly c calls
  std::uint64_t seeds = 0;
  std::uint64_t total_calls = 0;
  std::uint32_t max_calls = 0;
  std::uint32_t max_seed = 0;  // smallest seed needing max_calls

  void add(std::uint32_t seed, std::uint32_t calls);
  void add_maximum(std::uint32_t seed, std::uint32_t calls);  // max/seed bookkeeping only
  void merge(const SweepStats& other);
  double mean_calls() const { return seeds ? static_cast<double>(total_calls) / static_cast<double>(seeds) : 0.0; }
};

// Resumable sweep of the seeds at cycle positions [first, first + count)
// (taken mod 2^32; count <= 2^32). Two exact paths with identical results:
//  - vector (x86-64 with AVX2 and fast BMI2): per seed one byte
//    compare of the next 64 cards' "distance to the previous equal card"
//    against 0..63, then PDEP + TZCNT find the 10th new card; in
//    WebAssembly with SIMD128 (no PDEP) the same distances, 16 seeds at a
//    time, one byte lane per seed;
//  - portable (everywhere, and when vector_path is false): an incremental
//    bit mask of "first of its value" cards with a sliding end pointer.
// `window` (10..64) is the number of calls handled by bit masks before a
// direct replay of the deal takes over; tests shrink it to exercise that.
class CycleSweeper {
 public:
  CycleSweeper(std::uint64_t first_position, std::uint64_t count, std::uint32_t window = 64,
               bool vector_path = true);
  static bool vector_path_available();

  // Processes up to `max_seeds` more seeds; returns how many it did.
  std::uint64_t run(std::uint64_t max_seeds);
  bool done() const { return processed_ >= count_; }
  std::uint64_t processed() const { return processed_; }
  std::uint64_t count() const { return count_; }
  bool uses_vector_path() const { return !distances_.empty(); }
  const SweepStats& stats() const { return stats_; }

 private:
  static constexpr std::uint32_t kVectorBlock = 4096;

  void run_portable(std::uint64_t todo);
  void run_vector(std::uint64_t todo);  // x86-64 with AVX2, or WebAssembly with SIMD128
  void fill_distances(std::int8_t* out, std::uint32_t count, std::int64_t index);
  void flush_histogram(const std::array<std::uint64_t, 65>& histogram);
  void push_next_card();
  void drop_first_card();
  void locate_tenth();

  std::uint64_t count_;
  std::uint64_t processed_ = 0;
  std::uint32_t window_;
  SweepStats stats_;

  std::uint32_t seed_state_;   // seed of the current window
  std::uint32_t push_state_;   // state of the newest card read
  std::int64_t first_index_ = 0;  // stream index of the window's first card
  std::array<std::int64_t, 64> last_index_{};  // per card value: newest stream index

  // Portable path.
  std::uint64_t counted_ = 0;  // bit b: card first_index_ + b is the first of its value in the window
  std::int32_t tenth_ = 64;    // bit of the 10th counted card, >= window_ when beyond the window
  std::array<std::uint64_t, 64> next_same_{};  // per ring slot: bit (distance to next same card)

  // Vector path: the current window's distances, then room for one block;
  // in WebAssembly also the block's distances by lane (poker.cpp).
  std::vector<std::int8_t> distances_;
  std::vector<std::int8_t> by_lane_;
};

// One-shot sweep of a range (tests, small demos).
SweepStats sweep_cycle_range(std::uint64_t first_position, std::uint64_t count);

// All 2^32 seeds on the calling thread in chunks: progress(done, total) after
// each chunk; returns early (stats.seeds < 2^32) once *cancel becomes true.
SweepStats sweep_all_seeds(const std::function<void(std::uint64_t, std::uint64_t)>& progress,
                           const std::atomic<bool>* cancel, std::uint64_t chunk = std::uint64_t{1} << 24);

}  // namespace shufflelab
