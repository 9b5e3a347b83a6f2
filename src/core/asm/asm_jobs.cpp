#include "core/asm/asm_jobs.hpp"

#include <functional>

#include "core/asm/asm_reader.hpp"
#include "core/assembler/assembly_wire.hpp"

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

std::string asm_job_params(assembler::Cpu cpu) { return "cpu=" + std::string(assembler::cpu_id(cpu)); }

}  // namespace shufflelab
