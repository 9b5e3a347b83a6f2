// assembler.cpp: the part every CPU shares: lines, labels, equates,
// directives, expressions and the two passes. Each CPU's encoder
// (isa_*.cpp) sees one instruction's mnemonic and operand text.
//
// Dialects: the four Debian assemblers write numbers, directives and the
// current address differently; one reader accepts each CPU's own forms
// (ca65 and xa65 for the 6502, gpasm for PIC16, z80asm and sdasgb for Z80
// and SM83, whose sources are written in both styles).
#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <functional>

#include "core/assembler/assembler.hpp"
#include "core/assembler/instruction_set.hpp"

namespace shufflelab::assembler {

namespace {

constexpr std::size_t kMaxErrors = 1000;  // a binary file would give one per line; the first thousand tell

// How tightly binary operators bind differs (each checked against its tool):
// C's order in z80asm; ca65 puts & ^ << >> with * and | with +; gpasm puts
// & | ^ on one level below the shifts; sdasgb binds ^ above &.
enum class Precedence : std::uint8_t { c, ca65, gpasm, sdas };

struct Dialect {
  int radix = 10;                   // gpasm counts in hex unless told `radix dec`
  Precedence precedence = Precedence::c;
  bool reserve_zeroes = false;      // ca65 .res and z80asm defs write zeros; sdasgb .ds and gpasm res leave a gap
  std::uint32_t address_limit = 0x10000;  // one past the last unit address
  std::uint16_t unit_mask = 0xff;
};

Dialect dialect_of(Cpu cpu) {
  switch (cpu) {
    case Cpu::mos6502: return {10, Precedence::ca65, true, 0x10000, 0xff};
    case Cpu::z80: return {10, Precedence::c, true, 0x10000, 0xff};
    case Cpu::sm83: return {10, Precedence::sdas, false, 0x10000, 0xff};
    case Cpu::pic16: return {16, Precedence::gpasm, false, 0x2000, 0x3fff};
  }
  return {};
}

const InstructionSet& instruction_set_of(Cpu cpu) {
  switch (cpu) {
    case Cpu::z80: return z80_instruction_set();
    case Cpu::sm83: return sm83_instruction_set();
    case Cpu::mos6502: return mos6502_instruction_set();
    case Cpu::pic16: return pic16_instruction_set();
  }
  return mos6502_instruction_set();
}

enum class Directive : std::uint8_t {
  org,
  bytes,         // numbers and strings, a byte each (PIC16 db: two bytes a word)
  bytes_zero,    // the same, then a zero byte
  words,         // 16-bit little-endian (PIC16: one 14-bit word each)
  retlw_table,   // PIC16 dt: a retlw per byte
  reserve,       // count [, fill]
  end,           // the rest of the file is not read
  radix,         // PIC16: dec, hex, oct
  cblock,        // PIC16: names numbered from a start, up to endc
  endc,
  ignored,       // says something only the Debian tool's linker or listing uses
  refused,
};

// Which CPUs spell a directive this way.
constexpr std::uint8_t k6502 = 1, kPic = 2, kZ80 = 4, kSm83 = 8, kZ80s = kZ80 | kSm83;

struct DirectiveName {
  std::string_view name;  // lower case
  Directive kind;
  std::uint8_t cpus;
  std::string_view refusal = {};
};

constexpr std::array kDirectives{
    // ca65, and xa65's spellings where they differ
    DirectiveName{".org", Directive::org, k6502 | kZ80s},
    DirectiveName{".byte", Directive::bytes, k6502 | kZ80s},
    DirectiveName{".byt", Directive::bytes, k6502},
    DirectiveName{".asc", Directive::bytes, k6502},
    DirectiveName{".asciiz", Directive::bytes_zero, k6502},
    DirectiveName{".word", Directive::words, k6502 | kZ80s},
    DirectiveName{".addr", Directive::words, k6502},
    DirectiveName{".res", Directive::reserve, k6502},
    DirectiveName{".dsb", Directive::reserve, k6502},
    DirectiveName{".end", Directive::end, k6502},
    DirectiveName{".segment", Directive::ignored, k6502},
    DirectiveName{".code", Directive::ignored, k6502},
    DirectiveName{".export", Directive::ignored, k6502},
    DirectiveName{".exportzp", Directive::ignored, k6502},
    DirectiveName{".setcpu", Directive::ignored, k6502},
    DirectiveName{".p02", Directive::ignored, k6502},
    DirectiveName{".include", Directive::refused, k6502 | kZ80s, "include files are not read: paste their lines here"},
    DirectiveName{".import", Directive::refused, k6502, "imports need a linker: define the symbol here"},
    DirectiveName{".macro", Directive::refused, k6502 | kZ80s, "macros are not supported"},
    // gpasm
    DirectiveName{"org", Directive::org, kPic | kZ80s},
    DirectiveName{"db", Directive::bytes, kPic | kZ80s},
    DirectiveName{"dw", Directive::words, kPic | kZ80s},
    DirectiveName{"data", Directive::words, kPic},
    DirectiveName{"dt", Directive::retlw_table, kPic},
    DirectiveName{"res", Directive::reserve, kPic},
    DirectiveName{"end", Directive::end, kPic | kZ80s},
    DirectiveName{"radix", Directive::radix, kPic},
    DirectiveName{"cblock", Directive::cblock, kPic},
    DirectiveName{"endc", Directive::endc, kPic},
    DirectiveName{"processor", Directive::ignored, kPic},
    DirectiveName{"list", Directive::ignored, kPic},
    DirectiveName{"nolist", Directive::ignored, kPic},
    DirectiveName{"errorlevel", Directive::ignored, kPic},
    DirectiveName{"title", Directive::ignored, kPic},
    DirectiveName{"__config", Directive::refused, kPic,
                  "__config is not assembled: configuration bits are not part of the program"},
    DirectiveName{"include", Directive::refused, kPic | kZ80s, "include files are not read: paste their lines here"},
    DirectiveName{"#include", Directive::refused, kPic, "include files are not read: paste their lines here"},
    DirectiveName{"banksel", Directive::refused, kPic, "banksel is not assembled: set STATUS's RP bits with bcf/bsf"},
    DirectiveName{"pagesel", Directive::refused, kPic, "pagesel is not assembled: set PCLATH with movlw/movwf"},
    DirectiveName{"macro", Directive::refused, kPic | kZ80s, "macros are not supported"},
    // z80asm
    DirectiveName{"defb", Directive::bytes, kZ80s},
    DirectiveName{"defm", Directive::bytes, kZ80s},
    DirectiveName{"defw", Directive::words, kZ80s},
    DirectiveName{"defs", Directive::reserve, kZ80s},
    DirectiveName{"ds", Directive::reserve, kZ80s},
    // sdasgb
    DirectiveName{".db", Directive::bytes, kZ80s},
    DirectiveName{".fcb", Directive::bytes, kZ80s},
    DirectiveName{".ascii", Directive::bytes, kZ80s},
    DirectiveName{".asciz", Directive::bytes_zero, kZ80s},
    DirectiveName{".dw", Directive::words, kZ80s},
    DirectiveName{".fdb", Directive::words, kZ80s},
    DirectiveName{".ds", Directive::reserve, kZ80s},
    DirectiveName{".blkb", Directive::reserve, kZ80s},
    DirectiveName{".area", Directive::ignored, kZ80s},
    DirectiveName{".module", Directive::ignored, kZ80s},
    DirectiveName{".globl", Directive::ignored, kZ80s},
    DirectiveName{".optsdcc", Directive::ignored, kZ80s},
};

std::uint8_t cpu_bit(Cpu cpu) {
  switch (cpu) {
    case Cpu::mos6502: return k6502;
    case Cpu::pic16: return kPic;
    case Cpu::z80: return kZ80;
    case Cpu::sm83: return kSm83;
  }
  return 0;
}

const DirectiveName* find_directive(Cpu cpu, std::string_view lower_name) {
  for (const auto& directive : kDirectives)
    if (directive.name == lower_name && (directive.cpus & cpu_bit(cpu))) return &directive;
  return nullptr;
}

// Words that make `NAME word value` an equate (`.set` and `set` may be redefined).
bool is_equate_word(std::string_view lower_word) {
  return lower_word == "=" || lower_word == "equ" || lower_word == ".equ" || lower_word == ".set" ||
         lower_word == "set" || lower_word == "defl" || lower_word == "==" || lower_word == ":=";
}
bool is_redefinable(std::string_view lower_word) {
  return lower_word == ".set" || lower_word == "set" || lower_word == "defl";
}

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_name_start(char c) { return is_alpha(c) || c == '_' || c == '.' || c == '@'; }
bool is_name_char(char c) { return is_alpha(c) || is_digit(c) || c == '_' || c == '.' || c == '@' || c == '$'; }

int digit_value(char c) {
  if (is_digit(c)) return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return 99;
}

// Digits of `text` in `base`, or nullopt (empty, a bad digit, or beyond 32 bits).
std::optional<std::int64_t> parse_digits(std::string_view text, int base) {
  if (text.empty()) return std::nullopt;
  std::int64_t value = 0;
  for (char c : text) {
    if (c == '_') continue;
    const int digit = digit_value(c);
    if (digit >= base) return std::nullopt;
    value = value * base + digit;
    if (value > 0xffffffffLL) return std::nullopt;
  }
  return value;
}

// Where a quoted string or character literal that starts at `open` ends
// (one past its closing quote), or npos when it is not closed.
std::size_t quote_end(std::string_view text, std::size_t open) {
  const std::size_t close = text.find(text[open], open + 1);
  return close == std::string_view::npos ? close : close + 1;
}

// Does the quote at `i` open a literal? Not in Z80's `af'`; yes in gpasm's
// `H'1F'`, `B'0101'`, `A'c'` (one letter before it).
bool opens_quote(std::string_view text, std::size_t i) {
  if (text[i] == '"') return true;
  if (i == 0 || !is_name_char(text[i - 1])) return true;
  const bool one_letter = is_alpha(text[i - 1]) && (i < 2 || !is_name_char(text[i - 2]));
  return one_letter && std::string_view("hHbBdDoOaA").find(text[i - 1]) != std::string_view::npos;
}

// The line without its comment (`;` outside quotes).
std::string_view strip_comment(std::string_view line) {
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == ';') return line.substr(0, i);
    if ((line[i] == '\'' || line[i] == '"') && opens_quote(line, i)) {
      const std::size_t end = quote_end(line, i);
      if (end == std::string_view::npos) return line;
      i = end - 1;
    }
  }
  return line;
}

std::string hex(std::uint32_t value, int digits) {
  char text[16];
  std::snprintf(text, sizeof text, "%0*X", digits, value);
  return text;
}

struct Symbol {
  std::int64_t value = 0;
  int line = 0;  // where it is defined
  bool known = true;
  bool wide = false;
  bool redefinable = false;
};

class Assembler;

// Expressions: precedence climbing over one slice of a line.
class Expression {
 public:
  Expression(Assembler& assembler, std::string_view text) : as_(assembler), text_(text) {}
  std::optional<Value> parse_all();

 private:
  std::optional<Value> binary(int min_precedence);
  std::optional<Value> unary();
  std::optional<Value> primary();
  std::optional<Value> number();
  std::optional<Value> quoted(std::size_t start, int base);
  std::optional<Value> name();
  int precedence(std::string_view op) const;
  std::string_view peek_operator() const;
  void skip_blanks() {
    while (pos_ < text_.size() && is_blank(text_[pos_])) ++pos_;
  }
  bool at_end() const { return pos_ >= text_.size(); }
  std::string_view here() const { return text_.substr(std::min(pos_, text_.size())); }
  std::optional<Value> fail(std::string_view where, std::string message);

  Assembler& as_;
  std::string_view text_;
  std::size_t pos_ = 0;
};

class Assembler final : public LineContext {
 public:
  Assembler(Cpu cpu, std::string_view source)
      : cpu_(cpu), dialect_(dialect_of(cpu)), isa_(instruction_set_of(cpu)), source_(source) {}

  Assembly run();

  // LineContext
  std::optional<Value> evaluate(std::string_view text) override { return Expression(*this, text).parse_all(); }
  void error(std::string_view where, std::string message) override;
  std::uint32_t address() const override { return address_; }
  bool final_pass() const override { return final_; }

  int radix() const { return radix_; }
  Precedence precedence() const { return dialect_.precedence; }
  std::optional<Value> symbol_value(std::string_view name, std::string_view where);

 private:
  void assemble_line(std::string_view line);
  void statement(std::string_view word, std::string_view operands, bool labelled);
  void directive(const DirectiveName& directive, std::string_view word, std::string_view operands);
  void cblock_line(std::string_view text);
  void define(std::string_view name, Value value, bool redefinable);
  void equate(std::string_view name, std::string_view word, std::string_view operands);
  void emit(std::vector<std::uint16_t> units, std::optional<Cycles> cycles, std::string_view where);
  void note_definition();
  std::optional<std::int64_t> needed_now(std::string_view text, std::string_view what);
  std::string scoped(std::string_view name) const;
  bool is_statement_word(std::string_view word) const;

  Cpu cpu_;
  Dialect dialect_;
  const InstructionSet& isa_;
  std::string_view source_;
  Assembly out_;
  std::map<std::string, Symbol, std::less<>> symbols_;
  bool final_ = false;
  bool ended_ = false;
  std::uint32_t address_ = 0;
  int radix_ = 10;
  std::string scope_;  // the last label without a local prefix: @name and 1$ belong to it
  std::optional<std::int64_t> cblock_next_;  // inside cblock ... endc
  std::int64_t cblock_end_ = 0;              // where a cblock without a start begins
  bool forward_seen_ = false;                // the last value needed a symbol defined further down
  int line_number_ = 0;
  std::string_view line_;
  bool line_recorded_ = false;
};

// ---- expressions -------------------------------------------------------------

std::optional<Value> Expression::fail(std::string_view where, std::string message) {
  as_.error(where, std::move(message));
  return std::nullopt;
}

std::optional<Value> Expression::parse_all() {
  skip_blanks();
  if (at_end()) return fail(here(), "expected a value");
  auto value = binary(0);
  if (!value) return std::nullopt;
  skip_blanks();
  if (!at_end()) return fail(here(), "expected an operator or the end of the value, found '" + std::string(here()) + "'");
  return value;
}

std::string_view Expression::peek_operator() const {
  const std::string_view rest = here();
  for (std::string_view op : {"<<", ">>"})
    if (rest.starts_with(op)) return op;
  if (!rest.empty() && std::string_view("+-*/%&|^").find(rest[0]) != std::string_view::npos) return rest.substr(0, 1);
  return {};
}

int Expression::precedence(std::string_view op) const {
  const bool additive = op == "+" || op == "-", shift = op == "<<" || op == ">>";
  const bool multiplicative = op == "*" || op == "/" || op == "%";
  switch (as_.precedence()) {
    case Precedence::ca65: return additive || op == "|" ? 1 : 2;
    case Precedence::gpasm: return multiplicative ? 4 : additive ? 3 : shift ? 2 : 1;
    case Precedence::c:
    case Precedence::sdas: break;
  }
  if (multiplicative) return 6;
  if (additive) return 5;
  if (shift) return 4;
  if (op == "|") return 1;
  const bool sdas = as_.precedence() == Precedence::sdas;
  return op == "&" ? (sdas ? 2 : 3) : (sdas ? 3 : 2);  // ^
}

std::optional<Value> Expression::binary(int min_precedence) {
  auto left = unary();
  if (!left) return std::nullopt;
  for (;;) {
    skip_blanks();
    const std::string_view op = peek_operator();
    if (op.empty() || precedence(op) < min_precedence) return left;
    const std::string_view where = here();
    pos_ += op.size();
    auto right = binary(precedence(op) + 1);
    if (!right) return std::nullopt;
    const std::int64_t a = left->value, b = right->value;
    std::int64_t result = 0;
    if (op == "+") result = a + b;
    else if (op == "-") result = a - b;
    else if (op == "*") result = a * b;
    else if (op == "&") result = a & b;
    else if (op == "|") result = a | b;
    else if (op == "^") result = a ^ b;
    else if (op == "<<" || op == ">>") {
      if (right->known && (b < 0 || b > 63)) return fail(where, "shift count " + std::to_string(b) + " is not 0..63");
      result = !right->known ? 0 : op == "<<" ? static_cast<std::int64_t>(static_cast<std::uint64_t>(a) << b) : a >> b;
    } else {  // / %
      if (right->known && b == 0) return fail(where, "division by zero");
      result = b == 0 ? 0 : op == "/" ? a / b : a % b;
    }
    // Values stay within 32 bits as the Debian assemblers keep them.
    result = static_cast<std::int64_t>(static_cast<std::int32_t>(static_cast<std::uint32_t>(result)));
    left = Value{result, left->known && right->known, left->wide || right->wide};
  }
}

std::optional<Value> Expression::unary() {
  skip_blanks();
  if (at_end()) return fail(here(), "expected a value");
  const char c = text_[pos_];
  // `<` and `>` in front of a value: its low and high byte (ca65, sdasgb).
  if (c == '-' || c == '+' || c == '~' || c == '<' || c == '>' || c == '!') {
    ++pos_;
    auto value = unary();
    if (!value) return std::nullopt;
    if (c == '-') value->value = -value->value;
    if (c == '~') value->value = ~value->value;
    if (c == '!') value->value = value->value == 0;
    if (c == '<') value->value &= 0xff, value->wide = false;
    if (c == '>') value->value = (value->value >> 8) & 0xff, value->wide = false;
    return value;
  }
  // gpasm and pasmo: `low X`, `high X`, `low(X)`; ca65: `.lobyte(X)`, `.hibyte(X)`.
  std::size_t end = pos_;
  while (end < text_.size() && is_name_char(text_[end])) ++end;
  const std::string word = lower(text_.substr(pos_, end - pos_));
  const bool low = word == "low" || word == ".lobyte", high = word == "high" || word == ".hibyte";
  if (low || high) {
    std::size_t next = end;
    while (next < text_.size() && is_blank(text_[next])) ++next;
    const bool operand_follows = next < text_.size() && (is_name_char(text_[next]) || text_[next] == '(' ||
                                                         text_[next] == '$' || text_[next] == '\'');
    if (operand_follows || word[0] == '.') {
      pos_ = end;
      auto value = unary();
      if (!value) return std::nullopt;
      value->value = low ? value->value & 0xff : (value->value >> 8) & 0xff;
      value->wide = false;
      return value;
    }
  }
  return primary();
}

std::optional<Value> Expression::primary() {
  skip_blanks();
  if (at_end()) return fail(here(), "expected a value");
  const std::size_t start = pos_;
  const char c = text_[pos_];
  if (c == '(') {
    ++pos_;
    auto value = binary(0);
    if (!value) return std::nullopt;
    skip_blanks();
    if (at_end() || text_[pos_] != ')') return fail(here(), "expected ')' to close the '(' at column " +
                                                            std::to_string(start + 1) + " of the value");
    ++pos_;
    return value;
  }
  if (c == '\'' || c == '"') return quoted(start, 0);
  const char next = pos_ + 1 < text_.size() ? text_[pos_ + 1] : '\0';
  // The current address: ca65's `*`, gpasm's and z80asm's `$`, sdasgb's `.`.
  if (c == '*' || (c == '$' && digit_value(next) >= 16) || (c == '.' && !is_name_char(next))) {
    ++pos_;
    return Value{as_.address(), true, false};
  }
  if (c == '$' || c == '%' || is_digit(c) || (c == '.' && is_digit(next))) return number();
  if (is_alpha(c) && next == '\'' && opens_quote(text_, pos_ + 1)) {
    const char kind = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const int base = kind == 'h' ? 16 : kind == 'b' ? 2 : kind == 'd' ? 10 : kind == 'o' ? 8 : 0;
    ++pos_;
    return quoted(start, base);
  }
  if (is_name_start(c)) return name();
  return fail(here(), std::string("expected a value, found '") + c + "'");
}

// A quoted literal: base 0 is a character ('c', "c", A'c'); else gpasm's H'..' and kin.
std::optional<Value> Expression::quoted(std::size_t start, int base) {
  const std::size_t end = quote_end(text_, pos_);
  if (end == std::string_view::npos) return fail(text_.substr(start), "this quote is not closed");
  const std::string_view inside = text_.substr(pos_ + 1, end - pos_ - 2);
  pos_ = end;
  if (base == 0) {
    if (inside.size() != 1) return fail(text_.substr(start), "expected one character between the quotes");
    return Value{static_cast<unsigned char>(inside[0]), true, false};
  }
  const auto value = parse_digits(inside, base);
  if (!value) return fail(text_.substr(start), "'" + std::string(inside) + "' is not a number in base " +
                                                   std::to_string(base));
  return Value{*value, true, false};
}

std::optional<Value> Expression::number() {
  const std::size_t start = pos_;
  const char c = text_[pos_];
  if (c == '$' || c == '%') ++pos_;
  if (c == '.') ++pos_;
  std::size_t end = pos_;
  while (end < text_.size() && (is_alpha(text_[end]) || is_digit(text_[end]) || text_[end] == '_')) ++end;
  const std::string_view token = text_.substr(start, end - start);
  std::string_view digits = text_.substr(pos_, end - pos_);
  pos_ = end;
  int base = as_.radix();
  if (c == '$') base = 16;
  else if (c == '%') base = 2;
  else if (c == '.') base = 10;
  else if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
    base = 16, digits.remove_prefix(2);
  } else {
    const char suffix = static_cast<char>(std::tolower(static_cast<unsigned char>(digits.back())));
    const auto body = digits.substr(0, digits.size() - 1);
    if (suffix == 'h') base = 16, digits = body;
    else if (suffix == 'o' || suffix == 'q') base = 8, digits = body;
    else if (base != 16 && suffix == 'b' && parse_digits(body, 2)) base = 2, digits = body;
    else if (base != 16 && suffix == 'd') base = 10, digits = body;
    else if (base != 16 && digits.size() > 2 && digits[0] == '0' && (digits[1] == 'b' || digits[1] == 'B'))
      base = 2, digits.remove_prefix(2);
  }
  const auto value = parse_digits(digits, base);
  if (!value) return fail(token, "'" + std::string(token) + "' is not a number" +
                                     (base == 10 ? "" : " in base " + std::to_string(base)));
  return Value{*value, true, false};
}

std::optional<Value> Expression::name() {
  const std::size_t start = pos_;
  while (pos_ < text_.size() && is_name_char(text_[pos_])) ++pos_;
  const std::string_view word = text_.substr(start, pos_ - start);
  return as_.symbol_value(word, word);
}

// ---- the assembler -----------------------------------------------------------

void Assembler::error(std::string_view where, std::string message) {
  if (!final_ || out_.errors.size() > kMaxErrors) return;
  if (out_.errors.size() == kMaxErrors) {
    out_.errors.push_back({line_number_, 1, "stopped after " + std::to_string(kMaxErrors) + " errors"});
    return;
  }
  // Column in characters: UTF-8 continuation bytes do not count.
  const auto offset = where.data() >= line_.data() && where.data() <= line_.data() + line_.size()
                          ? static_cast<std::size_t>(where.data() - line_.data())
                          : 0;
  const auto before = line_.substr(0, offset);
  const auto column = 1 + std::count_if(before.begin(), before.end(), [](char c) {
                        return (static_cast<unsigned char>(c) & 0xc0) != 0x80;
                      });
  out_.errors.push_back({line_number_, static_cast<int>(column), std::move(message)});
}

// ca65's @name and sdasgb's 1$ are local to the last label above them.
std::string Assembler::scoped(std::string_view name) const {
  const bool local = name.starts_with('@') || (name.size() > 1 && name.back() == '$' && is_digit(name[0]));
  return local ? scope_ + std::string(name) : std::string(name);
}

std::optional<Value> Assembler::symbol_value(std::string_view name, std::string_view where) {
  const auto found = symbols_.find(scoped(name));
  if (found == symbols_.end()) {
    forward_seen_ = true;
    if (!final_) return Value{0, false, true};
    error(where, "'" + std::string(name) + "' is not defined");
    return std::nullopt;
  }
  const Symbol& symbol = found->second;
  const bool forward = symbol.line > line_number_ || !symbol.known;
  forward_seen_ = forward_seen_ || forward;
  return Value{symbol.value, symbol.known, symbol.wide || forward};
}

void Assembler::define(std::string_view name, Value value, bool redefinable) {
  if (name.starts_with('.') || (is_digit(name[0]) && name.back() != '$'))
    return error(name, "'" + std::string(name) + "' cannot be a label: it must start with a letter or '_'");
  if (!name.starts_with('@') && !(name.back() == '$' && is_digit(name[0]))) scope_ = std::string(name);
  const std::string key = scoped(name);
  auto [it, inserted] = symbols_.try_emplace(key);
  Symbol& symbol = it->second;
  if (!inserted && symbol.line != line_number_ && !(redefinable && symbol.redefinable)) {
    if (symbol.line < line_number_)
      return error(name, "'" + std::string(name) + "' is already defined on line " + std::to_string(symbol.line));
  }
  symbol.value = value.value;
  symbol.known = value.known;
  symbol.wide = value.wide;
  symbol.redefinable = redefinable;
  symbol.line = line_number_;
  if (final_) out_.symbols[key] = value.value;
}

// A value the first pass needs to size the program (org, reserve, cblock):
// no symbol defined further down.
std::optional<std::int64_t> Assembler::needed_now(std::string_view text, std::string_view what) {
  forward_seen_ = false;
  const auto value = evaluate(text);
  if (!value) return std::nullopt;
  if (forward_seen_) {
    error(text, std::string(what) + " needs a value defined above this line");
    return std::nullopt;
  }
  return value->value;
}

void Assembler::emit(std::vector<std::uint16_t> units, std::optional<Cycles> cycles, std::string_view where) {
  if (address_ + units.size() > dialect_.address_limit) {
    error(where, "the program runs past the end of memory ($" + hex(dialect_.address_limit - 1, 4) + ")");
    units.resize(address_ < dialect_.address_limit ? dialect_.address_limit - address_ : 0);
  }
  if (final_) {
    if (line_recorded_ && out_.lines.back().units.empty() && out_.lines.back().address == address_) {
      out_.lines.back().units = std::move(units);
      out_.lines.back().cycles = cycles;
      address_ += static_cast<std::uint32_t>(out_.lines.back().units.size());
      return;
    }
    out_.lines.push_back({line_number_, address_, units, cycles, std::nullopt});
    line_recorded_ = true;
  }
  address_ += static_cast<std::uint32_t>(units.size());
}

void Assembler::note_definition() {
  if (final_ && !line_recorded_) {
    out_.lines.push_back({line_number_, address_, {}, std::nullopt, std::nullopt});
    line_recorded_ = true;
  }
}

bool Assembler::is_statement_word(std::string_view word) const {
  const std::string lower_word = lower(word);
  return isa_.is_mnemonic(lower_word) || find_directive(cpu_, lower_word) != nullptr;
}

void Assembler::equate(std::string_view name, std::string_view word, std::string_view operands) {
  const auto value = evaluate(operands);
  if (!value) return;
  define(name, *value, is_redefinable(lower(word)));
  note_definition();
  if (final_) out_.lines.back().equate = value->value;
}

void Assembler::assemble_line(std::string_view line) {
  line_ = line;
  line_recorded_ = false;
  std::string_view code = strip_comment(line);
  auto take_word = [&code](std::size_t from) {
    std::size_t i = from;
    while (i < code.size() && is_blank(code[i])) ++i;
    std::size_t end = i;
    if (end < code.size() && (code[end] == '#' || code[end] == '*')) ++end;  // #include, xa65's *=
    while (end < code.size() && is_name_char(code[end])) ++end;
    if (end == i && end < code.size() && (code[end] == '=' || code[end] == ':')) {
      ++end;
      if (end < code.size() && code[end] == '=') ++end;  // == and :=
    }
    return std::pair{code.substr(i, end - i), end};
  };
  if (cblock_next_) {
    if (lower(take_word(0).first) != "endc") return cblock_line(code);
    cblock_end_ = *cblock_next_;
    cblock_next_.reset();
    return;
  }
  auto [word, end] = take_word(0);
  if (word.empty()) {
    if (!trim(code).empty()) error(trim(code), "expected a label, an instruction or a directive");
    return;
  }
  const bool at_margin = !code.empty() && !is_blank(code[0]);
  bool labelled = false;
  // xa65: `*= $1000` sets the address.
  if (word == "*") {
    const std::string_view rest = trim(code.substr(end));
    if (!rest.starts_with('=')) return error(word, "expected '=' after '*' (xa65's *= sets the address)");
    if (const auto org = needed_now(trim(rest.substr(1)), "*=")) {
      if (*org < 0 || *org >= dialect_.address_limit) return error(rest, "the address is outside memory");
      address_ = static_cast<std::uint32_t>(*org);
    }
    return;
  }
  if (end < code.size() && code[end] == ':' && word != ":" && word != ":=") {  // label:  label::
    std::size_t after = end + 1;
    if (after < code.size() && code[after] == ':') ++after;
    auto [next, next_end] = take_word(after);
    if (is_equate_word(lower(next))) return equate(word, next, trim(code.substr(next_end)));
    define(word, Value{address_, true, true}, false);
    note_definition();
    labelled = true;
    std::tie(word, end) = take_word(after);
  } else {
    auto [next, next_end] = take_word(end);
    if (is_equate_word(lower(next))) return equate(word, next, trim(code.substr(next_end)));
    if (at_margin && !is_statement_word(word)) {  // a label without a colon, at the margin
      define(word, Value{address_, true, true}, false);
      note_definition();
      labelled = true;
      word = next;
      end = next_end;
    }
  }
  if (word.empty()) {
    const std::string_view rest = trim(code.substr(end));
    if (!rest.empty()) error(rest, "expected an instruction or a directive");
    return;
  }
  statement(word, trim(code.substr(end)), labelled);
}

void Assembler::statement(std::string_view word, std::string_view operands, bool labelled) {
  const std::string lower_word = lower(word);
  if (const auto* found = find_directive(cpu_, lower_word)) return directive(*found, word, operands);
  if (!isa_.is_mnemonic(lower_word)) {
    const std::string said = labelled ? "expected an instruction or a directive after the label, found '"
                                      : "expected an instruction, a directive or a label, found '";
    return error(word, said + std::string(word) + "'");
  }
  const auto encoding = isa_.encode(lower_word, operands, *this);
  if (!encoding) return;
  emit(encoding->units, encoding->cycles, word);
}

void Assembler::cblock_line(std::string_view text) {
  for (const auto item : split_operands(text)) {
    const std::size_t colon = item.find(':');
    const std::string_view name = trim(item.substr(0, colon));
    std::int64_t size = 1;
    if (colon != std::string_view::npos) {
      const auto counted = needed_now(trim(item.substr(colon + 1)), "a cblock size");
      if (!counted) continue;
      size = *counted;
    }
    if (name.empty() || !is_name_start(name[0])) {
      error(item, "expected a name in the cblock");
      continue;
    }
    define(name, Value{*cblock_next_, true, false}, false);
    *cblock_next_ += size;
  }
  if (!text.empty()) note_definition();
}

void Assembler::directive(const DirectiveName& directive, std::string_view word, std::string_view operands) {
  const auto parts = split_operands(operands);
  switch (directive.kind) {
    case Directive::ignored: return;
    case Directive::refused: return error(word, std::string(directive.refusal));
    case Directive::end: ended_ = true; return;
    case Directive::org: {
      if (parts.size() != 1) return error(parts.empty() ? word : parts[1], "expected one address after " + std::string(word));
      const auto org = needed_now(parts[0], word);
      if (!org) return;
      if (*org < 0 || *org >= dialect_.address_limit)
        return error(parts[0], "address " + std::to_string(*org) + " is outside memory (0.." +
                                   std::to_string(dialect_.address_limit - 1) + ")");
      address_ = static_cast<std::uint32_t>(*org);
      return note_definition();
    }
    case Directive::radix: {
      const std::string name = lower(operands);
      radix_ = name == "dec" ? 10 : name == "hex" ? 16 : name == "oct" ? 8 : 0;
      if (radix_ == 0) radix_ = 16, error(operands, "expected dec, hex or oct after radix");
      return;
    }
    case Directive::cblock: {
      if (parts.empty()) {
        cblock_next_ = cblock_end_;  // gpasm goes on where the last cblock ended
        return;
      }
      if (const auto start = needed_now(parts[0], "cblock")) cblock_next_ = *start;
      return;
    }
    case Directive::endc: return error(word, "endc without cblock");
    case Directive::reserve: {
      if (parts.empty() || parts.size() > 2) return error(word, "expected a count (and a fill value) after " + std::string(word));
      const auto count = needed_now(parts[0], word);
      if (!count) return;
      if (*count < 0 || *count > dialect_.address_limit)
        return error(parts[0], "count " + std::to_string(*count) + " is not 0.." + std::to_string(dialect_.address_limit));
      std::optional<std::int64_t> fill;
      if (parts.size() == 2) {
        const auto value = evaluate(parts[1]);
        if (!value) return;
        if (value->value < -128 || value->value > 255) return error(parts[1], "fill value is not a byte (-128..255)");
        fill = value->value & 0xff;
      }
      if (!fill && dialect_.reserve_zeroes) fill = 0;
      if (fill) return emit(std::vector<std::uint16_t>(static_cast<std::size_t>(*count), static_cast<std::uint16_t>(*fill)), std::nullopt, word);
      note_definition();
      address_ += static_cast<std::uint32_t>(*count);
      return;
    }
    case Directive::bytes:
    case Directive::bytes_zero:
    case Directive::words:
    case Directive::retlw_table: break;
  }
  // Data: numbers (and strings where bytes are made).
  const bool pic = cpu_ == Cpu::pic16;
  const bool word_items = directive.kind == Directive::words;
  if (parts.empty()) return error(word, "expected values after " + std::string(word));
  std::vector<std::int64_t> items;
  for (const auto part : parts) {
    if (!part.empty() && (part[0] == '"' || (part[0] == '\'' && part.size() > 3))) {
      if (word_items) return error(part, "strings are not allowed in " + std::string(word) + ": use a byte directive");
      const std::size_t close = quote_end(part, 0);
      if (close != part.size()) return error(part, "expected one quoted string");
      for (char c : part.substr(1, part.size() - 2)) items.push_back(static_cast<unsigned char>(c));
      continue;
    }
    const auto value = evaluate(part);
    if (!value) return;
    const std::int64_t low = word_items ? (pic ? 0 : -32768) : -128;
    const std::int64_t high = word_items ? (pic ? 0x3fff : 0xffff) : 255;
    if (value->known && (value->value < low || value->value > high))
      return error(part, "value " + std::to_string(value->value) + " does not fit in a " +
                             (word_items ? (pic ? "14-bit word" : "word") : "byte") + " (" + std::to_string(low) +
                             ".." + std::to_string(high) + ")");
    items.push_back(value->value);
  }
  if (directive.kind == Directive::bytes_zero) items.push_back(0);
  std::vector<std::uint16_t> units;
  if (word_items && !pic) {
    for (auto v : items) units.push_back(static_cast<std::uint16_t>(v & 0xff)), units.push_back(static_cast<std::uint16_t>((v >> 8) & 0xff));
  } else if (word_items) {
    for (auto v : items) units.push_back(static_cast<std::uint16_t>(v & 0x3fff));
  } else if (directive.kind == Directive::retlw_table) {
    for (auto v : items) units.push_back(static_cast<std::uint16_t>(0x3400 | (v & 0xff)));
  } else if (pic) {  // gpasm db: two bytes a word, the first in the high bits
    for (std::size_t i = 0; i < items.size(); i += 2) {
      const std::int64_t second = i + 1 < items.size() ? items[i + 1] : 0;
      units.push_back(static_cast<std::uint16_t>((((items[i] & 0xff) << 8) | (second & 0xff)) & 0x3fff));
    }
  } else {
    for (auto v : items) units.push_back(static_cast<std::uint16_t>(v & 0xff));
  }
  emit(std::move(units), std::nullopt, word);
}

Assembly Assembler::run() {
  out_.cpu = cpu_;
  if (source_.size() > kMaxSourceBytes) {
    out_.errors.push_back({1, 1, "the source is " + std::to_string(source_.size()) + " bytes, over the limit of " +
                                     std::to_string(kMaxSourceBytes)});
    return std::move(out_);
  }
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start <= source_.size();) {
    std::size_t end = source_.find('\n', start);
    if (end == std::string_view::npos) end = source_.size();
    lines.push_back(source_.substr(start, end - start));
    start = end + 1;
  }
  for (int pass = 0; pass < 2; ++pass) {
    final_ = pass == 1;
    address_ = 0;
    radix_ = dialect_.radix;
    scope_.clear();
    cblock_next_.reset();
    cblock_end_ = 0;
    ended_ = false;
    for (std::size_t i = 0; i < lines.size() && !ended_; ++i) {
      line_number_ = static_cast<int>(i) + 1;
      line_ = lines[i];
      if (lines[i].size() > kMaxLineBytes) {
        error(lines[i].substr(kMaxLineBytes), "the line is longer than " + std::to_string(kMaxLineBytes) +
                                                  " bytes and was skipped");
        continue;
      }
      const auto junk = std::find_if(lines[i].begin(), lines[i].end(), [](char c) {
        return (static_cast<unsigned char>(c) < 0x20 && !is_blank(c)) || c == 0x7f;
      });
      if (junk != lines[i].end()) {
        error(lines[i].substr(static_cast<std::size_t>(junk - lines[i].begin())),
              "control character " + std::to_string(static_cast<unsigned char>(*junk)) +
                  " in the source: is this a text file?");
        continue;
      }
      assemble_line(lines[i]);
    }
    if (cblock_next_ && final_) {
      line_ = {};
      error({}, "cblock without endc");
    }
  }
  std::stable_sort(out_.errors.begin(), out_.errors.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.line < b.line; });
  return std::move(out_);
}

}  // namespace

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_blank(text.back())) text.remove_suffix(1);
  return text;
}

std::vector<std::string_view> split_operands(std::string_view text) {
  std::vector<std::string_view> parts;
  text = trim(text);
  if (text.empty()) return parts;
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if ((c == '\'' || c == '"') && opens_quote(text, i)) {
      const std::size_t end = quote_end(text, i);
      if (end == std::string_view::npos) break;
      i = end - 1;
    } else if (c == '(') {
      ++depth;
    } else if (c == ')') {
      --depth;
    } else if (c == ',' && depth <= 0) {
      parts.push_back(trim(text.substr(start, i - start)));
      start = i + 1;
    }
  }
  parts.push_back(trim(text.substr(start)));
  return parts;
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view cpu_id(Cpu cpu) {
  switch (cpu) {
    case Cpu::z80: return "z80";
    case Cpu::sm83: return "sm83";
    case Cpu::mos6502: return "6502";
    case Cpu::pic16: return "pic16";
  }
  return "";
}

Result<Cpu> parse_cpu(std::string_view field, std::string_view text) {
  for (Cpu cpu : {Cpu::z80, Cpu::sm83, Cpu::mos6502, Cpu::pic16})
    if (cpu_id(cpu) == text) return Result<Cpu>::ok(cpu);
  return Result<Cpu>::fail(std::string(field) + ": unknown CPU '" + std::string(text) +
                           "' (one of: z80, sm83, 6502, pic16)");
}

std::uint32_t Assembly::lowest() const {
  std::optional<std::uint32_t> low;
  for (const auto& line : lines)
    if (!line.units.empty()) low = std::min(low.value_or(line.address), line.address);
  return low.value_or(0);
}

std::uint32_t Assembly::end() const {
  std::uint32_t high = 0;
  for (const auto& line : lines)
    if (!line.units.empty()) high = std::max(high, line.address + static_cast<std::uint32_t>(line.units.size()));
  return high;
}

std::vector<std::uint16_t> Assembly::image() const {
  const std::uint32_t low = lowest();
  std::vector<std::uint16_t> units(end() - low, cpu == Cpu::pic16 ? 0x3fff : 0xff);
  for (const auto& line : lines)
    std::copy(line.units.begin(), line.units.end(), units.begin() + (line.address - low));
  return units;
}

std::vector<std::uint8_t> Assembly::raw_bytes() const {
  std::vector<std::uint8_t> bytes;
  for (const auto unit : image()) {
    bytes.push_back(static_cast<std::uint8_t>(unit & 0xff));
    if (cpu == Cpu::pic16) bytes.push_back(static_cast<std::uint8_t>(unit >> 8));
  }
  return bytes;
}

Assembly assemble(Cpu cpu, std::string_view source) { return Assembler(cpu, source).run(); }

std::string listing_text(const Assembly& assembly, std::string_view source) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start <= source.size();) {
    std::size_t end = source.find('\n', start);
    if (end == std::string_view::npos) end = source.size();
    std::string_view line = source.substr(start, end - start);
    if (line.ends_with('\r')) line.remove_suffix(1);
    if (end < source.size() || !line.empty()) lines.push_back(line);
    start = end + 1;
  }
  const bool pic = assembly.cpu == Cpu::pic16;
  const std::size_t per_row = pic ? 3 : 4;
  const int unit_digits = pic ? 4 : 2;
  const std::size_t units_width = per_row * static_cast<std::size_t>(unit_digits + 1);
  std::string out;
  std::size_t next = 0;  // the next assembled line
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const AssembledLine* assembled = nullptr;
    while (next < assembly.lines.size() && assembly.lines[next].line < static_cast<int>(i) + 1) ++next;
    if (next < assembly.lines.size() && assembly.lines[next].line == static_cast<int>(i) + 1) assembled = &assembly.lines[next];
    std::string row;
    std::string units;
    std::size_t shown = 0;
    if (assembled && assembled->equate) {
      row = "=" + hex(static_cast<std::uint32_t>(*assembled->equate), 4) + " ";
    } else if (assembled) {
      row = hex(assembled->address, 4) + "  ";
      for (; shown < assembled->units.size() && shown < per_row; ++shown) units += hex(assembled->units[shown], unit_digits) + " ";
    } else {
      row = "      ";
    }
    units.resize(units_width, ' ');
    std::string cycles;
    if (assembled && assembled->cycles) {
      cycles = std::to_string(assembled->cycles->base);
      if (assembled->cycles->taken) cycles += "/" + std::to_string(assembled->cycles->taken);
    }
    cycles.resize(6, ' ');
    out += row + units + cycles + std::string(lines[i]) + "\n";
    // Long data lines go on below, per_row units a row.
    while (assembled && shown < assembled->units.size()) {
      std::string more = hex(assembled->address + static_cast<std::uint32_t>(shown), 4) + "  ";
      for (std::size_t k = 0; k < per_row && shown < assembled->units.size(); ++k, ++shown)
        more += hex(assembled->units[shown], unit_digits) + " ";
      out += more + "\n";
    }
  }
  return out;
}

std::string diagnostics_text(const Assembly& assembly, std::string_view file_name) {
  std::string out;
  for (const auto& error : assembly.errors)
    out += std::string(file_name) + ":" + std::to_string(error.line) + ":" + std::to_string(error.column) + ": " +
           error.message + "\n";
  return out;
}

}  // namespace shufflelab::assembler
