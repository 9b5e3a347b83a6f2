// rank_deal.hpp: "card t is the draw[t]-th smallest card still left" for a
// whole deck at once, without PDEP and without a loop-carried select.
//
// Walk the deck backwards. Lane j of a byte vector holds the rank of card j
// among the cards left when card j is dealt; going from step t+1 back to
// step t puts card t back among them, which raises by one every later rank
// at or above draw[t]. So one compare and one addition per 16 cards per
// step, with no dependence on where the previous card was. It replaced a
// broadword select per card with kept byte counts: natively 1.8x -> 1.2x the
// array deal, in node 2.1x -> 1.3x.
// Lanes hold -1 - rank, so "rank >= draw" is one signed "lane < -draw" and
// the raise adds the compare's mask; lanes of cards not yet reached are
// compared with -128, below any lane.
// Limits: n <= 126 cards, draw[t] < n - t. Results equal the strike's
// (clear_nth_set_bit / PDEP, bits.hpp) for the same draws.
#pragma once
#include <cstdint>
#include <cstring>
#include <span>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace shufflelab {

inline constexpr std::uint32_t kMaxRankDealCards = 126;

namespace detail {
// Plain vectors of the compiler (GCC and clang): SSE2 natively, SIMD128 in wasm.
typedef std::int8_t RankLanes __attribute__((vector_size(16)));

struct RankTables {
#if !defined(__wasm_simd128__)
  alignas(16) std::int8_t minus[127][16];  // minus[d]: -d in every lane (wasm splats it instead)
#endif
  alignas(16) std::int8_t awake[16][16];   // awake[i]: lanes above i all ones, lanes 0..i zero
  alignas(16) std::int8_t asleep[16][16];  // asleep[i]: -128 in lanes 0..i
};
// Read from memory, not folded into each step as immediates (GCC builds those lane by lane).
inline const RankTables kRankTables = [] {
  RankTables tables{};
#if !defined(__wasm_simd128__)
  for (int d = 0; d < 127; ++d)
    for (int lane = 0; lane < 16; ++lane) tables.minus[d][lane] = static_cast<std::int8_t>(-d);
#endif
  for (int i = 0; i < 16; ++i)
    for (int lane = 0; lane < 16; ++lane) {
      tables.awake[i][lane] = static_cast<std::int8_t>(lane > i ? -1 : 0);
      tables.asleep[i][lane] = static_cast<std::int8_t>(lane > i ? 0 : -128);
    }
  return tables;
}();

// Step t on vectors t/16 and above: only those hold cards after t. "Plus the
// compare's mask" stays two operations in wasm; clang turns "minus a mask"
// into "plus (mask and 1)".
template <std::uint32_t kVectors>
inline __attribute__((always_inline)) void rank_step(RankLanes (&ranks)[kVectors], std::uint32_t t, std::uint32_t draw) {
  RankLanes minus, awake, asleep;
#if defined(__wasm_simd128__)
  minus = RankLanes{} - static_cast<std::int8_t>(draw);  // i8x16.splat
#else
  std::memcpy(&minus, kRankTables.minus[draw], 16);  // SSE2 has no byte broadcast
#endif
  std::memcpy(&awake, kRankTables.awake[t % 16], 16);
  std::memcpy(&asleep, kRankTables.asleep[t % 16], 16);
  const std::uint32_t first = t / 16;
  ranks[first] += reinterpret_cast<RankLanes>(ranks[first] < ((minus & awake) | asleep));
  for (std::uint32_t k = first + 1; k < kVectors; ++k) ranks[k] += reinterpret_cast<RankLanes>(ranks[k] < minus);
}

// 16 draws (each below 126) as bytes: saturating packs, exact here.
inline RankLanes narrow_draws(const std::uint32_t* words) {
#if defined(__SSE2__)
  const __m128i a = _mm_packs_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(words)),
                                    _mm_loadu_si128(reinterpret_cast<const __m128i*>(words + 4)));
  const __m128i b = _mm_packs_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(words + 8)),
                                    _mm_loadu_si128(reinterpret_cast<const __m128i*>(words + 12)));
  return reinterpret_cast<RankLanes>(_mm_packs_epi16(a, b));
#elif defined(__wasm_simd128__)
  const v128_t a = wasm_i16x8_narrow_i32x4(wasm_v128_load(words), wasm_v128_load(words + 4));
  const v128_t b = wasm_i16x8_narrow_i32x4(wasm_v128_load(words + 8), wasm_v128_load(words + 12));
  return reinterpret_cast<RankLanes>(wasm_i8x16_narrow_i16x8(a, b));
#else
  RankLanes lanes;
  for (int j = 0; j < 16; ++j) lanes[j] = static_cast<std::int8_t>(words[j]);
  return lanes;
#endif
}

// Lanes past n change on their own (no lane reads another) and are never dealt.
template <std::uint32_t kVectors>
inline void load_ranks(RankLanes (&ranks)[kVectors], const std::uint32_t* draws, std::uint32_t n) {
  for (std::uint32_t k = 0; k < kVectors; ++k) {
    if (16 * (k + 1) <= n) {
      ranks[k] = ~narrow_draws(draws + 16 * k);
    } else if (16 * k >= n) {
      ranks[k] = RankLanes{};
    } else {
      alignas(16) std::uint32_t tail[16] = {};
      std::memcpy(tail, draws + 16 * k, 4 * (n - 16 * k));
      ranks[k] = ~narrow_draws(tail);
    }
  }
}

// 16 lanes (-1 - rank) widened to cards, stored at out[0..15].
inline void widen_cards(RankLanes ranks, std::uint32_t* out) {
  const RankLanes cards = ~ranks;
#if defined(__SSE2__)
  const __m128i bytes = reinterpret_cast<__m128i>(cards), zero = _mm_setzero_si128();
  const __m128i low = _mm_unpacklo_epi8(bytes, zero), high = _mm_unpackhi_epi8(bytes, zero);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm_unpacklo_epi16(low, zero));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 4), _mm_unpackhi_epi16(low, zero));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 8), _mm_unpacklo_epi16(high, zero));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 12), _mm_unpackhi_epi16(high, zero));
#elif defined(__wasm_simd128__)
  const v128_t bytes = reinterpret_cast<v128_t>(cards);
  const v128_t low = wasm_u16x8_extend_low_u8x16(bytes), high = wasm_u16x8_extend_high_u8x16(bytes);
  wasm_v128_store(out, wasm_u32x4_extend_low_u16x8(low));
  wasm_v128_store(out + 4, wasm_u32x4_extend_high_u16x8(low));
  wasm_v128_store(out + 8, wasm_u32x4_extend_low_u16x8(high));
  wasm_v128_store(out + 12, wasm_u32x4_extend_high_u16x8(high));
#else
  for (int j = 0; j < 16; ++j) out[j] = static_cast<std::uint8_t>(cards[j]);
#endif
}

template <std::uint32_t kVectors>
inline void store_deck(const RankLanes (&ranks)[kVectors], std::uint32_t* deck, std::uint32_t n) {
  for (std::uint32_t k = 0; k < kVectors; ++k) {
    if (16 * (k + 1) <= n) {
      widen_cards(ranks[k], deck + 16 * k);
    } else if (16 * k < n) {
      alignas(16) std::uint32_t tail[16];
      widen_cards(ranks[k], tail);
      std::memcpy(deck + 16 * k, tail, 4 * (n - 16 * k));
    }
  }
}
}  // namespace detail

// N cards, every step unrolled (the vectors stay in registers).
template <std::uint32_t N>
inline void deal_by_ranks(const std::uint32_t* draws, std::uint32_t* deck) {
  static_assert(N >= 1 && N <= kMaxRankDealCards);
  constexpr std::uint32_t kVectors = (N + 15) / 16;
  detail::RankLanes ranks[kVectors];
  detail::load_ranks(ranks, draws, N);
  [&]<std::size_t... S>(std::index_sequence<S...>) __attribute__((always_inline)) {
    (detail::rank_step(ranks, N - 1 - S, draws[N - 1 - S]), ...);
  }(std::make_index_sequence<N>{});
  detail::store_deck(ranks, deck, N);
}

// Any n <= 126 (draws.size() == deck.size() == n): 52 cards unrolled, other
// sizes the same steps in a loop over all eight vectors.
inline void deal_by_ranks(std::span<const std::uint32_t> draws, std::span<std::uint32_t> deck) {
  constexpr std::uint32_t kVectors = (kMaxRankDealCards + 15) / 16;
  const auto n = static_cast<std::uint32_t>(deck.size());
  if (n == 52) return deal_by_ranks<52>(draws.data(), deck.data());
  detail::RankLanes ranks[kVectors];
  detail::load_ranks(ranks, draws.data(), n);
  for (std::uint32_t t = n; t-- > 0;) detail::rank_step(ranks, t, draws[t]);
  detail::store_deck(ranks, deck.data(), n);
}

}  // namespace shufflelab
