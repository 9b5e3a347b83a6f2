#include "core/dice/dice_z80.hpp"

#include <algorithm>
#include <cstdio>

#include "core/dice/dice_law.hpp"

namespace shufflelab {

namespace {

std::string approx(double x, int digits = 4) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.*g", digits, x);
  return buffer;
}

std::string range_text(std::uint64_t low, std::uint64_t high) {
  return low == high ? std::to_string(low) : std::to_string(low) + "-" + std::to_string(high);
}

// Smallest and largest of counts[first..last].
std::pair<std::uint64_t, std::uint64_t> extremes(const std::vector<std::uint64_t>& counts, std::size_t first,
                                                 std::size_t last) {
  const auto [lo, hi] = std::minmax_element(counts.begin() + static_cast<std::ptrdiff_t>(first),
                                            counts.begin() + static_cast<std::ptrdiff_t>(last) + 1);
  return {*lo, *hi};
}

// A law with small integer weights (B = 8) as plain counts.
std::vector<std::uint64_t> small_counts(const DieLaw& law) {
  std::vector<std::uint64_t> out;
  for (const BigUint& w : law.weights) out.push_back(w.low_u64());
  return out;
}

ArticleCheck unavailable(ArticleCheck c) {
  c.numbers = "(the exact law could not be computed)";
  return c;
}

Result<DieLaw> law_of(std::string_view method, std::uint64_t sides, unsigned bits) {
  return exact_die_law(*find_dice_method(method), sides, bits);
}

ArticleCheck check_roll_die() {
  ArticleCheck c;
  c.source = "seed 002, rollDie (multiply-high)";
  c.claim = "Loading DIESIDES-1 into H, multiplying by the LFSR byte and keeping the high byte + 1 "
            "spreads the 256 bytes over the faces \"about as even as you can ask for\".";
  const auto minus1 = law_of("mulhi-minus1", 20, 8);
  const auto mulhi = law_of("mulhi", 20, 8);
  if (!minus1 || !mulhi) return unavailable(c);
  const std::vector<std::uint64_t> exact = small_counts(*minus1);
  const auto [lo, hi] = extremes(exact, 0, 18);
  const std::vector<std::uint32_t> printed = z80_roll_die_counts(20);
  std::vector<std::uint64_t> printed_faces(printed.begin() + 1, printed.begin() + 21);
  const auto [plo, phi] = extremes(printed_faces, 0, 19);
  const bool same_as_mulhi = printed_faces == small_counts(*mulhi);
  // The article's own spread table starts with 13 zeros and shows its first 02
  // at input 25: which multiplier k gives that?
  std::string table_match;
  for (unsigned k = 19; k <= 21; ++k) {
    unsigned zeros = 0, first_two = 0;
    for (unsigned l = 0; l < 256; ++l) {
      if (((k * l) >> 8) == 0) ++zeros;
      if (((k * l) >> 8) == 2 && first_two == 0) first_two = l;
    }
    if (zeros == 13 && first_two == 25) table_match += (table_match.empty() ? "" : ", ") + std::to_string(k);
  }
  c.numbers = "With an exact multiply by DIESIDES-1 = 19 (method mulhi-minus1), face 20 comes from " +
              std::to_string(exact[19]) + " of the 256 bytes (it can never come up) while faces 1-19 get " +
              range_text(lo, hi) + " bytes each. But the printed MulHbyL starts its sum at L instead of 0, so it "
              "returns (H+1)*L: run over all 256 bytes, the listing gives face 20 from " +
              std::to_string(printed_faces[19]) + " bytes and every face " + range_text(plo, phi) + " bytes" +
              (same_as_mulhi ? ", exactly the multiply-high law with n = 20." : ".") +
              " The article's printed spread (13 zeros, first 02 at input 25) fits multiplier " +
              (table_match.empty() ? "none of 19-21" : table_match) + ".";
  c.verdict = exact[19] == 0 && same_as_mulhi ? CheckVerdict::accidental : CheckVerdict::fails;
  return c;
}

ArticleCheck check_maxu8_d20() {
  ArticleCheck c;
  c.source = "seed 002, MAXU8 for a d20";
  c.claim = "With rangeMax 21 the values 0-4 and 16-20 each have a 1/32 chance and 5-15 a 2/32 chance; "
            "reading 0 as 20 then gives the top roll 2/32.";
  const auto values = law_of("maxu8", 21, 8);
  const auto die = law_of("maxu8-article", 20, 8);
  if (!values || !die) return unavailable(c);
  const std::vector<std::uint64_t> v = small_counts(*values);
  const auto [a_lo, a_hi] = extremes(v, 0, 4);
  const auto [b_lo, b_hi] = extremes(v, 5, 15);
  const auto [c_lo, c_hi] = extremes(v, 16, 20);
  const std::uint64_t top = small_counts(*die)[19];
  c.numbers = "Over the 256 bytes: values 0-4 get " + range_text(a_lo, a_hi) + " bytes each, 5-15 get " +
              range_text(b_lo, b_hi) + ", 16-20 get " + range_text(c_lo, c_hi) + " (8/256 = 1/32, 16/256 = 2/32). "
              "Face 20 (values 0 and 20) gets " + std::to_string(top) + "/256 = " + approx(static_cast<double>(top) / 256.0) +
              "; max/min = " + die->stats.max_min_ratio->to_string() + ", total variation " +
              approx(die->stats.total_variation_approx) + ".";
  const bool holds = a_lo == 8 && a_hi == 8 && b_lo == 16 && b_hi == 16 && c_lo == 8 && c_hi == 8 && top == 16;
  c.verdict = holds ? CheckVerdict::holds : CheckVerdict::fails;
  return c;
}

ArticleCheck check_maxu8_d100() {
  ArticleCheck c;
  c.source = "seed 002, MAXU8 for 1-100";
  c.claim = "For 1-100 the same masking makes 25-75 come up twice as often.";
  const auto law = law_of("maxu8", 101, 8);  // rangeMax 101: values 0..100, as the d20 used 21
  if (!law) return unavailable(c);
  const std::vector<std::uint64_t> v = small_counts(*law);
  const std::uint64_t most = *std::max_element(v.begin(), v.end());
  std::size_t first = v.size(), last = 0;
  for (std::size_t i = 0; i < v.size(); ++i)
    if (v[i] == most) first = std::min(first, i), last = i;
  c.numbers = "With rangeMax 101 (values 0-100) the doubled values are " + range_text(first, last) + " (" +
              std::to_string(most) + " bytes each, the others " + std::to_string(*std::min_element(v.begin(), v.end())) +
              "): the middle band is narrower than claimed.";
  c.verdict = first == 25 && last == 75 ? CheckVerdict::holds : CheckVerdict::fails;
  return c;
}

ArticleCheck check_tarot_fdr() {
  ArticleCheck c;
  c.source = "seed 000, coin-flip roller for 78 cards";
  c.claim = "The roller that subtracts 77 on an overshoot makes every result 0-77 equally likely when the coin flips are fair.";
  const auto law = law_of("fdr-tarot", 78, 8);
  if (!law) return unavailable(c);
  const DieLaw& l = *law;
  c.numbers = "Exact law with fair flips: P(0) = P(1) = " + l.probability(0).to_string() + " = " +
              approx(l.probabilities[0]) + " instead of 1/78 = " + approx(1.0 / 78.0) + "; the most likely results get " +
              l.stats.max_probability.to_string() + " = " + approx(l.stats.max_probability.to_double()) +
              ". Max/min = " + approx(l.stats.max_min_ratio ? l.stats.max_min_ratio->to_double() : 0.0) +
              ", total variation " + approx(l.stats.total_variation_approx) + ", " + std::to_string(l.stats.starved.size()) +
              " results starved. After an overshoot c is at least 1, so 0 and 1 only come out before the first one.";
  c.verdict = l.stats.total_variation.is_zero() ? CheckVerdict::holds : CheckVerdict::fails;
  return c;
}

ArticleCheck check_float_52() {
  ArticleCheck c;
  c.source = "seed 001, randomInt with glibc rand()";
  c.claim = "(int)(52 * (rand() / RAND_MAX)), redrawn when the ratio reaches 1.0, gives each of the 52 cards the same chance.";
  const auto law = law_of("float", 52, 31);
  if (!law) return unavailable(c);
  const DieLaw& l = *law;
  c.numbers = "Of the 2^31 rand() values " + l.rejected.to_string() + " (RAND_MAX) is redrawn; the faces get " +
              l.stats.min_probability.to_string() + " or " + l.stats.max_probability.to_string() + " (" +
              std::to_string(l.stats.favoured.size()) + " favoured, " + std::to_string(l.stats.starved.size()) +
              " starved): max/min = " + l.stats.max_min_ratio->to_string() + " = 1 + " +
              approx(l.stats.max_min_ratio->to_double() - 1.0, 3) + ", total variation " +
              approx(l.stats.total_variation_approx, 3) + ". Biased, but a chi-square test would need about " +
              approx(rolls_to_notice(l), 2) + " rolls to notice.";
  c.verdict = l.stats.total_variation.is_zero() ? CheckVerdict::holds : CheckVerdict::negligible;
  return c;
}

}  // namespace

std::uint16_t z80_mul_h_by_l(std::uint8_t h, std::uint8_t l) {
  std::uint8_t d = h;                // ld d,h
  std::uint16_t hl = l;              // ld h,0 (L stays)
  const std::uint16_t bc = l;        // ld b,0 / ld c,l
  do {
    hl = static_cast<std::uint16_t>(hl + bc);  // add hl,bc
    d = static_cast<std::uint8_t>(d - 1);      // dec d
  } while (d != 0);                            // jr nz
  return hl;
}

std::uint8_t z80_roll_die_as_printed(std::uint8_t byte, std::uint8_t die_sides) {
  const std::uint16_t hl = z80_mul_h_by_l(static_cast<std::uint8_t>(die_sides - 1), byte);
  return static_cast<std::uint8_t>((hl >> 8) + 1);  // ld a,h / inc a
}

std::vector<std::uint32_t> z80_roll_die_counts(std::uint8_t die_sides) {
  std::vector<std::uint32_t> counts(256, 0);
  for (unsigned byte = 0; byte < 256; ++byte)
    ++counts[z80_roll_die_as_printed(static_cast<std::uint8_t>(byte), die_sides)];
  return counts;
}

Result<std::vector<std::uint8_t>> z80_printed_rolls(std::string_view seed, std::uint8_t die_sides, std::size_t count) {
  auto generator = make_dice_generator("z80", seed);
  if (!generator) return Result<std::vector<std::uint8_t>>::fail(generator.error());
  std::vector<std::uint8_t> faces;
  for (std::size_t i = 0; i < count; ++i) faces.push_back(z80_roll_die_as_printed(generator.value().next_byte(), die_sides));
  return Result<std::vector<std::uint8_t>>::ok(std::move(faces));
}

std::string_view verdict_label(CheckVerdict verdict) {
  switch (verdict) {
    case CheckVerdict::holds: return "holds";
    case CheckVerdict::fails: return "does not hold";
    case CheckVerdict::negligible: return "false, but negligible";
    case CheckVerdict::accidental: return "holds only by accident";
  }
  return "?";
}

std::vector<ArticleCheck> article_checks() {
  return {check_roll_die(), check_maxu8_d20(), check_maxu8_d100(), check_tarot_fdr(), check_float_52()};
}

}  // namespace shufflelab
