#include "core/shuffle/shuffle_lanes.hpp"

#include "core/gen/generators.hpp"

namespace shufflelab {

LabLanes shuffle_lab_lanes(const ShuffleLabState& state, const LabRecording& recording) {
  const std::string with_listing =
      "Listings: Fisher-Yates over 78 cards from tarot32 bytes by fdr-tarot (Game Boy), over 52 cards from tarot32 "
      "bytes by reject (6502), and the PDEP strike (x86-64; plus Lemire when it draws from 64-bit splitmix64 words).";
  const ShuffleSetup& setup = recording.setup;
  const std::uint32_t total = recording.total_steps();
  if (total == 0) return no_lanes("This shuffle makes no draws. " + with_listing);
  const auto t = static_cast<std::uint32_t>(std::min<std::uint64_t>(state.t, total));
  LabLanes out;
  if (!setup.lin2003 && setup.spec.algo == ShuffleAlgo::FisherYates) {
    const DrawSourceSpec& src = setup.source;
    const bool bytes = src.generator == "tarot32" && src.bits == 8 && src.discard == 0;
    const bool game_boy = bytes && setup.spec.n == 78 && src.method.kind == DrawMethod::Kind::fdr &&
                          src.method.fdr == FdrVariant::tarot;
    const bool mos6502 = bytes && setup.spec.n == 52 && src.method.kind == DrawMethod::Kind::range &&
                         src.method.range == RangeMethod::mask_reject;
    if (!game_boy && !mos6502)
      return no_lanes("The Game Boy listing shuffles 78 cards from tarot32 bytes with fdr-tarot on 8-bit words and no "
                  "warm-up, the 6502 one 52 cards with reject; this setup differs. " + with_listing);
    LabLane lane;
    lane.algorithm = game_boy ? AsmAlgorithm::sm83_shuffle : AsmAlgorithm::mos6502_shuffle;
    lane.inputs = {src.seed, 0, 6, 1};
    if (t < total) lane.mark_label = "shuffle_swap", lane.mark_count = t + 1;
    lane.value = memory_value("DECK", setup.spec.n, true);
    ShuffleFrame frame = shuffle_frame(recording, CardFaces::numbers, t);
    lane.lab_value.assign(frame.deck.begin(), frame.deck.end());
    lane.lab_label = "the deck after step " + std::to_string(t);
    lane.call_label = "the shuffle, stopped after swap " + std::to_string(t) + " of " + std::to_string(total);
    out.lanes.push_back(std::move(lane));
    return out;
  }
  if (setup.lin2003 || setup.spec.algo != ShuffleAlgo::Pdep)
    return no_lanes("No listing for " + algo_label(state) + ". " + with_listing);
  const std::uint32_t step = std::max<std::uint32_t>(t, 1);  // at t = 0: the first draw, about to happen
  const ShuffleFrame frame = shuffle_frame(recording, CardFaces::numbers, step);
  if (!frame.pdep) return no_lanes("This step has no PDEP strike.");
  const PdepStep& p = *frame.pdep;
  const std::string which = t == 0 ? "step 1 (next)" : "step " + std::to_string(step);
  LabLane strike;
  strike.algorithm = AsmAlgorithm::x86_strike;
  strike.inputs = {p.set_before, 0, p.rank_in_word, 1};
  strike.lab_value = {p.card - 64 * p.word_index};
  strike.lab_label = "card struck at " + which + (p.words > 1 ? " (within 64-card word " +
                                                                  std::to_string(p.word_index) + ")" : "");
  strike.call_label = "strike rank " + std::to_string(p.rank_in_word) + " of the word's remaining cards";
  out.lanes.push_back(std::move(strike));
  const DrawSourceSpec& src = setup.source;
  if (src.method.kind == DrawMethod::Kind::range && src.method.range == RangeMethod::lemire &&
      src.generator == "splitmix64" && src.bits == 64) {
    const std::size_t before = step == 1 ? 0 : recording.input_ends[step - 2];
    LabLane lemire;
    lemire.algorithm = AsmAlgorithm::x86_lemire;
    lemire.inputs = {src.seed + before * kSplitMix64Increment, 0, setup.spec.n - (step - 1), 1};
    lemire.lab_value = {p.rank};
    lemire.lab_label = "rank drawn at " + which;
    lemire.call_label = "draw in [0, " + std::to_string(lemire.inputs.n) + ")";
    out.lanes.push_back(std::move(lemire));
  }
  return out;
}

}  // namespace shufflelab
