#include "core/chooser/chooser_job.hpp"

namespace shufflelab {

double ChooserJob::step(std::uint64_t /*budget: each step is one indivisible part*/) {
  if (done()) return 1.0;
  if (!table_built_) {
    table_built_ = true;
    (void)chooser_table();  // built once per process; the view below reuses it
    return 0.5;
  }
  const ChooserViewModel view = build_chooser_view(setup_);
  error_ = view.error;
  payload_ = serialize_chooser_view(view);
  return 1.0;
}

std::string ChooserJob::summary() const {
  if (!done()) return table_built_ ? "choosing for " + setup_.cpu + ", " + setup_.use : "measuring every generator";
  return error_.empty() ? "the table and pick for " + setup_.cpu + ", " + setup_.use : error_;
}

Result<std::shared_ptr<Job>> make_chooser_job(FieldReader& fields) {
  ChooserLabState setup;
  decode_chooser_lab(fields, setup);  // a bad field leaves a notice: make_job refuses the job with it
  return Result<std::shared_ptr<Job>>::ok(std::make_shared<ChooserJob>(std::move(setup)));
}

}  // namespace shufflelab
