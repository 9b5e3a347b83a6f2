#include "core/check/check_examples.hpp"

#include <vector>

namespace shufflelab {

Result<ExampleWriter> ExampleWriter::decks(const ShuffleSpec& spec, std::uint64_t count, const DrawSourceSpec& source) {
  using R = Result<ExampleWriter>;
  if (count < 1 || count > kMaxExampleDecks) return R::fail("decks: 1 to " + std::to_string(kMaxExampleDecks));
  if (spec.algo == ShuffleAlgo::Partial || spec.algo == ShuffleAlgo::SortKeys)
    return R::fail("example decks come from whole-deck shuffles (not partial or sort-keys)");
  auto draws = DrawSource::make(source, max_draw_bound(spec));
  if (!draws) return R::fail(draws.error());
  ExampleWriter w(Kind::decks, count, std::move(draws.value()));
  w.spec_ = spec;
  return R::ok(std::move(w));
}

Result<ExampleWriter> ExampleWriter::rolls(std::uint32_t sides, std::uint64_t count, const DrawSourceSpec& source) {
  using R = Result<ExampleWriter>;
  if (count < 1 || count > kMaxExampleRolls) return R::fail("rolls: 1 to " + std::to_string(kMaxExampleRolls));
  if (sides < 2) return R::fail("a die needs at least 2 sides");
  auto draws = DrawSource::make(source, sides);
  if (!draws) return R::fail(draws.error());
  ExampleWriter w(Kind::rolls, count, std::move(draws.value()));
  w.sides_ = sides;
  return R::ok(std::move(w));
}

Result<ExampleWriter> ExampleWriter::bytes(std::uint64_t count, DrawSourceSpec source) {
  using R = Result<ExampleWriter>;
  if (count < 1 || count > kMaxExampleBytes) return R::fail("bytes: 1 to " + std::to_string(kMaxExampleBytes));
  // Lemire's method on 8-bit words with bound 256 returns each word unchanged.
  source.bits = 8;
  source.method = DrawMethod{};
  auto draws = DrawSource::make(source, 256);
  if (!draws) return R::fail(draws.error());
  return R::ok(ExampleWriter(Kind::bytes, count, std::move(draws.value())));
}

bool ExampleWriter::write(std::uint64_t samples, std::string& out) {
  const std::uint64_t end = written_ + std::min(samples, count_ - written_);
  switch (kind_) {
    case Kind::decks: {
      std::vector<std::uint32_t> deck(spec_->n);
      for (; written_ < end; ++written_) {
        shuffle_fast(*spec_, deck, draw_);
        for (std::uint32_t i = 0; i < spec_->n; ++i) out += std::to_string(deck[i]) + (i + 1 < spec_->n ? "," : "\n");
      }
      break;
    }
    case Kind::rolls:
      for (; written_ < end; ++written_)
        out += std::to_string(draw_(sides_) + 1) + (written_ % 20 == 19 || written_ + 1 == count_ ? "\n" : " ");
      break;
    case Kind::bytes:
      for (; written_ < end; ++written_) out += static_cast<char>(draw_(256));
      break;
  }
  return written_ < count_;
}

namespace {
Result<std::string> write_all(Result<ExampleWriter> writer) {
  if (!writer) return Result<std::string>::fail(writer.error());
  std::string out;
  writer.value().write(writer.value().count(), out);
  return Result<std::string>::ok(std::move(out));
}
}  // namespace

Result<ShuffleSpec> example_deck_spec(ShuffleAlgo algo, std::uint32_t n, std::uint32_t rounds) {
  if (algo == ShuffleAlgo::Riffle) return make_human_shuffle_spec(algo, n, 0, 0, rounds, 0);
  if (algo == ShuffleAlgo::Overhand) return make_human_shuffle_spec(algo, n, 0, 0, rounds, 8);
  return make_shuffle_spec(algo, n);
}

Result<std::string> example_decks(ShuffleAlgo algo, std::uint32_t n, std::uint64_t count, const DrawSourceSpec& source,
                                  std::uint32_t rounds) {
  const auto spec = example_deck_spec(algo, n, rounds);
  if (!spec) return Result<std::string>::fail(spec.error());
  return write_all(ExampleWriter::decks(*spec, count, source));
}

Result<std::string> example_rolls(std::uint32_t sides, std::uint64_t count, const DrawSourceSpec& source) {
  return write_all(ExampleWriter::rolls(sides, count, source));
}

}  // namespace shufflelab
