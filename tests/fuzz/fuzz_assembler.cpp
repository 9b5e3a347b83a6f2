// Fuzz target: the assemblers (core/assembler) on hostile sources. The first
// byte picks the CPU, the rest is the source. Whatever the text: errors carry
// a line inside the source and a column from 1, in line order; the image
// spans lowest()..end(); the listing and the messages can be written; the
// same text assembles to the same result again.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/assembler/assembler.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace shufflelab::assembler;
  if (size == 0) return 0;
  constexpr Cpu kCpus[] = {Cpu::z80, Cpu::sm83, Cpu::mos6502, Cpu::pic16};
  const Cpu cpu = kCpus[data[0] % 4];
  const std::string source(reinterpret_cast<const char*>(data) + 1, size - 1);
  const Assembly assembly = assemble(cpu, source);
  int lines = 1;
  for (char c : source) lines += c == '\n';
  int previous = 0;
  for (const auto& error : assembly.errors) {
    if (error.line < 1 || error.line > lines || error.column < 1 || error.line < previous || error.message.empty())
      __builtin_trap();
    previous = error.line;
  }
  if (assembly.image().size() != assembly.end() - assembly.lowest()) __builtin_trap();
  if (assembly.raw_bytes().size() != assembly.image().size() * (cpu == Cpu::pic16 ? 2 : 1)) __builtin_trap();
  if (listing_text(assembly, source).empty() && !source.empty()) __builtin_trap();
  if (diagnostics_text(assembly, "f").empty() != assembly.ok()) __builtin_trap();
  const Assembly again = assemble(cpu, source);
  if (again.image() != assembly.image() || again.errors.size() != assembly.errors.size()) __builtin_trap();
  return 0;
}
