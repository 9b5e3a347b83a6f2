#include "core/check/linear_complexity.hpp"

#include <algorithm>
#include <bit>

#include "core/base/parse.hpp"
#include "core/gen/lfsr.hpp"

namespace shufflelab {
namespace {

using Words = std::vector<std::uint64_t>;

// The sequence back to front, r_k = s_{n-1-k}, kept 64 times, copy j shifted
// down by j bits: any 64-bit window r_{pos .. pos+63} is one aligned word,
// so a discrepancy is one AND and XOR per 64 terms with no shifting.
// Memory: 8 bytes per bit of the sequence.
class ReversedWindows {
 public:
  ReversedWindows(const PackedBits& bits, std::size_t n) : words_(n / 64 + 4), copies_(64 * words_, 0) {
    std::vector<std::uint64_t> r(words_ + 1, 0);
    for (std::size_t k = 0; k < n; ++k) r[k / 64] |= std::uint64_t{bits[n - 1 - k]} << (k % 64);
    for (std::size_t j = 0; j < 64; ++j)
      for (std::size_t w = 0; w < words_; ++w)
        copies_[j * words_ + w] = j ? (r[w] >> j) | (r[w + 1] << (64 - j)) : r[w];
  }
  // parity of sum_i poly_i r_{pos + i} over poly's first poly_words words.
  int parity(const Words& poly, std::size_t poly_words, std::size_t pos) const {
    const std::uint64_t* window = copies_.data() + (pos % 64) * words_ + pos / 64;
    std::uint64_t acc = 0;
    for (std::size_t i = 0; i < poly_words; ++i) acc ^= poly[i] & window[i];
    return std::popcount(acc) & 1;
  }

 private:
  std::size_t words_;
  std::vector<std::uint64_t> copies_;
};

// target ^= source * x^shift over target's words [0, span).
void add_shifted(Words& target, const Words& source, std::size_t shift, std::size_t span) {
  const std::size_t skip = shift / 64, bits = shift % 64;
  if (skip >= span) return;
  if (bits == 0) {
    for (std::size_t i = skip; i < span; ++i) target[i] ^= source[i - skip];
    return;
  }
  target[skip] ^= source[0] << bits;
  for (std::size_t i = skip + 1; i < span; ++i) target[i] ^= (source[i - skip] << bits) | (source[i - skip - 1] >> (64 - bits));
}

}  // namespace

LinearComplexity berlekamp_massey(const PackedBits& bits, std::size_t prefix, std::size_t profile_points) {
  const std::size_t n = std::min(prefix, bits.size);
  const ReversedWindows r(bits, n);
  const std::size_t words = n / 64 + 2;
  Words c(words, 0), b(words, 0), next(words, 0);
  c[0] = b[0] = 1;
  std::size_t l = 0, m = 1;
  LinearComplexity out;
  out.bits = n;
  const std::size_t every = std::max<std::size_t>(1, n / std::max<std::size_t>(1, profile_points));
  for (std::size_t t = 0; t < n; ++t) {
    // Discrepancy: s_{t-i} = r_{n-1-t+i}.
    if (r.parity(c, l / 64 + 1, n - 1 - t)) {
      const std::size_t span = std::min(words, std::max(l, t + 1 - l) / 64 + 2);  // words C + x^m B can reach
      if (2 * l <= t) {
        // C' = C + x^m B in `next`; then B = old C, C = C'. Words of `next` past span are zero: it last held a
        // B, whose degree is below the new L.
        std::copy(c.begin(), c.begin() + static_cast<std::ptrdiff_t>(span), next.begin());
        add_shifted(next, b, m, span);
        l = t + 1 - l;
        std::swap(b, c);
        std::swap(c, next);
        m = 1;
      } else {
        add_shifted(c, b, m, span);
        ++m;
      }
    } else {
      ++m;
    }
    if ((t + 1) % every == 0 || t + 1 == n) {
      out.profile_x.push_back(static_cast<double>(t + 1));
      out.profile_y.push_back(static_cast<double>(l));
    }
  }
  out.complexity = l;
  c.resize(l / 64 + 1);
  out.connection = std::move(c);
  return out;
}

std::size_t correct_predictions(const LinearComplexity& lc, const PackedBits& bits, std::size_t from) {
  const std::size_t n = bits.size;
  from = std::max(from, lc.complexity);  // a prediction needs L bits before it
  if (from >= n) return 0;
  const ReversedWindows r(bits, n);
  Words taps = lc.connection;
  taps[0] &= ~std::uint64_t{1};  // c_1 .. c_L: the terms before s_j
  std::size_t right = 0;
  for (std::size_t j = from; j < n; ++j) right += r.parity(taps, taps.size(), n - 1 - j) == static_cast<int>(bits[j]);
  return right;
}

std::optional<Gf2Poly> characteristic_polynomial(const LinearComplexity& lc) {
  if (lc.complexity > 64) return std::nullopt;
  Uint128 p = 0;
  for (std::size_t i = 0; i <= lc.complexity; ++i)
    if ((lc.connection[i / 64] >> (i % 64)) & 1) p |= Uint128{1} << (lc.complexity - i);
  return Gf2Poly{p};
}

std::string lfsr_lab_form(Gf2Poly p) {
  const int w = p.degree();
  if (w < kMinLfsrWidth || w > kMaxLfsrWidth || !p.coefficient(0))
    return "no LFSR lab form (the lab's registers have width 4..64 and need the constant term)";
  std::uint64_t galois = 0, fibonacci = 0;
  for (int i = 0; i < w; ++i) {
    if (p.coefficient(w - 1 - i)) galois |= std::uint64_t{1} << i;
    if (p.coefficient(i)) fibonacci |= std::uint64_t{1} << i;
  }
  const int digits = (w + 3) / 4;
  std::string out = "Galois (tarot form) width " + std::to_string(w) + " taps " + format_hex_upper(galois, digits);
  if (w >= 8 && (galois & ~(std::uint64_t{0xFF} << (w - 8))) == 0)
    out += " = mask " + format_hex_upper(galois >> (w - 8), 2) + (w == 32 ? " (tarot32 mask " + format_hex_upper(galois >> 24, 2) + ")" : "");
  out += "; Fibonacci width " + std::to_string(w) + " taps " + format_hex_upper(fibonacci, digits);
  return out;
}

}  // namespace shufflelab
