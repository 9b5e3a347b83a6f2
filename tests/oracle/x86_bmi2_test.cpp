// The x86-64 lane on the real CPU: asm/x86/seed003.S is assembled by GNU as
// into this test (cmake/asm.cmake). Checked: the bytes the assembler made are
// the ones kept in the core's listing table; the PDEP/TZCNT strike gives the
// core's strike_nth_card (and brute force) and Lemire's routine gives
// RangeReducer's lemire draw, word for word; the core's row model of these
// instructions (what the browser steps) agrees with the hardware.
#include <gtest/gtest.h>

#include <bit>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <vector>

#include "core/asm/asm_listing.hpp"
#include "core/asm/asm_session.hpp"
#include "core/shuffle/bits.hpp"
#include "core/dice/range.hpp"

#ifdef SHUFFLELAB_X86_LISTING
extern "C" std::uint32_t shufflelab_x86_strike_nth_card(std::uint64_t* cards, std::uint64_t n);
extern "C" std::uint64_t shufflelab_x86_lemire(std::uint64_t n, const std::uint64_t** cursor);
#endif

namespace shufflelab {
namespace {

#ifdef SHUFFLELAB_X86_LISTING

bool has_bmi2() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("bmi2");
}

template <class F>
void expect_bytes_of(const char* routine_name, F* function) {
  const AsmProgram& program = asm_program(AsmIsa::x86_64);
  const AsmRoutine* routine = program.routine(routine_name);
  ASSERT_NE(routine, nullptr) << routine_name;
  const auto* code = reinterpret_cast<const std::uint8_t*>(reinterpret_cast<const void*>(function));
  std::size_t offset = 0;
  for (std::size_t i = routine->first_row; i < routine->end_row; ++i) {
    for (const auto unit : program.rows[i].code) {
      ASSERT_EQ(code[offset], unit) << routine_name << ": '" << program.rows[i].text << "' byte " << offset;
      ++offset;
    }
  }
  EXPECT_EQ(offset, routine->code_units);
}

TEST(X86Listing, TableLinesAreTheSourceFileLines) {
  std::ifstream in(std::string(SHUFFLELAB_SOURCE_DIR) + "/asm/x86/seed003.S");
  std::stringstream text;
  text << in.rdbuf();
  const auto check = check_listing_source(AsmIsa::x86_64, text.str());
  EXPECT_TRUE(check) << check.error();
}

TEST(X86Listing, TableBytesAreWhatGnuAsAssembled) {
  expect_bytes_of("shufflelab_x86_strike_nth_card", &shufflelab_x86_strike_nth_card);
  expect_bytes_of("shufflelab_x86_lemire", &shufflelab_x86_lemire);
}

std::uint32_t nth_set_bit_by_walking(std::uint64_t cards, std::uint64_t n) {
  for (std::uint32_t bit = 0, seen = 0; bit < 64; ++bit)
    if ((cards >> bit) & 1 && seen++ == n) return bit;
  return 64;
}

TEST(X86Listing, StrikeMatchesTheCoreAndBruteForce) {
  if (!has_bmi2()) GTEST_SKIP() << "this CPU has no BMI2 (PDEP): the x86 listing cannot run here";
  std::mt19937_64 random(3);
  for (int trial = 0; trial < 20000; ++trial) {
    std::uint64_t cards = random() & random();  // about 16 cards
    if (trial % 7 == 0) cards = ~std::uint64_t{0};
    if (cards == 0) continue;
    const auto n = static_cast<std::uint64_t>(random() % static_cast<unsigned>(std::popcount(cards)));
    std::uint64_t hardware = cards, core = cards;
    const std::uint32_t card = shufflelab_x86_strike_nth_card(&hardware, n);
    ASSERT_EQ(card, nth_set_bit_by_walking(cards, n));
    ASSERT_EQ(card, strike_nth_card(core, static_cast<unsigned>(n)));
    ASSERT_EQ(hardware, core);
    ASSERT_EQ(hardware, cards & ~(std::uint64_t{1} << card));
  }
}

TEST(X86Listing, LemireMatchesRangeReducerWordForWord) {
  std::mt19937_64 random(5);
  std::vector<std::uint64_t> words(1 << 16);
  for (auto& w : words) w = random();
  for (const std::uint64_t n : {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{6}, std::uint64_t{52},
                                std::uint64_t{1000003}, (std::uint64_t{1} << 63) + 1, ~std::uint64_t{0} - 1,
                                ~std::uint64_t{0}}) {
    const std::uint64_t* cursor = words.data();
    std::size_t reference_index = 0;
    const auto reducer = RangeReducer::trusted(RangeMethod::lemire, n, 64);
    for (int draw = 0; draw < 2000; ++draw) {
      const std::uint64_t value = shufflelab_x86_lemire(n, &cursor);
      ASSERT_EQ(value, reducer.draw([&] { return words[reference_index++]; })) << "n=" << n << " draw " << draw;
      ASSERT_EQ(static_cast<std::size_t>(cursor - words.data()), reference_index) << "words used, n=" << n;
    }
  }
}

TEST(X86Listing, TheRowModelAgreesWithTheHardware) {
  if (!has_bmi2()) GTEST_SKIP() << "this CPU has no BMI2 (PDEP)";
  const std::uint64_t deck = (std::uint64_t{1} << 52) - 1;
  auto session = AsmSession::start(AsmAlgorithm::x86_strike, {deck, 0, 11, 52});
  ASSERT_TRUE(session);
  ASSERT_TRUE(session.value().run(100000));
  std::uint64_t cards = deck;
  for (std::size_t k = 0; k < 52; ++k) {
    const auto rank = static_cast<std::uint64_t>(11 % std::popcount(cards));
    ASSERT_EQ(session->outputs()[k], shufflelab_x86_strike_nth_card(&cards, rank)) << k;
  }
}

TEST(X86Listing, TimingsForTheReport) {
  if (!has_bmi2()) GTEST_SKIP() << "this CPU has no BMI2 (PDEP)";
  constexpr int kRounds = 200000;
  std::uint64_t sink = 0;
  auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < kRounds; ++r) {
    std::uint64_t cards = (std::uint64_t{1} << 52) - 1;
    sink += shufflelab_x86_strike_nth_card(&cards, static_cast<std::uint64_t>(r % 52));
  }
  const double strike_ns =
      std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count() / kRounds;
  std::vector<std::uint64_t> words(kRounds + 64, 0x9e3779b97f4a7c15u);
  for (std::size_t i = 1; i < words.size(); ++i) words[i] = words[i - 1] * 6364136223846793005u + 1442695040888963407u;
  const std::uint64_t* cursor = words.data();
  start = std::chrono::steady_clock::now();
  for (int r = 0; r < kRounds; ++r) sink += shufflelab_x86_lemire(20, &cursor);
  const double lemire_ns =
      std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count() / kRounds;
  std::printf("x86 listing: strike %.2f ns per card, lemire %.2f ns per value (sink %llu)\n", strike_ns, lemire_ns,
              static_cast<unsigned long long>(sink & 1));
  EXPECT_GT(sink, 0u);
}

#else

TEST(X86Listing, NeedsAnX86_64Build) { GTEST_SKIP() << "asm/x86/seed003.S is only linked into x86-64 builds"; }

#endif

}  // namespace
}  // namespace shufflelab
