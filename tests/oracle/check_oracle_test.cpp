// The check lab against things no one here wrote:
//  - decks from Debian python3's random.shuffle pass; decks from a naive swap,
//    Sattolo's algorithm, 3 riffles (Gilbert-Shannon-Reeds, written here) and
//    a merge sort with a coin-flip comparator each fail the test meant to
//    catch them (sample sizes as docs/check.md states);
//  - byte statistics equal Debian's ent, FIPS counts equal Debian's rngtest;
//  - chi-square p-values equal SciPy's chi2.sf to 1e-9 relative;
//  - Berlekamp-Massey finds the tarot LFSR (mask CF), a Fibonacci LFSR and the
//    Z80 routine in bytes `shufflelab stream` writes, and about n/2 on /dev/urandom;
//  - the CLI's exit status: 0 fair, 1 biased, 2 bad input, 3 too few decks to tell.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/check/byte_checks.hpp"
#include "core/check/check_session.hpp"
#include "core/check/check_stats.hpp"
#include "core/check/linear_complexity.hpp"

#ifdef SHUFFLELAB_CLI_PATH
namespace shufflelab {
namespace {

struct Shell {
  std::string out;
  int status = -1;
};

Shell shell(const std::string& command) {
  Shell r;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return r;
  char buffer[4096];
  std::size_t got;
  while ((got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) r.out.append(buffer, got);
  const int status = pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

std::string temp_path(const std::string& name) {
  return testing::TempDir() + "shufflelab_check_" + std::to_string(getpid()) + "_" + name;
}

void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

const std::string kCli = SHUFFLELAB_CLI_PATH;

CheckReport check(CheckKind kind, const std::string& text) {
  CheckOptions options;
  options.kind = kind;
  auto session = std::move(CheckSession::make(options).value());
  for (std::size_t i = 0; i < text.size(); i += 65536) session->feed(std::string_view(text).substr(i, 65536));
  auto report = session->finish();
  EXPECT_TRUE(report) << report.error();
  return report ? report.value() : CheckReport{};
}

const CheckTest& test_named(const CheckReport& r, const std::string& key) {
  for (const CheckTest& t : r.tests)
    if (t.key == key) return t;
  static const CheckTest none;
  ADD_FAILURE() << "no test " << key;
  return none;
}

using Deck = std::vector<int>;

template <class Shuffle>
std::string decks_text(int decks, int n, Shuffle shuffle) {
  std::mt19937_64 rng(20261125);
  std::string out;
  for (int d = 0; d < decks; ++d) {
    Deck deck(static_cast<std::size_t>(n));
    std::iota(deck.begin(), deck.end(), 0);
    shuffle(deck, rng);
    for (std::size_t i = 0; i < deck.size(); ++i) out += std::to_string(deck[i]) + (i + 1 < deck.size() ? "," : "\n");
  }
  return out;
}

int below(std::mt19937_64& rng, int k) { return std::uniform_int_distribution<int>(0, k - 1)(rng); }

TEST(CheckOracle, PythonRandomShufflePasses) {
  const Shell py = shell(
      "/usr/bin/python3 -c 'import random\nrandom.seed(17)\nfor _ in range(3000):\n d=list(range(52)); "
      "random.shuffle(d); print(\",\".join(map(str,d)))'");
  ASSERT_EQ(py.status, 0);
  const CheckReport r = check(CheckKind::decks, py.out);
  EXPECT_FALSE(r.failed) << report_text(r);
  EXPECT_EQ(r.facts[0].value, 3000);
}

TEST(CheckOracle, NaiveSwapFailsPositionByCard) {
  // for i: swap(i, random 0..n-1): n^n equally likely paths onto n! decks.
  const CheckReport r = check(CheckKind::decks, decks_text(2000, 52, [](Deck& d, std::mt19937_64& rng) {
    for (int i = 0; i < 52; ++i) std::swap(d[static_cast<std::size_t>(i)], d[static_cast<std::size_t>(below(rng, 52))]);
  }));
  EXPECT_TRUE(test_named(r, "position_card").failed) << report_text(r);
}

TEST(CheckOracle, SattoloFailsCyclesAndFixedPoints) {
  const CheckReport r = check(CheckKind::decks, decks_text(200, 52, [](Deck& d, std::mt19937_64& rng) {
    for (int i = 51; i > 0; --i) std::swap(d[static_cast<std::size_t>(i)], d[static_cast<std::size_t>(below(rng, i))]);
  }));
  EXPECT_TRUE(test_named(r, "cycles").failed) << report_text(r);
  EXPECT_TRUE(test_named(r, "fixed_points").failed);
}

TEST(CheckOracle, ThreeRifflesFailRisingSequences) {
  // Gilbert-Shannon-Reeds: cut binomially, drop from each packet with probability proportional to its size.
  const CheckReport r = check(CheckKind::decks, decks_text(200, 52, [](Deck& d, std::mt19937_64& rng) {
    for (int riffle = 0; riffle < 3; ++riffle) {
      const auto cut = static_cast<std::size_t>(std::binomial_distribution<int>(52, 0.5)(rng));
      Deck left(d.begin(), d.begin() + static_cast<std::ptrdiff_t>(cut)), right(d.begin() + static_cast<std::ptrdiff_t>(cut), d.end());
      std::size_t a = 0, b = 0;
      for (std::size_t k = 0; k < d.size(); ++k) {
        const int from_left = below(rng, static_cast<int>(left.size() - a + right.size() - b)) < static_cast<int>(left.size() - a);
        d[k] = from_left ? left[a++] : right[b++];
      }
    }
  }));
  EXPECT_TRUE(test_named(r, "rising_sequences").failed) << report_text(r);
}

void coin_merge_sort(Deck& d, std::size_t lo, std::size_t hi, std::mt19937_64& rng) {
  if (hi - lo < 2) return;
  const std::size_t mid = (lo + hi) / 2;
  coin_merge_sort(d, lo, mid, rng);
  coin_merge_sort(d, mid, hi, rng);
  Deck merged;
  std::size_t a = lo, b = mid;
  while (a < mid || b < hi) merged.push_back((b == hi || (a < mid && below(rng, 2))) ? d[a++] : d[b++]);
  std::copy(merged.begin(), merged.end(), d.begin() + static_cast<std::ptrdiff_t>(lo));
}

TEST(CheckOracle, RandomComparatorSortFailsPositionByCard) {
  const CheckReport r = check(CheckKind::decks, decks_text(2000, 52, [](Deck& d, std::mt19937_64& rng) {
    coin_merge_sort(d, 0, d.size(), rng);
  }));
  EXPECT_TRUE(test_named(r, "position_card").failed) << report_text(r);
}

// ent -t prints "1,bytes,entropy,chi-square,mean,pi,serial correlation" with %f each.
void expect_same_as_ent(const std::string& path) {
  const Shell ent = shell("ent -t '" + path + "'");
  ASSERT_EQ(ent.status, 0);
  const std::string line = ent.out.substr(ent.out.find("\n1,") + 1);
  ByteTally tally(0);
  const std::string bytes = read_file(path);
  tally.add(std::span(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
  const EntStats e = tally.ent();
  char ours[256];
  std::snprintf(ours, sizeof ours, "1,%llu,%f,%f,%f,%f,%f\n", static_cast<unsigned long long>(e.bytes), e.entropy,
                e.chi_square, e.mean, e.monte_carlo_pi, e.serial_correlation);
  EXPECT_EQ(line, ours) << path;
  // ent's own words for the chi-square p-value, to its two decimals.
  const Shell words = shell("ent '" + path + "'");
  const auto at = words.out.find("would exceed this value ");
  ASSERT_NE(at, std::string::npos);
  const std::string percent = words.out.substr(at + 24, words.out.find(" percent", at) - at - 24);
  const double p = chi_square_survival(e.chi_square, 255);
  if (percent.find("less than") == 0) EXPECT_LT(p, 0.0001);
  else if (percent.find("more than") == 0) EXPECT_GT(p, 0.9999);
  else {
    char mine[32];
    std::snprintf(mine, sizeof mine, "%1.2f", 100 * p);
    EXPECT_EQ(percent, mine) << path;
  }
}

struct Rngtest {
  long bits = -1, successes = -1, failures = -1, monobit = -1, poker = -1, runs = -1, long_run = -1, continuous = -1;
};

Rngtest rngtest(const std::string& path) {
  const Shell r = shell("rngtest < '" + path + "' 2>&1");
  Rngtest t;
  std::istringstream lines(r.out);
  std::string line;
  const auto value = [&](const char* label, long& out) {
    const auto at = line.find(label);
    if (at != std::string::npos) out = std::stol(line.substr(at + std::string(label).size()));
  };
  while (std::getline(lines, line)) {
    value("bits received from input: ", t.bits);
    value("FIPS 140-2 successes: ", t.successes);
    value("FIPS 140-2 failures: ", t.failures);
    value("Monobit: ", t.monobit);
    value("Poker: ", t.poker);
    value(") Runs: ", t.runs);
    value("Long run: ", t.long_run);
    value("Continuous run: ", t.continuous);
  }
  return t;
}

void expect_same_as_rngtest(const std::string& path) {
  const Rngtest want = rngtest(path);
  ByteTally tally(0);
  const std::string bytes = read_file(path);
  tally.add(std::span(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
  const FipsCounts got = tally.fips();
  EXPECT_EQ(static_cast<long>(got.bits_received), want.bits) << path;
  EXPECT_EQ(static_cast<long>(got.successes), want.successes) << path;
  EXPECT_EQ(static_cast<long>(got.failures), want.failures) << path;
  EXPECT_EQ(static_cast<long>(got.monobit), want.monobit) << path;
  EXPECT_EQ(static_cast<long>(got.poker), want.poker) << path;
  EXPECT_EQ(static_cast<long>(got.runs), want.runs) << path;
  EXPECT_EQ(static_cast<long>(got.long_run), want.long_run) << path;
  EXPECT_EQ(static_cast<long>(got.continuous_run), want.continuous) << path;
}

// Files no one here chose the statistics of: /dev/urandom, generator streams, a biased mix, repeats, this repository's README.
std::vector<std::string> byte_files() {
  std::vector<std::string> paths;
  const auto add = [&](const std::string& name, const std::string& bytes) {
    paths.push_back(temp_path(name));
    write_file(paths.back(), bytes);
  };
  std::string urandom(250000, '\0');
  std::ifstream("/dev/urandom", std::ios::binary).read(urandom.data(), static_cast<std::streamsize>(urandom.size()));
  add("urandom", urandom);
  add("tarot", shell(kCli + " stream --gen tarot32 --mask CF --seed 00000001 --bytes 250000").out);
  add("randu", shell(kCli + " stream --gen lcg32 --preset randu --seed 1 --bytes 250000").out);
  std::string biased = urandom;  // AND of two random bytes: one bits a quarter of the time
  for (std::size_t i = 0; i + 1 < biased.size(); i += 2) biased[i] = static_cast<char>(biased[i] & biased[i + 1]);
  add("biased", biased);
  std::string repeats = urandom.substr(0, 100000);  // 32-bit words repeated: continuous-run failures
  for (std::size_t i = 4004; i + 8 < repeats.size(); i += 7000) repeats.replace(i + 4, 4, repeats.substr(i, 4));
  add("repeats", repeats);
  std::string runs = urandom.substr(0, 100000);  // long runs of zeros and ones
  for (std::size_t i = 3000; i + 8 < runs.size(); i += 9000) runs.replace(i, 5, i % 2 ? "\xff\xff\xff\xff\xff" : std::string(5, '\0'));
  add("runs", runs);
  add("zeros", std::string(30000, '\0'));
  add("readme", read_file(std::string(SHUFFLELAB_SOURCE_DIR) + "/README.md"));
  return paths;
}

TEST(CheckOracle, ByteStatisticsEqualDebiansEntAndRngtest) {
  for (const std::string& path : byte_files()) {
    expect_same_as_ent(path);
    expect_same_as_rngtest(path);
    std::remove(path.c_str());
  }
}

TEST(CheckOracle, ChiSquarePValuesEqualScipy) {
  const std::vector<std::pair<double, double>> cases{{252.39, 255}, {3.0, 1}, {0.5, 2}, {40.0, 30}, {2653.16, 2601},
                                                     {1328.0, 1326}, {7.8, 6}, {500.0, 255}, {1e-3, 5}, {90.0, 60}};
  std::string script = "from scipy.stats import chi2\n";
  for (const auto& [x, dof] : cases) script += "print('%.17g' % chi2.sf(" + std::to_string(x) + ", " + std::to_string(dof) + "))\n";
  const std::string path = temp_path("scipy.py");
  write_file(path, script);
  const Shell py = shell("/usr/bin/python3 '" + path + "'");
  std::remove(path.c_str());
  ASSERT_EQ(py.status, 0);
  std::istringstream lines(py.out);
  for (const auto& [x, dof] : cases) {
    double want = 0;
    lines >> want;
    const double got = chi_square_survival(std::stod(std::to_string(x)), dof);
    EXPECT_NEAR(got, want, 1e-9 * want) << "x=" << x << " dof=" << dof;
  }
}

TEST(CheckOracle, BerlekampMasseyRecoversTheLabsLfsrsFromTheirStreams) {
  const std::string tarot = shell(kCli + " stream --gen tarot32 --mask CF --seed 00000001 --bytes 20000").out;
  const CheckReport t = check(CheckKind::bytes, tarot);
  EXPECT_TRUE(test_named(t, "linear_prediction").failed);
  const std::string notes = t.notes.size() == 2 ? t.notes[0] + "\n" + t.notes[1] : "";
  EXPECT_NE(notes.find("tarot32 mask CF"), std::string::npos) << report_text(t);

  const std::string fib = shell(kCli + " stream --gen fibonacci --width 31 --taps 9 --seed 1234567 --bytes 20000").out;
  ASSERT_EQ(fib.size(), 20000u);
  const CheckReport f = check(CheckKind::bytes, fib);
  EXPECT_NE(f.notes.size() == 2 ? f.notes[1].find("Fibonacci width 31 taps 00000009") : std::string::npos,
            std::string::npos)
      << report_text(f);

  // The Z80 routine keeps 64 bits; each bit plane of its bytes is linear over those bytes: BM must find a
  // recurrence that predicts the rest of the stream exactly and divides the routine's minimal polynomial, which
  // `shufflelab period` computes by a Krylov decomposition of the routine's 64x64 matrix (degree 61, not 64: the
  // routine never reads three bits of its state).
  const std::string z80 = shell(kCli + " stream --gen z80 --seed 0102030405060708 --bytes 20000").out;
  const std::string period = shell(kCli + " period --gen z80 --seed 0102030405060708").out;
  const auto at = period.find("minimal polynomial: ");
  ASSERT_NE(at, std::string::npos);
  const auto hex = period.find("[0x", at);
  const Gf2Poly minimal{std::stoull(period.substr(hex + 3, period.find(']', hex) - hex - 3), nullptr, 16)};
  ASSERT_EQ(minimal.degree(), 61);
  for (int plane = 0; plane < 8; ++plane) {
    PackedBits bits;
    for (const char c : z80) bits.push((static_cast<unsigned char>(c) >> plane) & 1);
    const LinearComplexity lc = berlekamp_massey(bits, 10000);
    const auto p = characteristic_polynomial(lc);
    ASSERT_TRUE(p) << plane;
    EXPECT_GE(lc.complexity, 56u) << plane;
    EXPECT_TRUE(divide(minimal, *p).remainder.is_zero()) << plane << ": " << to_string(*p);
    EXPECT_EQ(correct_predictions(lc, bits, 10000), 10000u) << plane;
  }
}

TEST(CheckOracle, RollsOfTheZ80RollDieMatchItsLawNotAFairDie) {
  // rollDie of the Z80 article on 8-bit words: face = ((x * (20 - 1)) >> 8) + 1, written here from its text.
  std::mt19937_64 rng(7);
  std::string rolls;
  for (int i = 0; i < 20000; ++i) rolls += std::to_string(((below(rng, 256) * 19) >> 8) + 1) + (i % 20 == 19 ? "\n" : " ");
  CheckOptions options;
  options.kind = CheckKind::rolls;
  options.sides = 20;
  options.method = "mulhi-minus1";
  options.method_bits = 8;
  auto session = std::move(CheckSession::make(options).value());
  session->feed(rolls);
  const auto report = session->finish();
  ASSERT_TRUE(report) << report.error();
  EXPECT_TRUE(test_named(*report, "faces").failed) << report_text(*report);
  EXPECT_FALSE(test_named(*report, "faces_method").failed) << report_text(*report);
  EXPECT_FALSE(test_named(*report, "pairs").failed) << report_text(*report);
}

TEST(CheckOracle, UrandomHasLinearComplexityNearHalf) {
  std::string urandom(4000, '\0');
  std::ifstream("/dev/urandom", std::ios::binary).read(urandom.data(), static_cast<std::streamsize>(urandom.size()));
  PackedBits bits;
  for (const char c : urandom)
    for (int j = 7; j >= 0; --j) bits.push((static_cast<unsigned char>(c) >> j) & 1);
  const LinearComplexity lc = berlekamp_massey(bits, bits.size);
  // For a random sequence |L - n/2| exceeds k with probability about 2^-(2k-1): 16 bits is a 1e-9 event.
  EXPECT_NEAR(static_cast<double>(lc.complexity), static_cast<double>(bits.size) / 2, 16.0);
}

TEST(CheckOracle, HostileFilesGiveAClearErrorInBoundedMemory) {
  // The CLI under a 300 MB address-space limit: 2 GB of zeros given as decks stops at the first byte; a single
  // line of 10^8 spaces before two decks parses; 10^8 digits in one token stops at the 25th.
  const std::string limit = "ulimit -v 300000; ";
  const Shell zeros = shell("head -c 2000000000 /dev/zero | (" + limit + kCli + " check decks - 2>&1)");
  EXPECT_EQ(zeros.status, 2);
  EXPECT_NE(zeros.out.find("line 1, column 1: byte 0x00 is not text"), std::string::npos) << zeros.out;
  const Shell spaces = shell("(head -c 100000000 /dev/zero | tr '\\0' ' '; printf '0,1,2\\n2,1,0\\n') | (" + limit +
                             kCli + " check decks - --json)");
  EXPECT_EQ(spaces.status, 3) << spaces.out;  // two decks: not enough to tell
  EXPECT_NE(spaces.out.find("\"decks\":2"), std::string::npos) << spaces.out;
  const Shell digits = shell("head -c 100000000 /dev/zero | tr '\\0' '7' | (" + limit + kCli + " check decks - 2>&1)");
  EXPECT_EQ(digits.status, 2);
  EXPECT_NE(digits.out.find("line 1, column 1: a value longer than 24 characters"), std::string::npos) << digits.out;
  const Shell crlf = shell("printf '\\357\\273\\2771,2,3\\r\\n3 2\\t1\\r\\n' | " + kCli + " check decks - --json");
  EXPECT_EQ(crlf.status, 3) << crlf.out;
  EXPECT_NE(crlf.out.find("\"decks\":2"), std::string::npos) << crlf.out;
}

TEST(CheckOracle, CliExitStatusIsZeroOneTwoOrThree) {
  const std::string fair = temp_path("fair.txt"), sattolo = temp_path("sattolo.txt"), bad = temp_path("bad.txt");
  write_file(fair, shell("/usr/bin/python3 -c 'import random\nrandom.seed(3)\nfor _ in range(1000):\n d=list(range(1,11)); "
                         "random.shuffle(d); print(\" \".join(map(str,d)))'").out);
  write_file(sattolo, decks_text(300, 10, [](Deck& d, std::mt19937_64& rng) {
    for (int i = 9; i > 0; --i) std::swap(d[static_cast<std::size_t>(i)], d[static_cast<std::size_t>(below(rng, i))]);
  }));
  write_file(bad, "0,1,2\n0,2,2\n");
  EXPECT_EQ(shell(kCli + " check decks '" + fair + "' > /dev/null").status, 0);
  EXPECT_EQ(shell("head -n 100 '" + fair + "' | " + kCli + " check decks - > /dev/null").status, 3);
  EXPECT_EQ(shell(kCli + " check decks - --json < '" + sattolo + "' > /dev/null").status, 1);
  const Shell b = shell(kCli + " check decks '" + bad + "' 2>&1");
  EXPECT_EQ(b.status, 2);
  EXPECT_NE(b.out.find("line 2, column 5: card 2 appears twice"), std::string::npos) << b.out;
  EXPECT_EQ(shell(kCli + " check cards '" + fair + "' 2>/dev/null").status, 2);
  EXPECT_EQ(shell(kCli + " check decks '" + fair + "' --alpha 2 2>/dev/null").status, 2);
  for (const auto& p : {fair, sattolo, bad}) std::remove(p.c_str());
}

}  // namespace
}  // namespace shufflelab
#endif  // SHUFFLELAB_CLI_PATH
