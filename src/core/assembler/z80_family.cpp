#include "core/assembler/z80_family.hpp"

#include <array>
#include <cctype>

namespace shufflelab::assembler::z80_family {

namespace {

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

// The index of the ')' closing the '(' at `open`, or npos; quotes skipped.
std::size_t closing_paren(std::string_view text, std::size_t open) {
  int depth = 0;
  char quote = 0;
  for (std::size_t i = open; i < text.size(); ++i) {
    const char c = text[i];
    if (quote != 0) {
      if (c == quote) quote = 0;
      continue;
    }
    if (c == '"' || (c == '\'' && i + 2 < text.size() && text[i + 2] == '\'')) quote = c;
    else if (c == '(') ++depth;
    else if (c == ')' && --depth == 0) return i;
  }
  return std::string_view::npos;
}

bool one_of(std::string_view name, std::initializer_list<std::string_view> names) {
  for (const std::string_view n : names)
    if (name == n) return true;
  return false;
}

// Without its spaces, lower case: "(HL +)" reads as "(hl+)".
std::string squeezed(std::string_view text) {
  std::string out;
  for (const char c : text)
    if (!std::isspace(static_cast<unsigned char>(c))) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

Operand classify(std::string_view text, bool sm83) {
  Operand op;
  op.text = text;
  const std::string word = squeezed(text);
  if (one_of(word, {"a", "b", "c", "d", "e", "h", "l", "af", "bc", "de", "hl", "sp"}) ||
      (!sm83 && one_of(word, {"i", "r", "af'", "ix", "iy"}))) {
    op.kind = Operand::Kind::reg;
    op.name = word;
    return op;
  }
  if (!text.empty() && text.front() == '(' && closing_paren(text, 0) == text.size() - 1) {
    const std::string_view inner = trim(text.substr(1, text.size() - 2));
    const std::string name = squeezed(inner);
    if (one_of(name, {"bc", "de", "hl", "sp", "c"}) || (sm83 && one_of(name, {"hl+", "hl-", "hli", "hld"}))) {
      op.kind = Operand::Kind::indirect;
      op.name = name == "hli" ? "hl+" : name == "hld" ? "hl-" : name;
      return op;
    }
    if (!sm83 && inner.size() >= 2 && one_of(lower(inner.substr(0, 2)), {"ix", "iy"})) {
      const std::string_view rest = trim(inner.substr(2));
      if (rest.empty() || rest.front() == '+' || rest.front() == '-') {
        op.kind = Operand::Kind::indexed;
        op.name = lower(inner.substr(0, 2));
        op.expr = !rest.empty() && rest.front() == '+' ? trim(rest.substr(1)) : rest;
        return op;
      }
    }
    // The Game Boy's high page through C, as Game Boy programmers write it: ($ff00+c).
    if (sm83 && name.size() > 2 && name.ends_with("+c")) {
      op.kind = Operand::Kind::indirect;
      op.name = "c";
      op.expr = trim(inner.substr(0, inner.find_last_of('+')));
      return op;
    }
    op.kind = Operand::Kind::memory;
    op.expr = sm83 && !inner.empty() && inner.front() == '#' ? trim(inner.substr(1)) : inner;  // sdasgb's (#nn)
    return op;
  }
  if (sm83) {
    const std::string_view value = !text.empty() && text.front() == '#' ? trim(text.substr(1)) : text;
    if (word.starts_with("sp+") || word.starts_with("sp-")) {  // ld hl,sp+e
      op.kind = Operand::Kind::sp_offset;
      const std::string_view rest = trim(trim(text).substr(2));
      op.expr = rest.front() == '+' ? trim(rest.substr(1)) : rest;
      if (!op.expr.empty() && op.expr.front() == '#') op.expr = trim(op.expr.substr(1));
      return op;
    }
    if (word.ends_with("(sp)")) {  // sdasgb's lda hl,e(sp)
      op.kind = Operand::Kind::sp_offset;
      op.expr = trim(value.substr(0, value.rfind('(')));
      return op;
    }
    op.expr = value;
    return op;
  }
  op.expr = text;
  return op;
}

}  // namespace

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::vector<Operand> parse_operands(std::string_view operands, bool sm83) {
  std::vector<Operand> out;
  operands = trim(operands);
  if (operands.empty()) return out;
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= operands.size(); ++i) {
    if (i < operands.size()) {
      const char c = operands[i];
      // A character literal may hold a comma or a parenthesis: 'x'.
      if (c == '\'' && i + 2 < operands.size() && operands[i + 2] == '\'') {
        i += 2;
        continue;
      }
      if (c == '(') ++depth;
      if (c == ')') --depth;
      if (c != ',' || depth != 0) continue;
    }
    out.push_back(classify(trim(operands.substr(start, i - start)), sm83));
    start = i + 1;
  }
  return out;
}

int reg8_code(const Operand& operand) {
  if (operand.kind == Operand::Kind::indirect && operand.name == "hl") return 6;
  if (operand.kind != Operand::Kind::reg || operand.name.size() != 1) return -1;
  static constexpr std::string_view kNames = "bcdehl-a";
  const std::size_t at = kNames.find(operand.name[0]);
  return at == std::string_view::npos ? -1 : static_cast<int>(at);
}

int condition_code(const Operand& operand) {
  static constexpr std::array<std::string_view, 8> kNames{"nz", "z", "nc", "c", "po", "pe", "p", "m"};
  if (operand.kind != Operand::Kind::reg && operand.kind != Operand::Kind::immediate) return -1;
  const std::string name = squeezed(operand.text);
  for (std::size_t i = 0; i < kNames.size(); ++i)
    if (name == kNames[i]) return static_cast<int>(i);
  return -1;
}

int alu_code(std::string_view mnemonic) {
  static constexpr std::array<std::string_view, 8> kNames{"add", "adc", "sub", "sbc", "and", "xor", "or", "cp"};
  for (std::size_t i = 0; i < kNames.size(); ++i)
    if (mnemonic == kNames[i]) return static_cast<int>(i);
  return -1;
}

int rotate_code(std::string_view mnemonic, bool sm83) {
  static constexpr std::array<std::string_view, 8> kNames{"rlc", "rrc", "rl", "rr", "sla", "sra", "", "srl"};
  if (sm83 && mnemonic == "swap") return 6;
  for (std::size_t i = 0; i < kNames.size(); ++i)
    if (!kNames[i].empty() && mnemonic == kNames[i]) return static_cast<int>(i);
  return -1;
}

std::optional<std::int64_t> value_in(LineContext& line, std::string_view text, std::string_view where,
                                     std::int64_t low, std::int64_t high, std::string_view what) {
  if (text.empty()) return 0;
  const std::optional<Value> value = line.evaluate(text);
  if (!value) return std::nullopt;
  if (!value->known) return 0;
  if (value->value < low || value->value > high) {
    if (line.final_pass())
      line.error(where, std::string(what) + " out of range: " + std::to_string(value->value) + " is not in " +
                            std::to_string(low) + ".." + std::to_string(high));
    return line.final_pass() ? std::nullopt : std::optional<std::int64_t>(0);
  }
  return value->value;
}

std::optional<std::uint8_t> relative_offset(LineContext& line, const Operand& target, int length) {
  const std::optional<Value> value = line.evaluate(target.expr);
  if (!value) return std::nullopt;
  if (!value->known) return 0;
  const std::int64_t offset = value->value - (static_cast<std::int64_t>(line.address()) + length);
  if (offset < -128 || offset > 127) {
    if (!line.final_pass()) return 0;
    line.error(target.text, "relative jump out of range: the target is " + std::to_string(offset) +
                                " bytes away, a relative jump reaches -128..127");
    return std::nullopt;
  }
  return static_cast<std::uint8_t>(offset);
}

Emitter& Emitter::bytes(std::initializer_list<int> values) {
  for (const int value : values) units_.push_back(static_cast<std::uint16_t>(value & 0xff));
  return *this;
}

Emitter& Emitter::byte(std::string_view expr, std::string_view where, std::int64_t low, std::int64_t high,
                       std::string_view what) {
  const std::optional<std::int64_t> value = value_in(line_, expr, where, low, high, what);
  ok_ = ok_ && value.has_value();
  units_.push_back(static_cast<std::uint16_t>(value.value_or(0) & 0xff));
  return *this;
}

Emitter& Emitter::word(std::string_view expr, std::string_view where) {
  const std::optional<std::int64_t> value = value_in(line_, expr, where, -32768, 65535, "16-bit value");
  ok_ = ok_ && value.has_value();
  units_.push_back(static_cast<std::uint16_t>(value.value_or(0) & 0xff));
  units_.push_back(static_cast<std::uint16_t>((value.value_or(0) >> 8) & 0xff));
  return *this;
}

Emitter& Emitter::relative(const Operand& target) {
  if (target.kind != Operand::Kind::immediate) {
    line_.error(target.text, "expected a jump target (a label or an address), not " + std::string(target.text));
    ok_ = false;
  }
  const std::optional<std::uint8_t> offset =
      ok_ ? relative_offset(line_, target, static_cast<int>(units_.size()) + 1) : std::nullopt;
  ok_ = ok_ && offset.has_value();
  units_.push_back(offset.value_or(0));
  return *this;
}

std::optional<Encoding> Emitter::done(std::uint32_t cycles, std::uint32_t taken) {
  if (!ok_) return std::nullopt;
  return Encoding{std::move(units_), Cycles{cycles, taken}};
}

std::optional<Value> WatchedLine::evaluate(std::string_view text) {
  std::optional<Value> value = line_.evaluate(text);
  reported_ = reported_ || !value;
  return value;
}

void WatchedLine::error(std::string_view where, std::string message) {
  reported_ = true;
  line_.error(where, std::move(message));
}

void wrong_operands(LineContext& line, std::string_view mnemonic, std::string_view operands,
                    std::string_view expected) {
  const std::string_view shown = trim(operands);
  line.error(operands, std::string(mnemonic) + (shown.empty() ? " without operands" : " " + std::string(shown)) +
                           ": not an instruction; expected " + std::string(expected));
}

}  // namespace shufflelab::assembler::z80_family
