// The Z80 and SM83 listings of asm/ assembled by our assembler equal the
// bytes the core keeps for them (core/asm: asm_program(...).image(), which
// the oracle tests hold to z80asm and sdasgb). The SM83 listing is written
// Z80-style, the way Game Boy code often is.
#include <gtest/gtest.h>

#include "core/asm/asm_listing.hpp"
#include "core/assembler/assembler.hpp"
#include "listing_sm83.hpp"
#include "listing_z80.hpp"

namespace shufflelab::assembler {
namespace {

TEST(AssemblerRoundTrip, Seed002Z80EqualsTheKeptBytes) {
  const AsmProgram& kept = asm_program(AsmIsa::z80);
  const Assembly assembly = assemble(Cpu::z80, data::kListingZ80);
  ASSERT_TRUE(assembly.ok()) << diagnostics_text(assembly, "seed002.asm");
  EXPECT_EQ(assembly.lowest(), kept.origin);
  ASSERT_GT(kept.image().size(), 50u);
  EXPECT_EQ(assembly.image(), kept.image());
}

TEST(AssemblerRoundTrip, Seed000Sm83EqualsTheKeptBytes) {
  const AsmProgram& kept = asm_program(AsmIsa::sm83);
  const Assembly assembly = assemble(Cpu::sm83, data::kListingSm83);
  ASSERT_TRUE(assembly.ok()) << diagnostics_text(assembly, "seed000.asm");
  EXPECT_EQ(assembly.lowest(), 0x150u);
  EXPECT_EQ(assembly.lowest(), kept.origin);
  ASSERT_GT(kept.image().size(), 100u);
  EXPECT_EQ(assembly.image(), kept.image());
}

}  // namespace
}  // namespace shufflelab::assembler
