// asm_tables.hpp: internal to the asm_* files. Each instruction set's file
// (asm_z80.cpp, asm_sm83.cpp, asm_pic.cpp, asm_x86.cpp) writes its program
// as rows of text (encoding in hex, instruction, comment, C++ anchor) that
// asm_listing.cpp parses once; asm_wasm.cpp builds the WebAssembly program
// from the generated header; asm_x86.cpp also models its rows for stepping.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string_view>
#include <vector>

#include "core/asm/asm_listing.hpp"

namespace shufflelab::asm_detail {

struct RowSpec {
  std::string_view label;    // label defined here, or ""
  std::string_view code;     // hex units separated by blanks ("2a 06 80"; PIC "3068")
  std::string_view text;     // instruction, blanks collapsed as in check_listing_source
  std::string_view comment;  // the source line's comment
  std::string_view snippet;  // C++ snippet id; "" = the previous row's
  std::string_view anchor;   // text on the one snippet line this row does
};

struct RoutineSpec {
  std::string_view name;
  std::string_view summary;
};

struct ProgramSpec {
  AsmIsa isa;
  std::uint32_t origin;
  std::span<const RowSpec> rows;
  std::span<const RoutineSpec> routines;
  std::span<const AsmSymbol> data;
  std::span<const AsmMnemonic> mnemonics;
  // Cycles of one instruction (the interpreter's own timing), or empty if
  // the interpreter lacks it.
  std::optional<AsmCycles> (*timing)(std::span<const std::uint16_t> code, std::string_view text);
  std::string_view comment_mark;  // ";" or "//"
};

const ProgramSpec& z80_program_spec();
const ProgramSpec& sm83_program_spec();
const ProgramSpec& pic_program_spec();
const ProgramSpec& x86_program_spec();
const ProgramSpec& mos6502_program_spec();
std::span<const AsmMnemonic> wasm_mnemonics();

// The x86 rows' model (asm_x86.cpp): registers in encoding order (rax rcx rdx
// rbx rsp rbp rsi rdi r8..r15), CF, ZF, quadword memory.
constexpr std::uint32_t kX86DataBase = 0x10000;
constexpr std::uint32_t kX86MaxWords = 64;
struct X86State {
  std::array<std::uint64_t, 16> regs{};
  bool cf = false, zf = false;
  std::map<std::uint64_t, std::uint64_t> memory;
  std::set<std::uint64_t> touched;  // quadword addresses read or written
  std::size_t row = 0;              // next row to run
  bool returned = false;
  std::uint64_t cycles = 0, instructions = 0;
};
Result<std::uint32_t> x86_step(const AsmProgram& program, X86State& state);
std::string_view x86_register_name(int index);
// The extracted wasm functions as a program (rows, routines, line maps).
AsmProgram build_wasm_program();

}  // namespace shufflelab::asm_detail
