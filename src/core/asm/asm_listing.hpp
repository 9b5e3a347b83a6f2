// asm_listing.hpp: the assembly lanes' data. For each instruction set one
// program of shufflelab's own listings (asm/<isa>/*), kept here as rows:
// address, encoding, the source line's instruction and comment, and the line
// of the C++ core it does (the line map). Native oracle tests check the
// encodings against real assemblers (z80asm, gpasm, GNU as) and the rows
// against the source files; core tests check every row's C++ line exists.
//
// C++ lines come from snippets that the build extracts from the real core
// sources (cmake/asm.cmake), so a row names a snippet plus an anchor: a piece
// of text found on exactly one line of it ("a#b": the first line holding b
// after the line holding a). The WebAssembly program is the core's compiled
// code as wasm-dis prints it, extracted in the Emscripten build only, with
// its line map from the compiler's source map (empty in native builds).
// Cycles: documented per-instruction timings; see AsmIsaInfo::cycle_unit.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/result.hpp"

namespace shufflelab {

// New instruction sets are appended at the end, so stored codes keep their meaning.
enum class AsmIsa : std::uint8_t { z80, sm83, x86_64, pic14, wasm, mos6502 };

struct AsmIsaInfo {
  AsmIsa isa;
  std::string_view id;           // URL/CLI spelling: z80, sm83, x86-64, pic14, wasm, 6502
  std::string_view name;         // for headings
  std::string_view cycle_unit;   // what AsmRow::cycles counts ("" for wasm)
  unsigned code_unit_bits;       // 8, or 14 for PIC program words
  std::string_view source_path;  // the listing source in the repository
};
std::span<const AsmIsaInfo> asm_isas();
const AsmIsaInfo& asm_isa_info(AsmIsa isa);
Result<AsmIsa> parse_asm_isa(std::string_view field, std::string_view text);

// One-line description of a mnemonic, for hover text.
struct AsmMnemonic {
  std::string_view mnemonic;  // lower case, as the listings write it
  std::string_view description;
};
std::span<const AsmMnemonic> asm_mnemonics(AsmIsa isa);
std::string_view asm_mnemonic_description(AsmIsa isa, std::string_view mnemonic);  // "" if unknown

// Time of one instruction. `taken` is the time when its condition holds (a
// branch taken, a skip made, a block move repeating); 0 if it has one timing.
struct AsmCycles {
  std::uint32_t base = 0;
  std::uint32_t taken = 0;
};

// A C++ snippet: a function (or one-line definition) of the core, extracted
// at build time with its real line numbers.
struct CppSnippet {
  std::string_view id;         // e.g. "z80_lfsr.next_byte"
  std::string_view file;       // e.g. "src/core/gen/z80_lfsr.hpp"
  std::string_view signature;  // the text the build searched for
  std::uint32_t first_line;    // 1-based line of `signature` in `file`
  std::string_view text;       // the lines, '\n'-separated, no final newline
};
std::span<const CppSnippet> cpp_snippets();
const CppSnippet* find_cpp_snippet(std::string_view id);
std::uint32_t cpp_snippet_line_count(const CppSnippet& snippet);
// Line `line` (1-based, in the file) of the snippet, without its newline.
std::string_view cpp_snippet_line(const CppSnippet& snippet, std::uint32_t line);
// The file line the anchor designates; fails unless exactly one line matches.
Result<std::uint32_t> cpp_anchor_line(const CppSnippet& snippet, std::string_view anchor);

struct AsmRow {
  std::uint32_t address = 0;        // in code units (bytes; PIC: words)
  std::vector<std::uint16_t> code;  // the encoding: bytes, or 14-bit words
  std::string_view label;           // label defined at this row, or ""
  std::string_view text;            // the instruction, spaces collapsed
  std::string_view comment;         // the source line's comment, or ""
  std::string_view mnemonic;        // first word of text, lower case
  std::string_view cpp_snippet;     // snippet id (hand listings), or ""
  std::string_view cpp_anchor;      // anchor in that snippet
  std::string_view cpp_file;        // resolved: file of the C++ line
  std::uint32_t cpp_line = 0;       // resolved: 1-based line, 0 if the anchor did not resolve
  AsmCycles cycles;
};

struct AsmRoutine {
  std::string_view name;  // label of its first row
  std::string_view summary;
  std::size_t first_row = 0;
  std::size_t end_row = 0;        // one past its last row
  std::uint32_t code_units = 0;   // encoding size (bytes; PIC: words)
  std::uint32_t binary_bytes = 0; // wasm only: the function body as binaryen encodes it
};

struct AsmSymbol {  // a data area the program uses
  std::string_view name;
  std::uint32_t address;
  std::uint32_t size;  // bytes (PIC: file registers)
  std::string_view summary;
};

struct AsmProgram {
  AsmIsa isa = AsmIsa::z80;
  std::uint32_t origin = 0;
  std::vector<AsmRow> rows;
  std::vector<AsmRoutine> routines;
  std::vector<AsmSymbol> data;

  const AsmRoutine* routine(std::string_view name) const;
  // The row a label is defined on, or -1.
  std::ptrdiff_t label_row(std::string_view label) const;
  // The row whose instruction starts at `address`, or -1.
  std::ptrdiff_t row_at(std::uint32_t address) const;
  // Code units from origin to the end of the last row, in order.
  std::vector<std::uint16_t> image() const;
};

// Built once on first use. For wasm: empty unless built with Emscripten.
const AsmProgram& asm_program(AsmIsa isa);

// "mnemonic: description | 3 bytes | 16 T-states" (taken/not-taken when two).
std::string asm_row_hover(AsmIsa isa, const AsmRow& row);

// Checks that `source` (the text of asm_isa_info(isa).source_path) has exactly
// the program's labels, instructions and comments, in order. Directives and
// comment-only lines are skipped; runs of blanks count as one.
Result<bool> check_listing_source(AsmIsa isa, std::string_view source);

// Every row of every hand-written program whose C++ anchor does not resolve,
// one message each (empty when the line maps are sound).
std::vector<std::string> unresolved_line_maps();

}  // namespace shufflelab
