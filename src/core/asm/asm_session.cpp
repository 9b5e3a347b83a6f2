#include "core/asm/asm_session.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <string>

#include "core/asm/asm_tables.hpp"
#include "core/cpu/mos6502.hpp"
#include "core/cpu/pic_cpu.hpp"
#include "core/cpu/sm83_cpu.hpp"
#include "core/cpu/z80_cpu.hpp"
#include "core/base/text_format.hpp"
#include "core/gen/z80_lfsr.hpp"

namespace shufflelab {

namespace {

using std::string_view_literals::operator""sv;

constexpr std::array kLfsr64{"lfsr64"sv};
constexpr std::array kRollMinus1{"roll_minus1"sv, "mulhi"sv};
constexpr std::array kRollExact{"roll_exact"sv, "mulhi"sv};
constexpr std::array kMaxu8{"maxu8"sv};
constexpr std::array kReject{"reject_roll"sv, "lfsr64"sv};
constexpr std::array kTarot{"tarot_lfsr"sv};
constexpr std::array kRoll{"roll"sv, "coin_flip"sv, "tarot_lfsr"sv};
constexpr std::array kShuffle{"shuffle"sv, "roll"sv, "coin_flip"sv, "tarot_lfsr"sv};
constexpr std::array kStrike{"shufflelab_x86_strike_nth_card"sv};
constexpr std::array kLemire{"shufflelab_x86_lemire"sv};
constexpr std::array kLcrng{"lcrng"sv};
constexpr std::array kDeal{"deal"sv, "lcrng"sv};
constexpr std::array k6502Tarot{"tarot_lfsr"sv};
constexpr std::array k6502Galois16{"galois16"sv};
constexpr std::array k6502Lcrng{"lcrng"sv};
constexpr std::array k6502Mulhi{"roll_mulhi"sv};
constexpr std::array k6502Reject{"roll_reject"sv, "tarot_lfsr"sv};
constexpr std::array k6502Shuffle{"shuffle52"sv, "roll_reject"sv, "tarot_lfsr"sv};
constexpr std::array k6502Xorshift16{"xorshift16"sv};
constexpr std::array k6502Xorshift32{"xorshift32"sv};
constexpr std::array kSm83Reject{"roll_reject"sv, "tarot_lfsr"sv};
constexpr std::array kPicReject{"roll_reject"sv, "lcrng"sv};
constexpr std::array kSm83Fdr{"roll_fdr"sv, "coin_flip"sv, "tarot_lfsr"sv};

const std::array<AsmAlgorithmInfo, 23> kAlgorithms{{
    {AsmAlgorithm::z80_lfsr, "z80-lfsr", "Z80 LFSR byte (seed 002)", "lfsr", AsmIsa::z80, "lfsr64", kLfsr64,
     "z80_lfsr.next_byte", "byte", "seed: the 64-bit state, byte +0 in the top position; calls: bytes",
     "seed 0123456789ABCDEF, 64 bytes"},
    {AsmAlgorithm::z80_roll_minus1, "z80-roll-minus1", "Z80 rollDie as printed: (x * (n-1)) >> 8", "roll",
     AsmIsa::z80, "roll_minus1", kRollMinus1, "range.map_word", "value",
     "x: the random byte (call k uses x + k mod 256); n: sides 1..255", "n = 20, every byte x once"},
    {AsmAlgorithm::z80_roll_exact, "z80-roll-exact", "Z80 multiply-high done right: (x * n) >> 8", "roll", AsmIsa::z80,
     "roll_exact", kRollExact, "range.map_word", "value",
     "x: the random byte (call k uses x + k mod 256); n: sides 1..255", "n = 20, every byte x once"},
    {AsmAlgorithm::z80_maxu8, "z80-maxu8", "Z80 MAXU8 mask-halving loop", "roll", AsmIsa::z80, "maxu8", kMaxu8,
     "range.maxu8_loop", "value", "x: the random byte (call k uses x + k mod 256); n: sides 1..255",
     "n = 20, every byte x once"},
    {AsmAlgorithm::z80_reject, "z80-reject", "Z80 mask and reject on LFSR bytes", "roll", AsmIsa::z80, "reject_roll",
     kReject, "range.map_word", "value", "seed: the LFSR state; n: sides 1..255; calls: rolls",
     "seed 0123456789ABCDEF, n = 20, 256 rolls"},
    {AsmAlgorithm::sm83_lfsr, "sm83-lfsr", "Game Boy tarot LFSR byte (seed 000)", "lfsr", AsmIsa::sm83, "tarot_lfsr",
     kTarot, "lfsr.next_byte", "byte", "seed: the 32-bit state (not 0), lfsr0 = top byte; calls: bytes",
     "seed 12345678, 64 bytes"},
    {AsmAlgorithm::sm83_roll, "sm83-roll", "Game Boy coin-flip queue and dice roller (seed 000)", "roll", AsmIsa::sm83,
     "roll", kRoll, "fdr.draw", "value", "seed: the LFSR state; n: values 0..n-1, 2..128; calls: rolls",
     "seed 12345678, n = 78, 256 rolls"},
    {AsmAlgorithm::sm83_shuffle, "sm83-shuffle", "Game Boy Fisher-Yates over 78 tarot cards (seed 000)", "cards",
     AsmIsa::sm83, "shuffle", kShuffle, "shuffle.shuffle_fast", "deck of 78 cards",
     "seed: the LFSR state; calls: shuffles", "seed 12345678, 4 decks"},
    {AsmAlgorithm::x86_strike, "x86-strike", "x86-64 PDEP/TZCNT: strike the n-th remaining card (seed 003)", "cards",
     AsmIsa::x86_64, "shufflelab_x86_strike_nth_card", kStrike, "bits.strike_nth_card", "card",
     "seed: the set of cards (bit i = card i); n: rank (call k strikes rank n mod cards left); calls <= cards",
     "52 cards, rank 7 mod cards left, all 52 struck"},
    {AsmAlgorithm::x86_lemire, "x86-lemire", "x86-64 Lemire multiply-high range reduction", "roll", AsmIsa::x86_64,
     "shufflelab_x86_lemire", kLemire, "range.draw", "value",
     "seed: SplitMix64 seed of the 64-bit words; n: bound >= 1; calls: values", "n = 20, 256 values"},
    {AsmAlgorithm::pic_lcrng, "pic-lcrng", "PIC16 One Chip LCRNG step (seed 004)", "lcrng", AsmIsa::pic14, "lcrng",
     kLcrng, "poker.lcrng_next", "state", "seed: the 32-bit state; calls: steps", "seed 0, 64 steps"},
    {AsmAlgorithm::pic_deal, "pic-deal", "PIC16 One Chip 10-card deal (seed 004)", "cards", AsmIsa::pic14, "deal",
     kDeal, "poker.one_chip_deal", "deal of 10 cards", "seed: the 32-bit LCRNG state; calls: deals, chained",
     "seed 0, 16 deals"},
    {AsmAlgorithm::mos6502_lfsr, "6502-lfsr", "6502 tarot LFSR byte (32-bit Galois, mask CF)", "lfsr", AsmIsa::mos6502,
     "tarot_lfsr", k6502Tarot, "lfsr.next_byte", "byte", "seed: the 32-bit state (not 0), LFSR0 = top byte; calls: bytes",
     "seed 12345678, 64 bytes"},
    {AsmAlgorithm::mos6502_lfsr16, "6502-lfsr16", "6502 16-bit Galois LFSR byte (taps B400)", "lfsr", AsmIsa::mos6502,
     "galois16", k6502Galois16, "lfsr.next_byte", "byte", "seed: the 16-bit state (not 0); calls: bytes",
     "seed ACE1, 64 bytes"},
    {AsmAlgorithm::mos6502_lcrng, "6502-lcrng", "6502 One Chip LCRNG step (32-bit multiply, shift-and-add)", "lcrng",
     AsmIsa::mos6502, "lcrng", k6502Lcrng, "poker.lcrng_next", "state", "seed: the 32-bit state; calls: steps",
     "seed 0, 64 steps"},
    {AsmAlgorithm::mos6502_mulhi, "6502-roll-mulhi", "6502 multiply-high: (x * n) >> 8", "roll", AsmIsa::mos6502,
     "roll_mulhi", k6502Mulhi, "range.map_word", "value",
     "x: the random byte (call k uses x + k mod 256); n: sides 1..255", "n = 20, every byte x once"},
    {AsmAlgorithm::mos6502_reject, "6502-reject", "6502 mask and reject on tarot LFSR bytes", "roll", AsmIsa::mos6502,
     "roll_reject", k6502Reject, "range.map_word", "value", "seed: the tarot LFSR state; n: sides 1..255; calls: rolls",
     "seed 12345678, n = 20, 256 rolls"},
    {AsmAlgorithm::mos6502_shuffle, "6502-shuffle", "6502 Fisher-Yates over 52 cards (reject on tarot LFSR bytes)",
     "cards", AsmIsa::mos6502, "shuffle52", k6502Shuffle, "shuffle.shuffle_fast", "deck of 52 cards",
     "seed: the tarot LFSR state; calls: shuffles", "seed 12345678, 4 decks"},
    {AsmAlgorithm::mos6502_xorshift16, "6502-xorshift16", "6502 xorshift16 (7,9,8) byte", "lfsr", AsmIsa::mos6502,
     "xorshift16", k6502Xorshift16, "xorshift.next", "byte", "seed: the 16-bit state (not 0); calls: bytes",
     "seed ACE1, 64 bytes"},
    {AsmAlgorithm::mos6502_xorshift32, "6502-xorshift32", "6502 xorshift32 (13,17,5) byte", "lfsr", AsmIsa::mos6502,
     "xorshift32", k6502Xorshift32, "xorshift.next", "byte", "seed: the 32-bit state (not 0); calls: bytes",
     "seed 12345678, 64 bytes"},
    {AsmAlgorithm::sm83_reject, "sm83-reject", "Game Boy mask and reject on tarot LFSR bytes", "roll", AsmIsa::sm83,
     "roll_reject", kSm83Reject, "range.map_word", "value", "seed: the tarot LFSR state; n: sides 1..255; calls: rolls",
     "seed 12345678, n = 20, 256 rolls"},
    {AsmAlgorithm::pic_reject, "pic-reject", "PIC16 mask and reject on One Chip LCRNG top bytes", "roll", AsmIsa::pic14,
     "roll_reject", kPicReject, "range.map_word", "value", "seed: the 32-bit LCRNG state; n: sides 1..255; calls: rolls",
     "seed 0, n = 20, 256 rolls"},
    {AsmAlgorithm::sm83_fdr, "sm83-fdr", "Game Boy coin-flip queue and Fast Dice Roller (the roller, fixed)", "roll",
     AsmIsa::sm83, "roll_fdr", kSm83Fdr, "fdr.draw", "value", "seed: the LFSR state; n: values 0..n-1, 2..128; calls: rolls",
     "seed 12345678, n = 20, 256 rolls"},
}};

constexpr std::uint64_t kMaxStepsPerCall = 2'000'000;
constexpr std::uint16_t kStackTop = 0xdff0;
constexpr std::uint16_t kReturnAddress = 0xfff0;

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

std::uint32_t address_of(const AsmProgram& program, std::string_view label) {
  const auto row = program.label_row(label);
  return row < 0 ? 0 : program.rows[static_cast<std::size_t>(row)].address;
}

std::uint32_t symbol_address(const AsmProgram& program, std::string_view name) {
  for (const auto& symbol : program.data)
    if (symbol.name == name) return symbol.address;
  return 0;
}

}  // namespace

// ---- machines ---------------------------------------------------------------
struct AsmSession::Machine {
  const AsmAlgorithmInfo* info = nullptr;
  const AsmProgram* program = nullptr;
  AsmInputs inputs;
  std::uint32_t calls_done = 0;
  std::uint64_t steps_this_call = 0;
  std::ptrdiff_t last_row = -1;
  std::vector<std::uint64_t> outputs;
  std::vector<std::uint64_t> row_cycles;  // cycles of the instructions run at each row
  std::shared_ptr<const AsmReaderRoutine> reader;  // a reader's routine, else null

  virtual ~Machine() = default;
  virtual std::uint32_t pc() const = 0;
  virtual bool in_call() const = 0;
  virtual Result<std::uint32_t> execute() = 0;
  virtual void begin_call() = 0;
  virtual void finish_call() = 0;
  virtual std::uint64_t cycles() const = 0;
  virtual std::uint64_t instructions() const = 0;
  virtual std::vector<AsmRegisterView> registers() const = 0;
  virtual std::uint8_t data(std::uint32_t address) const = 0;
  virtual std::uint32_t ram_bytes() const = 0;

  bool done() const { return calls_done >= inputs.calls; }
  // A reader's state bytes from the seed, the last address holding its low byte.
  template <class SetByte>
  void set_reader_state(SetByte set_byte) {
    const auto& state = reader->state;
    for (std::size_t i = 0; i < state.size(); ++i) {
      const std::size_t shift = 8 * (state.size() - 1 - i);
      set_byte(state[i], shift < 64 ? static_cast<std::uint8_t>(inputs.seed >> shift) : 0);
    }
  }
  std::uint32_t entry() const { return address_of(*program, info->entry); }
};

namespace {

std::vector<std::uint8_t> image_bytes(const AsmProgram& program) {
  const auto image = program.image();
  return {image.begin(), image.end()};
}

// Data bytes touched, but not the two bytes at `slot` where the harness's
// return address sits.
std::uint32_t touched_outside_return_slot(const Ram64k& ram, std::size_t slot) {
  std::uint32_t count = 0;
  const auto& touched = ram.touched();
  for (std::size_t a = 0; a < touched.size(); ++a)
    if (touched[a] && a != slot && a != slot + 1) ++count;
  return count;
}

// The registers the Z80 and the SM83 share (core/i8080_machine), then the
// flags of each one's own F layout.
std::vector<AsmRegisterView> with_flags(const I8080Registers& r, std::initializer_list<AsmRegisterView> flags) {
  std::vector<AsmRegisterView> out{{"A", r.a, 8}, {"F", r.f, 8}, {"B", r.b, 8}, {"C", r.c, 8},   {"D", r.d, 8},
                                   {"E", r.e, 8}, {"H", r.h, 8}, {"L", r.l, 8}, {"SP", r.sp, 16}, {"PC", r.pc, 16}};
  out.insert(out.end(), flags);
  return out;
}

// A machine on one of our 8-bit interpreters (regs.pc, step(), 64 KiB of
// RAM) whose calls return to kReturnAddress.
template <class Cpu>
class CpuMachine : public AsmSession::Machine {
 public:
  std::uint32_t pc() const override { return cpu_.regs.pc; }
  bool in_call() const override { return cpu_.regs.pc != kReturnAddress; }
  Result<std::uint32_t> execute() override { return cpu_.step(); }
  std::uint64_t instructions() const override { return cpu_.instructions; }
  std::uint8_t data(std::uint32_t address) const override { return cpu_.peek(static_cast<std::uint16_t>(address)); }

 protected:
  // A reader's program row by row (its org may leave gaps), then its state.
  void load_reader() {
    for (const AsmRow& row : program->rows) {
      const std::vector<std::uint8_t> bytes(row.code.begin(), row.code.end());
      cpu_.load(static_cast<std::uint16_t>(row.address), bytes);
    }
    set_reader_state([this](std::uint32_t at, std::uint8_t value) { cpu_.poke(static_cast<std::uint16_t>(at), value); });
    cpu_.track_data(true);
  }
  Cpu cpu_;
};

class Z80Machine final : public CpuMachine<Z80Cpu> {
 public:
  void load() {
    if (reader) return load_reader();
    cpu_.load(static_cast<std::uint16_t>(program->origin), image_bytes(*program));
    cpu_.track_data(true);
    const Z80Lfsr lfsr = Z80Lfsr::from_packed(inputs.seed);
    const auto seed = static_cast<std::uint16_t>(symbol_address(*program, "SEED"));
    for (std::size_t i = 0; i < 8; ++i) cpu_.poke(static_cast<std::uint16_t>(seed + i), lfsr.seed[i]);
  }
  void begin_call() override {
    cpu_.regs.a = static_cast<std::uint8_t>(inputs.x + calls_done);
    cpu_.regs.b = static_cast<std::uint8_t>(inputs.n);
    cpu_.regs.sp = kStackTop;
    cpu_.enter(static_cast<std::uint16_t>(entry()), kReturnAddress);
  }
  void finish_call() override { outputs.push_back(cpu_.regs.a); }
  std::uint64_t cycles() const override { return cpu_.t_states; }
  std::vector<AsmRegisterView> registers() const override {
    const std::uint8_t f = cpu_.regs.f;
    using namespace z80_flag;
    return with_flags(cpu_.regs, {{"F.S", (f & S) != 0, 1}, {"F.Z", (f & Z) != 0, 1}, {"F.H", (f & H) != 0, 1},
                                  {"F.P/V", (f & PV) != 0, 1}, {"F.N", (f & N) != 0, 1}, {"F.C", (f & C) != 0, 1}});
  }
  std::uint32_t ram_bytes() const override { return touched_outside_return_slot(cpu_, kStackTop - 2u); }
};

class Sm83Machine final : public CpuMachine<Sm83Cpu> {
 public:
  void load() {
    if (reader) return load_reader();
    cpu_.load(static_cast<std::uint16_t>(program->origin), image_bytes(*program));
    cpu_.track_data(true);
    const auto lfsr = static_cast<std::uint16_t>(symbol_address(*program, "LFSR0"));
    for (int i = 0; i < 4; ++i)  // lfsr0 is the top byte
      cpu_.poke(static_cast<std::uint16_t>(lfsr + i), static_cast<std::uint8_t>(inputs.seed >> (24 - 8 * i)));
  }
  void begin_call() override {
    cpu_.regs.b = static_cast<std::uint8_t>(inputs.n - 1);  // roll: the top value
    cpu_.regs.sp = kStackTop;
    cpu_.enter(static_cast<std::uint16_t>(entry()), kReturnAddress);
  }
  void finish_call() override {
    if (info->algorithm != AsmAlgorithm::sm83_shuffle) {
      outputs.push_back(cpu_.regs.a);
      return;
    }
    const auto deck = symbol_address(*program, "DECK");
    for (std::uint32_t i = 0; i < 78; ++i) outputs.push_back(cpu_.peek(static_cast<std::uint16_t>(deck + i)));
  }
  std::uint64_t cycles() const override { return cpu_.m_cycles; }
  std::vector<AsmRegisterView> registers() const override {
    const std::uint8_t f = cpu_.regs.f;
    using namespace sm83_flag;
    return with_flags(cpu_.regs, {{"F.Z", (f & Z) != 0, 1}, {"F.N", (f & N) != 0, 1}, {"F.H", (f & H) != 0, 1},
                                  {"F.C", (f & C) != 0, 1}});
  }
  std::uint32_t ram_bytes() const override { return touched_outside_return_slot(cpu_, kStackTop - 2u); }
};

class PicMachine final : public AsmSession::Machine {
 public:
  void load() {
    if (reader) {
      for (const AsmRow& row : program->rows) cpu_.load(static_cast<std::uint16_t>(row.address), row.code);
      set_reader_state([this](std::uint32_t at, std::uint8_t v) { cpu_.set_file(static_cast<std::uint8_t>(at), v); });
      return cpu_.track_data(true);
    }
    cpu_.load(static_cast<std::uint16_t>(program->origin), program->image());
    cpu_.track_data(true);
    const auto state = static_cast<std::uint8_t>(symbol_address(*program, "STATE"));
    for (int i = 0; i < 4; ++i)
      cpu_.set_file(static_cast<std::uint8_t>(state + i), static_cast<std::uint8_t>(inputs.seed >> (8 * i)));
  }
  std::uint32_t pc() const override { return cpu_.pc; }
  bool in_call() const override { return !(cpu_.pc == PicCpu::kReturnAddress && cpu_.stack_depth() == 0); }
  Result<std::uint32_t> execute() override { return cpu_.step(); }
  void begin_call() override {
    if (info->algorithm == AsmAlgorithm::pic_reject && !reader)
      cpu_.set_file(static_cast<std::uint8_t>(symbol_address(*program, "SIDES")), static_cast<std::uint8_t>(inputs.n));
    (void)cpu_.enter(static_cast<std::uint16_t>(entry()));  // depth 0: cannot fail
  }
  void finish_call() override {
    if (info->algorithm == AsmAlgorithm::pic_lcrng) {
      outputs.push_back(state());
      return;
    }
    if (info->algorithm == AsmAlgorithm::pic_reject) {
      outputs.push_back(cpu_.w);
      return;
    }
    const auto hand = static_cast<std::uint8_t>(symbol_address(*program, "HAND"));
    for (int i = 0; i < 10; ++i) outputs.push_back(cpu_.file(static_cast<std::uint8_t>(hand + i)));
  }
  std::uint64_t cycles() const override { return cpu_.cycles; }
  std::uint64_t instructions() const override { return cpu_.instructions; }
  std::vector<AsmRegisterView> registers() const override {
    const std::uint8_t status = cpu_.status();
    return {{"W", cpu_.w, 8},
            {"PC", cpu_.pc, 13},
            {"STATUS", status, 8},
            {"FSR", cpu_.file(pic::kFsr), 8},
            {"stack", cpu_.stack_depth(), 4},
            {"STATUS.Z", (status & pic::kZ) != 0, 1},
            {"STATUS.DC", (status & pic::kDc) != 0, 1},
            {"STATUS.C", (status & pic::kC) != 0, 1}};
  }
  std::uint8_t data(std::uint32_t address) const override { return cpu_.file(static_cast<std::uint8_t>(address)); }

  std::uint32_t ram_bytes() const override {  // general purpose registers only (0x20 up)
    std::uint32_t count = 0;
    for (std::size_t a = 0x20; a < cpu_.touched().size(); ++a) count += cpu_.touched()[a] ? 1 : 0;
    return count;
  }

 private:
  std::uint32_t state() const {
    const auto at = static_cast<std::uint8_t>(symbol_address(*program, "STATE"));
    std::uint32_t s = 0;
    for (int i = 3; i >= 0; --i) s = s << 8 | cpu_.file(static_cast<std::uint8_t>(at + i));
    return s;
  }
  PicCpu cpu_;
};

class X86Machine final : public AsmSession::Machine {
 public:
  void load() {
    using asm_detail::kX86DataBase;
    if (info->algorithm == AsmAlgorithm::x86_strike) {
      state_.memory[kX86DataBase] = inputs.seed;
      return;
    }
    std::uint64_t generator = inputs.seed;
    const std::uint64_t words = std::uint64_t{inputs.calls} * 4 + 64;
    for (std::uint64_t i = 0; i < words; ++i) state_.memory[kX86DataBase + 16 + 8 * i] = splitmix64(generator);
    state_.memory[kX86DataBase + 8] = kX86DataBase + 16;
    words_end_ = kX86DataBase + 16 + 8 * words;
  }
  std::uint32_t pc() const override {
    return state_.row < program->rows.size() ? program->rows[state_.row].address : 0;
  }
  bool in_call() const override { return !state_.returned; }
  Result<std::uint32_t> execute() override {
    const auto cursor = state_.memory.find(asm_detail::kX86DataBase + 8);
    if (words_end_ && cursor != state_.memory.end() && cursor->second >= words_end_)
      return Result<std::uint32_t>::fail("x86: the run used up its " + std::to_string(inputs.calls * 4 + 64) +
                                         " random words");
    return asm_detail::x86_step(*program, state_);
  }
  void begin_call() override {
    using asm_detail::kX86DataBase;
    state_.returned = false;
    state_.row = static_cast<std::size_t>(std::max<std::ptrdiff_t>(program->label_row(info->entry), 0));
    if (info->algorithm == AsmAlgorithm::x86_strike) {
      const auto left = static_cast<std::uint64_t>(std::popcount(state_.memory[kX86DataBase]));
      state_.regs[7] = kX86DataBase;            // rdi = &cards
      state_.regs[6] = left ? inputs.n % left : 0;  // rsi = rank
    } else {
      state_.regs[7] = inputs.n;                // rdi = n
      state_.regs[6] = kX86DataBase + 8;        // rsi = &cursor
    }
  }
  void finish_call() override { outputs.push_back(state_.regs[0]); }
  std::uint64_t cycles() const override { return state_.cycles; }
  std::uint64_t instructions() const override { return state_.instructions; }
  std::vector<AsmRegisterView> registers() const override {
    std::vector<AsmRegisterView> out;
    for (const int r : {0, 1, 2, 6, 7, 8, 9, 10, 11})
      out.push_back({asm_detail::x86_register_name(r), state_.regs[static_cast<std::size_t>(r)], 64});
    out.push_back({"CF", state_.cf, 1});
    out.push_back({"ZF", state_.zf, 1});
    return out;
  }
  std::uint8_t data(std::uint32_t address) const override {
    const auto it = state_.memory.find(address & ~7u);
    return it == state_.memory.end() ? 0 : static_cast<std::uint8_t>(it->second >> (8 * (address & 7)));
  }
  std::uint32_t ram_bytes() const override {  // the input words are not the routine's RAM
    std::uint32_t count = 0;
    for (const std::uint64_t a : state_.touched) count += a < asm_detail::kX86DataBase + 16 ? 8 : 0;
    return count;
  }

 private:
  asm_detail::X86State state_;
  std::uint64_t words_end_ = 0;
};

class Mos6502Machine final : public CpuMachine<Mos6502Cpu> {
 public:
  void load() {
    if (reader) return load_reader();
    cpu_.load(static_cast<std::uint16_t>(program->origin), image_bytes(*program));
    switch (info->algorithm) {
      case AsmAlgorithm::mos6502_lfsr16: poke_big_endian("G16HI", 2); break;
      case AsmAlgorithm::mos6502_xorshift16: poke_big_endian("XS16HI", 2); break;
      case AsmAlgorithm::mos6502_lcrng: poke_little_endian("STATE"); break;
      case AsmAlgorithm::mos6502_xorshift32: poke_little_endian("XS32"); break;
      case AsmAlgorithm::mos6502_mulhi: break;
      default: poke_big_endian("LFSR0", 4); break;  // the tarot register feeds the other routines
    }
    cpu_.track_data(true);
  }
  void begin_call() override {
    cpu_.regs.a = static_cast<std::uint8_t>(inputs.x + calls_done);
    if (!reader) cpu_.poke(static_cast<std::uint16_t>(symbol_address(*program, "SIDES")), static_cast<std::uint8_t>(inputs.n));
    cpu_.regs.s = 0xff;
    cpu_.enter(static_cast<std::uint16_t>(entry()), kReturnAddress);
  }
  void finish_call() override {
    if (info->algorithm == AsmAlgorithm::mos6502_lcrng) {
      std::uint32_t state = 0;
      for (int i = 3; i >= 0; --i)
        state = state << 8 | cpu_.peek(static_cast<std::uint16_t>(symbol_address(*program, "STATE") + i));
      outputs.push_back(state);
    } else if (info->algorithm == AsmAlgorithm::mos6502_shuffle) {
      const auto deck = symbol_address(*program, "DECK");
      for (std::uint32_t i = 0; i < 52; ++i) outputs.push_back(cpu_.peek(static_cast<std::uint16_t>(deck + i)));
    } else {
      outputs.push_back(cpu_.regs.a);
    }
  }
  std::uint64_t cycles() const override { return cpu_.cycles; }
  std::vector<AsmRegisterView> registers() const override {
    const Mos6502Registers& r = cpu_.regs;
    using namespace mos6502_flag;
    return {{"A", r.a, 8},
            {"X", r.x, 8},
            {"Y", r.y, 8},
            {"P", r.p, 8},
            {"S", r.s, 8},
            {"PC", r.pc, 16},
            {"P.N", (r.p & N) != 0, 1},
            {"P.V", (r.p & V) != 0, 1},
            {"P.D", (r.p & D) != 0, 1},
            {"P.I", (r.p & I) != 0, 1},
            {"P.Z", (r.p & Z) != 0, 1},
            {"P.C", (r.p & C) != 0, 1}};
  }
  std::uint32_t ram_bytes() const override { return touched_outside_return_slot(cpu_, 0x1fe); }  // S starts at FF

 private:
  void poke_little_endian(std::string_view symbol) {  // 4 bytes, low byte first
    const auto at = symbol_address(*program, symbol);
    for (std::uint32_t i = 0; i < 4; ++i)
      cpu_.poke(static_cast<std::uint16_t>(at + i), static_cast<std::uint8_t>(inputs.seed >> (8 * i)));
  }
  void poke_big_endian(std::string_view symbol, int bytes) {
    const auto at = symbol_address(*program, symbol);
    for (int i = 0; i < bytes; ++i)
      cpu_.poke(static_cast<std::uint16_t>(at + static_cast<std::uint32_t>(i)),
                static_cast<std::uint8_t>(inputs.seed >> (8 * (bytes - 1 - i))));
  }
};

Result<bool> check_inputs(const AsmAlgorithmInfo& info, const AsmInputs& in) {
  using R = Result<bool>;
  if (in.calls < 1 || in.calls > kMaxAsmCalls)
    return R::fail("calls: between 1 and " + std::to_string(kMaxAsmCalls) + ", got " + std::to_string(in.calls));
  const bool byte_die = info.algorithm == AsmAlgorithm::z80_roll_minus1 ||
                        info.algorithm == AsmAlgorithm::z80_roll_exact || info.algorithm == AsmAlgorithm::z80_maxu8 ||
                        info.algorithm == AsmAlgorithm::mos6502_mulhi;
  const bool byte_sides = byte_die || info.algorithm == AsmAlgorithm::z80_reject ||
                          info.algorithm == AsmAlgorithm::mos6502_reject || info.algorithm == AsmAlgorithm::sm83_reject ||
                          info.algorithm == AsmAlgorithm::pic_reject;
  if (byte_die && in.x > 255) return R::fail("x: a byte, 0..255, got " + std::to_string(in.x));
  if (byte_sides && (in.n < 1 || in.n > 255))
    return R::fail("n: sides between 1 and 255 (one byte register), got " + std::to_string(in.n));
  switch (info.algorithm) {
    case AsmAlgorithm::mos6502_lfsr16:
    case AsmAlgorithm::mos6502_xorshift16:
      if (in.seed == 0 || in.seed > 0xffffu)
        return R::fail("seed: a non-zero 16-bit state (an all-zero register stays zero)");
      break;
    case AsmAlgorithm::sm83_lfsr:
    case AsmAlgorithm::sm83_roll:
    case AsmAlgorithm::sm83_shuffle:
    case AsmAlgorithm::sm83_reject:
    case AsmAlgorithm::sm83_fdr:
    case AsmAlgorithm::mos6502_lfsr:
    case AsmAlgorithm::mos6502_reject:
    case AsmAlgorithm::mos6502_shuffle:
    case AsmAlgorithm::mos6502_xorshift32:
      if (in.seed == 0 || in.seed > 0xffffffffu)
        return R::fail("seed: a non-zero 32-bit state (an all-zero register stays zero)");
      if ((info.algorithm == AsmAlgorithm::sm83_roll || info.algorithm == AsmAlgorithm::sm83_fdr) &&
          (in.n < 2 || in.n > 128))
        return R::fail("n: between 2 and 128 values (v must fit in 8 bits), got " + std::to_string(in.n));
      break;
    case AsmAlgorithm::pic_lcrng:
    case AsmAlgorithm::pic_deal:
    case AsmAlgorithm::pic_reject:
    case AsmAlgorithm::mos6502_lcrng:
      if (in.seed > 0xffffffffu) return R::fail("seed: a 32-bit state");
      break;
    case AsmAlgorithm::x86_strike:
      if (in.seed == 0) return R::fail("seed: the card set needs at least one card");
      if (in.calls > static_cast<std::uint32_t>(std::popcount(in.seed)))
        return R::fail("calls: at most one per card in the set (" + std::to_string(std::popcount(in.seed)) + ")");
      break;
    case AsmAlgorithm::x86_lemire:
      if (in.n < 1) return R::fail("n: the bound must be at least 1");
      break;
    default:
      break;
  }
  return R::ok(true);
}

template <class M>
std::unique_ptr<AsmSession::Machine> make(const AsmAlgorithmInfo& info, const AsmInputs& inputs) {
  auto machine = std::make_unique<M>();
  machine->info = &info;
  machine->program = &asm_program(info.isa);
  machine->inputs = inputs;
  machine->load();
  machine->begin_call();
  return machine;
}

template <class M>
std::unique_ptr<AsmSession::Machine> make_reader(std::shared_ptr<const AsmReaderRoutine> routine, const AsmInputs& inputs) {
  auto machine = std::make_unique<M>();
  machine->info = &routine->info;
  machine->program = &routine->program;
  machine->inputs = inputs;
  machine->reader = std::move(routine);
  machine->load();
  machine->begin_call();
  return machine;
}

}  // namespace

std::span<const AsmAlgorithmInfo> asm_algorithms() { return kAlgorithms; }

const AsmAlgorithmInfo& asm_algorithm_info(AsmAlgorithm algorithm) {
  return kAlgorithms[static_cast<std::size_t>(algorithm)];
}

Result<AsmAlgorithm> parse_asm_algorithm(std::string_view field, std::string_view text) {
  std::string names;
  for (const auto& info : kAlgorithms) {
    if (info.id == text) return Result<AsmAlgorithm>::ok(info.algorithm);
    names += names.empty() ? "" : ", ";
    names += info.id;
  }
  return Result<AsmAlgorithm>::fail(std::string(field) + ": unknown listing '" + std::string(text) + "' (one of: " +
                                    names + ")");
}

// ---- the session --------------------------------------------------------------
AsmSession::AsmSession(std::unique_ptr<Machine> machine) : machine_(std::move(machine)) {}
AsmSession::AsmSession(AsmSession&&) noexcept = default;
AsmSession& AsmSession::operator=(AsmSession&&) noexcept = default;
AsmSession::~AsmSession() = default;

Result<bool> check_asm_inputs(AsmAlgorithm algorithm, const AsmInputs& inputs) {
  return check_inputs(asm_algorithm_info(algorithm), inputs);
}

Result<AsmSession> AsmSession::start(AsmAlgorithm algorithm, const AsmInputs& inputs) {
  const AsmAlgorithmInfo& info = asm_algorithm_info(algorithm);
  if (const auto ok = check_inputs(info, inputs); !ok) return Result<AsmSession>::fail(ok.error());
  if (asm_program(info.isa).rows.empty())
    return Result<AsmSession>::fail("listing: this build has no " + std::string(asm_isa_info(info.isa).name) + " program");
  switch (info.isa) {
    case AsmIsa::z80: return Result<AsmSession>::ok(AsmSession(make<Z80Machine>(info, inputs)));
    case AsmIsa::sm83: return Result<AsmSession>::ok(AsmSession(make<Sm83Machine>(info, inputs)));
    case AsmIsa::pic14: return Result<AsmSession>::ok(AsmSession(make<PicMachine>(info, inputs)));
    case AsmIsa::x86_64: return Result<AsmSession>::ok(AsmSession(make<X86Machine>(info, inputs)));
    case AsmIsa::mos6502: return Result<AsmSession>::ok(AsmSession(make<Mos6502Machine>(info, inputs)));
    case AsmIsa::wasm: break;
  }
  return Result<AsmSession>::fail("listing: the WebAssembly lane is shown, not run");
}

Result<AsmSession> AsmSession::start_reader(std::shared_ptr<const AsmReaderRoutine> routine, std::uint64_t seed,
                                            std::uint32_t calls) {
  using R = Result<AsmSession>;
  if (calls < 1 || calls > kMaxAsmCalls)
    return R::fail("calls: between 1 and " + std::to_string(kMaxAsmCalls) + ", got " + std::to_string(calls));
  if (routine->program.label_row(routine->info.entry) < 0)
    return R::fail("entry: no instruction follows the label '" + std::string(routine->info.entry) + "'");
  const AsmInputs inputs{seed, 0, 0, calls};
  switch (routine->info.isa) {
    case AsmIsa::z80: return R::ok(AsmSession(make_reader<Z80Machine>(std::move(routine), inputs)));
    case AsmIsa::sm83: return R::ok(AsmSession(make_reader<Sm83Machine>(std::move(routine), inputs)));
    case AsmIsa::pic14: return R::ok(AsmSession(make_reader<PicMachine>(std::move(routine), inputs)));
    case AsmIsa::mos6502: return R::ok(AsmSession(make_reader<Mos6502Machine>(std::move(routine), inputs)));
    default: break;
  }
  return R::fail("cpu: routines of your own run on the Z80, SM83, 6502 and PIC16");
}

bool AsmSession::is_reader() const { return machine_->reader != nullptr; }

const AsmAlgorithmInfo& AsmSession::info() const { return *machine_->info; }
const AsmProgram& AsmSession::program() const { return *machine_->program; }
bool AsmSession::done() const { return machine_->done(); }

Result<bool> AsmSession::step() {
  Machine& m = *machine_;
  if (m.done()) return Result<bool>::ok(false);
  if (m.reader && m.steps_this_call >= kMaxReaderStepsPerCall) {
    const std::ptrdiff_t at = current_row();
    const auto row = static_cast<std::size_t>(at);
    const std::string where = at < 0 ? "outside the program"
                                     : "line " + std::to_string(m.reader->source_lines[row]) + ", '" +
                                           std::string(m.program->rows[row].text) + "'";
    return Result<bool>::fail("run: call " + std::to_string(m.calls_done + 1) + " has not returned after " +
                              grouped(kMaxReaderStepsPerCall) + " instructions (an endless loop?); it stopped at $" +
                              hex_at_least(m.pc(), 4) + ", " + where);
  }
  if (m.steps_this_call >= kMaxStepsPerCall)
    return Result<bool>::fail("run: call " + std::to_string(m.calls_done + 1) + " has not returned after " +
                              std::to_string(kMaxStepsPerCall) + " instructions (a degenerate seed?)");
  const std::ptrdiff_t row = current_row();
  const std::uint64_t cycles_before = m.cycles();
  const auto executed = m.execute();
  if (!executed) return Result<bool>::fail(executed.error());
  m.last_row = row;
  if (row >= 0) {
    const auto at = static_cast<std::size_t>(row);
    if (m.row_cycles.size() <= at) m.row_cycles.resize(std::max(m.program->rows.size(), at + 1));
    m.row_cycles[at] += m.cycles() - cycles_before;
  }
  ++m.steps_this_call;
  if (!m.in_call()) {
    m.finish_call();
    ++m.calls_done;
    m.steps_this_call = 0;
    if (!m.done()) m.begin_call();
  }
  return Result<bool>::ok(true);
}

Result<bool> AsmSession::run(std::uint64_t max_instructions) {
  for (std::uint64_t i = 0; i < max_instructions && !done(); ++i)
    if (const auto s = step(); !s) return s;
  return Result<bool>::ok(done());
}

std::ptrdiff_t AsmSession::current_row() const {
  return machine_->done() ? -1 : machine_->program->row_at(machine_->pc());
}
std::ptrdiff_t AsmSession::last_row() const { return machine_->last_row; }
std::uint64_t AsmSession::cycles() const { return machine_->cycles(); }
std::uint64_t AsmSession::instructions() const { return machine_->instructions(); }
std::uint32_t AsmSession::calls_done() const { return machine_->calls_done; }
std::vector<AsmRegisterView> AsmSession::registers() const { return machine_->registers(); }
const std::vector<std::uint64_t>& AsmSession::outputs() const { return machine_->outputs; }
std::uint32_t AsmSession::ram_bytes() const { return machine_->ram_bytes(); }

std::uint64_t AsmSession::cycles_in(std::string_view routine_name) const {
  const AsmRoutine* routine = machine_->program->routine(routine_name);
  if (!routine) return 0;
  const std::vector<std::uint64_t>& rows = machine_->row_cycles;
  std::uint64_t sum = 0;
  for (std::size_t r = routine->first_row; r < routine->end_row && r < rows.size(); ++r) sum += rows[r];
  return sum;
}

std::vector<std::string_view> asm_generator_routines(const AsmAlgorithmInfo& listing) {
  std::vector<std::string_view> found;
  if (listing.group == "lfsr" || listing.group == "lcrng") return found;
  for (const AsmAlgorithmInfo& g : asm_algorithms()) {
    if (g.isa != listing.isa || (g.group != "lfsr" && g.group != "lcrng")) continue;
    for (const std::string_view r : listing.routines)
      if (std::find(g.routines.begin(), g.routines.end(), r) != g.routines.end() &&
          std::find(found.begin(), found.end(), r) == found.end())
        found.push_back(r);
  }
  return found;
}

std::vector<AsmMemoryView> AsmSession::memory() const {
  std::vector<AsmMemoryView> views;
  for (const AsmSymbol& symbol : machine_->program->data) {
    AsmMemoryView view{symbol.name, symbol.address, {}};
    const std::uint32_t shown = std::min<std::uint32_t>(symbol.size, 128);
    for (std::uint32_t i = 0; i < shown; ++i) view.bytes.push_back(machine_->data(symbol.address + i));
    views.push_back(std::move(view));
  }
  return views;
}

// ---- costs ------------------------------------------------------------------------
AsmInputs asm_measured_inputs(AsmAlgorithm algorithm) {
  switch (algorithm) {
    case AsmAlgorithm::z80_lfsr: return {0x0123456789abcdefu, 0, 0, 64};
    case AsmAlgorithm::z80_roll_minus1:
    case AsmAlgorithm::z80_roll_exact:
    case AsmAlgorithm::z80_maxu8: return {1, 0, 20, 256};
    case AsmAlgorithm::z80_reject: return {0x0123456789abcdefu, 0, 20, 256};
    case AsmAlgorithm::sm83_lfsr: return {0x12345678, 0, 0, 64};
    case AsmAlgorithm::sm83_roll: return {0x12345678, 0, 78, 256};
    case AsmAlgorithm::sm83_shuffle: return {0x12345678, 0, 0, 4};
    case AsmAlgorithm::x86_strike: return {(std::uint64_t{1} << 52) - 1, 0, 7, 52};
    case AsmAlgorithm::x86_lemire: return {1, 0, 20, 256};
    case AsmAlgorithm::pic_lcrng: return {0, 0, 0, 64};
    case AsmAlgorithm::pic_deal: return {0, 0, 0, 16};
    case AsmAlgorithm::mos6502_lfsr: return {0x12345678, 0, 0, 64};
    case AsmAlgorithm::mos6502_lfsr16: return {0xace1, 0, 0, 64};
    case AsmAlgorithm::mos6502_lcrng: return {0, 0, 0, 64};
    case AsmAlgorithm::mos6502_mulhi: return {1, 0, 20, 256};
    case AsmAlgorithm::mos6502_reject: return {0x12345678, 0, 20, 256};
    case AsmAlgorithm::mos6502_shuffle: return {0x12345678, 0, 0, 4};
    case AsmAlgorithm::mos6502_xorshift16: return {0xace1, 0, 0, 64};
    case AsmAlgorithm::mos6502_xorshift32: return {0x12345678, 0, 0, 64};
    case AsmAlgorithm::sm83_reject: return {0x12345678, 0, 20, 256};
    case AsmAlgorithm::pic_reject: return {0, 0, 20, 256};
    case AsmAlgorithm::sm83_fdr: return {0x12345678, 0, 20, 256};
  }
  return {};
}

namespace {

constexpr std::array<std::array<std::string_view, 3>, 4> kGroups{{
    {"lfsr", "One random byte from an LFSR or xorshift", "shufflelab_wasm_z80_next_byte shufflelab_wasm_galois_next_byte"},
    {"roll", "A die roll (a value in [0, n))", ""},
    {"cards", "Cards: strike, shuffle, deal", ""},
    {"lcrng", "One LCRNG step", "shufflelab_wasm_lcrng_next"},
}};

}  // namespace

Result<AsmCost> asm_cost(AsmAlgorithm algorithm) { return asm_cost_on(algorithm, asm_measured_inputs(algorithm)); }

Result<AsmCost> asm_cost_on(AsmAlgorithm algorithm, const AsmInputs& inputs) {
  const AsmAlgorithmInfo& info = asm_algorithm_info(algorithm);
  auto session = AsmSession::start(algorithm, inputs);
  if (!session) return Result<AsmCost>::fail(session.error());
  if (const auto ran = session.value().run(~std::uint64_t{0}); !ran) return Result<AsmCost>::fail(ran.error());
  const AsmSession& s = session.value();
  AsmCost cost;
  cost.isa = info.isa;
  cost.algorithm = algorithm;
  cost.name = info.id;
  for (const auto name : info.routines)
    if (const AsmRoutine* routine = s.program().routine(name)) cost.code_units += routine->code_units;
  const unsigned bits = asm_isa_info(info.isa).code_unit_bits;
  cost.code_bytes = (cost.code_units * bits + 7) / 8;
  cost.ram_bytes = s.ram_bytes();
  cost.outputs = s.calls_done();
  cost.cycles_per_output = static_cast<double>(s.cycles()) / static_cast<double>(cost.outputs);
  std::uint64_t in_generator = 0;
  for (const std::string_view r : asm_generator_routines(info)) in_generator += s.cycles_in(r);
  cost.generator_cycles_per_output = static_cast<double>(in_generator) / static_cast<double>(cost.outputs);
  cost.own_cycles_per_output = static_cast<double>(s.cycles() - in_generator) / static_cast<double>(cost.outputs);
  cost.output = info.output;
  return Result<AsmCost>::ok(cost);
}

namespace {

Result<std::vector<AsmCostTable>> measure_cost_tables() {
  std::vector<AsmCostTable> tables;
  for (const auto& group : kGroups) {
    AsmCostTable table{group[0], group[1], {}};
    for (const auto& info : kAlgorithms) {
      if (info.group != group[0]) continue;
      const auto cost = asm_cost(info.algorithm);
      if (!cost) return Result<std::vector<AsmCostTable>>::fail(cost.error());
      table.rows.push_back(*cost);
    }
    for (const AsmRoutine& routine : asm_program(AsmIsa::wasm).routines) {
      if (group[2].find(routine.name) == std::string_view::npos) continue;
      AsmCost cost;
      cost.isa = AsmIsa::wasm;
      cost.name = routine.name;
      cost.code_bytes = routine.binary_bytes;
      table.rows.push_back(cost);
    }
    tables.push_back(std::move(table));
  }
  return Result<std::vector<AsmCostTable>>::ok(std::move(tables));
}

}  // namespace

Result<std::vector<AsmCostTable>> asm_cost_tables() {
  static const Result<std::vector<AsmCostTable>> tables = measure_cost_tables();  // fixed inputs: measure once
  return tables;
}

}  // namespace shufflelab
