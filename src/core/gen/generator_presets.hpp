// generator_presets.hpp: the small generators retro programmers use, as named
// presets of the catalog's generators (core/gen/generators.hpp). A preset
// fixes every parameter but the seed: make_generator("galois16", {seed})
// builds the tarot Galois register at width 16 with taps B400. Presets are
// resolved by name before the catalog, so links and CLI options of the
// catalog's generators keep their meaning.
//
// Where each one is published (the sources say what the parameters are; the
// period, weak seeds and linear complexity are computed by the core):
//   galois8     x^8+x^6+x^5+x^4+1, right-shifting Galois taps B8: the 8-bit
//               row of the maximal-length tap tables (Xilinx XAPP052, 1996,
//               Table 3: taps 8,6,5,4); the mirror image of the 6502 "asl /
//               eor #$1d" generator on codebase64 (reciprocal polynomial).
//   galois16    Wikipedia "Linear-feedback shift register", Galois example:
//               lfsr >>= 1; if (lsb) lfsr ^= 0xB400 (taps 16,14,13,11).
//   fibonacci8  XAPP052 taps 8,6,5,4 in the Fibonacci form: parity of bits
//               0,2,3,4 enters at the top (taps 1D).
//   fibonacci16 Wikipedia's Fibonacci example: bit = s ^ s>>2 ^ s>>3 ^ s>>5
//               (taps 2D), shifted in at bit 15.
//   xorshift16  John Metcalf, "16-Bit Xorshift Pseudorandom Numbers in Z80
//               Assembly" (retroprogramming.com, 2017): x ^= x<<7;
//               x ^= x>>9; x ^= x<<8 (his pick among the maximal triples);
//               ported to the C64 on codebase64 ("798 xorshift").
//   xorshift32  George Marsaglia, "Xorshift RNGs", Journal of Statistical
//               Software 8(14), 2003: the 32-bit example (13, 17, 5).
//   lcg8        CPCWiki "Programming:Random Number Generator", 8-bit
//               generator: x' = (5x + 1) mod 256.
//   lcg16       the 6502 GETRAND routine ("generate a somewhat random
//               repeating sequence"): x' = (5x + 13841) mod 65536, returns
//               the high byte.
#pragma once
#include <string_view>
#include <utility>
#include <vector>

namespace shufflelab {

struct GeneratorPreset {
  std::string_view name;
  std::string_view base;  // the catalog generator it configures
  std::vector<std::pair<std::string_view, std::string_view>> params;  // everything but seed/state
  std::string_view summary;
  std::string_view source;  // where the parameters are published
};

// In the order above (new presets are appended).
const std::vector<GeneratorPreset>& generator_presets();
const GeneratorPreset* find_generator_preset(std::string_view name);

}  // namespace shufflelab
