#include "core/asm/asm_jobs.hpp"

#include <functional>

#include "core/asm/asm_reader.hpp"
#include "core/asm/machine_view.hpp"
#include "core/assembler/assembly_wire.hpp"
#include "core/base/text_format.hpp"

namespace shufflelab {

namespace {

// A job whose whole work is making one payload, done in its first step.
class PayloadJob final : public Job {
 public:
  PayloadJob(std::string done_summary, std::function<std::string()> make)
      : done_summary_(std::move(done_summary)), make_(std::move(make)) {}
  double step(std::uint64_t) override {
    if (!done_) payload_ = make_(), done_ = true;
    return 1.0;
  }
  bool done() const override { return done_; }
  std::vector<double> result() const override { return {}; }
  std::string summary() const override { return done_ ? done_summary_ : "starting"; }
  std::string payload() const override { return payload_; }

 private:
  std::string done_summary_;
  std::function<std::string()> make_;
  std::string payload_;
  bool done_ = false;
};

Result<assembler::Cpu> cpu_field(FieldReader& fields) {
  const std::string* text = fields.raw("cpu");
  if (!text) return Result<assembler::Cpu>::fail("cpu: missing");
  return assembler::parse_cpu("cpu", *text);
}

}  // namespace

Result<std::shared_ptr<Job>> make_assemble_job(FieldReader& fields, std::string_view source) {
  using R = Result<std::shared_ptr<Job>>;
  const auto cpu = cpu_field(fields);
  if (!cpu) return R::fail(cpu.error());
  return R::ok(std::make_shared<PayloadJob>("assembled", [cpu = *cpu, text = std::string(source)] {
    return assembler::encode_assembly(assembler::assemble(cpu, text));
  }));
}

Result<std::shared_ptr<Job>> make_asm_listing_source_job(FieldReader& fields) {
  using R = Result<std::shared_ptr<Job>>;
  const auto cpu = cpu_field(fields);
  if (!cpu) return R::fail(cpu.error());
  return R::ok(std::make_shared<PayloadJob>("the listing's source", [cpu = *cpu] { return listing_edit_source(cpu); }));
}

Result<std::shared_ptr<Job>> make_asm_lanes_job(FieldReader&, std::string_view request) {
  using R = Result<std::shared_ptr<Job>>;
  auto decoded = decode_lane_request(request);
  if (!decoded) return R::fail(decoded.error());
  return R::ok(std::make_shared<PayloadJob>("the lanes run", [request = std::move(decoded.value())] {
    return encode_lane_views(make_lane_views(request));
  }));
}

namespace {
// The setup a run's parameters and text name (FieldReader notices make the job fail).
AsmLabState run_setup(FieldReader& fields, std::string_view source) {
  AsmLabState setup;
  decode_asm_lab(fields, setup);
  setup.edit.source = source;
  return setup;
}
}  // namespace

Result<std::shared_ptr<Job>> make_asm_run_job(FieldReader& fields, std::string_view source) {
  return Result<std::shared_ptr<Job>>::ok(std::make_shared<PayloadJob>(
      "the listing run", [setup = run_setup(fields, source)] { return encode_asm_run_view(make_asm_run_view(setup)); }));
}

Result<std::shared_ptr<Job>> make_asm_costs_job(FieldReader&) {
  return Result<std::shared_ptr<Job>>::ok(
      std::make_shared<PayloadJob>("the costs measured", [] { return encode_asm_costs_view(make_asm_costs_view()); }));
}

Result<std::shared_ptr<Job>> make_asm_output_hex_job(FieldReader& fields, std::string_view source) {
  return Result<std::shared_ptr<Job>>::ok(std::make_shared<PayloadJob>("the routine run", [setup = run_setup(fields, source)] {
    auto routine = reader_routine_from_edit(setup.edit);
    if (!routine) return "error " + routine.error();
    auto session = AsmSession::start_reader(routine.value(), setup.inputs.seed, setup.inputs.calls);
    if (!session) return "error " + session.error();
    if (auto ran = session.value().run(~std::uint64_t{0}); !ran) return "error " + ran.error();
    std::string hex;
    const std::vector<std::uint64_t>& bytes = session.value().outputs();
    for (std::size_t i = 0; i < bytes.size(); ++i) hex += hex_at_least(bytes[i] & 0xff, 2) + (i % 32 == 31 ? "\n" : " ");
    return hex;
  }));
}

AsmRunRequest asm_run_request(const AsmLabState& setup) {
  AsmLabState without_source = setup;
  without_source.edit.source.clear();
  FieldWriter fields;
  encode_asm_lab(without_source, fields);
  return {fields.text(), setup.edit.on ? setup.edit.source : std::string{}};
}

std::string asm_job_params(assembler::Cpu cpu) { return "cpu=" + std::string(assembler::cpu_id(cpu)); }

}  // namespace shufflelab
