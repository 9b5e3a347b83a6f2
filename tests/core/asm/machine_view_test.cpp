// machine_view_test.cpp: the lanes' request and views as text (the "asm_lanes"
// job's input and payload) come back exactly, a hand-written payload reads as
// written, and the job runs a lane to the value its formula gives.
#include "core/asm/machine_view.hpp"

#include <gtest/gtest.h>

#include "core/base/jobs.hpp"
#include "core/job_catalog.hpp"

namespace shufflelab {
namespace {

LaneViews tricky_views() {
  LaneViews v;
  v.none = "";
  v.error = "z80-lfsr: 100% stuck\tat line 3\nnext";
  LaneView& a = v.lanes.emplace_back();
  a.algorithm = "sm83-shuffle";
  a.title = "Fisher-Yates over 78 cards";
  a.call_label = "";  // empty fields in the middle of a record
  a.lab_label = "deck at step 40 (é, ♠)";
  a.note = " leading and trailing spaces ";
  a.lab_text = "1 2 3";
  a.lane_text = "(not yet: the call has not returned)";
  a.lab_value = {1, 2, 3, 18446744073709551615ull};
  a.lane_value = {};
  a.cursor = 7;
  a.default_cursor = 12;
  a.length = 4096;
  MachineView& m = a.machine;
  m.isa_id = "sm83";
  m.isa_name = "Game Boy (SM83)";
  m.cycle_unit = "M-cycles";
  m.lit_row = -1;
  m.cpp_line = 0;
  m.cpp_file = "src/core/shuffle/shuffle.hpp";
  m.cpp_first = 40;
  m.cpp_lit = 41;
  m.cpp_lines = {"  for (i = n - 1; i > 0; --i) {", "", "    swap(deck[i], deck[j]);"};
  m.rows = {{3, 0x150, "shuffle_swap", "FA 00 C0 ", "ld a,(DECK)", "the top card", "ld: load | 3 bytes | 4 M-cycles"},
            {4, 0x153, "", "", "", "", ""}};
  m.wasm = {{41, true, "(i32.load offset=4", "i32.load: load"}, {42, false, "", ""}};
  m.no_wasm = "";
  m.registers = "A=3F  B=00  ";
  m.flags = "";
  m.memory = {"DECK @C000: 00 01 02 ...", ""};
  m.instructions = 123456789012ull;
  m.cycles = 0;
  v.lanes.push_back(a);
  v.lanes.back().machine.lit_row = 4;
  v.lanes.back().machine.no_wasm = "WebAssembly: none here.";
  return v;
}

TEST(MachineView, LaneViewsComeBackExactly) {
  const LaneViews views = tricky_views();
  const std::string text = encode_lane_views(views);
  const auto back = decode_lane_views(text);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back.value(), views);
  EXPECT_EQ(back.value().lanes[0].machine.wasm_lit(), 1u);
}

TEST(MachineView, HandWrittenPayloadReadsAsWritten) {
  const std::string text =
      "shufflelab lanes 1\n"
      "none \n"
      "lane z80-lfsr Z80%20LFSR call%201 register  . 0102 0102 5 9\n"
      "labvalue 258\n"
      "lanevalue 258\n"
      "machine z80 Z80 T-states 17 88 1200 47 src%2Fcore%2Fgen%2Fz80_lfsr.hpp 80 88  A%3D01 Z%3D1\n"
      "row 17 4096 lfsr 3A%2000%2040%20 ld%20a%2C%28x%29  hover\n"
      "cpp uint8_t%20next_byte%28%29%20%7B\n"
      "wasm 88 1 i32.xor \n"
      "memory SEED%20%40C000%3A%2001\n";
  const auto views = decode_lane_views(text);
  ASSERT_TRUE(views) << views.error();
  ASSERT_EQ(views.value().lanes.size(), 1u);
  const LaneView& v = views.value().lanes[0];
  EXPECT_EQ(v.algorithm, "z80-lfsr");
  EXPECT_EQ(v.title, "Z80 LFSR");
  EXPECT_EQ(v.call_label, "call 1");
  EXPECT_EQ(v.lab_label, "register");
  EXPECT_EQ(v.note, "");
  EXPECT_EQ(v.lab_text, ".");
  EXPECT_EQ(v.lane_text, "0102");
  EXPECT_EQ(v.lab_value, (std::vector<std::uint64_t>{258}));
  EXPECT_TRUE(v.agrees());
  EXPECT_EQ(v.cursor, 102u);  // "0102" reads as decimal 102
  EXPECT_EQ(v.default_cursor, 5u);
  EXPECT_EQ(v.length, 9u);
  EXPECT_EQ(v.machine.isa_name, "Z80");
  EXPECT_EQ(v.machine.lit_row, 17);
  EXPECT_EQ(v.machine.cpp_line, 88u);
  EXPECT_EQ(v.machine.instructions, 1200u);
  EXPECT_EQ(v.machine.cycles, 47u);
  EXPECT_EQ(v.machine.cpp_file, "src/core/gen/z80_lfsr.hpp");
  EXPECT_EQ(v.machine.registers, "A=01");
  EXPECT_EQ(v.machine.flags, "Z=1");
  ASSERT_EQ(v.machine.rows.size(), 1u);
  EXPECT_EQ(v.machine.rows[0].address, 4096u);
  EXPECT_EQ(v.machine.rows[0].code, "3A 00 40 ");
  EXPECT_EQ(v.machine.rows[0].text, "ld a,(x)");
  EXPECT_EQ(v.machine.rows[0].comment, "");
  EXPECT_EQ(v.machine.cpp_lines, (std::vector<std::string>{"uint8_t next_byte() {"}));
  ASSERT_EQ(v.machine.wasm.size(), 1u);
  EXPECT_TRUE(v.machine.wasm[0].lit);
  EXPECT_EQ(v.machine.memory, (std::vector<std::string>{"SEED @C000: 01"}));
}

TEST(MachineView, BrokenTextIsRefusedNamingTheLine) {
  EXPECT_FALSE(decode_lane_views(""));
  EXPECT_FALSE(decode_lane_views("shufflelab lanes 2\n"));
  const auto bad_number = decode_lane_views("shufflelab lanes 1\nlane a b c d e f g 1x 2 3\n");
  ASSERT_FALSE(bad_number);
  EXPECT_NE(bad_number.error().find("line 2"), std::string::npos) << bad_number.error();
  EXPECT_FALSE(decode_lane_views("shufflelab lanes 1\nlane a b c d e f g 1 2\n"));       // a field short
  EXPECT_FALSE(decode_lane_views("shufflelab lanes 1\nlane a b c d e f g 1 2 3 4\n"));   // a field over
  EXPECT_FALSE(decode_lane_views("shufflelab lanes 1\nrow 1 2 a b c d e\n"));           // a row without a lane
  EXPECT_FALSE(decode_lane_views("shufflelab lanes 1\nnone %zz\n"));                     // not percent-encoded
  EXPECT_FALSE(decode_lane_request("shufflelab lane request 1\nlane bogus-algo 1 0 6 1  0 outputs  0 1 a b c -\n"));
}

// A Z80 die roll "as printed": value = (x * (n - 1)) >> 8, the Z80 article's formula.
LaneRequest z80_roll(std::uint64_t x, std::uint64_t n, std::optional<std::uint64_t> cursor) {
  LaneRequest request;
  LabLane& lane = request.lanes.lanes.emplace_back();
  lane.algorithm = AsmAlgorithm::z80_roll_minus1;
  lane.inputs.x = x;
  lane.inputs.n = n;
  lane.lab_value = {(x * (n - 1)) >> 8};
  lane.lab_label = "value of roll 0";
  lane.call_label = "the call that makes roll 0";
  request.cursors.push_back(cursor);
  return request;
}

TEST(MachineView, RequestComesBackExactly) {
  LaneRequest request = z80_roll(0x80, 6, std::nullopt);
  request.lanes.none = "";
  LabLane second = request.lanes.lanes[0];
  second.algorithm = AsmAlgorithm::sm83_lfsr;
  second.mark_label = "lfsr_loop";
  second.mark_count = 13;
  second.value = memory_value("LFSR", 4, false);
  second.note = "a note, with 100% and\ttabs";
  request.lanes.lanes.push_back(second);
  request.cursors.push_back(17);
  const std::string text = encode_lane_request(request);
  const auto back = decode_lane_request(text);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back.value().cursors, request.cursors);
  ASSERT_EQ(back.value().lanes.lanes.size(), 2u);
  EXPECT_EQ(encode_lane_request(back.value()), text);
  const LabLane& b = back.value().lanes.lanes[1];
  EXPECT_EQ(b.algorithm, AsmAlgorithm::sm83_lfsr);
  EXPECT_EQ(b.mark_label, "lfsr_loop");
  EXPECT_EQ(b.mark_count, 13u);
  EXPECT_EQ(b.value.kind, LaneValueSpec::Kind::memory);
  EXPECT_EQ(b.value.name, "LFSR");
  EXPECT_EQ(b.value.bytes, 4u);
  EXPECT_FALSE(b.value.big_endian);
  EXPECT_EQ(b.note, "a note, with 100% and\ttabs");
  EXPECT_EQ(b.lab_value, (std::vector<std::uint64_t>{(0x80 * 5) >> 8}));
}

LaneViews run_job(const LaneRequest& request) {
  auto job = make_job("asm_lanes", "", encode_lane_request(request));
  EXPECT_TRUE(job) << job.error();
  if (!job) return {};
  run_job_to_end(*job.value(), 1000, [](double) {});
  auto views = decode_lane_views(job.value()->payload());
  EXPECT_TRUE(views) << views.error();
  return views ? views.value() : LaneViews{};
}

TEST(MachineView, JobRunsTheLaneToItsCursor) {
  for (const std::uint64_t x : {0x00ull, 0x80ull, 0xFFull})
    for (const std::uint64_t n : {2ull, 6ull, 20ull}) {
      const std::uint64_t expected = (x * (n - 1)) >> 8;
      const LaneViews at_default = run_job(z80_roll(x, n, std::nullopt));
      ASSERT_EQ(at_default.lanes.size(), 1u) << at_default.error;
      const LaneView& v = at_default.lanes[0];
      EXPECT_EQ(v.lane_value, (std::vector<std::uint64_t>{expected})) << "x=" << x << " n=" << n;
      EXPECT_TRUE(v.agrees());
      EXPECT_EQ(v.lane_text, std::to_string(expected));
      EXPECT_EQ(v.cursor, v.length);  // no mark: the default cursor is the call's end
      EXPECT_EQ(v.default_cursor, v.length);
      EXPECT_GT(v.length, 2u);
      EXPECT_EQ(v.machine.isa_id, "z80");
      EXPECT_FALSE(v.machine.rows.empty());
      EXPECT_FALSE(v.machine.cpp_lines.empty());

      const LaneViews at_start = run_job(z80_roll(x, n, 0));
      ASSERT_EQ(at_start.lanes.size(), 1u);
      EXPECT_EQ(at_start.lanes[0].cursor, 0u);
      EXPECT_TRUE(at_start.lanes[0].lane_value.empty());  // the call has not returned
      EXPECT_FALSE(at_start.lanes[0].agrees());
      EXPECT_EQ(at_start.lanes[0].machine.instructions, 0u);

      const LaneViews past_end = run_job(z80_roll(x, n, 1'000'000));
      ASSERT_EQ(past_end.lanes.size(), 1u);
      EXPECT_EQ(past_end.lanes[0].cursor, v.length);  // clamped to the call
      EXPECT_EQ(past_end.lanes[0].machine.instructions, v.machine.instructions);
    }
}

TEST(MachineView, NoLaneKeepsTheReason) {
  LaneRequest request;
  request.lanes = no_lanes("Only the mask CF has a listing.");
  const LaneViews views = run_job(request);
  EXPECT_TRUE(views.lanes.empty());
  EXPECT_EQ(views.none, "Only the mask CF has a listing.");
}

TEST(MachineView, AsmRunAndCostViewsComeBackExactly) {
  AsmRunView run;
  run.t = 1234;
  run.done = true;
  run.calls_done = 4;
  run.source_line = 17;
  run.error = "run: call 2 has not returned after 1,000,000 instructions";
  run.next_instruction = "";
  run.outputs = {0, 255, 18446744073709551615ull};
  run.machine = tricky_views().lanes[1].machine;
  auto back = decode_asm_run_view(encode_asm_run_view(run));
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back.value(), run);

  AsmRunView refused;  // no machine when the run cannot start
  refused.start_error = "seed: a non-zero 16-bit state";
  back = decode_asm_run_view(encode_asm_run_view(refused));
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back.value(), refused);

  AsmCostsView costs;
  costs.tables.push_back({"lfsr", "One LFSR byte", {{"Z80", "z80-lfsr", "42", "8", "1203.5 T-states per byte"}, {"WebAssembly", "next_byte", "96", "", ""}}});
  costs.tables.push_back({"cards", "A shuffled deck", {}});
  const auto costs_back = decode_asm_costs_view(encode_asm_costs_view(costs));
  ASSERT_TRUE(costs_back) << costs_back.error();
  EXPECT_EQ(costs_back.value(), costs);
  EXPECT_FALSE(decode_asm_costs_view("shufflelab asm costs 1\ncost Z80 a 1 2 3\n")) << "a row before its table";
  EXPECT_FALSE(decode_asm_run_view("shufflelab asm run 1\nrun 1 0 0 0  \n")) << "a field short";
}

// The job steps the listing the link's fields name to the step asked, or to
// where the listing ends (its bytes against a model of the C++ are checked in
// asm_lab_session_test, through the same job).
TEST(MachineView, AsmRunJobStopsWhereTheListingEnds) {
  auto job = make_job("asm_run", "algo=z80-lfsr&seed=0000000000000001&calls=1&t=2000000", "");
  ASSERT_TRUE(job) << job.error();
  run_job_to_end(*job.value(), 1000, [](double) {});
  const auto run = decode_asm_run_view(job.value()->payload());
  ASSERT_TRUE(run) << run.error();
  EXPECT_TRUE(run.value().done);
  EXPECT_LT(run.value().t, 2000000u);
  EXPECT_EQ(run.value().t, run.value().machine.instructions);
  EXPECT_EQ(run.value().calls_done, 1u);
  EXPECT_EQ(run.value().next_instruction, "");
  ASSERT_EQ(run.value().outputs.size(), 1u);

  auto at_zero = make_job("asm_run", "algo=z80-lfsr&seed=0000000000000001&calls=1&t=0", "");
  ASSERT_TRUE(at_zero);
  run_job_to_end(*at_zero.value(), 1000, [](double) {});
  const auto start = decode_asm_run_view(at_zero.value()->payload());
  ASSERT_TRUE(start) << start.error();
  EXPECT_FALSE(start.value().done);
  EXPECT_EQ(start.value().t, 0u);
  EXPECT_TRUE(start.value().outputs.empty());
  EXPECT_FALSE(start.value().next_instruction.empty());

  EXPECT_FALSE(make_job("asm_run", "algo=nope&t=0", "")) << "a link field the lab refuses fails the job";
}

}  // namespace
}  // namespace shufflelab
