#include "core/shuffle/shuffle_predict.hpp"

#include <algorithm>
#include <cstdio>

#include "core/base/parse.hpp"
#include "core/shuffle/shuffle.hpp"
#include "core/base/text_format.hpp"

namespace shufflelab {

namespace {
constexpr std::uint64_t kSeedLimit = std::uint64_t{1} << 32;
constexpr std::uint32_t kMaxSearchCards = 1000;

// Fisher-Yates from the top touches every position until the last swap, so
// deck[0..] is only known after the whole shuffle: no early exit.
bool starts_with(std::uint32_t seed, std::span<const std::uint32_t> seen, std::vector<std::uint32_t>& deck) {
  Lin2003Draws draws(seed);
  shuffle_fast(ShuffleSpec{ShuffleAlgo::FisherYates, static_cast<std::uint32_t>(deck.size())}, deck, draws);
  return std::equal(seen.begin(), seen.end(), deck.begin());
}
}  // namespace

std::uint64_t window_seconds(std::string_view window) {
  if (window == "day") return 86400;
  if (window == "week") return 7 * 86400;
  return 3600;
}

SeedWindow predict_window(std::uint64_t guess, std::uint64_t seconds) {
  seconds = std::min(seconds, kSeedLimit);
  std::uint64_t first = guess > seconds / 2 ? guess - seconds / 2 : 0;
  if (first + seconds > kSeedLimit) first = kSeedLimit - seconds;
  return SeedWindow{static_cast<std::uint32_t>(first), seconds};
}

std::vector<std::uint32_t> find_lin2003_seeds(std::span<const std::uint32_t> seen, std::uint32_t n, SeedWindow window) {
  SeedSearchJob job(std::vector<std::uint32_t>(seen.begin(), seen.end()), n, window);
  while (!job.done()) job.step(window.count);
  return seed_search_from_result(job.result()).value().found;
}

std::uint64_t count_lin2003_seeds(std::span<const std::uint32_t> seen, std::uint32_t n, SeedWindow window) {
  std::vector<std::uint32_t> deck(n);
  std::uint64_t found = 0;
  for (std::uint64_t k = 0; k < window.count; ++k) found += starts_with(static_cast<std::uint32_t>(window.first + k), seen, deck);
  return found;
}

Result<SeedSearchResult> seed_search_from_result(const std::vector<double>& result) {
  using R = Result<SeedSearchResult>;
  constexpr auto kLimit = static_cast<double>(kSeedLimit);
  if (result.empty() || !(result[0] >= 0 && result[0] <= kLimit)) return R::fail("seed search result: bad count");
  if (result.size() - 1 > kMaxSeedMatches) return R::fail("seed search result: too many seeds");
  SeedSearchResult out;
  out.tried = static_cast<std::uint64_t>(result[0]);
  for (std::size_t k = 1; k < result.size(); ++k) {
    if (!(result[k] >= 0 && result[k] < kLimit)) return R::fail("seed search result: bad seed");
    out.found.push_back(static_cast<std::uint32_t>(result[k]));
  }
  return R::ok(std::move(out));
}

SeedSearchJob::SeedSearchJob(std::vector<std::uint32_t> seen, std::uint32_t n, SeedWindow window)
    : seen_(std::move(seen)), n_(n), window_(window), deck_(n) {
  if (seen_.size() > n_) seen_.resize(n_);
}

double SeedSearchJob::step(std::uint64_t budget) {
  // One unit of budget is about one rand() call; a candidate costs ~340 (srand discards 310).
  const std::uint64_t todo = std::min(std::max<std::uint64_t>(1, budget / 400), window_.count - tested_);
  for (std::uint64_t k = 0; k < todo; ++k, ++tested_) {
    const auto seed = static_cast<std::uint32_t>(window_.first + tested_);
    if (starts_with(seed, seen_, deck_) && matches_.size() < kMaxSeedMatches) matches_.push_back(seed);
  }
  return window_.count == 0 ? 1.0 : static_cast<double>(tested_) / static_cast<double>(window_.count);
}

std::vector<double> SeedSearchJob::result() const {
  std::vector<double> out{static_cast<double>(tested_)};
  for (std::uint32_t seed : matches_) out.push_back(static_cast<double>(seed));
  return out;
}

std::string SeedSearchJob::summary() const {
  return "tried " + std::to_string(tested_) + " of " + counted(window_.count, "seed") + ", " +
         std::to_string(matches_.size()) + " match" + (matches_.size() == 1 ? "" : "es");
}

std::string seed_search_job_params(std::span<const std::uint32_t> seen, std::uint32_t n, SeedWindow window) {
  std::string cards;
  for (std::uint32_t c : seen) cards += (cards.empty() ? "" : ",") + std::to_string(c);
  return "cards=" + cards + "&n=" + std::to_string(n) + "&from=" + std::to_string(window.first) +
         "&count=" + std::to_string(window.count);
}

Result<std::shared_ptr<Job>> make_seed_search_job(FieldReader& fields) {
  using R = Result<std::shared_ptr<Job>>;
  std::uint64_t n = 52, from = 0, count = 0;
  std::string cards;
  fields.decimal("n", 1, kMaxSearchCards, n);
  if (!fields.decimal("from", 0, kSeedLimit - 1, from)) return R::fail("from: missing or not a seed");
  if (!fields.decimal("count", 1, kSeedLimit - from, count)) return R::fail("count: missing or past 2^32");
  if (!fields.token("cards", 64, cards) || cards.empty()) return R::fail("cards: missing");
  std::vector<std::uint32_t> seen;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = cards.find(',', start);
    auto card = parse_decimal("cards", cards.substr(start, comma == std::string::npos ? std::string::npos : comma - start),
                              0, n - 1);
    if (!card) return R::fail(card.error());
    seen.push_back(static_cast<std::uint32_t>(*card));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return R::ok(std::make_shared<SeedSearchJob>(std::move(seen), static_cast<std::uint32_t>(n),
                                               SeedWindow{static_cast<std::uint32_t>(from), count}));
}

std::string format_utc(std::uint64_t unix_seconds) {
  const auto days = static_cast<std::int64_t>(unix_seconds / 86400);
  const auto rest = static_cast<unsigned>(unix_seconds % 86400);
  // Days since 1970-01-01 to year/month/day (eras of 400 years = 146097 days, starting on 0000-03-01).
  const std::int64_t z = days + 719468;
  const std::int64_t era = z / 146097;
  const auto doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  const unsigned day = doy - (153 * mp + 2) / 5 + 1;
  const unsigned month = mp < 10 ? mp + 3 : mp - 9;
  const std::int64_t year = static_cast<std::int64_t>(yoe) + era * 400 + (month <= 2 ? 1 : 0);
  char text[48];
  std::snprintf(text, sizeof text, "%04lld-%02u-%02u %02u:%02u:%02u UTC", static_cast<long long>(year), month, day,
                rest / 3600, rest / 60 % 60, rest % 60);
  return text;
}

}  // namespace shufflelab
