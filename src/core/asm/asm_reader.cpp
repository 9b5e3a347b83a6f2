#include "core/asm/asm_reader.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "core/base/text_format.hpp"
#include "core/base/split_lines.hpp"
#include "listing_source_6502.hpp"
#include "listing_source_pic16.hpp"
#include "listing_source_sm83.hpp"
#include "listing_source_z80.hpp"

namespace shufflelab {

using assembler::Cpu;

std::optional<Cpu> reader_cpu(AsmIsa isa) {
  switch (isa) {
    case AsmIsa::z80: return Cpu::z80;
    case AsmIsa::sm83: return Cpu::sm83;
    case AsmIsa::mos6502: return Cpu::mos6502;
    case AsmIsa::pic14: return Cpu::pic16;
    default: return std::nullopt;
  }
}

AsmIsa reader_isa(Cpu cpu) {
  switch (cpu) {
    case Cpu::z80: return AsmIsa::z80;
    case Cpu::sm83: return AsmIsa::sm83;
    case Cpu::mos6502: return AsmIsa::mos6502;
    case Cpu::pic16: return AsmIsa::pic14;
  }
  return AsmIsa::z80;
}

std::string listing_edit_source(Cpu cpu) {
  switch (cpu) {
    case Cpu::z80: return data::kListingSourceZ80;
    case Cpu::sm83: return data::kListingSourceSm83;
    case Cpu::mos6502:
      return std::string("        .org $4000              ; where the lab loads it (ld65 puts segment LISTING there)\n") +
             data::kListingSource6502;
    case Cpu::pic16: return data::kListingSourcePic16;
  }
  return {};
}

ReaderDefaults reader_defaults(const AsmAlgorithmInfo& listing) {
  switch (listing.algorithm) {
    case AsmAlgorithm::mos6502_lfsr16: return {"galois16", "G16HI,G16LO", "galois16"};
    case AsmAlgorithm::mos6502_xorshift16: return {"xorshift16", "XS16HI,XS16LO", "xorshift16"};
    case AsmAlgorithm::mos6502_lfsr:
    case AsmAlgorithm::sm83_lfsr: return {std::string(listing.entry), "LFSR0,LFSR0+1,LFSR0+2,LFSR0+3", "tarot32"};
    default: return {std::string(listing.entry), "", ""};
  }
}

std::string_view claimed_cpp_snippet(std::string_view against) {
  if (against.empty()) return {};
  for (const AsmAlgorithmInfo& listing : asm_algorithms())
    if (reader_defaults(listing).against == against) return listing.cpp_snippet;
  const bool die = against.size() > 1 && against[0] == 'd' && std::isdigit(static_cast<unsigned char>(against[1]));
  if (!die) return "";
  return against.find('@') != std::string_view::npos ? "fdr.draw" : "range.map_word";  // a coin-flip roller, or one byte
}

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '@'; }

std::optional<std::int64_t> parse_number(std::string_view text) {
  int base = 10;
  if (text.starts_with("$")) text.remove_prefix(1), base = 16;
  else if (text.starts_with("0x") || text.starts_with("0X")) text.remove_prefix(2), base = 16;
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, base);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

// One item: a number, or a symbol with an optional +N / -N.
Result<std::int64_t> state_item(std::string_view item, const assembler::Assembly& assembly) {
  using R = Result<std::int64_t>;
  if (auto number = parse_number(item)) return R::ok(*number);
  const std::size_t sign = item.find_first_of("+-", 1);
  const std::string_view name = trim(item.substr(0, sign));
  std::int64_t offset = 0;
  if (sign != std::string_view::npos) {
    const auto n = parse_number(trim(item.substr(sign + 1)));
    if (!n) return R::fail("state: '" + std::string(item) + "' is not NAME+N, NAME-N or a number");
    offset = item[sign] == '-' ? -*n : *n;
  }
  const auto symbol = assembly.symbols.find(name);
  if (symbol == assembly.symbols.end())
    return R::fail("state: no label or equate named '" + std::string(name) + "' in the source");
  return R::ok(symbol->second + offset);
}

// The source's lines, 1-based (index 0 unused); an empty source is one empty line.
std::vector<std::string_view> source_lines(std::string_view source) {
  std::vector<std::string_view> lines{{}};
  const std::vector<std::string_view> split = split_lines(source);
  lines.insert(lines.end(), split.begin(), split.end());
  if (lines.size() == 1) lines.emplace_back();
  return lines;
}

// The comment of a line (after a ';' outside quotes) and the code before it.
std::pair<std::string_view, std::string_view> split_comment(std::string_view line) {
  char quote = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quote) quote = c == quote ? 0 : quote;
    else if (c == '"' || c == '\'') quote = c;
    else if (c == ';') return {line.substr(0, i), trim(line.substr(i + 1))};
  }
  return {line, {}};
}

// The label a line defines at its start (a symbol whose value is `address`,
// colon optional; not an equate), or "".
std::string_view line_label(std::string_view code, const assembler::Assembly& assembly, std::uint32_t address) {
  std::size_t end = 0;
  while (end < code.size() && is_name_char(code[end])) ++end;
  const auto symbol = assembly.symbols.find(code.substr(0, end));
  if (end == 0 || symbol == assembly.symbols.end() || symbol->second != address) return {};
  std::string rest(trim(code.substr(end + (end < code.size() && code[end] == ':' ? 1 : 0))));
  std::transform(rest.begin(), rest.end(), rest.begin(), [](unsigned char c) { return std::tolower(c); });
  for (const char* equate : {"=", "equ", ".set", "set", ".equ"})
    if (rest.starts_with(equate)) return {};
  return code.substr(0, end);
}

std::string collapse_blanks(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const bool blank = std::isspace(static_cast<unsigned char>(c)) != 0;
    if (blank && (out.empty() || out.back() == ' ')) continue;
    out += blank ? ' ' : c;
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

}  // namespace

Result<std::vector<std::uint32_t>> parse_state_addresses(std::string_view text, const assembler::Assembly& assembly) {
  using R = Result<std::vector<std::uint32_t>>;
  const std::int64_t top = assembly.cpu == Cpu::pic16 ? 0x7f : 0xffff;
  std::vector<std::uint32_t> out;
  while (!trim(text).empty()) {
    const std::size_t comma = text.find(',');
    const std::string_view item = trim(text.substr(0, comma));
    const auto address = state_item(item, assembly);
    if (!address) return R::fail(address.error());
    if (*address < 0 || *address > top)
      return R::fail("state: '" + std::string(item) + "' is $" + hex_at_least(static_cast<std::uint64_t>(*address), 2) +
                     ", outside the data memory ($00..$" + hex_at_least(static_cast<std::uint64_t>(top), 2) + ")");
    out.push_back(static_cast<std::uint32_t>(*address));
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  if (out.size() > 8) return R::fail("state: at most 8 bytes (a 64-bit state), got " + std::to_string(out.size()));
  return R::ok(std::move(out));
}

Result<std::shared_ptr<const AsmReaderRoutine>> make_reader_routine(const assembler::Assembly& assembly,
                                                                    std::string_view source, std::string_view entry,
                                                                    std::vector<std::uint32_t> state,
                                                                    std::string_view claimed_snippet) {
  using R = Result<std::shared_ptr<const AsmReaderRoutine>>;
  auto routine = std::make_shared<AsmReaderRoutine>();
  AsmProgram& program = routine->program;
  program.isa = reader_isa(assembly.cpu);
  const auto lines = source_lines(source);
  std::string_view pending_label;  // a label on a line of its own names the next row
  std::vector<std::pair<AsmRow, int>> rows;
  std::size_t next_line = 1;
  const auto keep = [&](std::string_view text) -> std::string_view { return routine->text.emplace_back(text); };
  for (const assembler::AssembledLine& line : assembly.lines) {
    if (line.units.empty() || line.line < 1 || static_cast<std::size_t>(line.line) >= lines.size()) continue;
    for (; static_cast<int>(next_line) < line.line; ++next_line)
      if (const auto label = line_label(split_comment(lines[next_line]).first, assembly, line.address); !label.empty())
        pending_label = label;
    next_line = static_cast<std::size_t>(line.line) + 1;
    const auto [code, comment] = split_comment(lines[static_cast<std::size_t>(line.line)]);
    std::string_view label = line_label(code, assembly, line.address);
    std::string_view text = code.substr(label.size());
    if (text.starts_with(':')) text.remove_prefix(1);
    if (label.empty()) label = pending_label;
    pending_label = {};
    AsmRow row;
    row.address = line.address;
    row.code = line.units;
    row.label = label.empty() ? std::string_view{} : keep(label);
    row.text = keep(collapse_blanks(text));
    row.comment = comment.empty() ? std::string_view{} : keep(comment);
    std::string mnemonic(row.text.substr(0, row.text.find(' ')));
    std::transform(mnemonic.begin(), mnemonic.end(), mnemonic.begin(), [](unsigned char c) { return std::tolower(c); });
    row.mnemonic = keep(mnemonic);
    if (line.cycles) row.cycles = {line.cycles->base, line.cycles->taken};
    rows.emplace_back(std::move(row), line.line);
  }
  // The stepper finds a row by its address.
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.first.address < b.first.address; });
  if (rows.empty()) return R::fail("the source assembles to no instruction: write the routine");
  if (entry.empty()) {  // the first label on an instruction
    const auto labelled = std::find_if(rows.begin(), rows.end(), [](const auto& r) { return !r.first.label.empty(); });
    if (labelled == rows.end()) return R::fail("entry: the source has no label to call");
    entry = labelled->first.label;
  }
  const auto entry_symbol = assembly.symbols.find(entry);
  if (entry_symbol == assembly.symbols.end())
    return R::fail("entry: no label named '" + std::string(entry) + "' in the source");
  const auto entry_address = static_cast<std::uint32_t>(entry_symbol->second);
  for (auto& [row, line] : rows) {
    if (row.address == entry_address) row.label = keep(entry);
    program.rows.push_back(std::move(row));
    routine->source_lines.push_back(line);
  }
  if (program.label_row(entry) < 0)
    return R::fail("entry: '" + std::string(entry) + "' ($" + hex_at_least(entry_address, 4) +
                   ") is not the address of an instruction in the source");
  program.origin = program.rows.front().address;
  routine->routine_names[0] = keep("(your routine)");
  AsmRoutine all{routine->routine_names[0], "", 0, program.rows.size(), 0, 0};
  for (const AsmRow& row : program.rows) all.code_units += static_cast<std::uint32_t>(row.code.size());
  program.routines.push_back(all);
  for (std::size_t i = 0; i < state.size(); ++i)
    program.data.push_back({keep("state byte " + std::to_string(i)), state[i], 1, ""});
  routine->state = std::move(state);
  AsmAlgorithmInfo& info = routine->info;
  // Listing ids whose machines return A (W): the reader's calls read the same register.
  info.algorithm = program.isa == AsmIsa::z80     ? AsmAlgorithm::z80_lfsr
                   : program.isa == AsmIsa::sm83  ? AsmAlgorithm::sm83_lfsr
                   : program.isa == AsmIsa::pic14 ? AsmAlgorithm::pic_reject
                                                  : AsmAlgorithm::mos6502_lfsr16;
  info.id = "edit";
  info.title = "Your routine";
  info.isa = program.isa;
  info.entry = program.rows[static_cast<std::size_t>(program.label_row(entry))].label;
  info.routines = routine->routine_names;
  info.cpp_snippet = claimed_snippet;
  info.output = "byte";
  info.inputs = program.isa == AsmIsa::pic14 ? "each call: W out; state: the file registers named"
                                             : "each call: A out; state: the memory bytes named";
  return R::ok(std::move(routine));
}

Result<std::shared_ptr<const AsmReaderRoutine>> reader_routine_from_edit(const AsmEditState& edit) {
  using R = Result<std::shared_ptr<const AsmReaderRoutine>>;
  const auto cpu = assembler::parse_cpu("cpu", edit.cpu);
  if (!cpu) return R::fail(cpu.error());
  const assembler::Assembly assembly = assembler::assemble(*cpu, edit.source);
  if (!assembly.ok())
    return R::fail(assembly.errors.empty() ? "the source does not assemble" : assembly.errors.front().message);
  auto state = parse_state_addresses(edit.state, assembly);
  if (!state) return R::fail(state.error());
  return make_reader_routine(assembly, edit.source, edit.entry, std::move(state.value()), claimed_cpp_snippet(edit.against));
}

}  // namespace shufflelab
