// pair_multiply.hpp: two 32x32 -> 64-bit multiplies in one SSE2 instruction
// (PMULUDQ), for fast_shuffle's DrawsAhead: the two batches of draws that
// share a word, side by side. x86-64 only (every x86-64 CPU has SSE2):
// WebAssembly's i64x2.extmul measured slower there than one batch at a time
// (docs/performance.md), so other targets have no PairLanes.
#pragma once
#include <cstdint>

#if defined(__SSE2__) && !defined(__EMSCRIPTEN__)
#define SHUFFLELAB_PAIR_LANES 1
#include <emmintrin.h>

namespace shufflelab {

// Two 64-bit lanes; PMULUDQ reads the low half of each.
using PairLanes = __m128i;

// Lane 0 gets the word's low half, lane 1 its high half.
[[gnu::always_inline]] inline PairLanes pair_from_word(std::uint64_t word) {
  return _mm_unpacklo_epi32(_mm_cvtsi64_si128(static_cast<long long>(word)), _mm_setzero_si128());
}
[[gnu::always_inline]] inline PairLanes pair_factors(std::uint32_t lane0, std::uint32_t lane1) {
  return _mm_set_epi64x(lane1, lane0);
}
// Each lane's low half times its factor: a 64-bit product per lane.
[[gnu::always_inline]] inline PairLanes pair_multiply(PairLanes lanes, PairLanes factors) {
  return _mm_mul_epu32(lanes, factors);
}
// Lane `Lane`'s high halves of four pairs, stored as out[0..3] (unaligned).
template <unsigned Lane>
[[gnu::always_inline]] inline void pair_store_high_halves(PairLanes p0, PairLanes p1, PairLanes p2, PairLanes p3,
                                                          std::uint32_t* out) {
  const __m128 high01 = _mm_shuffle_ps(_mm_castsi128_ps(p0), _mm_castsi128_ps(p1), _MM_SHUFFLE(3, 1, 3, 1));
  const __m128 high23 = _mm_shuffle_ps(_mm_castsi128_ps(p2), _mm_castsi128_ps(p3), _MM_SHUFFLE(3, 1, 3, 1));
  constexpr int kPick = Lane == 0 ? _MM_SHUFFLE(2, 0, 2, 0) : _MM_SHUFFLE(3, 1, 3, 1);
  _mm_storeu_ps(reinterpret_cast<float*>(out), _mm_shuffle_ps(high01, high23, kPick));
}
// Limits for pair_low_below (0: never below). SSE2 compares signed only, so
// both sides are offset by 2^31; the high halves get the lowest limit.
[[gnu::always_inline]] inline PairLanes pair_limits(std::uint32_t lane0, std::uint32_t lane1) {
  constexpr std::uint32_t kOffset = 0x80000000u;
  return _mm_set_epi32(static_cast<int>(kOffset), static_cast<int>(lane1 ^ kOffset), static_cast<int>(kOffset),
                       static_cast<int>(lane0 ^ kOffset));
}
// A mask, nonzero where a lane's low half is below its limit.
[[gnu::always_inline]] inline PairLanes pair_low_below(PairLanes lanes, PairLanes limits) {
  return _mm_cmpgt_epi32(limits, _mm_xor_si128(lanes, _mm_set1_epi32(static_cast<int>(0x80000000u))));
}
[[gnu::always_inline]] inline PairLanes pair_or(PairLanes a, PairLanes b) { return _mm_or_si128(a, b); }
[[gnu::always_inline]] inline PairLanes pair_none() { return _mm_setzero_si128(); }
[[gnu::always_inline]] inline bool pair_any(PairLanes mask) { return _mm_movemask_epi8(mask) != 0; }

}  // namespace shufflelab
#endif
