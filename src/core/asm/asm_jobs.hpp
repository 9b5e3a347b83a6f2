// asm_jobs.hpp: the Assembly lab's editor work that runs in the worker's core
// module, so the app's own download links neither the assemblers nor the
// listings' sources (they load with the worker the first time an edit needs them).
//   "assemble": cpu=<z80|sm83|6502|pic16>, the source as the job's text (it
//     is longer than parameters may be); payload: the Assembly
//     (core/assembler/assembly_wire).
//   "asm_listing_source": cpu=...; payload: the text of the listing in asm/
//     an edit for that CPU starts from (core/asm/asm_reader listing_edit_source).
// Both finish in their first step; result() is empty.
#pragma once
#include <memory>
#include <string>
#include <string_view>

#include "core/assembler/assembler.hpp"
#include "core/base/jobs.hpp"
#include "core/base/result.hpp"
#include "core/base/url_fields.hpp"

namespace shufflelab {

Result<std::shared_ptr<Job>> make_assemble_job(FieldReader& fields, std::string_view source);
Result<std::shared_ptr<Job>> make_asm_listing_source_job(FieldReader& fields);
// The parameters of either job for `cpu`.
std::string asm_job_params(assembler::Cpu cpu);

}  // namespace shufflelab
