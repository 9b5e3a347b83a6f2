// routine_check.hpp: a reader's own routine, assembled (core/assembler), run
// on the core's interpreters (core/cpu) beside the C++ it claims to be, and
// proved equal or shown where it differs (issue 25: the Assembly lab's
// comparison and `shufflelab asm --run`).
//
// What a routine may claim to be (RoutineClaim, by name):
//  - a generator of the labs by its CLI name (make_generator: the presets
//    galois16, xorshift16, lcg8..., the catalog's tarot32, xorshift..., the
//    catalog's LCGs by their preset: onechip, randu, msvc): each
//    call returns the generator's next_byte() in A (W on the PIC16) and leaves
//    the generator's state in the state bytes, most significant first (the
//    bytes of its state string, core/gen/generators.hpp);
//  - a die roll "dN-METHOD" (d6-reject, d20-mulhi): the routine reads one
//    random byte from its single state address and returns the face 1..N in
//    A, or 0 when the method throws the byte away (reject, lemire, float);
//    the expected face is the dice lab's RangeMethod on 8-bit words;
//  - a coin-flip roller "dN-fdr@GENERATOR" (Lumbroso's Fast Dice Roller) or
//    "dN-fdr-tarot@GENERATOR" (the tarot article's variant), e.g.
//    d6-fdr@tarot32: each call returns the next face 1..N in A, drawing coin
//    flips from the generator's bytes, lowest bit first, a new byte only when
//    the queue is empty (core/gen/coin_flips: CoinsFromWords over next_byte()
//    and FastDiceRoller, as the dice lab's 8-bit rolls and the Game Boy's
//    sm83-fdr lane). Its state bytes, most significant first: the flips left
//    in the queue (0..8), the queue byte (the unread bits, the next flip
//    lowest, so below 2^flips), then the generator's state bytes; a seed or
//    start that is only the generator's state is thus an empty queue.
//
// How it is checked, each call from a fresh machine loaded with the image:
//  - a generator whose state has at most 24 bits: every state the generator
//    accepts, one call each ("equal for all 65,535 nonzero states"); a
//    roller whose whole state (queue and generator) has at most 24 bits:
//    every state it can be in (511 queues times the generator's states);
//  - every generator: `calls` consecutive calls from the state the image
//    holds at the state bytes (state 1 when the generator refuses that one),
//    compared call by call;
//  - a die roll: every input byte 0..255, with the face counts; a roller:
//    the face counts over the consecutive calls.
// Measured: cycles per call (min, max, mean, in the CPU's unit), the image's
// size, and for a generator (not a roller) the period of the routine's OWN
// state (Brent's cycle finding over its state bytes, run, not assumed).
//
// The machine: 64 KiB of RAM (Z80, SM83, 6502) or the PIC16's bank 0 file
// registers and 2048 program words. The memory map a routine may write: the
// assembled range (code and its data: self-modifying code works), the state
// bytes, the stack (6502: page 1; Z80, SM83: $FF00-$FFFF below SP = $0000)
// and on the 6502 the zero page. Any other write stops the call with a
// message naming the address and the instruction. So does a call that runs
// past its cycle budget (an endless loop: the address and line where it
// stopped) and an instruction the interpreter does not run (an undocumented
// opcode). Nothing here throws or aborts on a hostile image.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/assembler/assembler.hpp"
#include "core/base/jobs.hpp"
#include "core/base/result.hpp"

namespace shufflelab {

class FieldReader;

// ---------------------------------------------------------------------------
// The claims.
struct RoutineClaimInfo {
  std::string name;     // CLI / link spelling
  std::string summary;  // one line for a list
};
// The list the lab offers: every generator preset and catalog generator, then
// d6 and d20 by each range method that works on a byte, then the Game Boy's
// coin-flip rollers on tarot32 (d6, d20 and the tarot's 78, fdr and fdr-tarot).
std::vector<RoutineClaimInfo> routine_claims();
// Checks a claim's name; `field` names the input in the message ("--against").
// Die rolls: dN with 1 <= N <= 255 and a range method of the dice lab;
// rollers: dN-fdr@G or dN-fdr-tarot@G (N >= 2) with G's state at most 48 bits.
Result<bool> check_routine_claim(std::string_view field, std::string_view name);
// Bytes of state a claim needs (the --state addresses): a generator's state
// bytes, 1 for a die roll (its input byte), 2 + the generator's for a roller.
Result<std::size_t> routine_claim_state_bytes(std::string_view name);

// ---------------------------------------------------------------------------
// What runs.
struct RoutineImage {
  assembler::Cpu cpu = assembler::Cpu::mos6502;
  std::uint32_t origin = 0;          // address of units[0] (PIC16: program word)
  std::vector<std::uint16_t> units;  // bytes, or 14-bit PIC16 words
  // Source line of each instruction's first address, ascending, for messages
  // ("at $0612, line 14"); may be empty.
  std::vector<std::pair<std::uint32_t, int>> lines;
};
// The image of an assembly (image(), lowest(), the lines that emit).
RoutineImage routine_image(const assembler::Assembly& assembly);
// The source line of the instruction at `address`, or 0.
int routine_line_at(const RoutineImage& image, std::uint32_t address);

// Cycle unit of each CPU: "T-states", "M-cycles", "cycles", "instruction cycles".
std::string_view routine_cycle_unit(assembler::Cpu cpu);

constexpr std::uint32_t kDefaultRoutineCalls = 1000;
constexpr std::uint32_t kMaxRoutineCalls = 1'000'000;
constexpr std::uint64_t kDefaultCycleBudget = 100'000;  // per call
constexpr std::uint64_t kMaxCycleBudget = 100'000'000;
constexpr unsigned kMaxExhaustiveStateBits = 24;
// Calls run looking for the period of a state wider than 24 bits (its period
// is almost surely longer: a 32-bit state's full period would take hours).
constexpr std::uint64_t kMaxPeriodCalls = std::uint64_t{1} << 20;

struct RoutineCheckRequest {
  RoutineImage image;
  std::uint32_t entry = 0;           // address called (PIC16: program word)
  std::vector<std::uint32_t> state;  // state byte addresses, most significant first (PIC16: file registers)
  std::string against;               // the claim's name
  std::uint32_t calls = kDefaultRoutineCalls;
  std::uint64_t cycle_budget = kDefaultCycleBudget;
  // Where the consecutive calls start: this generator state (the lab's seed),
  // else the image's state bytes; state 1 when the generator refuses either.
  std::optional<std::uint64_t> start;
};
// The request's problems, all in one message naming each field (no run):
// state addresses count for the claim, outside the machine, twice, on the
// stack; entry outside the image; calls and budget out of range.
Result<bool> validate_routine_request(const RoutineCheckRequest& request);

// ---------------------------------------------------------------------------
// What comes out.
struct RoutineDifference {
  std::uint64_t call = 0;                           // 1-based call of the sequence, 0 in the every-state phase
  std::vector<std::uint8_t> before;                 // the state bytes before the call (a die roll: its input byte)
  std::uint8_t output = 0, expected_output = 0;     // A (W), and the C++'s byte or face
  std::vector<std::uint8_t> state, expected_state;  // after the call (generators)
};
struct RoutineStop {       // a call that did not return
  std::uint64_t call = 0;  // as in RoutineDifference
  std::vector<std::uint8_t> before;
  std::uint32_t address = 0;  // the instruction where it stopped
  int line = 0;               // its source line, or 0
  std::string message;        // "cycle budget of 100,000 cycles spent", "write to $C000 outside ..."
};
struct RoutineCycles {
  std::uint64_t calls = 0, min = 0, max = 0;
  double mean = 0;
};
struct RoutinePeriod {
  bool found = false;
  std::uint64_t length = 0;     // the cycle the state enters
  std::uint64_t calls_run = 0;  // when not found: no repeat within this many calls
};

struct RoutineCheck {
  bool equal = false;                           // every compared call agreed and none stopped
  bool exhaustive = false;                      // every state (or input byte) was checked
  std::uint64_t states_checked = 0;             // every-state phase (die: 256 input bytes)
  bool zero_refused = false;                    // the generator refuses state 0 ("nonzero states")
  std::uint64_t calls_checked = 0;              // sequence phase
  std::vector<std::uint8_t> start;              // the sequence's first state bytes
  bool start_from_image = true;                 // false: the generator refused the image's bytes, start is state 1
  std::optional<RoutineDifference> difference;  // the first one
  std::optional<RoutineStop> stop;
  RoutineCycles cycles;
  std::uint32_t code_units = 0;            // bytes (PIC16: words) of the image
  std::optional<RoutinePeriod> period;     // generators
  std::vector<std::uint32_t> face_counts;  // die rolls, rollers: index = face, [0] = rejected or no face (longer: faces above N)
  std::vector<std::uint32_t> expected_face_counts;
};

// Runs the whole check at once (CLI, tests; a 24-bit state takes seconds).
Result<RoutineCheck> check_routine(const RoutineCheckRequest& request);
// Sentences for the Text view and the CLI: the verdict ("equal for all
// 65,535 nonzero states and 1,000 calls" / the first difference with both
// outputs / where it stopped), then cycles, size, period or face counts.
std::string routine_check_verdict(const RoutineCheckRequest& request, const RoutineCheck& check);
std::string routine_check_text(const RoutineCheckRequest& request, const RoutineCheck& check);

// The same check as a resumable job (kind "routine_check" in core/job_catalog)
// that a worker runs with progress and Cancel. Parameters in link syntax
// (routine_check_params): cpu, org (hex), image (hex, two digits a byte,
// PIC16 words as 4 digits), entry (hex), state (hex addresses, comma-
// separated), against, calls, budget. A job's parameters are at most 2,048
// characters: images up to about 900 bytes. The job has no source lines: its
// summary() names addresses; routine_check_text with the caller's request
// (its image.lines) names lines too. payload() is empty; result() is
// encode_routine_check, decoded by decode_routine_check.
std::string routine_check_params(const RoutineCheckRequest& request);
Result<std::shared_ptr<Job>> make_routine_check_job(FieldReader& fields);
// A request from an assembled source: its image and the entry label's address
// (the message names a missing label, or the source's first error).
Result<RoutineCheckRequest> routine_request_from_assembly(const assembler::Assembly& assembly,
                                                          std::string_view entry_label);

std::vector<double> encode_routine_check(const RoutineCheck& check);
Result<RoutineCheck> decode_routine_check(const std::vector<double>& values);

}  // namespace shufflelab
