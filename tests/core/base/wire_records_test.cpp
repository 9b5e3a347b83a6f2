// wire_records.hpp: fields split at each space, read in order, and a text
// refused naming its line.
#include "core/base/wire_records.hpp"

#include <gtest/gtest.h>

namespace shufflelab {
namespace {

TEST(WireRecords, FieldsSplitAtEachSpaceKeepingEmptyOnes) {
  EXPECT_EQ(space_fields("a b"), (std::vector<std::string_view>{"a", "b"}));
  EXPECT_EQ(space_fields("a  b "), (std::vector<std::string_view>{"a", "", "b", ""}));
  EXPECT_EQ(space_fields(""), (std::vector<std::string_view>{""}));
}

TEST(WireRecords, CursorReadsEachFieldOnceInOrder) {
  FieldCursor f(space_fields("row 12 two%20words - ff 1 7 8"));
  EXPECT_EQ(f.tag(), "row");
  EXPECT_EQ(f.number<int>(), 12);
  EXPECT_EQ(f.text(), "two words");
  EXPECT_TRUE(f.dash());
  EXPECT_FALSE(f.dash());  // "ff" is next, not "-"
  EXPECT_EQ(f.number<int>(16), 255);
  EXPECT_TRUE(f.flag());
  EXPECT_EQ(f.rest(), (std::vector<std::uint64_t>{7, 8}));
  EXPECT_TRUE(f.ok());
}

TEST(WireRecords, AFieldTooManyTooFewOrUnreadableMakesTheRecordBad) {
  FieldCursor extra(space_fields("t 1 2"));
  extra.number<int>();
  EXPECT_FALSE(extra.ok());  // "2" left over
  FieldCursor missing(space_fields("t 1"));
  missing.number<int>();
  missing.text();
  EXPECT_FALSE(missing.ok());
  for (const char* bad : {"t 1x", "t x", "t ", "t 300"}) {
    FieldCursor f(space_fields(bad));
    f.number<std::uint8_t>();
    EXPECT_FALSE(f.ok()) << bad;
  }
  FieldCursor stray(space_fields("t 100%"));
  stray.text();
  EXPECT_FALSE(stray.ok());
}

TEST(WireRecords, TextIsRefusedNamingWhatAndTheLine) {
  int records = 0;
  const auto count = [&](FieldCursor& f) {
    ++records;
    f.number<int>();
    return f.tag() == "n";
  };
  EXPECT_TRUE(read_records("head\nn 1\nn 2\n", "head", "the test", count));
  EXPECT_EQ(records, 2);
  auto r = read_records("", "head", "the test", count);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), "the test is empty");
  r = read_records("other\n", "head", "the test", count);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), "the test does not start with \"head\"");
  r = read_records("head\nn 1\nn 2 3\nn 4\n", "head", "the test", count);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), "the test, line 3: \"n 2 3\" does not read");
  r = read_records("head\nm 1\n", "head", "the test", count);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), "the test, line 2: \"m 1\" does not read");
}

}  // namespace
}  // namespace shufflelab
