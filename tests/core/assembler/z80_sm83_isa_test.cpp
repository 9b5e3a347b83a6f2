// The Z80 and SM83 encoders one line at a time, through a small LineContext
// of the test's own (sums of numbers and symbols). Expected bytes are
// z80asm's and sdasgb's output for the same lines (run by hand, and over
// every instruction form by tests/oracle/assembler_z80_sm83_test.cpp);
// T-states and M-cycles are the Zilog Z80 CPU User Manual's and the Pan
// Docs' tables.
#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <string>
#include <vector>

#include "core/assembler/instruction_set.hpp"

namespace shufflelab::assembler {
namespace {

class FakeLine : public LineContext {
 public:
  FakeLine(std::string text, std::uint32_t address, bool final_pass, std::map<std::string, std::int64_t> symbols)
      : text_(std::move(text)), address_(address), final_(final_pass), symbols_(std::move(symbols)) {}

  std::optional<Value> evaluate(std::string_view expr) override {
    std::int64_t sum = 0;
    bool known = true;
    std::size_t i = 0;
    while (i < expr.size()) {
      int sign = 1;
      while (i < expr.size() && (expr[i] == '+' || expr[i] == '-' || expr[i] == ' ')) {
        if (expr[i] == '-') sign = -sign;
        ++i;
      }
      std::size_t end = i;
      while (end < expr.size() && (std::isalnum(static_cast<unsigned char>(expr[end])) || expr[end] == '_' || expr[end] == '$'))
        ++end;
      const std::string term(expr.substr(i, end - i));
      if (term.empty()) {
        error(expr, "bad expression");
        return std::nullopt;
      }
      std::int64_t value = 0;
      if (std::isdigit(static_cast<unsigned char>(term[0])) || term[0] == '$') {
        if (term[0] == '$') value = std::stoll(term.substr(1), nullptr, 16);
        else if (term.back() == 'h') value = std::stoll(term.substr(0, term.size() - 1), nullptr, 16);
        else value = std::stoll(term, nullptr, 0);
      } else if (symbols_.count(term)) {
        value = symbols_.at(term);
      } else if (final_) {
        error(expr, "undefined symbol " + term);
        return std::nullopt;
      } else {
        known = false;
      }
      sum += sign * value;
      i = end;
    }
    return Value{sum, known};
  }
  void error(std::string_view where, std::string message) override {
    errors.push_back({static_cast<int>(where.data() - text_.data()) + 1, std::move(message)});
  }
  std::uint32_t address() const override { return address_; }
  bool final_pass() const override { return final_; }

  const std::string& text() const { return text_; }
  struct Error {
    int column;
    std::string message;
  };
  std::vector<Error> errors;

 private:
  std::string text_;
  std::uint32_t address_;
  bool final_;
  std::map<std::string, std::int64_t> symbols_;
};

struct Line {
  std::vector<std::uint16_t> units;
  Cycles cycles;
  std::vector<FakeLine::Error> errors;
};

// "mnemonic operands" encoded at `address` in the final pass.
Line encode(const InstructionSet& set, const std::string& source, std::uint32_t address = 0x100,
            const std::map<std::string, std::int64_t>& symbols = {}, bool final_pass = true) {
  FakeLine line(source, address, final_pass, symbols);
  const std::string_view text = line.text();
  const std::size_t space = text.find(' ');
  const std::string_view mnemonic = text.substr(0, space);
  const std::string_view operands = space == std::string_view::npos ? text.substr(text.size()) : text.substr(space + 1);
  EXPECT_TRUE(set.is_mnemonic(mnemonic)) << source;
  const std::optional<Encoding> encoding = set.encode(mnemonic, operands, line);
  Line out;
  out.errors = line.errors;
  if (encoding) {
    out.units = encoding->units;
    out.cycles = encoding->cycles;
    EXPECT_TRUE(line.errors.empty()) << source << ": " << line.errors.front().message;
  } else {
    EXPECT_FALSE(line.errors.empty()) << source << " failed without an error";
  }
  return out;
}

using Units = std::vector<std::uint16_t>;

struct Case {
  const char* source;
  Units bytes;
  std::uint32_t cycles;
  std::uint32_t taken = 0;
};

void expect_cases(const InstructionSet& set, const std::vector<Case>& cases) {
  for (const Case& c : cases) {
    const Line line = encode(set, c.source);
    EXPECT_EQ(line.units, c.bytes) << c.source;
    EXPECT_EQ(line.cycles.base, c.cycles) << c.source;
    EXPECT_EQ(line.cycles.taken, c.taken) << c.source;
  }
}

TEST(Z80Isa, EncodesEachPageWithItsTStates) {
  expect_cases(z80_instruction_set(), {
      {"nop", {0x00}, 4},
      {"sub a,b", {0x90}, 4},
      {"sub b", {0x90}, 4},
      {"and 5", {0xe6, 0x05}, 7},
      {"ld (ix-128),255", {0xdd, 0x36, 0x80, 0xff}, 19},
      {"ld (iy+127),a", {0xfd, 0x77, 0x7f}, 19},
      {"ld h,(ix)", {0xdd, 0x66, 0x00}, 19},
      {"ex af,af'", {0x08}, 4},
      {"jp (ix)", {0xdd, 0xe9}, 8},
      {"rst 38h", {0xff}, 11},
      {"rst 8", {0xcf}, 11},
      {"in a,(c)", {0xed, 0x78}, 12},
      {"in a,(0ffh)", {0xdb, 0xff}, 11},
      {"out (c),a", {0xed, 0x79}, 12},
      {"out (255),a", {0xd3, 0xff}, 11},
      {"im 2", {0xed, 0x5e}, 8},
      {"ld a,i", {0xed, 0x57}, 9},
      {"ld r,a", {0xed, 0x4f}, 9},
      {"bit 7,(iy+5)", {0xfd, 0xcb, 0x05, 0x7e}, 20},
      {"set 0,(ix-1)", {0xdd, 0xcb, 0xff, 0xc6}, 23},
      {"bit 3,(hl)", {0xcb, 0x5e}, 12},
      {"srl (hl)", {0xcb, 0x3e}, 15},
      {"ld hl,(1234h)", {0x2a, 0x34, 0x12}, 16},
      {"ld ix,(1234h)", {0xdd, 0x2a, 0x34, 0x12}, 20},
      {"ld bc,(1234h)", {0xed, 0x4b, 0x34, 0x12}, 20},
      {"ld (0),sp", {0xed, 0x73, 0x00, 0x00}, 20},
      {"ld sp,ix", {0xdd, 0xf9}, 10},
      {"ex (sp),iy", {0xfd, 0xe3}, 23},
      {"adc hl,sp", {0xed, 0x7a}, 15},
      {"ld a,-128", {0x3e, 0x80}, 7},
      {"add ix,ix", {0xdd, 0x29}, 15},
      {"add iy,de", {0xfd, 0x19}, 15},
      {"inc (ix+2)", {0xdd, 0x34, 0x02}, 23},
      {"dec iy", {0xfd, 0x2b}, 10},
      {"push af", {0xf5}, 11},
      {"pop ix", {0xdd, 0xe1}, 14},
      {"ld (hl),0", {0x36, 0x00}, 10},
      {"ld a,(de)", {0x1a}, 7},
      {"ld (8000h),a", {0x32, 0x00, 0x80}, 13},
      {"ldir", {0xed, 0xb0}, 16, 21},
      {"ret nz", {0xc0}, 5, 11},
      {"ret", {0xc9}, 10},
      {"call m,0", {0xfc, 0x00, 0x00}, 10, 17},
      {"jp pe,0ffffh", {0xea, 0xff, 0xff}, 10},
      {"jr nc,104h", {0x30, 0x02}, 7, 12},
      {"djnz 100h", {0x10, 0xfe}, 8, 13},
  });
}

TEST(Z80Isa, RelativeJumpsReachMinus128ToPlus127) {
  const InstructionSet& z80 = z80_instruction_set();
  EXPECT_EQ(encode(z80, "jr 181h").units, (Units{0x18, 0x7f}));  // 0x102 + 127
  EXPECT_EQ(encode(z80, "jr 82h").units, (Units{0x18, 0x80}));   // 0x102 - 128
  const Line far = encode(z80, "jr 182h");
  ASSERT_EQ(far.errors.size(), 1u);
  EXPECT_EQ(far.errors[0].column, 4);
  EXPECT_NE(far.errors[0].message.find("128"), std::string::npos) << far.errors[0].message;
  EXPECT_EQ(encode(z80, "djnz 81h").errors.size(), 1u);
  // Forward references take the same size in the first pass.
  EXPECT_EQ(encode(z80, "jr later", 0x100, {}, false).units, (Units{0x18, 0x00}));
  EXPECT_EQ(encode(z80, "jr later", 0x100, {{"later", 0x110}}).units, (Units{0x18, 0x0e}));
}

TEST(Z80Isa, RefusesWhatZ80DoesNotHave) {
  const InstructionSet& z80 = z80_instruction_set();
  for (const char* source : {"ld (hl),(hl)", "ld (ix+1),(hl)", "ld a,(ix+128)", "ld a,(iy-129)", "rst 9", "rst 40h",
                             "bit 8,a", "im 3", "jr po,0", "ld hl,sp", "add hl,ix", "ex hl,de", "in (c),a",
                             "push sp", "pop ix,iy", "nop a", "ld a,256", "sub hl,bc", "ld (ix+1),(iy+1)",
                             "jp (bc)", "ld a,(hl+)"}) {
    const Line line = encode(z80, source);
    EXPECT_TRUE(line.units.empty()) << source;
    EXPECT_EQ(line.errors.size(), 1u) << source;
  }
  EXPECT_FALSE(z80.is_mnemonic("sll"));
  EXPECT_FALSE(z80.is_mnemonic("swap"));
  EXPECT_FALSE(z80.is_mnemonic("ldh"));
}

TEST(Sm83Isa, AcceptsSdasgbAndZ80StyleSpellings) {
  expect_cases(sm83_instruction_set(), {
      // sdasgb's spellings (bytes as sdasgb assembles them)
      {"ld a,(hl+)", {0x2a}, 2},
      {"ld a,(hli)", {0x2a}, 2},
      {"ld (hl-),a", {0x32}, 2},
      {"ld (hld),a", {0x32}, 2},
      {"ld a,(hld)", {0x3a}, 2},
      {"ldh a,(0x44)", {0xf0, 0x44}, 3},
      {"ldh (#0x44),a", {0xe0, 0x44}, 3},
      {"ldh (0xff44),a", {0xe0, 0x44}, 3},
      {"ldh (c),a", {0xe2}, 2},
      {"ldh a,(c)", {0xf2}, 2},
      {"ldhl sp,#-2", {0xf8, 0xfe}, 3},
      {"lda hl,4(sp)", {0xf8, 0x04}, 3},
      {"add sp,#-128", {0xe8, 0x80}, 4},
      {"stop", {0x10, 0x00}, 1},
      {"swap a", {0xcb, 0x37}, 2},
      {"swap (hl)", {0xcb, 0x36}, 4},
      {"ld (0xc000),sp", {0x08, 0x00, 0xc0}, 5},
      {"ld a,(0xc000)", {0xfa, 0x00, 0xc0}, 4},
      {"ld a,(#0xc000)", {0xfa, 0x00, 0xc0}, 4},
      {"ld a,#0xff", {0x3e, 0xff}, 2},
      {"ld (hl),#5", {0x36, 0x05}, 3},
      {"jp (hl)", {0xe9}, 1},
      {"rst 0x38", {0xff}, 4},
      {"reti", {0xd9}, 4},
      {"sub a,b", {0x90}, 1},
      {"cp #0xff", {0xfe, 0xff}, 2},
      {"bit 0,(hl)", {0xcb, 0x46}, 3},
      {"res 7,a", {0xcb, 0xbf}, 2},
      {"inc (hl)", {0x34}, 3},
      {"push af", {0xf5}, 4},
      {"pop hl", {0xe1}, 3},
      {"add hl,sp", {0x39}, 2},
      {"ld sp,#0xfffe", {0x31, 0xfe, 0xff}, 3},
      {"jp nz,0x100", {0xc2, 0x00, 0x01}, 3, 4},
      {"call c,0x100", {0xdc, 0x00, 0x01}, 3, 6},
      {"ret nc", {0xd0}, 2, 5},
      {"jr z,0x100", {0x28, 0xfe}, 2, 3},
      // Z80-style spellings
      {"ldi a,(hl)", {0x2a}, 2},
      {"ldd (hl),a", {0x32}, 2},
      {"ld (c),a", {0xe2}, 2},
      {"ld ($ff00+c),a", {0xe2}, 2},
      {"ld a,(0xff00 + c)", {0xf2}, 2},
      {"ld hl,sp+3", {0xf8, 0x03}, 3},
      {"ld hl,sp-128", {0xf8, 0x80}, 3},
      {"jp hl", {0xe9}, 1},
      {"ld a,0xcf", {0x3e, 0xcf}, 2},
      {"xor 0xcf", {0xee, 0xcf}, 2},
  });
}

TEST(Sm83Isa, RefusesWhatTheGameBoyCpuDoesNotHave) {
  const InstructionSet& sm83 = sm83_instruction_set();
  for (const char* source : {"ld a,(ix+1)", "jp pe,0", "ret po", "ld ($fe00+c),a", "ld hl,sp+128",
                             "add sp,-129", "ldh (0x100),a", "ldi a,(de)", "ld a,i", "sbc hl,de",
                             "ld (hl+),(hl)", "rst 3", "push ix", "ld bc,(0xc000)", "adc hl,bc"}) {
    const Line line = encode(sm83, source);
    EXPECT_TRUE(line.units.empty()) << source;
    EXPECT_EQ(line.errors.size(), 1u) << source;
  }
  for (const char* mnemonic : {"exx", "djnz", "ldir", "neg", "im", "out", "sll"}) EXPECT_FALSE(sm83.is_mnemonic(mnemonic));
}

}  // namespace
}  // namespace shufflelab::assembler
