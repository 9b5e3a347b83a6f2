// assembler.hpp: assemblers for the CPUs the core emulates (Z80, SM83, NMOS
// 6502, PIC16 mid-range), so a reader's own routine can be assembled, run on
// the interpreters of core/cpu and compared with the C++ it claims to be.
//
// Each accepts the syntax of Debian's assembler for its CPU (z80asm, sdasgb,
// ca65, gpasm) for instructions, labels (forward references too), equates,
// org, bytes, words, strings and expressions; tests compare our bytes with
// theirs (tests/oracle/assembler_*). One source, two passes: the first
// sizes every line, the second encodes; every error of a file is reported,
// each with its line and column, and never stops the caller.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/result.hpp"

namespace shufflelab::assembler {

enum class Cpu : std::uint8_t { z80, sm83, mos6502, pic16 };

// CLI and link spelling: z80, sm83, 6502, pic16.
std::string_view cpu_id(Cpu cpu);
Result<Cpu> parse_cpu(std::string_view field, std::string_view text);

struct Diagnostic {
  int line = 0;    // 1-based
  int column = 0;  // 1-based, in characters of the line
  std::string message;
};

// Time of one instruction in the CPU's own unit (T-states, M-cycles, cycles,
// instruction cycles); `taken` when a branch is taken or a skip made, else 0.
struct Cycles {
  std::uint32_t base = 0;
  std::uint32_t taken = 0;
};

struct AssembledLine {
  int line = 0;                      // 1-based source line
  std::uint32_t address = 0;         // in code units (bytes; PIC16: program words)
  std::vector<std::uint16_t> units;  // bytes, or 14-bit PIC16 words; empty for labels/equates
  std::optional<Cycles> cycles;      // instructions only
  std::optional<std::int64_t> equate;  // an equate's value (its line emits nothing)
};

struct Assembly {
  Cpu cpu = Cpu::z80;
  std::vector<AssembledLine> lines;                        // in source order, lines that emit or define
  std::map<std::string, std::int64_t, std::less<>> symbols;  // labels and equates as written
  std::vector<Diagnostic> errors;                          // every error of the file, in line order

  bool ok() const { return errors.empty(); }
  // Lowest and one past the highest address assembled (0, 0 when nothing was).
  std::uint32_t lowest() const;
  std::uint32_t end() const;
  // The units from lowest() to end(), gaps filled with 0xFF (PIC16: 0x3FFF).
  std::vector<std::uint16_t> image() const;
  // image() as a file: bytes; PIC16 words as two bytes each, little-endian.
  std::vector<std::uint8_t> raw_bytes() const;
};

// Limits a hostile source meets before it costs much: longer sources are
// refused with one error, longer lines are reported and skipped.
constexpr std::size_t kMaxSourceBytes = 1 << 20;
constexpr std::size_t kMaxLineBytes = 1024;

Assembly assemble(Cpu cpu, std::string_view source);

// Address, units, cycles and source text per line, the way `shufflelab asm` prints it.
std::string listing_text(const Assembly& assembly, std::string_view source);

// "FILE:LINE:COL: message" lines, one per error.
std::string diagnostics_text(const Assembly& assembly, std::string_view file_name);

}  // namespace shufflelab::assembler
