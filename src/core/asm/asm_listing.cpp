#include "core/asm/asm_listing.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "core/asm/asm_tables.hpp"
#include "core/base/parse.hpp"

namespace shufflelab {

namespace {

constexpr std::array<AsmIsaInfo, 6> kIsas{{
    {AsmIsa::z80, "z80", "Z80", "T-states", 8, "asm/z80/seed002.asm"},
    {AsmIsa::sm83, "sm83", "Game Boy (SM83)", "M-cycles", 8, "asm/sm83/seed000.asm"},
    {AsmIsa::x86_64, "x86-64", "x86-64 + BMI2", "cycles of latency (Intel Skylake)", 8, "asm/x86/seed003.S"},
    {AsmIsa::pic14, "pic14", "PIC16 (14-bit core)", "instruction cycles", 14, "asm/pic/seed004.asm"},
    {AsmIsa::wasm, "wasm", "WebAssembly (the core, compiled)", "", 8, ""},
    {AsmIsa::mos6502, "6502", "MOS 6502 (NMOS)", "cycles", 8, "asm/6502/prng6502.s"},
}};

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::string collapse_blanks(std::string_view s) {
  std::string out;
  for (const char c : trim(s)) {
    const bool blank = std::isspace(static_cast<unsigned char>(c)) != 0;
    if (blank && !out.empty() && out.back() == ' ') continue;
    out += blank ? ' ' : c;
  }
  return out;
}

std::string_view first_word(std::string_view text) {
  const auto end = text.find(' ');
  return end == std::string_view::npos ? text : text.substr(0, end);
}

std::vector<std::uint16_t> parse_code(std::string_view hex) {
  std::vector<std::uint16_t> units;
  while (!(hex = trim(hex)).empty()) {
    const auto end = std::min(hex.find(' '), hex.size());
    const auto value = parse_hex("code", hex.substr(0, end), 4);
    if (!value) return {};
    units.push_back(static_cast<std::uint16_t>(*value));
    hex.remove_prefix(end);
  }
  return units;
}

void resolve_line(AsmRow& row) {
  const CppSnippet* snippet = find_cpp_snippet(row.cpp_snippet);
  if (!snippet) return;
  const auto line = cpp_anchor_line(*snippet, row.cpp_anchor);
  if (!line) return;
  row.cpp_file = snippet->file;
  row.cpp_line = *line;
}

AsmProgram build_program(const asm_detail::ProgramSpec& spec) {
  AsmProgram program;
  program.isa = spec.isa;
  program.origin = spec.origin;
  program.data.assign(spec.data.begin(), spec.data.end());
  std::uint32_t address = spec.origin;
  std::string_view snippet;
  for (const asm_detail::RowSpec& r : spec.rows) {
    AsmRow row;
    row.address = address;
    row.code = parse_code(r.code);
    row.label = r.label;
    row.text = r.text;
    row.comment = r.comment;
    row.mnemonic = first_word(r.text);
    if (!r.snippet.empty()) snippet = r.snippet;
    row.cpp_snippet = snippet;
    row.cpp_anchor = r.anchor;
    resolve_line(row);
    if (const auto cycles = spec.timing(row.code, row.text)) row.cycles = *cycles;
    address += static_cast<std::uint32_t>(row.code.size());
    program.rows.push_back(std::move(row));
  }
  for (const asm_detail::RoutineSpec& r : spec.routines) {
    AsmRoutine routine{r.name, r.summary, 0, 0, 0, 0};
    const auto start = std::find_if(program.rows.begin(), program.rows.end(),
                                    [&](const AsmRow& row) { return row.label == r.name; });
    routine.first_row = static_cast<std::size_t>(start - program.rows.begin());
    program.routines.push_back(routine);
  }
  // A routine runs up to the next routine's first row.
  for (auto& routine : program.routines) {
    routine.end_row = program.rows.size();
    for (const auto& other : program.routines)
      if (other.first_row > routine.first_row && other.first_row < routine.end_row) routine.end_row = other.first_row;
    for (std::size_t i = routine.first_row; i < routine.end_row; ++i)
      routine.code_units += static_cast<std::uint32_t>(program.rows[i].code.size());
  }
  return program;
}

const asm_detail::ProgramSpec* hand_written_spec(AsmIsa isa) {
  switch (isa) {
    case AsmIsa::z80: return &asm_detail::z80_program_spec();
    case AsmIsa::sm83: return &asm_detail::sm83_program_spec();
    case AsmIsa::x86_64: return &asm_detail::x86_program_spec();
    case AsmIsa::pic14: return &asm_detail::pic_program_spec();
    case AsmIsa::mos6502: return &asm_detail::mos6502_program_spec();
    case AsmIsa::wasm: return nullptr;
  }
  return nullptr;
}

}  // namespace

std::span<const AsmIsaInfo> asm_isas() { return kIsas; }

const AsmIsaInfo& asm_isa_info(AsmIsa isa) { return kIsas[static_cast<std::size_t>(isa)]; }

Result<AsmIsa> parse_asm_isa(std::string_view field, std::string_view text) {
  std::string names;
  for (const auto& info : kIsas) {
    if (info.id == text) return Result<AsmIsa>::ok(info.isa);
    names += names.empty() ? "" : ", ";
    names += info.id;
  }
  return Result<AsmIsa>::fail(std::string(field) + ": unknown instruction set '" + std::string(text) +
                              "' (one of: " + names + ")");
}

std::span<const AsmMnemonic> asm_mnemonics(AsmIsa isa) {
  if (const auto* spec = hand_written_spec(isa)) return spec->mnemonics;
  return asm_detail::wasm_mnemonics();
}

std::string_view asm_mnemonic_description(AsmIsa isa, std::string_view mnemonic) {
  for (const auto& m : asm_mnemonics(isa))
    if (m.mnemonic == mnemonic) return m.description;
  return {};
}

const AsmRoutine* AsmProgram::routine(std::string_view name) const {
  for (const auto& r : routines)
    if (r.name == name) return &r;
  return nullptr;
}

std::ptrdiff_t AsmProgram::label_row(std::string_view label) const {
  for (std::size_t i = 0; i < rows.size(); ++i)
    if (rows[i].label == label) return static_cast<std::ptrdiff_t>(i);
  return -1;
}

std::ptrdiff_t AsmProgram::row_at(std::uint32_t address) const {
  const auto it = std::lower_bound(rows.begin(), rows.end(), address,
                                   [](const AsmRow& row, std::uint32_t a) { return row.address < a; });
  if (it == rows.end() || it->address != address || it->code.empty()) return -1;
  return it - rows.begin();
}

std::vector<std::uint16_t> AsmProgram::image() const {
  std::vector<std::uint16_t> units;
  for (const auto& row : rows) units.insert(units.end(), row.code.begin(), row.code.end());
  return units;
}

const AsmProgram& asm_program(AsmIsa isa) {
  static const std::array<AsmProgram, 6> programs{
      build_program(asm_detail::z80_program_spec()), build_program(asm_detail::sm83_program_spec()),
      build_program(asm_detail::x86_program_spec()), build_program(asm_detail::pic_program_spec()),
      asm_detail::build_wasm_program(),              build_program(asm_detail::mos6502_program_spec())};
  return programs[static_cast<std::size_t>(isa)];
}

std::string asm_row_hover(AsmIsa isa, const AsmRow& row) {
  const AsmIsaInfo& info = asm_isa_info(isa);
  std::string text(row.mnemonic);
  const auto description = asm_mnemonic_description(isa, row.mnemonic);
  if (!description.empty()) text += ": " + std::string(description);
  if (!row.code.empty()) {
    const auto units = row.code.size();
    if (info.code_unit_bits == 14)
      text += " | " + std::to_string(units) + (units == 1 ? " word (14 bits)" : " words");
    else
      text += " | " + std::to_string(units) + (units == 1 ? " byte" : " bytes");
  }
  if (row.cycles.base != 0 || row.cycles.taken != 0) {
    text += " | " + std::to_string(row.cycles.base);
    if (row.cycles.taken) text += " (" + std::to_string(row.cycles.taken) + " if taken)";
    text += " " + std::string(info.cycle_unit);
  }
  return text;
}

Result<bool> check_listing_source(AsmIsa isa, std::string_view source) {
  using R = Result<bool>;
  const auto* spec = hand_written_spec(isa);
  if (!spec) return R::fail("no hand-written listing for this instruction set");
  const AsmProgram& program = asm_program(isa);
  static constexpr std::array<std::string_view, 12> kDirectives{
      "org", "processor", "radix", "end", ".intel_syntax", ".text", ".globl", ".type", ".size", ".section",
      ".export", ".segment"};
  std::size_t next = 0, line_number = 0;
  std::string pending_label;
  while (!source.empty()) {
    const auto end = std::min(source.find('\n'), source.size());
    const std::string_view line = source.substr(0, end);
    source.remove_prefix(std::min(end + 1, source.size()));
    ++line_number;
    const auto mark = line.find(spec->comment_mark);
    const std::string_view code = mark == std::string_view::npos ? line : line.substr(0, mark);
    const std::string_view comment = mark == std::string_view::npos ? "" : trim(line.substr(mark + spec->comment_mark.size()));
    const std::string text = collapse_blanks(code);
    if (text.empty()) continue;
    std::string lower;
    for (const char c : first_word(text)) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const std::string_view rest = trim(std::string_view(text).substr(first_word(text).size()));
    if (std::find(kDirectives.begin(), kDirectives.end(), lower) != kDirectives.end() || first_word(rest) == "equ" ||
        first_word(rest) == "EQU" || first_word(rest) == "=")
      continue;
    const std::string where = "line " + std::to_string(line_number) + ": ";
    if (!std::isspace(static_cast<unsigned char>(line.front()))) {  // a label in column 1
      pending_label = first_word(text);
      if (!pending_label.empty() && pending_label.back() == ':') pending_label.pop_back();
      if (!rest.empty()) return R::fail(where + "a label line holds more than the label");
      continue;
    }
    if (next >= program.rows.size()) return R::fail(where + "'" + text + "' is not in the table");
    const AsmRow& row = program.rows[next];
    if (row.text != text) return R::fail(where + "'" + text + "' but the table has '" + std::string(row.text) + "'");
    if (row.comment != comment)
      return R::fail(where + "comment '" + std::string(comment) + "' but the table has '" + std::string(row.comment) + "'");
    if (row.label != pending_label)
      return R::fail(where + "label '" + pending_label + "' but the table has '" + std::string(row.label) + "'");
    pending_label.clear();
    ++next;
  }
  if (next != program.rows.size())
    return R::fail("the table has " + std::to_string(program.rows.size()) + " rows, the source " + std::to_string(next));
  return R::ok(true);
}

std::vector<std::string> unresolved_line_maps() {
  std::vector<std::string> problems;
  for (const AsmIsa isa : {AsmIsa::z80, AsmIsa::sm83, AsmIsa::x86_64, AsmIsa::pic14, AsmIsa::mos6502}) {
    for (const AsmRow& row : asm_program(isa).rows) {
      if (row.cpp_line != 0) continue;
      std::string message = std::string(asm_isa_info(isa).id) + " '" + std::string(row.text) + "': ";
      const CppSnippet* snippet = find_cpp_snippet(row.cpp_snippet);
      if (!snippet)
        message += "no snippet '" + std::string(row.cpp_snippet) + "'";
      else
        message += cpp_anchor_line(*snippet, row.cpp_anchor).error();
      problems.push_back(message);
    }
  }
  return problems;
}

}  // namespace shufflelab
