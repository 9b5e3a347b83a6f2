// lfsr_analysis.hpp: exact period and cycle analysis of the lab's linear
// generators (tarot32 at any width and taps, Fibonacci, Z80) on top of
// core/gen/period.hpp, plus the numbers behind the articles' claims and a
// brute-force stepping job to check them.
//
// Units: tarot32 and Fibonacci periods count bit-steps; Z80 periods count
// calls (output bytes). Weak seeds are nonzero seeds on a cycle shorter than
// the longest (or that fall into the all-zero state); examples come from
// kernel_basis: a nonzero state killed by an irreducible factor p of the
// characteristic polynomial cycles with period ord(x mod p).
// Claims checked (seed 000, seed 002): the tarot text says mask CF (its
// comment says C5) runs 2^32 - 1 steps; the Z80 routine keeps 64 bits, which
// suggests 2^64 - 1. analyse_* computes what they really do.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/gen/gf2.hpp"
#include "core/base/jobs.hpp"
#include "core/lfsr/lfsr_lab.hpp"
#include "core/gen/period.hpp"
#include "core/base/url_fields.hpp"

namespace shufflelab {

// The state as a linear map on its register (z80: the packed 64-bit state).
Result<LinearMap> lab_linear_map(const LfsrLabState& s);

struct WeakSeedExample {
  std::uint64_t seed = 0;
  Gf2Poly factor;          // the seed is killed by this factor (x: it reaches zero)
  std::uint64_t period = 0;
  int tail = 0;
  bool reaches_zero = false;  // sequence ends in the all-zero state
};

struct LabAnalysis {
  MapAnalysis map;
  SeedPeriod seed;                        // of the lab's seed
  bool seed_is_weak = false;              // shorter than map.max_period, or reaches zero
  double weak_share = 0.0;                // map.weak_seeds / nonzero states
  std::vector<WeakSeedExample> examples;  // one per short factor, shortest first
};

Result<LabAnalysis> analyse_lab(const LfsrLabState& s);

struct ArticleClaims {
  std::uint64_t tarot_claimed = 0;  // 2^32 - 1
  LabAnalysis tarot_cf;             // width 32, mask CF, seed 1 (with weak-seed examples)
  GeneratorAnalysis tarot_c5;       // width 32, mask C5, seed 1
  std::uint64_t z80_suggested = 0;  // 2^64 - 1
  GeneratorAnalysis z80;            // seed 0102030405060708
  SeedPeriod z80_all_ones;          // seed FFFFFFFFFFFFFFFF
};
Result<ArticleClaims> article_claims();

// Brute force: steps a linear lab generator until its seed returns, at most
// `limit` steps. Kind "lfsr_lab_step_period", parameters = the lab's link
// fields plus limit (lfsr_lab_step_job_params). result(): {period or 0 if
// it did not return within the limit, steps taken}.
class LfsrLabStepPeriodJob final : public Job {
 public:
  LfsrLabStepPeriodJob(const LfsrLabState& s, std::uint64_t limit);
  double step(std::uint64_t budget) override;
  bool done() const override { return done_; }
  std::vector<double> result() const override;
  std::string summary() const override;

 private:
  ByteGenerator::Engine engine_;
  std::uint64_t seed_state_ = 0, steps_ = 0, limit_;
  bool done_ = false, returned_ = false;
};

// Counts the period of a tarot-form Galois LFSR by stepping it until the seed
// comes back: the brute-force check of the GF(2) answer (widths up to 40).
// result(): {period, steps taken}; 0 period means the seed sits on a tail.
class LfsrStepPeriodJob final : public Job {
 public:
  LfsrStepPeriodJob(int width, std::uint64_t taps, std::uint64_t seed);
  double step(std::uint64_t budget) override;
  bool done() const override { return done_; }
  std::vector<double> result() const override;
  std::string summary() const override;

 private:
  int width_;
  std::uint64_t taps_, seed_, state_, steps_ = 0, limit_;
  bool done_ = false, returned_ = false;
};
Result<std::shared_ptr<Job>> make_lfsr_step_period_job(FieldReader& fields);

// Largest limit a stepping job accepts (2^40 steps: minutes in a worker).
constexpr std::uint64_t kMaxStepCheck = std::uint64_t{1} << 40;
std::string lfsr_lab_step_job_params(const LfsrLabState& s, std::uint64_t limit);
Result<std::shared_ptr<Job>> make_lfsr_lab_step_period_job(FieldReader& fields);

}  // namespace shufflelab
