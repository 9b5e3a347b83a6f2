#include "core/check/linear_complexity.hpp"

#include <algorithm>
#include <bit>

#include "core/base/parse.hpp"
#include "core/gen/lfsr.hpp"

namespace shufflelab {
namespace {

using Words = std::vector<std::uint64_t>;

// 64 bits of `w` starting at bit `pos` (zeros past the end).
std::uint64_t bits_at(const Words& w, std::size_t pos) {
  const std::size_t word = pos / 64, shift = pos % 64;
  const std::uint64_t low = word < w.size() ? w[word] : 0;
  if (shift == 0) return low;
  const std::uint64_t high = word + 1 < w.size() ? w[word + 1] : 0;
  return (low >> shift) | (high << (64 - shift));
}

// parity of sum_i poly_i r_{start + i} over the words poly spans.
int window_parity(const Words& poly, std::size_t poly_words, const Words& reversed, std::size_t start) {
  std::uint64_t acc = 0;
  for (std::size_t i = 0; i < poly_words; ++i) acc ^= poly[i] & bits_at(reversed, start + 64 * i);
  return std::popcount(acc) & 1;
}

// The sequence back to front, padded: r_k = s_{n-1-k}.
Words reversed_bits(const PackedBits& bits, std::size_t n) {
  Words r(n / 64 + 2, 0);
  for (std::size_t k = 0; k < n; ++k) r[k / 64] |= std::uint64_t{bits[n - 1 - k]} << (k % 64);
  return r;
}

}  // namespace

LinearComplexity berlekamp_massey(const PackedBits& bits, std::size_t prefix, std::size_t profile_points) {
  const std::size_t n = std::min(prefix, bits.size);
  const Words r = reversed_bits(bits, n);
  const std::size_t words = n / 64 + 2;
  Words c(words, 0), b(words, 0), next(words, 0);
  c[0] = b[0] = 1;
  std::size_t l = 0, m = 1;
  LinearComplexity out;
  out.bits = n;
  const std::size_t every = std::max<std::size_t>(1, n / std::max<std::size_t>(1, profile_points));
  for (std::size_t t = 0; t < n; ++t) {
    // s_{t-i} = r_{n-1-t+i}.
    const std::size_t used = l / 64 + 1;
    if (window_parity(c, used, r, n - 1 - t)) {
      const std::size_t shift_words = m / 64, shift = m % 64;
      const std::size_t span = std::min(words, std::max(l, t + 1 - l) / 64 + 2);  // words C' can reach
      const bool grow = 2 * l <= t;
      Words& target = grow ? next : c;
      if (grow) std::copy(c.begin(), c.begin() + static_cast<std::ptrdiff_t>(span), next.begin());
      for (std::size_t i = span; i-- > shift_words;) {
        const std::size_t from = i - shift_words;
        std::uint64_t v = b[from] << shift;
        if (shift && from > 0) v |= b[from - 1] >> (64 - shift);
        target[i] ^= v;
      }
      if (grow) {
        l = t + 1 - l;
        std::swap(b, c);    // B = old C
        std::swap(c, next); // C = new polynomial; `next` now holds old B, overwritten before its next use
        m = 1;
      } else {
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
  if (from >= n) return 0;
  const Words r = reversed_bits(bits, n);
  Words taps = lc.connection;
  taps[0] &= ~std::uint64_t{1};  // c_1 .. c_L: the terms before s_j
  std::size_t right = 0;
  for (std::size_t j = from; j < n; ++j)
    right += window_parity(taps, taps.size(), r, n - 1 - j) == static_cast<int>(bits[j]);
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
