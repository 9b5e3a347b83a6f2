// byte_checks.hpp: is a stream of bytes what a good generator makes?
//  - Fourmilab ent's statistics, computed the way ent computes them (entropy
//    per byte, chi-square of the 256 byte counts, arithmetic mean, Monte
//    Carlo pi from 6-byte groups as two 24-bit coordinates, serial
//    correlation of each byte with the next, the last with the first);
//  - the FIPS 140-2 (2001-10-10) tests as Debian's rngtest (rng-tools 5)
//    runs them: the first 32 bits only prime the continuous-run test, then
//    each 20,000-bit block is judged by monobit, poker, runs, long run and
//    continuous run (32-bit words equal to the one before), bits read most
//    significant first. Two of rngtest's habits are kept so the counts agree:
//    the run state carries over from one block to the next, and when a
//    block's first bit ends the previous block's run that run is tallied in
//    the cell just before the runs table, which is poker's last cell;
//  - linear complexity by Berlekamp-Massey (linear_complexity.hpp) of the
//    bits in both orders and of each bit plane (bit j of every byte), on the
//    first half of the kept bits, and next-bit prediction on the second half.
#pragma once
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "core/check/check_report.hpp"

namespace shufflelab {

struct EntStats {
  std::uint64_t bytes = 0;
  double entropy = 0;       // bits per byte
  double chi_square = 0;    // 255 degrees of freedom
  double mean = 0;
  double monte_carlo_pi = 0;
  double serial_correlation = 0;
};

struct FipsCounts {
  std::uint64_t bits_received = 0;  // every bit read, as rngtest prints it (a last partial block is not tested)
  std::uint64_t successes = 0, failures = 0;
  std::uint64_t monobit = 0, poker = 0, runs = 0, long_run = 0, continuous_run = 0;
};

class ByteTally {
 public:
  // Keeps the first keep_bytes bytes for Berlekamp-Massey; everything else is counts.
  explicit ByteTally(std::size_t keep_bytes) : keep_bytes_(keep_bytes) {}
  void add(std::span<const std::uint8_t> bytes);
  EntStats ent() const;
  FipsCounts fips() const;
  const std::vector<std::uint8_t>& kept() const { return kept_; }

 private:
  void fips_block();
  void fips_store(std::uint8_t byte);

  std::size_t keep_bytes_;
  std::vector<std::uint8_t> kept_;
  // ent
  std::array<std::uint64_t, 256> counts_{};
  std::uint64_t total_ = 0;
  std::array<std::uint8_t, 6> monte_{};
  std::size_t monte_fill_ = 0;
  std::uint64_t monte_points_ = 0, monte_inside_ = 0;
  double scc_sum_products_ = 0, scc_sum_ = 0, scc_sum_squares_ = 0, scc_first_ = 0, scc_last_ = 0;
  // FIPS
  FipsCounts fips_;
  std::uint32_t last32_ = 0;
  std::size_t prime_bytes_ = 0;  // the first 4 bytes set last32_
  std::array<std::uint8_t, 2500> block_{};
  std::size_t block_fill_ = 0;
  std::array<int, 16 + 12> poker_runs_{};  // poker[16] then runs[12], adjacent as in rngtest
  int ones_ = 0, run_length_ = -1, current_bit_ = 0, last_bit_ = 0;
  bool long_run_ = false;
};

CheckReport byte_report(const ByteTally& tally, double alpha);

}  // namespace shufflelab
