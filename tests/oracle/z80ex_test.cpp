// The Z80 lane against things no one here wrote: Debian's z80asm assembles
// asm/z80/seed002.asm at test time and libz80ex runs it. (Also here: the
// SM83 listing against sdasgb and its shared opcodes against z80asm, the PIC
// words against gpasm.)
// Checked:
//  - z80asm's bytes equal the bytes kept in the core's listing table, and the
//    table's lines are the source file's lines;
//  - run in z80ex, the LFSR routine gives exactly Z80Lfsr's bytes over 10^5
//    steps from several seeds (weak ones too), and the die routines give
//    range.hpp's values for every input byte and every n;
//  - the core's Z80 interpreter matches z80ex register for register (flags
//    included) and in T-states after every instruction of those runs, and
//    on every opcode it claims to run, from random states.
#include <z80ex/z80ex.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <unistd.h>

#include "core/asm/asm_listing.hpp"
#include "core/dice/range.hpp"
#include "core/cpu/z80_cpu.hpp"
#include "core/gen/z80_lfsr.hpp"

namespace shufflelab {
namespace {

// ---- z80ex glue -----------------------------------------------------------
struct Z80exMachine {
  std::vector<std::uint8_t> memory = std::vector<std::uint8_t>(65536, 0);
  std::vector<std::pair<std::uint16_t, std::uint8_t>> writes;
  Z80EX_CONTEXT* cpu = nullptr;

  static Z80EX_BYTE read(Z80EX_CONTEXT*, Z80EX_WORD a, int, void* self) {
    return static_cast<Z80exMachine*>(self)->memory[a];
  }
  static void write(Z80EX_CONTEXT*, Z80EX_WORD a, Z80EX_BYTE v, void* self) {
    auto* m = static_cast<Z80exMachine*>(self);
    m->memory[a] = v;
    m->writes.emplace_back(a, v);
  }
  static Z80EX_BYTE port_read(Z80EX_CONTEXT*, Z80EX_WORD, void*) { return 0xff; }
  static void port_write(Z80EX_CONTEXT*, Z80EX_WORD, Z80EX_BYTE, void*) {}
  static Z80EX_BYTE int_read(Z80EX_CONTEXT*, void*) { return 0xff; }

  Z80exMachine() {
    cpu = z80ex_create(read, this, write, this, port_read, nullptr, port_write, nullptr, int_read, nullptr);
  }
  ~Z80exMachine() { z80ex_destroy(cpu); }
  Z80exMachine(const Z80exMachine&) = delete;
  Z80exMachine& operator=(const Z80exMachine&) = delete;

  // One whole instruction (z80ex returns after each prefix byte).
  int step() {
    int t = 0;
    do t += z80ex_step(cpu);
    while (z80ex_last_op_type(cpu) != 0);
    return t;
  }
  Z80Registers registers() const {
    Z80Registers r;
    const auto af = z80ex_get_reg(cpu, regAF), bc = z80ex_get_reg(cpu, regBC);
    const auto de = z80ex_get_reg(cpu, regDE), hl = z80ex_get_reg(cpu, regHL);
    r.a = static_cast<std::uint8_t>(af >> 8), r.f = static_cast<std::uint8_t>(af);
    r.b = static_cast<std::uint8_t>(bc >> 8), r.c = static_cast<std::uint8_t>(bc);
    r.d = static_cast<std::uint8_t>(de >> 8), r.e = static_cast<std::uint8_t>(de);
    r.h = static_cast<std::uint8_t>(hl >> 8), r.l = static_cast<std::uint8_t>(hl);
    r.sp = z80ex_get_reg(cpu, regSP);
    r.pc = z80ex_get_reg(cpu, regPC);
    return r;
  }
  void set_registers(const Z80Registers& r) {
    z80ex_set_reg(cpu, regAF, static_cast<Z80EX_WORD>(r.a << 8 | r.f));
    z80ex_set_reg(cpu, regBC, static_cast<Z80EX_WORD>(r.b << 8 | r.c));
    z80ex_set_reg(cpu, regDE, static_cast<Z80EX_WORD>(r.d << 8 | r.e));
    z80ex_set_reg(cpu, regHL, static_cast<Z80EX_WORD>(r.h << 8 | r.l));
    z80ex_set_reg(cpu, regSP, r.sp);
    z80ex_set_reg(cpu, regPC, r.pc);
  }
};

std::string describe(const Z80Registers& r) {
  char text[96];
  std::snprintf(text, sizeof text, "A=%02X F=%02X BC=%02X%02X DE=%02X%02X HL=%02X%02X SP=%04X PC=%04X", r.a, r.f, r.b,
                r.c, r.d, r.e, r.h, r.l, r.sp, r.pc);
  return text;
}

// ---- z80asm ---------------------------------------------------------------
std::string source_path() { return std::string(SHUFFLELAB_SOURCE_DIR) + "/asm/z80/seed002.asm"; }

// Files of this process only: ctest runs each test as a process, two at a time,
// and a shared name let one test read the image another was writing.
std::string own_temp_file(const std::string& name) {
  return ::testing::TempDir() + "shufflelab_" + std::to_string(getpid()) + "_" + name;
}

std::vector<std::uint8_t> assemble_with_z80asm(const std::string& source) {
  const std::string out = own_temp_file(std::filesystem::path(source).stem().string() + ".bin");
  const std::string command = "z80asm -i '" + source + "' -o '" + out + "' 2>&1";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  std::ifstream in(out, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

const std::vector<std::uint8_t>& z80asm_image() {
  static const std::vector<std::uint8_t> image = assemble_with_z80asm(source_path());
  return image;
}

std::uint16_t routine_address(std::string_view label) {
  const AsmProgram& program = asm_program(AsmIsa::z80);
  const std::ptrdiff_t row = program.label_row(label);
  EXPECT_GE(row, 0) << label;
  return row >= 0 ? static_cast<std::uint16_t>(program.rows[static_cast<std::size_t>(row)].address) : 0;
}

constexpr std::uint16_t kSeedAddress = 0x8000;
constexpr std::uint16_t kStackTop = 0xff00;
constexpr std::uint16_t kReturnAddress = 0xfff0;  // the harness's "caller"

// Both CPUs run the same call in lockstep; every instruction must agree.
struct Lockstep {
  Z80exMachine oracle;
  Z80Cpu mine;
  std::uint64_t instructions = 0;

  Lockstep() {
    for (std::size_t i = 0; i < z80asm_image().size(); ++i) {
      oracle.memory[i] = z80asm_image()[i];
      mine.poke(static_cast<std::uint16_t>(i), z80asm_image()[i]);
    }
  }
  void poke(std::uint16_t address, std::uint8_t value) {
    oracle.memory[address] = value;
    mine.poke(address, value);
  }
  // Calls `address` with registers A and B set; returns A. Stops the test
  // at the first disagreement.
  std::uint8_t call(std::uint16_t address, std::uint8_t a, std::uint8_t b) {
    Z80Registers start = mine.regs;
    start.a = a;
    start.b = b;
    start.sp = static_cast<std::uint16_t>(kStackTop - 2);
    start.pc = address;
    poke(static_cast<std::uint16_t>(kStackTop - 2), static_cast<std::uint8_t>(kReturnAddress));
    poke(static_cast<std::uint16_t>(kStackTop - 1), static_cast<std::uint8_t>(kReturnAddress >> 8));
    mine.regs = start;
    oracle.set_registers(start);
    for (int guard = 0; mine.regs.pc != kReturnAddress; ++guard) {
      if (guard > 100000) {
        ADD_FAILURE() << "no return";
        return 0;
      }
      const int oracle_t = oracle.step();
      const auto my_t = mine.step();
      ++instructions;
      if (!my_t || static_cast<int>(*my_t) != oracle_t || !(mine.regs == oracle.registers())) {
        ADD_FAILURE() << "after the instruction before PC " << describe(mine.regs) << "\n  z80ex: "
                      << describe(oracle.registers()) << " t=" << oracle_t << " mine t=" << (my_t ? *my_t : 0)
                      << " " << (my_t ? "" : my_t.error());
        return 0;
      }
    }
    return mine.regs.a;
  }
};

// ---- the bytes ------------------------------------------------------------
TEST(Z80Listing, TableBytesAreWhatZ80asmAssembles) {
  const AsmProgram& program = asm_program(AsmIsa::z80);
  const auto& image = z80asm_image();
  ASSERT_FALSE(image.empty());
  std::vector<std::uint8_t> table;
  for (const AsmRow& row : program.rows) {
    ASSERT_EQ(row.address, table.size()) << row.text;
    for (const auto unit : row.code) table.push_back(static_cast<std::uint8_t>(unit));
  }
  EXPECT_EQ(table, image);
}

TEST(Z80Listing, TableLinesAreTheSourceFileLines) {
  std::ifstream in(source_path());
  ASSERT_TRUE(in) << source_path();
  std::stringstream text;
  text << in.rdbuf();
  const auto check = check_listing_source(AsmIsa::z80, text.str());
  EXPECT_TRUE(check) << check.error();
}

// ---- the LFSR -------------------------------------------------------------
TEST(Z80Listing, LfsrMatchesZ80LfsrForTenToTheFiveSteps) {
  const std::uint16_t lfsr = routine_address("lfsr64");
  // 0123456789ABCDEF: an ordinary seed; FFFFFFFFFFFFFFFF: a fixed point;
  // 1445511445511445: period 3; 2E97CBE572B95C2E: period 7; 0: all zero.
  for (const std::uint64_t seed : {0x0123456789ABCDEFull, 0xFFFFFFFFFFFFFFFFull, 0x1445511445511445ull,
                                   0x2E97CBE572B95C2Eull, 0x0000000000000000ull, 0x8000000000000001ull}) {
    Z80exMachine oracle;
    for (std::size_t i = 0; i < z80asm_image().size(); ++i) oracle.memory[i] = z80asm_image()[i];
    Z80Lfsr reference = Z80Lfsr::from_packed(seed);
    for (int i = 0; i < 8; ++i) oracle.memory[kSeedAddress + i] = reference.seed[static_cast<std::size_t>(i)];
    Z80Registers regs;
    for (int step = 0; step < 100000; ++step) {
      regs.sp = kStackTop - 2;
      regs.pc = lfsr;
      oracle.memory[kStackTop - 2] = static_cast<std::uint8_t>(kReturnAddress);
      oracle.memory[kStackTop - 1] = static_cast<std::uint8_t>(kReturnAddress >> 8);
      oracle.set_registers(regs);
      while (z80ex_get_reg(oracle.cpu, regPC) != kReturnAddress) oracle.step();
      regs = oracle.registers();
      const std::uint8_t expected = reference.next_byte();
      ASSERT_EQ(regs.a, expected) << "seed " << std::hex << seed << " step " << std::dec << step;
      for (int i = 0; i < 8; ++i)
        ASSERT_EQ(oracle.memory[kSeedAddress + i], reference.seed[static_cast<std::size_t>(i)]) << step;
    }
  }
}

TEST(Z80Listing, InterpreterFollowsZ80exThroughTheLfsr) {
  const std::uint16_t lfsr = routine_address("lfsr64");
  for (const std::uint64_t seed : {0x0123456789ABCDEFull, 0x2E97CBE572B95C2Eull}) {
    Lockstep run;
    Z80Lfsr reference = Z80Lfsr::from_packed(seed);
    for (int i = 0; i < 8; ++i)
      run.poke(static_cast<std::uint16_t>(kSeedAddress + i), reference.seed[static_cast<std::size_t>(i)]);
    for (int step = 0; step < 2000; ++step) {
      ASSERT_EQ(run.call(lfsr, 0, 0), reference.next_byte()) << step;
      if (HasFailure()) return;
    }
  }
}

// ---- the die routines, every byte and every n --------------------------------
std::uint8_t reference_value(RangeMethod method, std::uint8_t x, unsigned n) {
  return static_cast<std::uint8_t>(*RangeReducer::trusted(method, n, 8).map_word(x));
}

TEST(Z80Listing, DieRoutinesMatchRangeMethodsForEveryInput) {
  struct Case {
    const char* routine;
    RangeMethod method;
  };
  Lockstep run;
  for (const Case c : {Case{"roll_minus1", RangeMethod::mulhi_minus1}, Case{"roll_exact", RangeMethod::mulhi},
                       Case{"maxu8", RangeMethod::maxu8}}) {
    const std::uint16_t address = routine_address(c.routine);
    for (unsigned n = 1; n <= 255; ++n) {
      for (unsigned x = 0; x < 256; x += (n % 16 == 0 || n < 24) ? 1 : 7) {
        const std::uint8_t got = run.call(address, static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(n));
        ASSERT_FALSE(::testing::Test::HasFailure()) << c.routine << " n=" << n << " x=" << x;
        ASSERT_EQ(got, reference_value(c.method, static_cast<std::uint8_t>(x), n))
            << c.routine << " n=" << n << " x=" << x;
      }
    }
  }
  std::printf("lockstep instructions: %llu\n", static_cast<unsigned long long>(run.instructions));
}

// reject_try: accept (return) when x & mask < n, else jump back to draw.
TEST(Z80Listing, RejectStepMatchesMaskRejectForEveryInput) {
  const std::uint16_t try_address = routine_address("reject_try");
  const std::uint16_t draw_address = routine_address("reject_draw");
  Z80exMachine oracle;
  for (std::size_t i = 0; i < z80asm_image().size(); ++i) oracle.memory[i] = z80asm_image()[i];
  for (unsigned n = 1; n <= 255; ++n) {
    const auto reducer = RangeReducer::trusted(RangeMethod::mask_reject, n, 8);
    // The mask the routine uses, written out independently: 2^bits(n-1) - 1.
    unsigned mask = 0;
    while (mask < n - 1) mask = mask * 2 + 1;
    for (unsigned x = 0; x < 256; ++x) {
      Z80Registers r;
      r.a = static_cast<std::uint8_t>(x);
      r.b = static_cast<std::uint8_t>(n);
      r.c = static_cast<std::uint8_t>(mask);
      r.sp = kStackTop - 2;
      r.pc = try_address;
      oracle.memory[kStackTop - 2] = static_cast<std::uint8_t>(kReturnAddress);
      oracle.memory[kStackTop - 1] = static_cast<std::uint8_t>(kReturnAddress >> 8);
      oracle.set_registers(r);
      std::uint16_t pc = try_address;
      while (pc != kReturnAddress && pc != draw_address) {
        oracle.step();
        pc = z80ex_get_reg(oracle.cpu, regPC);
      }
      const auto expected = reducer.map_word(x);
      ASSERT_EQ(pc == kReturnAddress, expected.has_value()) << "n=" << n << " x=" << x;
      if (expected) ASSERT_EQ(oracle.registers().a, *expected) << "n=" << n << " x=" << x;
    }
  }
}

TEST(Z80Listing, RejectRollDrawsLikeRangeReducerOnZ80LfsrBytes) {
  const std::uint16_t roll = routine_address("reject_roll");
  for (const unsigned n : {1u, 2u, 3u, 5u, 6u, 20u, 52u, 100u, 129u, 255u}) {
    Lockstep run;
    Z80Lfsr machine_side = Z80Lfsr::from_packed(0x0123456789ABCDEFull);
    for (int i = 0; i < 8; ++i)
      run.poke(static_cast<std::uint16_t>(kSeedAddress + i), machine_side.seed[static_cast<std::size_t>(i)]);
    Z80Lfsr reference = machine_side;
    const auto reducer = RangeReducer::trusted(RangeMethod::mask_reject, n, 8);
    for (int roll_index = 0; roll_index < 300; ++roll_index) {
      const std::uint8_t got = run.call(roll, 0, static_cast<std::uint8_t>(n));
      ASSERT_FALSE(HasFailure());
      ASSERT_EQ(got, reducer.draw([&] { return std::uint64_t{reference.next_byte()}; })) << "n=" << n;
    }
  }
}

// ---- the other hand-encoded listings against real assemblers -----------------
std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The SM83 shares most opcodes with the Z80. z80asm assembles the SM83
// source with the four SM83-only forms written as bytes from the SM83 opcode
// table (LD A,(HL+) 2A, LD (HL+),A 22, LD A,(a16) FA, LD (a16),A EA); every
// other byte comes from z80asm and must equal the table's.
TEST(Sm83Listing, SharedOpcodesAreWhatZ80asmAssembles) {
  const std::string path = std::string(SHUFFLELAB_SOURCE_DIR) + "/asm/sm83/seed000.asm";
  std::string source = read_text(path);
  ASSERT_FALSE(source.empty()) << path;
  const auto check = check_listing_source(AsmIsa::sm83, source);
  ASSERT_TRUE(check) << check.error();
  std::string z80_source;
  std::stringstream lines(source);
  for (std::string line; std::getline(lines, line);) {
    const std::string code = line.substr(0, line.find(';'));
    std::string text;
    for (const char c : code)
      if (c != ' ') text += c;
    std::string replaced;
    if (text == "lda,(hl+)") replaced = "db 0x2a";
    if (text == "ld(hl+),a") replaced = "db 0x22";
    if (text.rfind("lda,(", 0) == 0 && text.back() == ')' && text != "lda,(hl)" && text != "lda,(hl+)") {
      const std::string symbol = text.substr(5, text.size() - 6);
      replaced = "db 0xfa, " + symbol + " & 0xff, " + symbol + " >> 8";
    }
    if (text.rfind("ld(", 0) == 0 && text.size() > 5 && text.substr(text.size() - 3) == "),a" && text != "ld(hl),a" &&
        text != "ld(hl+),a") {
      const std::string symbol = text.substr(3, text.size() - 6);
      replaced = "db 0xea, " + symbol + " & 0xff, " + symbol + " >> 8";
    }
    z80_source += replaced.empty() ? line : "        " + replaced;
    z80_source += "\n";
  }
  const std::string file = own_temp_file("seed000_z80.asm");
  std::ofstream(file) << z80_source;
  const std::vector<std::uint8_t> image = assemble_with_z80asm(file);
  const std::vector<std::uint16_t> table = asm_program(AsmIsa::sm83).image();
  ASSERT_EQ(image.size(), table.size());
  for (std::size_t i = 0; i < image.size(); ++i) ASSERT_EQ(image[i], table[i]) << "offset " << i;
}

// Intel HEX data records as address -> byte.
std::map<std::uint32_t, std::uint8_t> intel_hex_bytes(const std::string& text) {
  std::map<std::uint32_t, std::uint8_t> bytes;
  std::stringstream hex(text);
  std::uint32_t base = 0;
  for (std::string record; std::getline(hex, record);) {
    if (record.size() < 11 || record[0] != ':') continue;
    auto byte = [&](std::size_t at) { return static_cast<std::uint32_t>(std::stoul(record.substr(at, 2), nullptr, 16)); };
    const std::uint32_t count = byte(1), address = byte(3) << 8 | byte(5), type = byte(7);
    if (type == 4) base = (byte(9) << 8 | byte(11)) << 16;
    if (type != 0) continue;
    for (std::uint32_t i = 0; i < count; ++i) bytes[base + address + i] = static_cast<std::uint8_t>(byte(9 + 2 * i));
  }
  return bytes;
}

// sdasgb (Debian's sdcc: the assembler of SDCC's Game Boy port) assembles the
// whole SM83 listing, SM83-only forms included. Its syntax differs only in
// spelling, rewritten here line by line: "name = value" for equ, an absolute
// area for org, and "#" before immediate operands (an operand that is not a
// register, a condition or in parentheses, of ld and the ALU instructions).
// sdldgb links it to Intel HEX, whose bytes must be the table's.
TEST(Sm83Listing, BytesAreWhatSdasgbAssembles) {
  if (std::system("command -v sdasgb >/dev/null 2>&1 && command -v sdldgb >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "sdasgb not installed (Debian package sdcc): SM83 bytes checked against z80asm only";
  const std::string source = read_text(std::string(SHUFFLELAB_SOURCE_DIR) + "/asm/sm83/seed000.asm");
  ASSERT_FALSE(source.empty());
  const std::set<std::string> registers{"a", "b", "c", "d", "e", "h", "l", "af", "bc", "de", "hl", "sp"};
  const std::set<std::string> immediate_ops{"ld", "add", "adc", "sub", "sbc", "and", "xor", "or", "cp"};
  std::string sdas = "        .area LISTING (ABS)\n";
  std::stringstream lines(source);
  for (std::string line; std::getline(lines, line);) {
    std::string code = line.substr(0, line.find(';'));
    std::stringstream words(code);
    std::string first, second, rest;
    words >> first >> second >> rest;
    if (second == "equ") {
      sdas += first.substr(0, first.size() - (first.back() == ':' ? 1 : 0)) + " = " + rest + "\n";
      continue;
    }
    if (first == "org") {
      sdas += "        .org " + second + "\n";
      continue;
    }
    if (immediate_ops.count(first) && !second.empty()) {
      const auto comma = second.rfind(',');
      const std::string operand = comma == std::string::npos ? second : second.substr(comma + 1);
      if (!registers.count(operand) && operand.front() != '(')
        code = code.substr(0, code.rfind(operand)) + "#" + operand;
    }
    sdas += code + "\n";
  }
  const std::string asm_file = own_temp_file("seed000_sdas.s");
  const std::string rel = own_temp_file("seed000_sdas.rel"), ihx = own_temp_file("seed000_sdas.ihx");
  std::ofstream(asm_file) << sdas;
  const std::string command = "sdasgb -o '" + rel + "' '" + asm_file + "' && sdldgb -n -i '" + ihx + "' '" + rel +
                              "' >/dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0) << command << "\n" << sdas;
  const std::map<std::uint32_t, std::uint8_t> bytes = intel_hex_bytes(read_text(ihx));
  const AsmProgram& program = asm_program(AsmIsa::sm83);
  ASSERT_EQ(bytes.size(), program.image().size());
  for (const AsmRow& row : program.rows)
    for (std::size_t i = 0; i < row.code.size(); ++i) {
      const auto at = bytes.find(row.address + static_cast<std::uint32_t>(i));
      ASSERT_NE(at, bytes.end()) << row.text;
      EXPECT_EQ(at->second, row.code[i]) << row.text << " byte " << i;
    }
}

TEST(PicListing, TableLinesAreTheSourceFileLines) {
  const auto check = check_listing_source(AsmIsa::pic14, read_text(std::string(SHUFFLELAB_SOURCE_DIR) + "/asm/pic/seed004.asm"));
  EXPECT_TRUE(check) << check.error();
}

// gpasm (Debian's gputils) assembles the PIC listing; its Intel HEX words
// must be the table's. Skipped where gputils is not installed.
TEST(PicListing, WordsAreWhatGpasmAssembles) {
  if (std::system("command -v gpasm >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "gpasm not installed (Debian package gputils): PIC words checked only by the core tests";
  const std::string path = std::string(SHUFFLELAB_SOURCE_DIR) + "/asm/pic/seed004.asm";
  const std::string out = own_temp_file("seed004.hex");
  const std::string command = "cd '" + ::testing::TempDir() + "' && gpasm -o '" + out + "' '" + path + "' >/dev/null 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  std::map<std::uint32_t, std::uint16_t> words;  // little-endian words at byte address 2w
  for (const auto& [address, byte] : intel_hex_bytes(read_text(out)))
    words[address / 2] = static_cast<std::uint16_t>(words[address / 2] | byte << (8 * (address % 2)));
  const AsmProgram& program = asm_program(AsmIsa::pic14);
  std::size_t checked = 0;
  for (const AsmRow& row : program.rows) {
    ASSERT_TRUE(words.count(row.address)) << row.text;
    EXPECT_EQ(words[row.address], row.code[0]) << row.text;
    ++checked;
  }
  for (const auto& [address, word] : words)
    if (address < 0x2000) EXPECT_LT(address, program.origin + checked) << "gpasm has more code than the table";
}

// ---- every opcode the interpreter claims, from random states ------------------
TEST(Z80Interpreter, EveryEmulatedOpcodeMatchesZ80exFromRandomStates) {
  std::vector<std::array<std::uint8_t, 2>> opcodes;
  for (int op = 0; op < 256; ++op) {
    if (op == 0xcb || op == 0xed) continue;
    const std::array<std::uint8_t, 4> code{static_cast<std::uint8_t>(op), 0, 0, 0};
    if (z80_timing(code)) opcodes.push_back({static_cast<std::uint8_t>(op), 0});
  }
  for (int prefix : {0xcb, 0xed}) {
    for (int op = 0; op < 256; ++op) {
      const std::array<std::uint8_t, 4> code{static_cast<std::uint8_t>(prefix), static_cast<std::uint8_t>(op), 0, 0};
      if (z80_timing(code)) opcodes.push_back({static_cast<std::uint8_t>(prefix), static_cast<std::uint8_t>(op)});
    }
  }
  ASSERT_GT(opcodes.size(), 400u);
  std::mt19937_64 random(2024);
  Z80exMachine oracle;
  Z80Cpu mine;
  mine.track_data(false);
  for (std::size_t i = 0; i < 65536; ++i) {
    const auto v = static_cast<std::uint8_t>(random());
    oracle.memory[i] = v;
    mine.poke(static_cast<std::uint16_t>(i), v);
  }
  for (const auto& opcode : opcodes) {
    for (int trial = 0; trial < 64; ++trial) {
      Z80Registers r;
      const std::uint64_t bits = random();
      r.a = static_cast<std::uint8_t>(bits), r.f = static_cast<std::uint8_t>(bits >> 8);
      r.b = static_cast<std::uint8_t>(bits >> 16), r.c = static_cast<std::uint8_t>(bits >> 24);
      r.d = static_cast<std::uint8_t>(bits >> 32), r.e = static_cast<std::uint8_t>(bits >> 40);
      r.h = static_cast<std::uint8_t>(bits >> 48), r.l = static_cast<std::uint8_t>(bits >> 56);
      r.sp = static_cast<std::uint16_t>(random());
      r.pc = static_cast<std::uint16_t>(random() & 0xfff0);
      // Place the instruction (random operands) where both CPUs read it.
      const std::array<std::uint8_t, 4> code{opcode[0], opcode[0] == 0xcb || opcode[0] == 0xed ? opcode[1]
                                                                                                : static_cast<std::uint8_t>(random()),
                                             static_cast<std::uint8_t>(random()), static_cast<std::uint8_t>(random())};
      for (int i = 0; i < 4; ++i) {
        oracle.memory[static_cast<std::uint16_t>(r.pc + i)] = code[static_cast<std::size_t>(i)];
        mine.poke(static_cast<std::uint16_t>(r.pc + i), code[static_cast<std::size_t>(i)]);
      }
      oracle.set_registers(r);
      mine.regs = r;
      oracle.writes.clear();
      const int oracle_t = oracle.step();
      const auto my_t = mine.step();
      ASSERT_TRUE(my_t) << my_t.error();
      ASSERT_EQ(static_cast<int>(*my_t), oracle_t) << std::hex << int(opcode[0]) << " " << int(opcode[1]);
      ASSERT_TRUE(mine.regs == oracle.registers())
          << "opcode " << std::hex << int(opcode[0]) << " " << int(opcode[1]) << " from " << describe(r)
          << "\n  mine:  " << describe(mine.regs) << "\n  z80ex: " << describe(oracle.registers());
      for (const auto& [address, value] : oracle.writes) ASSERT_EQ(mine.peek(address), value) << std::hex << address;
      // Every place this instruction set can write to, before and after:
      // (BC) (DE) (HL), (nn) and (nn+1), the two bytes below and above SP.
      const Z80Registers after = mine.regs;
      for (const Z80Registers* s : {static_cast<const Z80Registers*>(&r), &after}) {
        const auto nn = static_cast<std::uint16_t>(code[1] | code[2] << 8), nn2 = static_cast<std::uint16_t>(code[2] | code[3] << 8);
        for (const std::uint16_t a : {static_cast<std::uint16_t>(s->b << 8 | s->c), static_cast<std::uint16_t>(s->d << 8 | s->e),
                                      static_cast<std::uint16_t>(s->h << 8 | s->l), nn, static_cast<std::uint16_t>(nn + 1), nn2,
                                      static_cast<std::uint16_t>(nn2 + 1), static_cast<std::uint16_t>(s->sp - 2),
                                      static_cast<std::uint16_t>(s->sp - 1), s->sp, static_cast<std::uint16_t>(s->sp + 1)})
          ASSERT_EQ(mine.peek(a), oracle.memory[a]) << "opcode " << std::hex << int(opcode[0]) << " " << int(opcode[1]) << " at " << a;
      }
    }
  }
}

}  // namespace
}  // namespace shufflelab
