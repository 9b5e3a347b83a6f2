#include "core/gallery.hpp"

#include "core/gallery_wire.hpp"

#include "core/base/text_format.hpp"

#include <algorithm>
#include <cmath>
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
#include "core/shuffle/shuffle_lab.hpp"
#include "core/shuffle/comparator_sort.hpp"
#include "core/shuffle/riffle.hpp"
#include "core/gen/z80_lfsr.hpp"
#include "core/gen/linear_complexity.hpp"
#include "core/lfsr/lfsr_analysis.hpp"

namespace shufflelab {

namespace {

GalleryEntry entry(std::string title, std::string source, std::string link) {
  GalleryEntry e;
  e.title = std::move(title), e.source = std::move(source), e.link = std::move(link);
  return e;
}

GalleryEntry tarot_mask() {
  GalleryEntry e = entry("The tarot mask is not maximal", "Game Boy tarot dev log", "#v=1&lab=lfsr&seed=00000001&mask=CF&t=0&tab=period");
  auto a = analyse_galois(GaloisLfsr{32, tarot_taps(32, 0xCF), 1});
  auto commented = analyse_galois(GaloisLfsr{32, tarot_taps(32, 0xC5), 1});
  if (!a || !commented) return e.text = (a ? commented.error() : a.error()), e;
  const auto masks = maximal_tarot_masks(32);
  Quotes q;
  std::string list;
  for (std::size_t i = 0; i < masks.size(); ++i)
    list += (i ? ", " : "") + q.plain(hex_at_least(masks[i], 2), "lfsr.analysis.maximalMasks." + std::to_string(i));
  const double weak = static_cast<double>(a->map.weak_seeds) / static_cast<double>(a->map.nonzero_states);
  e.text = "The article says mask CF runs through all " + q.plain(to_decimal(a->map.nonzero_states), "lfsr.claims.tarotClaimed") +
           " nonzero states. From seed 00000001 it comes back after " + q.plain(to_decimal(a->seed.period), "lfsr.period") +
           " bit-steps, and " + q.percent(weak, "lfsr.analysis.weakShare") +
           " of all seeds sit on even shorter cycles. The comment beside the code gives the mask as %11000101, which is "
           "C5: from seed 00000001 that one comes back after " +
           q.plain(to_decimal(commented->seed.period), "lfsr.claims.tarotC5Seed1") + " bit-steps: not maximal either. Only " +
           q.plain(std::to_string(masks.size()), "lfsr.analysis.maximalMasks.#") + " top-byte masks are maximal at 32 bits: " +
           list + ".";
  e.quotes = q.take();
  return e;
}

GalleryEntry z80_weak_seed() {
  GalleryEntry e = entry("A fixed point in the Z80 routine", "Rolling D20s on the Z80",
                         "#v=1&lab=lfsr&gen=z80&seed=FFFFFFFFFFFFFFFF&t=0&tab=period");
  auto all_ones = analyse_z80(Z80Lfsr::from_packed(~std::uint64_t{0}));
  if (!all_ones) return e.text = all_ones.error(), e;
  const double weak = static_cast<double>(all_ones->map.weak_seeds) / static_cast<double>(all_ones->map.nonzero_states);
  Quotes q;
  e.text = "A 64-bit LFSR suggests a period near 2^64. This routine's longest cycle is " +
           q.plain(to_decimal(all_ones->map.max_period), "lfsr.maxPeriod") + " calls (about 2^" +
           fixed_decimals(std::log2(static_cast<double>(all_ones->map.max_period)), 1) + "), " +
           q.percent(weak, "lfsr.analysis.weakShare") + " of seeds are on shorter cycles, and seed FFFFFFFFFFFFFFFF repeats after " +
           q.plain(to_decimal(all_ones->seed.period), "lfsr.period") + " call: every byte it returns is the same.";
  e.quotes = q.take();
  return e;
}

GalleryEntry z80_d20() {
  GalleryEntry e = entry("The d20 that works by accident", "Rolling D20s on the Z80",
                         "#v=1&lab=dice&method=mulhi-minus1&sides=20&bits=8&gen=z80&seed=0123456789ABCDEF&rolls=1000000&expr=3d6+2&view=die");
  auto counts = exact_range_counts(RangeMethod::mulhi_minus1, 20, 8);
  if (!counts) return e.text = counts.error(), e;
  const auto printed = z80_roll_die_counts(20);
  Quotes q;
  e.text = "rollDie loads H with DIESIDES-1 = 19. An exact 8-bit multiply-high by 19 could never give 20: face 20 "
           "would get " + q.plain(to_decimal(counts->counts[19]), "dice.exact.counts.19") + " of the " +
           q.plain(to_decimal(counts->accepted()), "dice.exact.total") + " inputs. But the article's MulHbyL starts HL "
           "at L instead of 0, so it returns (H+1)*L: the code as printed multiplies by 20, and face 20 comes from " +
           q.plain(std::to_string(printed[20]), "dice.z80.printedRollDieFace20") + " of the 256 bytes. Two slips cancel out.";
  e.quotes = q.take();
  return e;
}

GalleryEntry maxu8_hundred() {
  GalleryEntry e = entry("MAXU8's doubled band for 1-100", "Rolling D20s on the Z80",
                         "#v=1&lab=dice&method=maxu8&sides=101&bits=8&gen=z80&seed=0123456789ABCDEF&rolls=1000000&expr=3d6+2&view=die");
  auto counts = exact_range_counts(RangeMethod::maxu8, 101, 8);  // rangeMax 101: values 0..100
  if (!counts) return e.text = counts.error(), e;
  const auto& c = counts->counts;
  const auto most = *std::max_element(c.begin(), c.end()), least = *std::min_element(c.begin(), c.end());
  const auto first = static_cast<std::size_t>(std::find(c.begin(), c.end(), most) - c.begin());
  const auto last = c.size() - 1 - static_cast<std::size_t>(std::find(c.rbegin(), c.rend(), most) - c.rbegin());
  const auto low = static_cast<std::size_t>(std::find(c.begin(), c.end(), least) - c.begin());
  Quotes q;
  e.text = "The article says the mask-halving loop makes the middle 25-75 of 1-100 come up twice as often. Counted over "
           "all " + q.plain(to_decimal(counts->accepted()), "dice.exact.total") + " bytes, the doubled band is only values " +
           std::to_string(first) + "-" + std::to_string(last) + " (faces " + std::to_string(first + 1) + "-" +
           std::to_string(last + 1) + " of this 101-sided die): " + q.plain(std::to_string(last - first + 1), "dice.exact.favoured") +
           " values get " + q.plain(to_decimal(most), "dice.exact.counts." + std::to_string(first)) + " bytes each, the other " +
           q.plain(std::to_string(c.size() - (last - first + 1)), "dice.exact.starved") + " get " +
           q.plain(to_decimal(least), "dice.exact.counts." + std::to_string(low)) + ".";
  e.quotes = q.take();
  return e;
}

GalleryEntry tarot_roller() {
  GalleryEntry e = entry("The coin-flip roller's overshoot", "Game Boy tarot dev log",
                         "#v=1&lab=dice&method=fdr-tarot&sides=78&bits=8&gen=z80&seed=0123456789ABCDEF&rolls=1000000&expr=3d6+2&view=die");
  auto exact = solve_fdr_exact(78, FdrVariant::tarot);
  auto published = solve_fdr_exact(78, FdrVariant::published);
  if (!exact || !published) return e.text = "cannot solve the roller", e;
  const auto& p = exact->probabilities;
  // The cards that share card 0's chance, and the band of likeliest cards up to card 77.
  std::size_t low_end = 0, top_begin = 77;
  while (low_end + 1 < p.size() && p[low_end + 1] == p[0]) ++low_end;
  while (top_begin > 0 && p[top_begin - 1] == p[77]) --top_begin;
  Quotes q;
  e.text = "On overshoot the article subtracts 77 instead of 78. The result is no longer uniform: cards 0" +
           (low_end ? "-" + std::to_string(low_end) : std::string()) + " come up with probability " + p[0].to_string() +
           " = " + q.fixed(p[0].to_double(), 5, "dice.exact.counts.0", "dice.exact.total") + " each and cards " +
           std::to_string(top_begin) + "-77 with " + q.fixed(p[77].to_double(), 5, "dice.exact.counts.77", "dice.exact.total") +
           ", against 1/78 = " + fixed_decimals(1.0 / 78.0, 5) + ". It also spends " +
           q.fixed(exact->expected_flips.to_double(), 3, "dice.exact.expectedBits") + " coin flips per card on average, against " +
           q.fixed(published->expected_flips.to_double(), 3, "dice.compare.method=fdr.expectedBits") + " for Lumbroso's roller.";
  e.quotes = q.take();
  return e;
}

GalleryEntry float_scaling() {
  GalleryEntry e = entry("rand() / RAND_MAX scaling", "shuffle.c (2003)",
                         "#v=1&lab=dice&method=float&sides=52&bits=31&gen=z80&seed=0123456789ABCDEF&rolls=1000000&expr=3d6+2&view=die");
  auto counts = exact_range_counts(RangeMethod::float_scale, 52, 31);
  if (!counts) return e.text = counts.error(), e;
  const FaceStats stats = face_stats(to_big_weights(counts->counts), BigUint::from_wide(counts->accepted()));
  if (!stats.max_min_ratio) return e.text = "a card of the scaled rand() never comes up", e;
  Quotes q;
  e.text = "Scaling glibc's 31-bit rand() by RAND_MAX into 52 slots cannot be exact: 2^31 - 1 accepted values do not "
           "split into 52 equal parts. The most likely card is " +
           q.fixed(stats.max_min_ratio->to_double(), 9, "dice.exact.maxMinRatio") +
           " times as likely as the least likely one: tiny, but not zero. " +
           q.plain(to_decimal(counts->rejected), "dice.exact.rejected") + " value is thrown away by the r >= 1.0 guard.";
  e.quotes = q.take();
  return e;
}

GalleryEntry reachable_decks() {
  GalleryEntry e = entry("How many decks can a seed reach?", "shuffle.c (2003)", "#v=1&lab=shuffle&algo=lin2003&n=52&seed=1&t=0&tab=reach");
  const double orders = log2_factorial(52);
  Quotes q;
  e.text = "There are 52! orders of a deck, about 2^" + q.fixed(orders, 1, "shuffle.reach.log2Factorial") +
           ". A program seeded with a 32-bit number can deal at most 2^32 of them: a fraction of about 2^-" +
           fixed_decimals(orders - 32.0, 1) + " of all decks. Seeded from the clock, far fewer.";
  e.quotes = q.take();
  return e;
}

GalleryEntry onechip_worst() {
  GalleryEntry e = entry("One Chip's worst deal", "One Chip Video Poker", "#v=1&lab=poker&seed=932D217C&t=39&run=sweep");
  const OneChipDeal d = one_chip_deal(0x932D217Cu);
  Quotes q;
  e.text = "Dealing ten cards by redrawing values 52..63 and duplicates needs " + q.plain(std::to_string(d.calls), "poker.calls") +
           " LCRNG calls from seed " + q.plain("932D217C", "poker.seed") + " (" + q.plain(std::to_string(d.too_high), "poker.tooHigh") +
           " draws too high, " + q.plain(std::to_string(d.duplicates), "poker.duplicates") +
           " duplicates). The sweep over all 2^32 seeds shows this is the worst case.";
  e.quotes = q.take();
  return e;
}

GalleryEntry pdep_strike() {
  // Step 2 of the link: the first draw has struck one card, the second strikes by rank among the rest.
  ShuffleLabState state;
  state.algo = "pdep", state.n = 52, state.t = 2;
  GalleryEntry e = entry("Striking a card with PDEP", "PDEP bitset shuffle", shuffle_lab_link(state));
  auto setup = make_shuffle_setup(state);
  auto rec = setup ? record_lab_shuffle(*setup) : Result<LabRecording>::fail(setup.error());
  if (!rec) return e.text = rec.error(), e;
  const ShuffleFrame f = shuffle_frame(*rec, CardFaces::standard, state.t);
  if (!f.pdep || f.deck.empty()) return e.text = "the PDEP step is missing", e;
  Quotes q;
  e.text = "The deck is a 64-bit set. Scattering all-ones-except-bit-n into the set's own 1 bits clears its n-th "
           "remaining card in one PDEP. At step 2 of this link, with card " + q.plain(std::to_string(f.deck[0]), "shuffle.deck.0") +
           " gone, striking remaining card " + q.plain(std::to_string(f.pdep->rank), "shuffle.pdep.rank") + " (counted from 0) removes card " +
           q.plain(std::to_string(f.pdep->card), "shuffle.pdep.card") + ".";
  e.quotes = q.take();
  return e;
}

// The dev log offers this as its slower "other way"; the matrix's first row shows it is not an equal one.
GalleryEntry naive_first_position() {
  GalleryEntry e = entry("The naive shuffle's uneven first position", "Game Boy tarot dev log",
                         "#v=1&lab=shuffle&algo=naive&n=3&gen=splitmix64&seed=1&method=lemire&bits=64&t=0&tab=bias&run=exact");
  auto spec = make_shuffle_spec(ShuffleAlgo::Naive, 3);
  if (!spec) return e.text = spec.error(), e;
  auto m = exact_bias(spec.value());
  if (!m) return e.text = m.error(), e;
  Quotes q;
  const std::string total = q.plain(std::to_string(m->total), "shuffle.bias.total");
  e.text = "The dev log calls swapping each card with one at any offset just a slower way to shuffle. For 3 cards that "
           "gives " + total + " equally likely draw lists, which cannot split evenly over 6 orders. Position 0 gets card 0 in " +
           q.plain(std::to_string(m->at(0, 0)), "shuffle.bias.counts.0") + " of " + total + " cases, card 1 in " +
           q.plain(std::to_string(m->at(0, 1)), "shuffle.bias.counts.1") + ", card 2 in " +
           q.plain(std::to_string(m->at(0, 2)), "shuffle.bias.counts.2") + "; a fair shuffle gives each " +
           std::to_string(m->total / 3) + ".";
  e.quotes = q.take();
  return e;
}
GalleryEntry comparator_favourite() {
  GalleryEntry e = entry("Where array.sort(() => Math.random() - 0.5) puts the first card", "Random comparators",
                         "#v=1&lab=shuffle&algo=cmp-v8&n=8&gen=splitmix64&seed=1&method=lemire&bits=64&t=0&tab=bias&run=exact");
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
  Quotes q;
  const std::string cell = "shuffle.bias.counts." + std::to_string(best * 8);
  e.text = "Sorting 8 cards with a coin-flip comparator in node 20's V8 is not a shuffle: card 0 ends at "
           "position " + std::to_string(best) + " with chance " + q.percent(chance.to_double(), cell, "shuffle.bias.total") +
           " instead of 12.5%, exactly " + q.plain(chance.numerator().to_string(), cell) + "/" +
           q.plain(chance.denominator().to_string(), "shuffle.bias.total") + ", after " +
           fixed_decimals(mean.to_double(), 2) + " comparisons on average (Fisher-Yates: 7 draws). In Chromium 156's V8, which sorts 8 cards "
           "by binary insertion alone, card 0's likeliest position is " + std::to_string(chromium_best) +
           " with chance " + percent(chromium_chance.to_double()) + ", after " +
           fixed_decimals(chromium_mean.to_double(), 2) + " comparisons.";
  e.quotes = q.take();
  return e;
}

GalleryEntry seven_riffles() {
  // The Human shuffles tab: its table of distances is what the sentence quotes.
  GalleryEntry e = entry("Seven riffles", "Bayer and Diaconis (1992)",
                         "#v=1&lab=shuffle&algo=riffle&n=52&rounds=7&gen=splitmix64&seed=1&method=lemire&bits=64&t=0&tab=human");
  auto table = RiffleTable::make(52);
  if (!table) return e.text = table.error(), e;
  Quotes q;
  std::string row;
  for (std::uint32_t k = 5; k <= 8; ++k)
    row += (row.empty() ? "" : ", ") + std::to_string(k) + ": " +
           q.fixed(table->law(k).distance, 3, "shuffle.riffle.distances." + std::to_string(k - 1));
  e.text = "After k riffles of 52 cards the total variation distance from a uniform deck is " + row +
           ". It falls below 1/2 first at k = " + q.plain(std::to_string(riffles_below_half(*table, 20)), "shuffle.riffle.belowHalf") +
           ": that is what \"seven riffles suffice\" means, not that the deck is then perfectly mixed.";
  e.quotes = q.take();
  return e;
}

GalleryEntry faro_order() {
  // The Human shuffles tab states the Faro order and the random riffles' distances side by side.
  GalleryEntry e = entry("Eight perfect shuffles undo themselves", "Faro out-shuffle",
                         "#v=1&lab=shuffle&algo=riffle&n=52&rounds=8&gen=splitmix64&seed=1&method=lemire&bits=64&t=0&tab=human");
  auto table = RiffleTable::make(52);
  if (!table) return e.text = table.error(), e;
  const std::uint32_t order = faro_out_order(52);
  Quotes q;
  e.text = "A perfect out-shuffle (cut exactly in half, interleave exactly, top card stays on top) is no shuffle at "
           "all: " + q.plain(std::to_string(order), "shuffle.riffle.faroOrder") + " of them bring 52 cards back to their first order, "
           "while " + std::to_string(order) + " random riffles leave the deck only " +
           q.fixed(table->law(order).distance, 3, "shuffle.riffle.distances." + std::to_string(order - 1)) + " from uniform.";
  e.quotes = q.take();
  return e;
}

GalleryEntry small_xorshift() {
  GalleryEntry e = entry("Two bytes of state", "16-bit xorshift for 8-bit CPUs", "#v=1&lab=lfsr&gen=xorshift&width=16&seed=0001&t=0&tab=period");
  auto lab16 = lab_state_for("xorshift16");
  auto lab32 = lab_state_for("xorshift32");
  if (!lab16 || !lab32) return e.text = "xorshift presets missing", e;
  auto a16 = analyse_lab(*lab16);
  auto a32 = analyse_lab(*lab32);
  if (!a16 || !a32) return e.text = (a16 ? a32.error() : a16.error()), e;
  const std::uint64_t p16 = a16->map.max_period;
  const int complexity = linear_complexity(output_bits(lab_generator(*lab16).value(), 2048));
  Quotes q;
  e.text = "The 16-bit xorshift (7, 9, 8) that retro code uses keeps two bytes and runs through all " + q.grouped(p16, "lfsr.maxPeriod") +
           " nonzero states from any seed (the order of its 16x16 matrix over GF(2)): a game drawing 100 bytes a "
           "level starts replaying its bytes within " + grouped((p16 + 99) / 100) + " levels, and the shortest LFSR that "
           "reproduces 2048 of its output bits has only " + std::to_string(complexity) +
           " bits. The 32-bit (13, 17, 5) runs " + grouped(a32->map.max_period) + " steps. The chooser compares them.";
  e.quotes = q.take();
  return e;
}

// Builds every entry in its one step.
class FindingsJob final : public Job {
 public:
  double step(std::uint64_t) override {
    payload_ = encode_findings(gallery_entries());
    return 1.0;
  }
  bool done() const override { return !payload_.empty(); }
  std::vector<double> result() const override { return {}; }
  std::string summary() const override { return done() ? "the findings" : "building the findings"; }
  std::string payload() const override { return payload_; }

 private:
  std::string payload_;
};

}  // namespace

Result<std::shared_ptr<Job>> make_findings_job(FieldReader&) { return Result<std::shared_ptr<Job>>::ok(std::make_shared<FindingsJob>()); }

std::vector<GalleryEntry> gallery_entries() {
  return {tarot_mask(),    z80_weak_seed(),   z80_d20(),     maxu8_hundred(), tarot_roller(), float_scaling(),
          reachable_decks(), onechip_worst(), pdep_strike(), naive_first_position(), comparator_favourite(),
          seven_riffles(), faro_order(), small_xorshift()};
}

}  // namespace shufflelab
