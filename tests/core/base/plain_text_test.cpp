// readable_excerpt: text from outside (a file's name, a line of a file) as the
// app quotes it. Expected strings are written out by hand from the Unicode
// code charts (é U+00E9 is C3 A9, − U+2212 is E2 88 92, 😀 U+1F600 is F0 9F 98 80).
#include <gtest/gtest.h>

#include <string>

#include "core/base/plain_text.hpp"

namespace shufflelab {
namespace {

TEST(ReadableExcerpt, KeepsCharactersInAnyScriptAsWritten) {
  EXPECT_EQ(readable_excerpt("python decks.txt", 24), "python decks.txt");
  EXPECT_EQ(readable_excerpt("donn\xC3\xA9" "es \xE2\x88\x92 \xF0\x9F\x98\x80.txt", 24), "donn\xC3\xA9" "es \xE2\x88\x92 \xF0\x9F\x98\x80.txt");
  EXPECT_EQ(readable_excerpt("\xD0\xBA\xD0\xBE\xD0\xBB\xD0\xBE\xD0\xB4\xD0\xB0", 24), "\xD0\xBA\xD0\xBE\xD0\xBB\xD0\xBE\xD0\xB4\xD0\xB0");  // колода
}

TEST(ReadableExcerpt, OneQuestionMarkForEachByteThatIsNoTextAndEachControl) {
  EXPECT_EQ(readable_excerpt("caf\xE9.txt", 24), "caf?.txt");          // Latin-1 é: no UTF-8
  EXPECT_EQ(readable_excerpt("a\xE2\x88" "b", 24), "a??b");            // a character cut short: two stray bytes
  EXPECT_EQ(readable_excerpt("\xC0\xAF", 24), "??");                   // an overlong '/'
  EXPECT_EQ(readable_excerpt("\xED\xA0\x80", 24), "???");              // a UTF-16 surrogate
  EXPECT_EQ(readable_excerpt(std::string("a\0b\x1B[31m", 8), 24), "a?b?[31m");
  EXPECT_EQ(readable_excerpt("x\xC2\x85y", 24), "x?y");                // C1 control NEL
  EXPECT_EQ(readable_excerpt("abc\xE2\x80\xAE" "fdp.exe", 24), "abc?fdp.exe");  // right-to-left override
}

TEST(ReadableExcerpt, CutsAfterItsCharactersNotInsideOne) {
  EXPECT_EQ(readable_excerpt("abcdef", 6), "abcdef");
  EXPECT_EQ(readable_excerpt("abcdefg", 6), "abcdef...");
  EXPECT_EQ(readable_excerpt("\xC3\xA9\xC3\xA9\xC3\xA9", 2), "\xC3\xA9\xC3\xA9...");
  EXPECT_EQ(readable_excerpt("", 3), "");
}

}  // namespace
}  // namespace shufflelab
