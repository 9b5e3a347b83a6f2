// Oracle tests: GlibcRand against the real glibc srand()/rand() of this
// machine, and the `lfsr` / `rand` / `stream` subcommands of the shipped CLI
// (SHUFFLELAB_CLI_PATH) against glibc and against the tarot article's LFSR()
// transcribed byte by byte.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/gen/generators.hpp"
#include "core/gen/glibc_rand.hpp"

namespace shufflelab {
namespace {

std::vector<std::uint32_t> oracle_seeds() {
  std::vector<std::uint32_t> seeds = {0, 1, 2, 42, 127773, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF};
  std::mt19937 rng(20030204);
  for (int i = 0; i < 1000; ++i) seeds.push_back(static_cast<std::uint32_t>(rng()));
  return seeds;
}

TEST(GlibcOracle, RandMatchesTheRealGlibc) {
  static_assert(RAND_MAX == kGlibcRandMax);
  for (std::uint32_t seed : oracle_seeds()) {
    srand(seed);
    GlibcRand emulated(seed);
    for (int i = 0; i < 1000; ++i) ASSERT_EQ(emulated.next(), rand()) << "seed " << seed << " call " << i;
  }
}

TEST(GlibcOracle, ByteGeneratorUsesTheTopBitsAndResumesFromItsState) {
  for (std::uint32_t seed : {1u, 99u, 0xDEADBEEFu}) {
    auto made = make_generator("glibc", {{"seed", std::to_string(seed)}});
    ASSERT_TRUE(made) << made.error();
    ByteGenerator gen = made.value();
    srand(seed);
    for (int i = 0; i < 500; ++i) ASSERT_EQ(gen.next_byte(), rand() >> 23);
    for (int i = 0; i < 500; ++i) ASSERT_EQ(gen.next_u32(), static_cast<std::uint32_t>(rand()) << 1);
    auto resumed = gen.with_state(gen.state_string());
    ASSERT_TRUE(resumed) << resumed.error();
    ByteGenerator again = resumed.value();
    for (int i = 0; i < 500; ++i) ASSERT_EQ(again.next_byte(), rand() >> 23);
  }
}

#ifdef SHUFFLELAB_CLI_PATH

struct CliRun {
  int status;
  std::string out;
};

// Runs the CLI with `args` (already shell-safe); stderr is discarded.
CliRun run_shufflelab(const std::string& args) {
  const std::string command = std::string(SHUFFLELAB_CLI_PATH) + " " + args + " 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return {-1, ""};
  std::string out;
  char buffer[4096];
  for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  const int raw = pclose(pipe);
  return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, out};
}

TEST(CliOracle, RandPrintsWhatGlibcPrints) {
  for (std::uint32_t seed : {0u, 1u, 12345u, 0x80000000u, 0xFFFFFFFFu}) {
    const CliRun run = run_shufflelab("rand --gen glibc --seed " + std::to_string(seed) + " --count 1000");
    ASSERT_EQ(run.status, 0);
    srand(seed);
    std::string expected;
    for (int i = 0; i < 1000; ++i) expected += (i ? " " : "") + std::to_string(rand());
    EXPECT_EQ(run.out, expected + "\n") << "seed " << seed;
  }
}

// MSVC's documented formula, state = state * 214013 + 2531011, rand() =
// (state >> 16) & 0x7fff, written out here.
TEST(CliOracle, RandMsvc) {
  const CliRun run = run_shufflelab("rand --gen msvc --seed 7 --count 300");
  ASSERT_EQ(run.status, 0);
  std::uint32_t state = 7;
  std::string expected;
  for (int i = 0; i < 300; ++i) {
    state = state * 214013u + 2531011u;
    expected += (i ? " " : "") + std::to_string((state >> 16) & 0x7fff);
  }
  EXPECT_EQ(run.out, expected + "\n");
}

// The tarot article's LFSR(): four bytes, lfsr0 most significant, carries
// between bytes, mask XORed into lfsr0 when a 1 leaves lfsr3.
std::string article_tarot_hex(std::uint32_t seed, std::uint8_t mask, int count) {
  std::uint8_t l0 = static_cast<std::uint8_t>(seed >> 24), l1 = static_cast<std::uint8_t>(seed >> 16),
               l2 = static_cast<std::uint8_t>(seed >> 8), l3 = static_cast<std::uint8_t>(seed);
  std::string out;
  char hex[4];
  for (int n = 0; n < count; ++n) {
    for (int x = 0; x < 8; ++x) {
      const int c0 = l0 & 1, c1 = l1 & 1, c2 = l2 & 1, c3 = l3 & 1;
      l0 = static_cast<std::uint8_t>(l0 >> 1);
      l1 = static_cast<std::uint8_t>((l1 >> 1) | (c0 << 7));
      l2 = static_cast<std::uint8_t>((l2 >> 1) | (c1 << 7));
      l3 = static_cast<std::uint8_t>((l3 >> 1) | (c2 << 7));
      if (c3) l0 ^= mask;
    }
    std::snprintf(hex, sizeof hex, "%02x", l0);
    out += (n ? " " : "") + std::string(hex);
  }
  return out + "\n";
}

TEST(CliOracle, LfsrTarotMatchesTheArticle) {
  EXPECT_EQ(run_shufflelab("lfsr --gen tarot32 --mask CF --seed 00000001 --bytes 16").out, article_tarot_hex(1, 0xCF, 16));
  const CliRun run = run_shufflelab("lfsr --gen tarot32 --mask c5 --seed DEADBEEF --bytes 5000");
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.out, article_tarot_hex(0xDEADBEEF, 0xC5, 5000));
}

// The Z80 routine simulated register by register (rl through the carry flag,
// xor clearing it, then the LDDR byte move), not through z80_lfsr.hpp.
TEST(CliOracle, LfsrZ80FirstBytes) {
  std::uint8_t mem[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  std::string expected;
  char hex[4];
  for (int n = 0; n < 16; ++n) {
    int carry = 0;
    std::uint8_t e = mem[4], d = mem[5], c = mem[6], a = mem[7];
    const std::uint8_t b = a;
    auto rl = [&carry](std::uint8_t& r) {
      const int out = r >> 7;
      r = static_cast<std::uint8_t>((r << 1) | carry);
      carry = out;
    };
    for (int i = 0; i < 3; ++i) rl(e), rl(d), rl(c), rl(a);
    const std::uint8_t h = a;
    rl(e), rl(d), rl(c), rl(a);
    a ^= b;
    carry = 0;
    rl(e), rl(d);
    a = static_cast<std::uint8_t>(a ^ h ^ c ^ d);
    for (int i = 7; i > 0; --i) mem[i] = mem[i - 1];
    mem[0] = a;
    std::snprintf(hex, sizeof hex, "%02x", a);
    expected += (n ? " " : "") + std::string(hex);
  }
  EXPECT_EQ(run_shufflelab("lfsr --gen z80 --seed 0102030405060708 --bytes 16").out, expected + "\n");
}

TEST(CliOracle, StreamBytesEqualLfsrHex) {
  const CliRun hex = run_shufflelab("lfsr --gen tarot32 --seed 0BADF00D --bytes 3000");
  const CliRun raw = run_shufflelab("stream --gen tarot32 --seed 0BADF00D --bytes 3000");
  ASSERT_EQ(raw.status, 0);
  ASSERT_EQ(raw.out.size(), 3000u);
  std::string from_raw;
  char two[4];
  for (std::size_t i = 0; i < raw.out.size(); ++i) {
    std::snprintf(two, sizeof two, "%02x", static_cast<unsigned char>(raw.out[i]));
    from_raw += (i ? " " : "") + std::string(two);
  }
  EXPECT_EQ(hex.out, from_raw + "\n");
}

TEST(CliOracle, StreamGlibcIsTheTopByteOfRand) {
  const CliRun raw = run_shufflelab("stream --gen glibc --seed 2003 --bytes 1000");
  ASSERT_EQ(raw.status, 0);
  ASSERT_EQ(raw.out.size(), 1000u);
  srand(2003);
  for (std::size_t i = 0; i < raw.out.size(); ++i)
    ASSERT_EQ(static_cast<unsigned char>(raw.out[i]), rand() >> 23) << i;
}

TEST(CliOracle, BadInputsExitWith2AndPrintNothing) {
  const char* bad[] = {
      "lfsr --gen tarot32 --mask CF --seed 00000000 --bytes 16",
      "lfsr --gen z80 --seed 0000000000000000 --bytes 16",
      "lfsr --gen z80 --seed 0102 --bytes 16",
      "lfsr --gen z80 --seed 0102030405060708 --mask CF --bytes 16",
      "lfsr --gen tarot32 --seed 1 --bytes 0",
      "lfsr --gen tarot32 --seed 1 --bytes 10000001",
      "lfsr --gen tarot32 --seed 1",
      "lfsr --gen tarot32 --mask XY --seed 1 --bytes 4",
      "lfsr --gen tarot32 --mask 1CF --seed 1 --bytes 4",
      "lfsr --gen tarot32 --width 12 --seed FFFF --bytes 4",
      "lfsr --gen tarot32 --width 65 --seed 1 --bytes 4",
      "lfsr --gen pcg32 --seed 1 --bytes 4",
      "lfsr --seed 1 --bytes 4",
      "rand --gen glibc --seed 4294967296 --count 3",
      "rand --gen glibc --seed -1 --count 3",
      "rand --gen glibc --seed 1 --count 0",
      "rand --gen bsd --seed 1 --count 3",
      "stream --gen nope --seed 1 --bytes 4",
      "stream --gen pcg32 --bytes 4",
      "stream --gen pcg32 --seed 1 --bytes 17179869185",
  };
  for (const char* args : bad) {
    const CliRun run = run_shufflelab(args);
    EXPECT_EQ(run.status, 2) << args;
    EXPECT_EQ(run.out, "") << args;
  }
}

#endif  // SHUFFLELAB_CLI_PATH

}  // namespace
}  // namespace shufflelab
