// The LFSR lab's one vocabulary: what a button, its key, a lesson step, the
// hook and the CLI send. Expected registers, bytes and periods come from a
// Galois register stepped here by hand (shift right; a 1 falling out XORs the
// mask into the top byte), expected steps from arithmetic on t, and the rest
// from the link corpus (tests/links/v1.tsv) or the articles.
#include "core/lfsr/lfsr_session.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/inline_job_runner.hpp"

namespace shufflelab {
namespace {

// The tarot register, stepped one bit-step at a time.
struct HandGalois {
  int width;
  std::uint64_t mask;  // the top byte's mask
  std::uint64_t reg;
  std::uint64_t step() {
    const std::uint64_t out = reg & 1;
    reg >>= 1;
    if (out) reg ^= mask << (width - 8);
    return reg;
  }
  std::uint64_t after(std::uint64_t steps) {
    for (std::uint64_t i = 0; i < steps; ++i) step();
    return reg;
  }
  std::uint8_t next_byte() { return static_cast<std::uint8_t>(after(8) >> (width - 8)); }
  // Bit-steps until the seed returns (0: not within 2^width steps).
  std::uint64_t period() {
    const std::uint64_t seed = reg;
    for (std::uint64_t n = 1; n <= (std::uint64_t{1} << width); ++n)
      if (step() == seed) return n;
    return 0;
  }
};

Result<bool> send(LfsrSession& s, std::string_view text) { return s.apply(parse_lab_command(text)); }

std::vector<std::string> tab_ids(LfsrSession& s) {
  std::vector<std::string> ids;
  for (const LfsrTab& tab : s.view().tabs) ids.push_back(tab.id);
  return ids;
}

void run_jobs(LfsrSession& s) {
  while (s.busy()) s.tick(0.0);
}

// A session on its own part of the link state, as the app holds one (a test
// sets the state's fields before its first command).
class LfsrSessionCommands : public ::testing::Test {
 protected:
  InlineJobRunner jobs;
  LfsrLabState state;  // tarot32, DEADBEEF, mask CF
  LfsrSession s{state, jobs};
};

TEST_F(LfsrSessionCommands, TransportCommandsMoveTAsTheGeneratorAllows) {
  state.t = 13;
  EXPECT_TRUE(send(s, "step").value());
  EXPECT_EQ(state.t, 14u);
  EXPECT_TRUE(send(s, "step_byte").value());  // to the next multiple of 8
  EXPECT_EQ(state.t, 16u);
  EXPECT_TRUE(send(s, "step_byte").value());
  EXPECT_EQ(state.t, 24u);
  EXPECT_TRUE(send(s, "back_bit").value());
  EXPECT_EQ(state.t, 23u);
  EXPECT_TRUE(send(s, "back_byte").value());  // the Down key: the byte boundary before
  EXPECT_EQ(state.t, 16u);
  EXPECT_TRUE(send(s, "back_byte").value());
  EXPECT_EQ(state.t, 8u);
  EXPECT_TRUE(send(s, "scrub=13").value());
  EXPECT_EQ(s.stepper().lfsr.state, (HandGalois{32, 0xCF, 0xDEADBEEF}.after(13)));
  EXPECT_TRUE(send(s, "reset").value());
  EXPECT_EQ(state.t, 0u);
  EXPECT_FALSE(send(s, "back").value());  // at the seed: no change
  EXPECT_TRUE(send(s, "scrub=99999999999999999").value());
  EXPECT_EQ(state.t, 9007199254740992u);  // 2^53, the largest t a link holds exactly
  EXPECT_FALSE(send(s, "step").value());

  // Calls and outputs: a byte is one step; replayed generators stop at 2^20.
  ASSERT_TRUE(send(s, "gen=z80"));
  EXPECT_EQ(state.t, 0u);
  ASSERT_TRUE(send(s, "step_byte"));
  EXPECT_EQ(state.t, 1u);
  ASSERT_TRUE(send(s, "gen=glibc"));
  ASSERT_TRUE(send(s, "scrub=5000000"));
  EXPECT_EQ(state.t, 1048576u);
}

TEST_F(LfsrSessionCommands, PlayStepsAtItsSpeedAndResetStopsItWhicheverWayItIsSent) {
  ASSERT_TRUE(send(s, "speed=60"));
  ASSERT_TRUE(send(s, "play"));
  s.tick(0.5);
  EXPECT_EQ(state.t, 30u);
  ASSERT_TRUE(send(s, "speed=2.5"));
  s.tick(2.0);
  EXPECT_EQ(state.t, 35u);
  // Reset is the button, the Home key and the hook's command alike: t = 0 and playback stops.
  ASSERT_TRUE(send(s, "reset"));
  EXPECT_FALSE(s.view().playing);
  s.tick(1.0);
  EXPECT_EQ(state.t, 0u);
  ASSERT_TRUE(send(s, "toggle_play"));  // Space
  EXPECT_TRUE(s.view().playing);
  ASSERT_TRUE(send(s, "seed=00000001"));  // a new setup stops it too
  EXPECT_FALSE(s.view().playing);
  // Full speed: whole chunks of real steps; the register is the one reached by stepping.
  ASSERT_TRUE(send(s, "speed=full"));
  EXPECT_TRUE(s.view().full_speed);
  ASSERT_TRUE(send(s, "play"));
  s.tick(0.0);
  ASSERT_GE(state.t, 1024u);
  EXPECT_EQ(state.t % 1024, 0u);
  EXPECT_EQ(s.stepper().lfsr.state, (HandGalois{32, 0xCF, 1}.after(state.t)));
  ASSERT_TRUE(send(s, "pause"));
  const std::uint64_t t = state.t;
  s.tick(1.0);
  EXPECT_EQ(state.t, t);
  // Playing stops at the generator's last step.
  ASSERT_TRUE(send(s, "gen=glibc"));
  ASSERT_TRUE(send(s, "scrub=1048570"));
  ASSERT_TRUE(send(s, "speed=100"));
  ASSERT_TRUE(send(s, "play"));
  s.tick(1.0);
  EXPECT_EQ(state.t, 1048576u);
  s.tick(1.0);
  EXPECT_FALSE(s.view().playing);
}

TEST_F(LfsrSessionCommands, FieldsChangeTheSetupAndStartAgainAtTZero) {
  state.t = 9;
  ASSERT_TRUE(send(s, "width=16").value());  // the seed keeps the bits that fit
  EXPECT_EQ(state.width, 16);
  EXPECT_EQ(state.seed, 0xBEEFu);
  EXPECT_EQ(state.t, 0u);
  ASSERT_TRUE(send(s, "mask=C5").value());
  EXPECT_EQ(state.mask, 0xC5u);
  ASSERT_TRUE(send(s, "scrub=5"));
  EXPECT_FALSE(send(s, "mask=c5").value());  // the value it has: nothing changes, t stays
  EXPECT_EQ(state.t, 5u);
  ASSERT_TRUE(send(s, "full_taps=1").value());  // the mask in the top byte, as full-width taps
  EXPECT_EQ(state.taps, 0xC500u);
  ASSERT_TRUE(send(s, "taps=B400").value());
  EXPECT_EQ(state.taps, 0xB400u);
  EXPECT_FALSE(send(s, "taps=1B400"));  // wider than the register
  ASSERT_TRUE(send(s, "seed=ACE1").value());
  EXPECT_EQ(state.seed, 0xACE1u);

  ASSERT_TRUE(send(s, "gen=fibonacci"));
  ASSERT_TRUE(send(s, "width=16"));
  EXPECT_EQ(state.taps, 0x002Du);  // the corpus link gen=fibonacci&width=16 opens with taps=002D
  EXPECT_FALSE(send(s, "mask=CF"));  // no mask here

  ASSERT_TRUE(send(s, "gen=lcg32"));
  ASSERT_TRUE(send(s, "preset=randu").value());
  EXPECT_EQ(state.preset, 1);
  ASSERT_TRUE(send(s, "gen=xorshift"));
  ASSERT_TRUE(send(s, "width=32").value());  // the other xorshift, from seed 1
  EXPECT_EQ(state.width, 32);
  EXPECT_EQ(state.seed, 1u);
  EXPECT_FALSE(send(s, "width=24"));
  ASSERT_TRUE(send(s, "gen=pcg32"));
  ASSERT_TRUE(send(s, "stream=0000000000000007").value());
  EXPECT_EQ(state.stream, 7u);
}

TEST_F(LfsrSessionCommands, EachGeneratorHasItsTabsAndANewSetupKeepsTheTabItStillHas) {
  using Ids = std::vector<std::string>;
  EXPECT_EQ(tab_ids(s), (Ids{"stepper", "bitplane", "period", "claims"}));  // linear: the period
  EXPECT_FALSE(send(s, "tab=lattice"));
  ASSERT_TRUE(send(s, "gen=lcg32"));
  EXPECT_EQ(tab_ids(s), (Ids{"stepper", "bitplane", "lattice", "claims"}));  // LCGs: the lattice
  ASSERT_TRUE(send(s, "tab=lattice"));
  ASSERT_TRUE(send(s, "seed=00000003"));
  EXPECT_EQ(state.tab, "lattice");
  ASSERT_TRUE(send(s, "gen=splitmix64"));
  EXPECT_EQ(tab_ids(s), (Ids{"stepper", "bitplane", "claims"}));
  EXPECT_EQ(state.tab, "stepper");
  ASSERT_TRUE(send(s, "tab=claims"));
  ASSERT_TRUE(send(s, "gen=z80"));
  EXPECT_EQ(state.tab, "claims");
}

TEST_F(LfsrSessionCommands, RefusedCommandsNameThemselvesAndKeepTheState) {
  state.t = 4;
  const LfsrLabState before = state;
  for (const char* bad : {"scrub=abc", "scrub", "gen=nope", "tab=nope", "bitplane=planes", "speed=0", "speed=1.",
                          "seed=XYZ", "seed=00000000", "width=3", "taps=1", "preset=randu", "stream=1", "weak_seed=99",
                          "maximal_mask=300", "claim=nope", "try=nope", "lanes=2", "download_stream=0", "warp"}) {
    auto r = send(s, bad);
    ASSERT_FALSE(r) << bad;
    const std::string verb = parse_lab_command(bad).verb;
    EXPECT_NE(r.error().find(verb), std::string::npos) << r.error();
    EXPECT_EQ(state, before) << bad;
  }
}

TEST_F(LfsrSessionCommands, OneClickSetupsOpenWhatTheyName) {
  ASSERT_TRUE(send(s, "try=randu"));
  EXPECT_EQ(state.gen, LabGen::lcg32);
  EXPECT_EQ(state.preset, 1);
  EXPECT_EQ(s.view().plane_source, BitPlaneSource::words);
  ASSERT_TRUE(send(s, "try=tarot16"));
  EXPECT_EQ(lfsr_lab_link(state), "#v=1&lab=lfsr&width=16&seed=BEEF&mask=01&t=0");  // the corpus' short-period link
  EXPECT_EQ(s.view().plane_source, BitPlaneSource::bytes);
  ASSERT_TRUE(send(s, "claim=z80"));  // the all-ones fixed point
  EXPECT_EQ(lfsr_lab_link(state), "#v=1&lab=lfsr&gen=z80&seed=FFFFFFFFFFFFFFFF&t=0");
  ASSERT_TRUE(send(s, "claim=tarot"));
  EXPECT_EQ(lfsr_lab_link(state), "#v=1&lab=lfsr&seed=00000001&mask=CF&t=0");
  ASSERT_TRUE(send(s, "claim=c5"));
  EXPECT_EQ(lfsr_lab_link(state), "#v=1&lab=lfsr&seed=00000001&mask=C5&t=0");

  // A maximal mask at width 8: every nonzero seed runs through all 255 states.
  ASSERT_TRUE(send(s, "width=8"));
  ASSERT_FALSE(s.view().maximal_masks.empty());
  const std::uint8_t first_maximal = s.view().maximal_masks[0];
  ASSERT_TRUE(send(s, "maximal_mask=0"));
  EXPECT_EQ(state.mask, first_maximal);
  EXPECT_EQ((HandGalois{8, state.mask, state.seed}.period()), 255u);
  // Width 8, mask 80: a rotation (x^8 + 1 = (x + 1)^8): seeds on cycles of 1, 2, 4 or 8 bit-steps.
  ASSERT_TRUE(send(s, "mask=80"));
  ASSERT_TRUE(send(s, "scrub=3"));
  ASSERT_TRUE(send(s, "weak_seed=0"));
  EXPECT_EQ(state.t, 0u);
  const std::uint64_t stepped = HandGalois{8, state.mask, state.seed}.period();
  EXPECT_EQ(s.view().analysis->seed.period, stepped);
  EXPECT_LT(stepped, 8u);
}

TEST_F(LfsrSessionCommands, TheCheckBySteppingIsTheLinksRunUntilItsSetupChangesOrItIsCancelled) {
  state.width = 16, state.seed = 1;
  ASSERT_TRUE(send(s, "check_period").value());
  EXPECT_EQ(state.run, "period");
  EXPECT_TRUE(s.busy());
  run_jobs(s);
  const std::uint64_t stepped = HandGalois{16, 0xCF, 1}.period();
  ASSERT_NE(s.view().counted, nullptr);
  EXPECT_EQ(*s.view().counted, stepped);
  EXPECT_TRUE(s.view().counted_agrees);
  std::string text;
  for (const TextLine& line : s.text()) text += line.text + "\n";
  EXPECT_NE(text.find("Checked by stepping: the seed came back after " + std::to_string(stepped)), std::string::npos)
      << text;
  EXPECT_EQ(state.run, "period");
  ASSERT_TRUE(send(s, "seed=0002"));  // another setup: the result and the run= are gone
  EXPECT_EQ(state.run, "");
  EXPECT_EQ(s.view().counted, nullptr);

  // A link's run= starts the check; a cancel drops it from the link.
  state.run = "period";
  s.start_linked_run();
  EXPECT_TRUE(s.busy());
  EXPECT_EQ(state.run, "period");
  ASSERT_TRUE(send(s, "cancel_check"));
  s.tick(0.0);
  EXPECT_FALSE(s.busy());
  EXPECT_EQ(state.run, "");
}

TEST_F(LfsrSessionCommands, TheStreamDownloadHoldsTheGeneratorsNextBytes) {
  state.t = 13;
  ASSERT_TRUE(send(s, "download_stream=64"));
  std::optional<LabStream> stream = s.take_download();
  ASSERT_TRUE(stream);
  HandGalois reg{32, 0xCF, 0xDEADBEEF};
  reg.after(13);
  for (std::size_t k = 0; k < 64; ++k) ASSERT_EQ(stream->bytes[k], reg.next_byte()) << "byte " << k;
  EXPECT_EQ(stream->filename, "shufflelab-tarot32-t13.bin");
  EXPECT_EQ(s.view().stream_command, stream->command);
  EXPECT_FALSE(s.take_download());  // taken once
  EXPECT_FALSE(send(s, "download_stream=99999999"));  // more than a browser download: the CLI's job
  EXPECT_NE(s.view().stream_error.find("shufflelab stream"), std::string::npos);
  EXPECT_FALSE(s.take_download());
}

TEST_F(LfsrSessionCommands, TheHooksObjectLeavesTheScreensFieldsToThePage) {
  state.gen = LabGen::lcg32, state.seed = 1;
  const std::string plain = s.describe_json();
  EXPECT_EQ(plain.find("\"uploaded\""), std::string::npos);
  EXPECT_EQ(plain.find("\"yaw\""), std::string::npos);
  EXPECT_EQ(plain.find("\"lanes\""), std::string::npos);
  const std::string page = s.describe_json_with(",\"uploaded\":false", ",\"yaw\":1");
  EXPECT_NE(page.find("\"first\":\"\",\"uploaded\":false}"), std::string::npos) << page;
  EXPECT_NE(page.find(",\"yaw\":1}"), std::string::npos) << page;
}

}  // namespace
}  // namespace shufflelab
