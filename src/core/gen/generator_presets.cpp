#include "core/gen/generator_presets.hpp"

namespace shufflelab {

const std::vector<GeneratorPreset>& generator_presets() {
  static const std::vector<GeneratorPreset> presets{
      {"galois8", "tarot32", {{"width", "8"}, {"taps", "B8"}},
       "8-bit Galois LFSR (taps 8,6,5,4: mask B8); byte = the register after 8 shifts",
       "Xilinx XAPP052 (1996) Table 3, taps 8,6,5,4"},
      {"galois16", "tarot32", {{"width", "16"}, {"taps", "B400"}},
       "16-bit Galois LFSR (taps 16,14,13,11: mask B400); byte = top byte after 8 shifts",
       "Wikipedia, Linear-feedback shift register: Galois example (0xB400)"},
      {"fibonacci8", "fibonacci", {{"width", "8"}, {"taps", "1D"}},
       "8-bit Fibonacci LFSR (taps 8,6,5,4: parity of bits 0,2,3,4); byte = 8 fallen bits",
       "Xilinx XAPP052 (1996) Table 3, taps 8,6,5,4"},
      {"fibonacci16", "fibonacci", {{"width", "16"}, {"taps", "2D"}},
       "16-bit Fibonacci LFSR (taps 16,14,13,11: parity of bits 0,2,3,5); byte = 8 fallen bits",
       "Wikipedia, Linear-feedback shift register: Fibonacci example"},
      {"xorshift16", "xorshift", {{"width", "16"}},
       "16-bit xorshift (7, 9, 8); byte = top 8 bits of each output",
       "J. Metcalf, 16-Bit Xorshift Pseudorandom Numbers in Z80 Assembly (2017)"},
      {"xorshift32", "xorshift", {{"width", "32"}},
       "32-bit xorshift (13, 17, 5); byte = top 8 bits of each output",
       "G. Marsaglia, Xorshift RNGs, J. Stat. Software 8(14), 2003"},
      {"lcg8", "lcg32", {{"preset", "cpc8"}},
       "8-bit LCG x' = 5x + 1 mod 2^8; byte = the state",
       "CPCWiki, Programming:Random Number Generator (8-bit generator)"},
      {"lcg16", "lcg32", {{"preset", "getrand16"}},
       "16-bit LCG x' = 5x + 13841 mod 2^16; byte = the high byte",
       "6502 GETRAND routine (m = 65536, a = 5, c = $3611)"},
  };
  return presets;
}

const GeneratorPreset* find_generator_preset(std::string_view name) {
  for (const auto& preset : generator_presets())
    if (preset.name == name) return &preset;
  return nullptr;
}

}  // namespace shufflelab
