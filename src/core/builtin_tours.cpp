#include "core/builtin_tours.hpp"


#include <algorithm>
#include <cstdio>

#include "core/base/cards.hpp"
#include "core/base/jobs.hpp"
#include "core/base/parse.hpp"
#include "core/base/text_format.hpp"
#include "core/dice/dice_law.hpp"
#include "core/dice/dice_z80.hpp"
#include "core/dice/dice_lab.hpp"
#include "core/dice/fdr.hpp"
#include "core/dice/range.hpp"
#include "core/gen/lfsr.hpp"
#include "core/gen/period.hpp"
#include "core/lfsr/lfsr_lab.hpp"
#include "core/poker/poker.hpp"
#include "core/poker/poker_lab.hpp"
#include "core/poker/poker_sweep.hpp"
#include "core/shuffle/bias.hpp"
#include "core/shuffle/comparator_sort.hpp"
#include "core/shuffle/riffle.hpp"
#include "core/shuffle/shuffle_lab.hpp"
#include "core/shuffle/shuffle_predict.hpp"
#include "core/base/url_fields.hpp"

namespace shufflelab {

// ---- Numbers as the sentences write them -------------------------------------

namespace {
std::string num(std::uint64_t v) { return grouped(v); }
std::uint64_t factorial(std::uint64_t n) { return n <= 1 ? 1 : n * factorial(n - 1); }
std::string span_text(std::uint64_t low, std::uint64_t high) {
  return low == high ? num(low) : num(low) + "-" + num(high);
}
std::string card_list(const std::vector<std::uint32_t>& cards, std::size_t count, CardFaces faces) {
  std::string out;
  for (std::size_t i = 0; i < count && i < cards.size(); ++i)
    out += (i ? ", " : "") + card_face(faces, cards[i]).name;
  return out;
}

// ---- Links: a lab state, encoded as the app writes it back -------------------

std::string lfsr_link(std::uint64_t seed, std::uint64_t t, std::string tab = "stepper", std::string run = {}) {
  LfsrLabState s;
  s.seed = seed;
  s.t = t;
  s.tab = std::move(tab);
  s.run = std::move(run);
  return lfsr_lab_link(s);
}

struct DieSetup {
  std::string method;
  std::uint64_t sides;
  int bits = 8;
  std::string view = "die";
  std::string run = {};
  std::string gen = "z80";
  std::string seed = "0123456789ABCDEF";
};
std::string dice_link(const DieSetup& d) {
  DiceLabState s;
  s.method = d.method, s.sides = d.sides, s.bits = d.bits, s.gen = d.gen, s.seed = d.seed;
  s.view = d.view, s.run = d.run;
  return dice_lab_link(s);
}

std::string shuffle_link(const ShuffleLabState& state) { return shuffle_lab_link(state); }
// The bias tab with the job whose result it shows.
ShuffleLabState bias_tab(ShuffleLabState state, std::string run) {
  state.tab = "bias";
  state.run = std::move(run);
  return state;
}

std::string poker_link(std::uint32_t seed, std::uint32_t step, std::string run = {}) {
  PokerLabState s;
  s.seed = seed;
  s.step = step;
  s.run = std::move(run);
  return poker_lab_link(s);
}

Result<DieLaw> law_of(std::string_view method, std::uint64_t sides, unsigned bits) {
  return exact_die_law(*find_dice_method(method), sides, bits);
}
std::vector<std::uint64_t> byte_counts(const DieLaw& law) {
  std::vector<std::uint64_t> out;
  for (const BigUint& w : law.weights) out.push_back(w.low_u64());
  return out;
}
// The first and last index holding the largest count.
std::pair<std::size_t, std::size_t> top_band(const std::vector<std::uint64_t>& counts) {
  const std::uint64_t most = *std::max_element(counts.begin(), counts.end());
  const auto first = std::find(counts.begin(), counts.end(), most) - counts.begin();
  const auto last = counts.rend() - std::find(counts.rbegin(), counts.rend(), most) - 1;
  return {static_cast<std::size_t>(first), static_cast<std::size_t>(last)};
}
double mean_face(const std::vector<std::uint64_t>& counts) {
  double sum = 0, total = 0;
  for (std::size_t v = 0; v < counts.size(); ++v)
    sum += static_cast<double>(counts[v]) * static_cast<double>(v + 1), total += static_cast<double>(counts[v]);
  return sum / total;
}

// ---- Tour 1: from bits to a deck (seed 000) ----------------------------------

constexpr std::uint64_t kBitsPerByte = 8;
constexpr std::uint64_t kTarotSeed = 0xDEADBEEF;
constexpr std::uint64_t kTarotMask = 0xCF;
constexpr std::uint32_t kTarotCards = 78;

GaloisLfsr tarot_register() { return GaloisLfsr{32, tarot_taps(32, kTarotMask), kTarotSeed}; }

ShuffleLabState tarot_shuffle(std::uint64_t t) {
  return {.n = kTarotCards, .gen = "tarot32", .seed = kTarotSeed, .method = "fdr-tarot", .bits = 8, .t = t, .run = {}};
}

TourStep tarot_first_byte() {
  GaloisLfsr g = tarot_register();
  int ones = 0;
  for (int i = 0; i < 8; ++i) ones += g.step_bit();
  Quotes q;
  std::string text = "LFSR() shifts the " + std::to_string(g.width) + "-bit register right " + num(kBitsPerByte) + " times; each time a 1 falls out, " + format_hex_upper(kTarotMask, 2) +
              " is XORed into the top byte. From seed " + format_hex_upper(kTarotSeed, 8) + ", " + std::to_string(ones) +
              " of the " + num(kBitsPerByte) + " shifts drop a 1, and the first call returns the top byte " +
              q.plain(format_hex_upper(g.top_byte(), 2), "lfsr.stepper.dice.rng") + ".";
  return {lfsr_link(kTarotSeed, 8), std::move(text), q.take()};
}

TourStep tarot_period() {
  const std::string link = lfsr_link(kTarotSeed, 0, "period", "period");
  auto a = analyse_galois(tarot_register());
  if (!a) return {link, a.error()};
  const std::uint64_t claimed = (std::uint64_t{1} << 32) - 1;
  const std::uint64_t period = a->seed.period;
  Quotes q;
  std::string text = "The article promises " + q.grouped(claimed, "lfsr.claims.tarotClaimed") + " steps before the register repeats. The numbers disagree: from " +
                    format_hex_upper(kTarotSeed, 8) + " it comes back after " + q.grouped(period, "lfsr.period") + " bit-steps" +
                    (period < claimed ? ", " + num(claimed - period) + " short" : "") +
                    ", and no seed gets more than " + q.grouped(static_cast<std::uint64_t>(a->map.max_period), "lfsr.maxPeriod") +
                    ". The link re-runs a check that steps the register all the way round.";
  return {link, std::move(text), q.take()};
}

TourStep tarot_coin_flips() {
  GaloisLfsr g = tarot_register();
  std::uint8_t rng = 0;
  int left = 0;
  std::uint64_t flips = 0;
  auto coin = [&] {
    if (left == 0) rng = g.next_byte(), left = 8;
    const int bit = rng & 1;
    rng = static_cast<std::uint8_t>(rng >> 1), --left, ++flips;
    return bit;
  };
  auto roller = FastDiceRoller::make(kTarotCards, FdrVariant::tarot);
  Quotes q;
  std::string cards;
  for (int k = 0; k < 3 && roller; ++k) {
    const std::uint64_t before = flips;
    const std::uint64_t card = roller->draw(coin);
    // The link (after two bytes) lists the cards the second byte finished: rolls 2 and 3.
    const std::string shown = k == 0 ? num(card) : q.plain(num(card), "lfsr.stepper.dice.rolls.index=" + std::to_string(k + 1) + ".card");
    cards += (k ? ", " : "") + shown + " (" + num(flips - before) + " flips)";
  }
  return {lfsr_link(kTarotSeed, 16),
          "Each LFSR() byte becomes " + num(kBitsPerByte) + " coin flips, lowest bit first; flips a card does not use wait for the next one. "
          "getRandomNumber() doubles v and appends a flip to c until v passes " + num(kTarotCards - 1) +
              ". From this seed the first cards are " + cards + ".",
          q.take()};
}

TourStep tarot_roller_slip() {
  const std::string link = dice_link({.method = "fdr-tarot", .sides = kTarotCards, .run = "sample", .gen = "tarot32",
                                      .seed = format_hex_upper(kTarotSeed, 8)});
  auto law = law_of("fdr-tarot", kTarotCards, 8);
  if (!law) return {link, law.error()};
  const double fair = 1.0 / static_cast<double>(kTarotCards);
  Quotes q;
  std::string text = "The slip: on an overshoot the code subtracts " + num(kTarotCards - 1) + ", not " + num(kTarotCards) +
                    ", so c stays at least 1 from then on. Exactly, card" +
                    (law->probabilities[1] == law->probabilities[0] ? std::string("s 0 and 1 come") : std::string(" 0 comes")) +
                    " up with probability " +
                    q.fixed(law->probabilities[0], 5, "dice.exact.counts.0", "dice.exact.total") + " (" + fixed_decimals(law->probabilities[0] / fair, 2) +
                    " times fair) and the likeliest card with " +
                    q.fixed(law->stats.max_probability.to_double(), 5, "dice.exact.counts." + num(kTarotCards - 1), "dice.exact.total") +
                    ". The link rolls a sample.";
  return {link, std::move(text), q.take()};
}

TourStep tarot_deck() {
  const std::string link = shuffle_link(tarot_shuffle(kTarotCards - 1));
  auto setup = make_shuffle_setup(tarot_shuffle(0));
  if (!setup) return {link, setup.error()};
  auto rec = record_lab_shuffle(*setup);
  if (!rec) return {link, rec.error()};
  Quotes q;
  std::string text = "Fisher-Yates: for A = " + num(kTarotCards - 1) + " down to 1, swap card A with a random card 0..A. That is " +
                    q.plain(num(rec->total_steps()), "shuffle.totalSteps") + " rolls, which read " + num(rec->words_read) +
                    " LFSR() bytes here. The deck ends with " +
                    q.plain(card_face(CardFaces::tarot, rec->final_deck.back()).name, "shuffle.topCard") +
                    " at position " + num(kTarotCards - 1) + ".";
  return {link, std::move(text), q.take()};
}

TourStep tarot_bias() {
  ShuffleLabState state = bias_tab(tarot_shuffle(0), "sample");
  state.shuffles = 100'000;
  const std::string link = shuffle_link(state);
  auto roller = solve_fdr_exact(kTarotCards, FdrVariant::tarot);
  if (!roller) return {link, roller.error()};
  const double p0 = roller->probabilities[0].to_double();
  Quotes q;
  std::string text = "The first roll picks the card for position " + num(kTarotCards - 1) +
                    ", so the slip shows there: card 0 lands in it with probability " + fixed_decimals(p0, 5) + " instead of " +
                    fixed_decimals(1.0 / kTarotCards, 5) + ". The link samples " + q.grouped(state.shuffles, "shuffle.bias.total") +
                    " shuffles; look at the last row of the matrix.";
  return {link, std::move(text), q.take()};
}

Tour with_heading(const TourHeading& h, std::vector<TourStep> steps) {
  return {std::string(h.id), std::string(h.title), std::string(h.source), std::move(steps)};
}

Tour gameboy_tarot() {
  return with_heading(builtin_tour_headings()[0],
          {tarot_first_byte(), tarot_period(), tarot_coin_flips(), tarot_roller_slip(), tarot_deck(), tarot_bias()});
}

// ---- Tour 2: loaded dice (seed 002) ------------------------------------------

constexpr std::uint64_t kD20 = 20;

TourStep dice_modulo() {
  const std::string link = dice_link({.method = "modulo", .sides = kD20});
  auto law = law_of("modulo", kD20, 8);
  if (!law) return {link, law.error()};
  const auto c = byte_counts(*law);
  const auto [first, last] = top_band(c);
  const std::size_t least = static_cast<std::size_t>(std::min_element(c.begin(), c.end()) - c.begin());
  Quotes q;
  std::string text = "Start with the obvious: the byte modulo " + num(kD20) + ". The " + q.plain(num(law->inputs.low_u64()), "dice.exact.total") +
                    " bytes do not split into " + num(kD20) + " equal piles: faces " +
                    span_text(first + 1, last + 1) + " get " + q.plain(num(c[first]), "dice.exact.counts." + num(first)) +
                    " bytes each and the rest " + q.plain(num(c[least]), "dice.exact.counts." + num(least)) +
                    ". Small, but every low face is " +
                    q.fixed(static_cast<double>(c[first]) / static_cast<double>(c[least]), 3, "dice.exact.maxMinRatio") +
                    " times as likely as a high one.";
  return {link, std::move(text), q.take()};
}

TourStep dice_shift() {
  const std::string link = dice_link({.method = "shift", .sides = kD20});
  auto law = law_of("shift", kD20, 8);
  if (!law) return {link, law.error()};
  const auto c = byte_counts(*law);
  const auto [first, last] = top_band(c);
  Quotes q;
  std::string text = "The article's first try shifts the byte right until it is below " + num(kD20) + ". It keeps the value in the top half of "
                "whatever range it lands in: faces " + span_text(first + 1, last + 1) + " get " +
                    q.plain(num(c[first]), "dice.exact.counts." + num(first)) + " of the " +
                    q.plain(num(law->inputs.low_u64()), "dice.exact.total") + " bytes each, and the average roll is " +
                    fixed_decimals(mean_face(c), 2) + " instead of " + fixed_decimals((kD20 + 1) / 2.0, 1) + ".";
  return {link, std::move(text), q.take()};
}

TourStep dice_maxu8_d20() {
  const std::string link = dice_link({.method = "maxu8-article", .sides = kD20});
  auto values = law_of("maxu8", kD20 + 1, 8);
  auto die = law_of("maxu8-article", kD20, 8);
  if (!values || !die) return {link, "cannot compute MAXU8"};
  const auto v = byte_counts(*values);
  const auto [first, last] = top_band(v);
  const std::uint64_t low = *std::min_element(v.begin(), v.end());
  // Values 1-20 are faces 1-20 on the link's die, so its counts show the same split.
  Quotes q;
  std::string text = "MAXU8 masks the byte with a shrinking mask until it is below " + num(kD20 + 1) + ". The article's split holds: values " +
                    span_text(first, last) + " get " + q.plain(num(v[first]), "dice.exact.counts." + num(first - 1)) + " of " +
                    num(values->inputs.low_u64()) + " bytes, the others " + q.plain(num(low), "dice.exact.counts.0") +
                    ". Reading 0 as a 20 gives the top face " + q.plain(num(byte_counts(*die)[kD20 - 1]), "dice.exact.counts." + num(kD20 - 1)) +
                    "/" + q.plain(num(die->inputs.low_u64()), "dice.exact.total") + ", as often as the middle faces.";
  return {link, std::move(text), q.take()};
}

TourStep dice_maxu8_d100() {
  const std::uint64_t range = 101;  // rangeMax 101: values 0..100
  const std::string link = dice_link({.method = "maxu8", .sides = range});
  auto law = law_of("maxu8", range, 8);
  if (!law) return {link, law.error()};
  const auto v = byte_counts(*law);
  const auto [first, last] = top_band(v);
  const std::size_t least = static_cast<std::size_t>(std::min_element(v.begin(), v.end()) - v.begin());
  // The link's die counts from 1: value x is face x + 1 there.
  Quotes q;
  std::string text = "For 1-" + num(range - 1) + " the article says the middle 25-75 comes up twice as often. Count the " +
                    q.plain(num(law->inputs.low_u64()), "dice.exact.total") + " bytes and the doubled "
                "band is only " + span_text(first, last) + " (faces " + span_text(first + 1, last + 1) + " on this die of values 0-" +
                    num(range - 1) + "): " + q.plain(num(last - first + 1), "dice.exact.favoured") + " values get " +
                    q.plain(num(v[first]), "dice.exact.counts." + num(first)) + " bytes, the other " +
                    q.plain(num(v.size() - (last - first + 1)), "dice.exact.starved") + " get " +
                    q.plain(num(v[least]), "dice.exact.counts." + num(least)) + ".";
  return {link, std::move(text), q.take()};
}

TourStep dice_mulhi_minus1() {
  const std::string link = dice_link({.method = "mulhi-minus1", .sides = kD20, .run = "sample"});
  auto law = law_of("mulhi-minus1", kD20, 8);
  if (!law) return {link, law.error()};
  const auto c = byte_counts(*law);
  const auto [lo, hi] = std::minmax_element(c.begin(), c.end() - 1);
  Quotes q;
  const auto count_at = [&](auto it) { return q.plain(num(*it), "dice.exact.counts." + num(static_cast<std::uint64_t>(it - c.begin()))); };
  std::string text = "The final rollDie multiplies the byte by DIESIDES-1 = " + num(kD20 - 1) +
                    " and keeps the high byte, plus one. With an exact multiply, face " + num(kD20) + " would come from " +
                    q.plain(num(c[kD20 - 1]), "dice.exact.counts." + num(kD20 - 1)) + " of the " +
                    q.plain(num(law->inputs.low_u64()), "dice.exact.total") + " bytes: it could never be rolled, while faces 1-" +
                    num(kD20 - 1) + " get " + (*lo == *hi ? count_at(lo) : count_at(lo) + "-" + count_at(hi)) +
                    " each. The link rolls a sample.";
  return {link, std::move(text), q.take()};
}

TourStep dice_printed_mulhbyl() {
  const std::string link = dice_link({.method = "mulhi-minus1", .sides = kD20, .view = "z80"});
  const auto printed = z80_roll_die_counts(static_cast<std::uint8_t>(kD20));
  const auto [lo, hi] = std::minmax_element(printed.begin() + 1, printed.begin() + kD20 + 1);
  Quotes q;
  std::string text = "Yet the printed code works: MulHbyL starts its sum at L instead of 0, so it returns (H+1)*L, which "
                "multiplies by " + num(kD20) + " after all. Over all " + num(printed.size()) + " bytes the listing gives face " +
                    num(kD20) + " from " + q.plain(num(printed[kD20]), "dice.z80.printedRollDieFace20") +
                    " and every face from " + span_text(*lo, *hi) + ". Two slips cancel.";
  return {link, std::move(text), q.take()};
}

Tour loaded_dice() {
  return with_heading(builtin_tour_headings()[1], {dice_modulo(), dice_shift(), dice_maxu8_d20(), dice_maxu8_d100(),
                                         dice_mulhi_minus1(), dice_printed_mulhbyl()});
}

// ---- Tour 3: how to shuffle (seeds 001, 003) ---------------------------------

Result<BiasMatrix> exact_matrix(ShuffleAlgo algo, std::uint32_t n, std::uint32_t keys = 0) {
  auto spec = make_shuffle_spec(algo, n, 0, keys);
  if (!spec) return Result<BiasMatrix>::fail(spec.error());
  return exact_bias(*spec);
}
ShuffleLabState small_deck(std::string algo, std::uint32_t n) {
  return bias_tab({.algo = std::move(algo), .n = n, .run = {}}, "exact");
}

TourStep shuffle_fisher_yates() {
  const std::uint32_t n = 3;
  const std::string link = shuffle_link(small_deck("fisher-yates", n));
  auto m = exact_matrix(ShuffleAlgo::FisherYates, n);
  if (!m) return {link, m.error()};
  Quotes q;
  const std::string total = q.plain(num(m->total), "shuffle.bias.total");
  std::string text = "Fisher-Yates on " + num(n) + " cards makes " + num(n - 1) +
                    " draws, from " + num(n) + " choices then " + num(n - 1) + ": " + total +
                    " equally likely draw lists, one per order. The exact matrix is flat: every card lands in every "
                    "position in " + q.plain(num(m->at(0, 0)), "shuffle.bias.counts.0") + " of the " + total + " lists.";
  return {link, std::move(text), q.take()};
}

TourStep shuffle_naive() {
  const std::uint32_t n = 4;
  const std::string link = shuffle_link(small_deck("naive", n));
  auto m = exact_matrix(ShuffleAlgo::Naive, n);
  if (!m) return {link, m.error()};
  const auto [lo, hi] = std::minmax_element(m->counts.begin(), m->counts.end());
  const auto cell = [&](auto it) {
    const auto k = static_cast<std::uint32_t>(it - m->counts.begin());
    return "card " + num(k % n) + " in position " + num(k / n);
  };
  Quotes q;
  const auto count_at = [&](auto it) { return q.plain(num(*it), "shuffle.bias.counts." + num(static_cast<std::uint64_t>(it - m->counts.begin()))); };
  std::string text = "The naive shuffle swaps every position with any of the " + num(n) + ": " + q.plain(num(m->total), "shuffle.bias.total") +
                    " draw lists for " + num(factorial(n)) + " orders, which do not divide evenly: " + cell(hi) + " happens in " + count_at(hi) +
                    " lists, " + cell(lo) + " in only " + count_at(lo) + "; fair would be " + num(m->total / n) + ".";
  return {link, std::move(text), q.take()};
}

TourStep shuffle_sattolo() {
  const std::uint32_t n = 4;
  const std::string link = shuffle_link(small_deck("sattolo", n));
  auto m = exact_matrix(ShuffleAlgo::Sattolo, n);
  if (!m) return {link, m.error()};
  std::uint64_t home = 0;
  for (std::uint32_t p = 0; p < n; ++p) home += m->at(p, p);
  Quotes q;
  std::string text = "Sattolo's variant draws from 0..A-1 instead of 0..A. It is not a bad shuffle, it is a different one: its " +
                    q.plain(num(m->total), "shuffle.bias.total") + " draw lists give only the orders that are one big cycle, so a card stays in its "
                    "own place in " + num(home) + " of them. The diagonal is empty.";
  return {link, std::move(text), q.take()};
}

TourStep shuffle_sort_keys() {
  const std::uint32_t n = 3, keys = 4;
  ShuffleLabState state = small_deck("sort-keys", n);
  state.keys = keys;
  const std::string link = shuffle_link(state);
  auto m = exact_matrix(ShuffleAlgo::SortKeys, n, keys);
  if (!m) return {link, m.error()};
  Quotes q;
  std::string text = "Sorting by random keys is fair only if keys never tie. With keys 0-" + num(keys - 1) + " for " + num(n) +
                    " cards there are " + q.plain(num(m->total), "shuffle.bias.total") + " key lists, ties keep the old order, and card 0 ends on top in " +
                    q.plain(num(m->at(0, 0)), "shuffle.bias.counts.0") + " of them, card " + num(n - 1) + " in only " +
                    q.plain(num(m->at(0, n - 1)), "shuffle.bias.counts." + num(n - 1)) + ".";
  return {link, std::move(text), q.take()};
}

TourStep shuffle_seed_space() {
  const ShuffleLabState state{.algo = "lin2003", .tab = "reach", .run = {}};
  const std::string link = shuffle_link(state);
  const ReachView view = reach_view(state);
  Quotes q;
  std::string text = "A perfect shuffle still needs enough randomness. A deck has " + num(state.n) + "! orders, about 2^" +
                    q.fixed(view.log2_orders, 1, "shuffle.reach.log2Factorial") + "; shuffle.c is seeded with a number of about 2^" +
                    q.fixed(view.log2_seeds, 1, "shuffle.reach.rows.0.log2") + " values, so it can deal at most a 2^" +
                    fixed_decimals(view.log2_reached_fraction, 1) + " share of all decks.";
  return {link, std::move(text), q.take()};
}

Tour how_to_shuffle() {
  return with_heading(builtin_tour_headings()[2], {shuffle_fisher_yates(), shuffle_naive(), shuffle_sattolo(),
                                         shuffle_sort_keys(), shuffle_seed_space()});
}

// ---- Tour 4: break the shuffle (seeds 001, 004) ------------------------------

constexpr std::uint32_t kWorstDealSeed = 0x932D217C;  // found by the 2^32 sweep (core/poker/poker_sweep.hpp)

std::vector<std::uint32_t> seen_cards() {
  const auto deck = lin2003_deck(static_cast<std::uint32_t>(kDefaultPredictTime), 52);
  return {deck.begin(), deck.begin() + kPredictShownCards};
}

TourStep predict_deal() {
  const std::uint32_t n = 52;
  const std::string link = shuffle_link({.algo = "lin2003", .n = n, .seed = kDefaultPredictTime, .t = n - 1, .run = {}});
  Quotes q;
  std::string text = "shuffle.c seeds rand() with time(NULL). A game started at " + format_utc(kDefaultPredictTime) +
                    " has seed " + q.plain(std::to_string(kDefaultPredictTime), "shuffle.seed") + ", and its deck begins " +
                    card_list(seen_cards(), kPredictShownCards, CardFaces::standard) + ".";
  return {link, std::move(text), q.take()};
}

// Every seed of the window whose deck starts with the first `cards` seen (the Predict tab lists at most 64).
std::uint64_t matches_in(std::string_view window, std::size_t cards) {
  const auto seen = seen_cards();
  const std::vector<std::uint32_t> first(seen.begin(), seen.begin() + static_cast<std::ptrdiff_t>(cards));
  return count_lin2003_seeds(first, 52, predict_window(kDefaultPredictGuess, window_seconds(window)));
}

TourStep predict_hour() {
  const std::string link = shuffle_link({.algo = "lin2003", .tab = "predict", .run = "predict"});
  const std::uint64_t seconds = window_seconds("hour");
  Quotes q;
  std::string text = "Seeing those " + q.plain(num(kPredictShownCards), "shuffle.predict.seen.#") + " cards and knowing the hour is enough: try all " +
                    q.grouped(seconds, "shuffle.predict.windowCount") + " seconds as seeds. 1 card leaves " + num(matches_in("hour", 1)) + " candidates, 2 leave " +
                    num(matches_in("hour", 2)) + ", " + num(kPredictShownCards) + " leave " +
                    q.plain(num(matches_in("hour", kPredictShownCards)), "shuffle.predict.found.#") +
                    ": the seed, and with it the other " + num(52 - kPredictShownCards) + " cards.";
  return {link, std::move(text), q.take()};
}

TourStep predict_day() {
  const std::string link = shuffle_link({.algo = "lin2003", .tab = "predict", .window = "day", .run = "predict"});
  Quotes q;
  std::string text = "A whole day is no harder: " + q.grouped(window_seconds("day"), "shuffle.predict.windowCount") + " seeds, and the " +
                    num(kPredictShownCards) + " cards still leave " +
                    q.plain(num(matches_in("day", kPredictShownCards)), "shuffle.predict.found.#") + ". Seeding from the clock gives away almost all of "
                    "the seed.";
  return {link, std::move(text), q.take()};
}

TourStep onechip_deal() {
  const OneChipDeal d = one_chip_deal(kWorstDealSeed);
  const std::uint32_t values = lcrng_card(~0u) + 1;  // the top bits as a card value
  std::uint32_t bits = 0;
  while ((1u << bits) < values) ++bits;
  Quotes q;
  std::string text = "One Chip deals differently: step the LCRNG (x " + num(kLcrngMultiplier) + " + " + num(kLcrngIncrement) +
              "), take the top " + num(bits) + " bits, and redraw a value of " +
              num(kOneChipDeckCards) + "-" + num(values - 1) + " or a card already dealt. " + num(values - kOneChipDeckCards) +
              " of the " + num(values) + " values are wasted; this seed needs " + q.plain(num(d.calls), "poker.calls") + " calls for " +
              q.plain(num(kOneChipDealCards), "poker.cards.#") + " cards.";
  return {poker_link(kWorstDealSeed, 0), std::move(text), q.take()};
}

TourStep onechip_worst() {
  const OneChipDeal d = one_chip_deal(kWorstDealSeed);
  Quotes q;
  std::string text = "The next link's sweep finds no worse seed: " + q.plain(num(d.too_high), "poker.tooHigh") + " values too high and " +
              q.plain(num(d.duplicates), "poker.duplicates") + " duplicates before card " + num(kOneChipDealCards) + ", " +
              q.plain(num(d.calls), "poker.calls") + " calls in all. The article's PC program found "
              "the same limit of " + num(kArticleWorstCalls) + " by dealing every seed.";
  return {poker_link(kWorstDealSeed, d.calls), std::move(text), q.take()};
}

TourStep onechip_sweep() {
  Quotes q;
  std::string text = "The link deals all " + num(kLcrngPeriod) + " seeds again, the longest job here. They are few: " +
              q.grouped(possible_deal_count(), "poker.possibleDeals") +
              " deals exist (a pat hand and " + num(kOneChipDealCards - kPatHandCards) + " draws), so only " + fixed_decimals(dealt_share_percent(), 4) +
              "% of them can ever come out of this machine.";
  return {poker_link(kWorstDealSeed, 0, "sweep"), std::move(text), q.take()};
}

TourStep onechip_hands() {
  Quotes q;
  std::string text = "Which pat hands can it deal? There are " + q.grouped(pat_hand_count(), "poker.patHands") +
              " " + num(kPatHandCards) + "-card hands; this link marks every one some seed deals, over the whole cycle.";
  return {poker_link(kWorstDealSeed, 0, "hands"), std::move(text), q.take()};
}

Tour break_the_shuffle() {
  return with_heading(builtin_tour_headings()[3],
          {predict_deal(), predict_hour(), predict_day(), onechip_deal(), onechip_worst(), onechip_sweep(), onechip_hands()});
}

// ---- Tour 5: how people really shuffle (comparator sorts, riffles) --------------

// "card c ends in position p with chance x (exactly a/b)": from the exact law; the link's matrix shows the cell.
std::string comparator_cell(Quotes& q, const std::vector<Fraction>& law, std::uint32_t n, std::uint32_t position, std::uint32_t card) {
  const Fraction& f = law[position * n + card];
  return q.percent(f.to_double(), "shuffle.bias.counts." + num(position * n + card), "shuffle.bias.total") + " (exactly " +
         f.to_string() + ")";
}

TourStep people_coin_sort() {
  const std::uint32_t n = 4;
  const std::string link = shuffle_link(small_deck("cmp-v8", n));
  ComparatorExact exact(ComparatorSort::V8, n);
  while (!exact.done()) exact.run(std::uint64_t{1} << 20);
  const auto law = exact.probabilities();
  Quotes q;
  std::string text = "array.sort(() => Math.random() - 0.5) flips a coin per comparison. On " + num(n) +
                    " cards node's V8 sort leaves card 0 on top with chance " + comparator_cell(q, law, n, 0, 0) +
                    ", at the bottom " + comparator_cell(q, law, n, n - 1, 0) + ", not " + percent(1.0 / n) + "; it flips " +
                    fixed_decimals(exact.mean_comparisons().to_double(), 2) + " coins on average.";
  return {link, std::move(text), q.take()};
}

TourStep people_one_riffle() {
  ShuffleLabState state{.algo = "riffle", .n = 52, .run = {}};
  state.rounds = 1;
  const std::string link = shuffle_link(state);
  auto table = RiffleTable::make(52);
  if (!table) return {link, table.error()};
  const RiffleLaw one = table->law(1);
  std::uint32_t most = 0;
  for (std::uint32_t r = 0; r < one.rising.size(); ++r)
    if (!one.rising[r].is_zero()) most = r;
  return {link, "A riffle (Gilbert-Shannon-Reeds) cuts about in half and drops cards from each half in proportion to "
                "its size. One riffle leaves at most " + num(most) + " rising sequences (runs of consecutive cards in "
                "order), so most orders are impossible: distance from uniform " + fixed_decimals(one.distance, 3) + "."};
}

TourStep people_seven_riffles() {
  ShuffleLabState state{.algo = "riffle", .n = 52, .tab = "human", .run = {}};
  state.rounds = 7;
  const std::string link = shuffle_link(state);
  auto table = RiffleTable::make(52);
  if (!table) return {link, table.error()};
  Quotes q;
  std::string row;
  for (std::uint32_t k = 5; k <= 10; ++k)
    row += (row.empty() ? "" : ", ") + num(k) + ": " + q.fixed(table->law(k).distance, 3, "shuffle.riffle.distances." + num(k - 1));
  std::string text = "Exact distance from uniform after k riffles of 52 cards (Eulerian numbers): " + row + ". k = " +
                    q.plain(num(riffles_below_half(*table, 20)), "shuffle.riffle.belowHalf") + " is the first below 1/2: that is what \"seven riffles "
                    "suffice\" means. Each further riffle about halves it.";
  return {link, std::move(text), q.take()};
}

TourStep people_faro_and_overhand() {
  ShuffleLabState state{.algo = "overhand", .n = 52, .tab = "human", .run = {}};
  state.rounds = 7;
  const std::string link = shuffle_link(state);
  Quotes q;
  std::string text = "A perfect riffle (Faro out-shuffle) is no shuffle: " + q.plain(num(faro_out_order(52)), "shuffle.riffle.faroOrder") +
                    " of them bring 52 cards back to their order. The overhand shuffle (Pemantle 1989: a cut at each "
                    "gap with a fixed chance, packets reversed) keeps neighbours together far longer: see the pairs kept.";
  return {link, std::move(text), q.take()};
}

Tour how_people_shuffle() {
  return with_heading(builtin_tour_headings()[4],
                      {people_coin_sort(), people_one_riffle(), people_seven_riffles(), people_faro_and_overhand()});
}

// In the order of builtin_tour_headings().
using TourBuilder = Tour (*)();
constexpr TourBuilder kTourBuilders[] = {gameboy_tarot, loaded_dice, how_to_shuffle, break_the_shuffle,
                                         how_people_shuffle};
}  // namespace

const std::vector<Tour>& builtin_tours() {
  static const std::vector<Tour> tours = [] {
    std::vector<Tour> out;
    for (TourBuilder build : kTourBuilders) out.push_back(build());
    return out;
  }();
  return tours;
}

const Tour* find_builtin_tour(std::string_view id) {
  for (const Tour& t : builtin_tours())
    if (t.id == id) return &t;
  return nullptr;
}

namespace {
// Builds one lesson in one step (it takes well under a second; the worker runs it off the UI thread).
class BuiltinTourJob final : public Job {
 public:
  explicit BuiltinTourJob(std::size_t index) : index_(index) {}
  double step(std::uint64_t) override {
    payload_ = tour_text(kTourBuilders[index_]());
    return 1.0;
  }
  bool done() const override { return !payload_.empty(); }
  std::vector<double> result() const override { return {}; }
  std::string summary() const override { return std::string(builtin_tour_headings()[index_].title); }
  std::string payload() const override { return payload_; }

 private:
  std::size_t index_;
  std::string payload_;  // the lesson in the lesson file format
};
}  // namespace

Result<std::shared_ptr<Job>> make_builtin_tour_job(FieldReader& fields) {
  using R = Result<std::shared_ptr<Job>>;
  std::string id;
  fields.token("id", kMaxTourIdLength, id);
  const TourHeading* heading = find_tour_heading(id);
  if (!heading) return R::fail("id: no built-in lesson is called \"" + printable_excerpt(id) + "\"");
  return R::ok(std::make_shared<BuiltinTourJob>(static_cast<std::size_t>(heading - builtin_tour_headings().data())));
}

}  // namespace shufflelab
