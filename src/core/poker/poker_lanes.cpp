#include "core/poker/poker_lanes.hpp"

namespace shufflelab {

LabLanes poker_lab_lanes(const PokerLabState& state) {
  const PokerDealView view = poker_deal_view(state);
  const std::uint32_t s = view.step;
  LabLanes out;
  LabLane call;
  call.algorithm = AsmAlgorithm::pic_lcrng;
  call.inputs = {s == 0 ? view.seed : (s == 1 ? view.seed : view.calls[s - 2].state), 0, 6, 1};
  mark_start_or_end(call, s == 0);
  call.value = memory_value("STATE", 4, false);
  call.lab_value = {view.state};
  call.lab_label = "LCRNG state after call " + std::to_string(s);
  call.call_label = s == 0 ? "call 1, about to run" : "call " + std::to_string(s) + ", at its end";
  out.lanes.push_back(call);
  LabLane deal;
  deal.algorithm = AsmAlgorithm::pic_deal;
  deal.inputs = {view.seed, 0, 6, 1};
  if (s < view.deal.calls) deal.mark_label = "lcrng", deal.mark_count = s + 1;
  deal.value = memory_value("STATE", 4, false);
  deal.lab_value = {view.state};
  deal.lab_label = "LCRNG state after call " + std::to_string(s);
  deal.call_label = "the deal, stopped after LCRNG call " + std::to_string(s) + " of " + std::to_string(view.deal.calls);
  out.lanes.push_back(std::move(deal));
  out.lanes.push_back(lane_on_6502(std::move(call), AsmAlgorithm::mos6502_lcrng));  // the call on the 6502: 32-bit multiply
  return out;
}

}  // namespace shufflelab
