#include "core/lfsr/lfsr_lattice.hpp"

#include <cmath>
#include <utility>

#include "core/base/text_format.hpp"
#include "core/lfsr/lattice_wire.hpp"

namespace shufflelab {

namespace {
using I128 = __int128;
using Basis = std::array<std::array<I128, 3>, 3>;

I128 dot(const std::array<I128, 3>& x, const std::array<I128, 3>& y, int n) {
  I128 sum = 0;
  for (int i = 0; i < n; ++i) sum += x[static_cast<std::size_t>(i)] * y[static_cast<std::size_t>(i)];
  return sum;
}

I128 floor_div(I128 num, I128 den) {  // den > 0
  I128 q = num / den;
  if (num % den != 0 && num < 0) --q;
  return q;
}

// LLL (delta = 0.99) on the first n rows. Gram-Schmidt in long double is only
// used to choose integer steps; the basis itself stays exact.
void lll_reduce(Basis& b, int n) {
  const auto idx = [](int i) { return static_cast<std::size_t>(i); };
  std::array<std::array<long double, 3>, 3> mu{};
  std::array<long double, 3> norm{};
  const auto gram_schmidt = [&] {
    std::array<std::array<long double, 3>, 3> star{};
    for (int i = 0; i < n; ++i) {
      for (int k = 0; k < n; ++k) star[idx(i)][idx(k)] = static_cast<long double>(b[idx(i)][idx(k)]);
      for (int j = 0; j < i; ++j) {
        long double d = 0;
        for (int k = 0; k < n; ++k) d += static_cast<long double>(b[idx(i)][idx(k)]) * star[idx(j)][idx(k)];
        mu[idx(i)][idx(j)] = d / norm[idx(j)];
        for (int k = 0; k < n; ++k) star[idx(i)][idx(k)] -= mu[idx(i)][idx(j)] * star[idx(j)][idx(k)];
      }
      norm[idx(i)] = 0;
      for (int k = 0; k < n; ++k) norm[idx(i)] += star[idx(i)][idx(k)] * star[idx(i)][idx(k)];
    }
  };
  gram_schmidt();
  int k = 1;
  for (int guard = 0; k < n && guard < 10000; ++guard) {
    for (int j = k - 1; j >= 0; --j) {
      const auto q = static_cast<I128>(std::llround(static_cast<double>(mu[idx(k)][idx(j)])));
      if (q != 0) {
        for (int c = 0; c < n; ++c) b[idx(k)][idx(c)] -= q * b[idx(j)][idx(c)];
        gram_schmidt();
      }
    }
    const long double m = mu[idx(k)][idx(k - 1)];
    if (norm[idx(k)] >= (0.99L - m * m) * norm[idx(k - 1)]) {
      ++k;
    } else {
      std::swap(b[idx(k)], b[idx(k - 1)]);
      gram_schmidt();
      k = k > 1 ? k - 1 : 1;
    }
  }
}
}  // namespace

DualVector shortest_dual_vector(std::uint64_t a, std::uint64_t c, int modulus_bits, int dims) {
  DualVector out;
  if (modulus_bits < 1 || modulus_bits > 32 || (dims != 2 && dims != 3)) return out;
  out.dims = dims;
  const auto m = static_cast<I128>(std::uint64_t{1} << modulus_bits);
  const I128 a1 = static_cast<I128>(a) % m;
  const I128 a2 = a1 * a1 % m;
  // Rows span {s : s0 + s1 a + s2 a^2 = 0 mod m}.
  Basis b{};
  b[0] = {m, 0, 0};
  b[1] = {(m - a1) % m, 1, 0};
  b[2] = {(m - a2) % m, 0, 1};
  lll_reduce(b, dims);

  // In 2 and 3 dimensions the shortest vector is a small combination of an
  // LLL-reduced basis; search coefficients -3..3 exactly.
  std::array<I128, 3> best{};
  I128 best_norm = -1;
  const int reach = 3;
  for (int x = -reach; x <= reach; ++x)
    for (int y = -reach; y <= reach; ++y)
      for (int z = (dims == 3 ? -reach : 0); z <= (dims == 3 ? reach : 0); ++z) {
        std::array<I128, 3> v{};
        for (std::size_t i = 0; i < 3; ++i) v[i] = x * b[0][i] + y * b[1][i] + z * b[2][i];
        const I128 norm = dot(v, v, dims);
        if (norm != 0 && (best_norm < 0 || norm < best_norm)) best = v, best_norm = norm;
      }
  for (int i = 0; i < dims; ++i) {
    if (best[static_cast<std::size_t>(i)] == 0) continue;
    if (best[static_cast<std::size_t>(i)] < 0)
      for (auto& e : best) e = -e;
    break;
  }
  for (std::size_t i = 0; i < 3; ++i) out.s[i] = static_cast<std::int64_t>(best[i]);
  out.length = std::sqrt(static_cast<double>(best_norm));

  // s.x over the points is r = c (s1 + s2 (a + 1)) mod m; s.x = k m + r with
  // s.x between the sums of the negative and positive entries times (m - 1).
  const I128 c1 = static_cast<I128>(c) % m;
  I128 r = c1 * ((best[1] + best[2] * (a1 + 1)) % m) % m;
  if (r < 0) r += m;
  I128 low = 0, high = 0;
  for (int i = 0; i < dims; ++i) (best[static_cast<std::size_t>(i)] < 0 ? low : high) += best[static_cast<std::size_t>(i)] * (m - 1);
  const I128 k_min = -floor_div(-(low - r), m);  // ceil
  const I128 k_max = floor_div(high - r, m);
  out.hyperplanes = static_cast<std::uint64_t>(k_max - k_min + 1);
  return out;
}

std::string lattice_description(const DualVector& d, const char* what) {
  std::string s = "s = (" + std::to_string(d.s[0]) + ", " + std::to_string(d.s[1]);
  if (d.dims == 3) s += ", " + std::to_string(d.s[2]);
  const std::string length = std::to_string(d.length);
  s += "): every " + std::string(d.dims == 3 ? "triple" : "pair") + " lies on one of " + grouped(d.hyperplanes) +
       " parallel " + what + " s . x = k m + r, " + length.substr(0, length.find('.') + 3) + " apart (times 1/|s|)";
  return s;
}

LatticeDuals lattice_duals(std::uint64_t a, std::uint64_t c, int modulus_bits) {
  LatticeDuals out{shortest_dual_vector(a, c, modulus_bits, 2), shortest_dual_vector(a, c, modulus_bits, 3), {}, {}, {}};
  out.lines_text = lattice_description(out.lines, "lines");
  out.planes_text = lattice_description(out.planes, "planes");
  out.edge_on = edge_on_angles(out.planes);
  return out;
}

namespace {
// Both searches take well under a millisecond: one step.
class LcgLatticeJob final : public Job {
 public:
  LcgLatticeJob(std::uint64_t a, std::uint64_t c, int modulus_bits) : a_(a), c_(c), modulus_bits_(modulus_bits) {}
  double step(std::uint64_t) override {
    out_ = encode_lattice_duals(lattice_duals(a_, c_, modulus_bits_));
    return 1.0;
  }
  bool done() const override { return !out_.numbers.empty(); }
  std::vector<double> result() const override { return out_.numbers; }
  std::string summary() const override {
    return done() ? "the lattice's lines and planes" : "computing the lattice's lines and planes";
  }
  std::string payload() const override { return out_.text; }

 private:
  std::uint64_t a_, c_;
  int modulus_bits_;
  LatticeWire out_;
};
}  // namespace

Result<std::shared_ptr<Job>> make_lcg_lattice_job(FieldReader& f) {
  using R = Result<std::shared_ptr<Job>>;
  std::uint64_t a = 0, c = 0;
  int bits = 0;
  if (!f.decimal("bits", 1, 32, bits)) return R::fail("bits: missing or not 1..32");
  const std::uint64_t max = (std::uint64_t{1} << bits) - 1;
  if (!f.decimal("a", 0, max, a)) return R::fail("a: missing or not below 2^" + std::to_string(bits));
  if (!f.decimal("c", 0, max, c)) return R::fail("c: missing or not below 2^" + std::to_string(bits));
  return R::ok(std::make_shared<LcgLatticeJob>(a, c, bits));
}

std::vector<LcgTriple> lcg_triples(Lcg32 generator, std::size_t count) {
  std::vector<LcgTriple> out;
  std::uint32_t x0 = generator.next(), x1 = generator.next();
  out.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint32_t x2 = generator.next();
    out.push_back({x0, x1, x2});
    x0 = x1;
    x1 = x2;
  }
  return out;
}

Projection3 projection_from_angles(double yaw, double pitch) {
  Projection3 p;
  p.right = {std::cos(yaw) * std::cos(pitch), std::sin(yaw) * std::cos(pitch), std::sin(pitch)};
  p.up = {-std::sin(yaw), std::cos(yaw), 0.0};
  return p;
}

std::array<double, 2> edge_on_angles(const DualVector& v) {
  const auto x = static_cast<double>(v.s[0]), y = static_cast<double>(v.s[1]), z = static_cast<double>(v.s[2]);
  const double length = std::sqrt(x * x + y * y + z * z);
  if (length == 0.0) return {0.0, 0.0};
  return {std::atan2(y, x), std::asin(z / length)};
}

}  // namespace shufflelab
