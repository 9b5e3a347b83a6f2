#include "core/gallery.hpp"

#include "core/base/text_format.hpp"

#include <cmath>
#include <cstdio>
#include <tuple>

#include "core/shuffle/bias.hpp"
#include "core/dice/dice_z80.hpp"
#include "core/dice/fdr.hpp"
#include "core/gen/gf2.hpp"
#include "core/gen/lfsr.hpp"
#include "core/gen/period.hpp"
#include "core/poker/poker.hpp"
#include "core/dice/range.hpp"
#include "core/shuffle/shuffle.hpp"
#include "core/shuffle/comparator_sort.hpp"
#include "core/shuffle/riffle.hpp"
#include "core/gen/z80_lfsr.hpp"
#include "core/gen/linear_complexity.hpp"
#include "core/lfsr/lfsr_analysis.hpp"

namespace shufflelab {

namespace {

GalleryEntry tarot_mask() {
  GalleryEntry e{"The tarot mask is not maximal", "Game Boy tarot dev log", "#v=1&lab=lfsr&seed=00000001&mask=CF&t=0&tab=period", ""};
  auto a = analyse_galois(GaloisLfsr{32, tarot_taps(32, 0xCF), 1});
  if (!a) return e.text = a.error(), e;
  const auto masks = maximal_tarot_masks(32);
  std::string list;
  for (auto m : masks) {
    char hex[4];
    std::snprintf(hex, sizeof hex, "%02X", m);
    list += (list.empty() ? "" : ", ") + std::string(hex);
  }
  const double weak = static_cast<double>(a->map.weak_seeds) / static_cast<double>(a->map.nonzero_states);
  e.text = "The article says mask CF runs through all " + to_decimal(a->map.nonzero_states) +
           " nonzero states. From seed 00000001 it comes back after " + to_decimal(a->seed.period) +
           " bit-steps, and " + percent(weak) + " of all seeds sit on even shorter cycles. Only " +
           std::to_string(masks.size()) + " top-byte masks are maximal at 32 bits: " + list + ".";
  return e;
}

GalleryEntry z80_weak_seed() {
  GalleryEntry e{"A fixed point in the Z80 routine", "Rolling D20s on the Z80", "#v=1&lab=lfsr&gen=z80&seed=FFFFFFFFFFFFFFFF&t=0&tab=period",
                 ""};
  auto all_ones = analyse_z80(Z80Lfsr::from_packed(~std::uint64_t{0}));
  if (!all_ones) return e.text = all_ones.error(), e;
  const double weak = static_cast<double>(all_ones->map.weak_seeds) / static_cast<double>(all_ones->map.nonzero_states);
  e.text = "A 64-bit LFSR suggests a period near 2^64. This routine's longest cycle is " +
           to_decimal(all_ones->map.max_period) + " calls (about 2^" +
           fixed_decimals(std::log2(static_cast<double>(all_ones->map.max_period)), 1) + "), " + percent(weak) +
           " of seeds are on shorter cycles, and seed FFFFFFFFFFFFFFFF repeats after " +
           to_decimal(all_ones->seed.period) + " call: every byte it returns is the same.";
  return e;
}

GalleryEntry z80_d20() {
  GalleryEntry e{"The d20 that works by accident", "Rolling D20s on the Z80",
                 "#v=1&lab=dice&method=mulhi-minus1&sides=20&bits=8&gen=z80&seed=0123456789ABCDEF&rolls=1000000&expr=3d6+2&view=die",
                 ""};
  auto counts = exact_range_counts(RangeMethod::mulhi_minus1, 20, 8);
  if (!counts) return e.text = counts.error(), e;
  const auto printed = z80_roll_die_counts(20);
  e.text = "rollDie loads H with DIESIDES-1 = 19. An exact 8-bit multiply-high by 19 could never give 20: face 20 "
           "would get " + to_decimal(counts->counts[19]) + " of the 256 inputs. But the article's MulHbyL starts HL "
           "at L instead of 0, so it returns (H+1)*L: the code as printed multiplies by 20, and face 20 comes from " +
           std::to_string(printed[20]) + " of the 256 bytes. Two slips cancel out.";
  return e;
}

GalleryEntry tarot_roller() {
  GalleryEntry e{"The coin-flip roller's overshoot", "Game Boy tarot dev log",
                 "#v=1&lab=dice&method=fdr-tarot&sides=78&bits=8&gen=z80&seed=0123456789ABCDEF&rolls=1000000&expr=3d6+2&view=die", ""};
  auto exact = solve_fdr_exact(78, FdrVariant::tarot);
  auto published = solve_fdr_exact(78, FdrVariant::published);
  if (!exact || !published) return e.text = "cannot solve the roller", e;
  const auto& p = exact->probabilities;
  e.text = "On overshoot the article subtracts 77 instead of 78. The result is no longer uniform: card 0 comes up with "
           "probability " + p[0].to_string() + " = " + fixed_decimals(p[0].to_double(), 5) + " and card 77 with " +
           fixed_decimals(p[77].to_double(), 5) + ", against 1/78 = " + fixed_decimals(1.0 / 78.0, 5) + ". It also spends " +
           fixed_decimals(exact->expected_flips.to_double(), 3) + " coin flips per card on average, against " +
           fixed_decimals(published->expected_flips.to_double(), 3) + " for Lumbroso's roller.";
  return e;
}

GalleryEntry float_scaling() {
  GalleryEntry e{"rand() / RAND_MAX scaling", "shuffle.c (2003)", "#v=1&lab=dice&method=float&sides=52&bits=31&gen=z80&seed=0123456789ABCDEF&rolls=1000000&expr=3d6+2&view=die", ""};
  auto counts = exact_range_counts(RangeMethod::float_scale, 52, 31);
  if (!counts) return e.text = counts.error(), e;
  const FaceStats stats = face_stats(to_big_weights(counts->counts), BigUint::from_wide(counts->accepted()));
  e.text = "Scaling glibc's 31-bit rand() by RAND_MAX into 52 slots cannot be exact: 2^31 - 1 accepted values do not "
           "split into 52 equal parts. The most likely card is " +
           (stats.max_min_ratio ? fixed_decimals(stats.max_min_ratio->to_double(), 9) : std::string("infinitely")) +
           " times as likely as the least likely one: tiny, but not zero. " + to_decimal(counts->rejected) +
           " value is thrown away by the r >= 1.0 guard.";
  return e;
}

GalleryEntry reachable_decks() {
  GalleryEntry e{"How many decks can a seed reach?", "shuffle.c (2003)", "#v=1&lab=shuffle&algo=lin2003&n=52&seed=1&t=0&tab=reach", ""};
  double log2_factorial = 0;
  for (int k = 2; k <= 52; ++k) log2_factorial += std::log2(static_cast<double>(k));
  e.text = "There are 52! orders of a deck, about 2^" + fixed_decimals(log2_factorial, 1) +
           ". A program seeded with a 32-bit number can deal at most 2^32 of them: a fraction of about 2^-" +
           fixed_decimals(log2_factorial - 32.0, 1) + " of all decks. Seeded from the clock, far fewer.";
  return e;
}

GalleryEntry onechip_worst() {
  GalleryEntry e{"One Chip's worst deal", "One Chip Video Poker", "#v=1&lab=poker&seed=932D217C&t=39&run=sweep", ""};
  const OneChipDeal d = one_chip_deal(0x932D217Cu);
  e.text = "Dealing ten cards by redrawing values 52..63 and duplicates needs " + std::to_string(d.calls) +
           " LCRNG calls from seed 932D217C (" + std::to_string(d.too_high) + " draws too high, " +
           std::to_string(d.duplicates) + " duplicates). The sweep over all 2^32 seeds shows this is the worst case.";
  return e;
}

GalleryEntry pdep_strike() {
  GalleryEntry e{"Striking a card with PDEP", "PDEP bitset shuffle", "#v=1&lab=shuffle&algo=pdep&n=52&gen=splitmix64&seed=1&method=lemire&bits=64&t=1", ""};
  const std::uint64_t cards = (~std::uint64_t{0}) >> 12;  // 52 cards
  const std::uint64_t after = clear_nth_set_bit(cards & ~(std::uint64_t{1} << 5), 10);
  e.text = "The deck is a 64-bit set. Scattering all-ones-except-bit-n into the set's own 1 bits clears its n-th "
           "remaining card in one PDEP: with card 5 gone, striking remaining card 10 removes card " +
           std::to_string(ctz64((cards & ~(std::uint64_t{1} << 5)) ^ after)) + ".";
  return e;
}

GalleryEntry naive_diagonal() {
  GalleryEntry e{"The naive shuffle's diagonal", "shuffle.c (2003)", "#v=1&lab=shuffle&algo=naive&n=3&gen=splitmix64&seed=1&method=lemire&bits=64&t=0&tab=bias&run=exact", ""};
  auto spec = make_shuffle_spec(ShuffleAlgo::Naive, 3);
  if (!spec) return e.text = spec.error(), e;
  auto m = exact_bias(spec.value());
  if (!m) return e.text = m.error(), e;
  e.text = "Swapping each position with any position gives 27 equally likely draw lists for 3 cards, which cannot "
           "split evenly over 6 orders. Card 0 ends in position 0 in " + std::to_string(m->at(0, 0)) +
           " of 27 cases, card 1 in " + std::to_string(m->at(0, 1)) + ", card 2 in " + std::to_string(m->at(0, 2)) + ".";
  return e;
}
GalleryEntry comparator_favourite() {
  GalleryEntry e{"Where array.sort(() => Math.random() - 0.5) puts the first card", "Random comparators",
                 "#v=1&lab=shuffle&algo=cmp-v8&n=8&gen=splitmix64&seed=1&method=lemire&bits=64&t=0&tab=bias&run=exact", ""};
  // Card 0's most likely position under one V8 model, and that model's mean number of comparisons.
  auto favourite = [](ComparatorSort sort) {
    ComparatorExact exact(sort, 8);
    while (!exact.done()) exact.run(std::uint64_t{1} << 20);
    const auto law = exact.probabilities();
    std::uint32_t best = 0;
    for (std::uint32_t p = 1; p < 8; ++p)
      if (law[p * 8] > law[best * 8]) best = p;
    return std::tuple{best, law[best * 8], exact.mean_comparisons()};
  };
  const auto [best, chance, mean] = favourite(ComparatorSort::V8);
  const auto [chromium_best, chromium_chance, chromium_mean] = favourite(ComparatorSort::V8Chromium);
  e.text = "Sorting 8 cards with a coin-flip comparator in node 20's V8 is not a shuffle: card 0 ends at "
           "position " + std::to_string(best) + " with chance " + percent(chance.to_double()) +
           " instead of 12.5%, exactly " + chance.to_string() + ", after " +
           fixed_decimals(mean.to_double(), 2) + " comparisons on average (Fisher-Yates: 7 draws). In Chromium 156's V8, which sorts 8 cards "
           "by binary insertion alone, card 0's likeliest position is " + std::to_string(chromium_best) +
           " with chance " + percent(chromium_chance.to_double()) + ", after " +
           fixed_decimals(chromium_mean.to_double(), 2) + " comparisons.";
  return e;
}

GalleryEntry seven_riffles() {
  GalleryEntry e{"Seven riffles", "Bayer and Diaconis (1992)",
                 "#v=1&lab=shuffle&algo=riffle&n=52&rounds=7&gen=splitmix64&seed=1&method=lemire&bits=64&t=0", ""};
  auto table = RiffleTable::make(52);
  if (!table) return e.text = table.error(), e;
  std::string row;
  for (std::uint32_t k = 5; k <= 8; ++k)
    row += (row.empty() ? "" : ", ") + std::to_string(k) + ": " + fixed_decimals(table->law(k).distance, 3);
  e.text = "After k riffles of 52 cards the total variation distance from a uniform deck is " + row +
           ". It falls below 1/2 first at k = " + std::to_string(riffles_below_half(*table, 20)) +
           ": that is what \"seven riffles suffice\" means, not that the deck is then perfectly mixed.";
  return e;
}

GalleryEntry faro_order() {
  GalleryEntry e{"Eight perfect shuffles undo themselves", "Faro out-shuffle",
                 "#v=1&lab=shuffle&algo=riffle&n=52&rounds=8&gen=splitmix64&seed=1&method=lemire&bits=64&t=0", ""};
  e.text = "A perfect out-shuffle (cut exactly in half, interleave exactly, top card stays on top) is no shuffle at "
           "all: " + std::to_string(faro_out_order(52)) + " of them bring 52 cards back to their first order, and "
           "8 random riffles are already close to uniform.";
  return e;
}

GalleryEntry small_xorshift() {
  GalleryEntry e{"Two bytes of state", "16-bit xorshift for 8-bit CPUs",
                 "#v=1&lab=lfsr&gen=xorshift&width=16&seed=0001&t=0&tab=period", ""};
  auto lab16 = lab_state_for("xorshift16");
  auto lab32 = lab_state_for("xorshift32");
  if (!lab16 || !lab32) return e.text = "xorshift presets missing", e;
  auto a16 = analyse_lab(*lab16);
  auto a32 = analyse_lab(*lab32);
  if (!a16 || !a32) return e.text = (a16 ? a32.error() : a16.error()), e;
  const std::uint64_t p16 = a16->map.max_period;
  const int complexity = linear_complexity(output_bits(lab_generator(*lab16).value(), 2048));
  e.text = "The 16-bit xorshift (7, 9, 8) that retro code uses keeps two bytes and runs through all " + grouped(p16) +
           " nonzero states from any seed (the order of its 16x16 matrix over GF(2)): a game drawing 100 bytes a "
           "level starts replaying its bytes within " + grouped((p16 + 99) / 100) + " levels, and the shortest LFSR that "
           "reproduces 2048 of its output bits has only " + std::to_string(complexity) +
           " bits. The 32-bit (13, 17, 5) runs " + grouped(a32->map.max_period) + " steps. The chooser compares them.";
  return e;
}

}  // namespace

std::vector<GalleryEntry> gallery_entries() {
  return {tarot_mask(),    z80_weak_seed(),   z80_d20(),     tarot_roller(), float_scaling(),
          reachable_decks(), onechip_worst(), pdep_strike(), naive_diagonal(), comparator_favourite(),
          seven_riffles(), faro_order(), small_xorshift()};
}

}  // namespace shufflelab
