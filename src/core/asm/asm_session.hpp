// asm_session.hpp: running the assembly listings. An AsmSession calls one
// routine of one instruction set's program on that set's interpreter (Z80,
// SM83, PIC16, 6502; the x86 rows on a register model) from given inputs, one
// instruction per step, so a UI can step the listing next to the C++ core;
// `calls` consecutive calls keep the machine's state (LFSR, coin queue).
//
// Costs are measured, not typed in: code size is the sum of the routines'
// encodings, RAM is every data byte the run touched (state, tables, stack;
// not the harness's return address nor the x86 input words), cycles per
// output is the run's cycle count over its outputs on fixed inputs (listed
// in AsmAlgorithmInfo::measured_on). The wasm rows give the functions' code
// size only (their speed belongs to the browser's compiler).
#pragma once
#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/asm/asm_listing.hpp"
#include "core/base/result.hpp"

namespace shufflelab {

enum class AsmAlgorithm : std::uint8_t {
  z80_lfsr,         // seed 002 LFSR byte
  z80_roll_minus1,  // rollDie as printed (DIESIDES-1)
  z80_roll_exact,   // multiply-high with n
  z80_maxu8,        // MAXU8 mask-halving loop
  z80_reject,       // mask and reject over LFSR bytes
  sm83_lfsr,        // seed 000 tarot LFSR byte
  sm83_roll,        // coin-flip queue + the article's dice roller
  sm83_shuffle,     // Fisher-Yates over 78 cards
  x86_strike,       // seed 003 PDEP/TZCNT card strike
  x86_lemire,       // Lemire's multiply-high with rejection
  pic_lcrng,        // seed 004 LCRNG step
  pic_deal,         // seed 004 10-card deal
  mos6502_lfsr,     // tarot 32-bit Galois LFSR byte
  mos6502_lfsr16,   // 16-bit Galois LFSR byte (taps B400)
  mos6502_lcrng,    // One Chip LCRNG step (32-bit multiply)
  mos6502_mulhi,    // multiply-high die roll
  mos6502_reject,   // mask and reject on tarot LFSR bytes
  mos6502_shuffle,  // Fisher-Yates over 52 cards
  mos6502_xorshift16,  // xorshift (7,9,8) byte
  mos6502_xorshift32,  // xorshift (13,17,5) byte
  sm83_reject,      // mask and reject on tarot LFSR bytes
  pic_reject,       // mask and reject on One Chip LCRNG top bytes
  sm83_fdr,         // coin-flip queue + Lumbroso's Fast Dice Roller
};

struct AsmAlgorithmInfo {
  AsmAlgorithm algorithm;
  std::string_view id;          // URL/CLI spelling, e.g. "z80-lfsr"
  std::string_view title;
  std::string_view group;       // cost table it belongs to: "lfsr", "roll", "cards", "lcrng"
  AsmIsa isa;
  std::string_view entry;       // routine called
  std::span<const std::string_view> routines;  // routines whose code it runs
  std::string_view cpp_snippet; // the C++ lane's main snippet
  std::string_view output;      // one output: "byte", "value", "card", ...
  std::string_view inputs;      // what AsmInputs means for it
  std::string_view measured_on; // the fixed inputs of asm_cost()
};
std::span<const AsmAlgorithmInfo> asm_algorithms();
const AsmAlgorithmInfo& asm_algorithm_info(AsmAlgorithm algorithm);
Result<AsmAlgorithm> parse_asm_algorithm(std::string_view field, std::string_view text);

// Meaning per algorithm: see AsmAlgorithmInfo::inputs. Checked by start().
struct AsmInputs {
  std::uint64_t seed = 1;   // generator state, or the card set (x86 strike)
  std::uint64_t x = 0;      // the random byte (Z80 die routines)
  std::uint64_t n = 6;      // sides / bound / rank of the card to strike
  std::uint32_t calls = 1;  // consecutive calls, state kept (1..kMaxAsmCalls)
};
constexpr std::uint32_t kMaxAsmCalls = 4096;
// Whether the listing's session starts from `inputs` (AsmSession::start's
// check), without building its machine: the app checks links and the picker's
// inputs with it, and runs listings only in the worker's core module.
Result<bool> check_asm_inputs(AsmAlgorithm algorithm, const AsmInputs& inputs);

struct AsmRegisterView {
  std::string_view name;
  std::uint64_t value;
  unsigned bits;  // 1 for a flag
};

struct AsmMemoryView {
  std::string_view name;  // the data symbol
  std::uint32_t address;
  std::vector<std::uint8_t> bytes;  // current contents
};

// A reader's own routine (the Assembly lab's editor), assembled: its program
// (one routine over every row), the info the lanes read (isa, entry label,
// the C++ snippet of what it claims to be) and the addresses of its state
// bytes, most significant first. It runs as its CPU's plain byte listing
// does: each call's output is A (W on the PIC16), calls keep the machine.
struct AsmReaderRoutine {
  AsmProgram program;
  AsmAlgorithmInfo info;
  std::vector<std::uint32_t> state;
  std::vector<int> source_lines;  // per row: its 1-based line in the reader's source
  std::deque<std::string> text;  // what the program's and info's views point at
  std::array<std::string_view, 1> routine_names;
};
// Instructions one call of a reader's routine may run before it is stopped
// (an endless loop): the stop names the address and line it was at.
constexpr std::uint64_t kMaxReaderStepsPerCall = 1'000'000;

class AsmSession {
 public:
  static Result<AsmSession> start(AsmAlgorithm algorithm, const AsmInputs& inputs);
  // `seed` fills the state bytes (its low bytes; the last address gets bit 0..7).
  static Result<AsmSession> start_reader(std::shared_ptr<const AsmReaderRoutine> routine, std::uint64_t seed,
                                         std::uint32_t calls);
  bool is_reader() const;
  AsmSession(AsmSession&&) noexcept;
  AsmSession& operator=(AsmSession&&) noexcept;
  ~AsmSession();

  const AsmAlgorithmInfo& info() const;
  const AsmProgram& program() const;
  bool done() const;
  // One instruction (then the next call begins if one is left). Fails on an
  // emulation error or a runaway loop; the session then stays where it was.
  Result<bool> step();
  // Until done or `max_instructions` more instructions.
  Result<bool> run(std::uint64_t max_instructions);

  std::ptrdiff_t current_row() const;  // row of the next instruction, -1 when done
  std::ptrdiff_t last_row() const;     // row of the instruction just run, -1 before the first
  std::uint64_t cycles() const;        // in asm_isa_info(isa).cycle_unit
  std::uint64_t instructions() const;
  std::uint32_t calls_done() const;
  std::vector<AsmRegisterView> registers() const;
  std::vector<AsmMemoryView> memory() const;
  // Finished calls' results, in order: the byte/value/state each call
  // returned; for shuffle the 78 cards, for a deal its 10 cards.
  const std::vector<std::uint64_t>& outputs() const;
  // Data bytes touched so far (see the header comment).
  std::uint32_t ram_bytes() const;
  // Cycles of the instructions run so far inside one routine of the program
  // (its rows; a JSR/CALL to it counts for the caller, its return for it).
  std::uint64_t cycles_in(std::string_view routine) const;

  struct Machine;

 private:
  explicit AsmSession(std::unique_ptr<Machine> machine);
  std::unique_ptr<Machine> machine_;
};

struct AsmCost {
  AsmIsa isa = AsmIsa::z80;
  std::optional<AsmAlgorithm> algorithm;  // empty for a wasm function
  std::string_view name;                  // algorithm id or wasm function
  std::uint32_t code_units = 0;           // bytes; PIC: 14-bit words
  std::uint32_t code_bytes = 0;           // PIC: ceil(words * 14 / 8); wasm: binaryen's body size
  std::optional<std::uint32_t> ram_bytes;
  std::optional<double> cycles_per_output;  // in asm_isa_info(isa).cycle_unit
  // cycles_per_output split: inside the generator routines the listing calls
  // (asm_generator_routines) and the rest, its own (range, shuffle, loop).
  std::optional<double> generator_cycles_per_output, own_cycles_per_output;
  std::uint64_t outputs = 0;              // outputs the measurement ran
  std::string_view output;
};
// The routines of a die or card listing that are its instruction set's
// generator listings' routines (z80-reject: lfsr64); none for a generator.
std::vector<std::string_view> asm_generator_routines(const AsmAlgorithmInfo& listing);

// The fixed inputs asm_cost() measures a listing on (AsmAlgorithmInfo::measured_on);
// they also make a valid session, so a link may start from them.
AsmInputs asm_measured_inputs(AsmAlgorithm algorithm);

// One algorithm measured on its fixed inputs.
Result<AsmCost> asm_cost(AsmAlgorithm algorithm);
// The same measurement on other inputs (the chooser's rollers at a use's bound).
Result<AsmCost> asm_cost_on(AsmAlgorithm algorithm, const AsmInputs& inputs);

struct AsmCostTable {
  std::string_view group;
  std::string_view title;
  std::vector<AsmCost> rows;
};
// Every group: its algorithms on each instruction set, then the wasm
// functions of the same job when the build has them. Measured on the first
// call (about 1.5 million interpreted instructions), then kept.
Result<std::vector<AsmCostTable>> asm_cost_tables();

}  // namespace shufflelab
