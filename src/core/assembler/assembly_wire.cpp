#include "core/assembler/assembly_wire.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "core/base/text_format.hpp"
#include "core/base/wire_records.hpp"

namespace shufflelab::assembler {

namespace {

constexpr std::string_view kHeader = "shufflelab assembly 1";

std::string units_text(const std::vector<std::uint16_t>& units) {
  if (units.empty()) return "-";
  std::string out;
  for (std::size_t i = 0; i < units.size(); ++i) out += (i ? "," : "") + hex_at_least(units[i], 2);
  return out;
}

// Code units in hex, comma-separated, or "-" for none.
bool read_units(FieldCursor& f, std::vector<std::uint16_t>& out) {
  if (f.dash()) return true;
  const std::string_view text = f.word();
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    FieldCursor unit({"unit", text.substr(at, comma - at)});
    out.push_back(unit.number<std::uint16_t>(16));
    if (!unit.ok()) return false;
    at = comma + 1;
  }
  return true;
}

// "base/taken" cycles, or "-" for none.
bool read_cycles(FieldCursor& f, std::optional<Cycles>& out) {
  if (f.dash()) return true;
  const std::string_view text = f.word();
  const std::size_t slash = text.find('/');
  if (slash == std::string_view::npos) return false;
  FieldCursor parts({"cycles", text.substr(0, slash), text.substr(slash + 1)});
  Cycles cycles;
  cycles.base = parts.number<decltype(cycles.base)>();
  cycles.taken = parts.number<decltype(cycles.taken)>();
  if (!parts.ok()) return false;
  out = cycles;
  return true;
}

// One record into `assembly`; false when it is not one of the forms encode_assembly writes.
bool read_record(FieldCursor& f, Assembly& assembly) {
  if (f.tag() == "cpu") {
    auto cpu = parse_cpu("cpu", f.word());
    if (cpu) assembly.cpu = *cpu;
    return bool(cpu);
  }
  if (f.tag() == "line") {
    AssembledLine& line = assembly.lines.emplace_back();
    line.line = f.number<decltype(line.line)>();
    line.address = f.number<decltype(line.address)>();
    if (!read_units(f, line.units) || !read_cycles(f, line.cycles)) return false;
    if (!f.dash()) line.equate = f.number<std::int64_t>();
    return true;
  }
  if (f.tag() == "symbol") {
    std::string name = f.text();
    assembly.symbols.emplace(std::move(name), f.number<std::int64_t>());
    return true;
  }
  if (f.tag() == "error") {
    Diagnostic& d = assembly.errors.emplace_back();
    d.line = f.number<decltype(d.line)>();
    d.column = f.number<decltype(d.column)>();
    d.message = f.text();
    return true;
  }
  return false;
}

}  // namespace

std::string encode_assembly(const Assembly& assembly) {
  std::string out = std::string(kHeader) + "\ncpu " + std::string(cpu_id(assembly.cpu)) + "\n";
  for (const AssembledLine& line : assembly.lines) {
    out += "line" + number_field(line.line) + number_field(line.address) + " " + units_text(line.units) + " ";
    out += line.cycles ? std::to_string(line.cycles->base) + "/" + std::to_string(line.cycles->taken) : "-";
    out += (line.equate ? number_field(*line.equate) : std::string(" -")) + "\n";
  }
  for (const auto& [name, value] : assembly.symbols) out += "symbol" + text_field(name) + number_field(value) + "\n";
  for (const Diagnostic& d : assembly.errors)
    out += "error" + number_field(d.line) + number_field(d.column) + text_field(d.message) + "\n";
  return out;
}

Result<Assembly> decode_assembly(std::string_view text) {
  Assembly assembly;
  const auto read = read_records(text, kHeader, "assembly", [&](FieldCursor& f) { return read_record(f, assembly); });
  if (!read) return Result<Assembly>::fail(read.error());
  return Result<Assembly>::ok(std::move(assembly));
}

}  // namespace shufflelab::assembler
