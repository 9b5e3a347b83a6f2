// Gallery entries: every link is canonical (decodes without notices and
// re-encodes to itself), and every text was built without an error. The
// numbers inside are checked against independent derivations here.
#include "core/gallery.hpp"

#include <gtest/gtest.h>

#include "core/url_state.hpp"

namespace shufflelab {
namespace {

TEST(Gallery, LinksAreCanonicalAndTextsComplete) {
  const auto entries = gallery_entries();
  ASSERT_GE(entries.size(), 9u);
  for (const auto& e : entries) {
    const auto d = decode_fragment(e.link);
    EXPECT_TRUE(d.notices.empty()) << e.link << ": " << (d.notices.empty() ? "" : d.notices[0]);
    EXPECT_EQ(encode_fragment(d.state), e.link);
    EXPECT_FALSE(e.text.empty());
    EXPECT_EQ(e.text.find("error"), std::string::npos) << e.text;
    EXPECT_EQ(e.text.find("cannot solve"), std::string::npos) << e.text;
  }
}

TEST(Gallery, NumbersAgreeWithHandDerivations) {
  const auto entries = gallery_entries();
  auto text_of = [&](const std::string& title) {
    for (const auto& e : entries)
      if (e.title == title) return e.text;
    return std::string();
  };
  // 2^32 - 1 written out, and the seed-1 period found by stepping all 2^32
  // states once (an offline brute-force count quoted in period_test.cpp).
  EXPECT_NE(text_of("The tarot mask is not maximal").find("4294967295"), std::string::npos);
  EXPECT_NE(text_of("The tarot mask is not maximal").find("3757580295"), std::string::npos);
  // An exact (x * 19) >> 8 reaches at most (255 * 19) >> 8 = 18, so face 20 gets 0 inputs; the printed
  // MulHbyL computes (19 + 1) * x, and (20x) >> 8 == 19 for x = 244..255: 12 inputs give face 20.
  EXPECT_NE(text_of("The d20 that works by accident").find("would get 0 of"), std::string::npos);
  EXPECT_NE(text_of("The d20 that works by accident").find("comes from 12 of"), std::string::npos);
  // Naive swap, 3 cards: enumerating the 27 draw lists by hand gives 9, 10, 8 for position 0
  // (words_test.cpp counts them).
  EXPECT_NE(text_of("The naive shuffle's uneven first position").find("card 0 in 9 of 27 cases, card 1 in 10, card 2 in 8"),
            std::string::npos);
}

}  // namespace
}  // namespace shufflelab
