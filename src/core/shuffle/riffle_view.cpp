#include "core/shuffle/riffle_view.hpp"

#include <algorithm>
#include <cstdio>

#include "core/base/text_format.hpp"

namespace shufflelab {

double RiffleTableJob::step(std::uint64_t) {
  // The Eulerian row is the first slice; then one k per slice (big-integer sums over n terms).
  if (!table_) {
    table_.emplace(RiffleTable::make(n_).value());
  } else if (!done()) {
    distances_.push_back(table_->law(static_cast<std::uint32_t>(distances_.size()) + 1).distance);
  }
  return static_cast<double>(distances_.size() + 1) / (k_max_ + 1);
}

std::vector<double> RiffleTableJob::result() const {
  std::vector<double> out{static_cast<double>(n_), static_cast<double>(k_max_)};
  out.insert(out.end(), distances_.begin(), distances_.end());
  return out;
}

std::string RiffleTableJob::summary() const {
  return std::to_string(distances_.size()) + " of " + std::to_string(k_max_) + " riffle counts done for " +
         std::to_string(n_) + " cards";
}

Result<std::shared_ptr<Job>> make_riffle_table_job(FieldReader& fields) {
  std::uint64_t n = 52, k = kRiffleTabRounds;
  fields.decimal("n", 1, kMaxRiffleTheoryCards, n);
  fields.decimal("k", 1, kMaxRiffleTheoryRounds, k);
  return Result<std::shared_ptr<Job>>::ok(
      std::make_shared<RiffleTableJob>(static_cast<std::uint32_t>(n), static_cast<std::uint32_t>(k)));
}

std::string riffle_table_job_params(std::uint32_t n, std::uint32_t k_max) {
  return "n=" + std::to_string(n) + "&k=" + std::to_string(k_max);
}

Result<RiffleView> riffle_view(const std::vector<double>& r) {
  using R = Result<RiffleView>;
  if (r.size() < 2 || !(r[0] >= 1 && r[0] <= kMaxRiffleTheoryCards) || !(r[1] >= 1 && r[1] <= kMaxRiffleTheoryRounds) ||
      r.size() != 2 + static_cast<std::size_t>(r[1]))
    return R::fail("riffle table: malformed result");
  RiffleView view;
  view.n = static_cast<std::uint32_t>(r[0]);
  const auto k_max = static_cast<std::uint32_t>(r[1]);
  for (std::uint32_t k = 1; k <= k_max; ++k) {
    RiffleRow row{k, r[1 + k], fixed_decimals(r[1 + k], 6), false};
    if (view.below_half == 0 && row.distance < 0.5) view.below_half = k, row.first_below_half = true;
    view.rows.push_back(row);
    view.points.emplace_back(k_max == 1 ? 0.0f : static_cast<float>(k - 1) / static_cast<float>(k_max - 1),
                             static_cast<float>(row.distance));
  }
  const std::string n = std::to_string(view.n);
  if (view.below_half) {
    const RiffleRow& at = view.rows[view.below_half - 1];
    view.seven_text = "After k riffles the deck's order is still " + at.text + " away from uniform at k = " +
                      std::to_string(at.k) + " (total variation: the largest difference, over every set of orders, "
                      "between how often the shuffle lands in the set and how often a uniform deck would). " +
                      std::to_string(at.k) + " riffles is the first k below 1/2 for " + n +
                      " cards: Bayer and Diaconis's \"seven suffice\" for 52 is this cut-off, where the distance "
                      "starts halving with each riffle; it is not a perfectly mixed deck.";
  } else {
    view.seven_text = "The distance stays above 1/2 for every k shown: " + n + " cards need more riffles.";
  }
  if (view.n % 2 == 0 && view.n >= 2)
    view.faro_text = "The Faro (perfect) out-shuffle is the deterministic contrast: " +
                     std::to_string(faro_out_order(view.n)) + " of them restore " + n + " cards to their first order.";
  view.overhand_text = "Overhand model: Pemantle, \"An analysis of overhand shuffles\", J. Theoret. Probab. 2 (1989): "
                       "a cut falls in each gap with chance p, and the packets land in reverse order. It needs on the "
                       "order of n^2 log n shuffles, against about 1.5 log2 n riffles.";
  return R::ok(std::move(view));
}

MixingView mixing_view(const ShuffleLabState& state, std::uint32_t rounds) {
  MixingView view;
  ShuffleLabState riffle = state, overhand = state;
  riffle.algo = "riffle", overhand.algo = "overhand";
  riffle.rounds = overhand.rounds = rounds;
  auto riffle_setup = make_shuffle_setup(riffle);
  auto overhand_setup = make_shuffle_setup(overhand);
  if (!riffle_setup || !overhand_setup) {
    view.error = !riffle_setup ? riffle_setup.error() : overhand_setup.error();
    return view;
  }
  constexpr std::uint32_t kDecks = 200;
  auto sample = [&](const ShuffleSetup& setup) {
    DrawSource source = DrawSource::make(setup.source, max_draw_bound(setup.spec)).value();  // checked by the setup
    return sample_mixing(setup.spec, kDecks, source);
  };
  const MixingCurve r = sample(*riffle_setup), o = sample(*overhand_setup);
  view.uniform_mean = r.uniform_mean;
  for (std::uint32_t k = 0; k < rounds; ++k)
    view.rows.push_back(std::to_string(k + 1) + ": riffle " + fixed_decimals(r.mean_pairs_kept[k], 2) +
                        ", overhand " + fixed_decimals(o.mean_pairs_kept[k], 2));
  return view;
}

}  // namespace shufflelab
