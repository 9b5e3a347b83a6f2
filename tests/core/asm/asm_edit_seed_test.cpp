// The editor's seed is what the routine's state bytes hold: a link without
// seed= (the lab's 64-bit default seed) and a seed typed wider than the state
// are kept to the state's low bytes, which the stepper and the check use.
// Expected outputs come from the LFSR written again here.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "core/asm/asm_lab_session.hpp"
#include "core/base/plain_text.hpp"
#include "core/inline_job_runner.hpp"
#include "core/url_state.hpp"
#include "test_support.hpp"

namespace shufflelab {
namespace {

// A 16-bit Galois LFSR (galois16's taps $B400) in ca65 syntax, state HI, LO.
const char* kGalois16 =
    "HI = $84\n"
    "LO = $85\n"
    "next:   ldx #8\n"
    "shift:  lsr HI\n"
    "        ror LO\n"
    "        bcc skip\n"
    "        lda HI\n"
    "        eor #$B4\n"
    "        sta HI\n"
    "skip:   dex\n"
    "        bne shift\n"
    "        lda HI\n"
    "        rts\n";

std::uint16_t galois16_call(std::uint16_t s) {
  for (int i = 0; i < 8; ++i) s = static_cast<std::uint16_t>((s >> 1) ^ ((s & 1) ? 0xB400 : 0));
  return s;
}

struct Lab {
  AsmLabState state;
  InlineJobRunner jobs;
  AsmLabSession session{state, jobs};
};

TEST(AsmEditSeed, ALinkWithoutSeedShowsTheSeedItsStateBytesUse) {
  const std::string link = "#v=1&lab=asm&edit=1&cpu=6502&entry=next&state=HI%2CLO&against=galois16&calls=3&src=" +
                           percent_encode(kGalois16);
  const DecodedState opened = decode_fragment(link);
  ASSERT_TRUE(opened.notices.empty()) << opened.notices.front();
  Lab lab;
  lab.state = opened.state.assembly;
  ASSERT_EQ(lab.state.inputs.seed, 0x0102030405060708u);  // the lab's default, from no seed=
  ASSERT_TRUE(test::send(lab.session, "run"));
  // Two state bytes: the seed is 0708, the state the stepper starts from.
  EXPECT_EQ(lab.session.state().inputs.seed, 0x0708u);
  ASSERT_TRUE(lab.session.view().run) << lab.session.view().error;
  std::uint16_t s = 0x0708;
  std::vector<std::uint64_t> expected;
  for (int i = 0; i < 3; ++i) expected.push_back((s = galois16_call(s)) >> 8);
  EXPECT_EQ(lab.session.view().run->outputs, expected);
  // And the check's consecutive calls start there too.
  test::run_jobs(lab.session);
  const AsmCheckView check = lab.session.editor().check_view();
  ASSERT_TRUE(check.result) << check.error;
  EXPECT_EQ(check.result->start, (std::vector<std::uint8_t>{0x07, 0x08}));
  EXPECT_NE(asm_lab_link(lab.state).find("seed=0000000000000708"), std::string::npos) << asm_lab_link(lab.state);
  // A seed typed wider than the state is kept to its low bytes as well.
  ASSERT_TRUE(test::send(lab.session, "seed=12345ACE1"));
  EXPECT_EQ(lab.session.state().inputs.seed, 0xACE1u);
}

}  // namespace
}  // namespace shufflelab
