#include "core/lfsr/lfsr_analysis.hpp"

#include <algorithm>
#include <optional>
#include <type_traits>
#include <variant>

#include "core/base/url_fields.hpp"
#include "core/gen/lfsr.hpp"
#include "core/base/text_format.hpp"

namespace shufflelab {

namespace {
std::uint64_t register_of(const ByteGenerator::Engine& e) {
  return std::visit(
      [](const auto& g) -> std::uint64_t {
        using T = std::decay_t<decltype(g)>;
        if constexpr (std::is_same_v<T, GaloisLfsr> || std::is_same_v<T, FibonacciLfsr>) return g.state;
        else if constexpr (std::is_same_v<T, Z80Lfsr>) return g.packed();
        else if constexpr (std::is_same_v<T, Xorshift>) return g.state;
        else return 0;
      },
      e);
}

bool is_power_of_x(Gf2Poly p) { return p.bits != 0 && (p.bits & (p.bits - 1)) == 0; }
}  // namespace

Result<LinearMap> lab_linear_map(const LfsrLabState& s) {
  using R = Result<LinearMap>;
  switch (s.gen) {
    case LabGen::tarot32: return R::ok(galois_map(s.width, lab_galois_taps(s)));
    case LabGen::z80: return R::ok(z80_map());
    case LabGen::xorshift: return R::ok(xorshift_map(s.width));
    case LabGen::fibonacci:
      return R::ok(linear_map_from(s.width, [&](std::uint64_t state) {
        FibonacciLfsr f{s.width, s.taps, state};
        f.step_bit();
        return f.state;
      }));
    default: return R::fail(std::string(lab_gen_name(s.gen)) + " is not linear over GF(2): no polynomial to analyse");
  }
}

Result<LabAnalysis> analyse_lab(const LfsrLabState& s) {
  using R = Result<LabAnalysis>;
  auto generator = lab_generator(s);
  if (!generator) return R::fail(generator.error());
  auto map = lab_linear_map(s);
  if (!map) return R::fail(map.error());
  auto analysis = analyse_map(*map);
  if (!analysis) return R::fail(analysis.error());
  auto seed = analyse_seed(*map, *analysis, s.seed);
  if (!seed) return R::fail(seed.error());

  LabAnalysis out;
  out.map = *analysis;
  out.seed = *seed;
  out.seed_is_weak = is_power_of_x(seed->annihilator) || seed->period < analysis->max_period;
  out.weak_share = static_cast<double>(analysis->weak_seeds) / static_cast<double>(analysis->nonzero_states);
  for (const FactorInfo& f : analysis->factors) {
    const bool nilpotent = f.poly == kGf2X;
    if (!nilpotent && f.order >= analysis->max_period) continue;
    // For x, the whole nilpotent part: x^max_tail kills every state that dies.
    const Gf2Poly killer = nilpotent ? Gf2Poly{Uint128{1} << analysis->max_tail} : f.poly;
    // From the x-kernel, the basis vector that takes longest to die.
    std::optional<WeakSeedExample> pick;
    for (std::uint64_t seed_state : kernel_basis(*map, killer)) {
      auto p = analyse_seed(*map, *analysis, seed_state);
      if (p && (!pick || p->tail > pick->tail))
        pick = WeakSeedExample{seed_state, f.poly, p->period, p->tail, is_power_of_x(p->annihilator)};
      if (!nilpotent) break;
    }
    if (pick) out.examples.push_back(*pick);
  }
  std::sort(out.examples.begin(), out.examples.end(),
            [](const WeakSeedExample& a, const WeakSeedExample& b) { return a.period < b.period; });
  return R::ok(std::move(out));
}

Result<ArticleClaims> article_claims() {
  using R = Result<ArticleClaims>;
  ArticleClaims c;
  c.tarot_claimed = mersenne(32);
  c.z80_suggested = mersenne(64);
  auto cf = analyse_lab(LfsrLabState{32, 0xCF, 1, 0});
  auto c5 = analyse_galois(GaloisLfsr{32, tarot_taps(32, 0xC5), 1});
  auto z80 = analyse_z80(Z80Lfsr::from_packed(0x0102030405060708));
  if (!cf || !c5 || !z80) return R::fail("claims: analysis failed");
  auto ones = analyse_seed(z80_map(), z80->map, ~std::uint64_t{0});
  if (!ones) return R::fail(ones.error());
  c.tarot_cf = *cf;
  c.tarot_c5 = *c5;
  c.z80 = *z80;
  c.z80_all_ones = *ones;
  return R::ok(std::move(c));
}

// ---------------------------------------------------------------------------

LfsrLabStepPeriodJob::LfsrLabStepPeriodJob(const LfsrLabState& s, std::uint64_t limit)
    : engine_(lab_generator(s).value().engine()), limit_(limit) {
  seed_state_ = register_of(engine_);
}

double LfsrLabStepPeriodJob::step(std::uint64_t budget) {
  std::visit(
      [&](auto& g) {
        using T = std::decay_t<decltype(g)>;
        for (std::uint64_t i = 0; i < budget && !done_; ++i) {
          std::uint64_t now = 0;
          if constexpr (std::is_same_v<T, GaloisLfsr> || std::is_same_v<T, FibonacciLfsr>) {
            g.step_bit();
            now = g.state;
          } else if constexpr (std::is_same_v<T, Z80Lfsr>) {
            g.next_byte();
            now = g.packed();
          } else if constexpr (std::is_same_v<T, Xorshift>) {
            now = g.next();
          }
          ++steps_;
          if (now == seed_state_) returned_ = done_ = true;
          else if (steps_ >= limit_) done_ = true;
        }
      },
      engine_);
  return done_ ? 1.0 : static_cast<double>(steps_) / static_cast<double>(limit_);
}

std::vector<double> LfsrLabStepPeriodJob::result() const {
  return {returned_ ? static_cast<double>(steps_) : 0.0, static_cast<double>(steps_)};
}

std::string LfsrLabStepPeriodJob::summary() const {
  if (!done_) return "stepped " + counted(steps_, "time") + " so far";
  if (!returned_) return "the seed did not come back within " + counted(steps_, "step");
  return "the seed came back after " + std::to_string(steps_) + " steps";
}

std::string lfsr_lab_step_job_params(const LfsrLabState& s, std::uint64_t limit) {
  LfsrLabState at_seed = s;
  at_seed.t = 0;
  FieldWriter fields;
  encode_lfsr_lab(at_seed, fields);
  fields.add("limit", limit);
  return fields.text().substr(1);  // without the leading '&'
}

Result<std::shared_ptr<Job>> make_lfsr_lab_step_period_job(FieldReader& fields) {
  using R = Result<std::shared_ptr<Job>>;
  LfsrLabState s;
  decode_lfsr_lab(fields, s);
  std::uint64_t limit = 0;
  if (!fields.decimal("limit", 1, kMaxStepCheck, limit)) return R::fail("limit: missing or out of range");
  if (!lab_gen_is_linear(s.gen))
    return R::fail("gen: only the linear generators (tarot32, fibonacci, z80, xorshift) can be checked by stepping");
  if (auto g = lab_generator(s); !g) return R::fail(g.error());
  return R::ok(std::make_shared<LfsrLabStepPeriodJob>(s, limit));
}

LfsrStepPeriodJob::LfsrStepPeriodJob(int width, std::uint64_t taps, std::uint64_t seed)
    : width_(width), taps_(taps), seed_(seed), state_(seed), limit_(width_mask(width)) {}

double LfsrStepPeriodJob::step(std::uint64_t budget) {
  GaloisLfsr r{width_, taps_, state_};
  for (std::uint64_t i = 0; i < budget && !done_; ++i) {
    r.step_bit();
    ++steps_;
    if (r.state == seed_) returned_ = done_ = true;
    else if (steps_ >= limit_) done_ = true;  // more steps than nonzero states: the seed is on a tail
  }
  state_ = r.state;
  return done_ ? 1.0 : static_cast<double>(steps_) / static_cast<double>(limit_);
}

std::vector<double> LfsrStepPeriodJob::result() const {
  return {returned_ ? static_cast<double>(steps_) : 0.0, static_cast<double>(steps_)};
}

std::string LfsrStepPeriodJob::summary() const {
  if (!done_) return "stepped " + counted(steps_, "bit") + " so far";
  if (!returned_) return "the seed never came back: it lies on a tail";
  return "the seed came back after " + std::to_string(steps_) + " bit-steps";
}

Result<std::shared_ptr<Job>> make_lfsr_step_period_job(FieldReader& f) {
  using R = Result<std::shared_ptr<Job>>;
  int width = 32;
  std::uint64_t mask = 0xCF, seed = 0;
  f.decimal("width", kMinLfsrWidth, 40, width);
  f.hex("mask", 2, mask);
  if (!f.hex("seed", 16, seed)) return R::fail("seed: missing or not hex");
  auto lfsr = make_galois_lfsr(width, tarot_taps(width, mask), seed);
  if (!lfsr) return R::fail(lfsr.error());
  return R::ok(std::make_shared<LfsrStepPeriodJob>(width, lfsr->taps, seed));
}


}  // namespace shufflelab
