// asm_z80.cpp: the Z80 program of the assembly lanes (asm/z80/seed002.asm),
// its data, routines and mnemonic descriptions. Encodings are checked
// against z80asm by tests/oracle/z80ex_test.cpp.
#include <array>

#include "core/asm/asm_tables.hpp"
#include "core/cpu/z80_cpu.hpp"

namespace shufflelab::asm_detail {

namespace {

constexpr RowSpec kRows[] = {
    {"lfsr64", "2a 06 80", "ld hl,(SEED+6)", "L = byte 6, H = byte 7", "z80_lfsr.next_byte", "static_cast<std::uint32_t>(seed[6]) << 16"},
    {"", "7c", "ld a,h", "A = X>>24", "", "const auto r ="},
    {"", "29", "add hl,hl", "", "", "const auto r ="},
    {"", "29", "add hl,hl", "", "", "const auto r ="},
    {"", "29", "add hl,hl", "H = X>>21", "", "const auto r ="},
    {"", "ac", "xor h", "", "", "const auto r ="},
    {"", "29", "add hl,hl", "H = X>>20", "", "const auto r ="},
    {"", "ac", "xor h", "", "", "const auto r ="},
    {"", "2a 05 80", "ld hl,(SEED+5)", "L = byte 5, H = byte 6", "", "const std::uint32_t x ="},
    {"", "29", "add hl,hl", "", "", "const auto r ="},
    {"", "29", "add hl,hl", "", "", "const auto r ="},
    {"", "29", "add hl,hl", "", "", "const auto r ="},
    {"", "29", "add hl,hl", "H = X>>12", "", "const auto r ="},
    {"", "ac", "xor h", "", "", "const auto r ="},
    {"", "2a 04 80", "ld hl,(SEED+4)", "L = byte 4, H = byte 5", "", "const std::uint32_t x ="},
    {"", "29", "add hl,hl", "", "", "const auto r ="},
    {"", "29", "add hl,hl", "", "", "const auto r ="},
    {"", "29", "add hl,hl", "", "", "const auto r ="},
    {"", "29", "add hl,hl", "", "", "const auto r ="},
    {"", "29", "add hl,hl", "H = X>>3", "", "const auto r ="},
    {"", "ac", "xor h", "A = the new byte", "", "const auto r ="},
    {"", "21 06 80", "ld hl,SEED+6", "copy bytes 6..0 to 7..1, top first", "", "for (int i = 7; i > 0; --i)"},
    {"", "11 07 80", "ld de,SEED+7", "", "", "for (int i = 7; i > 0; --i)"},
    {"", "01 07 00", "ld bc,7", "", "", "for (int i = 7; i > 0; --i)"},
    {"", "ed b8", "lddr", "", "", "for (int i = 7; i > 0; --i)"},
    {"", "12", "ld (de),a", "DE stopped at SEED+0", "", "seed[0] = r;"},
    {"", "c9", "ret", "", "", "return r;"},
    {"roll_minus1", "48", "ld c,b", "", "range.map_word", "return mul_high(x, n_ - 1);"},
    {"", "0d", "dec c", "C = n-1", "", "return mul_high(x, n_ - 1);"},
    {"", "18 01", "jr mulhi", "", "", "return mul_high(x, n_ - 1);"},
    {"roll_exact", "48", "ld c,b", "C = n", "", "return mul_high(x, n_);"},
    {"mulhi", "5f", "ld e,a", "", "range.mul_high", "std::uint64_t mul_high("},
    {"", "16 00", "ld d,0", "DE = x", "", "std::uint64_t mul_high("},
    {"", "62", "ld h,d", "", "", "std::uint64_t mul_high("},
    {"", "6a", "ld l,d", "HL = 0, the product so far", "", "std::uint64_t mul_high("},
    {"", "79", "ld a,c", "A = multiplier", "", "std::uint64_t mul_high("},
    {"", "06 08", "ld b,8", "", "", "std::uint64_t mul_high("},
    {"mulhi_bit", "29", "add hl,hl", "product * 2 (never carries: < 2^15 here)", "", "return static_cast<std::uint64_t>("},
    {"", "17", "rla", "next multiplier bit into carry", "", "return static_cast<std::uint64_t>("},
    {"", "30 01", "jr nc,mulhi_next", "", "", "return static_cast<std::uint64_t>("},
    {"", "19", "add hl,de", "product + x", "", "return static_cast<std::uint64_t>("},
    {"mulhi_next", "10 f9", "djnz mulhi_bit", "", "", "return static_cast<std::uint64_t>("},
    {"", "7c", "ld a,h", "the high byte is the value", "", "return static_cast<std::uint64_t>("},
    {"", "c9", "ret", "", "", "return static_cast<std::uint64_t>("},
    {"maxu8", "0e ff", "ld c,0xff", "C = mask", "range.maxu8_loop", "std::uint64_t mask = mask_;"},
    {"maxu8_test", "b8", "cp b", "", "", "while (a > limit) {"},
    {"", "d8", "ret c", "x < n: done", "", "return a;"},
    {"", "cb 39", "srl c", "", "", "mask >>= 1;"},
    {"", "a1", "and c", "", "", "a &= mask;"},
    {"", "18 f9", "jr maxu8_test", "", "", "while (a > limit) {"},
    {"reject_roll", "50", "ld d,b", "", "range.reducer", "reject_mask_("},
    {"", "15", "dec d", "D = n-1", "", "reject_mask_("},
    {"", "af", "xor a", "A = mask 0", "", "reject_mask_("},
    {"reject_widen", "ba", "cp d", "", "", "reject_mask_("},
    {"", "30 04", "jr nc,reject_ready", "mask >= n-1", "", "reject_mask_("},
    {"", "37", "scf", "", "", "reject_mask_("},
    {"", "17", "rla", "mask = mask*2 + 1", "", "reject_mask_("},
    {"", "18 f9", "jr reject_widen", "", "", "reject_mask_("},
    {"reject_ready", "4f", "ld c,a", "C = mask", "", "reject_mask_("},
    {"reject_draw", "c5", "push bc", "", "range.draw", "if (const auto value = map_word(next_word())) return *value;"},
    {"", "cd 00 00", "call lfsr64", "", "", "if (const auto value = map_word(next_word())) return *value;"},
    {"", "c1", "pop bc", "", "", "if (const auto value = map_word(next_word())) return *value;"},
    {"reject_try", "a1", "and c", "", "range.map_word", "x &= reject_mask_;"},
    {"", "b8", "cp b", "", "", "if (x >= n_) return std::nullopt;"},
    {"", "30 f7", "jr nc,reject_draw", "x & mask >= n: throw it away", "", "if (x >= n_) return std::nullopt;"},
    {"", "c9", "ret", "", "", "case RangeMethod::mask_reject:#return x;"},
};

constexpr RoutineSpec kRoutines[] = {
    {"lfsr64", "One step of the 64-bit LFSR: returns the new byte in A (Z80Lfsr::next_byte)"},
    {"roll_minus1", "rollDie as printed: A = (x * (n-1)) >> 8 for x in A, n in B (the top face never shows)"},
    {"roll_exact", "Multiply-high done right: A = (x * n) >> 8 for x in A, n in B"},
    {"mulhi", "8 x 8 -> 16-bit shift-and-add multiply, returns the high byte: A = (A * C) >> 8"},
    {"maxu8", "MAXU8: halve an all-ones mask and AND it into x in A until x < n (n in B)"},
    {"reject_roll", "Mask and reject: draws LFSR bytes until x & mask < n (n in B); uniform"},
};

constexpr AsmSymbol kData[] = {
    {"SEED", 0x8000, 8, "LFSR state: SEED+0 newest byte .. SEED+7 oldest"},
};

constexpr AsmMnemonic kMnemonics[] = {
    {"add", "Add: A += operand, or HL += register pair (16-bit: only H, N and C change)"},
    {"and", "Bitwise AND into A; clears C, sets H"},
    {"call", "Push the return address, jump to the routine"},
    {"cp", "Compare: flags of A - operand, A unchanged (C set when A < operand)"},
    {"dec", "Decrement by 1 (C unchanged)"},
    {"djnz", "Decrement B and jump while B is not zero"},
    {"jr", "Relative jump (-128..+127), optionally on a flag"},
    {"ld", "Load: copy a value between registers, memory and immediates (no flags)"},
    {"lddr", "Block copy downwards: (DE) = (HL), DE--, HL--, BC--, repeat until BC = 0"},
    {"pop", "Pop a register pair from the stack"},
    {"push", "Push a register pair on the stack"},
    {"ret", "Return: pop PC, optionally on a flag"},
    {"rla", "Rotate A left through carry: C = bit 7, bit 0 = old C"},
    {"scf", "Set the carry flag"},
    {"srl", "Shift right logical: bit 0 to C, 0 into bit 7"},
    {"xor", "Bitwise XOR into A; clears C and H"},
};

std::optional<AsmCycles> timing(std::span<const std::uint16_t> code, std::string_view) {
  std::array<std::uint8_t, 4> bytes{};
  for (std::size_t i = 0; i < code.size() && i < bytes.size(); ++i) bytes[i] = static_cast<std::uint8_t>(code[i]);
  const auto t = z80_timing(std::span<const std::uint8_t>(bytes.data(), code.size() < 4 ? code.size() : 4));
  if (!t || t->length != code.size()) return std::nullopt;
  return AsmCycles{t->t_states, t->t_states_taken};
}

constexpr ProgramSpec kProgram{AsmIsa::z80, 0x0000, kRows, kRoutines, kData, kMnemonics, timing, ";"};

}  // namespace

const ProgramSpec& z80_program_spec() { return kProgram; }

}  // namespace shufflelab::asm_detail
