// The Assembly lab's editor through its commands (what the panel, a link,
// the hook and the CLI send): a 6502 Galois LFSR typed in, compared with the
// core's galois16 over every state; one wrong tap found at its first state;
// errors at their line while the last good routine stays; hostile sources.
// Expected values come from a model of the routine written here (8 shifts of
// a 16-bit register, taps XORed into the high byte) and from counting.
#include "core/asm/asm_lab_session.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "core/base/plain_text.hpp"
#include "core/base/text_format.hpp"
#include "core/inline_job_runner.hpp"
#include "core/url_state.hpp"
#include "test_support.hpp"

namespace shufflelab {
namespace {

using test::all_text;
using test::run_jobs;
using test::send;

// ca65 syntax, written for this test (not the listing in asm/).
std::string galois_source(const char* taps_high) {
  return std::string(
             "HI = $84\n"
             "LO = $85\n"
             "next:   ldx #8\n"
             "shift:  lsr HI\n"
             "        ror LO          ; out bit in carry\n"
             "        bcc skip\n"
             "        lda HI\n"
             "        eor #$") +
         taps_high +
         "\n"
         "        sta HI\n"
         "skip:   dex\n"
         "        bne shift\n"
         "        lda HI\n"
         "        rts\n";
}

// The routine as C++: 8 right shifts, the taps' high byte XORed in on a 1 out.
std::uint16_t model_step(std::uint16_t s, std::uint8_t taps_high) {
  for (int i = 0; i < 8; ++i) {
    const bool out = s & 1;
    s = static_cast<std::uint16_t>(s >> 1);
    if (out) s = static_cast<std::uint16_t>(s ^ (taps_high << 8));
  }
  return s;
}

struct Lab {
  AsmLabState state;
  InlineJobRunner jobs;
  AsmLabSession session{state, jobs};
};

void type_galois(Lab& lab, const char* taps_high) {
  ASSERT_TRUE(send(lab.session, "edit=new"));
  ASSERT_TRUE(send(lab.session, "cpu=6502"));
  ASSERT_TRUE(send(lab.session, "src=" + percent_encode(galois_source(taps_high))));
  ASSERT_TRUE(send(lab.session, "entry=next"));
  ASSERT_TRUE(send(lab.session, "state=HI,LO"));
  ASSERT_TRUE(send(lab.session, "against=galois16"));
  ASSERT_TRUE(send(lab.session, "seed=ACE1"));
  ASSERT_TRUE(send(lab.session, "calls=4"));
}

TEST(AsmEditor, TypedGaloisLfsrEqualsGalois16OverEveryNonzeroState) {
  Lab lab;
  type_galois(lab, "b4");
  EXPECT_TRUE(lab.session.editor().errors().empty());
  run_jobs(lab.session);
  const AsmCheckView check = lab.session.editor().check_view();
  ASSERT_TRUE(check.result) << check.error;
  EXPECT_TRUE(check.result->equal);
  EXPECT_TRUE(check.result->exhaustive);
  EXPECT_EQ(check.result->states_checked, 65535u);  // 2^16 - 1: every state but 0
  EXPECT_NE(check.verdict.find("65,535"), std::string::npos) << check.verdict;
  // The stepper runs the same routine: its outputs are the model's high bytes from the seed.
  ASSERT_TRUE(send(lab.session, "run"));
  std::uint16_t s = 0xace1;
  std::vector<std::uint64_t> expected;
  for (int i = 0; i < 4; ++i) expected.push_back((s = model_step(s, 0xb4)) >> 8);
  ASSERT_TRUE(lab.session.view().run);
  EXPECT_EQ(lab.session.view().run->outputs, expected);
  const std::string text = all_text(lab.session.text());
  EXPECT_NE(text.find("65,535"), std::string::npos);
  EXPECT_NE(text.find("3: next:   ldx #8"), std::string::npos) << "the Text view reads the source";
}

TEST(AsmEditor, OneWrongTapIsFoundAtTheFirstStateWhereTheModelsDiffer) {
  Lab lab;
  type_galois(lab, "b5");
  run_jobs(lab.session);
  const AsmCheckView check = lab.session.editor().check_view();
  ASSERT_TRUE(check.result) << check.error;
  EXPECT_FALSE(check.result->equal);
  ASSERT_TRUE(check.result->difference);
  // Brute force: the smallest nonzero state where taps B500 and B400 part.
  std::uint32_t first = 1;
  while (model_step(static_cast<std::uint16_t>(first), 0xb5) == model_step(static_cast<std::uint16_t>(first), 0xb4)) ++first;
  const auto& d = *check.result->difference;
  ASSERT_EQ(d.before.size(), 2u);
  EXPECT_EQ(d.before[0] << 8 | d.before[1], first);
  const std::uint16_t wrong = model_step(static_cast<std::uint16_t>(first), 0xb5);
  const std::uint16_t right = model_step(static_cast<std::uint16_t>(first), 0xb4);
  EXPECT_EQ(d.output, wrong >> 8);
  EXPECT_EQ(d.expected_output, right >> 8);
}

TEST(AsmEditor, ErrorsNameTheirLineWhileTheLastGoodRoutineStays) {
  Lab lab;
  type_galois(lab, "b4");
  run_jobs(lab.session);
  const AsmReaderRoutine* good = lab.session.editor().good()->routine.get();
  // Line 5 loses its operand: the error is there, the good routine and its comparison stay.
  std::string broken = galois_source("b4");
  broken.replace(broken.find("ror LO"), 6, "ror #");
  ASSERT_TRUE(send(lab.session, "src=" + percent_encode(broken)));
  const auto& errors = lab.session.editor().errors();
  ASSERT_FALSE(errors.empty());
  EXPECT_EQ(errors.front().line, 5);
  EXPECT_EQ(lab.session.editor().good()->routine.get(), good);
  ASSERT_TRUE(lab.session.editor().check_view().result);
  EXPECT_TRUE(lab.session.editor().check_view().result->equal);
  EXPECT_TRUE(lab.session.view().run);
  EXPECT_NE(all_text(lab.session.text()).find("line 5, column"), std::string::npos);
}

TEST(AsmEditor, HostileSourcesGetAMessageAndKeepTheLastGoodRoutine) {
  Lab lab;
  type_galois(lab, "b4");
  run_jobs(lab.session);
  const AsmReaderRoutine* good = lab.session.editor().good()->routine.get();
  const auto refused_keeps_good = [&](const std::string& source, const std::string& words) {
    ASSERT_TRUE(send(lab.session, "src=" + percent_encode(source)));
    const auto& errors = lab.session.editor().errors();
    ASSERT_FALSE(errors.empty()) << words;
    std::string all;
    for (const auto& e : errors) all += e.message + "\n";
    EXPECT_NE(all.find(words), std::string::npos) << all;
    EXPECT_EQ(lab.session.editor().good()->routine.get(), good);
  };
  refused_keeps_good("next: lda #1\n\x01\x02\xff\xfe junk\n", "not text");
  refused_keeps_good("next: lda #1\nnext: rts\n", "next");  // a label twice
  std::string many;
  for (int i = 0; i < 10000; ++i) many += "  lda #300\n";  // an operand out of range, 10,000 times
  refused_keeps_good(many, "");
  EXPECT_EQ(lab.session.editor().errors().front().line, 1);
  // An endless loop assembles: the stepper stops it and says where.
  ASSERT_TRUE(send(lab.session, "src=" + percent_encode("HI = $84\nLO = $85\nnext: jmp next\n")));
  EXPECT_TRUE(lab.session.editor().errors().empty());
  ASSERT_TRUE(send(lab.session, "run"));
  EXPECT_NE(lab.session.view().error.find("has not returned"), std::string::npos) << lab.session.view().error;
  EXPECT_NE(lab.session.view().error.find("line 3, 'jmp next'"), std::string::npos) << lab.session.view().error;
}

TEST(AsmEditor, EditStartsFromTheListingsSourceAndX86StaysReadOnly) {
  Lab lab;
  ASSERT_TRUE(send(lab.session, "algo=6502-lfsr16"));
  ASSERT_TRUE(send(lab.session, "edit"));
  EXPECT_EQ(lab.state.edit.cpu, "6502");
  EXPECT_NE(lab.state.edit.source.find("galois16:"), std::string::npos);
  EXPECT_EQ(lab.state.edit.entry, "galois16");
  EXPECT_EQ(lab.state.edit.against, "galois16");
  ASSERT_TRUE(send(lab.session, "edit=0"));
  EXPECT_FALSE(lab.state.edit.on);
  ASSERT_TRUE(send(lab.session, "algo=x86-lemire"));
  auto refused = send(lab.session, "edit");
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("read only"), std::string::npos) << refused.error();
  EXPECT_FALSE(lab.state.edit.on);
}

// A listing opened in the editor, assembled by our assembler and run by the
// reader's harness, returns the bytes the listing's own harness returns.
TEST(AsmEditor, AListingOpenedInTheEditorRunsAsTheListingDoes) {
  for (const char* id : {"6502-lfsr16", "6502-lfsr", "6502-xorshift16", "sm83-lfsr"}) {
    Lab lab;
    ASSERT_TRUE(send(lab.session, std::string("algo=") + id));
    ASSERT_TRUE(send(lab.session, "edit"));
    ASSERT_TRUE(lab.session.editor().errors().empty()) << id << ": " << lab.session.editor().errors().front().message;
    const std::uint64_t seed = std::string(id).find("16") != std::string::npos ? 0xace1 : 0x12345678;
    ASSERT_TRUE(send(lab.session, "seed=" + hex_at_least(seed, 4)));
    ASSERT_TRUE(send(lab.session, "calls=16"));
    ASSERT_TRUE(send(lab.session, "run"));
    ASSERT_TRUE(lab.session.view().run) << id << ": " << lab.session.view().error;
    auto listing = AsmSession::start(*parse_asm_algorithm("algo", id), AsmInputs{seed, 0, 0, 16});
    ASSERT_TRUE(listing);
    ASSERT_TRUE(listing.value().run(~std::uint64_t{0}));
    EXPECT_EQ(lab.session.view().run->outputs, listing.value().outputs()) << id;
  }
}

TEST(AsmEditor, ALinkCarriesTheSourceAndOpensOnTheSameRoutine) {
  Lab lab;
  type_galois(lab, "b4");
  const std::string link = asm_lab_link(lab.state);
  // 13 lines are over 200 characters percent-encoded: the link packs them (srcz=), in fewer characters.
  EXPECT_NE(link.find("&srcz="), std::string::npos) << link;
  EXPECT_LT(link.size() - link.find("&srcz="), percent_encode(lab.state.edit.source).size());
  EXPECT_LE(link.size(), kMaxFragmentLength);
  const DecodedState opened = decode_fragment(link);
  EXPECT_TRUE(opened.notices.empty()) << opened.notices.front();
  EXPECT_EQ(opened.state.assembly.edit, lab.state.edit);
  EXPECT_EQ(opened.state.assembly.inputs.seed, 0xace1u);
  // A source past the limit is left out of the link (the page offers it as a file).
  std::string long_source = galois_source("b4");
  // (Comments that differ line by line, so packing cannot fold them.)
  for (std::uint32_t k = 1; source_fits_link(long_source); ++k)
    long_source += "; note " + std::to_string(k * 2654435761u) + " " + std::to_string(k * k * 40503u) + "\n";
  ASSERT_TRUE(send(lab.session, "src=" + percent_encode(long_source)));
  const std::string long_link = asm_lab_link(lab.state);
  EXPECT_EQ(long_link.find("&src="), std::string::npos);
  EXPECT_EQ(long_link.find("&srcz="), std::string::npos);
}

}  // namespace
}  // namespace shufflelab
