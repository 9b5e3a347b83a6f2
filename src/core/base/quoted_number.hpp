// quoted_number.hpp: a number a sentence of the findings or the lessons
// quotes, declared next to the sentence together with where the view of the
// sentence's link shows that number: a path into the link's test-hook object
// (AppSession's describe_json_fields + describe_lab_json, as `shufflelab open
// --json` prints it). tests/core/words_test.cpp opens each link, reads the
// value there, formats it the way the sentence does and requires the same
// text, so an edit of the sentence or of the lab that makes them disagree fails.
//
// Paths: keys and array indices split by '.', "shuffle.bias.counts.3"; a
// segment key=value picks the array element whose key has that value
// ("dice.compare.method=fdr.expectedBits"); a last segment '#' is the array's
// length. A value may be a number, a numeric string or a fraction "a/b".
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace shufflelab {

enum class QuoteStyle : std::uint8_t {
  plain,    // the hook's text as is: "93", "3757580295", "Knight of Cups"
  grouped,  // a whole number with thousands commas (text_format's grouped)
  fixed,    // fixed_decimals(value, decimals)
  percent,  // percent(value)
};

struct QuotedNumber {
  std::string text;  // as the sentence writes it
  std::string path;  // where the link's hook object holds the value
  QuoteStyle style = QuoteStyle::plain;
  int decimals = 0;  // QuoteStyle::fixed
  std::string per;   // a path whose value divides the value first (a count over a total), or ""
  bool operator==(const QuotedNumber&) const = default;
};

// The text a quote with this style gives for a value read from the hook:
// `value` is its JSON text (quotes removed for a string), `per` the
// divisor's, or empty. An unreadable number gives "(not a number: ...)".
std::string quote_text(QuoteStyle style, int decimals, std::string_view value, std::string_view per = {});

// A sentence's quotes: each call formats the value as quote_text would,
// records where the view shows it and returns the text for the sentence.
class Quotes {
 public:
  std::string plain(std::string text, std::string path);
  std::string grouped(std::uint64_t value, std::string path);
  std::string fixed(double value, int decimals, std::string path, std::string per = {});
  std::string percent(double share, std::string path, std::string per = {});
  std::vector<QuotedNumber> take() { return std::move(quotes_); }

 private:
  std::string add(QuotedNumber q);
  std::vector<QuotedNumber> quotes_;
};

}  // namespace shufflelab
