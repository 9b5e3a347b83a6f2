// poker_sweep.hpp: a faster exact sweep of One Chip deals (seed 004) over the
// LCRNG cycle, and the count of reachable 5-card pat hands, as resumable Jobs
// for the browser's worker.
//
// Idea (two pointers from the deal's end): the deal of seed i ends at the
// first position R where cards i+1..R hold 10 distinct values below 52, and R
// never moves back as i grows. Walking R forward one card at a time, t(R) =
// R - (position of the 10th most recent distinct value) says which seeds end
// at R: seeds R - t(R-1) - 1 .. R - t(R) - 1, with R - i calls each. t changes
// in O(1) per card with a 64-bit "latest copy of its value" mask and a
// leading-zero count, with no branch in the hot loop and no select-nth-bit
// (wasm has no PDEP). Measured on all 2^32 seeds (CPU time, busy machine):
// 17 s on one core in Chromium's worker against 26 s for core/poker/poker.hpp's
// portable path there; natively 13-18 s on one thread.
// The same walk with 5 in place of 10 tracks the pat hand (its set of cards
// only changes when a new value arrives), marked in a C(52,5)-bit set.
// Results equal sweep_cycle_range for every range (tested).
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/base/jobs.hpp"
#include "core/poker/poker.hpp"
#include "core/base/result.hpp"
#include "core/base/url_fields.hpp"

namespace shufflelab {

constexpr std::uint32_t kPatHandCards = 5;
constexpr std::uint32_t kPatHands = 2598960;  // C(52, 5)

// Shared by both sweeps: the cards after a range's first seed, the mask of
// positions holding the latest copy of a valid value, and t as above.
class DealEndWalk {
 public:
  DealEndWalk(std::uint64_t first_position, std::uint64_t count, std::uint32_t distinct);

 protected:
  static constexpr std::uint32_t kFastSpanLimit = 60;  // t below this: the hot loop is exact
  static constexpr std::uint32_t kStampSlack = 1u << 30;

  // Pushes the next card and recomputes t from the ages of all values (any t).
  void push_exact();
  std::uint32_t recount_span() const;
  // Keeps every stale stamp within 2^30 of now, so u32 ages never wrap.
  void refresh_stamps();
  std::uint64_t seeds_ending_by_now() const;  // seeds < first + this have known deals

  // What both sweepers' run() does with their own steps: pushes about `budget`
  // cards, in hot-loop chunks while fast_ok() allows and while the chunk cannot
  // finish a seed past the range (the latest seed ending at position R is at
  // most R - distinct), else one exact step; stamps are refreshed on the way.
  template <class Done, class FastOk, class RunFast, class StepExact>
  void walk(std::uint64_t budget, Done done, FastOk fast_ok, RunFast run_fast, StepExact step_exact) {
    constexpr std::uint64_t kRefreshEvery = std::uint64_t{1} << 20;
    constexpr std::uint64_t kFastChunk = std::uint64_t{1} << 28;  // well inside kStampSlack
    std::uint64_t since_refresh = kRefreshEvery;
    while (!done() && budget > 0) {
      if (since_refresh >= kRefreshEvery) refresh_stamps(), since_refresh = 0;
      const std::uint64_t fast_end = count_ + distinct_ - 1;
      std::uint64_t ran = 0;
      if (fast_ok() && position_ < fast_end) {
        const std::uint64_t before = position_;
        run_fast(std::min({budget, fast_end - position_, kFastChunk}));
        ran = position_ - before;
      }
      if (ran == 0) {
        step_exact();
        ran = 1;
      }
      budget -= std::min(budget, ran);
      since_refresh += ran;
    }
  }

  std::uint64_t count_;
  std::uint32_t distinct_;
  std::uint32_t seed_state_;   // state of the range's first seed
  std::uint32_t state_;        // state at the walk's position
  std::uint64_t position_ = 0;  // cards pushed since the first seed
  std::uint64_t latest_ = 0;   // bit k: card position_ - k is valid and the latest of its value
  std::uint32_t span_ = 0;     // t
  std::array<std::uint32_t, 64> stamp_{};  // per value: low 32 bits of the position of its latest card
};

// Seeds at cycle positions [first, first + count) (count <= 2^32), in slices.
class DealEndSweeper : public DealEndWalk {
 public:
  DealEndSweeper(std::uint64_t first_position, std::uint64_t count);
  // Pushes about `budget` cards (each finishes one seed on average).
  void run(std::uint64_t budget);
  bool done() const { return processed_ >= count_; }
  std::uint64_t processed() const { return processed_; }
  std::uint64_t count() const { return count_; }
  SweepStats stats() const;

 private:
  void run_fast(std::uint64_t steps);
  void step_exact();
  void add_seeds(std::uint64_t lowest_seed, std::uint32_t most_calls, std::uint32_t fewest_calls);

  std::uint64_t processed_ = 0;
  std::vector<std::int64_t> calls_diff_;  // histogram as differences: [c] - [c-1]
  // Fast steps: how many cards left t = 63 - index (two arrays taken in turn).
  std::array<std::uint64_t, 64> by_zeros_even_{}, by_zeros_odd_{};
  SweepStats maximum_;                    // only max_calls / max_seed
};

// Which of the C(52,5) pat hands the seeds of a range deal, in slices. It
// stops early once every pat hand has been seen (nothing more to learn) and
// then knows the shortest prefix of the range that deals them all.
class PatHandSweeper : public DealEndWalk {
 public:
  PatHandSweeper(std::uint64_t first_position, std::uint64_t count);
  void run(std::uint64_t budget);
  bool done() const { return processed_ >= count_ || reachable_ == kPatHands; }
  std::uint64_t processed() const { return processed_; }  // seeds whose pat hand is marked
  std::uint64_t count() const { return count_; }
  std::uint64_t reachable() const { return reachable_; }  // distinct pat hands seen so far
  bool reached(std::uint64_t hand_bits) const;             // hand as a 52-bit card set
  // Once all are seen: the offset in the range of the first seed dealing the
  // last new one (so seeds 0 .. this offset deal every pat hand).
  std::optional<std::uint64_t> all_dealt_by() const { return all_dealt_by_; }

 private:
  void run_fast(std::uint64_t steps);
  void step_exact();
  void mark(std::uint64_t hand_bits, std::uint64_t lowest_seed);

  std::uint64_t processed_ = 0;
  std::uint64_t hand_ = 0;                // cards of the current pat hand (bit = card)
  std::array<std::uint8_t, 64> ring_{};   // card values of the last 64 positions
  std::vector<std::uint64_t> seen_;       // kPatHands bits
  std::uint64_t reachable_ = 0;
  std::optional<std::uint64_t> all_dealt_by_;
};

// Colex rank of a 5-card set (bit c = card c) in [0, C(52,5)).
std::uint32_t pat_hand_rank(std::uint64_t hand_bits);

// Job "poker_sweep": params first=P&count=N (decimal cycle positions, count 1..2^32).
// result(): {seeds, total calls, max calls, max seed, histogram[0], histogram[1], ...}.
class PokerSweepJob final : public Job {
 public:
  PokerSweepJob(std::uint64_t first, std::uint64_t count) : sweeper_(first, count) {}
  double step(std::uint64_t budget) override;
  bool done() const override { return sweeper_.done(); }
  std::vector<double> result() const override;
  std::string summary() const override;

 private:
  DealEndSweeper sweeper_;
};

// Job "poker_hands": same params; result(): {seeds marked, reachable pat
// hands, offset of the seed completing the set or -1}.
class PokerHandsJob final : public Job {
 public:
  PokerHandsJob(std::uint64_t first, std::uint64_t count) : sweeper_(first, count) {}
  double step(std::uint64_t budget) override;
  bool done() const override { return sweeper_.done(); }
  std::vector<double> result() const override;
  std::string summary() const override;

 private:
  PatHandSweeper sweeper_;
};

Result<std::shared_ptr<Job>> make_poker_sweep_job(FieldReader& fields);
Result<std::shared_ptr<Job>> make_poker_hands_job(FieldReader& fields);

// SweepStats from a finished or partial poker_sweep result vector.
SweepStats sweep_stats_from_result(const std::vector<double>& result);
// The result vector of `stats` (the inverse of sweep_stats_from_result).
std::vector<double> sweep_result(const SweepStats& stats);
// The one-line summary of a finished sweep.
std::string sweep_summary(const SweepStats& stats);

// A poker_sweep range cut into `parts` consecutive ranges (fewer when the
// range is shorter), for workers running in parallel; merging their stats
// (SweepStats::merge) gives exactly the whole range's.
std::vector<std::string> split_poker_sweep(FieldReader& fields, unsigned parts);

}  // namespace shufflelab
