#include "core/shuffle/bias.hpp"

#include <algorithm>
#include <limits>

namespace shufflelab {

void BiasMatrix::add(std::span<const std::uint32_t> deck) {
  for (std::uint32_t position = 0; position < n; ++position) ++counts[std::size_t{position} * n + deck[position]];
  ++total;
}

EmpiricalBias::EmpiricalBias(const ShuffleSpec& spec, std::uint64_t shuffles)
    : spec_(spec), shuffles_(shuffles), matrix_(spec.n), deck_(spec.n) {}

std::uint64_t EmpiricalBias::run(DrawRef draw, std::uint64_t max_shuffles) {
  const std::uint64_t todo = std::min(max_shuffles, shuffles_ - matrix_.total);
  for (std::uint64_t k = 0; k < todo; ++k) {
    shuffle_fast(spec_, deck_, draw);
    matrix_.add(deck_);
  }
  return todo;
}

std::uint64_t ExactBias::outcomes(const ShuffleSpec& spec) {
  constexpr std::uint64_t kSaturated = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t product = 1;
  for (std::uint32_t bound : draw_bounds(spec)) {
    if (product > kSaturated / bound) return kSaturated;
    product *= bound;
  }
  return product;
}

Result<ExactBias> ExactBias::make(const ShuffleSpec& spec) {
  if (draws_adapt(spec.algo))
    return Result<ExactBias>::fail("exact: " + std::string(shuffle_algo_name(spec.algo)) +
                                   " has no fixed draw list; its exact law is a walk of its probability tree");
  const std::uint64_t count = outcomes(spec);
  if (count > kMaxExactOutcomes)
    return Result<ExactBias>::fail("exact: " + std::string(shuffle_algo_name(spec.algo)) + " with n = " +
                                   std::to_string(spec.n) + " has more than " + std::to_string(kMaxExactOutcomes) +
                                   " draw lists to enumerate; use fewer cards or an empirical run");
  return Result<ExactBias>::ok(ExactBias(spec, count));
}

ExactBias::ExactBias(const ShuffleSpec& spec, std::uint64_t outcomes)
    : spec_(spec),
      outcomes_(outcomes),
      bounds_(draw_bounds(spec)),
      draws_(bounds_.size(), 0),
      deck_(spec.n),
      matrix_(spec.n) {}

std::uint64_t ExactBias::run(std::uint64_t max_lists) {
  const std::uint64_t todo = std::min(max_lists, outcomes_ - matrix_.total);
  for (std::uint64_t k = 0; k < todo; ++k) {
    SequenceDraws source(draws_);
    shuffle_fast(spec_, deck_, source);
    matrix_.add(deck_);
    // Odometer step: the last draw turns fastest.
    for (std::size_t d = draws_.size(); d-- > 0;) {
      if (++draws_[d] < bounds_[d]) break;
      draws_[d] = 0;
    }
  }
  return todo;
}

Result<BiasMatrix> exact_bias(const ShuffleSpec& spec, const BiasProgress& progress, std::uint64_t chunk) {
  auto made = ExactBias::make(spec);
  if (!made) return Result<BiasMatrix>::fail(made.error());
  ExactBias& exact = made.value();
  while (!exact.done()) {
    exact.run(std::max<std::uint64_t>(chunk, 1));
    if (progress && !progress(exact.matrix().total, exact.outcomes())) return Result<BiasMatrix>::fail("cancelled");
  }
  return Result<BiasMatrix>::ok(exact.matrix());
}

Result<BiasMatrix> empirical_bias(const ShuffleSpec& spec, std::uint64_t shuffles, DrawRef draw,
                                  const BiasProgress& progress, std::uint64_t chunk) {
  EmpiricalBias empirical(spec, shuffles);
  while (!empirical.done()) {
    empirical.run(draw, std::max<std::uint64_t>(chunk, 1));
    if (progress && !progress(empirical.matrix().total, shuffles)) return Result<BiasMatrix>::fail("cancelled");
  }
  return Result<BiasMatrix>::ok(empirical.matrix());
}

}  // namespace shufflelab
