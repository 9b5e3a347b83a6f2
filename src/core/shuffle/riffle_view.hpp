// riffle_view.hpp: the shuffle lab's "Human shuffles" tab: the Bayer-Diaconis
// distance table for the lab's deck size as a resumable job (one k per slice
// after the Eulerian row), and the view the panel draws (table, plot points,
// what "seven" means, the Faro order, sampled overhand-versus-riffle mixing).
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/base/jobs.hpp"
#include "core/base/url_fields.hpp"
#include "core/shuffle/riffle.hpp"
#include "core/shuffle/shuffle_lab.hpp"

namespace shufflelab {

constexpr std::uint32_t kRiffleTabRounds = 20;

// Job kind "riffle_table": n= (1..1000), k= (1..40). result(): {n, k_max,
// distance(1), ..., distance(k_max)} as doubles (each from exact integers).
class RiffleTableJob final : public Job {
 public:
  RiffleTableJob(std::uint32_t n, std::uint32_t k_max) : n_(n), k_max_(k_max) {}
  double step(std::uint64_t budget) override;
  bool done() const override { return distances_.size() >= k_max_; }
  std::vector<double> result() const override;
  std::string summary() const override;

 private:
  std::uint32_t n_, k_max_;
  std::optional<RiffleTable> table_;
  std::vector<double> distances_;
};
Result<std::shared_ptr<Job>> make_riffle_table_job(FieldReader& fields);
std::string riffle_table_job_params(std::uint32_t n, std::uint32_t k_max);

struct RiffleRow {
  std::uint32_t k = 0;
  double distance = 0;
  std::string text;  // "0.334061"
  bool first_below_half = false;
};
struct RiffleView {
  std::uint32_t n = 0;
  std::vector<RiffleRow> rows;
  std::uint32_t below_half = 0;  // first k with distance < 1/2, 0 if none in the table
  // The plot: x = (k - 1) / (rows - 1), y = distance, both in [0, 1].
  std::vector<std::pair<float, float>> points;
  std::string seven_text;  // what the table says, with its numbers
  std::string faro_text;
  std::string overhand_text;  // model and source
};
Result<RiffleView> riffle_view(const std::vector<double>& job_result);

// Sampled mixing for the tab: mean adjacent pairs kept after 1..rounds riffles
// and overhand shuffles (cut chance 1/state.cut) of state.n cards, 200 decks
// each, drawn from the lab's own generator and method.
struct MixingView {
  std::vector<std::string> rows;  // "k: riffle 12.3, overhand 40.1"
  double uniform_mean = 0;
  std::string error;
};
MixingView mixing_view(const ShuffleLabState& state, std::uint32_t rounds);

}  // namespace shufflelab
