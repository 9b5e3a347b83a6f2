// check_report.hpp: the view model of one check (decks, rolls or bytes): what
// was read, each test with its statistic and p-value, the verdict after
// correcting for the number of tests, and what a failure means. The CLI's
// text and JSON and the lab's panel all read this one structure.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace shufflelab {

constexpr double kDefaultCheckAlpha = 0.001;
// Bytes shown as the bit picture: 256 x 256 bits.
constexpr std::size_t kCheckPictureBytes = 8192;

// A number read from the input that is no test by itself (decks read,
// entropy per byte, ...); `text` is how it is shown.
struct CheckFact {
  std::string key;    // JSON key: "decks", "entropy"
  std::string label;  // "decks read"
  double value = 0;
  std::string text;
};

struct CheckTest {
  std::string key;   // "fixed_points"
  std::string name;  // "fixed points (cards left where they started)"
  double statistic = 0;
  double dof = 0;
  double p = 1;
  double p_adjusted = 1;  // Bonferroni: min(1, p * number of tests)
  bool failed = false;    // p_adjusted < alpha
  std::string observed;   // one line, in the input's terms
  std::string meaning;    // what a failure means
  std::string more;       // roughly how many more samples would expose a bias this size
};

// A curve for a plot (the linear complexity profile): y[i] at x[i].
struct CheckSeries {
  std::string key;
  std::string label;
  std::vector<double> x, y;
};

struct CheckReport {
  std::string kind;  // "decks", "rolls", "bytes"
  double alpha = kDefaultCheckAlpha;
  std::vector<CheckFact> facts;
  std::vector<CheckTest> tests;
  std::vector<CheckSeries> series;
  std::vector<std::string> notes;  // findings that are no p-value (a recovered LFSR, ...)
  // Decks that fail: which known mistake fits them best, and how well each fits.
  std::vector<std::string> diagnosis;
  // Bytes: the first bytes of the input, drawn as the LFSR lab's bit plane
  // (a row of bits per line); the text and JSON leave them out.
  std::vector<std::uint8_t> picture;
  bool failed = false;
  // No test failed, but the sample is too small to catch the usual mistakes:
  // the verdict says "NOT ENOUGH TO TELL" and how many samples are needed.
  bool inconclusive = false;
  std::string verdict;  // one line
};

// A test from its statistic, degrees of freedom and p-value (the rest is filled by the check and judge()).
CheckTest make_test(std::string key, std::string name, double statistic, double dof, double p);

// Fills p_adjusted, failed, the report's failed flag and verdict from the
// tests' p-values, and for each test that passed with some excess over chance
// how many more samples a bias of that size needs to show at the corrected
// level; `what` names the samples ("decks"), `samples` how many were read.
void judge(CheckReport& report, const std::string& what, std::uint64_t samples);

// Human text for the terminal and the screen reader; JSON for CI.
std::string report_text(const CheckReport& report);
std::string report_json(const CheckReport& report);

// "3.2e-07", "0.0421", "1": a p-value as people read it.
std::string format_p(double p);
// A projected count to two significant digits, grouped: 82,270.4 -> "82,000".
std::string format_count(double count);
// A statistic or a rate with 4 significant digits ("1234", "0.5017").
std::string format_value(double value);

}  // namespace shufflelab
