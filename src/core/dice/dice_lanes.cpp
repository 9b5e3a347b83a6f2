#include "core/dice/dice_lanes.hpp"

#include "core/dice/dice_sample.hpp"
#include "core/gen/generators.hpp"

namespace shufflelab {

Result<DiceRoll> dice_lab_roll(const DiceLabState& state) {
  using R = Result<DiceRoll>;
  const DiceMethodInfo* method = find_dice_method(state.method);
  if (!method) return R::fail("method: unknown method \"" + state.method + "\"");
  if (const std::string problem = die_problem(*method, state.sides, static_cast<unsigned>(state.bits)); !problem.empty())
    return R::fail(problem);
  if (state.roll > kMaxDiceStepRoll)
    return R::fail("roll: at most " + std::to_string(kMaxDiceStepRoll) + " (the stepper replays the rolls before it)");
  auto generator = make_dice_generator(state.gen, state.seed);
  if (!generator) return R::fail(generator.error());
  DiceWordSource source(std::move(generator.value()), static_cast<unsigned>(state.bits));
  DiceRoll out;
  out.roll = state.roll;
  std::uint64_t roll = 0;
  // A stuck generator (the all-ones Z80 register repeats FF) can make a
  // rejecting method loop for ever: past the limit, feed a word every method
  // accepts (0; all ones for Lemire) and report the failure.
  constexpr std::uint64_t kWordLimit = 1'000'000;
  const bool lemire = method->range == RangeMethod::lemire;
  bool stuck = false;
  source.run([&](auto&& next_word) {
    auto word = [&]() -> std::uint64_t {
      if (out.words_before + out.words.size() >= kWordLimit) {
        stuck = true;
        return lemire ? ~std::uint64_t{0} : 0;
      }
      const std::uint64_t w = next_word();
      if (roll == state.roll) out.words.push_back(w);
      else ++out.words_before;
      return w;
    };
    if (method->coin_flips()) {
      const auto roller = FastDiceRoller::make(state.sides, method->fdr);  // die_problem checked the sides
      CoinReservoir coins(static_cast<unsigned>(state.bits));
      for (; roll <= state.roll; ++roll) out.value = roller.value().draw([&] { return coins.flip(word); });
    } else {
      const auto reducer = RangeReducer::make(*method->range, state.sides, static_cast<unsigned>(state.bits));
      for (; roll <= state.roll; ++roll) out.value = reducer.value().draw(word);
    }
  });
  if (stuck)
    return R::fail("seed: the rolls up to " + std::to_string(state.roll) + " read over " + std::to_string(kWordLimit) +
                   " words without an accepted one (a stuck generator state?)");
  return R::ok(std::move(out));
}

LabLanes dice_lab_lanes(const DiceLabState& state) {
  const std::string with_listing =
      "Listings: mulhi-minus1, mulhi and maxu8 on 8-bit words (Z80, up to 255 sides; mulhi also 6502), reject on "
      "z80 bytes (Z80), on tarot32 bytes (6502 and Game Boy) and on onechip bytes (PIC16), lemire on 64-bit "
      "splitmix64 words (x86-64), fdr-tarot and fdr on tarot32 bytes (Game Boy, 2..128 sides).";
  const auto rolled = dice_lab_roll(state);
  if (!rolled) return no_lanes(rolled.error());
  const DiceRoll& roll = rolled.value();
  LabLane lane;
  lane.inputs.n = state.sides;
  lane.lab_value = {roll.value};
  lane.lab_label = "value of roll " + std::to_string(roll.roll) + " (face " + std::to_string(roll.value + 1) + ")";
  lane.call_label = "the call that makes roll " + std::to_string(roll.roll);
  const bool bytes = state.bits == 8 && state.sides <= 255;
  const std::string& m = state.method;
  if (bytes && (m == "mulhi-minus1" || m == "mulhi" || m == "maxu8")) {
    lane.algorithm = m == "mulhi" ? AsmAlgorithm::z80_roll_exact
                     : m == "maxu8" ? AsmAlgorithm::z80_maxu8
                                    : AsmAlgorithm::z80_roll_minus1;
    lane.inputs.x = roll.words.front();  // these methods read one byte per roll
    lane.note = "The routine takes the byte in A, whatever generator made it.";
  } else if (bytes && m == "reject" && state.gen == "tarot32") {
    lane.algorithm = AsmAlgorithm::mos6502_reject;
    GaloisLfsr lfsr = std::get<GaloisLfsr>(make_dice_generator(state.gen, state.seed).value().engine());
    for (std::uint64_t i = 0; i < roll.words_before; ++i) lfsr.next_byte();
    lane.inputs.seed = lfsr.state;
  } else if (bytes && m == "reject" && state.gen == "z80") {
    lane.algorithm = AsmAlgorithm::z80_reject;
    Z80Lfsr lfsr = std::get<Z80Lfsr>(make_dice_generator(state.gen, state.seed).value().engine());
    for (std::uint64_t i = 0; i < roll.words_before; ++i) lfsr.next_byte();
    lane.inputs.seed = lfsr.packed();
  } else if (bytes && m == "reject" && state.gen == "onechip") {
    lane.algorithm = AsmAlgorithm::pic_reject;
    Lcg32 lcg = std::get<Lcg32>(make_dice_generator(state.gen, state.seed).value().engine());
    for (std::uint64_t i = 0; i < roll.words_before; ++i) lcg.next();
    lane.inputs.seed = lcg.state;
  } else if (m == "lemire" && state.gen == "splitmix64" && state.bits == 64) {
    lane.algorithm = AsmAlgorithm::x86_lemire;
    const auto start = std::get<SplitMix64>(make_dice_generator(state.gen, state.seed).value().engine()).state;
    lane.inputs.seed = start + roll.words_before * kSplitMix64Increment;  // the counter after the earlier rolls' words
  } else if ((m == "fdr-tarot" || m == "fdr") && state.gen == "tarot32" && state.bits == 8 && state.sides >= 2 &&
             state.sides <= 128) {
    lane.algorithm = m == "fdr" ? AsmAlgorithm::sm83_fdr : AsmAlgorithm::sm83_roll;
    lane.inputs.seed = std::get<GaloisLfsr>(make_dice_generator(state.gen, state.seed).value().engine()).state;
    lane.inputs.calls = static_cast<std::uint32_t>(roll.roll + 1);
    lane.note = "The coin queue keeps unread bits between rolls, so the listing runs the rolls before this one too.";
  } else {
    return no_lanes("No listing rolls this die (method " + m + ", " + std::to_string(state.bits) + "-bit words from " +
                state.gen + ", " + std::to_string(state.sides) + " sides). " + with_listing);
  }
  LabLanes out;
  out.lanes.push_back(lane);
  if (lane.algorithm == AsmAlgorithm::z80_roll_exact) {  // the 6502 multiplies the same byte
    lane.note = "The 6502 routine takes the byte in A, whatever generator made it.";
    out.lanes.push_back(lane_on_6502(std::move(lane), AsmAlgorithm::mos6502_mulhi));
  } else if (lane.algorithm == AsmAlgorithm::mos6502_reject) {  // the Game Boy rejects the same tarot bytes
    lane.algorithm = AsmAlgorithm::sm83_reject;
    out.lanes.push_back(std::move(lane));
  }
  return out;
}

}  // namespace shufflelab
