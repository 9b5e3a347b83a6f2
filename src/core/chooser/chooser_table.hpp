// chooser_table.hpp: one row per generator the labs offer (the catalog's
// generators at their lab defaults, the LCG presets and the small generators
// of core/gen/generator_presets.hpp) with what a retro programmer weighs:
// state bytes, the exact longest period in output bytes and the share of
// weak seeds, the linear complexity of the output bits, the recorded
// dieharder verdicts (data/dieharder.tsv), and, per instruction set with a
// listing of that generator, code bytes, RAM bytes and cycles per output
// byte measured by running the listing (core/asm: asm_cost_tables()).
//
// Every number is computed here at run time: periods by core/gen/period
// (GF(2) matrices: LFSRs, Z80, xorshift) or core/gen/lcg_period (LCGs, PCG32's
// LCG, SplitMix64's counter); glibc rand() and xoshiro256** have no exact
// period here (their states are wider than the 64-bit matrices) and say so.
// Output bytes: one next_byte() each; a bit-stepped register's byte period is
// P / gcd(P, 8) for a state period of P bit-steps.
// Listings are matched to generators by their asm ids (kGeneratorListings in
// the .cpp); a listing whose id is not known there is not shown, so new
// instruction sets' listings slot in by adding their ids.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/asm/asm_listing.hpp"
#include "core/base/result.hpp"
#include "core/gen/gf2.hpp"

namespace shufflelab {

// A listing measured on one instruction set (cycles in asm_isa_info(isa).cycle_unit).
struct ChooserCost {
  AsmIsa isa = AsmIsa::z80;
  std::string listing;  // asm algorithm id, e.g. "z80-lfsr"
  std::uint32_t code_bytes = 0;
  std::optional<std::uint32_t> ram_bytes;
  double cycles_per_byte = 0;
};

struct DieharderVerdict {
  std::string test, p_value, verdict;
};

struct ChooserRow {
  std::string name;     // dice lab spelling where it has one: tarot32, z80, onechip, galois16, ...
  std::string summary;
  std::size_t state_bytes = 0;
  std::optional<Uint128> period_bytes;  // longest cycle, in output bytes
  // Cycle lengths in output bytes, ascending, each with the valid seeds that
  // end on such a cycle (tails included); empty when the period is not computed.
  struct CycleClass {
    Uint128 bytes = 0, seeds = 0;
  };
  std::vector<CycleClass> cycle_classes;
  std::string period_note;              // why there is no period, or its unit when it needed one
  Uint128 seeds = 0, weak_seeds = 0;    // valid seeds; those on a shorter cycle (or falling to zero)
  double weak_share = 0;
  int linear_complexity = 0;            // Berlekamp-Massey on the first kComplexityBits output bits
  std::vector<DieharderVerdict> dieharder;  // empty: not recorded
  int dieharder_failed = 0, dieharder_weak = 0;
  std::vector<ChooserCost> costs;       // one per instruction set with a listing
  std::string lab_link;                 // the LFSR lab at this generator
  const ChooserCost* cost_on(AsmIsa isa) const;
};

constexpr std::size_t kComplexityBits = 2048;

struct ChooserTable {
  std::vector<AsmIsa> isas;  // the instruction sets with listings (asm_isas() minus wasm)
  std::vector<ChooserRow> rows;
};

// Built on the first call (about a second: analyses, Berlekamp-Massey and
// the listings' runs), then kept.
Result<ChooserTable> chooser_table();

// The rows with a listing on `isa` (all rows when empty).
std::vector<const ChooserRow*> rows_for_cpu(const ChooserTable& table, std::optional<AsmIsa> isa);

// Valid seeds that end on a cycle shorter than `bytes` output bytes.
Uint128 seeds_on_cycles_shorter_than(const ChooserRow& row, double bytes);

// "1/2 = 50%" style text of the weak share; "0" when none.
std::string weak_share_text(const ChooserRow& row);
std::string period_text(const ChooserRow& row);

// CSV (RFC 4180, csv_export) of rows_for_cpu: one line per generator, the
// costs of `isa` only when given, else of every instruction set.
std::string chooser_table_csv(const ChooserTable& table, std::optional<AsmIsa> isa);

}  // namespace shufflelab
