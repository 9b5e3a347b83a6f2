// The listings in asm/ assembled by our assembler equal the bytes the core
// keeps for them (core/asm: asm_program(...).image(), which the oracle tests
// hold to ca65/ld65 and gpasm). The files are compiled in (tests/CMakeLists.txt).
#include <gtest/gtest.h>

#include "core/asm/asm_listing.hpp"
#include "core/assembler/assembler.hpp"
#include "listing_6502.hpp"
#include "listing_pic16.hpp"

namespace shufflelab::assembler {
namespace {

TEST(AssemblerRoundTrip, Prng6502EqualsTheKeptBytes) {
  const AsmProgram& kept = asm_program(AsmIsa::mos6502);
  ASSERT_EQ(kept.origin, 0x4000u);  // where ld65 places the listing's segment; ours needs an .org
  const Assembly assembly = assemble(Cpu::mos6502, std::string("        .org $4000\n") + data::kListing6502);
  ASSERT_TRUE(assembly.ok()) << diagnostics_text(assembly, "prng6502.s");
  EXPECT_EQ(assembly.lowest(), 0x4000u);
  ASSERT_GT(kept.image().size(), 300u);
  EXPECT_EQ(assembly.image(), kept.image());
}

TEST(AssemblerRoundTrip, Seed004EqualsTheKeptWords) {
  const AsmProgram& kept = asm_program(AsmIsa::pic14);
  const Assembly assembly = assemble(Cpu::pic16, data::kListingPic16);
  ASSERT_TRUE(assembly.ok()) << diagnostics_text(assembly, "seed004.asm");
  EXPECT_EQ(assembly.lowest(), kept.origin);
  ASSERT_GT(kept.image().size(), 100u);
  EXPECT_EQ(assembly.image(), kept.image());
}

}  // namespace
}  // namespace shufflelab::assembler
