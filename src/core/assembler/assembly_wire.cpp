#include "core/assembler/assembly_wire.hpp"

#include <algorithm>
#include <charconv>
#include <optional>
#include <vector>

#include "core/base/plain_text.hpp"
#include "core/base/text_format.hpp"
#include "core/base/url_fields.hpp"
#include "core/base/split_lines.hpp"

namespace shufflelab::assembler {

namespace {

constexpr std::string_view kHeader = "shufflelab assembly 1";

template <class Int>
bool read_int(std::string_view text, Int& out, int base = 10) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out, base);
  return !text.empty() && error == std::errc{} && end == text.data() + text.size();
}

std::string units_text(const std::vector<std::uint16_t>& units) {
  if (units.empty()) return "-";
  std::string out;
  for (std::size_t i = 0; i < units.size(); ++i) out += (i ? "," : "") + hex_at_least(units[i], 2);
  return out;
}

bool read_units(std::string_view text, std::vector<std::uint16_t>& out) {
  if (text == "-") return true;
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    std::uint16_t unit = 0;
    if (!read_int(text.substr(at, comma - at), unit, 16)) return false;
    out.push_back(unit);
    at = comma + 1;
  }
  return true;
}

bool read_cycles(std::string_view text, std::optional<Cycles>& out) {
  if (text == "-") return true;
  const std::size_t slash = text.find('/');
  Cycles cycles;
  if (slash == std::string_view::npos || !read_int(text.substr(0, slash), cycles.base) ||
      !read_int(text.substr(slash + 1), cycles.taken))
    return false;
  out = cycles;
  return true;
}

// One record into `assembly`; false when it is not one of the forms above.
bool read_record(const std::vector<std::string_view>& f, Assembly& assembly) {
  if (f[0] == "cpu" && f.size() == 2) {
    auto cpu = parse_cpu("cpu", f[1]);
    if (cpu) assembly.cpu = *cpu;
    return bool(cpu);
  }
  if (f[0] == "line" && f.size() == 6) {
    AssembledLine line;
    if (!read_int(f[1], line.line) || !read_int(f[2], line.address) || !read_units(f[3], line.units) ||
        !read_cycles(f[4], line.cycles))
      return false;
    if (f[5] != "-") {
      std::int64_t value = 0;
      if (!read_int(f[5], value)) return false;
      line.equate = value;
    }
    assembly.lines.push_back(std::move(line));
    return true;
  }
  if (f[0] == "symbol" && f.size() == 3) {
    auto name = percent_decode(f[1], "symbol");
    std::int64_t value = 0;
    if (!name || !read_int(f[2], value)) return false;
    assembly.symbols.emplace(std::move(name.value()), value);
    return true;
  }
  if (f[0] == "error" && f.size() == 4) {
    Diagnostic d;
    auto message = percent_decode(f[3], "error");
    if (!message || !read_int(f[1], d.line) || !read_int(f[2], d.column)) return false;
    d.message = std::move(message.value());
    assembly.errors.push_back(std::move(d));
    return true;
  }
  return false;
}

}  // namespace

std::string encode_assembly(const Assembly& assembly) {
  std::string out = std::string(kHeader) + "\ncpu " + std::string(cpu_id(assembly.cpu)) + "\n";
  for (const AssembledLine& line : assembly.lines) {
    out += "line " + std::to_string(line.line) + " " + std::to_string(line.address) + " " + units_text(line.units) + " ";
    out += line.cycles ? std::to_string(line.cycles->base) + "/" + std::to_string(line.cycles->taken) : "-";
    out += " " + (line.equate ? std::to_string(*line.equate) : "-") + "\n";
  }
  for (const auto& [name, value] : assembly.symbols) out += "symbol " + percent_encode(name) + " " + std::to_string(value) + "\n";
  for (const Diagnostic& d : assembly.errors)
    out += "error " + std::to_string(d.line) + " " + std::to_string(d.column) + " " + percent_encode(d.message) + "\n";
  return out;
}

Result<Assembly> decode_assembly(std::string_view text) {
  using R = Result<Assembly>;
  Assembly assembly;
  int number = 0;
  for (const std::string_view record : split_lines(text)) {
    ++number;
    if (number == 1 ? record != kHeader : !read_record(space_fields(record), assembly))
      return R::fail("assembly, line " + std::to_string(number) + ": unreadable: \"" + printable_excerpt(record) + "\"");
  }
  if (number == 0) return R::fail("assembly: empty");
  return R::ok(std::move(assembly));
}

}  // namespace shufflelab::assembler
