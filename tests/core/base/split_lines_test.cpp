// split_lines against the lines written out by hand for each case.
#include "core/base/split_lines.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace shufflelab {
namespace {

std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> out;
  for (std::string_view line : split_lines(text)) out.emplace_back(line);
  return out;
}

TEST(SplitLines, EmptyTextHasNoLines) { EXPECT_TRUE(lines_of("").empty()); }

TEST(SplitLines, AFinalNewlineEndsTheLastLine) {
  EXPECT_EQ(lines_of("a"), (std::vector<std::string>{"a"}));
  EXPECT_EQ(lines_of("a\n"), (std::vector<std::string>{"a"}));
  EXPECT_EQ(lines_of("a\nb"), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(lines_of("a\nb\n"), (std::vector<std::string>{"a", "b"}));
}

TEST(SplitLines, EmptyLinesInsideAndASecondFinalNewlineStay) {
  EXPECT_EQ(lines_of("\n"), (std::vector<std::string>{""}));
  EXPECT_EQ(lines_of("a\n\nb"), (std::vector<std::string>{"a", "", "b"}));
  EXPECT_EQ(lines_of("a\n\n"), (std::vector<std::string>{"a", ""}));
}

TEST(SplitLines, CarriageReturnBeforeNewlineIsDropped) {
  EXPECT_EQ(lines_of("a\r\nb\r\n"), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(lines_of("a\rb\r"), (std::vector<std::string>{"a\rb"}));  // only at a line's end
  EXPECT_EQ(lines_of("\r\n\r\n"), (std::vector<std::string>{"", ""}));
}

TEST(SplitLines, LinesViewTheText) {
  const std::string text = "one\ntwo";
  const auto lines = split_lines(text);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1].data(), text.data() + 4);
}

}  // namespace
}  // namespace shufflelab
