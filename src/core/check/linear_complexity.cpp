#include "core/check/linear_complexity.hpp"

#include <algorithm>
#include <bit>

#include "core/base/parse.hpp"
#include "core/gen/lfsr.hpp"

namespace shufflelab {
namespace {

using Words = std::vector<std::uint64_t>;

// The inner loops are functions of their own, never inlined: a wasm engine
// (V8) starts every function in baseline code and swaps in optimized code
// only at a later call, so a loop inside the one long berlekamp_massey() call
// would run in baseline code to the end (about 1.7 times slower under node).
[[gnu::noinline]] int parity_of_and(const std::uint64_t* a, const std::uint64_t* b, std::size_t words) {
  std::uint64_t acc = 0;
  for (std::size_t i = 0; i < words; ++i) acc ^= a[i] & b[i];
  return std::popcount(acc) & 1;
}

// out = base + source * x^shift over words [0, span) (out may be base), and
// the parity of out's first parity_words words ANDed with window: the update
// C + x^m B and the next step's discrepancy in one pass over C.
// parity_words <= span.
[[gnu::noinline]] int add_shifted_then_parity(std::uint64_t* out, const std::uint64_t* base, const std::uint64_t* source,
                                              std::size_t shift, std::size_t span, const std::uint64_t* window,
                                              std::size_t parity_words) {
  const std::size_t skip = std::min(shift / 64, span);
  const auto bits = static_cast<unsigned>(shift % 64);
  std::uint64_t acc = 0;
  for (std::size_t i = 0; i < skip; ++i) out[i] = base[i];  // below x^m: C's words as they are
  for (std::size_t i = 0; i < std::min(skip, parity_words); ++i) acc ^= out[i] & window[i];
  if (skip == span) return std::popcount(acc) & 1;
  out[skip] = base[skip] ^ (source[0] << bits);
  if (skip < parity_words) acc ^= out[skip] & window[skip];
  // Word i of source * x^shift; ">> 1 >> (63 - bits)" is ">> (64 - bits)" that gives 0 for bits = 0.
  const std::uint64_t* s = source - skip;
  std::size_t i = skip + 1;
  for (; i < parity_words; ++i) {
    out[i] = base[i] ^ (s[i] << bits) ^ ((s[i - 1] >> 1) >> (63 - bits));
    acc ^= out[i] & window[i];
  }
  for (; i < span; ++i) out[i] = base[i] ^ (s[i] << bits) ^ ((s[i - 1] >> 1) >> (63 - bits));
  return std::popcount(acc) & 1;
}

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
  // r_{pos ..} as aligned words.
  const std::uint64_t* window(std::size_t pos) const { return copies_.data() + (pos % 64) * words_ + pos / 64; }
  // parity of sum_i poly_i r_{pos + i} over poly's first poly_words words.
  int parity(const Words& poly, std::size_t poly_words, std::size_t pos) const {
    return parity_of_and(poly.data(), window(pos), poly_words);
  }

 private:
  std::size_t words_;
  std::vector<std::uint64_t> copies_;
};

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
  // Discrepancy at t: s_{t-i} = r_{n-1-t+i}; each step finds the next one's.
  int discrepancy = n ? r.parity(c, 1, n - 1) : 0;
  for (std::size_t t = 0; t < n; ++t) {
    const bool last = t + 1 == n;
    const std::uint64_t* next_window = last ? nullptr : r.window(n - 2 - t);
    if (discrepancy) {
      const std::size_t span = std::min(words, std::max(l, t + 1 - l) / 64 + 2);  // words C + x^m B can reach
      if (2 * l <= t) {
        // C' = C + x^m B in `next`; then B = old C, C = C'. Words of `next` past span are zero: it last held a
        // B, whose degree is below the new L.
        const std::size_t new_l = t + 1 - l;
        discrepancy = add_shifted_then_parity(next.data(), c.data(), b.data(), m, span, next_window,
                                              last ? 0 : new_l / 64 + 1);
        l = new_l;
        std::swap(b, c);
        std::swap(c, next);
        m = 1;
      } else {
        discrepancy = add_shifted_then_parity(c.data(), c.data(), b.data(), m, span, next_window, last ? 0 : l / 64 + 1);
        ++m;
      }
    } else {
      ++m;
      discrepancy = last ? 0 : parity_of_and(c.data(), next_window, l / 64 + 1);
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
