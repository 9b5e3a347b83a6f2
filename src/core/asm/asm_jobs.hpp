// asm_jobs.hpp: the Assembly lab's editor work that runs in the worker's core
// module, so the app's own download links neither the assemblers nor the
// listings' sources (they load with the worker the first time an edit needs them).
//   "assemble": cpu=<z80|sm83|6502|pic16>, the source as the job's text (it
//     is longer than parameters may be); payload: the Assembly
//     (core/assembler/assembly_wire).
//   "asm_listing_source": cpu=...; payload: the text of the listing in asm/
//     an edit for that CPU starts from (core/asm/asm_reader listing_edit_source).
//   "asm_lanes": no parameters, a lab's lanes and their cursors as the job's
//     text (core/asm/machine_view encode_lane_request); payload: each lane run
//     to its cursor (encode_lane_views). The app's download thus holds no
//     interpreter, listing or C++ snippet.
//   "asm_run": the Assembly lab's link fields (asm_run_params) and the
//     reader's source as the job's text; payload: the run at step t
//     (encode_asm_run_view).
//   "asm_costs": no parameters; payload: the measured cost tables (encode_asm_costs_view).
//   "asm_output_hex": as "asm_run"; payload: the reader's routine's output
//     bytes over `calls` calls from `seed` as hex text (two digits a byte, 32
//     a line: the Check lab's hex format), or "error TEXT" when it cannot run.
// All finish in their first step; result() is empty.
#pragma once
#include <memory>
#include <string>
#include <string_view>

#include "core/asm/asm_lab.hpp"
#include "core/assembler/assembler.hpp"
#include "core/base/jobs.hpp"
#include "core/base/result.hpp"
#include "core/base/url_fields.hpp"

namespace shufflelab {

Result<std::shared_ptr<Job>> make_assemble_job(FieldReader& fields, std::string_view source);
Result<std::shared_ptr<Job>> make_asm_listing_source_job(FieldReader& fields);
Result<std::shared_ptr<Job>> make_asm_lanes_job(FieldReader& fields, std::string_view request);
Result<std::shared_ptr<Job>> make_asm_run_job(FieldReader& fields, std::string_view source);
Result<std::shared_ptr<Job>> make_asm_costs_job(FieldReader& fields);
Result<std::shared_ptr<Job>> make_asm_output_hex_job(FieldReader& fields, std::string_view source);
// The parameters and text of "asm_run" and "asm_output_hex" for `setup`.
struct AsmRunRequest {
  std::string params, source;
};
AsmRunRequest asm_run_request(const AsmLabState& setup);
// The parameters of either job for `cpu`.
std::string asm_job_params(assembler::Cpu cpu);

}  // namespace shufflelab
