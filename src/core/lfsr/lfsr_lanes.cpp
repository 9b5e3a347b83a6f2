#include "core/lfsr/lfsr_lanes.hpp"

#include "core/base/parse.hpp"
#include "core/lfsr/lfsr_timeline.hpp"

namespace shufflelab {

namespace {
constexpr std::uint64_t kGalois16Taps = 0xB400;  // the 6502 listing's 16-bit register
}  // namespace

LabLanes lfsr_lab_lanes(const LfsrLabState& state, LabTimeline& timeline) {
  const std::string with_listing =
      "Listings exist for tarot32 (width 32, mask CF: Game Boy and 6502; width 16, mask B4: 6502), z80 (Z80) and "
      "lcg32 with the onechip preset (PIC and 6502) and xorshift (width 16 or 32: 6502).";
  const std::uint64_t t = state.t;
  LabLane lane;
  switch (state.gen) {
    case LabGen::tarot32: {
      const std::uint64_t taps = lab_galois_taps(state);
      const bool tarot = state.width == 32 && taps == tarot_taps(32, 0xCF);
      if (!tarot && !(state.width == 16 && taps == kGalois16Taps))
        return no_lanes("The Game Boy and 6502 listings hard-code a 32-bit register with mask CF in the top byte (taps " +
                    format_hex_upper(tarot_taps(32, 0xCF), 8) + "), the 6502 one also a 16-bit register with mask B4 (taps " +
                    format_hex_upper(kGalois16Taps, 4) + "); this register is " + std::to_string(state.width) +
                    " bits wide with taps " + format_hex_upper(taps, (state.width + 3) / 4) +
                    ", so the listings would show other numbers. " + with_listing);
      const std::uint64_t call = t == 0 ? 0 : (t - 1) / 8;  // LFSR() call holding bit-step t
      const std::uint64_t shifts = t - 8 * call;             // 0..8 shifts of it done at t
      const std::uint64_t before = std::get<GaloisLfsr>(timeline.at(8 * call)).state;
      const std::uint64_t at_t = std::get<GaloisLfsr>(timeline.at(t)).state;
      const std::string call_label = "LFSR() call " + std::to_string(call + 1) + " (bit-steps " +
                                     std::to_string(8 * call + 1) + ".." + std::to_string(8 * call + 8) +
                                     "), stopped after shift " + std::to_string(shifts) + " of 8";
      // Stopped where shift `shifts` of the call is done (taps included).
      auto galois_lane = [&](AsmAlgorithm algorithm, std::string_view next_label) {
        LabLane l;
        l.algorithm = algorithm;
        l.inputs = {before, 0, 6, 1};
        l.lab_value = {at_t};
        l.call_label = call_label;
        if (t == 0) mark_start_or_end(l, true);
        else if (shifts < 8) l.mark_label = next_label, l.mark_count = static_cast<std::uint32_t>(shifts);
        return l;
      };
      LabLanes out;
      if (tarot) {
        LabLane gb = galois_lane(AsmAlgorithm::sm83_lfsr, "tarot_next");
        if (t == 0) {
          gb.value = memory_value("LFSR0", 4, true);
          gb.lab_label = "register at bit-step 0 (the seed), lfsr0..lfsr3 in memory";
        } else {
          gb.value = {LaneValueSpec::Kind::registers, "BCDE", 4, true};
          gb.lab_label = "register at bit-step " + std::to_string(t) + " (B:C:D:E hold lfsr0..lfsr3)";
        }
        out.lanes.push_back(std::move(gb));
      }
      LabLane mos = tarot ? galois_lane(AsmAlgorithm::mos6502_lfsr, "tarot_next")
                          : galois_lane(AsmAlgorithm::mos6502_lfsr16, "g16_next");
      mos.value = tarot ? memory_value("LFSR0", 4, true) : memory_value("G16HI", 2, true);
      mos.lab_label = "register at bit-step " + std::to_string(t) + " (the 6502 shifts it in zero page, top byte first)";
      out.lanes.push_back(std::move(mos));
      return out;
    }
    case LabGen::z80: {
      lane.algorithm = AsmAlgorithm::z80_lfsr;
      const std::uint64_t before = t == 0 ? 0 : t - 1;
      lane.inputs = {std::get<Z80Lfsr>(timeline.at(before)).packed(), 0, 6, 1};
      lane.lab_value = {std::get<Z80Lfsr>(timeline.at(t)).packed()};
      mark_start_or_end(lane, t == 0);
      lane.value = memory_value("SEED", 8, true);
      lane.lab_label = "_LFSRSeed+0..+7 at call " + std::to_string(t);
      lane.call_label = t == 0 ? "call 1, about to run" : "call " + std::to_string(t) + ", at its end";
      break;
    }
    case LabGen::lcg32: {
      if (state.preset < 0 || static_cast<std::size_t>(state.preset) >= kLcgPresets.size() ||
          kLcgPresets[static_cast<std::size_t>(state.preset)].name != "onechip")
        return no_lanes("The PIC listing hard-codes the One Chip constants (a = 1664525, c = 1013904223, mod 2^32); "
                    "pick the onechip preset to see it. " + with_listing);
      lane.algorithm = AsmAlgorithm::pic_lcrng;
      const std::uint64_t before = t == 0 ? 0 : t - 1;
      lane.inputs = {std::get<Lcg32>(timeline.at(before)).state, 0, 6, 1};
      lane.lab_value = {std::get<Lcg32>(timeline.at(t)).state};
      mark_start_or_end(lane, t == 0);
      lane.value = memory_value("STATE", 4, false);
      lane.lab_label = "LCG state after output " + std::to_string(t);
      lane.call_label = t == 0 ? "call 1, about to run" : "call " + std::to_string(t) + ", at its end";
      LabLanes out;
      out.lanes.push_back(lane);
      out.lanes.push_back(lane_on_6502(std::move(lane), AsmAlgorithm::mos6502_lcrng));  // STATE: the same bytes, low first
      return out;
    }
    case LabGen::xorshift: {  // the listings hold the triples kXorshiftTriples gives each width
      const bool wide = state.width == 32;
      lane.algorithm = wide ? AsmAlgorithm::mos6502_xorshift32 : AsmAlgorithm::mos6502_xorshift16;
      const std::uint64_t before = t == 0 ? 0 : t - 1;
      lane.inputs = {std::get<Xorshift>(timeline.at(before)).state, 0, 6, 1};
      lane.lab_value = {std::get<Xorshift>(timeline.at(t)).state};
      mark_start_or_end(lane, t == 0);
      lane.value = wide ? memory_value("XS32", 4, false) : memory_value("XS16HI", 2, true);
      lane.lab_label = "xorshift state after output " + std::to_string(t);
      lane.call_label = t == 0 ? "call 1, about to run" : "call " + std::to_string(t) + ", at its end";
      break;
    }
    default:
      return no_lanes("No listing for " + std::string(lab_gen_name(state.gen)) + ". " + with_listing);
  }
  LabLanes out;
  out.lanes.push_back(std::move(lane));
  return out;
}

}  // namespace shufflelab
