// The 6502 lane against cc65 (Debian's cc65 2.19), which no one here wrote:
// ca65 assembles asm/6502/prng6502.s at test time, ld65 links it with a
// harness (generated here, calling one routine and writing its results with
// sim65's _write) at $4000 (tests/oracle/mos6502_sim65.cfg), and sim65 runs it.
// Checked:
//  - ld65's bytes at $4000 are the bytes kept in the core's table, and the
//    table's lines are the source file's lines;
//  - sim65's output equals the core's generators (GaloisLfsr, lcrng_next,
//    RangeReducer, shuffle_fast, Xorshift) and the core's AsmSession on the same inputs;
//  - the interpreter, running the whole program file as sim65 does (cc65's
//    start-up code, the harness, _write), prints the same bytes and counts
//    the same cycles as `sim65 -c`; at chosen outputs `sim65 -x N` stops on
//    the instruction boundary the interpreter predicts (cycles so far);
//  - instruction by instruction: an instrumented copy of the listing calls a
//    trace routine before every instruction (writing A X Y P S, zero page
//    $80-$A7 and the deck); the interpreter runs the table's bytes and must
//    have the same registers and memory before each instruction, and run the
//    whole instrumented program to sim65's bytes and cycle count.
// sim65 2.19 times one case unlike the chip (a taken branch at the end of a
// page; see WholeRun): the whole-program runner counts it sim65's way.
#include <array>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <unistd.h>

#include "core/asm/asm_listing.hpp"
#include "core/asm/asm_session.hpp"
#include "core/cpu/mos6502.hpp"
#include "core/dice/range.hpp"
#include "core/gen/generators.hpp"
#include "core/gen/lfsr.hpp"
#include "core/poker/poker.hpp"
#include "core/shuffle/shuffle.hpp"

namespace shufflelab {
namespace {

// ---- tools ------------------------------------------------------------------
std::string source_dir() { return SHUFFLELAB_SOURCE_DIR; }
std::string listing_path() { return source_dir() + "/asm/6502/prng6502.s"; }
std::string config_path() { return source_dir() + "/tests/oracle/mos6502_sim65.cfg"; }

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_file(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

struct Command {
  int status = -1;
  std::string out;
};

Command run(const std::string& command) {
  Command result;
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) return result;
  std::array<char, 65536> buffer{};
  std::size_t n = 0;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe.get())) > 0) result.out.append(buffer.data(), n);
  result.status = pclose(pipe.release());
  return result;
}

std::string hex2(unsigned v) {
  char text[8];
  std::snprintf(text, sizeof text, "$%02X", v & 0xffu);
  return text;
}

// ---- harness ----------------------------------------------------------------
constexpr std::size_t kZeroPage = 40;  // the listing's zero page, $80-$A7, in each trace record

// What a harness does: seed data bytes, then `calls` times: (A = x, x += 1
// when `a_counts`), JSR the routine, write either A or `emit_size` bytes at
// `emit_address`.
struct Scenario {
  std::string name;
  std::string routine;
  std::vector<std::pair<std::uint16_t, std::uint8_t>> pokes;
  unsigned calls = 1;
  bool a_counts = false;
  std::uint16_t emit_address = 0;  // 0: write A
  unsigned emit_size = 1;
};

std::string harness_source(const Scenario& s, bool traced) {
  std::string t;
  t += "        .import _write, pushax, " + s.routine + "\n";
  t += traced ? "        .export _main, trace\n" : "        .export _main\n";
  t += "        .segment \"CODE\"\n_main:\n";
  for (const auto& [address, value] : s.pokes)
    t += "        lda #" + hex2(value) + "\n        sta " + std::to_string(address) + "\n";
  t += "        lda #" + std::to_string(s.calls & 0xff) + "\n        sta count\n";
  t += "        lda #" + std::to_string(s.calls >> 8) + "\n        sta count+1\n";
  t += "next:\n";
  if (s.a_counts) t += "        lda xbyte\n";
  t += "        jsr " + s.routine + "\n";
  if (s.a_counts) t += "        inc xbyte\n";
  if (s.emit_address == 0) t += "        sta out\n";
  const std::string buffer = s.emit_address == 0 ? "out" : std::to_string(s.emit_address);
  t += "        lda #1\n        ldx #0\n        jsr pushax\n";
  t += "        lda #<(" + buffer + ")\n        ldx #>(" + buffer + ")\n        jsr pushax\n";
  t += "        lda #" + std::to_string(s.emit_size) + "\n        ldx #0\n        jsr _write\n";
  t += "        lda count\n        bne :+\n        dec count+1\n:       dec count\n";
  t += "        lda count\n        ora count+1\n        bne next\n";
  t += "        lda #0\n        tax\n        rts\n";
  if (traced) {
    // Before each listing instruction: A X Y P S, zero page $80-$A7, the deck.
    // Keeps every register and flag and the listing's memory.
    t += "trace:  php\n        sta tregs\n        stx tregs+1\n        sty tregs+2\n";
    t += "        pla\n        sta tregs+3\n        tsx\n        stx tregs+4\n";
    for (const auto& [address, size] :
         std::vector<std::pair<std::string, int>>{{"tregs", 5}, {"$0080", static_cast<int>(kZeroPage)}, {"$3000", 52}}) {
      t += "        lda #1\n        ldx #0\n        jsr pushax\n";
      t += "        lda #<(" + address + ")\n        ldx #>(" + address + ")\n        jsr pushax\n";
      t += "        lda #" + std::to_string(size) + "\n        ldx #0\n        jsr _write\n";
    }
    t += "        lda tregs+3\n        pha\n        lda tregs\n        ldx tregs+1\n        ldy tregs+2\n";
    t += "        plp\n        rts\n";
  }
  t += "        .bss\ncount:  .res 2\nout:    .res 1\nxbyte:  .res 1\n";
  if (traced) t += "tregs:  .res 5\n";
  return t;
}

// The listing with `jsr trace` before every instruction; branches become
// ca65's long-branch macros (same conditions) because the listing grows.
std::string traced_listing(const std::string& source) {
  std::string out = "        .macpack longbranch\n        .import trace\n";
  std::istringstream lines(source);
  std::string line;
  bool in_code = false;
  while (std::getline(lines, line)) {
    const std::string code = line.substr(0, line.find(';'));
    if (code.find(".segment") != std::string::npos) in_code = true;
    const auto first = code.find_first_not_of(" \t");
    const bool instruction = in_code && first != std::string::npos && first > 0 && code[first] != '.';
    if (!instruction) {
      out += line + "\n";
      continue;
    }
    std::string text = code.substr(first);
    if (text.size() > 3 && text[0] == 'b' && text[3] == ' ' && text.substr(0, 3) != "bit") text[0] = 'j';
    out += "        jsr trace\n        " + text + "\n";
  }
  return out;
}

struct Built {
  std::string program;  // the .prg path
  bool ok = false;
};

Built build(const Scenario& s, bool traced) {
  // One folder per process, test and scenario: ctest runs tests in parallel,
  // and other checkouts on the machine run the same tests.
  const std::string dir = ::testing::TempDir() + "shufflelab_6502_" + std::to_string(getpid()) + "_" +
                          ::testing::UnitTest::GetInstance()->current_test_info()->name() + "_" + s.name +
                          (traced ? "_traced" : "") + "/";
  Built b;
  if (run("mkdir -p '" + dir + "'").status != 0) return b;
  std::string listing = listing_path();
  if (traced) {
    listing = dir + "listing.s";
    write_file(listing, traced_listing(read_file(listing_path())));
  }
  write_file(dir + "harness.s", harness_source(s, traced));
  b.program = dir + "program.prg";
  const std::string command = "ca65 -o '" + dir + "listing.o' '" + listing + "' 2>&1 && ca65 -o '" + dir +
                              "harness.o' '" + dir + "harness.s' 2>&1 && ld65 -C '" + config_path() + "' -o '" +
                              b.program + "' '" + dir + "harness.o' '" + dir + "listing.o' sim6502.lib 2>&1";
  const Command c = run(command);
  EXPECT_EQ(c.status, 0) << command << "\n" << c.out;
  b.ok = c.status == 0;
  return b;
}

struct Sim65Run {
  std::string output;  // the program's bytes
  std::uint64_t cycles = 0;
  int status = -1;
};

// sim65's output, and its count from `sim65 -c`, which appends "N cycles\n"
// to the same output (binary bytes may look like digits: run it twice).
Sim65Run sim65(const std::string& program) {
  const Command plain = run("sim65 '" + program + "' 2>/dev/null");
  const Command counted = run("sim65 -c '" + program + "' 2>/dev/null");
  Sim65Run r;
  r.status = plain.status;
  r.output = plain.out;
  const std::string tail = counted.out.substr(std::min(plain.out.size(), counted.out.size()));
  if (counted.out.compare(0, plain.out.size(), plain.out) != 0 || tail.size() < 9 ||
      tail.substr(tail.size() - 8) != " cycles\n") {
    ADD_FAILURE() << "sim65 -c printed no cycle count after the output";
    return r;
  }
  r.cycles = std::stoull(tail.substr(0, tail.size() - 8));
  return r;
}

// ---- the interpreter on the whole program, as sim65 runs it -----------------
// sim65 2.19's conventions: a 12-byte header ("sim65", version 2, CPU, the
// zero-page address of cc65's C stack pointer, load and reset addresses);
// JSR or JMP to $FFF4..$FFF9 runs a host call (open close read write args
// exit) inside that instruction, then returns as RTS would; the cycle count
// printed by exit leaves out the instruction that called it. And one known
// error: sim65 2.19 charges a taken branch's page-crossing cycle when the
// target's page differs from the page of the branch opcode, where the 6502
// compares it with the page of the next instruction (fixed upstream in cc65
// commit 709d71ef7, 2024-11-30, "verified against a real 6502"). The core
// does what the chip does; this runner counts sim65's way alongside.
struct WholeRun {
  std::string output;
  std::uint64_t cycles = 0;              // as sim65 prints them
  std::vector<std::uint64_t> write_at;   // sim65's cycles before each write call
  std::uint64_t quirk_branches = 0;      // taken branches sim65 2.19 times differently
  std::string error;
};


WholeRun run_whole(const std::string& program_path) {
  WholeRun r;
  const std::string file = read_file(program_path);
  if (file.size() < 12 || file.substr(0, 5) != "sim65") {
    r.error = "not a sim65 program";
    return r;
  }
  const auto byte = [&](std::size_t i) { return static_cast<std::uint8_t>(file[i]); };
  const std::uint8_t sp_address = byte(7);
  const auto load = static_cast<std::uint16_t>(byte(8) | byte(9) << 8);
  Mos6502Cpu cpu;
  for (std::size_t i = 0; i < 65536; ++i) cpu.poke(static_cast<std::uint16_t>(i), 0xff);  // sim65's fill
  for (std::size_t i = 12; i < file.size(); ++i) cpu.poke(static_cast<std::uint16_t>(load + i - 12), byte(i));
  cpu.regs = Mos6502Registers{0, 0, 0, 0x30, 0, static_cast<std::uint16_t>(byte(10) | byte(11) << 8)};
  const auto word = [&](std::uint16_t a) {
    return static_cast<std::uint16_t>(cpu.peek(a) | cpu.peek(static_cast<std::uint16_t>(a + 1)) << 8);
  };
  const auto set_word = [&](std::uint16_t a, unsigned v) {
    cpu.poke(a, static_cast<std::uint8_t>(v));
    cpu.poke(static_cast<std::uint16_t>(a + 1), static_cast<std::uint8_t>(v >> 8));
  };
  const auto pop_param = [&]() {
    const std::uint16_t sp = word(sp_address);
    const std::uint16_t value = word(sp);
    set_word(sp_address, sp + 2u);
    return value;
  };
  std::uint64_t sim65_cycles = 0;
  for (std::uint64_t guard = 0; guard < 100'000'000; ++guard) {
    const std::uint64_t before = sim65_cycles;
    const std::uint16_t at = cpu.regs.pc;
    const auto step = cpu.step();
    if (!step) {
      r.error = step.error();
      return r;
    }
    const std::uint16_t pc = cpu.regs.pc;
    sim65_cycles += *step;
    const auto timing = mos6502_timing(cpu.peek(at));
    if (timing && timing->branch && pc != static_cast<std::uint16_t>(at + 2)) {
      const bool chip = (pc >> 8) != (static_cast<std::uint16_t>(at + 2) >> 8);
      const bool sim65 = (pc >> 8) != (at >> 8);
      if (chip != sim65) {
        ++r.quirk_branches;
        sim65_cycles = sim65_cycles + (sim65 ? 1 : 0) - (chip ? 1 : 0);
      }
    }
    if (pc < 0xfff4 || pc > 0xfff9) continue;
    const unsigned ax = cpu.regs.a | cpu.regs.x << 8;
    if (pc == 0xfff9) {  // exit
      r.cycles = before;
      return r;
    }
    if (pc == 0xfff7) {  // write(fd, buf, count)
      r.write_at.push_back(before);
      const std::uint16_t buffer = pop_param();
      pop_param();  // fd
      for (unsigned i = 0; i < ax; ++i) r.output += static_cast<char>(cpu.peek(static_cast<std::uint16_t>(buffer + i)));
    } else if (pc == 0xfff8) {  // args: argv = { the program's path }
      const unsigned argc = 1;
      unsigned sp = word(sp_address);
      unsigned args = sp - (argc + 1) * 2;
      set_word(static_cast<std::uint16_t>(ax), args);
      sp = args;
      sp -= static_cast<unsigned>(program_path.size()) + 1;
      for (std::size_t i = 0; i <= program_path.size(); ++i)
        cpu.poke(static_cast<std::uint16_t>(sp + i), i < program_path.size() ? static_cast<std::uint8_t>(program_path[i]) : 0);
      set_word(static_cast<std::uint16_t>(args), sp);
      set_word(static_cast<std::uint16_t>(args + 2), sp_address);
      set_word(sp_address, sp);
      cpu.regs.a = static_cast<std::uint8_t>(argc);
      cpu.regs.x = 0;
    } else {
      r.error = "host call at " + std::to_string(pc) + " not modelled";
      return r;
    }
    // Return as RTS does, in the same instruction (no cycles).
    const std::uint8_t low = cpu.peek(static_cast<std::uint16_t>(0x100 | ++cpu.regs.s));
    const std::uint8_t high = cpu.peek(static_cast<std::uint16_t>(0x100 | ++cpu.regs.s));
    cpu.regs.pc = static_cast<std::uint16_t>((low | high << 8) + 1);
    if (pc == 0xfff7) {
      cpu.regs.a = static_cast<std::uint8_t>(ax);
      cpu.regs.x = static_cast<std::uint8_t>(ax >> 8);
    }
  }
  r.error = "no exit";
  return r;
}

// ---- scenarios --------------------------------------------------------------
const AsmProgram& listing() { return asm_program(AsmIsa::mos6502); }

std::uint16_t symbol(std::string_view name) {
  for (const AsmSymbol& s : listing().data)
    if (s.name == name) return static_cast<std::uint16_t>(s.address);
  ADD_FAILURE() << "no symbol " << name;
  return 0;
}

// `bytes` bytes of `value` from `symbol`, most significant first or last.
std::vector<std::pair<std::uint16_t, std::uint8_t>> seed_bytes(std::string_view name, std::uint64_t value, int bytes,
                                                               bool big_endian) {
  std::vector<std::pair<std::uint16_t, std::uint8_t>> out;
  for (int i = 0; i < bytes; ++i) {
    const int shift = 8 * (big_endian ? bytes - 1 - i : i);
    out.emplace_back(static_cast<std::uint16_t>(symbol(name) + i), static_cast<std::uint8_t>(value >> shift));
  }
  return out;
}

struct Case {
  Scenario scenario;
  AsmAlgorithm algorithm;
  AsmInputs inputs;
  std::string expected;  // from the core's own generators
};

std::string tarot_bytes(std::uint32_t seed, unsigned count) {
  GaloisLfsr lfsr{32, tarot_taps(32, 0xCF), seed};
  std::string out;
  for (unsigned i = 0; i < count; ++i) out += static_cast<char>(lfsr.next_byte());
  return out;
}

Case tarot_case(std::uint32_t seed, unsigned calls) {
  Scenario s{"tarot_" + std::to_string(seed), "tarot_lfsr", seed_bytes("LFSR0", seed, 4, true), calls};
  return {s, AsmAlgorithm::mos6502_lfsr, {seed, 0, 6, calls}, tarot_bytes(seed, calls)};
}

Case galois16_case(std::uint16_t seed, unsigned calls) {
  Scenario s{"g16_" + std::to_string(seed), "galois16", seed_bytes("G16HI", seed, 2, true), calls};
  GaloisLfsr lfsr{16, 0xB400, seed};
  std::string expected;
  for (unsigned i = 0; i < calls; ++i) expected += static_cast<char>(lfsr.next_byte());
  return {s, AsmAlgorithm::mos6502_lfsr16, {seed, 0, 6, calls}, expected};
}

Case lcrng_case(std::uint32_t seed, unsigned calls) {
  Scenario s{"lcrng_" + std::to_string(seed), "lcrng", seed_bytes("STATE", seed, 4, false), calls};
  s.emit_address = symbol("STATE");
  s.emit_size = 4;
  std::string expected;
  std::uint32_t state = seed;
  for (unsigned i = 0; i < calls; ++i) {
    state = lcrng_next(state);
    for (int b = 0; b < 4; ++b) expected += static_cast<char>(state >> (8 * b));
  }
  return {s, AsmAlgorithm::mos6502_lcrng, {seed, 0, 6, calls}, expected};
}

Case mulhi_case(unsigned n) {
  Scenario s{"mulhi_" + std::to_string(n), "roll_mulhi", {{symbol("SIDES"), static_cast<std::uint8_t>(n)}}, 256};
  s.a_counts = true;
  const auto reducer = RangeReducer::make(RangeMethod::mulhi, n, 8).value();
  std::string expected;
  for (std::uint64_t x = 0; x < 256; ++x) expected += static_cast<char>(*reducer.map_word(x));
  return {s, AsmAlgorithm::mos6502_mulhi, {1, 0, n, 256}, expected};
}

Case reject_case(std::uint32_t seed, unsigned n, unsigned calls) {
  Scenario s{"reject_" + std::to_string(n), "roll_reject", seed_bytes("LFSR0", seed, 4, true), calls};
  s.pokes.emplace_back(symbol("SIDES"), static_cast<std::uint8_t>(n));
  const auto reducer = RangeReducer::make(RangeMethod::mask_reject, n, 8).value();
  GaloisLfsr lfsr{32, tarot_taps(32, 0xCF), seed};
  std::string expected;
  for (unsigned i = 0; i < calls; ++i)
    expected += static_cast<char>(reducer.draw([&] { return std::uint64_t{lfsr.next_byte()}; }));
  return {s, AsmAlgorithm::mos6502_reject, {seed, 0, n, calls}, expected};
}

// The core's Xorshift of `width` bits (its triple from kXorshiftTriples):
// the state's bytes after each call, low byte first, as sim65 writes them.
Case xorshift_case(int width, std::uint32_t seed, unsigned calls) {
  const bool wide = width == 32;
  const std::string symbol_name = wide ? "XS32" : "XS16HI";
  Scenario s{"xs" + std::to_string(width) + "_" + std::to_string(seed), wide ? "xorshift32" : "xorshift16",
             seed_bytes(symbol_name, seed, width / 8, !wide), calls};
  Xorshift core = make_xorshift(width, seed).value();
  std::string expected;
  for (unsigned i = 0; i < calls; ++i) expected += static_cast<char>(core.next_byte());
  return {s, wide ? AsmAlgorithm::mos6502_xorshift32 : AsmAlgorithm::mos6502_xorshift16, {seed, 0, 6, calls},
          expected};
}

Case shuffle_case(std::uint32_t seed, unsigned decks) {
  Scenario s{"shuffle_" + std::to_string(seed), "shuffle52", seed_bytes("LFSR0", seed, 4, true), decks};
  s.emit_address = symbol("DECK");
  s.emit_size = 52;
  GaloisLfsr lfsr{32, tarot_taps(32, 0xCF), seed};
  auto draw = [&](std::uint32_t bound) {
    const auto reducer = RangeReducer::make(RangeMethod::mask_reject, bound, 8).value();
    return static_cast<std::uint32_t>(reducer.draw([&] { return std::uint64_t{lfsr.next_byte()}; }));
  };
  std::string expected;
  for (unsigned d = 0; d < decks; ++d)
    for (const std::uint32_t card : shuffle_fast(ShuffleSpec{}, draw)) expected += static_cast<char>(card);
  return {s, AsmAlgorithm::mos6502_shuffle, {seed, 0, 6, decks}, expected};
}

std::vector<Case> cases() {
  return {tarot_case(0x12345678, 256), tarot_case(1, 64),        tarot_case(0xffffffff, 64),
          galois16_case(0xace1, 256),  galois16_case(1, 64),     galois16_case(0xffff, 64),
          lcrng_case(0, 64),           lcrng_case(0x932d217c, 16), mulhi_case(1),
          mulhi_case(6),               mulhi_case(20),           mulhi_case(255),
          reject_case(0x12345678, 1, 64), reject_case(0x12345678, 6, 256), reject_case(0x12345678, 20, 256),
          reject_case(0x12345678, 52, 256), reject_case(0x12345678, 255, 256), shuffle_case(0x12345678, 4),
          shuffle_case(1, 2),            xorshift_case(16, 1, 256),  xorshift_case(16, 0xace1, 64),
          xorshift_case(16, 0xffff, 64), xorshift_case(32, 1, 256),  xorshift_case(32, 0x12345678, 64),
          xorshift_case(32, 0xffffffff, 64)};
}

std::string session_bytes(const Case& c) {
  auto session = AsmSession::start(c.algorithm, c.inputs);
  EXPECT_TRUE(session) << session.error();
  if (!session) return {};
  const auto ran = session.value().run(~std::uint64_t{0});
  EXPECT_TRUE(ran) << ran.error();
  const unsigned bytes = c.algorithm == AsmAlgorithm::mos6502_lcrng ? 4 : 1;  // a state, else a byte or a card
  std::string out;
  for (const std::uint64_t v : session.value().outputs())
    for (unsigned b = 0; b < bytes; ++b) out += static_cast<char>(v >> (8 * b));
  return out;
}

std::string hex(const std::string& bytes) {
  std::string out;
  for (const char c : bytes.substr(0, 64)) out += hex2(static_cast<unsigned char>(c)).substr(1) + " ";
  return out;
}

// ---- the tests ----------------------------------------------------------------
TEST(Mos6502Listing, TableBytesAreWhatCa65AndLd65Make) {
  const Built b = build(tarot_case(1, 1).scenario, false);
  ASSERT_TRUE(b.ok);
  const std::string file = read_file(b.program);
  const auto load = static_cast<std::size_t>(static_cast<std::uint8_t>(file[8]) | static_cast<std::uint8_t>(file[9]) << 8);
  const AsmProgram& program = listing();
  ASSERT_EQ(program.origin, 0x4000u);
  const auto image = program.image();
  ASSERT_GE(file.size(), 12 + program.origin - load + image.size());
  std::vector<std::uint16_t> linked;
  for (std::size_t i = 0; i < image.size(); ++i)
    linked.push_back(static_cast<std::uint8_t>(file[12 + program.origin - load + i]));
  EXPECT_EQ(linked, image);
}

TEST(Mos6502Listing, TableLinesAreTheSourceFileLines) {
  const auto check = check_listing_source(AsmIsa::mos6502, read_file(listing_path()));
  EXPECT_TRUE(check) << check.error();
}

TEST(Mos6502Listing, Sim65OutputsEqualTheCoreGeneratorsAndTheSession) {
  for (const Case& c : cases()) {
    SCOPED_TRACE(c.scenario.name);
    const Built b = build(c.scenario, false);
    ASSERT_TRUE(b.ok);
    const Sim65Run r = sim65(b.program);
    EXPECT_EQ(r.status, 0);
    ASSERT_EQ(r.output.size(), c.expected.size());
    EXPECT_EQ(r.output, c.expected) << hex(r.output) << "\n" << hex(c.expected);
    const std::string session = session_bytes(c);
    EXPECT_TRUE(session == c.expected) << "the core's session: " << hex(session);
  }
}

TEST(Mos6502Cpu, RunsTheWholeProgramWithSim65sOutputAndCycles) {
  for (const Case& c : cases()) {
    SCOPED_TRACE(c.scenario.name);
    const Built b = build(c.scenario, false);
    ASSERT_TRUE(b.ok);
    const Sim65Run oracle = sim65(b.program);
    const WholeRun mine = run_whole(b.program);
    ASSERT_EQ(mine.error, "");
    EXPECT_EQ(mine.output, oracle.output);
    EXPECT_EQ(mine.cycles, oracle.cycles);
    // sim65 -x N stops after the first instruction that brings the count to N:
    // at the count before write k's JSR no byte of write k is out, one cycle
    // later the whole write is.
    ASSERT_EQ(mine.write_at.size(), c.scenario.calls);
    for (const std::size_t k : {std::size_t{0}, mine.write_at.size() / 2, mine.write_at.size() - 1}) {
      for (const std::uint64_t extra : {0u, 1u}) {
        const Command cut = run("sim65 -x " + std::to_string(mine.write_at[k] + extra) + " '" + b.program + "' 2>/dev/null");
        EXPECT_EQ(cut.out.size(), (k + extra) * c.scenario.emit_size) << "write " << k << " +" << extra;
      }
    }
  }
}

TEST(Mos6502Cpu, MatchesSim65BeforeEveryInstructionOfTheListing) {
  constexpr std::size_t kRecord = 5 + kZeroPage + 52;
  const std::vector<Case> traced{tarot_case(0x12345678, 8), galois16_case(0xace1, 8), lcrng_case(0x932d217c, 3),
                                 mulhi_case(20),            reject_case(0x12345678, 52, 12), shuffle_case(1, 1),
                                 xorshift_case(16, 0xace1, 8), xorshift_case(32, 0x12345678, 8)};
  const std::vector<std::uint8_t> image = [] {
    std::vector<std::uint8_t> bytes;
    for (const auto unit : listing().image()) bytes.push_back(static_cast<std::uint8_t>(unit));
    return bytes;
  }();
  std::uint64_t checked = 0, quirks = 0;
  for (Case c : traced) {
    if (c.scenario.a_counts) c.scenario.calls = 16, c.expected.resize(16);
    SCOPED_TRACE(c.scenario.name);
    const Built b = build(c.scenario, true);
    ASSERT_TRUE(b.ok);
    const Sim65Run r = sim65(b.program);
    ASSERT_EQ(r.status, 0);
    const std::string& out = r.output;
    // The traced program as a whole (the trace routine's PHP PLA TSX PLP, the
    // long branches) runs to the same bytes and cycles in the interpreter.
    const WholeRun whole = run_whole(b.program);
    ASSERT_EQ(whole.error, "");
    EXPECT_TRUE(whole.output == out) << "the interpreter's trace differs from sim65's";
    EXPECT_EQ(whole.cycles, r.cycles);
    quirks += whole.quirk_branches;
    std::size_t at = 0;
    Mos6502Cpu cpu;
    cpu.load(static_cast<std::uint16_t>(listing().origin), image);
    const std::uint16_t entry =
        static_cast<std::uint16_t>(listing().rows[static_cast<std::size_t>(listing().label_row(c.scenario.routine))].address);
    constexpr std::uint16_t kReturn = 0xfff0;
    auto record = [&](std::size_t i) { return static_cast<std::uint8_t>(out[at + i]); };
    auto same_memory = [&]() {
      for (std::size_t i = 0; i < kZeroPage; ++i)
        if (cpu.peek(static_cast<std::uint16_t>(0x80 + i)) != record(5 + i)) return false;
      for (std::size_t i = 0; i < 52; ++i)
        if (cpu.peek(static_cast<std::uint16_t>(0x3000 + i)) != record(5 + kZeroPage + i)) return false;
      return true;
    };
    std::string outputs;
    for (unsigned call = 0; call < c.scenario.calls; ++call) {
      ASSERT_LE(at + kRecord, out.size());
      if (call == 0) {  // sim65's memory as the listing first sees it
        for (std::size_t i = 0; i < kZeroPage; ++i) cpu.poke(static_cast<std::uint16_t>(0x80 + i), record(5 + i));
        for (std::size_t i = 0; i < 52; ++i)
          cpu.poke(static_cast<std::uint16_t>(0x3000 + i), record(5 + kZeroPage + i));
      }
      ASSERT_TRUE(same_memory()) << "memory at the start of call " << call;
      cpu.regs = Mos6502Registers{record(0), record(1), record(2), record(3), static_cast<std::uint8_t>(record(4) + 4),
                                  0};
      cpu.enter(entry, kReturn);  // S as sim65's at the first instruction
      while (cpu.regs.pc != kReturn) {
        ASSERT_LE(at + kRecord, out.size()) << "sim65's trace ends early";
        const Mos6502Registers expected{record(0), record(1), record(2), record(3),
                                        static_cast<std::uint8_t>(record(4) + 2), cpu.regs.pc};
        ASSERT_EQ(cpu.regs, expected) << "instruction " << checked << " at " << cpu.regs.pc << ": A X Y P S "
                                      << hex2(cpu.regs.a) << hex2(cpu.regs.x) << hex2(cpu.regs.y) << hex2(cpu.regs.p)
                                      << hex2(cpu.regs.s) << " sim65 " << hex2(expected.a) << hex2(expected.x)
                                      << hex2(expected.y) << hex2(expected.p) << hex2(expected.s);
        ASSERT_TRUE(same_memory()) << "memory before instruction " << checked << " at " << cpu.regs.pc;
        at += kRecord;
        const auto step = cpu.step();
        ASSERT_TRUE(step) << step.error();
        ++checked;
      }
      outputs += out.substr(at, c.scenario.emit_size);
      at += c.scenario.emit_size;
    }
    EXPECT_EQ(at, out.size());
    EXPECT_EQ(outputs, c.expected);
  }
  RecordProperty("instructions_checked", std::to_string(checked));
  RecordProperty("sim65_quirk_branches", std::to_string(quirks));
  EXPECT_GT(checked, 5000u);
  // The traced programs are long enough to put some taken branches at the end
  // of a page, where sim65 2.19 and the chip disagree; the counts above match
  // only with the difference accounted for.
  EXPECT_GT(quirks, 0u);
}

}  // namespace
}  // namespace shufflelab
