#include "core/check/deck_tests_job.hpp"

#include "core/base/text_format.hpp"
#include "core/check/check_lab.hpp"
#include "core/check/check_view_wire.hpp"
#include "core/check/deck_tally_wire.hpp"

namespace shufflelab {

namespace {

// Tests on counts take one step: their cost grows with n^2, not with the decks.
class DeckTestsJob final : public Job {
 public:
  explicit DeckTestsJob(DeckTally tally) : tally_(std::move(tally)) {}
  double step(std::uint64_t) override {
    if (!done_) {
      // Cards are the numbers 0..n-1 the reader's function was given.
      const CheckReport report = deck_report(tally_, DeckSpelling{}, kDefaultCheckAlpha);
      payload_ = encode_check_report_view(make_check_report_view(report));
      summary_ = report.verdict;
      done_ = true;
    }
    return 1.0;
  }
  bool done() const override { return done_; }
  std::vector<double> result() const override { return {}; }
  std::string summary() const override { return done_ ? summary_ : "testing " + grouped(tally_.decks()) + " decks"; }
  std::string payload() const override { return payload_; }

 private:
  DeckTally tally_;
  std::string payload_, summary_;
  bool done_ = false;
};

}  // namespace

Result<std::shared_ptr<Job>> make_deck_tests_job(FieldReader&, std::string_view text) {
  using R = Result<std::shared_ptr<Job>>;
  auto tally = decode_deck_tally(text);
  if (!tally) return R::fail(tally.error());
  return R::ok(std::make_shared<DeckTestsJob>(std::move(tally.value())));
}

}  // namespace shufflelab
