// The Check lab's plumbing: a report's view (what the panel, the Text view and
// the hook show) is made as a hand reading of the report says and survives the
// trip from the worker to the app exactly; its link fields round-trip and refuse bad values; an example
// written a slice at a time into a check gives the same report as the whole
// file checked at once (the streaming must not change a single number); and
// a fair and a biased example land on opposite sides of the verdict.
#include <gtest/gtest.h>

#include "core/job_catalog.hpp"
#include "core/check/check_examples.hpp"
#include "core/check/check_lab.hpp"
#include "core/check/check_view_wire.hpp"
#include "core/url_state.hpp"

namespace shufflelab {
namespace {

CheckReport checked_at_once(const CheckOptions& options, const std::string& text) {
  auto session = std::move(CheckSession::make(options).value());
  session->feed(text);
  auto report = session->finish();
  EXPECT_TRUE(report) << report.error();
  return report ? report.value() : CheckReport{};
}

// The view the job hands to the app.
CheckReportView run_example_job(const std::string& params) {
  auto job = make_job("check_example", params);
  EXPECT_TRUE(job) << job.error();
  if (!job) return {};
  // Small, uneven slices: many chunk boundaries inside lines.
  while (!job.value()->done()) job.value()->step(777);
  auto view = decode_check_report_view(job.value()->payload());
  EXPECT_TRUE(view) << view.error() << " / " << job.value()->summary();
  return view ? view.value() : CheckReportView{};
}

// The view's JSON carries every statistic and p-value in 17 digits, its text and rows the rest.
void expect_same(const CheckReportView& streamed, const CheckReport& whole) {
  const CheckReportView expected = make_check_report_view(whole);
  EXPECT_EQ(streamed.json, expected.json);
  EXPECT_EQ(streamed.text, expected.text);
  EXPECT_TRUE(streamed == expected);
}

TEST(CheckLab, DeckExamplesStreamedEqualTheWholeFileAndSideWithTheVerdict) {
  CheckLabState s;
  s.decks = 3000;
  DrawSourceSpec source;  // the lab's default source: splitmix64 seed 1, lemire on 64-bit words
  CheckOptions options;
  const CheckReportView fair = run_example_job(check_example_params(s, 0));
  expect_same(fair, checked_at_once(options, example_decks(ShuffleAlgo::FisherYates, 52, 3000, source).value()));
  const CheckReportView naive = run_example_job(check_example_params(s, 1));
  expect_same(naive, checked_at_once(options, example_decks(ShuffleAlgo::Naive, 52, 3000, source).value()));
  EXPECT_FALSE(fair.failed) << fair.text;
  EXPECT_TRUE(naive.failed) << naive.text;
}

TEST(CheckLab, RollAndByteExamples) {
  CheckLabState s;
  s.what = "rolls";
  s.rolls = 100000;  // d20 from 8-bit words: modulo favours faces 1..16 by 13:12, about 98 of chi-square excess
  const CheckReportView lemire = run_example_job(check_example_params(s, 0));
  const CheckReportView modulo = run_example_job(check_example_params(s, 1));
  EXPECT_FALSE(lemire.failed) << lemire.text;
  EXPECT_TRUE(modulo.failed) << modulo.text;
  s.what = "bytes";
  s.bytes = 20000;
  const CheckReportView tarot = run_example_job(check_example_params(s, 1));
  EXPECT_TRUE(tarot.failed) << tarot.text;  // an LFSR: Berlekamp-Massey predicts it
  EXPECT_EQ(tarot.picture.size(), kCheckPictureBytes);
  EXPECT_EQ(tarot.picture_height, 8192 * 8 / kCheckPictureWidth);
  EXPECT_FALSE(tarot.profile.empty());
}

TEST(CheckLab, TheReportsViewReadsAsWrittenByHandAndCrossesTheWireExactly) {
  CheckReport r;
  r.kind = "bytes";
  r.verdict = "tabs\tand\nnewlines and \\ backslashes";
  r.facts.push_back({"bytes", "bytes read", 20000, "20,000"});
  CheckTest fail = make_test("chi", "byte counts", 12.3456789, 4, 3.2e-7);
  fail.p_adjusted = 6.4e-7, fail.failed = true, fail.observed = "o", fail.meaning = "m\t", fail.more = "";
  CheckTest pass = make_test("runs", "runs", 0.5, 0, 0.90004);
  pass.p_adjusted = 1, pass.observed = "fine", pass.meaning = "never shown", pass.more = "about 82,000 more";
  r.tests = {fail, pass};
  r.series.push_back({"other", "not drawn", {1}, {2}});
  r.series.push_back({"linear_complexity_profile", "linear complexity", {0, 32768, 65536}, {0, 16384.5, 32768}});
  r.notes = {"", "note"};
  r.diagnosis = {"Best fit: x\ty", "all"};
  r.inconclusive = true;
  r.failed = true;
  for (int i = 0; i < 2 * 32 + 5; ++i) r.picture.push_back(static_cast<std::uint8_t>(i * 37));  // two whole rows and a part
  const CheckReportView v = make_check_report_view(r);
  EXPECT_EQ(v.verdict, r.verdict);
  EXPECT_TRUE(v.failed && v.inconclusive);
  EXPECT_EQ(v.facts, (std::vector<std::pair<std::string, std::string>>{{"bytes read", "20,000"}}));
  ASSERT_EQ(v.tests.size(), 2u);
  const CheckTestRow fail_row{"byte counts", "12.35 (4 df)", "3.2e-07", "6.4e-07", "FAIL", "o", "m\t", "", true};
  const CheckTestRow pass_row{"runs", "0.5", "0.9", "1", "pass", "fine", "", "about 82,000 more", false};
  EXPECT_TRUE(v.tests[0] == fail_row);
  EXPECT_TRUE(v.tests[1] == pass_row);
  EXPECT_EQ(v.diagnosis, r.diagnosis);
  EXPECT_EQ(v.notes, r.notes);
  EXPECT_EQ(v.profile_label, "linear complexity");
  EXPECT_EQ(v.profile, (std::vector<float>{0.0f, 16384.5f, 32768.0f}));
  EXPECT_EQ(v.profile_range, "0 .. 65,536 bits");
  EXPECT_EQ(v.picture_height, 2);
  EXPECT_EQ(v.picture, std::vector<std::uint8_t>(r.picture.begin(), r.picture.begin() + 64));
  // The Text view's lines and the hook's JSON as `shufflelab check` prints them.
  EXPECT_EQ(v.text, report_text(r));
  EXPECT_EQ(v.json, report_json(r));
  EXPECT_NE(v.text.find("\nFAIL byte counts\n  statistic 12.35 on 4 degrees of freedom, p 3.2e-07, corrected p 6.4e-07\n"),
            std::string::npos) << v.text;
  const auto back = decode_check_report_view(encode_check_report_view(v));
  ASSERT_TRUE(back) << back.error();
  EXPECT_TRUE(*back == v);
  EXPECT_EQ(back->verdict, r.verdict);
  EXPECT_EQ(back->tests[0].meaning, "m\t");
  EXPECT_EQ(back->json, v.json);
  EXPECT_EQ(encode_check_report_view(*back), encode_check_report_view(v));
}

TEST(CheckLab, MalformedWireTextIsRefusedWithItsLine) {
  EXPECT_FALSE(decode_check_report_view(""));
  EXPECT_FALSE(decode_check_report_view("shufflelab check view 2"));
  EXPECT_FALSE(decode_check_report_view("shufflelab check report 1\nkind\tdecks"));  // the report's own form is not a view
  const std::string head = "shufflelab check view 1\n";
  EXPECT_NE(decode_check_report_view(head + "verdict\tok\nfailed\tx").error().find("line 3"), std::string::npos);
  EXPECT_FALSE(decode_check_report_view(head + "note\tbad \\q escape"));
  EXPECT_FALSE(decode_check_report_view(head + "profile\tl\tr\t1,x"));
  EXPECT_FALSE(decode_check_report_view(head + "profile\tl\tr\t"));
  EXPECT_FALSE(decode_check_report_view(head + "profile\tl\tr\t1,1e39"));  // no float
  EXPECT_FALSE(decode_check_report_view(head + "picture\tzz"));
  EXPECT_FALSE(decode_check_report_view(head + "picture\t" + std::string(64, 'z')));
  EXPECT_FALSE(decode_check_report_view(head + "picture\t" + std::string(62, '0')));  // not a whole row
  EXPECT_FALSE(decode_check_report_view(head + "test\tonly\tthree"));
  EXPECT_FALSE(decode_check_report_view(head + "test\tn\ts\tp\tq\tr\t2\to\tm\tmore"));
  EXPECT_FALSE(decode_check_report_view(head + "unknown\t1"));
  EXPECT_TRUE(decode_check_report_view(head + "verdict\tok\nfailed\t0\ntext\ta\\nb\njson\t{}"));
}

TEST(CheckLab, LinkFieldsRoundTripAndRefuseBadValues) {
  LabState s;
  s.lab = LabId::check;
  s.check.what = "rolls";
  s.check.roll_a = "float", s.check.roll_b = "fdr-tarot";
  s.check.die = 6, s.check.rolls = 5000, s.check.bits = 16, s.check.sides = 6, s.check.versus = "modulo";
  s.check.alpha = "0.01", s.check.gen = "glibc", s.check.seed = 7;
  const DecodedState d = decode_fragment(encode_fragment(s));
  EXPECT_TRUE(d.notices.empty()) << d.notices.front() << " in " << encode_fragment(s);
  EXPECT_EQ(d.state.check, s.check);
  const DecodedState bad = decode_fragment("v=1&lab=check&what=cards&alpha=0.5&da=bogosort&die=1&gen=nope");
  EXPECT_EQ(bad.notices.size(), 5u);
  EXPECT_EQ(bad.state.check, CheckLabState{});
}

TEST(CheckLab, FileReferencesAndOptions) {
  const auto ref = parse_check_file_ref("3:1048576:my%20decks.txt");
  ASSERT_TRUE(ref) << ref.error();
  EXPECT_EQ(ref->id, 3);
  EXPECT_EQ(ref->name, "my decks.txt");
  EXPECT_EQ(ref->size_text, "1,048,576 bytes");
  for (const char* bad : {"", "3", "x:1:a", "3:-1:a", "0:1:a", "3:1:%zz"}) EXPECT_FALSE(parse_check_file_ref(bad)) << bad;
  // A name in another script as written (the Text view shows it; it used to show a '?' per byte),
  // percent-encoded as the page's encodeURIComponent writes "données−é.txt"; bytes that are no text as '?'.
  EXPECT_EQ(parse_check_file_ref("4:10:donn%C3%A9es%E2%88%92%C3%A9.txt")->name, "donn\xC3\xA9" "es\xE2\x88\x92\xC3\xA9.txt");
  EXPECT_EQ(parse_check_file_ref("4:10:caf%E9%0A.txt")->name, "caf??.txt");
  EXPECT_EQ(make_check_file_ref(5, 1, "\xD0\xBA\xD0\xBE\xD0\xBB\xD0\xBE\xD0\xB4\xD0\xB0 of 2026-11-27, shuffled.txt").name,
            "\xD0\xBA\xD0\xBE\xD0\xBB\xD0\xBE\xD0\xB4\xD0\xB0 of 2026-11-27, sh...");
  CheckLabState s;
  s.what = "rolls", s.sides = 20, s.versus = "modulo", s.versus_bits = 8, s.alpha = "0.0001";
  const auto options = check_options_from_params(check_file_params(s) + "&file=3");
  ASSERT_TRUE(options) << options.error();
  EXPECT_EQ(options->kind, CheckKind::rolls);
  EXPECT_EQ(options->sides, 20u);
  EXPECT_EQ(options->method, "modulo");
  EXPECT_EQ(options->method_bits, 8u);
  EXPECT_EQ(options->alpha, 0.0001);
  EXPECT_FALSE(check_options_from_params("what=cards"));
}

}  // namespace
}  // namespace shufflelab
