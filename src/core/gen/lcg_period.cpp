#include "core/gen/lcg_period.hpp"

#include <bit>
#include <string>

#include "core/gen/lfsr.hpp"

namespace shufflelab {

namespace {

struct Affine {
  std::uint64_t a, c;  // x -> a x + c mod 2^k
};

Result<std::vector<Affine>> doublings(std::uint64_t a, std::uint64_t c, int k) {
  using R = Result<std::vector<Affine>>;
  if (k < 1 || k > 64) return R::fail("the modulus must be 2^1 .. 2^64, got 2^" + std::to_string(k));
  if (a % 2 == 0) return R::fail("a is even: the LCG is not a permutation, so states merge and cycles shrink");
  const std::uint64_t mask = width_mask(k);
  std::vector<Affine> powers{{a & mask, c & mask}};  // [j] = f^(2^j)
  for (int j = 0; j < k; ++j) {
    const Affine f = powers.back();
    powers.push_back({(f.a * f.a) & mask, (f.c * (f.a + 1)) & mask});
  }
  return R::ok(std::move(powers));
}

// 2-adic valuation capped at k (zero counts as divisible by 2^k).
int valuation(std::uint64_t v, int k) { return v == 0 ? k : std::min(k, std::countr_zero(v)); }

// Number of x with f(x) = x mod 2^k, as a power of two (-1 for none).
int log2_fixed_points(const Affine& f, int k) {
  const std::uint64_t mask = width_mask(k);
  const int v = valuation((f.a - 1) & mask, k);
  return valuation(f.c & mask, k) >= v ? v : -1;
}

}  // namespace

Result<LcgCycles> lcg_cycles(std::uint64_t a, std::uint64_t c, int modulus_bits) {
  using R = Result<LcgCycles>;
  auto powers = doublings(a, c, modulus_bits);
  if (!powers) return R::fail(powers.error());
  LcgCycles out;
  out.modulus_bits = modulus_bits;
  Uint128 below = 0;  // states on cycles of length < 2^j
  for (int j = 0; j <= modulus_bits; ++j) {
    const int e = log2_fixed_points((*powers)[static_cast<std::size_t>(j)], modulus_bits);
    const Uint128 fixed = e < 0 ? 0 : Uint128{1} << e;
    if (fixed > below) {
      out.classes.push_back({j, fixed - below});
      out.max_log2_period = j;
    }
    below = fixed;
  }
  const bool zero_stuck = (c & width_mask(modulus_bits)) == 0;
  out.seeds = (Uint128{1} << modulus_bits) - (zero_stuck ? 1 : 0);
  out.weak_seeds = out.seeds - out.classes.back().states;
  return R::ok(std::move(out));
}

Result<int> lcg_seed_log2_period(std::uint64_t a, std::uint64_t c, int modulus_bits, std::uint64_t seed) {
  auto powers = doublings(a, c, modulus_bits);
  if (!powers) return Result<int>::fail(powers.error());
  const std::uint64_t mask = width_mask(modulus_bits);
  seed &= mask;
  for (int j = 0; j <= modulus_bits; ++j) {
    const Affine& f = (*powers)[static_cast<std::size_t>(j)];
    if (((f.a * seed + f.c) & mask) == seed) return Result<int>::ok(j);
  }
  return Result<int>::fail("no period found (cannot happen for odd a)");
}

}  // namespace shufflelab
