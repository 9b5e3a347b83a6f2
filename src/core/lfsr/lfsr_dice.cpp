#include "core/lfsr/lfsr_dice.hpp"

#include "core/dice/fdr.hpp"

namespace shufflelab {

TarotDiceView tarot_dice_view(const GaloisLfsr& seed, std::uint64_t call, std::uint64_t max_value) {
  TarotDiceView view;
  if (call == 0 || call > kMaxDiceReplayCalls || max_value >= kMaxFdrSides) return view;
  const auto roller = FastDiceRoller::make(max_value + 1, FdrVariant::tarot);
  if (!roller) return view;
  view.available = true;
  view.call = call;

  // The article's globals and coinFlip().
  GaloisLfsr lfsr = seed;
  std::uint8_t rng = 0;
  int coin_flips_remaining = 0;
  std::uint64_t calls = 0, flips_taken = 0;
  const auto coin_flip = [&] {
    if (coin_flips_remaining == 0) {
      rng = lfsr.next_byte();
      if (++calls == call) view.rng = rng;
      coin_flips_remaining = 8;
    }
    const int result = rng & 1;
    rng = static_cast<std::uint8_t>(rng >> 1);
    --coin_flips_remaining;
    ++flips_taken;
    return result;
  };

  const std::uint64_t byte_begin = (call - 1) * 8, byte_end = call * 8;
  // Draw cards until one starts after this byte (coin_flip advances flips_taken).
  std::uint64_t roll = 0;
  while (flips_taken < byte_end) {
    ++roll;
    DiceRollRecord record;
    record.index = roll;
    record.first_flip = flips_taken;
    std::uint64_t v = 1, c = 0;
    bool returned = false;
    while (!returned && record.flips < kMaxFlipsPerRoll) {
      const std::uint64_t flip_number = flips_taken;
      const int bit = coin_flip();
      ++record.flips;
      record.bits += bit ? '1' : '0';
      v <<= 1;
      c = (c << 1) | static_cast<std::uint64_t>(bit);
      if (v >= roller->n()) {
        if (c < roller->n()) returned = true;
        else v -= roller->overshoot_step(), c -= roller->overshoot_step();
      }
      if (flip_number >= byte_begin && flip_number < byte_end)
        view.bits[static_cast<std::size_t>(flip_number - byte_begin)] =
            CoinFlipUse{bit, roll, static_cast<int>(record.flips), returned, coin_flips_remaining};
    }
    record.returned = returned;
    record.value = returned ? c : 0;
    if (record.first_flip + record.flips > byte_begin) view.rolls.push_back(std::move(record));
    else view.rolls_before = roll;
  }
  return view;
}

}  // namespace shufflelab
