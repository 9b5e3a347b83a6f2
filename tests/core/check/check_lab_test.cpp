// The Check lab's plumbing: a report survives the trip from the worker to the
// panel exactly; its link fields round-trip and refuse bad values; an example
// written a slice at a time into a check gives the same report as the whole
// file checked at once (the streaming must not change a single number); and
// a fair and a biased example land on opposite sides of the verdict.
#include <gtest/gtest.h>

#include "core/job_catalog.hpp"
#include "core/check/check_examples.hpp"
#include "core/check/check_lab.hpp"
#include "core/check/check_report_wire.hpp"
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

CheckReport run_example_job(const std::string& params) {
  auto job = make_job("check_example", params);
  EXPECT_TRUE(job) << job.error();
  if (!job) return {};
  // Small, uneven slices: many chunk boundaries inside lines.
  while (!job.value()->done()) job.value()->step(777);
  auto report = decode_check_report(job.value()->payload());
  EXPECT_TRUE(report) << report.error() << " / " << job.value()->summary();
  return report ? report.value() : CheckReport{};
}

void expect_same(const CheckReport& a, const CheckReport& b) {
  EXPECT_EQ(encode_check_report(a), encode_check_report(b));
  ASSERT_EQ(a.tests.size(), b.tests.size());
  for (std::size_t i = 0; i < a.tests.size(); ++i) {
    EXPECT_EQ(a.tests[i].statistic, b.tests[i].statistic) << a.tests[i].key;
    EXPECT_EQ(a.tests[i].p, b.tests[i].p) << a.tests[i].key;
  }
  EXPECT_EQ(report_text(a), report_text(b));
}

TEST(CheckLab, DeckExamplesStreamedEqualTheWholeFileAndSideWithTheVerdict) {
  CheckLabState s;
  s.decks = 3000;
  DrawSourceSpec source;  // the lab's default source: splitmix64 seed 1, lemire on 64-bit words
  CheckOptions options;
  const CheckReport fair = run_example_job(check_example_params(s, 0));
  expect_same(fair, checked_at_once(options, example_decks(ShuffleAlgo::FisherYates, 52, 3000, source).value()));
  const CheckReport naive = run_example_job(check_example_params(s, 1));
  expect_same(naive, checked_at_once(options, example_decks(ShuffleAlgo::Naive, 52, 3000, source).value()));
  EXPECT_FALSE(fair.failed) << report_text(fair);
  EXPECT_TRUE(naive.failed) << report_text(naive);
}

TEST(CheckLab, RollAndByteExamples) {
  CheckLabState s;
  s.what = "rolls";
  s.rolls = 100000;  // d20 from 8-bit words: modulo favours faces 1..16 by 13:12, about 98 of chi-square excess
  const CheckReport lemire = run_example_job(check_example_params(s, 0));
  const CheckReport modulo = run_example_job(check_example_params(s, 1));
  EXPECT_FALSE(lemire.failed) << report_text(lemire);
  EXPECT_TRUE(modulo.failed) << report_text(modulo);
  s.what = "bytes";
  s.bytes = 20000;
  const CheckReport tarot = run_example_job(check_example_params(s, 1));
  EXPECT_TRUE(tarot.failed) << report_text(tarot);  // an LFSR: Berlekamp-Massey predicts it
  EXPECT_EQ(tarot.picture.size(), kCheckPictureBytes);
  const CheckReportView view = make_check_report_view(tarot);
  EXPECT_EQ(view.picture_height, 8192 * 8 / kCheckPictureWidth);
  EXPECT_FALSE(view.profile.empty());
}

TEST(CheckLab, ReportWireRoundTripsExactly) {
  CheckReport r;
  r.kind = "bytes";
  r.alpha = 1e-3 / 3.0;
  r.verdict = "tabs\tand\nnewlines and \\ backslashes";
  r.facts.push_back({"k", "label", 0.1 + 0.2, "text"});
  CheckTest t = make_test("key", "name", 1.0 / 7.0, 255, 5e-324);
  t.p_adjusted = 1, t.failed = true, t.observed = "o", t.meaning = "m\t", t.more = "";
  r.tests.push_back(t);
  r.series.push_back({"s", "series", {1, 2, 3}, {0.5, -0.0, 1e300}});
  r.notes = {"", "note"};
  r.diagnosis = {"Best fit: x\ty", "all"};
  r.inconclusive = true;
  r.picture = {0, 1, 254, 255};
  r.failed = true;
  const auto back = decode_check_report(encode_check_report(r));
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->verdict, r.verdict);
  EXPECT_EQ(back->alpha, r.alpha);
  EXPECT_EQ(back->facts[0].value, 0.1 + 0.2);
  EXPECT_EQ(back->tests[0].statistic, 1.0 / 7.0);
  EXPECT_EQ(back->tests[0].p, 5e-324);
  EXPECT_EQ(back->tests[0].meaning, "m\t");
  EXPECT_EQ(back->series[0].y, r.series[0].y);
  EXPECT_EQ(back->notes, r.notes);
  EXPECT_EQ(back->diagnosis, r.diagnosis);
  EXPECT_TRUE(back->inconclusive);
  EXPECT_EQ(back->picture, r.picture);
  EXPECT_TRUE(back->failed && back->tests[0].failed);
  EXPECT_EQ(encode_check_report(*back), encode_check_report(r));
}

TEST(CheckLab, MalformedWireTextIsRefusedWithItsLine) {
  EXPECT_FALSE(decode_check_report(""));
  EXPECT_FALSE(decode_check_report("shufflelab check report 2"));
  const std::string head = "shufflelab check report 1\n";
  EXPECT_NE(decode_check_report(head + "kind\tdecks\nalpha\tx").error().find("line 3"), std::string::npos);
  EXPECT_FALSE(decode_check_report(head + "note\tbad \\q escape"));
  EXPECT_FALSE(decode_check_report(head + "series\tk\tl\t1,2\t3"));
  EXPECT_FALSE(decode_check_report(head + "picture\tzz"));
  EXPECT_FALSE(decode_check_report(head + "test\tonly\tthree"));
  EXPECT_FALSE(decode_check_report(head + "unknown\t1"));
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
