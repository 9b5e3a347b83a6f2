#include "core/poker/poker_lab.hpp"

#include <algorithm>

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

std::string_view card_rank_label(std::uint32_t card) {
  static constexpr std::string_view kLabels[] = {"2", "3", "4",  "5", "6", "7", "8",
                                                 "9", "10", "J", "Q", "K", "A"};
  return card < kOneChipDeckCards ? kLabels[card_rank(card)] : "?";
}

std::string_view card_suit_name(std::uint32_t card) {
  static constexpr std::string_view kSuits[] = {"hearts", "diamonds", "clubs", "spades"};
  return card < kOneChipDeckCards ? kSuits[card_suit(card)] : "?";
}

bool card_is_red(std::uint32_t card) { return card_suit(card) < 2; }

std::string card_long_name(std::uint32_t card) {
  static constexpr std::string_view kNames[] = {"2",  "3",    "4",     "5",    "6",   "7",  "8",
                                                "9",  "10",   "jack",  "queen", "king", "ace"};
  if (card >= kOneChipDeckCards) return "no card";
  return std::string(kNames[card_rank(card)]) + " of " + std::string(card_suit_name(card));
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

}  // namespace shufflelab
