#include "core/check/check_examples.hpp"

#include <vector>

namespace shufflelab {

Result<std::string> example_decks(ShuffleAlgo algo, std::uint32_t n, std::uint64_t count, const DrawSourceSpec& source) {
  using R = Result<std::string>;
  if (count < 1 || count > kMaxExampleDecks) return R::fail("decks: 1 to " + std::to_string(kMaxExampleDecks));
  if (algo == ShuffleAlgo::Partial || algo == ShuffleAlgo::SortKeys)
    return R::fail("example decks come from whole-deck shuffles (not partial or sort-keys)");
  const auto spec = make_shuffle_spec(algo, n);
  if (!spec) return R::fail(spec.error());
  auto draws = DrawSource::make(source, n);
  if (!draws) return R::fail(draws.error());
  std::string out;
  std::vector<std::uint32_t> deck(n);
  DrawSource& draw = draws.value();
  for (std::uint64_t d = 0; d < count; ++d) {
    shuffle_fast(*spec, deck, draw);
    for (std::uint32_t i = 0; i < n; ++i) out += std::to_string(deck[i]) + (i + 1 < n ? "," : "\n");
  }
  return R::ok(std::move(out));
}

Result<std::string> example_rolls(std::uint32_t sides, std::uint64_t count, const DrawSourceSpec& source) {
  using R = Result<std::string>;
  if (count < 1 || count > kMaxExampleRolls) return R::fail("rolls: 1 to " + std::to_string(kMaxExampleRolls));
  if (sides < 2) return R::fail("a die needs at least 2 sides");
  auto draws = DrawSource::make(source, sides);
  if (!draws) return R::fail(draws.error());
  std::string out;
  for (std::uint64_t i = 0; i < count; ++i)
    out += std::to_string(draws.value()(sides) + 1) + (i % 20 == 19 || i + 1 == count ? "\n" : " ");
  return R::ok(std::move(out));
}

}  // namespace shufflelab
