#include "core/url_state.hpp"
#include "core/lfsr/lfsr_lab.hpp"

#include <gtest/gtest.h>

#include <random>

#include "core/builtin_tours.hpp"
#include "core/gen/lfsr.hpp"

namespace shufflelab {
namespace {

TEST(UrlState, IssueExampleOpensAtBitStep13) {
  const auto d = decode_fragment("#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=13");
  EXPECT_TRUE(d.notices.empty());
  EXPECT_EQ(d.state.lab, LabId::lfsr);
  EXPECT_EQ(d.state.lfsr.seed, 0xDEADBEEFu);
  EXPECT_EQ(d.state.lfsr.mask, 0xCFu);
  EXPECT_EQ(d.state.lfsr.t, 13u);
  EXPECT_EQ(d.state.lfsr.width, 32);
}

TEST(UrlState, EncodeDecodeRoundTrip) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 2000; ++i) {
    LabState s;
    s.lfsr.width = 4 + static_cast<int>(rng() % 61);
    s.lfsr.seed = (rng() & width_mask(s.lfsr.width)) | 1;
    s.lfsr.mask = rng() & 0xff;
    s.lfsr.t = rng() % (kMaxLfsrStep + 1);
    const auto d = decode_fragment(encode_fragment(s));
    ASSERT_TRUE(d.notices.empty()) << encode_fragment(s) << ": " << d.notices.front();
    ASSERT_EQ(d.state, s) << encode_fragment(s);
  }
}

TEST(UrlState, EmbedFlagRoundTripsAndIsValidated) {
  auto d = decode_fragment("#v=1&embed=1&lab=lfsr&seed=00000001&t=2");
  EXPECT_TRUE(d.notices.empty());
  EXPECT_TRUE(d.state.embed);
  EXPECT_EQ(encode_fragment(d.state), "#v=1&embed=1&lab=lfsr&seed=00000001&mask=CF&t=2");
  d = decode_fragment("#v=1&embed=yes&lab=lfsr");
  EXPECT_FALSE(d.state.embed);
  EXPECT_EQ(d.notices.size(), 1u);
}

TEST(UrlState, PresentFlagRoundTripsAndIsKeptByALessonStep) {
  auto d = decode_fragment("#v=1&lab=dice&method=modulo&sides=6&present=1");
  EXPECT_TRUE(d.notices.empty());
  EXPECT_TRUE(d.state.present);
  const std::string on = encode_fragment(d.state);
  EXPECT_EQ(on.substr(on.size() - 10), "&present=1") << on;
  d.state.present = false;
  EXPECT_EQ(encode_fragment(d.state).find("present"), std::string::npos);
  d = decode_fragment("#v=1&lab=dice&present=yes");
  EXPECT_FALSE(d.state.present);
  ASSERT_EQ(d.notices.size(), 1u);
  EXPECT_NE(d.notices[0].find("present"), std::string::npos) << d.notices[0];
  // A lesson link opens the step's own state in present mode.
  d = decode_fragment("#v=1&tour=how-to-shuffle&step=2&present=1", find_builtin_tour);
  EXPECT_TRUE(d.notices.empty());
  EXPECT_TRUE(d.state.present);
  EXPECT_EQ(d.state.lab, LabId::shuffle);
  const std::string link = encode_fragment(d.state);
  const std::string tail = "&tour=how-to-shuffle&step=2&present=1";
  ASSERT_GE(link.size(), tail.size());
  EXPECT_EQ(link.substr(link.size() - tail.size()), tail) << link;
}

// Without the built-in lessons at hand (the app before it loaded one), a
// lesson link names the lesson to load and keeps its own fields; an id no
// built-in lesson has is a notice at once.
TEST(UrlState, ABuiltInLessonNotAtHandIsNamedToLoad) {
  DecodedState d = decode_fragment("#v=1&lab=poker&seed=932D217C&t=0&tour=break-the-shuffle&step=4");
  EXPECT_TRUE(d.notices.empty());
  EXPECT_EQ(d.tour_to_load, "break-the-shuffle");
  EXPECT_FALSE(d.tour);
  EXPECT_EQ(d.state.lab, LabId::poker);
  EXPECT_EQ(d.state.poker.seed, 0x932D217Cu);
  EXPECT_EQ(d.state.tour, "break-the-shuffle");
  EXPECT_EQ(d.state.tour_step, 4u);
  d = decode_fragment("#v=1&tour=no-such-lesson");
  EXPECT_EQ(d.tour_to_load, "");
  EXPECT_EQ(d.notices.size(), 1u);
}

TEST(UrlState, UnknownKeysAreIgnored) {
  const auto d = decode_fragment("#v=1&lab=lfsr&seed=00000001&future=xyz&t=5");
  EXPECT_TRUE(d.notices.empty());
  EXPECT_EQ(d.state.lfsr.seed, 1u);
  EXPECT_EQ(d.state.lfsr.t, 5u);
}

TEST(UrlState, MalformedValuesGiveNoticesAndDefaults) {
  const LfsrLabState defaults;
  const auto d = decode_fragment("#v=1&lab=lfsr&seed=zz&mask=");
  EXPECT_EQ(d.notices.size(), 2u);
  EXPECT_EQ(d.state.lfsr, defaults);
  const auto mentions = [&](const char* field) {
    for (const auto& n : d.notices)
      if (n.rfind(field, 0) == 0) return true;
    return false;
  };
  EXPECT_TRUE(mentions("seed"));
  EXPECT_TRUE(mentions("mask"));
}

TEST(UrlState, ZeroSeedIsRefused) {
  const auto d = decode_fragment("#v=1&lab=lfsr&seed=00000000");
  ASSERT_EQ(d.notices.size(), 1u);
  EXPECT_NE(d.notices[0].find("zero"), std::string::npos);
  EXPECT_NE(d.state.lfsr.seed, 0u);
}

TEST(UrlState, HugeAndHostileFragmentsAreRefusedWhole) {
  const std::string garbage(10 * 1024, '\x7f');
  const auto d = decode_fragment("#v=1&lab=lfsr&" + garbage);
  ASSERT_EQ(d.notices.size(), 1u);
  EXPECT_EQ(d.state, LabState{});
  for (const char* h : {"#", "#&&&", "#v=2&lab=lfsr", "#lab=lfsr", "#v=1&lab=<script>", "#v=1&t=99999999999999999999",
                        "#v=1&width=3", "#v=1&width=65", "#v=1&width=8&seed=1FF", "#v=1&mask=100"}) {
    const auto r = decode_fragment(h);
    EXPECT_EQ(r.state.lfsr.seed & width_mask(r.state.lfsr.width), r.state.lfsr.seed) << h;
    EXPECT_NE(r.state.lfsr.seed, 0u) << h;
  }
  EXPECT_FALSE(decode_fragment("#v=1&t=99999999999999999999").notices.empty());
  EXPECT_FALSE(decode_fragment("#v=1&lab=<script>").notices.empty());
}

}  // namespace
}  // namespace shufflelab
