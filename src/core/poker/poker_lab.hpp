// poker_lab.hpp: the One Chip poker lab (seed 004): its state (what a link
// carries), the codec, the deal seen at one step, and the article's claims set
// against counted numbers.
//
// A link is #v=1&lab=poker&seed=DEADBEEF&t=5: the LCRNG state before the
// first call (8 hex digits) and t, how many calls of the deal are shown (0 up
// to the deal's total, at most 39 for any seed as the sweep shows); t as in
// the LFSR lab.
// Cards: rank = card >> 2 (0 = "2" ... 12 = "A"), suit = card & 3 in the order
// hearts, diamonds, clubs, spades (core/poker/poker.hpp explains that choice).
// The claims: the article says a deal needs at most 39 calls and speaks of 4
// billion hands; the numbers are 2^32 seeds, C(52,5) possible pat hands and
// C(52,5) * 47*46*45*44*43 possible deals (pat hand as a set, draws in order).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/cards.hpp"
#include "core/poker/poker.hpp"
#include "core/poker/poker_sweep.hpp"
#include "core/base/url_fields.hpp"

namespace shufflelab {

struct PokerLabState {
  std::uint32_t seed = 0xDEADBEEF;  // LCRNG state before the deal's first call
  std::uint32_t step = 0;           // link field t: calls shown, 0 .. the deal's total
  bool lanes = false;               // link field lanes=1: the assembly lanes open
  std::string run;                  // run=sweep (all 2^32 seeds) | sample (2^24) | hands: re-run when the link opens
  bool operator==(const PokerLabState&) const = default;
};

void decode_poker_lab(FieldReader& fields, PokerLabState& state);
void encode_poker_lab(const PokerLabState& state, FieldWriter& out);
// The lab's name in links ("lab=poker"), and a link to the lab in this state.
constexpr std::string_view kPokerLabName = "poker";
std::string poker_lab_link(const PokerLabState& state);

// The same state with the seed set and the step clamped to that deal's calls.
PokerLabState with_poker_seed(PokerLabState state, std::uint32_t seed);
PokerLabState with_poker_step(PokerLabState state, std::int64_t step);
std::uint32_t poker_deal_calls(std::uint32_t seed);

// What the deal looks like after `step` calls.
struct PokerDealView {
  std::uint32_t seed = 0;
  std::uint32_t step = 0;
  OneChipDeal deal;               // the whole deal (all calls)
  std::vector<DealCall> calls;    // its trace, one entry per call
  std::uint32_t state = 0;        // LCRNG state after `step` calls (the seed at step 0)
  std::vector<std::uint8_t> dealt;  // cards dealt by then, in order (first 5 = pat hand)
  std::uint32_t too_high = 0;     // rejections by then
  std::uint32_t duplicates = 0;
  // For a duplicate at this step: the call (1-based) that first dealt the card.
  std::uint32_t first_dealt_at = 0;
};
PokerDealView poker_deal_view(const PokerLabState& state);

// Card faces and names: core/base/cards.hpp (CardFaces::standard is this
// lab's numbering).

// The article's numbers set against counted ones.
constexpr std::uint32_t kArticleWorstCalls = 39;
std::uint64_t pat_hand_count();       // C(52, 5)
std::uint64_t possible_deal_count();  // C(52, 5) * 47 * 46 * 45 * 44 * 43

// Sweep job parameters: every seed, or the first 2^24 cycle positions from state 0.
constexpr std::uint64_t kPokerSampleSeeds = std::uint64_t{1} << 24;
std::string poker_sweep_params(bool full);

// The sweep's histogram as the lab draws it: bars for kFirstSweepBar ..
// kLastSweepBar calls (the last bar holds that many or more), each with its
// height as a share of the plot (linear, or log10 with a 0.3 floor so single
// seeds still show) and its share of all seeds; gridlines at powers of 1000
// (log) or quarters of the tallest bar (linear), with their labels.
constexpr int kFirstSweepBar = 10;
constexpr int kLastSweepBar = 39;
struct SweepBar {
  int calls = 0;             // the bar's call count (kLastSweepBar: that many or more)
  std::uint64_t seeds = 0;   // seeds whose deal takes that many calls
  double height = 0.0;       // 0..1 of the plot
  double percent = 0.0;      // of all seeds swept
  bool is_max = false;       // the bar holding the most calls any seed needs
};
struct SweepGridline {
  double height = 0.0;  // 0..1
  std::string label;    // "1e3", "2.1e+06"
};
struct SweepHistogramView {
  std::vector<SweepBar> bars;
  std::vector<SweepGridline> gridlines;
};
SweepHistogramView sweep_histogram_view(const SweepStats& stats, bool log_scale);

// The claims' numbers: the share of all possible deals 2^32 seeds can deal
// (percent) and how often each pat hand comes up on average.
double dealt_share_percent();
double deals_per_pat_hand();

// Seconds left when `progress` (0..1] took `elapsed` seconds; none before any progress.
std::optional<double> eta_seconds(double progress, double elapsed);

}  // namespace shufflelab
