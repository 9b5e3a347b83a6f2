#include "core/gen/period.hpp"

#include <bit>
#include <map>
#include <numeric>
#include <string>

#include "core/gen/generators.hpp"

namespace shufflelab {

namespace {

using Columns = std::array<std::uint64_t, 64>;

// Echelon basis: vectors[b] has its highest set bit at b. Each vector carries
// a tag saying which Krylov vectors T^i v of the current block it combines.
class KrylovBasis {
 public:
  // Reduces v against the basis, XORing the tags of the vectors used into tag.
  std::uint64_t reduce(std::uint64_t v, Uint128& tag) const {
    for (std::uint64_t hits = v & pivots_; hits; hits = v & pivots_) {
      const auto b = static_cast<std::size_t>(63 - std::countl_zero(hits));
      v ^= vectors_[b];
      tag ^= tags_[b];
    }
    return v;
  }
  void insert(std::uint64_t reduced, Uint128 tag) {
    const auto b = static_cast<std::size_t>(63 - std::countl_zero(reduced));
    vectors_[b] = reduced;
    tags_[b] = tag;
    pivots_ |= std::uint64_t{1} << b;
  }
  // Starting a new block: the old span U is now only quotiented out.
  void forget_tags() { tags_.fill(0); }

 private:
  Columns vectors_{};
  std::array<Uint128, 64> tags_{};
  std::uint64_t pivots_ = 0;
};

// Grows v, Tv, T^2v, ... until T^k v falls into U + span(v..T^(k-1)v); the
// relation found is the characteristic polynomial of T on that quotient.
Gf2Poly extend_by_block(const LinearMap& map, KrylovBasis& basis, std::uint64_t v) {
  basis.forget_tags();
  for (int k = 0;; ++k, v = map.apply(v)) {
    Uint128 tag = Uint128{1} << k;
    const std::uint64_t reduced = basis.reduce(v, tag);
    if (!reduced) return Gf2Poly{tag};
    basis.insert(reduced, tag);
  }
}

Columns compose(const LinearMap& outer, const Columns& inner, int width) {
  Columns c{};
  for (int j = 0; j < width; ++j) c[static_cast<std::size_t>(j)] = outer.apply(inner[static_cast<std::size_t>(j)]);
  return c;
}

Columns evaluate(Gf2Poly p, const LinearMap& map) {  // p(T) by Horner's rule
  Columns m{};
  for (int i = p.degree(); i >= 0; --i) {
    m = compose(map, m, map.width);
    if (p.coefficient(i))
      for (int j = 0; j < map.width; ++j) m[static_cast<std::size_t>(j)] ^= std::uint64_t{1} << j;
  }
  return m;
}

int kernel_dimension(const Columns& m, int width) {
  KrylovBasis basis;
  int rank = 0;
  for (int j = 0; j < width; ++j) {
    Uint128 unused = 0;
    const std::uint64_t reduced = basis.reduce(m[static_cast<std::size_t>(j)], unused);
    if (reduced) {
      basis.insert(reduced, 0);
      ++rank;
    }
  }
  return width - rank;
}

// Sizes of the cyclic blocks F2[x]/(p^e) of the p-primary part, from
// dim ker p(T)^k: each block with e >= k adds deg p to that dimension.
std::vector<int> block_exponents(const LinearMap& map, Gf2Poly p, int multiplicity) {
  if (multiplicity == 1) return {1};
  const int d = p.degree();
  const LinearMap p_of_t{map.width, evaluate(p, map)};
  std::vector<int> blocks_at_least;  // [k-1] = number of blocks with exponent >= k
  Columns power = p_of_t.columns;
  for (int kernel = 0, previous = 0; kernel < d * multiplicity; previous = kernel) {
    if (!blocks_at_least.empty()) power = compose(p_of_t, power, map.width);
    kernel = kernel_dimension(power, map.width);
    blocks_at_least.push_back((kernel - previous) / d);
  }
  std::vector<int> exponents;
  for (int k = static_cast<int>(blocks_at_least.size()); k >= 1; --k) {
    const int at_least_k = blocks_at_least[static_cast<std::size_t>(k - 1)];
    const int at_least_next = k < static_cast<int>(blocks_at_least.size()) ? blocks_at_least[static_cast<std::size_t>(k)] : 0;
    exponents.insert(exponents.end(), static_cast<std::size_t>(at_least_k - at_least_next), k);
  }
  return exponents;
}

Uint128 power_of_two(int e) { return Uint128{1} << e; }

std::uint64_t lcm(std::uint64_t a, std::uint64_t b) { return a / std::gcd(a, b) * b; }

bool valid_width(int width) { return width >= 1 && width <= 64; }

Result<std::uint64_t> check_seed(const LinearMap& map, std::uint64_t seed) {
  using R = Result<std::uint64_t>;
  if (seed == 0) return R::fail("seed must not be zero: the all-zero state never leaves zero");
  if ((seed & width_mask(map.width)) != seed)
    return R::fail("seed has bits above the register's " + std::to_string(map.width) + "-bit width");
  return R::ok(seed);
}

struct FactorStructure {
  std::vector<FactorInfo> factors;
  Gf2Poly minimal;
};

FactorStructure factor_structure(const LinearMap& map, Gf2Poly characteristic) {
  FactorStructure s;
  s.minimal = kGf2One;
  std::map<int, std::vector<PrimePower>> mersenne_factors;  // one integer factoring per degree
  for (const auto& f : factor(characteristic)) {
    FactorInfo info;
    info.poly = f.poly;
    info.multiplicity = f.multiplicity;
    info.block_exponents = block_exponents(map, f.poly, f.multiplicity);
    info.minimal_multiplicity = info.block_exponents.front();
    if (f.poly != kGf2X) {
      const int d = f.poly.degree();
      auto it = mersenne_factors.find(d);
      if (it == mersenne_factors.end()) it = mersenne_factors.emplace(d, factor_u64(mersenne(d))).first;
      info.order = order_of_x_irreducible(f.poly, it->second);
    }
    for (int i = 0; i < info.minimal_multiplicity; ++i) s.minimal = multiply(s.minimal, f.poly);
    s.factors.push_back(std::move(info));
  }
  return s;
}

}  // namespace

std::uint64_t LinearMap::apply(std::uint64_t state) const {
  std::uint64_t out = 0;
  for (state &= width_mask(width); state; state &= state - 1)
    out ^= columns[static_cast<std::size_t>(std::countr_zero(state))];
  return out;
}

LinearMap galois_map(int width, std::uint64_t taps) {
  return linear_map_from(width, [&](std::uint64_t unit) {
    GaloisLfsr lfsr{width, taps, unit};
    lfsr.step_bit();
    return lfsr.state;
  });
}

LinearMap z80_map() {
  return linear_map_from(64, [](std::uint64_t unit) {
    Z80Lfsr z = Z80Lfsr::from_packed(unit);
    z.next_byte();
    return z.packed();
  });
}

LinearMap xorshift_map(int width) {
  const auto config = make_xorshift(width, 1);
  if (!config) return LinearMap{};
  return linear_map_from(width, [&](std::uint64_t unit) {
    Xorshift x = *config;
    x.state = static_cast<std::uint32_t>(unit);
    return std::uint64_t{x.next()};
  });
}

Gf2Poly characteristic_polynomial(const LinearMap& map) {
  KrylovBasis basis;
  Gf2Poly product = kGf2One;
  for (int j = 0; j < map.width; ++j) {
    Uint128 unused = 0;
    if (basis.reduce(std::uint64_t{1} << j, unused)) product = multiply(product, extend_by_block(map, basis, std::uint64_t{1} << j));
  }
  return product;
}

Gf2Poly minimal_polynomial(const LinearMap& map) {
  return factor_structure(map, characteristic_polynomial(map)).minimal;
}

Gf2Poly annihilator(const LinearMap& map, std::uint64_t state) {
  KrylovBasis basis;
  return extend_by_block(map, basis, state & width_mask(map.width));
}

std::vector<std::uint64_t> kernel_basis(const LinearMap& map, Gf2Poly h) {
  if (!valid_width(map.width)) return {};
  const Columns m = evaluate(h, map);
  // Eliminate the columns of h(T) while tracking which unit vectors were
  // combined; a column that cancels to zero names a kernel vector.
  KrylovBasis basis;
  std::vector<std::uint64_t> kernel;
  for (int j = 0; j < map.width; ++j) {
    Uint128 combination = Uint128{1} << j;
    const std::uint64_t reduced = basis.reduce(m[static_cast<std::size_t>(j)], combination);
    if (reduced)
      basis.insert(reduced, combination);
    else
      kernel.push_back(static_cast<std::uint64_t>(combination));
  }
  return kernel;
}

Result<MapAnalysis> analyse_map(const LinearMap& map) {
  using R = Result<MapAnalysis>;
  if (!valid_width(map.width)) return R::fail("width must be between 1 and 64, got " + std::to_string(map.width));
  for (int j = 0; j < map.width; ++j)
    if (map.columns[static_cast<std::size_t>(j)] & ~width_mask(map.width))
      return R::fail("matrix column " + std::to_string(j) + " has bits above the width");

  MapAnalysis a;
  a.width = map.width;
  a.characteristic = characteristic_polynomial(map);
  FactorStructure structure = factor_structure(map, a.characteristic);
  a.minimal = structure.minimal;
  a.factors = std::move(structure.factors);
  a.nonzero_states = power_of_two(map.width) - 1;

  // Distribution of cycle lengths: a periodic state is a sum of one vector per
  // p-primary part (p != x); its period is the lcm of the parts' periods, and
  // the number of vectors in that part annihilated by p^k is 2^(d * sum_j
  // min(e_j, k)).
  std::map<std::uint64_t, Uint128> periodic{{1, 1}};
  for (const auto& f : a.factors) {
    if (f.poly == kGf2X) {
      a.nilpotent_dimension = f.multiplicity;
      a.max_tail = f.minimal_multiplicity;
      continue;
    }
    const int d = f.poly.degree();
    std::map<std::uint64_t, Uint128> combined;
    Uint128 below = 1;  // vectors of this part annihilated by p^(k-1)
    for (int k = 0; k <= f.minimal_multiplicity; ++k) {
      int dimension = 0;
      for (int e : f.block_exponents) dimension += d * std::min(e, k);
      const Uint128 exactly_k = k == 0 ? Uint128{1} : power_of_two(dimension) - below;
      below = power_of_two(dimension);
      const std::uint64_t part_period = k == 0 ? 1 : order_of_prime_power(f.order, k);
      for (const auto& [length, count] : periodic) combined[lcm(length, part_period)] += count * exactly_k;
    }
    periodic = std::move(combined);
  }
  a.invertible = a.nilpotent_dimension == 0;
  for (const auto& [length, count] : periodic) {
    const Uint128 reaching = count << a.nilpotent_dimension;
    a.cycle_lengths.push_back({length, count, count / length, reaching});
    a.max_period = length;
  }
  for (const auto& c : a.cycle_lengths)
    if (c.length < a.max_period) a.weak_seeds += c.states_reaching;
  if (a.max_period > 1) a.weak_seeds -= 1;  // the zero state sits in length 1 but is no seed
  a.maximal = a.max_period == mersenne(map.width);
  return R::ok(std::move(a));
}

Result<SeedPeriod> analyse_seed(const LinearMap& map, std::uint64_t seed) {
  const auto analysis = analyse_map(map);
  if (!analysis) return Result<SeedPeriod>::fail(analysis.error());
  return analyse_seed(map, analysis.value(), seed);
}

Result<SeedPeriod> analyse_seed(const LinearMap& map, const MapAnalysis& analysis, std::uint64_t seed) {
  using R = Result<SeedPeriod>;
  if (!valid_width(map.width)) return R::fail("width must be between 1 and 64, got " + std::to_string(map.width));
  const auto checked = check_seed(map, seed);
  if (!checked) return R::fail(checked.error());
  SeedPeriod s;
  s.seed = seed;
  s.annihilator = annihilator(map, seed);
  s.period = 1;
  // The annihilator divides the minimal polynomial, so its factors are among
  // the analysis' factors; only their multiplicities are new.
  Gf2Poly rest = s.annihilator;
  for (const auto& f : analysis.factors) {
    int k = 0;
    for (auto qr = divide(rest, f.poly); qr.remainder.is_zero(); qr = divide(rest, f.poly)) {
      rest = qr.quotient;
      ++k;
    }
    if (f.poly == kGf2X)
      s.tail = k;
    else if (k > 0)
      s.period = lcm(s.period, order_of_prime_power(f.order, k));
  }
  if (rest.degree() > 0) return R::fail("the analysis does not belong to this map");
  return R::ok(s);
}

Result<GeneratorAnalysis> analyse_galois(const GaloisLfsr& lfsr) {
  using R = Result<GeneratorAnalysis>;
  const auto valid = make_galois_lfsr(lfsr.width, lfsr.taps, lfsr.state);
  if (!valid) return R::fail(valid.error());
  const LinearMap map = galois_map(lfsr.width, lfsr.taps);
  auto analysis = analyse_map(map);
  if (!analysis) return R::fail(analysis.error());
  const auto seed = analyse_seed(map, analysis.value(), lfsr.state);
  if (!seed) return R::fail(seed.error());
  return R::ok({std::move(analysis.value()), seed.value()});
}

Result<GeneratorAnalysis> analyse_z80(const Z80Lfsr& lfsr) {
  using R = Result<GeneratorAnalysis>;
  const LinearMap map = z80_map();
  auto analysis = analyse_map(map);
  if (!analysis) return R::fail(analysis.error());
  const auto seed = analyse_seed(map, analysis.value(), lfsr.packed());
  if (!seed) return R::fail(seed.error());
  return R::ok({std::move(analysis.value()), seed.value()});
}

std::vector<std::uint8_t> maximal_tarot_masks(int width) {
  if (width < kMinLfsrWidth || width > kMaxLfsrWidth) return {};
  const auto mersenne_factors = factor_u64(mersenne(width));
  std::vector<std::uint8_t> masks;
  for (unsigned mask = 0; mask < 256; ++mask) {
    // Maximal period 2^w - 1 means one cycle through every nonzero state,
    // which happens exactly when the characteristic polynomial is primitive.
    const Gf2Poly charpoly = characteristic_polynomial(galois_map(width, tarot_taps(width, mask)));
    if (is_primitive(charpoly, mersenne_factors)) masks.push_back(static_cast<std::uint8_t>(mask));
  }
  return masks;
}

}  // namespace shufflelab
