// The assembler's shared part (core/assembler/assembler.cpp) in the Z80 and
// SM83 dialects against their Debian assemblers: equates, labels, data and
// reserve directives, the current address and expressions in z80asm's and
// sdasgb's own precedence give the bytes z80asm and sdasgb + sdldgb give.
// (Their instructions are the Z80/SM83 encoders' oracle tests.)
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "core/assembler/assembler.hpp"
#include "oracle_tools.hpp"

namespace shufflelab::assembler {
namespace {

using namespace oracle;  // the tools, their files, and ours()

TEST(AssemblerDirectivesOracle, Z80DataEqualsZ80asm) {
  const std::string source = R"(        org 100h
x:      equ 5
y:      equ x * 3 + 1           ; z80asm wants the colon on an equate
start:  defb 1, x, y, 0FFh, %101, 101b, 17o, 'A', $FF
        defw 0203h, start, $
        defm "hi"
        db "ok", 0
        dw 1234h
        defs 3
        ds 2, 9
        db 240 | 15 & 60, 6 ^ 3 & 1, 1 + 2 * 3, (1 + 2) * 3, -1, ~0 & 0FFh, 100 / 7, 1 << 4, 128 >> 3
later:  db later - start
        end
        db 99                   ; after end: not assembled
)";
  ASSERT_TRUE(have_tool("z80asm")) << "z80asm missing: ./lab installs Debian's z80asm";
  const std::string s = temp_path("directives.asm"), bin = temp_path("directives.bin");
  write_file(s, source);
  const auto [status, out] = run_tool("z80asm -i '" + s + "' -o '" + bin + "'");
  ASSERT_EQ(status, 0) << out;
  const std::vector<std::uint8_t> theirs = bytes_of(read_file(bin));
  ASSERT_EQ(theirs.size(), 37u);  // 9 + 6 + 2 + 3 + 2 + 3 + 2 + 9 + 1
  EXPECT_EQ(ours(Cpu::z80, source), theirs);
}

TEST(AssemblerDirectivesOracle, Sm83DataEqualsSdasgb) {
  const std::string source = R"(        .area CODE (ABS)
        .org 0x100
x = 5
y = x * 3 + 1
start:  .db 1, x, y, 0xFF, 0b101, 0x41
        .dw 0x0203, start, .
        .ascii "hi"
        .asciz "ok"
        .byte 7
        .word 0x1234
        .ds 3                   ; a gap: nothing in the HEX file
        .db <0x1234, >0x1234
        .db 240 | 15 & 60, 6 ^ 3 & 1, 1 + 2 * 3, (1 + 2) * 3, -1, ~0 & 0xFF, 100 / 7, 100 % 7, 1 << 4, 128 >> 3
later:  .db later - start
)";
  ASSERT_TRUE(have_tool("sdasgb") && have_tool("sdldgb")) << "sdasgb missing: ./lab installs Debian's sdcc";
  const std::string s = temp_path("directives.s"), rel = temp_path("directives.rel"), hex = temp_path("directives.ihx");
  write_file(s, source);
  const auto [status, out] = run_tool("sdasgb -o '" + rel + "' '" + s + "' && sdldgb -i '" + hex + "' '" + rel + "'");
  ASSERT_EQ(status, 0) << out;
  const auto bytes = intel_hex_bytes(read_file(hex));
  ASSERT_EQ(bytes.size(), 33u);  // 36 bytes from $100, less the 3 reserved
  std::vector<std::uint8_t> theirs(bytes.rbegin()->first + 1 - bytes.begin()->first, 0xFF);
  for (const auto& [address, byte] : bytes) theirs[address - bytes.begin()->first] = byte;
  Assembly assembly;
  EXPECT_EQ(ours(Cpu::sm83, source, &assembly), theirs);
  EXPECT_EQ(assembly.lowest(), bytes.begin()->first);
}

}  // namespace
}  // namespace shufflelab::assembler
