// asm_x86.cpp: the x86-64 (BMI2) program of the assembly lanes
// (asm/x86/seed003.S), and a model that steps those rows for the browser:
// it runs the listing's own instruction forms (mov, btr, pdep, xor, tzcnt,
// add, mul, div, neg, cmp, jae, jmp, ret) on 64-bit registers, CF and ZF,
// and a quadword memory; nothing else. Natively the oracle test runs the
// real instructions (GNU as) against the core and compares the bytes.
// Cycles: latencies on Intel Skylake (Agner Fog's instruction tables; DIV
// r64 takes 35-88, its minimum is shown); a run's sum is a serial bound.
#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <string>

#include "core/asm/asm_tables.hpp"
#include "core/base/parse.hpp"

namespace shufflelab::asm_detail {

namespace {

constexpr RowSpec kRows[] = {
    {"shufflelab_x86_strike_nth_card", "48 c7 c0 ff ff ff ff", "mov rax, -1", "all ones", "bits.clear_nth_set_bit", "pdep_instruction(~(std::uint64_t{1} << n), x)"},
    {"", "48 0f b3 f0", "btr rax, rsi", "... except bit n", "", "pdep_instruction(~(std::uint64_t{1} << n), x)"},
    {"", "48 8b 0f", "mov rcx, [rdi]", "the remaining cards", "bits.strike_nth_card", "const std::uint64_t rest = clear_nth_set_bit(cards, n);"},
    {"", "c4 e2 fb f5 c1", "pdep rax, rax, rcx", "deposit: the n-th card's bit drops out", "bits.clear_nth_set_bit", "pdep_instruction(~(std::uint64_t{1} << n), x)"},
    {"", "48 31 c1", "xor rcx, rax", "that card's bit alone", "bits.strike_nth_card", "ctz64(cards ^ rest)"},
    {"", "48 89 07", "mov [rdi], rax", "", "", "cards = rest;"},
    {"", "f3 48 0f bc c1", "tzcnt rax, rcx", "its number", "", "ctz64(cards ^ rest)"},
    {"", "c3", "ret", "", "", "return card;"},
    {"shufflelab_x86_lemire", "4c 8b 06", "mov r8, [rsi]", "r8 = read cursor", "range.draw", "WideCount product = static_cast<WideCount>(next_word() & mask_) * n_;"},
    {"", "49 8b 00", "mov rax, [r8]", "x = next word", "", "WideCount product = static_cast<WideCount>(next_word() & mask_) * n_;"},
    {"", "49 83 c0 08", "add r8, 8", "", "", "WideCount product = static_cast<WideCount>(next_word() & mask_) * n_;"},
    {"", "48 f7 e7", "mul rdi", "rdx:rax = x * n", "", "WideCount product = static_cast<WideCount>(next_word() & mask_) * n_;"},
    {"", "48 39 f8", "cmp rax, rdi", "", "", "if (low < n_) {"},
    {"", "73 2b", "jae .Llemire_done", "low half >= n: never rejected", "", "if (low < n_) {"},
    {"", "49 89 c1", "mov r9, rax", "", "", "const std::uint64_t threshold = lemire_threshold();"},
    {"", "49 89 d2", "mov r10, rdx", "keep the product", "", "const std::uint64_t threshold = lemire_threshold();"},
    {"", "48 89 f8", "mov rax, rdi", "", "", "const std::uint64_t threshold = lemire_threshold();"},
    {"", "48 f7 d8", "neg rax", "2^64 - n", "", "const std::uint64_t threshold = lemire_threshold();"},
    {"", "31 d2", "xor edx, edx", "", "", "const std::uint64_t threshold = lemire_threshold();"},
    {"", "48 f7 f7", "div rdi", "rdx = 2^64 mod n, the threshold", "", "const std::uint64_t threshold = lemire_threshold();"},
    {"", "49 89 d3", "mov r11, rdx", "", "", "const std::uint64_t threshold = lemire_threshold();"},
    {"", "4c 89 c8", "mov rax, r9", "", "", "const std::uint64_t threshold = lemire_threshold();"},
    {"", "4c 89 d2", "mov rdx, r10", "", "", "const std::uint64_t threshold = lemire_threshold();"},
    {".Llemire_check", "4c 39 d8", "cmp rax, r11", "", "", "while (low < threshold) {"},
    {"", "73 0c", "jae .Llemire_done", "low half >= threshold: accept", "", "while (low < threshold) {"},
    {"", "49 8b 00", "mov rax, [r8]", "rejected: next word", "", "while (low < threshold) {#product = static_cast<WideCount>(next_word() & mask_) * n_;"},
    {"", "49 83 c0 08", "add r8, 8", "", "", "while (low < threshold) {#product = static_cast<WideCount>(next_word() & mask_) * n_;"},
    {"", "48 f7 e7", "mul rdi", "", "", "while (low < threshold) {#product = static_cast<WideCount>(next_word() & mask_) * n_;"},
    {"", "eb ef", "jmp .Llemire_check", "", "", "while (low < threshold) {"},
    {".Llemire_done", "4c 89 06", "mov [rsi], r8", "give the cursor back", "", "return static_cast<std::uint64_t>(product >> bits_);"},
    {"", "48 89 d0", "mov rax, rdx", "the value is the high half", "", "return static_cast<std::uint64_t>(product >> bits_);"},
    {"", "c3", "ret", "", "", "return static_cast<std::uint64_t>(product >> bits_);"},
};

constexpr RoutineSpec kRoutines[] = {
    {"shufflelab_x86_strike_nth_card", "Remove the n-th remaining card of a 64-bit set (PDEP), return its number (TZCNT)"},
    {"shufflelab_x86_lemire", "Lemire: high half of x * n, drawing again while the low half < 2^64 mod n"},
};

constexpr AsmSymbol kData[] = {
    {"cards", kX86DataBase, 8, "strike: the set of remaining cards (argument rdi points here)"},
    {"cursor", kX86DataBase + 8, 8, "lemire: pointer to the next random word (argument rsi points here)"},
    {"words", kX86DataBase + 16, 8 * kX86MaxWords, "lemire: the random words"},
};

struct Mnemonic {
  std::string_view name;
  std::uint32_t latency;
};
constexpr std::array<Mnemonic, 14> kLatency{{
    {"add", 1}, {"btr", 1}, {"cmp", 1}, {"div", 35}, {"jae", 1}, {"jmp", 1}, {"mov", 1},
    {"mul", 4}, {"neg", 1}, {"pdep", 3}, {"ret", 1}, {"tzcnt", 3}, {"xor", 1}, {"mov-load", 4},
}};

constexpr AsmMnemonic kMnemonics[] = {
    {"add", "Add (CF on carry out)"},
    {"btr", "Bit test and reset: CF = the bit, then clear it"},
    {"cmp", "Compare: flags of a - b (CF when a < b unsigned)"},
    {"div", "Unsigned divide rdx:rax by the operand: rax = quotient, rdx = remainder (35-88 cycles)"},
    {"jae", "Jump if above or equal (unsigned, CF = 0)"},
    {"jmp", "Jump"},
    {"mov", "Copy between registers, memory and immediates (a load takes about 4 cycles)"},
    {"mul", "Unsigned multiply: rdx:rax = rax * operand, the full 128-bit product"},
    {"neg", "Two's complement negate"},
    {"pdep", "BMI2 parallel bit deposit: scatter the low bits of a into the set bits of a mask"},
    {"ret", "Return to the caller"},
    {"tzcnt", "Count trailing zero bits (64 for 0)"},
    {"xor", "Bitwise XOR; xor r32,r32 zeroes the full 64-bit register"},
};

// The mnemonic's latency; a mov from memory counts as a load.
std::uint32_t latency_of(std::string_view text) {
  const auto space = text.find(' ');
  const std::string_view name = text.substr(0, space);
  const bool load = name == "mov" && text.find(", [") != std::string_view::npos;
  for (const auto& m : kLatency)
    if (m.name == (load ? std::string_view("mov-load") : name)) return m.latency;
  return 0;
}

std::optional<AsmCycles> timing(std::span<const std::uint16_t>, std::string_view text) {
  return AsmCycles{latency_of(text), 0};
}

constexpr ProgramSpec kProgram{AsmIsa::x86_64, 0, kRows, kRoutines, kData, kMnemonics, timing, "//"};

constexpr std::array<std::string_view, 16> kRegisters{"rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi",
                                                      "r8",  "r9",  "r10", "r11", "r12", "r13", "r14", "r15"};
constexpr std::array<std::string_view, 8> kRegisters32{"eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi"};

struct Operand {
  enum class Kind : std::uint8_t { none, reg, reg32, mem, imm, label } kind = Kind::none;
  int reg = 0;
  std::uint64_t value = 0;
  std::string_view label;
};

Operand parse_operand(std::string_view text) {
  Operand op;
  if (text.empty()) return op;
  if (text.front() == '[') {
    const std::string_view inner = text.substr(1, text.size() - 2);
    for (int i = 0; i < 16; ++i)
      if (kRegisters[static_cast<std::size_t>(i)] == inner) return {Operand::Kind::mem, i, 0, {}};
    return op;
  }
  for (int i = 0; i < 16; ++i)
    if (kRegisters[static_cast<std::size_t>(i)] == text) return {Operand::Kind::reg, i, 0, {}};
  for (int i = 0; i < 8; ++i)
    if (kRegisters32[static_cast<std::size_t>(i)] == text) return {Operand::Kind::reg32, i, 0, {}};
  if (text.front() == '-' || std::isdigit(static_cast<unsigned char>(text.front()))) {
    const bool negative = text.front() == '-';
    std::uint64_t v = 0;
    for (const char c : text.substr(negative ? 1 : 0)) v = v * 10 + static_cast<std::uint64_t>(c - '0');
    return {Operand::Kind::imm, 0, negative ? std::uint64_t{0} - v : v, {}};
  }
  return {Operand::Kind::label, 0, 0, text};
}

}  // namespace

const ProgramSpec& x86_program_spec() { return kProgram; }

std::string_view x86_register_name(int index) { return kRegisters[static_cast<std::size_t>(index) & 15]; }

Result<std::uint32_t> x86_step(const AsmProgram& program, X86State& s) {
  using R = Result<std::uint32_t>;
  if (s.returned || s.row >= program.rows.size()) return R::fail("x86: the routine has returned");
  const AsmRow& row = program.rows[s.row];
  const std::string_view text = row.text;
  const auto space = text.find(' ');
  const std::string_view name = text.substr(0, space);
  std::array<Operand, 3> ops{};
  if (space != std::string_view::npos) {
    std::string_view rest = text.substr(space + 1);
    for (std::size_t i = 0; i < ops.size() && !rest.empty(); ++i) {
      const auto comma = rest.find(", ");
      ops[i] = parse_operand(rest.substr(0, comma));
      rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 2);
    }
  }
  auto get = [&](const Operand& op) -> std::uint64_t {
    switch (op.kind) {
      case Operand::Kind::reg: return s.regs[static_cast<std::size_t>(op.reg)];
      case Operand::Kind::reg32: return s.regs[static_cast<std::size_t>(op.reg)] & 0xffffffffu;
      case Operand::Kind::imm: return op.value;
      case Operand::Kind::mem: {
        const std::uint64_t address = s.regs[static_cast<std::size_t>(op.reg)];
        s.touched.insert(address);
        const auto it = s.memory.find(address);
        return it == s.memory.end() ? 0 : it->second;
      }
      default: return 0;
    }
  };
  auto set = [&](const Operand& op, std::uint64_t v) {
    if (op.kind == Operand::Kind::reg) s.regs[static_cast<std::size_t>(op.reg)] = v;
    if (op.kind == Operand::Kind::reg32) s.regs[static_cast<std::size_t>(op.reg)] = v & 0xffffffffu;
    if (op.kind == Operand::Kind::mem) {
      const std::uint64_t address = s.regs[static_cast<std::size_t>(op.reg)];
      s.touched.insert(address);
      s.memory[address] = v;
    }
  };
  std::size_t next = s.row + 1;
  auto jump = [&](std::string_view label) -> bool {
    const auto it = std::find_if(program.rows.begin(), program.rows.end(),
                                 [&](const AsmRow& r) { return r.label == label; });
    if (it == program.rows.end()) return false;
    next = static_cast<std::size_t>(it - program.rows.begin());
    return true;
  };
  const std::uint64_t a = get(ops[0]), b = get(ops[1]);
  if (name == "mov") {
    set(ops[0], b);
  } else if (name == "btr") {
    s.cf = (a >> (b & 63)) & 1;
    set(ops[0], a & ~(std::uint64_t{1} << (b & 63)));
  } else if (name == "pdep") {
    std::uint64_t value = b, mask = get(ops[2]), result = 0;
    for (; mask != 0; mask &= mask - 1, value >>= 1)
      if (value & 1) result |= mask & (~mask + 1);
    set(ops[0], result);
  } else if (name == "xor") {
    const std::uint64_t r = a ^ b;
    set(ops[0], r);
    s.cf = false;
    s.zf = r == 0;
  } else if (name == "tzcnt") {
    s.cf = b == 0;
    const auto r = static_cast<std::uint64_t>(std::countr_zero(b));
    s.zf = r == 0;
    set(ops[0], r);
  } else if (name == "add") {
    const std::uint64_t r = a + b;
    s.cf = r < a;
    s.zf = r == 0;
    set(ops[0], r);
  } else if (name == "cmp") {
    s.cf = a < b;
    s.zf = a == b;
  } else if (name == "neg") {
    s.cf = a != 0;
    s.zf = a == 0;
    set(ops[0], std::uint64_t{0} - a);
  } else if (name == "mul") {
    const unsigned __int128 product = static_cast<unsigned __int128>(s.regs[0]) * a;
    s.regs[0] = static_cast<std::uint64_t>(product);
    s.regs[2] = static_cast<std::uint64_t>(product >> 64);
    s.cf = s.regs[2] != 0;
  } else if (name == "div") {
    if (a == 0 || s.regs[2] >= a) return R::fail("x86: #DE (division fault) at '" + std::string(text) + "'");
    const unsigned __int128 dividend = static_cast<unsigned __int128>(s.regs[2]) << 64 | s.regs[0];
    s.regs[0] = static_cast<std::uint64_t>(dividend / a);
    s.regs[2] = static_cast<std::uint64_t>(dividend % a);
  } else if (name == "jae" || name == "jmp") {
    if ((name == "jmp" || !s.cf) && !jump(ops[0].label)) return R::fail("x86: no label " + std::string(ops[0].label));
  } else if (name == "ret") {
    s.returned = true;
  } else {
    return R::fail("x86: '" + std::string(text) + "' is not modelled");
  }
  s.row = next;
  const std::uint32_t cycles = latency_of(text);
  s.cycles += cycles;
  ++s.instructions;
  return R::ok(cycles);
}

}  // namespace shufflelab::asm_detail
