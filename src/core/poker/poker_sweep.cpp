#include "core/poker/poker_sweep.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>

namespace shufflelab {

namespace {
constexpr std::uint32_t kFirstTooHighState = kOneChipDeckCards << 26;  // states >= this read 52..63

// Single bits looked up: in the pat-hand loop a variable shift cost register
// shuffling in WebAssembly engines (x86 wants the count in CL). The deal-end
// loop measured faster with its shift (DealEndSweeper::run_fast).
constexpr auto kBit = [] {
  std::array<std::uint64_t, 64> bits{};
  for (std::uint32_t i = 0; i < 64; ++i) bits[i] = std::uint64_t{1} << i;
  return bits;
}();

inline std::uint32_t leading_zeros(std::uint64_t x) { return static_cast<std::uint32_t>(std::countl_zero(x)); }

// Bits 0 .. (highest set bit of mask): the window ending at that card. This
// one stays a shift: a table load here would sit on the loop's critical path.
inline std::uint64_t through_highest_bit(std::uint64_t mask) { return ~std::uint64_t{0} >> (leading_zeros(mask) & 63); }

constexpr auto kColexTable = [] {
  std::array<std::array<std::uint32_t, 64>, kPatHandCards + 1> c{};
  for (std::uint32_t n = 0; n < 64; ++n) {
    c[0][n] = 1;
    for (std::uint32_t k = 1; k <= kPatHandCards; ++k) c[k][n] = n == 0 ? 0 : c[k][n - 1] + c[k - 1][n - 1];
  }
  return c;  // c[k][n] = C(n, k)
}();
}  // namespace

std::uint32_t pat_hand_rank(std::uint64_t hand_bits) {
  std::uint32_t rank = 0;
  for (std::uint32_t k = 1; k <= kPatHandCards; ++k) {
    rank += kColexTable[k][std::countr_zero(hand_bits) & 63];
    hand_bits &= hand_bits - 1;
  }
  return rank;
}

// ---------------------------------------------------------------------------
DealEndWalk::DealEndWalk(std::uint64_t first_position, std::uint64_t count, std::uint32_t distinct)
    : count_(std::min(count, kLcrngPeriod)),
      distinct_(distinct),
      seed_state_(lcrng_jump(0, first_position % kLcrngPeriod)),
      state_(seed_state_) {
  stamp_.fill(0u - kStampSlack);
  if (count_ == 0) return;
  // The first seed's cards up to its `distinct`-th distinct valid value.
  std::uint64_t values_seen = 0;
  while (static_cast<std::uint32_t>(std::popcount(values_seen)) < distinct_) {
    push_exact();
    if (lcrng_card(state_) < kOneChipDeckCards) values_seen |= std::uint64_t{1} << lcrng_card(state_);
  }
}

void DealEndWalk::push_exact() {
  state_ = lcrng_next(state_);
  ++position_;
  const std::uint32_t value = lcrng_card(state_);
  const auto now = static_cast<std::uint32_t>(position_);
  const std::uint32_t age = now - stamp_[value];
  stamp_[value] = now;
  latest_ = (latest_ << 1) | static_cast<std::uint64_t>(value < kOneChipDeckCards);
  if (age < 64) latest_ &= ~(std::uint64_t{1} << age);
  span_ = recount_span();
}

std::uint32_t DealEndWalk::recount_span() const {
  std::array<std::uint32_t, kOneChipDeckCards> ages{};
  const auto now = static_cast<std::uint32_t>(position_);
  for (std::uint32_t v = 0; v < kOneChipDeckCards; ++v) ages[v] = now - stamp_[v];
  std::nth_element(ages.begin(), ages.begin() + (distinct_ - 1), ages.end());
  return ages[distinct_ - 1];
}

void DealEndWalk::refresh_stamps() {
  const auto now = static_cast<std::uint32_t>(position_);
  for (std::uint32_t& s : stamp_)
    if (now - s > kStampSlack) s = now - kStampSlack;
}

std::uint64_t DealEndWalk::seeds_ending_by_now() const {
  return count_ == 0 ? 0 : std::min(position_ - span_, count_);
}

// ---------------------------------------------------------------------------
DealEndSweeper::DealEndSweeper(std::uint64_t first_position, std::uint64_t count)
    : DealEndWalk(first_position, count, kOneChipDealCards), calls_diff_(66, 0) {
  if (count_ == 0) return;
  // The walk stands at the first seed's deal end; seeds 0 .. position - span - 1 end there too.
  const auto first_calls = static_cast<std::uint32_t>(position_);
  const std::uint64_t highest = std::min<std::uint64_t>(position_ - span_ - 1, count_ - 1);
  add_seeds(0, first_calls, static_cast<std::uint32_t>(position_ - highest));
  processed_ = seeds_ending_by_now();
}

void DealEndSweeper::add_seeds(std::uint64_t lowest_seed, std::uint32_t most_calls, std::uint32_t fewest_calls) {
  if (most_calls + 2 > calls_diff_.size()) calls_diff_.resize(most_calls + 2, 0);
  ++calls_diff_[fewest_calls];
  --calls_diff_[most_calls + 1];
  if (most_calls >= maximum_.max_calls) maximum_.add_maximum(lcrng_jump(seed_state_, lowest_seed), most_calls);
}

void DealEndSweeper::step_exact() {
  const std::uint32_t before = span_;
  push_exact();
  // Seeds ending at this card, lowest first: position - before - 1 .. position - span - 1.
  if (span_ <= before) {
    const std::uint64_t lowest = position_ - before - 1;
    if (lowest < count_) {
      const std::uint64_t highest = std::min<std::uint64_t>(position_ - span_ - 1, count_ - 1);
      add_seeds(lowest, before + 1, static_cast<std::uint32_t>(position_ - highest));
    }
  }
  processed_ = seeds_ending_by_now();
}

void DealEndSweeper::run(std::uint64_t budget) {
  // The hot loop stops before t + 1 could reach the current maximum.
  walk(budget, [this] { return done(); },
       [this] { return span_ + 1 < maximum_.max_calls && span_ < kFastSpanLimit; },
       [this](std::uint64_t steps) { run_fast(steps); }, [this] { step_exact(); });
}

// One value into the deal-end window (see DealEndWalk): `latest` keeps the
// newest copy of each card, `previous_copy` is the bit of this value's last
// copy. Returns 1 when the value is a new card inside the window, which then
// moves up to its highest card; otherwise the window grows by one.
inline std::uint64_t advance_window(std::uint64_t& latest, std::uint64_t& window, std::uint64_t valid,
                                    std::uint64_t previous_copy) {
  latest = ((latest << 1) | valid) & ~previous_copy;
  const std::uint64_t new_value = valid & static_cast<std::uint64_t>((window & previous_copy) == 0);
  const std::uint64_t moved = through_highest_bit(latest & window);
  const std::uint64_t grown = window + window + 1;
  window = new_value ? moved : grown;
  return new_value;
}

// The hot loop. Per card: the mask of "latest copy" bits shifts in the card
// and drops its value's previous copy; W = bits 0..t. If the card is a new
// value for the window (valid, previous copy at or past the 10th), the old
// 10th leaves and the new 10th is the highest latest-copy bit below it;
// otherwise the window just grows: t + 1. W is rebuilt from its leading
// zeros each card rather than grown and selected (7% faster in wasm, where
// this loop is bound by its operation count). Two histograms taken in turn, by
// leading zeros of W (= 63 - t), keep counter increments independent. The
// loop stops before t + 1 could reach the current maximum (those seeds need
// their seed found) or 60 (the 64-bit masks would overflow): exact steps go on.
void DealEndSweeper::run_fast(std::uint64_t steps) {
  // Leading zeros of W = 63 - t. Stay while t + 2 < min(60, max - 1).
  const std::uint32_t limit = std::min(kFastSpanLimit, maximum_.max_calls - 1);
  const std::uint32_t fewest_zeros = 63 - limit + 2;
  std::uint32_t state = state_;
  auto now = static_cast<std::uint32_t>(position_);
  std::uint64_t missing = ~latest_;  // latest_ inverted: one operation less per card
  std::uint64_t window = (std::uint64_t{2} << span_) - 1;
  std::uint32_t zeros = 63 - span_;
  std::uint32_t* stamp = stamp_.data();
  const std::uint32_t start_span = span_;
  std::uint64_t done_steps = 0;
  const auto one_card = [&](std::array<std::uint64_t, 64>& by_zeros) {
    state = lcrng_next(state);
    const std::uint32_t value = lcrng_card(state);
    ++now;
    const std::uint32_t age = now - stamp[value];
    stamp[value] = now;
    // A card too high reads bit 0, which every window holds: it is never new and
    // shifts no latest copy in. Bit 63 is outside every window here. (A shift,
    // not kBit: here it measured 9% faster in wasm.)
    const std::uint64_t previous_copy = std::uint64_t{1} << (state < kFirstTooHighState ? std::min(age, 63u) : 0u);
    missing = (missing << 1) | previous_copy;
    const std::uint32_t highest_zeros = leading_zeros(window & ~missing);
    zeros = (window & previous_copy) == 0 ? highest_zeros : zeros - 1;
    window = ~std::uint64_t{0} >> zeros;
    ++by_zeros[zeros];
  };
  // Four cards a turn while t may grow by four within the limit (fewer loop
  // tests per card), then two at a time up to the limit as before.
  for (; done_steps + 4 <= steps && zeros >= fewest_zeros + 2; done_steps += 4) {
    one_card(by_zeros_even_);
    one_card(by_zeros_odd_);
    one_card(by_zeros_even_);
    one_card(by_zeros_odd_);
  }
  for (; done_steps + 2 <= steps && zeros >= fewest_zeros; done_steps += 2) {
    one_card(by_zeros_even_);
    one_card(by_zeros_odd_);
  }
  if (done_steps == 0) return;
  state_ = state;
  position_ += done_steps;
  latest_ = ~missing;
  span_ = 63 - zeros;
  // Each card R adds its seed range [t(R) + 1, t(R-1) + 1] to the histogram
  // as differences: +1 at t(R) + 1 (counted by_zeros, folded in stats()) and
  // -1 at t(R-1) + 2, which over a run is the same multiset except the
  // first t (here) and the last (undone here).
  calls_diff_[start_span + 2] -= 1;
  calls_diff_[span_ + 2] += 1;
  processed_ = seeds_ending_by_now();
}

SweepStats DealEndSweeper::stats() const {
  std::vector<std::int64_t> diff = calls_diff_;
  for (std::uint32_t zeros = 0; zeros < 64; ++zeros) {
    const auto cards = static_cast<std::int64_t>(by_zeros_even_[zeros] + by_zeros_odd_[zeros]);
    diff[63 - zeros + 1] += cards;
    diff[63 - zeros + 2] -= cards;
  }
  SweepStats s;
  s.histogram.assign(diff.size(), 0);
  std::int64_t running = 0;
  for (std::size_t c = 0; c < diff.size(); ++c) {
    running += diff[c];
    s.histogram[c] = static_cast<std::uint64_t>(running);
    s.seeds += s.histogram[c];
    s.total_calls += s.histogram[c] * c;
  }
  s.max_calls = maximum_.max_calls;
  s.max_seed = maximum_.max_seed;
  return s;
}

// ---------------------------------------------------------------------------
PatHandSweeper::PatHandSweeper(std::uint64_t first_position, std::uint64_t count)
    : DealEndWalk(first_position, count, kPatHandCards), seen_((kPatHands + 63) / 64, 0) {
  if (count_ == 0) return;
  std::uint32_t state = seed_state_;
  for (std::uint64_t p = 1; p <= position_; ++p) {
    state = lcrng_next(state);
    ring_[p & 63] = static_cast<std::uint8_t>(lcrng_card(state));
    if (lcrng_card(state) < kOneChipDeckCards) hand_ |= std::uint64_t{1} << lcrng_card(state);
  }
  mark(hand_, 0);
  processed_ = seeds_ending_by_now();
}

void PatHandSweeper::mark(std::uint64_t hand_bits, std::uint64_t lowest_seed) {
  const std::uint32_t rank = pat_hand_rank(hand_bits);
  std::uint64_t& word = seen_[rank >> 6];
  if (word & kBit[rank & 63]) return;
  word |= kBit[rank & 63];
  if (++reachable_ == kPatHands) all_dealt_by_ = lowest_seed;
}

bool PatHandSweeper::reached(std::uint64_t hand_bits) const {
  if (std::popcount(hand_bits) != static_cast<int>(kPatHandCards) || (hand_bits >> kOneChipDeckCards) != 0) return false;
  const std::uint32_t rank = pat_hand_rank(hand_bits);
  return (seen_[rank >> 6] >> (rank & 63)) & 1;
}

void PatHandSweeper::step_exact() {
  const std::uint32_t before = span_;
  // The value whose latest copy is the current 5th most recent leaves if a new value comes.
  const auto now = static_cast<std::uint32_t>(position_);
  std::uint32_t leaving = 0;
  for (std::uint32_t v = 0; v < kOneChipDeckCards; ++v)
    if (now - stamp_[v] == before) leaving = v;
  push_exact();
  const std::uint32_t value = lcrng_card(state_);
  ring_[position_ & 63] = static_cast<std::uint8_t>(value);
  if (span_ <= before) {
    hand_ = (hand_ & ~(std::uint64_t{1} << leaving)) | (std::uint64_t{1} << value);
    if (position_ - before - 1 < count_) mark(hand_, position_ - before - 1);
  }
  processed_ = seeds_ending_by_now();
}

void PatHandSweeper::run(std::uint64_t budget) {
  walk(budget, [this] { return done(); }, [this] { return span_ < kFastSpanLimit; },
       [this](std::uint64_t steps) { run_fast(steps); }, [this] { step_exact(); });
}

// As DealEndSweeper::run_fast with 5 for 10, plus the hand: when a new value
// arrives, the card at the old 5th position (kept in a 64-card ring) leaves.
// Marking every card's hand, changed or not, keeps the loop branch-free.
void PatHandSweeper::run_fast(std::uint64_t steps) {
  const std::uint32_t fewest_zeros = 63 - kFastSpanLimit + 1;  // t < 60 after every card
  std::uint32_t state = state_;
  auto now = static_cast<std::uint32_t>(position_);
  std::uint64_t latest = latest_;
  std::uint64_t window = (std::uint64_t{2} << span_) - 1;
  std::uint32_t zeros = 63 - span_;
  std::uint64_t hand = hand_;
  std::uint32_t* stamp = stamp_.data();
  std::uint8_t* ring = ring_.data();
  std::uint64_t* seen = seen_.data();
  std::uint64_t reachable = reachable_;
  std::uint32_t zeros_before = zeros;  // of the last card's step: says which seeds deal its hand
  std::uint64_t done_steps = 0;
  for (; done_steps < steps && zeros >= fewest_zeros && reachable < kPatHands; ++done_steps) {
    zeros_before = zeros;
    state = lcrng_next(state);
    const std::uint32_t value = lcrng_card(state);
    ++now;
    const std::uint32_t age = now - stamp[value];
    stamp[value] = now;
    // Old 5th card: position now - (t + 1) = now - 64 + leading zeros of W.
    const std::uint32_t leaving = ring[(now + zeros) & 63];
    ring[now & 63] = static_cast<std::uint8_t>(value);
    const auto valid = static_cast<std::uint64_t>(state < kFirstTooHighState);
    const std::uint64_t previous_copy = kBit[std::min(age, 63u)];
    const std::uint64_t new_value = advance_window(latest, window, valid, previous_copy);
    zeros = leading_zeros(window);
    const std::uint64_t changed = (hand & ~kBit[leaving & 63]) | kBit[value];
    hand = new_value ? changed : hand;
    const std::uint32_t rank = pat_hand_rank(hand);
    const std::uint64_t word = seen[rank >> 6];
    reachable += (word & kBit[rank & 63]) == 0;
    seen[rank >> 6] = word | kBit[rank & 63];
  }
  if (done_steps == 0) return;
  state_ = state;
  position_ += done_steps;
  latest_ = latest;
  hand_ = hand;
  reachable_ = reachable;
  span_ = 63 - zeros;
  processed_ = seeds_ending_by_now();
  // The card that completed the set made a new hand: its seeds start at R - t(R-1) - 1.
  if (reachable_ == kPatHands) all_dealt_by_ = position_ - (63 - zeros_before) - 1;
}

// ---------------------------------------------------------------------------
namespace {
double fraction(std::uint64_t done, std::uint64_t total) {
  return total == 0 ? 1.0 : static_cast<double>(done) / static_cast<double>(total);
}

Result<std::pair<std::uint64_t, std::uint64_t>> read_range(FieldReader& f) {
  using R = Result<std::pair<std::uint64_t, std::uint64_t>>;
  std::uint64_t first = 0, count = 0;
  if (!f.decimal("first", 0, kLcrngPeriod - 1, first)) return R::fail("first: missing or not 0..4294967295");
  if (!f.decimal("count", 1, kLcrngPeriod, count)) return R::fail("count: missing or not 1..4294967296");
  return R::ok({first, count});
}
}  // namespace

double PokerSweepJob::step(std::uint64_t budget) {
  sweeper_.run(budget);
  return fraction(sweeper_.processed(), sweeper_.count());
}

std::vector<double> sweep_result(const SweepStats& s) {
  std::vector<double> out{static_cast<double>(s.seeds), static_cast<double>(s.total_calls),
                          static_cast<double>(s.max_calls), static_cast<double>(s.max_seed)};
  for (std::uint64_t n : s.histogram) out.push_back(static_cast<double>(n));
  return out;
}

std::string sweep_summary(const SweepStats& s) {
  char line[120];
  std::snprintf(line, sizeof line, "%llu seeds: at most %u calls (first at seed %08X), mean %.4f",
                static_cast<unsigned long long>(s.seeds), s.max_calls, s.max_seed, s.mean_calls());
  return line;
}

std::vector<std::string> split_poker_sweep(FieldReader& fields, unsigned parts) {
  auto range = read_range(fields);
  if (!range || parts == 0) return {};
  const auto [first, count] = range.value();
  const std::uint64_t pieces = std::min<std::uint64_t>(parts, count);
  std::vector<std::string> out;
  for (std::uint64_t k = 0, begin = 0; k < pieces; ++k) {
    const std::uint64_t end = count * (k + 1) / pieces;
    out.push_back("first=" + std::to_string((first + begin) % kLcrngPeriod) + "&count=" + std::to_string(end - begin));
    begin = end;
  }
  return out;
}

std::vector<double> PokerSweepJob::result() const { return sweep_result(sweeper_.stats()); }

std::string PokerSweepJob::summary() const {
  if (!sweeper_.done())
    return "dealt from " + std::to_string(sweeper_.processed()) + " of " + std::to_string(sweeper_.count()) + " seeds";
  return sweep_summary(sweeper_.stats());
}

double PokerHandsJob::step(std::uint64_t budget) {
  sweeper_.run(budget);
  if (sweeper_.done()) return 1.0;
  // Whichever end comes first: the range, or every pat hand seen.
  return std::max(fraction(sweeper_.processed(), sweeper_.count()), fraction(sweeper_.reachable(), kPatHands));
}

std::vector<double> PokerHandsJob::result() const {
  const auto by = sweeper_.all_dealt_by();
  return {static_cast<double>(sweeper_.processed()), static_cast<double>(sweeper_.reachable()),
          by ? static_cast<double>(*by) : -1.0};
}

std::string PokerHandsJob::summary() const {
  if (const auto by = sweeper_.all_dealt_by())
    return "all " + std::to_string(kPatHands) + " pat hands are dealt by the first " + std::to_string(*by + 1) + " seeds";
  if (!sweeper_.done())
    return std::to_string(sweeper_.reachable()) + " pat hands so far, from " + std::to_string(sweeper_.processed()) +
           " seeds";
  return std::to_string(sweeper_.reachable()) + " of " + std::to_string(kPatHands) + " pat hands are dealt";
}

Result<std::shared_ptr<Job>> make_poker_sweep_job(FieldReader& fields) {
  using R = Result<std::shared_ptr<Job>>;
  auto range = read_range(fields);
  if (!range) return R::fail(range.error());
  return R::ok(std::make_shared<PokerSweepJob>(range->first, range->second));
}

Result<std::shared_ptr<Job>> make_poker_hands_job(FieldReader& fields) {
  using R = Result<std::shared_ptr<Job>>;
  auto range = read_range(fields);
  if (!range) return R::fail(range.error());
  return R::ok(std::make_shared<PokerHandsJob>(range->first, range->second));
}

SweepStats sweep_stats_from_result(const std::vector<double>& result) {
  SweepStats s;
  if (result.size() < 4) return s;
  s.seeds = static_cast<std::uint64_t>(result[0]);
  s.total_calls = static_cast<std::uint64_t>(result[1]);
  s.max_calls = static_cast<std::uint32_t>(result[2]);
  s.max_seed = static_cast<std::uint32_t>(result[3]);
  for (std::size_t i = 4; i < result.size(); ++i) s.histogram.push_back(static_cast<std::uint64_t>(result[i]));
  return s;
}

}  // namespace shufflelab
