#include "core/poker/poker.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#include "core/shuffle/bits.hpp"

#ifdef SHUFFLELAB_HAS_PDEP_INSTRUCTION
#include <immintrin.h>
// The vector path's per-seed step, compiled for AVX2 + BMI2 (checked at run time).
#define SHUFFLELAB_SWEEP_VECTOR 1
#define SHUFFLELAB_SWEEP_VECTOR_TARGET __attribute__((target("avx2,bmi2,bmi")))
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define SHUFFLELAB_SWEEP_VECTOR 1
#define SHUFFLELAB_SWEEP_VECTOR_TARGET
#endif

namespace shufflelab {

namespace {
constexpr std::uint32_t kTenthCard = kOneChipDealCards - 1;
constexpr std::int64_t kNeverSeen = -(std::int64_t{1} << 40);
constexpr std::int64_t kBeyondWindow = 64;  // tenth_ when fewer than 10 cards count
}  // namespace

std::uint32_t lcrng_jump(std::uint32_t state, std::uint64_t steps) {
  // Compose x -> a*x + c with itself: (a, c) then (a, c) gives (a*a, a*c + c).
  std::uint32_t step_mul = kLcrngMultiplier, step_add = kLcrngIncrement;
  std::uint32_t total_mul = 1, total_add = 0;
  for (; steps != 0; steps >>= 1) {
    if (steps & 1) {
      total_mul *= step_mul;
      total_add = step_mul * total_add + step_add;
    }
    step_add = step_mul * step_add + step_add;
    step_mul *= step_mul;
  }
  return total_mul * state + total_add;
}

std::string card_name(std::uint32_t card) {
  static constexpr char kRanks[] = "23456789TJQKA";
  static constexpr char kSuits[] = "hdcs";
  if (card >= kOneChipDeckCards) return "??";
  return {kRanks[card_rank(card)], kSuits[card_suit(card)]};
}

OneChipDeal one_chip_deal(std::uint32_t seed, std::vector<DealCall>* trace) {
  OneChipDeal deal;
  std::array<bool, 64> dealt{};
  std::uint32_t state = seed;
  std::uint32_t count = 0;
  while (count < kOneChipDealCards) {
    state = lcrng_next(state);
    ++deal.calls;
    const std::uint32_t value = lcrng_card(state);
    DealVerdict verdict = DealVerdict::Dealt;
    if (value >= kOneChipDeckCards) {
      verdict = DealVerdict::TooHigh;
      ++deal.too_high;
    } else if (dealt[value]) {
      verdict = DealVerdict::Duplicate;
      ++deal.duplicates;
    } else {
      dealt[value] = true;
      deal.cards[count++] = static_cast<std::uint8_t>(value);
    }
    if (trace) trace->push_back({state, value, verdict});
  }
  deal.final_state = state;
  return deal;
}

void SweepStats::add(std::uint32_t seed, std::uint32_t calls) {
  if (calls >= histogram.size()) histogram.resize(calls + 1, 0);
  ++histogram[calls];
  ++seeds;
  total_calls += calls;
  add_maximum(seed, calls);
}

void SweepStats::add_maximum(std::uint32_t seed, std::uint32_t calls) {
  if (calls > max_calls || (calls == max_calls && seed < max_seed)) {
    max_calls = calls;
    max_seed = seed;
  }
}

void SweepStats::merge(const SweepStats& other) {
  if (other.seeds == 0) return;
  if (other.histogram.size() > histogram.size()) histogram.resize(other.histogram.size(), 0);
  for (std::size_t c = 0; c < other.histogram.size(); ++c) histogram[c] += other.histogram[c];
  if (seeds == 0 || other.max_calls > max_calls || (other.max_calls == max_calls && other.max_seed < max_seed)) {
    max_calls = other.max_calls;
    max_seed = other.max_seed;
  }
  seeds += other.seeds;
  total_calls += other.total_calls;
}

// Both paths look at the window of the 64 cards after a seed: stream index
// f = seed index + 1 up to f + 63. A card is "counted" when it is below 52
// and its value does not occur earlier in the window; the deal takes as many
// calls as the position of the 10th counted card (plus one).
//
// Vector path: distances_[i] = how far back the previous card of the same
// value is (capped at 127; 0 for values >= 52), for i = 0 (index f) onward.
// Card f + b is counted for this seed exactly when distance > b: one AVX2
// byte compare against 0..63 gives the 64-bit mask (bits past `window`
// masked off), PDEP + TZCNT the 10th bit.
//
// Portable path (incremental): bit b of counted_ says whether card f + b is
// counted. When index q is in the window and its value occurs again at
// j <= f + window - 1, next_same_[q % 64] holds bit (j - q), so dropping q
// promotes j. tenth_ is the bit of the 10th counted card, kept up to date
// with one shift and one trailing-zero count per seed.
CycleSweeper::CycleSweeper(std::uint64_t first_position, std::uint64_t count, std::uint32_t window,
                           bool vector_path)
    : count_(count > kLcrngPeriod ? kLcrngPeriod : count),
      window_(window < kOneChipDealCards ? kOneChipDealCards : (window > 64 ? 64 : window)),
      seed_state_(lcrng_jump(0, first_position % kLcrngPeriod)),
      push_state_(seed_state_) {
  stats_.histogram.assign(window_ + 1, 0);
  last_index_.fill(kNeverSeen);
#ifdef SHUFFLELAB_SWEEP_VECTOR
  if (vector_path && vector_path_available()) {
    distances_.resize(kVectorBlock + 64 + 16);  // + the window; wasm's last lane may read 15 past it
#ifndef SHUFFLELAB_HAS_PDEP_INSTRUCTION
    by_lane_.resize((kVectorBlock / 16 + 64) * 16);
#endif
    first_index_ = 1;
    fill_distances(distances_.data(), 64, first_index_);
    return;
  }
#else
  (void)vector_path;
#endif
  // Slide in the first `window_` cards (the drops remove empty slots).
  first_index_ = 1 - static_cast<std::int64_t>(window_);
  for (std::uint32_t k = 0; k < window_; ++k) {
    drop_first_card();
    push_next_card();
  }
  locate_tenth();
}

bool CycleSweeper::vector_path_available() {
#ifdef SHUFFLELAB_HAS_PDEP_INSTRUCTION
  __builtin_cpu_init();
  return pdep_uses_hardware() && __builtin_cpu_supports("avx2");
#elif defined(SHUFFLELAB_SWEEP_VECTOR)
  return true;
#else
  return false;
#endif
}

std::uint64_t CycleSweeper::run(std::uint64_t max_seeds) {
  const std::uint64_t todo = std::min(max_seeds, count_ - processed_);
#ifdef SHUFFLELAB_SWEEP_VECTOR
  if (!distances_.empty()) {
    run_vector(todo);
    return todo;
  }
#endif
  run_portable(todo);
  return todo;
}

void CycleSweeper::flush_histogram(const std::array<std::uint64_t, 65>& histogram) {
  for (std::uint32_t c = 0; c < histogram.size(); ++c) {
    if (histogram[c] == 0) continue;
    if (c >= stats_.histogram.size()) stats_.histogram.resize(c + 1, 0);
    stats_.histogram[c] += histogram[c];
    stats_.seeds += histogram[c];
    stats_.total_calls += histogram[c] * c;
  }
}

#ifdef SHUFFLELAB_SWEEP_VECTOR
void CycleSweeper::fill_distances(std::int8_t* out, std::uint32_t count, std::int64_t index) {
  auto put = [&](std::uint32_t i, std::uint32_t state) {
    const std::uint32_t value = lcrng_card(state);
    std::int64_t& last = last_index_[value];
    const std::int64_t distance = std::min<std::int64_t>(index + i - last, 127);
    last = index + i;
    out[i] = static_cast<std::int8_t>(value < kOneChipDeckCards ? distance : 0);
  };
  // The LCRNG is one long dependency chain; four interleaved chains, each
  // jumping four states per step, let the CPU overlap them.
  const std::uint32_t mul4 = lcrng_jump(1, 4) - lcrng_jump(0, 4);
  const std::uint32_t add4 = lcrng_jump(0, 4);
  std::uint32_t s0 = lcrng_next(push_state_), s1 = lcrng_next(s0), s2 = lcrng_next(s1), s3 = lcrng_next(s2);
  std::uint32_t i = 0;
  for (; i + 4 <= count; i += 4) {
    put(i, s0);
    put(i + 1, s1);
    put(i + 2, s2);
    put(i + 3, s3);
    push_state_ = s3;
    s0 = mul4 * s0 + add4;
    s1 = mul4 * s1 + add4;
    s2 = mul4 * s2 + add4;
    s3 = mul4 * s3 + add4;
  }
  for (; i < count; ++i) {
    push_state_ = lcrng_next(push_state_);
    put(i, push_state_);
  }
}

namespace {
// Bit of the 10th counted card of the window at `distances` (64 or more
// when fewer than ten count): card b is counted when distances[b] > b.
#ifdef SHUFFLELAB_HAS_PDEP_INSTRUCTION
[[gnu::always_inline]] SHUFFLELAB_SWEEP_VECTOR_TARGET inline std::uint64_t tenth_counted_bit(
    const std::int8_t* distances, std::uint64_t window_bits) {
  const __m256i positions_low = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
                                                 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
  const __m256i positions_high = _mm256_add_epi8(positions_low, _mm256_set1_epi8(32));
  const __m256i low = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(distances));
  const __m256i high = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(distances + 32));
  const auto counted_low = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpgt_epi8(low, positions_low)));
  const auto counted_high = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpgt_epi8(high, positions_high)));
  const std::uint64_t counted = (counted_low | (std::uint64_t{counted_high} << 32)) & window_bits;
  return _tzcnt_u64(_pdep_u64(std::uint64_t{1} << kTenthCard, counted));
}
#elif defined(SHUFFLELAB_SWEEP_VECTOR)
// WebAssembly SIMD128 has no PDEP, and clearing nine bits one by one cost
// more than the rest of the seed. So a lane per seed instead: a block's
// seeds are cut into 16 runs, lane j takes run j, and by_lane holds each
// run's distances as a column (row b: card b of every lane's window). Card b
// counts where distance > b, the same test for all lanes, so one load and
// one compare serve 16 seeds; a lane's calls are the cards it took to count
// ten. Lanes done early idle until the last one is done.
constexpr std::uint32_t kSweepLanes = 16;

// Writes the lanes' calls (255: fewer than ten counted in 64 cards) and
// returns the largest.
inline std::uint32_t deal_calls_by_lane(const std::int8_t* by_lane, std::array<std::uint8_t, kSweepLanes>& calls) {
  const v128_t one = wasm_i8x16_splat(1), minus_ten = wasm_i8x16_splat(-static_cast<std::int8_t>(kOneChipDealCards));
  v128_t card = wasm_i8x16_splat(0);     // b
  v128_t counted = wasm_i8x16_splat(0);  // minus the cards counted so far
  v128_t cards = wasm_i8x16_splat(0);    // cards walked while fewer than ten counted
  v128_t short_of_ten = wasm_i8x16_splat(-1);
  for (std::uint32_t b = 0; b < 64 && wasm_i8x16_bitmask(short_of_ten) != 0; b += 4) {
    for (std::uint32_t step = b; step < b + 4; ++step) {
      cards = wasm_i8x16_sub(cards, short_of_ten);
      counted = wasm_i8x16_add(counted, wasm_i8x16_gt(wasm_v128_load(by_lane + kSweepLanes * step), card));
      card = wasm_i8x16_add(card, one);
      short_of_ten = wasm_i8x16_gt(counted, minus_ten);
    }
  }
  v128_t most = wasm_v128_or(cards, short_of_ten);
  wasm_v128_store(calls.data(), most);
  most = wasm_u8x16_max(most, wasm_i8x16_shuffle(most, most, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7));
  most = wasm_u8x16_max(most, wasm_i8x16_shuffle(most, most, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3));
  most = wasm_u8x16_max(most, wasm_i8x16_shuffle(most, most, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1));
  most = wasm_u8x16_max(most, wasm_i8x16_shuffle(most, most, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0));
  return wasm_u8x16_extract_lane(most, 0);
}
#endif
}  // namespace

SHUFFLELAB_SWEEP_VECTOR_TARGET void CycleSweeper::run_vector(std::uint64_t todo) {
  // Four histograms taken in turn: consecutive seeds often need the same
  // number of calls, and back-to-back increments of one counter would wait
  // on each other through memory.
  std::array<std::array<std::uint64_t, 65>, 4> histograms{};
  std::uint32_t max_calls = stats_.max_calls;
  std::int8_t* distances = distances_.data();
  while (todo > 0) {
    const auto block = static_cast<std::uint32_t>(std::min<std::uint64_t>(todo, kVectorBlock));
    fill_distances(distances + 64, block, first_index_ + 64);
    const auto record = [&](std::uint32_t k, std::uint32_t calls) {
      if (calls > window_) {  // fewer than ten counted cards in the window: replay
        const std::uint32_t seed = lcrng_jump(seed_state_, k);
        stats_.add(seed, one_chip_deal(seed).calls);
        max_calls = stats_.max_calls;
        return;
      }
      ++histograms[k & 3][calls];
      if (calls >= max_calls) {
        stats_.add_maximum(lcrng_jump(seed_state_, k), calls);
        max_calls = stats_.max_calls;
      }
    };
#ifdef SHUFFLELAB_HAS_PDEP_INSTRUCTION
    const std::uint64_t window_bits = ~std::uint64_t{0} >> (64 - window_);
    for (std::uint32_t k = 0; k < block; ++k)
      record(k, static_cast<std::uint32_t>(tenth_counted_bit(distances + k, window_bits) + 1));
#else
    const std::uint32_t run = (block + kSweepLanes - 1) / kSweepLanes;
    std::int8_t* by_lane = by_lane_.data();
    for (std::uint32_t j = 0; j < kSweepLanes; ++j)
      for (std::uint32_t b = 0; b < run + 63; ++b) by_lane[kSweepLanes * b + j] = distances[j * run + b];
    std::array<std::uint8_t, kSweepLanes> calls{};
    for (std::uint32_t t = 0; t < run; ++t, by_lane += kSweepLanes) {
      const std::uint32_t most = deal_calls_by_lane(by_lane, calls);
      // Only a replay or a new maximum needs more than a histogram count.
      if (most < max_calls && most <= window_ && (kSweepLanes - 1) * run + t < block) {
        for (std::uint32_t j = 0; j < kSweepLanes; ++j) ++histograms[j & 3][calls[j]];
        continue;
      }
      for (std::uint32_t j = 0; j < kSweepLanes && j * run + t < block; ++j) record(j * run + t, calls[j]);
    }
#endif
    std::memmove(distances, distances + block, 64);
    seed_state_ = lcrng_jump(seed_state_, block);
    first_index_ += block;
    processed_ += block;
    todo -= block;
  }
  for (const auto& histogram : histograms) flush_histogram(histogram);
}
#endif

void CycleSweeper::drop_first_card() {
  std::uint64_t& slot = next_same_[static_cast<std::uint64_t>(first_index_) & 63];
  counted_ = (counted_ | slot) >> 1;
  slot = 0;
  ++first_index_;
}

void CycleSweeper::push_next_card() {
  push_state_ = lcrng_next(push_state_);
  const std::uint32_t value = lcrng_card(push_state_);
  const std::int64_t index = first_index_ + window_ - 1;
  std::int64_t& last = last_index_[value];
  const std::int64_t distance = index - last;
  const bool valid = value < kOneChipDeckCards;
  if (valid && distance >= window_) counted_ |= std::uint64_t{1} << (window_ - 1);
  if (valid && distance < window_) next_same_[static_cast<std::uint64_t>(last) & 63] |= std::uint64_t{1} << distance;
  last = index;
}

void CycleSweeper::locate_tenth() {
  tenth_ = popcount64(counted_) > static_cast<int>(kTenthCard) ? select_nth_set_bit(counted_, kTenthCard)
                                                                : static_cast<std::int32_t>(kBeyondWindow);
}

// The hot loop works on locals: stores into the histogram could alias the
// members and force reloads. Everything is branch-free except the rare
// "10th card beyond the window" case and a new maximum.
void CycleSweeper::run_portable(std::uint64_t todo) {
  std::array<std::uint64_t, 65> histogram{};
  std::uint64_t counted = counted_;
  std::int64_t first = first_index_;
  std::int64_t tenth = tenth_;
  std::uint32_t seed_state = seed_state_;
  std::uint32_t push_state = push_state_;
  const std::int64_t window = window_;
  std::uint32_t max_calls = stats_.max_calls;
  const std::uint64_t top_bit = std::uint64_t{1} << (window - 1);
  for (std::uint64_t k = 0; k < todo; ++k) {
    if (tenth >= window) {
      stats_.add(seed_state, one_chip_deal(seed_state).calls);
      max_calls = stats_.max_calls;
    } else {
      const auto calls = static_cast<std::uint32_t>(tenth + 1);
      ++histogram[calls];
      if (calls >= max_calls) {
        stats_.add_maximum(seed_state, calls);
        max_calls = stats_.max_calls;
      }
    }

    // Drop the first card; its next copy (if any) becomes counted.
    std::uint64_t& slot = next_same_[static_cast<std::uint64_t>(first) & 63];
    const std::uint64_t promoted = slot;
    const std::uint64_t first_counted = counted & 1;
    counted = (counted | promoted) >> 1;
    slot = 0;
    ++first;

    // Push the next card at the top of the window.
    push_state = lcrng_next(push_state);
    const std::uint32_t value = lcrng_card(push_state);
    const std::int64_t index = first + window - 1;
    std::int64_t& last = last_index_[value];
    const std::int64_t distance = index - last;
    const std::uint64_t valid = value < kOneChipDeckCards;
    counted |= top_bit & (std::uint64_t{0} - (valid & static_cast<std::uint64_t>(distance >= window)));
    next_same_[static_cast<std::uint64_t>(last) & 63] |= (valid & static_cast<std::uint64_t>(distance < window))
                                                         << (distance & 63);
    last = index;
    seed_state = lcrng_next(seed_state);

    if (tenth >= window) {
      counted_ = counted;
      locate_tenth();
      tenth = tenth_;
      continue;
    }
    // Ten counted cards still end at the same card unless the dropped card
    // was counted and its next copy lies beyond that card; then the new 10th
    // is the next counted card past it (old bit tenth is now bit tenth - 1).
    // Branch-free because both outcomes are common; ctz64(0) == 64 lands
    // past the window when no counted card is left.
    const std::uint64_t same_end =
        (first_counted ^ 1) | static_cast<std::uint64_t>((promoted & ((std::uint64_t{2} << tenth) - 1)) != 0);
    const auto next_end = static_cast<std::uint64_t>(tenth + ctz64(counted >> tenth));
    const auto kept_end = static_cast<std::uint64_t>(tenth - 1);
    const std::uint64_t choose_kept = std::uint64_t{0} - same_end;
    tenth = static_cast<std::int64_t>((kept_end & choose_kept) | (next_end & ~choose_kept));
  }
  counted_ = counted;
  first_index_ = first;
  tenth_ = static_cast<std::int32_t>(tenth);
  seed_state_ = seed_state;
  push_state_ = push_state;
  processed_ += todo;
  flush_histogram(histogram);
}

SweepStats sweep_cycle_range(std::uint64_t first_position, std::uint64_t count) {
  CycleSweeper sweeper(first_position, count);
  sweeper.run(count);
  return sweeper.stats();
}

SweepStats sweep_all_seeds(const std::function<void(std::uint64_t, std::uint64_t)>& progress,
                           const std::atomic<bool>* cancel, std::uint64_t chunk) {
  CycleSweeper sweeper(0, kLcrngPeriod);
  while (!sweeper.done()) {
    if (cancel && cancel->load(std::memory_order_relaxed)) break;
    sweeper.run(chunk);
    if (progress) progress(sweeper.processed(), sweeper.count());
  }
  return sweeper.stats();
}

}  // namespace shufflelab
