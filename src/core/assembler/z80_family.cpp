#include "core/assembler/z80_family.hpp"

#include <array>
#include <cctype>

namespace shufflelab::assembler::z80_family {

namespace {

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
    if (c == '"' || (c == '\'' && i + 2 < text.size() && text[i + 2] == '\''))
      quote = c;
    else if (c == '(')
      ++depth;
    else if (c == ')' && --depth == 0)
      return i;
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
    if (!std::isspace(static_cast<unsigned char>(c)))
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
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

std::vector<Operand> parse_operands(std::string_view operands, bool sm83) {
  std::vector<Operand> out;
  for (const std::string_view part : split_operands(operands)) out.push_back(classify(part, sm83));
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

std::optional<std::int64_t> value_in(LineContext& line, std::string_view text, std::string_view where, std::int64_t low,
                                     std::int64_t high, std::string_view what) {
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

Emitter& Emitter::fail() {
  ok_ = false;
  return *this;
}

std::optional<Encoding> Emitter::done(std::uint32_t cycles, std::uint32_t taken) {
  if (!ok_) return std::nullopt;
  return Encoding{std::move(units_), Cycles{cycles, taken}};
}

std::optional<Encoding> encode_rst(const std::vector<Operand>& operands, LineContext& line, std::uint32_t cycles,
                                   std::string_view targets) {
  if (operands.size() != 1 || !is_value(operands[0])) return std::nullopt;
  const Operand& target = operands[0];
  const std::optional<std::int64_t> address = value_in(line, target.expr, target.text, -32768, 65535, "rst address");
  if (!address) return std::nullopt;
  if (*address < 0 || *address > 0x38 || *address % 8 != 0) {
    line.error(target.text, "rst address " + std::to_string(*address) + " is not one of " + std::string(targets));
    return std::nullopt;
  }
  return Emitter(line).bytes({0xc7 | static_cast<int>(*address)}).done(cycles);
}

namespace {

// Forwards to a line and remembers whether an error was reported or an
// evaluation failed, so a form that does not exist is reported once, and an
// operand's own error alone.
class WatchedLine : public LineContext {
 public:
  explicit WatchedLine(LineContext& line) : line_(line) {}
  std::optional<Value> evaluate(std::string_view text) override;
  void error(std::string_view where, std::string message) override;
  std::uint32_t address() const override { return line_.address(); }
  bool final_pass() const override { return line_.final_pass(); }
  bool reported() const { return reported_; }

 private:
  LineContext& line_;
  bool reported_ = false;
};

std::optional<Value> WatchedLine::evaluate(std::string_view text) {
  std::optional<Value> value = line_.evaluate(text);
  reported_ = reported_ || !value;
  return value;
}

void WatchedLine::error(std::string_view where, std::string message) {
  reported_ = true;
  line_.error(where, std::move(message));
}

// Reports a memory operand that names a register the CPU cannot index with,
// such as the Z80's (hl+) or the SM83's (ix+1), instead of an undefined
// symbol 'hl'. `forms` lists the register operands in parentheses it has.
bool refused_register_operand(LineContext& line, const std::vector<Operand>& operands, std::string_view forms) {
  for (const Operand& op : operands) {
    if (op.kind != Operand::Kind::memory) continue;
    const std::string inner = squeezed(op.expr);
    for (const std::string_view name : {"af", "bc", "de", "hl", "sp", "ix", "iy", "a", "b", "c", "d", "e", "h", "l"}) {
      if (!inner.starts_with(name) ||
          (inner.size() > name.size() && std::isalnum(static_cast<unsigned char>(inner[name.size()])) != 0) ||
          (inner.size() > name.size() && inner[name.size()] == '_'))
        continue;
      line.error(op.text, std::string(op.text) + " is not an operand of this CPU; in parentheses it takes " +
                              std::string(forms));
      return true;
    }
  }
  return false;
}

// Reports that `operands` do not fit `mnemonic`, naming the forms it has.
void wrong_operands(LineContext& line, std::string_view mnemonic, std::string_view operands,
                    std::string_view expected) {
  const std::string_view shown = trim(operands);
  line.error(operands, std::string(mnemonic) + (shown.empty() ? " without operands" : " " + std::string(shown)) +
                           " is not an instruction of this CPU; " + std::string(mnemonic) + " takes " +
                           std::string(expected));
}

}  // namespace

std::string_view forms_of(std::span<const OperandForms> table, std::string_view mnemonic) {
  for (const OperandForms& entry : table)
    if (entry.mnemonic == mnemonic) return entry.forms;
  return {};
}

bool is_mnemonic(const Z80FamilyCpu& cpu, std::string_view lower_mnemonic) {
  for (const SimpleInstruction& simple : cpu.simple)
    if (simple.mnemonic == lower_mnemonic) return true;
  return !forms_of(cpu.with_operands, lower_mnemonic).empty();
}

std::optional<Encoding> encode(const Z80FamilyCpu& cpu, std::string_view mnemonic, std::string_view operands,
                               LineContext& line) {
  const std::vector<Operand> ops = parse_operands(operands, cpu.sm83);
  if (refused_register_operand(line, ops, cpu.memory_forms)) return std::nullopt;
  const std::string_view forms = forms_of(cpu.with_operands, mnemonic);
  for (const SimpleInstruction& simple : cpu.simple) {
    // ret is simple alone and takes a condition too.
    if (simple.mnemonic != mnemonic || (!ops.empty() && !forms.empty())) continue;
    if (!ops.empty()) {
      wrong_operands(line, mnemonic, operands, "no operands");
      return std::nullopt;
    }
    Emitter out(line);
    out.bytes({simple.first});
    if (simple.second >= 0) out.bytes({simple.second});
    return out.done(simple.cycles, simple.cycles_taken);
  }
  WatchedLine watch(line);
  std::optional<Encoding> encoding = cpu.encode_operands(mnemonic, ops, watch);
  if (!encoding && !watch.reported()) wrong_operands(line, mnemonic, operands, forms);
  return encoding;
}

}  // namespace shufflelab::assembler::z80_family
