// The assembler (core/assembler): one 200-line 6502 source assembled from
// text to bytes, as the Assembly lab does on every edit. The budget
// is under 5 ms in wasm for a 200-line file.
#include <string>

#include "bench/bench.hpp"
#include "core/assembler/assembler.hpp"

namespace shufflelab::bench {
namespace {

// 20 copies of a 10-line 16-bit Galois LFSR step (comments, equates, labels,
// forward and backward branches), each under its own labels: 200 lines.
std::string two_hundred_lines() {
  std::string text;
  for (int i = 0; i < 20; ++i) {
    const std::string n = std::to_string(i);
    text += "HI" + n + "     = $" + std::to_string(80 + 2 * i % 20) + "          ; the register's high byte\n";
    text += "step" + n + ":  ldx #8\n";
    text += "loop" + n + ":  lsr HI" + n + "\n";
    text += "        ror HI" + n + "+1            ; 16 bits one place right\n";
    text += "        bcc next" + n + "\n";
    text += "        lda HI" + n + "\n";
    text += "        eor #$b4                ; taps $B400\n";
    text += "        sta HI" + n + "\n";
    text += "next" + n + ":  dex\n";
    text += "        bne loop" + n + "\n";
  }
  return text;
}

}  // namespace

void run_asm_cases(Context& ctx) {
  if (!ctx.wants("asm6502")) return;
  const std::string source = two_hundred_lines();
  const auto checked = assembler::assemble(assembler::Cpu::mos6502, source);
  // 20 routines of 2+2+2+2+2+2+2+1+2 = 17 bytes.
  if (!ctx.check(checked.ok() && checked.raw_bytes().size() == 20 * 17, "asm6502: the 200-line source did not assemble"))
    return;
  std::vector<Timed> variants{Timed(
      "200-line 6502 source to bytes",
      [&source](std::uint64_t iterations) {
        std::uint64_t sum = 0;
        for (std::uint64_t i = 0; i < iterations; ++i) sum += assembler::assemble(assembler::Cpu::mos6502, source).end();
        return sum;
      },
      false,
      TargetSpec{"< 5 ms per file", "wasm", [](const Row& row) { return row.value < 5; }})};
  const auto samples = ctx.time_variants(variants);
  ctx.add_timed_rows("asm6502", variants, samples, "ms/file", 1e-6);
}

}  // namespace shufflelab::bench
