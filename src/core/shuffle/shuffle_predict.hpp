// shuffle_predict.hpp: predicting shuffle.c's deck (seed 001). The program
// calls srand((unsigned) time(NULL)), so its deck is a function of the second
// it started. Whoever sees the first few cards and knows the time roughly
// replays every second of a window (3600 for an hour) and keeps the seeds
// whose decks start with those cards; then the rest of the deck is known.
//
// Job kind "shuffle_seed_search": cards=c0,c1,... (the cards seen, deck[0]
// first), n (deck size), from (first seed), count (seeds to try).
// result(): {seeds tried, then every matching seed}.
// format_utc turns Unix seconds into a UTC date with the days-to-civil
// conversion of the proleptic Gregorian calendar (H. Hinnant's algorithm).
#pragma once
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/jobs.hpp"
#include "core/base/result.hpp"
#include "core/base/url_fields.hpp"

namespace shufflelab {

constexpr std::uint32_t kPredictShownCards = 5;
constexpr std::size_t kMaxSeedMatches = 64;  // more would mean too few cards were seen

std::uint64_t window_seconds(std::string_view window);  // hour, day, week

struct SeedWindow {
  std::uint32_t first = 0;
  std::uint64_t count = 0;
  bool contains(std::uint64_t seed) const { return seed >= first && seed - first < count; }
};
// `seconds` seeds centred on guess, kept inside 0..2^32-1.
SeedWindow predict_window(std::uint64_t guess, std::uint64_t seconds);

// Seeds in the window whose shuffle.c deck of n cards starts with `seen`
// (the first kMaxSeedMatches of them), and how many there are in all.
std::vector<std::uint32_t> find_lin2003_seeds(std::span<const std::uint32_t> seen, std::uint32_t n, SeedWindow window);
std::uint64_t count_lin2003_seeds(std::span<const std::uint32_t> seen, std::uint32_t n, SeedWindow window);

class SeedSearchJob final : public Job {
 public:
  SeedSearchJob(std::vector<std::uint32_t> seen, std::uint32_t n, SeedWindow window);
  double step(std::uint64_t budget) override;
  bool done() const override { return tested_ >= window_.count; }
  std::vector<double> result() const override;
  std::string summary() const override;

 private:
  std::vector<std::uint32_t> seen_;
  std::uint32_t n_;
  SeedWindow window_;
  std::uint64_t tested_ = 0;
  std::vector<std::uint32_t> matches_;
  std::vector<std::uint32_t> deck_;
};

std::string seed_search_job_params(std::span<const std::uint32_t> seen, std::uint32_t n, SeedWindow window);
// A finished search: how many seeds it tried and the matching ones, in order.
struct SeedSearchResult {
  std::uint64_t tried = 0;
  std::vector<std::uint32_t> found;
};
Result<SeedSearchResult> seed_search_from_result(const std::vector<double>& result);
Result<std::shared_ptr<Job>> make_seed_search_job(FieldReader& fields);

std::string format_utc(std::uint64_t unix_seconds);  // "2003-02-04 12:45:11 UTC"

}  // namespace shufflelab
