#include "core/check/byte_checks.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>

#include "core/base/text_format.hpp"
#include "core/check/check_stats.hpp"
#include "core/check/linear_complexity.hpp"

namespace shufflelab {

void ByteTally::add(std::span<const std::uint8_t> bytes) {
  for (const std::uint8_t byte : bytes) {
    if (kept_.size() < keep_bytes_) kept_.push_back(byte);
    ++counts_[byte];
    const double value = byte;
    if (total_ == 0) scc_first_ = value;
    else scc_sum_products_ += scc_last_ * value;
    scc_sum_ += value;
    scc_sum_squares_ += value * value;
    scc_last_ = value;
    ++total_;
    monte_[monte_fill_++] = byte;
    if (monte_fill_ == monte_.size()) {
      monte_fill_ = 0;
      double x = 0, y = 0;
      for (std::size_t i = 0; i < 3; ++i) {
        x = x * 256 + monte_[i];
        y = y * 256 + monte_[3 + i];
      }
      const double radius = 16777215.0;  // 256^3 - 1
      ++monte_points_;
      monte_inside_ += x * x + y * y <= radius * radius;
    }
    if (prime_bytes_ < 4) {
      last32_ |= std::uint32_t{byte} << (8 * prime_bytes_++);
      continue;
    }
    block_[block_fill_++] = byte;
    if (block_fill_ == block_.size()) fips_block();
  }
}

EntStats ByteTally::ent() const {
  EntStats s;
  s.bytes = total_;
  if (total_ == 0) return s;
  const double n = static_cast<double>(total_), expected = n / 256;
  double sum = 0;
  for (std::size_t v = 0; v < 256; ++v) {
    const double c = static_cast<double>(counts_[v]);
    if (c > 0) s.entropy += (c / n) * std::log2(n / c);
    s.chi_square += (c - expected) * (c - expected) / expected;
    sum += static_cast<double>(v) * c;
  }
  s.mean = sum / n;
  s.monte_carlo_pi = monte_points_ ? 4.0 * static_cast<double>(monte_inside_) / static_cast<double>(monte_points_) : 0;
  const double products = scc_sum_products_ + scc_last_ * scc_first_;  // ent wraps around
  const double square_of_sum = scc_sum_ * scc_sum_;
  const double denominator = n * scc_sum_squares_ - square_of_sum;
  s.serial_correlation = denominator == 0 ? -100000 : (n * products - square_of_sum) / denominator;  // ent's "undefined"
  return s;
}

void ByteTally::fips_store(std::uint8_t byte) {
  int* poker = poker_runs_.data();
  ++poker[byte >> 4];
  ++poker[byte & 15];
  for (int j = 7; j >= 0; --j) {
    current_bit_ = (byte >> j) & 1;
    ones_ += current_bit_;
    if (current_bit_ != last_bit_) {
      // rngtest indexes by the new bit and (at a block's start) by run length -1.
      const int cell = (run_length_ < 5 ? run_length_ : 5) + 6 * current_bit_;
      ++poker_runs_[static_cast<std::size_t>(16 + cell)];
      long_run_ = long_run_ || run_length_ >= 25;
      run_length_ = 0;
      last_bit_ = current_bit_;
    } else {
      ++run_length_;
    }
  }
}

void ByteTally::fips_block() {
  block_fill_ = 0;
  bool continuous = false;
  for (std::size_t i = 0; i < block_.size(); i += 4) {
    const std::uint32_t word = std::uint32_t{block_[i]} | std::uint32_t{block_[i + 1]} << 8 |
                               std::uint32_t{block_[i + 2]} << 16 | std::uint32_t{block_[i + 3]} << 24;
    continuous = continuous || word == last32_;
    last32_ = word;
    for (std::size_t k = 0; k < 4; ++k) fips_store(block_[i + k]);
  }
  const int* poker = poker_runs_.data();
  const int* runs = poker_runs_.data() + 16;
  bool long_run = long_run_;
  const int last_cell = (run_length_ < 5 ? run_length_ : 5) + 6 * current_bit_;  // the block's last run
  ++poker_runs_[static_cast<std::size_t>(16 + last_cell)];
  long_run = long_run || run_length_ >= 25;
  long_run_ = false;
  const bool monobit = ones_ >= 10275 || ones_ <= 9725;
  long squares = 0;
  for (int i = 0; i < 16; ++i) squares += static_cast<long>(poker[i]) * poker[i];
  const bool poker_fails = squares > 1576928 || squares < 1563176;  // 2.1632 < X < 46.1696
  static constexpr std::array<int, 6> kLow{2315, 1114, 527, 240, 103, 103}, kHigh{2685, 1386, 723, 384, 209, 209};
  bool runs_fail = false;
  for (std::size_t i = 0; i < 12; ++i) runs_fail = runs_fail || runs[i] < kLow[i % 6] || runs[i] > kHigh[i % 6];
  fips_.monobit += monobit;
  fips_.poker += poker_fails;
  fips_.runs += runs_fail;
  fips_.long_run += long_run;
  fips_.continuous_run += continuous;
  const bool failed = monobit || poker_fails || runs_fail || long_run || continuous;
  fips_.failures += failed;
  fips_.successes += !failed;
  poker_runs_.fill(0);
  ones_ = 0;
  run_length_ = -1;
  current_bit_ = 0;
}

FipsCounts ByteTally::fips() const {
  FipsCounts f = fips_;
  f.bits_received = total_ * 8;
  return f;
}

namespace {

struct BitView {
  std::string name;
  PackedBits bits;
};

std::vector<BitView> bit_views(const std::vector<std::uint8_t>& bytes) {
  std::vector<BitView> views;
  views.push_back({"bits, most significant first", {}});
  views.push_back({"bits, least significant first", {}});
  for (int j = 0; j < 8; ++j) views.push_back({"bit plane " + std::to_string(j) + " (bit " + std::to_string(j) + " of every byte)", {}});
  for (const std::uint8_t byte : bytes) {
    for (int j = 7; j >= 0; --j) views[0].bits.push((byte >> j) & 1);
    for (int j = 0; j < 8; ++j) {
      views[1].bits.push((byte >> j) & 1);
      views[2 + static_cast<std::size_t>(j)].bits.push((byte >> j) & 1);
    }
  }
  return views;
}

}  // namespace

CheckReport byte_report(const ByteTally& tally, double alpha) {
  CheckReport report;
  report.kind = "bytes";
  report.alpha = alpha;
  const EntStats e = tally.ent();
  const double n = static_cast<double>(e.bytes);
  report.facts.push_back({"bytes", "bytes read", n, grouped(e.bytes)});
  report.facts.push_back({"entropy", "entropy (ent)", e.entropy, fixed_decimals(e.entropy, 6) + " bits per byte (8 = random)"});
  report.facts.push_back({"chi_square", "chi-square of byte counts (ent)", e.chi_square, fixed_decimals(e.chi_square, 2)});
  report.facts.push_back({"mean", "arithmetic mean (ent)", e.mean, fixed_decimals(e.mean, 4) + " (127.5 = random)"});
  report.facts.push_back({"monte_carlo_pi", "Monte Carlo pi (ent)", e.monte_carlo_pi,
                          fixed_decimals(e.monte_carlo_pi, 9) + " (error " +
                              fixed_decimals(100 * std::abs(std::numbers::pi - e.monte_carlo_pi) / std::numbers::pi, 2) + " percent)"});
  report.facts.push_back({"serial_correlation", "serial correlation (ent)", e.serial_correlation,
                          e.serial_correlation == -100000 ? "undefined (every byte is the same)"
                                                          : fixed_decimals(e.serial_correlation, 6) + " (0 = uncorrelated)"});
  const FipsCounts f = tally.fips();
  report.facts.push_back({"fips_successes", "FIPS 140-2 blocks passed (rngtest)", static_cast<double>(f.successes), grouped(f.successes)});
  report.facts.push_back({"fips_failures", "FIPS 140-2 blocks failed (rngtest)", static_cast<double>(f.failures),
                          grouped(f.failures) + " (monobit " + grouped(f.monobit) + ", poker " + grouped(f.poker) +
                              ", runs " + grouped(f.runs) + ", long run " + grouped(f.long_run) + ", continuous run " +
                              grouped(f.continuous_run) + ")"});

  {
    CheckTest t;
    t.key = "byte_counts";
    t.name = "byte counts (ent's chi-square)";
    t.statistic = e.chi_square;
    t.dof = 255;
    t.p = chi_square_survival(e.chi_square, 255);
    t.observed = "ent: randomly would exceed this value " + fixed_decimals(100 * t.p, 2) + " percent of the times";
    t.meaning = "some byte values come up more often than others";
    report.tests.push_back(t);
  }
  if (f.successes + f.failures > 0) {
    // Each block fails by chance with probability about 0.0008 (FIPS 140-2's levels); more than that is a finding.
    CheckTest t;
    t.key = "fips";
    t.name = "FIPS 140-2 block failures";
    const double blocks = static_cast<double>(f.successes + f.failures), rate = 0.0008;
    const double z = (static_cast<double>(f.failures) - blocks * rate) / std::sqrt(blocks * rate * (1 - rate));
    t.statistic = z > 0 ? z * z : 0;
    t.dof = 1;
    t.p = z > 0 ? 0.5 * chi_square_survival(t.statistic, 1) : 1.0;
    t.observed = grouped(f.failures) + " of " + grouped(f.successes + f.failures) + " blocks failed";
    t.meaning = "more 20,000-bit blocks fail the FIPS 140-2 tests than chance explains";
    report.tests.push_back(t);
  }

  // Linear complexity: the view whose recurrence predicts the rest best (the shortest one among equals).
  const std::vector<BitView> views = bit_views(tally.kept());
  std::optional<std::size_t> best;
  std::vector<LinearComplexity> found;
  std::vector<double> accuracy;
  for (std::size_t v = 0; v < views.size(); ++v) {
    const PackedBits& bits = views[v].bits;
    found.push_back(berlekamp_massey(bits, bits.size / 2));
    const std::size_t rest = bits.size - bits.size / 2;
    accuracy.push_back(rest ? static_cast<double>(correct_predictions(found.back(), bits, bits.size / 2)) /
                                  static_cast<double>(rest)
                            : 0.5);
    if (!best || accuracy[v] > accuracy[*best] ||
        (accuracy[v] == accuracy[*best] && found[v].complexity < found[*best].complexity))
      best = v;
  }
  if (best && views[*best].bits.size >= 64) {
    const std::size_t v = *best;
    const PackedBits& bits = views[v].bits;
    const LinearComplexity& lc = found[v];
    const double rest = static_cast<double>(bits.size - bits.size / 2);
    report.facts.push_back({"linear_complexity", "linear complexity (" + views[v].name + ")",
                            static_cast<double>(lc.complexity),
                            grouped(lc.complexity) + " after " + grouped(lc.bits) + " bits (random: about " +
                                grouped(lc.bits / 2) + ")"});
    CheckTest t;
    t.key = "linear_prediction";
    t.name = "next-bit prediction by the shortest LFSR (Berlekamp-Massey)";
    const double z = (accuracy[v] - 0.5) * rest / std::sqrt(rest * 0.25);
    t.statistic = z > 0 ? z * z : 0;
    t.dof = 1;
    t.p = std::min(1.0, static_cast<double>(views.size()) * (z > 0 ? 0.5 * chi_square_survival(t.statistic, 1) : 1.0));
    t.observed = "the recurrence found in the first " + grouped(lc.bits) + " bits (" + views[v].name +
                 ") predicts " + fixed_decimals(100 * accuracy[v], 2) + "% of the next " +
                 grouped(bits.size - bits.size / 2) + " (best of " + std::to_string(views.size()) + " bit orders)";
    t.meaning = "the bits follow a linear recurrence: an LFSR, or a generator with a linear core, predictable from " +
                grouped(2 * lc.complexity) + " bits";
    report.tests.push_back(t);
    if (lc.complexity == 0) {
      report.notes.push_back("every bit of the first half is 0 (" + views[v].name + ")");
    } else if (const auto p = characteristic_polynomial(lc); p && accuracy[v] > 0.99) {
      report.notes.push_back("LFSR found: " + views[v].name + " follow " + to_string(*p) + " (degree " +
                             std::to_string(lc.complexity) + ")");
      report.notes.push_back("LFSR lab form: " + lfsr_lab_form(*p));
    }
    report.series.push_back({"linear_complexity_profile", "linear complexity after each prefix (" + views[v].name + ")",
                             lc.profile_x, lc.profile_y});
  }
  const auto& kept = tally.kept();
  report.picture.assign(kept.begin(), kept.begin() + static_cast<std::ptrdiff_t>(std::min(kept.size(), kCheckPictureBytes)));
  judge(report, "bytes", e.bytes);
  return report;
}

}  // namespace shufflelab
