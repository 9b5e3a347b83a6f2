// The listing tables themselves: every row maps to one real C++ line, every
// mnemonic has a description, every encoded row has the interpreter's timing,
// and the encodings the oracle tests cannot check (SM83-only forms, PIC when
// gpasm is absent) agree with encodings derived here by hand from the
// published opcode tables.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "core/asm/asm_listing.hpp"
#include "core/poker/poker.hpp"

namespace shufflelab {
namespace {

constexpr AsmIsa kHandWritten[] = {AsmIsa::z80, AsmIsa::sm83, AsmIsa::x86_64, AsmIsa::pic14, AsmIsa::mos6502};

TEST(AsmListing, EveryRowMapsToOneLineOfItsSnippet) {
  const auto problems = unresolved_line_maps();
  for (const auto& p : problems) ADD_FAILURE() << p;
  for (const AsmIsa isa : kHandWritten) {
    const AsmProgram& program = asm_program(isa);
    ASSERT_GT(program.rows.size(), 10u);
    for (const AsmRow& row : program.rows) {
      const CppSnippet* snippet = find_cpp_snippet(row.cpp_snippet);
      ASSERT_NE(snippet, nullptr) << row.text;
      EXPECT_EQ(row.cpp_file, snippet->file);
      const std::uint32_t last = snippet->first_line + cpp_snippet_line_count(*snippet) - 1;
      EXPECT_GE(row.cpp_line, snippet->first_line) << row.text;
      EXPECT_LE(row.cpp_line, last) << row.text;
      const std::string_view anchor = row.cpp_anchor.substr(row.cpp_anchor.find('#') + 1);
      EXPECT_NE(cpp_snippet_line(*snippet, row.cpp_line).find(anchor), std::string_view::npos) << row.text;
    }
  }
}

TEST(AsmListing, SnippetsAreTheFunctionsTheyName) {
  ASSERT_GE(cpp_snippets().size(), 15u);
  for (const CppSnippet& snippet : cpp_snippets()) {
    EXPECT_NE(cpp_snippet_line(snippet, snippet.first_line).find(snippet.signature), std::string_view::npos)
        << snippet.id;
    const std::string_view text = snippet.text;  // cut at the closing brace (of a struct: "};")
    EXPECT_TRUE(text.ends_with('}') || text.ends_with("};")) << snippet.id;
  }
  // A known one, read independently: lcrng_next is one line holding the constants.
  const CppSnippet* lcrng = find_cpp_snippet("poker.lcrng_next");
  ASSERT_NE(lcrng, nullptr);
  EXPECT_EQ(cpp_snippet_line_count(*lcrng), 1u);
  EXPECT_NE(lcrng->text.find("kLcrngMultiplier * state + kLcrngIncrement"), std::string_view::npos);
}

TEST(AsmListing, AnchorsRefuseAmbiguityAndAbsence) {
  const CppSnippet* map_word = find_cpp_snippet("range.map_word");
  ASSERT_NE(map_word, nullptr);
  EXPECT_FALSE(cpp_anchor_line(*map_word, "return x;"));  // in two cases
  EXPECT_FALSE(cpp_anchor_line(*map_word, "no such text"));
  const auto scoped = cpp_anchor_line(*map_word, "case RangeMethod::mask_reject:#return x;");
  ASSERT_TRUE(scoped) << scoped.error();
  const auto shift = cpp_anchor_line(*map_word, "case RangeMethod::shift:#return x;");
  ASSERT_TRUE(shift);
  EXPECT_GT(*scoped, *shift);
}

TEST(AsmListing, EveryMnemonicIsDescribedAndEveryRowTimed) {
  for (const AsmIsa isa : kHandWritten) {
    for (const AsmRow& row : asm_program(isa).rows) {
      EXPECT_FALSE(asm_mnemonic_description(isa, row.mnemonic).empty()) << asm_isa_info(isa).id << " " << row.mnemonic;
      EXPECT_FALSE(row.code.empty()) << row.text;
      EXPECT_GT(row.cycles.base, 0u) << asm_isa_info(isa).id << " " << row.text;
      EXPECT_NE(asm_row_hover(isa, row).find(asm_isa_info(isa).cycle_unit), std::string::npos);
    }
  }
}

TEST(AsmListing, HoverShowsBytesAndBothTimings) {
  const AsmProgram& z80 = asm_program(AsmIsa::z80);
  const AsmRow* djnz = nullptr;
  for (const AsmRow& row : z80.rows)
    if (row.mnemonic == "djnz") djnz = &row;
  ASSERT_NE(djnz, nullptr);
  // DJNZ: 2 bytes, 13 T-states when it loops, 8 when B reaches 0 (Zilog manual).
  EXPECT_EQ(asm_row_hover(AsmIsa::z80, *djnz),
            "djnz: Decrement B and jump while B is not zero | 2 bytes | 8 (13 if taken) T-states");
}

TEST(AsmListing, RoutinesCoverTheirRowsAndAddressesFollowTheEncodings) {
  for (const AsmIsa isa : kHandWritten) {
    const AsmProgram& program = asm_program(isa);
    std::uint32_t address = program.origin;
    for (std::size_t i = 0; i < program.rows.size(); ++i) {
      EXPECT_EQ(program.rows[i].address, address);
      EXPECT_EQ(program.row_at(address), static_cast<std::ptrdiff_t>(i));
      address += static_cast<std::uint32_t>(program.rows[i].code.size());
    }
    std::uint32_t total = 0;
    for (const AsmRoutine& routine : program.routines) {
      EXPECT_EQ(program.rows[routine.first_row].label, routine.name);
      EXPECT_LT(routine.first_row, routine.end_row);
      total += routine.code_units;
    }
    EXPECT_EQ(total, address - program.origin) << asm_isa_info(isa).id;  // routines tile the program
  }
}

// SM83 forms the Z80 encodes differently; bytes from the SM83 opcode table
// (Pan Docs, "CPU opcode reference"): LD (HL+),A = 22, LD A,(HL+) = 2A,
// LD (a16),A = EA lo hi, LD A,(a16) = FA lo hi.
TEST(AsmListing, Sm83OnlyEncodingsFollowTheOpcodeTable) {
  const std::map<std::string, std::vector<std::uint16_t>> expected{
      {"ld (hl+),a", {0x22}},          {"ld a,(hl+)", {0x2a}},          {"ld a,(FLIPS)", {0xfa, 0x05, 0xc0}},
      {"ld (FLIPS),a", {0xea, 0x05, 0xc0}}, {"ld (RNG),a", {0xea, 0x04, 0xc0}}};
  int seen = 0;
  for (const AsmRow& row : asm_program(AsmIsa::sm83).rows) {
    const auto it = expected.find(std::string(row.text));
    if (it == expected.end()) continue;
    EXPECT_EQ(row.code, it->second) << row.text;
    ++seen;
  }
  EXPECT_EQ(seen, 10);  // 3 + 4 (hl+) forms, 2 FLIPS, 1 RNG
}

// PIC16 words re-encoded here from the mid-range instruction table
// (byte ops 00 oooo dfff ffff, bit ops 01 oobb bfff ffff, CALL 10 0kkk...,
// GOTO 10 1kkk..., literal ops 11 oooo kkkk kkkk) and the listing's symbols.
std::uint16_t encode_pic(std::string_view text, const AsmProgram& program) {
  const std::map<std::string, unsigned> files{
      {"INDF", 0x00}, {"STATUS", 0x03}, {"FSR", 0x04},  {"STATE0", 0x20}, {"STATE1", 0x21}, {"STATE2", 0x22},
      {"STATE3", 0x23}, {"MUL0", 0x24}, {"MUL1", 0x25}, {"MUL2", 0x26},  {"PROD0", 0x27},  {"PROD1", 0x28},
      {"PROD2", 0x29}, {"PROD3", 0x2a}, {"BITS", 0x2b}, {"COUNT", 0x2c}, {"CARD", 0x2d},   {"LEFT", 0x2e},
      {"HAND", 0x30},   {"SIDES", 0x3a}, {"MASK", 0x3b}, {"ROLL", 0x3c}};
  const std::map<std::string, unsigned> byte_ops{{"addwf", 0x7}, {"andwf", 0x5}, {"decf", 0x3},  {"decfsz", 0xb},
                                                 {"incf", 0xa},  {"incfsz", 0xf}, {"movf", 0x8}, {"rlf", 0xd},
                                                 {"rrf", 0xc},   {"subwf", 0x2},  {"xorwf", 0x6}};
  const std::map<std::string, unsigned> bit_ops{{"bcf", 0}, {"bsf", 1}, {"btfsc", 2}, {"btfss", 3}};
  const std::string s(text);
  const auto space = s.find(' ');
  const std::string op = s.substr(0, space), args = space == std::string::npos ? "" : s.substr(space + 1);
  const auto comma = args.find(',');
  const std::string a = args.substr(0, comma), b = comma == std::string::npos ? "" : args.substr(comma + 1);
  auto number = [&](const std::string& t) -> unsigned {
    if (files.count(t)) return files.at(t);
    if (t.rfind("0x", 0) == 0) return static_cast<unsigned>(std::stoul(t.substr(2), nullptr, 16));
    return static_cast<unsigned>(std::stoul(t));
  };
  if (op == "return") return 0x0008;
  if (op == "movwf") return static_cast<std::uint16_t>(0x0080 | number(a));
  if (op == "clrf") return static_cast<std::uint16_t>(0x0180 | number(a));
  if (op == "movlw") return static_cast<std::uint16_t>(0x3000 | number(a));
  if (op == "call" || op == "goto") {
    const auto row = program.label_row(a);
    const unsigned target = row < 0 ? 0x7ff : program.rows[static_cast<std::size_t>(row)].address;
    return static_cast<std::uint16_t>((op == "call" ? 0x2000 : 0x2800) | target);
  }
  if (byte_ops.count(op))
    return static_cast<std::uint16_t>(byte_ops.at(op) << 8 | (b == "f" ? 0x80 : 0) | number(a));
  if (bit_ops.count(op)) {
    const unsigned bit = b == "C" ? 0 : b == "Z" ? 2 : number(b);
    return static_cast<std::uint16_t>(0x1000 | bit_ops.at(op) << 10 | bit << 7 | number(a));
  }
  return 0xffff;
}

TEST(AsmListing, PicWordsFollowTheInstructionTable) {
  const AsmProgram& pic = asm_program(AsmIsa::pic14);
  for (const AsmRow& row : pic.rows) {
    ASSERT_EQ(row.code.size(), 1u);
    EXPECT_EQ(row.code[0], encode_pic(row.text, pic)) << row.text;
  }
}

TEST(AsmListing, WasmLaneExistsExactlyInTheEmscriptenBuild) {
  const AsmProgram& wasm = asm_program(AsmIsa::wasm);
#ifdef __EMSCRIPTEN__
  ASSERT_GE(wasm.routines.size(), 4u);
  for (const AsmRoutine& routine : wasm.routines) {
    EXPECT_GT(routine.binary_bytes, 0u) << routine.name;
    EXPECT_NE(wasm.rows[routine.first_row].text.find("(func $" + std::string(routine.name)), std::string_view::npos);
    const CppSnippet* snippet = find_cpp_snippet(routine.summary);
    ASSERT_NE(snippet, nullptr) << routine.summary;
    for (std::size_t i = routine.first_row; i < routine.end_row; ++i) EXPECT_GT(wasm.rows[i].cpp_line, 0u);
  }
  // The LCRNG step compiles to one multiply and one add of the seed's constants
  // (1664525 and 1013904223 as signed 32-bit immediates).
  const AsmRoutine* lcrng = wasm.routine("shufflelab_wasm_lcrng_next");
  ASSERT_NE(lcrng, nullptr);
  std::string body;
  for (std::size_t i = lcrng->first_row; i < lcrng->end_row; ++i) body += std::string(wasm.rows[i].text) + "\n";
  EXPECT_NE(body.find("i32.mul"), std::string::npos) << body;
  EXPECT_NE(body.find("1664525"), std::string::npos) << body;
  EXPECT_NE(body.find("1013904223"), std::string::npos) << body;
  // Its rows map to lcrng_next's line in poker.hpp.
  const CppSnippet* snippet = find_cpp_snippet("poker.lcrng_next");
  bool mapped = false;
  for (std::size_t i = lcrng->first_row; i < lcrng->end_row; ++i)
    mapped = mapped || (wasm.rows[i].cpp_file == "src/core/poker/poker.hpp" && wasm.rows[i].cpp_line == snippet->first_line);
  EXPECT_TRUE(mapped);
#else
  EXPECT_TRUE(wasm.rows.empty());
#endif
}

TEST(AsmListing, SourceCheckFindsAChangedLine) {
  // A source written from the table passes; one changed operand or comment fails.
  std::string source = "; a comment line\nSEED:   equ 0x8000\n        org 0x0000\n";
  for (const AsmRow& row : asm_program(AsmIsa::z80).rows) {
    if (!row.label.empty()) source += std::string(row.label) + ":\n";
    source += "        " + std::string(row.text);
    if (!row.comment.empty()) source += "      ; " + std::string(row.comment);
    source += "\n";
  }
  const auto ok = check_listing_source(AsmIsa::z80, source);
  EXPECT_TRUE(ok) << ok.error();
  std::string changed = source;
  changed.replace(changed.find("ld hl,(SEED+5)"), 14, "ld hl,(SEED+3)");
  const auto bad = check_listing_source(AsmIsa::z80, changed);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("'ld hl,(SEED+3)' but the table has 'ld hl,(SEED+5)'"), std::string::npos) << bad.error();
  changed = source;
  changed.replace(changed.find("; A = X>>24"), 11, "; A = X>>25");
  EXPECT_FALSE(check_listing_source(AsmIsa::z80, changed));
  EXPECT_FALSE(check_listing_source(AsmIsa::z80, source + "        nop\n"));
}

TEST(AsmListing, ParsesInstructionSetNames) {
  for (const auto& info : asm_isas()) EXPECT_EQ(*parse_asm_isa("isa", info.id), info.isa);
  const auto bad = parse_asm_isa("isa", "6809");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("isa: unknown instruction set '6809'"), std::string::npos);
}

}  // namespace
}  // namespace shufflelab
