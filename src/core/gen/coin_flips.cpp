#include "core/gen/coin_flips.hpp"

#include <string>

namespace shufflelab {

std::string_view fdr_variant_name(FdrVariant variant) {
  return variant == FdrVariant::published ? "published" : "tarot";
}

Result<FdrVariant> parse_fdr_variant(std::string_view field, std::string_view text) {
  if (text == "published") return Result<FdrVariant>::ok(FdrVariant::published);
  if (text == "tarot") return Result<FdrVariant>::ok(FdrVariant::tarot);
  return Result<FdrVariant>::fail(std::string(field) + ": unknown variant '" + std::string(text) +
                                  "' (one of: published, tarot)");
}

Result<FastDiceRoller> FastDiceRoller::make(std::uint64_t n, FdrVariant variant) {
  using R = Result<FastDiceRoller>;
  if (n < 1) return R::fail("n: need at least 1 outcome");
  if (n > kMaxFdrSides) return R::fail("n: at most 2^62 outcomes");
  if (variant == FdrVariant::tarot && n < 2)
    return R::fail("n: the tarot variant needs n >= 2 (for n = 1 it subtracts 0 and after a first 1 flip never stops)");
  return R::ok(FastDiceRoller(n, variant));
}

}  // namespace shufflelab
