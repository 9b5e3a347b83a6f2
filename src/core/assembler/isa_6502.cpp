// isa_6502.cpp: the NMOS 6502's 151 documented opcodes in ca65's syntax
// (xa65 writes them the same way): `#imm`, `zp`/`abs`, `,x`, `,y`,
// `(zp,x)`, `(zp),y`, `(abs)`, `a` or nothing for the accumulator, and
// ca65's `z:`/`a:` address-size prefixes. Zero page or absolute is chosen as
// ca65 chooses: zero page for a value below $100 known when the line is read
// (not a code label, not a symbol defined further down), when the
// instruction has that form.
#include <algorithm>
#include <array>
#include <map>

#include "core/assembler/instruction_set.hpp"
#include "core/cpu/mos6502.hpp"

namespace shufflelab::assembler {

namespace {

enum Mode : std::uint8_t { imp, acc, imm, zp, zpx, zpy, abs, abx, aby, ind, izx, izy, rel, kModes };
constexpr std::array<std::string_view, kModes> kModeNames{"imp", "acc", "imm", "zp",  "zpx", "zpy", "abs",
                                                          "abx", "aby", "ind", "izx", "izy", "rel"};

// Each mnemonic's modes and opcodes, from the MOS programming manual's
// instruction tables.
constexpr std::array<std::string_view, 56> kOpcodeTable{
    "adc imm 69 zp 65 zpx 75 abs 6d abx 7d aby 79 izx 61 izy 71",
    "and imm 29 zp 25 zpx 35 abs 2d abx 3d aby 39 izx 21 izy 31",
    "asl acc 0a zp 06 zpx 16 abs 0e abx 1e",
    "bcc rel 90", "bcs rel b0", "beq rel f0", "bmi rel 30", "bne rel d0", "bpl rel 10", "bvc rel 50", "bvs rel 70",
    "bit zp 24 abs 2c",
    "brk imp 00",
    "clc imp 18", "cld imp d8", "cli imp 58", "clv imp b8",
    "cmp imm c9 zp c5 zpx d5 abs cd abx dd aby d9 izx c1 izy d1",
    "cpx imm e0 zp e4 abs ec",
    "cpy imm c0 zp c4 abs cc",
    "dec zp c6 zpx d6 abs ce abx de",
    "dex imp ca", "dey imp 88",
    "eor imm 49 zp 45 zpx 55 abs 4d abx 5d aby 59 izx 41 izy 51",
    "inc zp e6 zpx f6 abs ee abx fe",
    "inx imp e8", "iny imp c8",
    "jmp abs 4c ind 6c",
    "jsr abs 20",
    "lda imm a9 zp a5 zpx b5 abs ad abx bd aby b9 izx a1 izy b1",
    "ldx imm a2 zp a6 zpy b6 abs ae aby be",
    "ldy imm a0 zp a4 zpx b4 abs ac abx bc",
    "lsr acc 4a zp 46 zpx 56 abs 4e abx 5e",
    "nop imp ea",
    "ora imm 09 zp 05 zpx 15 abs 0d abx 1d aby 19 izx 01 izy 11",
    "pha imp 48", "php imp 08", "pla imp 68", "plp imp 28",
    "rol acc 2a zp 26 zpx 36 abs 2e abx 3e",
    "ror acc 6a zp 66 zpx 76 abs 6e abx 7e",
    "rti imp 40", "rts imp 60",
    "sbc imm e9 zp e5 zpx f5 abs ed abx fd aby f9 izx e1 izy f1",
    "sec imp 38", "sed imp f8", "sei imp 78",
    "sta zp 85 zpx 95 abs 8d abx 9d aby 99 izx 81 izy 91",
    "stx zp 86 zpy 96 abs 8e",
    "sty zp 84 zpx 94 abs 8c",
    "tax imp aa", "tay imp a8", "tsx imp ba", "txa imp 8a", "txs imp 9a", "tya imp 98",
};

using Opcodes = std::array<int, kModes>;  // -1: no such form

const std::map<std::string, Opcodes, std::less<>>& opcodes() {
  static const auto table = [] {
    std::map<std::string, Opcodes, std::less<>> out;
    for (std::string_view row : kOpcodeTable) {
      std::vector<std::string_view> words;
      for (std::size_t start = 0; start < row.size();) {
        const std::size_t end = std::min(row.find(' ', start), row.size());
        words.push_back(row.substr(start, end - start));
        start = end + 1;
      }
      Opcodes codes;
      codes.fill(-1);
      for (std::size_t i = 1; i + 1 < words.size(); i += 2) {
        const auto mode = std::find(kModeNames.begin(), kModeNames.end(), words[i]) - kModeNames.begin();
        codes[static_cast<std::size_t>(mode)] = std::stoi(std::string(words[i + 1]), nullptr, 16);
      }
      out.emplace(std::string(words[0]), codes);
    }
    return out;
  }();
  return table;
}

bool is_mnemonic(std::string_view lower_mnemonic) { return opcodes().contains(lower_mnemonic); }

// Where the parenthesis opening text[0] closes, or npos.
std::size_t closing_parenthesis(std::string_view text) {
  int depth = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '(') ++depth;
    if (text[i] == ')' && --depth == 0) return i;
  }
  return std::string_view::npos;
}

// `text` ends in `,x` or `,y` (blanks allowed): the index register, and text before it.
char index_register(std::string_view& text) {
  const std::size_t comma = text.rfind(',');
  if (comma == std::string_view::npos) return 0;
  const std::string reg = lower(trim(text.substr(comma + 1)));
  if (reg != "x" && reg != "y") return 0;
  text = trim(text.substr(0, comma));
  return reg[0];
}

std::optional<Encoding> encode(std::string_view mnemonic, std::string_view operands, LineContext& line) {
  const Opcodes& codes = opcodes().find(mnemonic)->second;
  const std::string name = "'" + std::string(mnemonic) + "'";
  auto has = [&codes](Mode mode) { return codes[mode] >= 0; };
  auto finish = [&](Mode mode, std::vector<std::uint16_t> operand_bytes) -> std::optional<Encoding> {
    const auto opcode = static_cast<std::uint8_t>(codes[mode]);
    Encoding encoding;
    encoding.units.push_back(opcode);
    encoding.units.insert(encoding.units.end(), operand_bytes.begin(), operand_bytes.end());
    const auto timing = mos6502_timing(opcode);
    encoding.cycles = Cycles{timing->cycles, timing->branch ? timing->cycles + 1u : 0u};
    return encoding;
  };
  auto byte = [](std::int64_t v) { return static_cast<std::uint16_t>(v & 0xff); };
  auto word = [&byte](std::int64_t v) { return std::vector<std::uint16_t>{byte(v), byte(v >> 8)}; };
  auto no_form = [&](std::string_view where, std::string what) -> std::optional<Encoding> {
    line.error(where, name + " has no " + what + " form");
    return std::nullopt;
  };

  std::string_view text = trim(operands);
  const std::string lower_text = lower(text);
  if (text.empty() || lower_text == "a") {
    if (has(acc)) return finish(acc, {});
    if (has(imp) && text.empty()) return finish(imp, {});
    return no_form(text.empty() ? operands : text, text.empty() ? "form without an operand" : "accumulator");
  }
  if (has(imp)) {
    line.error(text, name + " takes no operand");
    return std::nullopt;
  }
  if (text[0] == '#') {
    if (!has(imm)) return no_form(text, "immediate (#)");
    const auto value = line.evaluate(text.substr(1));
    if (!value) return std::nullopt;
    if (value->known && (value->value < -128 || value->value > 255)) {
      line.error(text.substr(1), "immediate value " + std::to_string(value->value) + " is not a byte (-128..255)");
      return std::nullopt;
    }
    return finish(imm, {byte(value->value)});
  }
  if (has(rel)) {
    const auto target = line.evaluate(text);
    if (!target) return std::nullopt;
    const std::int64_t offset = target->value - (static_cast<std::int64_t>(line.address()) + 2);
    if (target->known && line.final_pass() && (offset < -128 || offset > 127)) {
      line.error(text, "branch target is " + std::to_string(offset) + " bytes away; a branch reaches -128..+127");
      return std::nullopt;
    }
    return finish(rel, {byte(offset)});
  }
  // Indirect forms: (zp,x)  (zp),y  (abs)
  if (text[0] == '(') {
    const std::size_t close = closing_parenthesis(text);
    if (close != std::string_view::npos) {
      std::string_view inside = trim(text.substr(1, close - 1));
      std::string_view after = trim(text.substr(close + 1));
      const char inner_index = index_register(inside);
      std::string_view after_copy = after;
      const char outer_index = after.empty() ? 0 : index_register(after_copy);
      const bool outer_is_y = outer_index == 'y' && after_copy.empty();
      if (inner_index == 'x' && after.empty()) {
        if (!has(izx)) return no_form(text, "(zp,x)");
        const auto value = line.evaluate(inside);
        if (!value) return std::nullopt;
        if (value->known && (value->value < 0 || value->value > 255)) {
          line.error(inside, "(zp,x) needs a zero-page address ($00..$FF), not " + std::to_string(value->value));
          return std::nullopt;
        }
        return finish(izx, {byte(value->value)});
      }
      if (inner_index == 0 && (outer_is_y || after.empty())) {
        const Mode mode = outer_is_y ? izy : ind;
        if (!has(mode)) return no_form(text, outer_is_y ? "(zp),y" : "indirect (abs)");
        const auto value = line.evaluate(inside);
        if (!value) return std::nullopt;
        const std::int64_t high = mode == izy ? 255 : 0xffff;
        if (value->known && (value->value < 0 || value->value > high)) {
          line.error(inside, std::string(mode == izy ? "(zp),y needs a zero-page address ($00..$FF)"
                                                     : "the address is not $0000..$FFFF") +
                                 ", not " + std::to_string(value->value));
          return std::nullopt;
        }
        return finish(mode, mode == izy ? std::vector<std::uint16_t>{byte(value->value)} : word(value->value));
      }
      // Otherwise a parenthesised value, e.g. (BASE+1)*2,x.
    }
  }
  const char index = index_register(text);
  const Mode zero_page = index == 'x' ? zpx : index == 'y' ? zpy : zp;
  const Mode absolute = index == 'x' ? abx : index == 'y' ? aby : abs;
  const std::string form = index == 0 ? "" : std::string(",") + index;
  if (!has(zero_page) && !has(absolute)) return no_form(text, index == 0 ? "address" : "indexed " + form);
  // ca65's address-size prefixes force the form.
  bool force_zp = false, force_abs = false;
  const std::string lower_head = lower(text.substr(0, 2));
  if (lower_head == "z:" || lower_head == "a:") {
    (lower_head[0] == 'z' ? force_zp : force_abs) = true;
    text = trim(text.substr(2));
  }
  const auto value = line.evaluate(text);
  if (!value) return std::nullopt;
  if (value->known && (value->value < 0 || value->value > 0xffff)) {
    line.error(text, "address " + std::to_string(value->value) + " is not $0000..$FFFF");
    return std::nullopt;
  }
  const bool fits = value->known && value->value <= 0xff;
  const bool use_zp =
      has(zero_page) && (force_zp || !has(absolute) || (!force_abs && fits && !value->wide));
  if (use_zp) {
    if (value->known && value->value > 0xff) {
      line.error(text, name + " " + form + " reaches zero page only ($00..$FF), not " + std::to_string(value->value));
      return std::nullopt;
    }
    return finish(zero_page, {byte(value->value)});
  }
  if (!has(absolute)) return no_form(text, "absolute" + form);
  return finish(absolute, word(value->value));
}

}  // namespace

const InstructionSet& mos6502_instruction_set() {
  static const InstructionSet set{Cpu::mos6502, is_mnemonic, encode};
  return set;
}

}  // namespace shufflelab::assembler
