// A reader's coin-flip die roller beside the C++ it claims to be
// (core/asm/routine_check, claims dN-fdr@GENERATOR and dN-fdr-tarot@...):
// the Game Boy listing's own source (asm/sm83/seed000.asm) with a four-line
// d6 entry, and the same with one change. The expected faces and states come
// from the brute force below, written from the definitions (the tarot
// article's LFSR, a queue of bits, Lumbroso's loop), not from core/dice.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "core/asm/asm_lab.hpp"
#include "core/asm/routine_check.hpp"
#include "core/job_catalog.hpp"
#include "core/url_state.hpp"
#include "listing_sm83.hpp"

namespace shufflelab {
namespace {

using assembler::Cpu;

// The brute force: the 32-bit register shifted right eight times a byte,
// $CF into its top byte when a 1 falls out, the top byte the output; a queue
// serving each byte's bits (lowest first, or highest first for the wrong
// routine) with `bits_per_byte` of them taken; the roller from its definition.
struct BruteRoller {
  std::uint32_t lfsr = 1;
  unsigned flips = 0;  // left in the queue
  unsigned queue = 0;  // unread bits, the next one lowest (highest when msb_first)
  bool msb_first = false;
  unsigned bits_per_byte = 8;

  unsigned flip() {
    if (flips == 0) {
      for (int i = 0; i < 8; ++i) lfsr = (lfsr >> 1) ^ ((lfsr & 1) ? 0xCF000000u : 0u);
      queue = lfsr >> 24;
      flips = bits_per_byte;
    }
    --flips;
    const unsigned bit = msb_first ? queue >> 7 & 1 : queue & 1;
    queue = msb_first ? (queue << 1) & 0xff : queue >> 1;
    return bit;
  }
  // Faces 1..n: v doubles and takes a flip into c until v >= n; c < n is the
  // value, else both lose `step` (n, or the tarot article's n - 1).
  unsigned roll(unsigned n, unsigned step) {
    unsigned v = 1, c = 0;
    for (;;) {
      v *= 2;
      c = 2 * c + flip();
      if (v < n) continue;
      if (c < n) return c + 1;
      v -= step;
      c -= step;
    }
  }
  // The claim's state bytes: flips left, queue, the register's four bytes.
  std::vector<std::uint8_t> state() const {
    return {static_cast<std::uint8_t>(flips), static_cast<std::uint8_t>(queue),  static_cast<std::uint8_t>(lfsr >> 24),
            static_cast<std::uint8_t>(lfsr >> 16), static_cast<std::uint8_t>(lfsr >> 8), static_cast<std::uint8_t>(lfsr)};
  }
};

// The listing kept by the lab, and entries that call its rollers with
// B = top = n - 1 and return the face (value + 1).
std::string listing_with_entries() {
  return std::string(data::kListingSm83) +
         "\n; The test's entries: a d6 by the fixed roller and by the article's.\n"
         "d6_fdr:\n"
         "        ld b,5\n"
         "        call roll_fdr\n"
         "        inc a\n"
         "        ret\n"
         "d6_roll:\n"
         "        ld b,5\n"
         "        call roll\n"
         "        inc a\n"
         "        ret\n";
}

// FLIPS, RNG, then LFSR0..LFSR0+3 (the equates at the listing's top).
const std::vector<std::uint32_t> kListingState{0xC005, 0xC004, 0xC000, 0xC001, 0xC002, 0xC003};

RoutineCheckRequest listing_request(const std::string& source, const std::string& entry, const std::string& against) {
  const assembler::Assembly assembly = assembler::assemble(Cpu::sm83, source);
  EXPECT_TRUE(assembly.ok()) << assembler::diagnostics_text(assembly, "seed000.asm");
  auto request = routine_request_from_assembly(assembly, entry);
  EXPECT_TRUE(request) << request.error();
  RoutineCheckRequest out = *request;
  out.state = kListingState;
  out.against = against;
  out.start = 0x12345678;  // the lab's seed for the Game Boy listings: the register, an empty queue
  return out;
}

RoutineCheck checked(const RoutineCheckRequest& request) {
  auto check = check_routine(request);
  EXPECT_TRUE(check) << check.error();
  return check ? *check : RoutineCheck{};
}

TEST(RoutineRoller, TheClaimsAreListedAndTakeTheQueueAndTheGeneratorsBytes) {
  std::vector<std::string> names;
  for (const RoutineClaimInfo& claim : routine_claims()) names.push_back(claim.name);
  for (const char* name : {"d6-fdr@tarot32", "d6-fdr-tarot@tarot32", "d20-fdr@tarot32", "d78-fdr-tarot@tarot32"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
    EXPECT_TRUE(check_routine_claim("against", name)) << name;
    EXPECT_EQ(routine_claim_state_bytes(name).value(), 6u) << name;  // 2 + tarot32's 4
  }
  EXPECT_EQ(routine_claim_state_bytes("d6-fdr@galois16").value(), 4u);
  // Refused, each with what to write instead.
  const auto refused = [](const char* name, const char* part) {
    const auto claim = check_routine_claim("against", name);
    ASSERT_FALSE(claim) << name;
    EXPECT_NE(claim.error().find(part), std::string::npos) << claim.error();
  };
  refused("d6-fdr", "name the generator its bits come from, as in d6-fdr@tarot32");
  refused("d6-reject@tarot32", "is not a coin-flip roller (fdr or fdr-tarot)");
  refused("d6-fdr@galois99", "after @: the generator");
  refused("d1-fdr-tarot@tarot32", "tarot variant needs n >= 2");
  refused("d256-fdr@tarot32", "sides must be 1..255");
  refused("d6-fdr@z80", "wider than 48 bits");
}

TEST(RoutineRoller, TheGameBoyListingsFastDiceRollerEqualsD6FdrOnTarot32) {
  const auto request = listing_request(listing_with_entries(), "d6_fdr", "d6-fdr@tarot32");
  const RoutineCheck check = checked(request);
  EXPECT_TRUE(check.equal) << routine_check_text(request, check);
  EXPECT_FALSE(check.exhaustive);  // 48 bits of state
  EXPECT_EQ(check.calls_checked, kDefaultRoutineCalls);
  EXPECT_TRUE(check.start_from_image);
  EXPECT_EQ(check.start, (std::vector<std::uint8_t>{0, 0, 0x12, 0x34, 0x56, 0x78}));
  EXPECT_FALSE(check.period);
  // The faces of the same 1,000 rolls by the brute force, for the routine and for the C++ claim.
  BruteRoller brute{0x12345678};
  std::vector<std::uint32_t> faces(7, 0);
  for (std::uint32_t i = 0; i < kDefaultRoutineCalls; ++i) ++faces[brute.roll(6, 6)];
  EXPECT_EQ(check.face_counts, faces);
  EXPECT_EQ(check.expected_face_counts, faces);
  EXPECT_EQ(routine_check_verdict(request, check),
            "equal to d6-fdr@tarot32 over 1,000 consecutive calls from state 00 00 12345678 (its state is too wide "
            "to try every one)");
  const std::string text = routine_check_text(request, check);
  EXPECT_NE(text.find("faces over the 1,000 consecutive calls: 1: " + std::to_string(faces[1]) + ", 2: "),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("M-cycles per call: min "), std::string::npos) << text;
}

TEST(RoutineRoller, TheArticlesRollerEqualsD6FdrTarotAndDiffersFromD6Fdr) {
  const std::string source = listing_with_entries();
  const auto tarot = listing_request(source, "d6_roll", "d6-fdr-tarot@tarot32");
  const RoutineCheck check = checked(tarot);
  EXPECT_TRUE(check.equal) << routine_check_text(tarot, check);
  BruteRoller brute{0x12345678};
  std::vector<std::uint32_t> faces(7, 0);
  for (std::uint32_t i = 0; i < kDefaultRoutineCalls; ++i) ++faces[brute.roll(6, 5)];
  EXPECT_EQ(check.expected_face_counts, faces);
  // Claimed as the published roller it differs where an overshoot first takes 5, not 6, off.
  const RoutineCheck wrong = checked(listing_request(source, "d6_roll", "d6-fdr@tarot32"));
  ASSERT_TRUE(wrong.difference);
  BruteRoller article{0x12345678}, published{0x12345678};
  std::uint64_t call = 0;
  unsigned theirs = 0, ours = 0;
  do {
    ++call;
    theirs = article.roll(6, 5);
    ours = published.roll(6, 6);
  } while (theirs == ours && article.state() == published.state());
  EXPECT_EQ(wrong.difference->call, call);
  EXPECT_EQ(wrong.difference->output, theirs);
  EXPECT_EQ(wrong.difference->expected_output, ours);
  EXPECT_EQ(wrong.difference->state, article.state());
  EXPECT_EQ(wrong.difference->expected_state, published.state());
}

// The claim's @ survives a link (against=) and the worker job's parameters.
TEST(RoutineRoller, ALinkAndTheJobCarryTheClaim) {
  const DecodedState opened = decode_fragment("#v=1&lab=asm&edit=1&cpu=sm83&against=d6-fdr@tarot32");
  EXPECT_TRUE(opened.notices.empty()) << opened.notices.front();
  EXPECT_EQ(opened.state.assembly.edit.against, "d6-fdr@tarot32");
  EXPECT_NE(asm_lab_link(opened.state.assembly).find("&against=d6-fdr@tarot32"), std::string::npos);
  auto request = listing_request(listing_with_entries(), "d6_fdr", "d6-fdr@tarot32");
  request.calls = 200;
  const RoutineCheck direct = checked(request);
  auto job = make_job("routine_check", routine_check_params(request));
  ASSERT_TRUE(job) << job.error();
  run_job_to_end(**job, 5000, [](double) {});
  const auto decoded = decode_routine_check((*job)->result());
  ASSERT_TRUE(decoded) << decoded.error();
  EXPECT_TRUE(decoded->equal);
  EXPECT_EQ(routine_check_text(request, *decoded), routine_check_text(request, direct));
}

// One change to the listing's coin_flip, and the brute force of what it does.
struct Mutation {
  const char* name;
  const char* from;
  const char* to;
  bool msb_first;
  unsigned bits_per_byte;
};

TEST(RoutineRoller, OneChangeInTheCoinQueueIsTheFirstDifferenceWithBothOutputs) {
  for (const Mutation& m : {Mutation{"the highest bit first", "        srl (hl)", "        sla (hl)", true, 8},
                            Mutation{"the queue reloaded one flip early", "        ld a,8\n", "        ld a,7\n", false, 7}}) {
    std::string source = listing_with_entries();
    const std::size_t at = source.find(m.from);
    ASSERT_NE(at, std::string::npos) << m.name;
    ASSERT_EQ(source.find(m.from, at + 1), std::string::npos) << m.name;  // one place only
    source.replace(at, std::string(m.from).size(), m.to);
    const auto request = listing_request(source, "d6_fdr", "d6-fdr@tarot32");
    const RoutineCheck check = checked(request);
    EXPECT_FALSE(check.equal) << m.name;
    ASSERT_TRUE(check.difference) << m.name;
    BruteRoller changed{0x12345678, 0, 0, m.msb_first, m.bits_per_byte}, claim{0x12345678};
    std::uint64_t call = 0;
    std::vector<std::uint8_t> before;
    unsigned theirs = 0, ours = 0;
    do {
      ++call;
      before = claim.state();
      theirs = changed.roll(6, 6);
      ours = claim.roll(6, 6);
    } while (theirs == ours && changed.state() == claim.state());
    const RoutineDifference& d = *check.difference;
    EXPECT_EQ(d.call, call) << m.name;
    EXPECT_EQ(d.before, before) << m.name;
    EXPECT_EQ(d.output, theirs) << m.name;
    EXPECT_EQ(d.expected_output, ours) << m.name;
    EXPECT_EQ(d.state, changed.state()) << m.name;
    EXPECT_EQ(d.expected_state, claim.state()) << m.name;
    const auto hex = [](const std::vector<std::uint8_t>& s) {
      char out[32];
      std::snprintf(out, sizeof out, "%02X %02X %02X%02X%02X%02X", s[0], s[1], s[2], s[3], s[4], s[5]);
      return std::string(out);
    };
    EXPECT_EQ(routine_check_verdict(request, check),
              "different from d6-fdr@tarot32: at call " + std::to_string(call) +
                  " of the run from state 00 00 12345678 the routine returns face " + std::to_string(theirs) +
                  " and leaves state " + hex(changed.state()) + "; d6-fdr@tarot32 gives face " + std::to_string(ours) +
                  " and state " + hex(claim.state()))
        << m.name;
  }
}

// An 8-bit generator: queue and register fit in 24 bits, so every state the
// roller can be in is tried. The 8-bit Galois register of the galois8 preset
// (taps $B8, the state after eight steps is the byte), the listing's queue and
// its fixed roller, typed again around it.
const char* kGalois8Roller =
    "        org 0x0200\n"
    "G8:     equ 0xc010\n"
    "RNG:    equ 0xc011\n"
    "FLIPS:  equ 0xc012\n"
    "d6:     ld b,5\n"
    "        ld d,1\n"
    "        ld c,0\n"
    "flip:   sla d\n"
    "        ld a,(FLIPS)\n"
    "        and a\n"
    "        jr nz,take\n"
    "        ld a,(G8)\n"
    "        ld e,8\n"
    "step:   srl a\n"
    "        jr nc,next\n"
    "        xor 0xb8\n"
    "next:   dec e\n"
    "        jr nz,step\n"
    "        ld (G8),a\n"
    "        ld (RNG),a\n"
    "        ld a,8\n"
    "take:   dec a\n"
    "        ld (FLIPS),a\n"
    "        ld hl,RNG\n"
    "        srl (hl)\n"
    "        rl c\n"
    "        ld a,b\n"
    "        cp d\n"
    "        jr nc,flip\n"
    "        ld a,b\n"
    "        cp c\n"
    "        jr nc,done\n"
    "        ld a,d\n"
    "        sbc a,b\n"
    "        ld d,a\n"
    "        ld a,c\n"
    "        scf\n"
    "        sbc a,b\n"
    "        ld c,a\n"
    "        jr flip\n"
    "done:   ld a,c\n"
    "        inc a\n"
    "        ret\n";

TEST(RoutineRoller, AnEightBitGeneratorsRollerIsCheckedInEveryState) {
  const assembler::Assembly assembly = assembler::assemble(Cpu::sm83, kGalois8Roller);
  ASSERT_TRUE(assembly.ok()) << assembler::diagnostics_text(assembly, "galois8");
  auto made = routine_request_from_assembly(assembly, "d6");
  ASSERT_TRUE(made) << made.error();
  RoutineCheckRequest request = *made;
  request.state = {0xC012, 0xC011, 0xC010};  // FLIPS, RNG, G8
  request.against = "d6-fdr@galois8";
  const RoutineCheck check = checked(request);
  EXPECT_TRUE(check.equal) << routine_check_text(request, check);
  EXPECT_TRUE(check.exhaustive);
  // Flips left f = 0..8 with a queue byte below 2^f (1 + 2 + ... + 256 = 511), times the 255 nonzero registers.
  EXPECT_EQ(check.states_checked, 511u * 255u);
  EXPECT_TRUE(check.zero_refused);
  EXPECT_EQ(routine_check_verdict(request, check),
            "equal to d6-fdr@galois8 for all 130,305 states (every coin queue with every nonzero generator state, "
            "one call from each) and 1,000 consecutive calls from state 00 00 01");
}

}  // namespace
}  // namespace shufflelab
