// CSV exports read back with a parser written here from RFC 4180's grammar
// (not the writer's code), and compared with laws derived by hand.
// One file for the table and every lab's writers: they share the parser.
#include "core/base/csv_export.hpp"

#include <gtest/gtest.h>

#include "core/dice/dice_csv.hpp"
#include "core/dice/dice_lab.hpp"
#include "core/poker/poker_csv.hpp"
#include "core/shuffle/shuffle_csv.hpp"

namespace shufflelab {
namespace {

using Rows = std::vector<std::vector<std::string>>;

// RFC 4180: records end in CRLF; a field is either plain (no comma, quote,
// CR, LF) or quoted with "" standing for one quote. Fails the test on
// anything else, so a malformed file cannot pass.
Rows parse_rfc4180(std::string_view text) {
  Rows rows;
  std::vector<std::string> record;
  std::string field;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '"') {
      ++i;
      for (;;) {
        EXPECT_LT(i, text.size()) << "unterminated quoted field";
        if (i >= text.size()) return rows;
        if (text[i] == '"') {
          if (i + 1 < text.size() && text[i + 1] == '"') field += '"', i += 2;
          else { ++i; break; }
        } else {
          field += text[i++];
        }
      }
    } else {
      while (i < text.size() && text[i] != ',' && text[i] != '\r' && text[i] != '\n') {
        EXPECT_NE(text[i], '"') << "quote inside a plain field";
        field += text[i++];
      }
    }
    record.push_back(std::move(field));
    field.clear();
    if (i < text.size() && text[i] == ',') { ++i; continue; }
    EXPECT_TRUE(i + 1 < text.size() + 1 && text.substr(i, 2) == "\r\n") << "record must end in CRLF at " << i;
    i += 2;
    rows.push_back(std::move(record));
    record.clear();
  }
  return rows;
}

TEST(CsvExport, FieldsThatNeedQuotesRoundTrip) {
  CsvTable table{"name", "value"};
  table.add_row({"plain", "1"});
  table.add_row({"a,b", "say \"hi\""});
  table.add_row({"two\r\nlines", ""});
  const Rows rows = parse_rfc4180(table.text());
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[2], (std::vector<std::string>{"a,b", "say \"hi\""}));
  EXPECT_EQ(rows[3], (std::vector<std::string>{"two\r\nlines", ""}));
  EXPECT_EQ(table.rows(), 3u);
}

TEST(CsvExport, RowsStayRectangular) {
  CsvTable table{"a", "b", "c"};
  table.add_row({"1"});
  table.add_row({"1", "2", "3", "4"});
  for (const auto& row : parse_rfc4180(table.text())) EXPECT_EQ(row.size(), 3u);
}

TEST(CsvExport, DecimalsReadBackExactly) {
  for (double v : {0.0, 1.0 / 3.0, 43.0 / 256.0, 1e-300, 0.1})
    EXPECT_EQ(std::strtod(csv_decimal(v).c_str(), nullptr), v);
}

// x % 6 over the 256 byte values: 256 = 6 * 42 + 4, so faces 1..4 (remainders
// 0..3) get 43 bytes each and faces 5, 6 get 42.
TEST(CsvExport, ModuloD6LawFromBytes) {
  const DiceMethodInfo* method = find_dice_method("modulo");
  ASSERT_NE(method, nullptr);
  auto law = exact_die_law(*method, 6, 8);
  ASSERT_TRUE(law) << law.error();
  const std::vector<std::uint64_t> counts{170, 168, 171, 169, 161, 161};
  const Rows rows = parse_rfc4180(die_law_csv(law.value(), counts, 1000).text());
  ASSERT_EQ(rows.size(), 7u);
  EXPECT_EQ(rows[0], (std::vector<std::string>{"face", "weight", "total", "probability", "decimal", "fair_share",
                                               "sampled_count", "sampled_rolls"}));
  const char* weights[] = {"43", "43", "43", "43", "42", "42"};
  const char* reduced[] = {"43/256", "43/256", "43/256", "43/256", "21/128", "21/128"};
  for (int f = 0; f < 6; ++f) {
    const auto& row = rows[static_cast<std::size_t>(f) + 1];
    EXPECT_EQ(row[0], std::to_string(f + 1));
    EXPECT_EQ(row[1], weights[f]);
    EXPECT_EQ(row[2], "256");
    EXPECT_EQ(row[3], reduced[f]);
    EXPECT_DOUBLE_EQ(std::strtod(row[4].c_str(), nullptr), std::strtod(weights[f], nullptr) / 256.0);
    EXPECT_EQ(row[5], "1/6");
    EXPECT_EQ(row[6], std::to_string(counts[static_cast<std::size_t>(f)]));
    EXPECT_EQ(row[7], "1000");
  }
  // Without a sample the two sample columns are absent.
  EXPECT_EQ(parse_rfc4180(die_law_csv(law.value(), {}, 0).text())[0].size(), 6u);
}

// Two ways of rolling a d3 from 2-bit words (values 0..3): modulo gives face 1
// the words 0 and 3; a method that drops nothing else is written out by hand.
TEST(CsvExport, FaceLawMatrixHasOneRowPerWay) {
  const std::vector<FaceLawRow> rows{
      {"x % 3", {Fraction(2, 4), Fraction(1, 4), Fraction(1, 4)}},
      {"reject 3", {Fraction(1, 3), Fraction(1, 3), Fraction(1, 3)}},
  };
  EXPECT_EQ(parse_rfc4180(face_law_matrix_csv(rows).text()),
            (Rows{{"method", "face_1", "face_2", "face_3"}, {"x % 3", "1/2", "1/4", "1/4"}, {"reject 3", "1/3", "1/3", "1/3"}}));
}

// 2d6: totals 2..12 with 1,2,3,4,5,6,5,4,3,2,1 of the 36 outcomes.
TEST(CsvExport, TwoD6Totals) {
  auto expr = parse_dice_expr("2d6");
  ASSERT_TRUE(expr);
  auto law = exact_dice_distribution(expr.value());
  ASSERT_TRUE(law);
  const std::vector<std::uint64_t> sample{0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0};  // one roll of 3
  const Rows rows = parse_rfc4180(expr_law_csv(law.value(), 2, sample, 1).text());
  ASSERT_EQ(rows.size(), 12u);
  for (int total = 2; total <= 12; ++total) {
    const auto& row = rows[static_cast<std::size_t>(total - 1)];
    const int ways = 6 - std::abs(total - 7);
    EXPECT_EQ(row[0], std::to_string(total));
    EXPECT_EQ(row[1], std::to_string(ways));
    EXPECT_EQ(row[2], "36");
    EXPECT_DOUBLE_EQ(std::strtod(row[4].c_str(), nullptr), ways / 36.0);
    EXPECT_EQ(row[5], total == 3 ? "1" : "0");
  }
}

// Every permutation of 3 cards once: each position holds each card twice.
TEST(CsvExport, BiasMatrixOfAllPermutations) {
  BiasMatrix m(3);
  std::vector<std::uint32_t> deck{0, 1, 2};
  do m.add(deck);
  while (std::next_permutation(deck.begin(), deck.end()));
  const Rows rows = parse_rfc4180(bias_matrix_csv(m).text());
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0], (std::vector<std::string>{"position", "card_0", "card_1", "card_2"}));
  for (std::size_t p = 1; p < 4; ++p)
    EXPECT_EQ(rows[p], (std::vector<std::string>{std::to_string(p - 1), "2", "2", "2"}));
}

TEST(CsvExport, SweepHistogramSkipsEmptyCounts) {
  SweepStats stats;
  stats.add(7, 10);
  stats.add(8, 10);
  stats.add(9, 12);
  const Rows rows = parse_rfc4180(sweep_histogram_csv(stats).text());
  EXPECT_EQ(rows, (Rows{{"calls", "seeds"}, {"10", "2"}, {"12", "1"}}));
}

}  // namespace
}  // namespace shufflelab
