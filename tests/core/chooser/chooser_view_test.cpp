// The chooser's view model as a job payload (core/chooser/chooser_view,
// chooser_job). Independent sources: a view written by hand here with cells
// that hold every byte a naive format would trip on (newlines, colons,
// digits, NUL, UTF-8); the core's own table and pick functions (the ones the
// CLI prints) for what the view must carry; and every truncation of a real
// payload, each of which must be refused.
#include "core/chooser/chooser_view.hpp"

#include <gtest/gtest.h>

#include "core/job_catalog.hpp"
#include "core/chooser/chooser_job.hpp"

namespace shufflelab {
namespace {

ChooserViewModel hostile_view() {
  ChooserViewModel v;
  v.setup = {"6502", "deck78"};
  v.table_headers = {"generator", "a:b", "12:\n"};
  v.rows.push_back({"row\none", "summary: 3:x\n", "#v=1&lab=lfsr", {"", std::string("nul\0byte", 8)}, {"note", ""}});
  v.rows.push_back({"", "", "", {"1:", "9"}, {"", "\n\n"}});
  ChooserPickView p;
  p.headline = "Générateur 😀";
  p.bias = "0:";
  p.verdict = "3:\n";
  p.reach = "2^32";
  p.candidate_headers = {"m", "n"};
  p.candidates = {{"a", "b"}, {"", "\n"}};
  p.json = "{\"a\":\"1:\\n\"}";
  v.pick = p;
  v.text_lines = {"line: 1", ""};
  v.csv = "a,b\r\n1,\"2\n3\"\r\n";
  v.csv_filename = "x.csv";
  return v;
}

TEST(ChooserView, HandWrittenViewWithHostileBytesRoundTrips) {
  const ChooserViewModel v = hostile_view();
  const auto back = parse_chooser_view(serialize_chooser_view(v));
  ASSERT_TRUE(back.has_value()) << back.error();
  EXPECT_EQ(back.value(), v);
  ChooserViewModel no_pick = v;
  no_pick.pick.reset();
  EXPECT_EQ(parse_chooser_view(serialize_chooser_view(no_pick)).value(), no_pick);
}

TEST(ChooserView, BuiltViewsRoundTripAndCarryWhatTheCoreComputes) {
  const ChooserTable table = chooser_table().value();
  for (const ChooserLabState& setup : {ChooserLabState{"z80", "d20"}, ChooserLabState{"all", "d20"},
                                       ChooserLabState{"sm83", "deck78"}}) {
    const ChooserViewModel v = build_chooser_view(setup);
    ASSERT_TRUE(v.error.empty()) << v.error;
    const auto back = parse_chooser_view(serialize_chooser_view(v));
    ASSERT_TRUE(back.has_value()) << back.error();
    EXPECT_EQ(back.value(), v) << setup.cpu;
    // What the CLI prints for the same setup comes from these functions.
    const std::optional<AsmIsa> cpu =
        setup.cpu == "all" ? std::nullopt : std::optional<AsmIsa>(parse_chooser_cpu("cpu", setup.cpu).value());
    EXPECT_EQ(v.csv, chooser_table_csv(table, cpu));
    const auto rows = rows_for_cpu(table, cpu);
    ASSERT_EQ(v.rows.size(), rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
      EXPECT_EQ(v.rows[i].name, rows[i]->name);
      EXPECT_EQ(v.rows[i].cells.at(0), std::to_string(rows[i]->state_bytes));
      EXPECT_EQ(v.rows[i].cells.size() + 1, v.table_headers.size());
    }
    EXPECT_EQ(v.pick.has_value(), cpu.has_value());
    if (cpu) {
      const ChooserPick pick = choose(table, *cpu, parse_chooser_use("use", setup.use).value()).value();
      EXPECT_EQ(v.pick->json, chooser_pick_json(pick));
      EXPECT_EQ(v.pick->candidates.size(), pick.candidates.size());
      EXPECT_EQ(v.pick->candidates.front().at(0), pick.generator().name);
      EXPECT_EQ(v.pick->candidates.front().at(1), pick.method().method);
    }
  }
}

TEST(ChooserView, MalformedPayloadsAreRefusedWithAMessage) {
  const std::string good = serialize_chooser_view(hostile_view());
  // Every cut of a good payload is refused: the format knows each length before reading.
  for (std::size_t n = 0; n < good.size(); ++n) {
    const auto cut = parse_chooser_view(std::string_view(good).substr(0, n));
    ASSERT_FALSE(cut.has_value()) << "prefix of " << n << " bytes accepted";
    EXPECT_EQ(cut.error().rfind("chooser view: ", 0), 0u) << cut.error();
  }
  const auto extra = parse_chooser_view(good + "0:\n");
  ASSERT_FALSE(extra.has_value());
  EXPECT_NE(extra.error().find("3 more bytes"), std::string::npos) << extra.error();
  const auto junk = parse_chooser_view("hello");
  ASSERT_FALSE(junk.has_value());
  EXPECT_NE(junk.error().find("not a chooser view"), std::string::npos) << junk.error();
  // A count larger than the bytes left is refused before anything is allocated.
  const std::string header = good.substr(0, good.find('\n') + 1);
  const auto huge = parse_chooser_view(header + "3:z80\n3:d20\n0:\n8:99999999\n");
  ASSERT_FALSE(huge.has_value());
  EXPECT_NE(huge.error().find("table headers at byte 41: expected at most 0 entries, found 99999999"), std::string::npos) << huge.error();
  // A row with fewer cells than the headers promise.
  ChooserViewModel short_row = hostile_view();
  short_row.rows[0].cells.pop_back();
  const auto bad_row = parse_chooser_view(serialize_chooser_view(short_row));
  ASSERT_FALSE(bad_row.has_value());
  EXPECT_NE(bad_row.error().find("2 cells and as many notes"), std::string::npos) << bad_row.error();
}

TEST(ChooserJob, RunsToTheViewAndRefusesBadFields) {
  auto job = make_job("chooser", "cpu=z80&use=d20");
  ASSERT_TRUE(job.has_value()) << job.error();
  run_job_to_end(*job.value(), 1, [](double) {});
  const auto view = parse_chooser_view(job.value()->payload());
  ASSERT_TRUE(view.has_value()) << view.error();
  EXPECT_EQ(view.value(), build_chooser_view({"z80", "d20"}));
  const auto bad = make_job("chooser", "cpu=vax&use=d20");
  ASSERT_FALSE(bad.has_value());
  EXPECT_NE(bad.error().find("cpu: unknown CPU \"vax\""), std::string::npos) << bad.error();
  EXPECT_FALSE(make_job("chooser", "cpu=z80&use=d7").has_value());
}

}  // namespace
}  // namespace shufflelab
