// lfsr_lab.hpp: the LFSR and generator lab's state (what a link carries) and
// what its stepper shows at step t, computed from the state alone so any t can
// be shown directly (scrubbing, links) without replaying from the seed.
//
// Generators: the tarot Galois LFSR of seed 000 (any width 4..64, a top-byte
// mask or full-width taps), a Fibonacci LFSR, the Z80 routine of seed 002 and
// the arithmetic generators of core/gen/generators.hpp. Time t counts bit-steps for
// tarot32 and fibonacci (eight make one output byte, one call of the tarot
// article's LFSR()), calls for z80 and outputs for the others.
// Vocabulary follows the articles: lfsr0 is the tarot register's top byte;
// Z80 bytes are _LFSRSeed+0..+7.
// Views come from LabTimeline (core/lfsr/lfsr_timeline.hpp), which jumps ahead in
// O(log t) where the generator allows it and replays from checkpoints where
// it does not (glibc, xoshiro256**: those cap t at kMaxReplaySteps).
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/gen/generators.hpp"
#include "core/gen/lfsr.hpp"
#include "core/base/result.hpp"
#include "core/base/url_fields.hpp"

namespace shufflelab {

// Same names and order as generator_catalog(); new generators are appended.
enum class LabGen : std::uint8_t { tarot32, z80, fibonacci, lcg32, glibc, splitmix64, xoshiro256ss, pcg32, xorshift };
constexpr std::array<LabGen, 9> kLabGens{LabGen::tarot32, LabGen::z80,        LabGen::fibonacci,    LabGen::lcg32,
                                         LabGen::glibc,   LabGen::splitmix64, LabGen::xoshiro256ss, LabGen::pcg32,
                                         LabGen::xorshift};

std::string_view lab_gen_name(LabGen gen);
constexpr bool lab_gen_is_linear(LabGen g) {
  return g == LabGen::tarot32 || g == LabGen::fibonacci || g == LabGen::z80 || g == LabGen::xorshift;
}
constexpr bool lab_gen_steps_bits(LabGen g) { return g == LabGen::tarot32 || g == LabGen::fibonacci; }
// "bit-step", "call" or "output": the unit of t.
std::string_view lab_step_unit(LabGen gen);

// How the lab is shown, not what it computes: it never makes two states
// differ, so the panel's caches (timeline, analysis, jobs) survive toggling it.
struct LfsrLabState {
  int width = 32;                   // tarot32, fibonacci, xorshift (16 or 32)
  std::uint64_t mask = 0xCF;        // tarot32: the article's top-byte mask
  std::uint64_t seed = 0xDEADBEEF;  // register / packed Z80 bytes (+0 first) / the generator's seed
  std::uint64_t t = 0;              // steps from the seed (unit: lab_step_unit)
  LabGen gen = LabGen::tarot32;
  std::uint64_t taps = 0;           // fibonacci taps; tarot32 full-width taps when full_taps
  bool full_taps = false;
  int preset = 0;                   // lcg32: index into kLcgPresets
  std::uint64_t stream = 0;         // pcg32: initseq
  bool lanes = false;               // link field lanes=1: the assembly lanes open
  std::string tab = "stepper";      // link field tab: stepper | bitplane | lattice (LCGs) | period (linear) | claims
  std::string run;                  // link field run=period: the period check by stepping, re-run on open
  bool operator==(const LfsrLabState&) const = default;
};

// lcg32: the preset the state names (kLcgPresets).
const LcgPreset& lab_lcg_preset(const LfsrLabState& s);

constexpr std::uint64_t kMaxLfsrStep = (std::uint64_t{1} << 53);     // exact in a JS number
constexpr std::uint64_t kMaxReplaySteps = (std::uint64_t{1} << 20);  // glibc, xoshiro256**

// Largest t for the generator: kMaxLfsrStep, or kMaxReplaySteps without jump-ahead.
std::uint64_t lab_max_step(LabGen gen);
constexpr bool lab_gen_jumps(LabGen g) { return g != LabGen::glibc && g != LabGen::xoshiro256ss; }

// A fresh state for `gen` (t = 0): tarot32 = the article's DEADBEEF/CF;
// fibonacci = width 32 with default_fibonacci_taps; z80 = 0102030405060708;
// lcg32 = onechip seed 1; glibc, splitmix64, xoshiro256** seed 1; pcg32 the
// PCG demo's seed 42, stream 54; xorshift = 16 bits (Metcalf's), seed 1.
LfsrLabState lab_defaults(LabGen gen);

// The lab state that shows a catalog generator or a preset of
// core/gen/generator_presets.hpp by name ("galois16", "xorshift16", "lcg8",
// "onechip" ...), with the lab's default seed for it.
Result<LfsrLabState> lab_state_for(std::string_view generator);

// Taps of the lowest-weight primitive x^w + x^k + 1 (else pentanomial
// x^w + x^a + x^b + x^c + 1, smallest exponents first): a full-period
// Fibonacci register of that width. 4 <= width <= 64.
std::uint64_t default_fibonacci_taps(int width);

// The tap mask XORed into a tarot32 register (mask placed in the top byte, or full taps).
std::uint64_t lab_galois_taps(const LfsrLabState& s);

// Hex digits of the seed as links and fields write it (register width, 16 for
// z80 and the 64-bit generators, 8 for lcg32 and glibc, width/4 for xorshift).
int lab_seed_digits(const LfsrLabState& s);
// Checks the seed for the generator (fits, not a stuck state); the message names the field.
Result<std::uint64_t> check_lab_seed(const LfsrLabState& s, std::uint64_t seed);
// The generator at t = 0, or why the state is unusable.
Result<ByteGenerator> lab_generator(const LfsrLabState& s);

// Link fields (only those of the current generator, defaults omitted):
//   tarot32:   [width] seed mask|taps t    (no gen= key: old links stay valid)
//   fibonacci: gen width taps seed t       z80: gen seed t
//   lcg32: gen preset seed t    pcg32: gen seed [stream] t    xorshift: gen width seed t
//   others: gen seed t
//   then lanes=1 when the assembly lanes are open (any generator)
void decode_lfsr_lab(FieldReader& fields, LfsrLabState& state);
void encode_lfsr_lab(const LfsrLabState& state, FieldWriter& out);
// The lab's name in links ("lab=lfsr"), and a link to the lab in this state.
constexpr std::string_view kLfsrLabName = "lfsr";
std::string lfsr_lab_link(const LfsrLabState& state);
// Whether the lab shows `tab` for this generator.
bool lfsr_tab_available(LabGen gen, std::string_view tab);

class LabTimeline;

// tarot32 and fibonacci at bit-step t.
struct LfsrView {
  int width = 32;
  std::uint64_t state = 0;      // register at bit-step t
  std::uint64_t taps = 0;       // tarot32: where the mask is XORed in; fibonacci: parity inputs
  std::uint64_t t = 0;
  int shifts_into_byte = 0;     // t mod 8: shifts done in the current byte / LFSR() call
  int last_out_bit = -1;        // bit that fell out at step t (-1 at t = 0)
  bool taps_applied = false;    // tarot32: that bit XORed the mask in
  int entered_bit = -1;         // fibonacci: the parity that entered at the top at step t
  std::vector<int> fallen_bits;             // this byte's fallen bits, oldest first
  std::vector<std::uint8_t> top_after;      // tarot32: lfsr0 after each shift of this call
  std::uint8_t byte_so_far = 0;             // fibonacci: fallen bits of this byte, first in bit 0
  std::vector<std::uint8_t> recent_bytes;   // completed output bytes, oldest first (at most 16)
};

// The Z80 routine around call t: the call that produced the state at t (or,
// at t = 0, the call about to run).
struct Z80View {
  std::uint64_t t = 0;
  std::array<std::uint8_t, 8> bytes{};    // _LFSRSeed+0..+7 at t
  bool upcoming = false;                  // t = 0: the shown call has not run yet
  std::uint32_t x = 0;                    // bytes +4..+7 read by that call (+7 most significant)
  std::array<std::uint8_t, 5> terms{};    // low bytes of X>>24, X>>21, X>>20, X>>12, X>>3
  std::uint8_t output = 0;                // their XOR: stored at +0 and returned
  std::uint8_t dropped = 0;               // the old byte +7, moved out by LDDR
  std::vector<std::uint8_t> recent_bytes; // outputs of the calls up to t, oldest first (at most 16)
};
inline constexpr std::array<int, 5> kZ80Shifts{24, 21, 20, 12, 3};

struct NamedWord {
  std::string name;
  std::string hex;
};
struct OutputRow {
  std::uint64_t index = 0;  // 1-based output number
  std::uint64_t value = 0;  // the generator's own output word
  std::uint8_t byte = 0;    // what next_byte() returned for that step
};
// The arithmetic generators at output t: state words, the rule, recent outputs.
struct OutputsView {
  std::uint64_t t = 0;
  std::vector<NamedWord> state;
  std::vector<int> read_next;   // indices into state that the next step reads (glibc: r[i-31], r[i-3])
  std::string rule;             // one step, with this generator's constants
  int value_bits = 32;          // width of OutputRow::value
  std::vector<OutputRow> recent;  // outputs max(1, t-7)..t
};

LfsrView lfsr_view(const LfsrLabState& state, LabTimeline& timeline);
Z80View z80_view(const LfsrLabState& state, LabTimeline& timeline);
OutputsView outputs_view(const LfsrLabState& state, LabTimeline& timeline);

// The next kBitPlaneSide^2 output bits from a generator state, packed: stream
// bit i is bit i%8 of byte i/8 (32 KiB). `bytes`: the generator's own bytes
// (fill()), which is also the tarot article's coin-flip order (LSB first).
// `words`: next_u32() outputs, least significant bit first, so each column of
// a 512-wide image is one bit position of the word.
constexpr int kBitPlaneSide = 512;
enum class BitPlaneSource : std::uint8_t { bytes, words };
std::vector<std::uint8_t> bit_plane_bits(ByteGenerator generator, BitPlaneSource source);

}  // namespace shufflelab
