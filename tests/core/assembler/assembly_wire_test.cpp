// The "assemble" job's payload (core/assembler/assembly_wire): the app reads
// the assemblers' work this way, so what it decodes must be what they made.
// Expected values are written here by hand: the wire text of the header's
// format, and 6502 bytes from the MOS opcode table (LDX # = A2, LSR zp = 46,
// BCC = 90 with an offset from the next instruction, RTS = 60; 2 and 5 cycles
// for LDX # and LSR zp).
#include "core/assembler/assembly_wire.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/job_catalog.hpp"

namespace shufflelab::assembler {
namespace {

using Units = std::vector<std::uint16_t>;

Result<Assembly> assemble_in_job(std::string_view cpu, const std::string& source) {
  auto job = make_job("assemble", "cpu=" + std::string(cpu), source);
  if (!job) return Result<Assembly>::fail(job.error());
  run_job_to_end(*job.value(), 1, [](double) {});
  EXPECT_TRUE(job.value()->result().empty());
  return decode_assembly(job.value()->payload());
}

TEST(AssemblyWire, HandWrittenTextDecodesFieldByField) {
  const auto a = decode_assembly(
      "shufflelab assembly 1\n"
      "cpu pic16\n"
      "line 1 0 - - 132\n"
      "line 3 5 3fff,0 1/1 -\n"
      "symbol HI 132\n"
      "symbol l%C3%A4ngs -7\n"
      "error 9 4 unknown%20mnemonic%20%22foo%22%09100%25\n");
  ASSERT_TRUE(a) << a.error();
  EXPECT_EQ(a->cpu, Cpu::pic16);
  ASSERT_EQ(a->lines.size(), 2u);
  EXPECT_EQ(a->lines[0].line, 1);
  EXPECT_TRUE(a->lines[0].units.empty());
  EXPECT_FALSE(a->lines[0].cycles);
  EXPECT_EQ(a->lines[0].equate, 132);
  EXPECT_EQ(a->lines[1].line, 3);
  EXPECT_EQ(a->lines[1].address, 5u);
  EXPECT_EQ(a->lines[1].units, (Units{0x3fff, 0}));
  ASSERT_TRUE(a->lines[1].cycles);
  EXPECT_EQ(a->lines[1].cycles->base, 1u);
  EXPECT_EQ(a->lines[1].cycles->taken, 1u);
  EXPECT_FALSE(a->lines[1].equate);
  EXPECT_EQ(a->symbols.at("HI"), 132);
  EXPECT_EQ(a->symbols.at("l\xC3\xA4ngs"), -7);
  ASSERT_EQ(a->errors.size(), 1u);
  EXPECT_EQ(a->errors[0].line, 9);
  EXPECT_EQ(a->errors[0].column, 4);
  EXPECT_EQ(a->errors[0].message, "unknown mnemonic \"foo\"\t100%");
  // And back: the same text, record for record.
  EXPECT_EQ(encode_assembly(*a),
            "shufflelab assembly 1\ncpu pic16\nline 1 0 - - 132\nline 3 5 3FFF,00 1/1 -\nsymbol HI 132\n"
            "symbol l%C3%A4ngs -7\nerror 9 4 unknown%20mnemonic%20%22foo%22%09100%25\n");
}

TEST(AssemblyWire, A6502RoutineThroughTheJobHasItsHandAssembledBytes) {
  const auto a = assemble_in_job("6502",
                                 "        .org $4000\n"
                                 "HI = $84\n"
                                 "next:   ldx #8\n"
                                 "        lsr HI\n"
                                 "        bcc next\n"
                                 "        rts\n");
  ASSERT_TRUE(a) << a.error();
  EXPECT_EQ(a->cpu, Cpu::mos6502);
  EXPECT_TRUE(a->ok());
  EXPECT_EQ(a->lowest(), 0x4000u);
  EXPECT_EQ(a->image(), (Units{0xA2, 0x08, 0x46, 0x84, 0x90, 0xFA, 0x60}));  // $4000 - $4006 = -6
  EXPECT_EQ(a->symbols.at("HI"), 0x84);
  EXPECT_EQ(a->symbols.at("next"), 0x4000);
  std::vector<std::uint32_t> addresses;
  for (const AssembledLine& line : a->lines)
    if (!line.units.empty()) addresses.push_back(line.address);
  EXPECT_EQ(addresses, (std::vector<std::uint32_t>{0x4000, 0x4002, 0x4004, 0x4006}));
  const AssembledLine* ldx = nullptr;
  const AssembledLine* lsr = nullptr;
  for (const AssembledLine& line : a->lines) {
    if (line.line == 3) ldx = &line;
    if (line.line == 4) lsr = &line;
  }
  ASSERT_TRUE(ldx && lsr);
  ASSERT_TRUE(ldx->cycles && lsr->cycles);
  EXPECT_EQ(ldx->cycles->base, 2u);
  EXPECT_EQ(lsr->cycles->base, 5u);
}

TEST(AssemblyWire, ATenThousandLineSourceKeepsItsErrorAtItsLine) {
  std::string source;
  for (int i = 1; i <= 10'000; ++i) source += i == 9'999 ? " frobnicate a\n" : " nop\n";
  const auto a = assemble_in_job("z80", source);
  ASSERT_TRUE(a) << a.error();
  ASSERT_EQ(a->errors.size(), 1u);
  EXPECT_EQ(a->errors[0].line, 9'999);
  EXPECT_EQ(a->errors[0].column, 2);  // after the leading space
  EXPECT_NE(a->errors[0].message.find("frobnicate"), std::string::npos) << a->errors[0].message;
}

TEST(AssemblyWire, ABadRecordIsRefusedNamingItsLine) {
  const auto bad = decode_assembly("shufflelab assembly 1\ncpu z80\nline 1 x - - -\n");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("line 3"), std::string::npos) << bad.error();
  EXPECT_FALSE(decode_assembly("shufflelab assembly 2\ncpu z80\n")) << "another version";
  EXPECT_FALSE(decode_assembly("")) << "nothing";
  EXPECT_FALSE(decode_assembly("shufflelab assembly 1\nline 1 0 3e 7 -\n")) << "cycles need base/taken";
}

TEST(AssemblyWire, OnlyTheAssembleJobTakesAText) {
  EXPECT_FALSE(make_job("riffle_table", "n=52&k=3", "nop"));
  const auto no_cpu = make_job("assemble", "", " nop\n");
  ASSERT_FALSE(no_cpu);
  EXPECT_NE(no_cpu.error().find("cpu"), std::string::npos) << no_cpu.error();
}

}  // namespace
}  // namespace shufflelab::assembler
