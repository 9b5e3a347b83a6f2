// The Your code tab's deck counts cross to the worker's "deck_tests" job as
// text (core/check/deck_tally_wire) and its report comes back as the view the
// app shows, as text (core/check/check_view_wire). Expected counts are worked out by hand
// from the six orders of three cards, not by the tally's code.
#include <gtest/gtest.h>

#include <array>
#include <string>

#include "core/check/check_view_wire.hpp"
#include "core/check/deck_tally_wire.hpp"
#include "core/job_catalog.hpp"

namespace shufflelab {
namespace {

DeckTally all_orders_of_three() {
  DeckTally tally(3);
  const std::array<std::array<std::uint16_t, 3>, 6> orders = {{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};
  for (const auto& deck : orders) tally.add(deck);
  return tally;
}

// By hand: every card at every place twice; fixed points 3,1,1,1,0,0; cycles
// 3,2,2,1,1,2 (Stirling 2,3,1); rising sequences 1,2,2,2,2,3 (Eulerian 1,4,1);
// successions 2,0,0,1,1,0; Lehmer digit 0 = the top card, digit 1 = 0,1,0,1,0,1, digit 2 = 0.
constexpr const char* kAllOrdersOfThree =
    "shufflelab deck tally 1\n"
    "n\t3\n"
    "decks\t6\n"
    "position_card\t2,2,2,2,2,2,2,2,2\n"
    "lehmer\t2,2,2,3,3,0,6,0,0\n"
    "fixed_points\t2,3,0,1\n"
    "cycles\t0,2,3,1\n"
    "rising\t0,1,4,1\n"
    "successions\t3,2,1";

TEST(DeckTallyWire, WritesTheCountsOfAllSixOrdersOfThree) {
  EXPECT_EQ(encode_deck_tally(all_orders_of_three()), kAllOrdersOfThree);
}

TEST(DeckTallyWire, ReadsBackEveryCount) {
  auto tally = decode_deck_tally(kAllOrdersOfThree);
  ASSERT_TRUE(tally) << tally.error();
  EXPECT_EQ(tally->size(), 3u);
  EXPECT_EQ(tally->decks(), 6u);
  EXPECT_EQ(tally->fixed_points(), (std::vector<std::uint64_t>{2, 3, 0, 1}));
  EXPECT_EQ(tally->cycles(), (std::vector<std::uint64_t>{0, 2, 3, 1}));
  EXPECT_EQ(tally->rising_sequences(), (std::vector<std::uint64_t>{0, 1, 4, 1}));
  EXPECT_EQ(tally->successions(), (std::vector<std::uint64_t>{3, 2, 1}));
  EXPECT_EQ(tally->lehmer_digits(), (std::vector<std::uint64_t>{2, 2, 2, 3, 3, 0, 6, 0, 0}));
  EXPECT_EQ(tally->position_card(), std::vector<std::uint64_t>(9, 2));
  // Decks added after the round trip count on as in the original.
  DeckTally again = tally.value();
  const std::array<std::uint16_t, 3> identity = {0, 1, 2};
  again.add(identity);
  EXPECT_EQ(again.fixed_points(), (std::vector<std::uint64_t>{2, 3, 0, 2}));
}

TEST(DeckTallyWire, RefusesCountsNoDecksCouldGiveNamingTheLine) {
  const std::string good = kAllOrdersOfThree;
  auto with = [&](const std::string& from, const std::string& to) {
    std::string text = good;
    text.replace(text.find(from), from.size(), to);
    return decode_deck_tally(text);
  };
  auto row = with("position_card\t2,2,2", "position_card\t3,1,2");  // the column sums break, the rows hold
  ASSERT_FALSE(row);
  EXPECT_EQ(row.error(), "deck tally line 4 (position_card): the counts do not add up to 6 decks");
  auto fixed = with("fixed_points\t2,3,0,1", "fixed_points\t2,3,0,2");
  ASSERT_FALSE(fixed);
  EXPECT_EQ(fixed.error(), "deck tally line 6 (fixed_points): the counts do not add up to 6 decks");
  auto short_list = with("successions\t3,2,1", "successions\t3,3");
  ASSERT_FALSE(short_list);
  EXPECT_EQ(short_list.error(), "deck tally line 9 (successions): expected 3 whole numbers");
  auto digit = with("lehmer\t2,2,2,3,3,0", "lehmer\t2,2,2,3,2,1");  // digit 1 of 3 cards is 0 or 1
  ASSERT_FALSE(digit);
  EXPECT_EQ(digit.error(), "deck tally line 5 (lehmer): digit 1 counted at 2 or more");
  EXPECT_FALSE(with("n\t3", "n\t1"));
  EXPECT_FALSE(decode_deck_tally("shufflelab deck tally 2\n"));
  EXPECT_FALSE(decode_deck_tally(""));
}

// The job the worker runs gives the same report as the tests run in place.
TEST(DeckTallyWire, TheDeckTestsJobReportsWhatTheTestsSay) {
  DeckTally sattolo(4);  // Sattolo's decks of 4 cards: always one 4-cycle, never a fixed point
  const std::array<std::array<std::uint16_t, 4>, 6> cycles = {
      {{1, 2, 3, 0}, {1, 3, 0, 2}, {2, 3, 1, 0}, {2, 0, 3, 1}, {3, 2, 0, 1}, {3, 0, 1, 2}}};
  for (int d = 0; d < 2400; ++d) sattolo.add(cycles[static_cast<std::size_t>(d % 6)]);
  auto job = make_job("deck_tests", "", encode_deck_tally(sattolo));
  ASSERT_TRUE(job) << job.error();
  while (!job.value()->done()) job.value()->step(1 << 16);
  auto view = decode_check_report_view(job.value()->payload());
  ASSERT_TRUE(view) << view.error();
  EXPECT_TRUE(view->failed);
  EXPECT_EQ(view->text, report_text(deck_report(sattolo, DeckSpelling{}, kDefaultCheckAlpha)));
  EXPECT_NE(view->text.find("decks read: 2,400"), std::string::npos);
  EXPECT_EQ(job.value()->summary(), view->verdict);
}

TEST(DeckTallyWire, OnlyTextKindsTakeText) {
  auto bad = make_job("deck_tests", "", "shufflelab deck tally 1\n");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error(), "deck tally: expected 9 lines, not 1");  // the final newline ends the one line
  auto extra = make_job("riffle_table", "n=52&kmax=10", "some text");
  ASSERT_FALSE(extra);
  EXPECT_EQ(extra.error(), "job kind \"riffle_table\" takes no text");
}

}  // namespace
}  // namespace shufflelab
