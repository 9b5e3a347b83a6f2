#include "core/poker/poker_lab.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace shufflelab {

std::uint32_t poker_deal_calls(std::uint32_t seed) { return one_chip_deal(seed).calls; }

PokerLabState with_poker_seed(PokerLabState state, std::uint32_t seed) {
  state.seed = seed;
  state.step = std::min(state.step, poker_deal_calls(seed));
  return state;
}

PokerLabState with_poker_step(PokerLabState state, std::int64_t step) {
  const std::int64_t last = poker_deal_calls(state.seed);
  state.step = static_cast<std::uint32_t>(std::clamp<std::int64_t>(step, 0, last));
  return state;
}

void decode_poker_lab(FieldReader& fields, PokerLabState& state) {
  std::uint64_t seed = 0;
  if (fields.hex("seed", 8, seed)) state.seed = static_cast<std::uint32_t>(seed);
  fields.flag("lanes", state.lanes);
  fields.word("run", {"sweep", "sample", "hands"}, state.run);
  const std::uint32_t calls = poker_deal_calls(state.seed);
  std::uint64_t step = 0;
  // Any number first, so the notice can say why a large one is refused.
  if (!fields.decimal("t", 0, ~std::uint64_t{0}, step)) return;
  if (step > calls) {
    fields.notice("t: " + std::to_string(step) + " is past the last call of this deal (" + std::to_string(calls) +
                  " calls)");
    return;
  }
  state.step = static_cast<std::uint32_t>(step);
}

void encode_poker_lab(const PokerLabState& state, FieldWriter& out) {
  out.add_hex("seed", state.seed, 8);
  out.add("t", std::uint64_t{state.step});
  if (state.lanes) out.add("lanes", "1");
  if (!state.run.empty()) out.add("run", state.run);
}

PokerDealView poker_deal_view(const PokerLabState& state) {
  PokerDealView view;
  view.seed = state.seed;
  view.deal = one_chip_deal(state.seed, &view.calls);
  view.step = std::min<std::uint32_t>(state.step, view.deal.calls);
  view.state = view.step == 0 ? state.seed : view.calls[view.step - 1].state;
  std::vector<std::uint32_t> dealt_at(kOneChipDeckCards, 0);
  for (std::uint32_t i = 0; i < view.step; ++i) {
    const DealCall& call = view.calls[i];
    if (call.verdict == DealVerdict::Dealt) {
      view.dealt.push_back(static_cast<std::uint8_t>(call.value));
      dealt_at[call.value] = i + 1;
    }
    if (call.verdict == DealVerdict::TooHigh) ++view.too_high;
    if (call.verdict == DealVerdict::Duplicate) ++view.duplicates;
  }
  if (view.step > 0 && view.calls[view.step - 1].verdict == DealVerdict::Duplicate)
    view.first_dealt_at = dealt_at[view.calls[view.step - 1].value];
  return view;
}

std::uint64_t pat_hand_count() {
  // C(52, 5) by the multiplicative formula; every partial product divides exactly.
  std::uint64_t c = 1;
  for (std::uint64_t k = 1; k <= 5; ++k) c = c * (kOneChipDeckCards - 5 + k) / k;
  return c;
}

std::uint64_t possible_deal_count() {
  std::uint64_t draws = 1;  // ordered draw cards from the 47 left
  for (std::uint64_t k = 0; k < 5; ++k) draws *= kOneChipDeckCards - 5 - k;
  return pat_hand_count() * draws;
}

std::string poker_sweep_params(bool full) {
  return "first=0&count=" + std::to_string(full ? kLcrngPeriod : kPokerSampleSeeds);
}

std::optional<double> eta_seconds(double progress, double elapsed) {
  if (!(progress > 0.0) || elapsed < 0.0) return std::nullopt;
  if (progress >= 1.0) return 0.0;
  return elapsed * (1.0 - progress) / progress;
}

SweepHistogramView sweep_histogram_view(const SweepStats& stats, bool log_scale) {
  SweepHistogramView view;
  for (int calls = kFirstSweepBar; calls <= kLastSweepBar; ++calls) view.bars.push_back({.calls = calls});
  for (std::size_t c = static_cast<std::size_t>(kFirstSweepBar); c < stats.histogram.size(); ++c)
    view.bars[static_cast<std::size_t>(std::min(static_cast<int>(c), kLastSweepBar) - kFirstSweepBar)].seeds +=
        stats.histogram[c];
  std::uint64_t top = 1;
  for (const SweepBar& bar : view.bars) top = std::max(top, bar.seeds);
  const double top_log = std::log10(static_cast<double>(top)) + 0.3;
  const auto height_of = [&](double n) {
    if (n <= 0.0) return 0.0;
    return log_scale ? (std::log10(n) + 0.3) / top_log : n / static_cast<double>(top);
  };
  const int max_bar = static_cast<int>(std::min<std::uint32_t>(stats.max_calls, kLastSweepBar));
  for (SweepBar& bar : view.bars) {
    bar.height = height_of(static_cast<double>(bar.seeds));
    bar.percent = stats.seeds ? 100.0 * static_cast<double>(bar.seeds) / static_cast<double>(stats.seeds) : 0.0;
    bar.is_max = bar.calls == max_bar;
  }
  char label[32];
  if (log_scale) {
    for (int p = 0; std::pow(10.0, p) <= static_cast<double>(top); p += 3) {
      std::snprintf(label, sizeof label, "1e%d", p);
      view.gridlines.push_back({height_of(std::pow(10.0, p)), label});
    }
  } else {
    for (int q = 1; q <= 4; ++q) {
      std::snprintf(label, sizeof label, "%.2g", static_cast<double>(top) * q / 4.0);
      view.gridlines.push_back({q / 4.0, label});
    }
  }
  return view;
}

double dealt_share_percent() {
  return 100.0 * static_cast<double>(kLcrngPeriod) / static_cast<double>(possible_deal_count());
}

double deals_per_pat_hand() { return static_cast<double>(kLcrngPeriod) / static_cast<double>(pat_hand_count()); }

std::string poker_lab_link(const PokerLabState& state) {
  FieldWriter fields;
  encode_poker_lab(state, fields);
  return lab_link(kPokerLabName, fields);
}

}  // namespace shufflelab
