// die_law_wire.hpp: every method's exact law of one die (core/dice/dice_law)
// as a job's output and back, exactly. The "die_laws" job (parameters
// sides=N&bits=B, link syntax) computes them with exact_die_law; a reader of
// its output needs neither the enumeration, the closed forms nor the
// coin-flip solver. The numbers (the job's result) are, per method in
// dice_methods() order, 1 then
//   WEIGHTS w... TOTAL INPUTS REJECTED EXPECTED_BITS_NUM EXPECTED_BITS_DEN
// (each big number as [limb count, 32-bit limbs, least significant first],
// which doubles hold exactly), or 0 for a method whose law fails. The text
// (the job's payload) has one line per method: the law's `how`, or why it fails.
// The decoder recomputes what follows from these (probabilities, face_stats).
// The Z80 tab's article checks travel the same way (the "dice_checks" job).
#pragma once
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/jobs.hpp"
#include "core/base/rational.hpp"
#include "core/base/result.hpp"
#include "core/base/url_fields.hpp"
#include "core/dice/dice_law.hpp"
#include "core/dice/dice_z80.hpp"

namespace shufflelab {

// A big number as [limb count, 32-bit limbs, least significant first], and back
// (false if the numbers at `pos` are not one); a limb is a whole number 0..2^32-1.
bool is_big_limb(double v);
void append_big_limbs(std::vector<double>& out, const BigUint& value);
bool read_big_limbs(std::span<const double> values, std::size_t& pos, BigUint& out);

struct DieLawsWire {
  std::vector<double> numbers;
  std::string text;
};
// laws: one per dice_methods() entry, in that order.
DieLawsWire encode_die_laws(std::span<const Result<DieLaw>> laws);
// Every method's law of (sides, bits), or what is wrong with the numbers or the text.
Result<std::vector<Result<DieLaw>>> decode_die_laws(std::span<const double> numbers, std::string_view text,
                                                    std::uint64_t sides, unsigned bits);

// The "die_laws" job: sides 1..kMaxDiceLabSides, bits 1..64.
Result<std::shared_ptr<Job>> make_die_laws_job(FieldReader& f);

// The Z80 tab's article checks (article_checks, which read exact laws) as the
// "dice_checks" job's payload: one line per check, its verdict's number, the
// source, the claim and the numbers separated by tabs. The job takes no parameters.
std::string encode_article_checks(const std::vector<ArticleCheck>& checks);
Result<std::vector<ArticleCheck>> decode_article_checks(std::string_view text);
Result<std::shared_ptr<Job>> make_dice_checks_job(FieldReader& f);

}  // namespace shufflelab
