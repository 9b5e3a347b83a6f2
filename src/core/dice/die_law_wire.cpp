#include "core/dice/die_law_wire.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <utility>

#include "core/dice/range.hpp"

namespace shufflelab {

namespace {

void append_law(std::vector<double>& out, const DieLaw& law) {
  out.push_back(static_cast<double>(law.weights.size()));
  for (const BigUint& w : law.weights) append_big_limbs(out, w);
  for (const BigUint* big : {&law.total, &law.inputs, &law.rejected, &law.expected_bits.numerator(),
                             &law.expected_bits.denominator()})
    append_big_limbs(out, *big);
}

// One law at `pos`, or a failure naming the method and what is malformed.
Result<DieLaw> read_law(std::span<const double> numbers, std::size_t& pos, const DiceMethodInfo& method,
                        std::uint64_t sides, unsigned bits, std::string how) {
  using R = Result<DieLaw>;
  const std::string where = "the die laws: " + std::string(method.name) + "'s ";
  if (pos >= numbers.size() || numbers[pos] != static_cast<double>(sides))
    return R::fail(where + "number of faces is not " + std::to_string(sides));
  ++pos;
  DieLaw law;
  law.method = &method;
  law.sides = sides;
  law.bits = bits;
  law.log2_sides = std::log2(static_cast<double>(sides));
  law.how = std::move(how);
  law.weights.resize(sides);
  for (BigUint& w : law.weights)
    if (!read_big_limbs(numbers, pos, w)) return R::fail(where + "weights are malformed");
  BigUint numerator, denominator;
  for (BigUint* big : {&law.total, &law.inputs, &law.rejected, &numerator, &denominator})
    if (!read_big_limbs(numbers, pos, *big)) return R::fail(where + "totals are malformed");
  BigUint sum;
  for (const BigUint& w : law.weights) sum += w;
  if (law.total.is_zero() || sum != law.total) return R::fail(where + "weights do not add up to their total");
  if (denominator.is_zero()) return R::fail(where + "bits per roll have a zero denominator");
  law.expected_bits = Fraction(numerator, denominator);
  law.probabilities.reserve(law.weights.size());
  for (const BigUint& w : law.weights) law.probabilities.push_back(ratio_to_double(w, law.total));
  law.stats = face_stats(law.weights, law.total);
  return R::ok(std::move(law));
}

class DieLawsJob final : public Job {
 public:
  DieLawsJob(std::uint64_t sides, unsigned bits) : sides_(sides), bits_(bits) {}
  double step(std::uint64_t) override {
    out_ = encode_die_laws(all_die_laws(sides_, bits_));
    done_ = true;
    return 1.0;
  }
  bool done() const override { return done_; }
  std::vector<double> result() const override { return out_.numbers; }
  std::string summary() const override { return done_ ? "the exact laws" : "computing the exact laws"; }
  std::string payload() const override { return out_.text; }

 private:
  std::uint64_t sides_;
  unsigned bits_;
  bool done_ = false;
  DieLawsWire out_;
};

class DiceChecksJob final : public Job {
 public:
  double step(std::uint64_t) override {
    text_ = encode_article_checks(article_checks());
    done_ = true;
    return 1.0;
  }
  bool done() const override { return done_; }
  std::vector<double> result() const override { return {}; }
  std::string summary() const override { return done_ ? "the article's claims checked" : "checking the article's claims"; }
  std::string payload() const override { return text_; }

 private:
  bool done_ = false;
  std::string text_;
};

constexpr CheckVerdict kVerdicts[] = {CheckVerdict::holds, CheckVerdict::fails, CheckVerdict::negligible,
                                      CheckVerdict::accidental};

}  // namespace

bool is_big_limb(double v) { return v >= 0 && v <= 4294967295.0 && v == std::floor(v); }

void append_big_limbs(std::vector<double>& out, const BigUint& value) {
  std::vector<double> limbs;
  for (BigUint rest = value; !rest.is_zero(); rest >>= 32) limbs.push_back(static_cast<double>(rest.low_u64() & 0xffffffffu));
  out.push_back(static_cast<double>(limbs.size()));
  out.insert(out.end(), limbs.begin(), limbs.end());
}

bool read_big_limbs(std::span<const double> values, std::size_t& pos, BigUint& out) {
  if (pos >= values.size() || !is_big_limb(values[pos])) return false;
  const auto count = static_cast<std::size_t>(values[pos++]);
  if (count > values.size() - pos) return false;
  out = BigUint();
  for (std::size_t i = count; i-- > 0;) {
    if (!is_big_limb(values[pos + i])) return false;
    out <<= 32;
    out += BigUint(static_cast<std::uint64_t>(values[pos + i]));
  }
  pos += count;
  return true;
}

DieLawsWire encode_die_laws(std::span<const Result<DieLaw>> laws) {
  DieLawsWire out;
  for (std::size_t i = 0; i < laws.size(); ++i) {
    const Result<DieLaw>& law = laws[i];
    out.numbers.push_back(law ? 1.0 : 0.0);
    if (law) append_law(out.numbers, *law);
    if (i > 0) out.text += '\n';
    out.text += law ? law->how : law.error();
  }
  return out;
}

Result<std::vector<Result<DieLaw>>> decode_die_laws(std::span<const double> numbers, std::string_view text,
                                                    std::uint64_t sides, unsigned bits) {
  using R = Result<std::vector<Result<DieLaw>>>;
  std::vector<Result<DieLaw>> laws;
  std::size_t pos = 0, line_start = 0;
  for (const DiceMethodInfo& method : dice_methods()) {
    if (line_start > text.size()) return R::fail("the die laws: fewer text lines than methods");
    const std::size_t line_end = std::min(text.find('\n', line_start), text.size());
    const std::string line(text.substr(line_start, line_end - line_start));
    line_start = line_end + 1;
    if (pos >= numbers.size() || (numbers[pos] != 0 && numbers[pos] != 1))
      return R::fail("the die laws: " + std::string(method.name) + "'s law is missing");
    if (numbers[pos++] == 0) {
      laws.push_back(Result<DieLaw>::fail(line));
      continue;
    }
    auto law = read_law(numbers, pos, method, sides, bits, line);
    if (!law) return R::fail(law.error());
    laws.push_back(std::move(law));
  }
  if (pos != numbers.size()) return R::fail("the die laws: numbers left over after the last method");
  if (line_start <= text.size()) return R::fail("the die laws: more text lines than methods");
  return R::ok(std::move(laws));
}

Result<std::shared_ptr<Job>> make_die_laws_job(FieldReader& f) {
  using R = Result<std::shared_ptr<Job>>;
  std::uint64_t sides = 0;
  int bits = 0;
  if (!f.decimal("sides", std::uint64_t{1}, kMaxDiceLabSides, sides))
    return R::fail("sides: missing or not 1.." + std::to_string(kMaxDiceLabSides));
  if (!f.decimal("bits", 1, 64, bits)) return R::fail("bits: missing or not 1..64");
  return R::ok(std::make_shared<DieLawsJob>(sides, static_cast<unsigned>(bits)));
}

std::string encode_article_checks(const std::vector<ArticleCheck>& checks) {
  std::string out;
  for (const ArticleCheck& c : checks)
    out += std::to_string(static_cast<int>(c.verdict)) + '\t' + c.source + '\t' + c.claim + '\t' + c.numbers + '\n';
  return out;
}

Result<std::vector<ArticleCheck>> decode_article_checks(std::string_view text) {
  using R = Result<std::vector<ArticleCheck>>;
  std::vector<ArticleCheck> checks;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    if (end == std::string_view::npos) return R::fail("the article checks: the last line does not end");
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end + 1);
    std::vector<std::string_view> fields;
    for (std::size_t tab; (tab = line.find('\t')) != std::string_view::npos; line.remove_prefix(tab + 1))
      fields.push_back(line.substr(0, tab));
    fields.push_back(line);
    if (fields.size() != 4)
      return R::fail("the article checks: line " + std::to_string(checks.size() + 1) + " is not four fields");
    ArticleCheck c;
    const auto known = std::find_if(std::begin(kVerdicts), std::end(kVerdicts), [&](CheckVerdict v) {
      return fields[0] == std::to_string(static_cast<int>(v));
    });
    if (known == std::end(kVerdicts))
      return R::fail("the article checks: line " + std::to_string(checks.size() + 1) + " has no known verdict");
    c.verdict = *known;
    c.source = std::string(fields[1]);
    c.claim = std::string(fields[2]);
    c.numbers = std::string(fields[3]);
    checks.push_back(std::move(c));
  }
  return R::ok(std::move(checks));
}

Result<std::shared_ptr<Job>> make_dice_checks_job(FieldReader&) { return Result<std::shared_ptr<Job>>::ok(std::make_shared<DiceChecksJob>()); }

}  // namespace shufflelab
