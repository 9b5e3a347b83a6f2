// chooser_job.hpp: the chooser's view (core/chooser/chooser_view) as a job,
// kind "chooser", parameters its link fields ("cpu=z80&use=d20"), so the
// panel's pickers never wait for a table or a pick on the UI thread. Two
// steps: the table (about a second the first time in a worker, then kept),
// then the pick and the view. payload(): serialize_chooser_view.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/base/jobs.hpp"
#include "core/base/url_fields.hpp"
#include "core/chooser/chooser_view.hpp"

namespace shufflelab {

class ChooserJob final : public Job {
 public:
  explicit ChooserJob(ChooserLabState setup) : setup_(std::move(setup)) {}
  double step(std::uint64_t budget) override;
  bool done() const override { return payload_.has_value(); }
  std::vector<double> result() const override { return {}; }
  std::string summary() const override;
  std::string payload() const override { return payload_.value_or(""); }

 private:
  ChooserLabState setup_;
  bool table_built_ = false;
  std::optional<std::string> payload_;
  std::string error_;
};

// Refuses an unknown CPU or use, naming the field.
Result<std::shared_ptr<Job>> make_chooser_job(FieldReader& fields);

}  // namespace shufflelab
