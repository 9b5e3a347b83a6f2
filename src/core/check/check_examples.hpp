// check_examples.hpp: example files the check lab makes itself, so a learner
// can put a fair and a biased source side by side: decks from any of the
// shuffle lab's algorithms, rolls from any of its draw methods and raw bytes
// from any of its generators (core/shuffle/shuffle_source.hpp). The lab
// writes them a slice at a time straight into a check, never whole.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "core/base/result.hpp"
#include "core/shuffle/shuffle.hpp"
#include "core/shuffle/shuffle_source.hpp"

namespace shufflelab {

constexpr std::uint64_t kMaxExampleDecks = 1'000'000;
constexpr std::uint64_t kMaxExampleRolls = 100'000'000;
constexpr std::uint64_t kMaxExampleBytes = 100'000'000;

class ExampleWriter {
 public:
  // `count` decks of spec.n cards, one a line, cards 0..n-1 separated by commas, top card first.
  static Result<ExampleWriter> decks(const ShuffleSpec& spec, std::uint64_t count, const DrawSourceSpec& source);
  // `count` rolls of a d`sides` (faces 1..sides), twenty a line.
  static Result<ExampleWriter> rolls(std::uint32_t sides, std::uint64_t count, const DrawSourceSpec& source);
  // `count` raw bytes: the generator's words of 8 bits (source.bits and method are ignored).
  static Result<ExampleWriter> bytes(std::uint64_t count, DrawSourceSpec source);

  // Appends up to `samples` more decks, rolls or bytes to out; false once all are written.
  bool write(std::uint64_t samples, std::string& out);
  std::uint64_t written() const { return written_; }
  std::uint64_t count() const { return count_; }

 private:
  enum class Kind : std::uint8_t { decks, rolls, bytes };
  ExampleWriter(Kind kind, std::uint64_t count, DrawSource draw) : kind_(kind), count_(count), draw_(std::move(draw)) {}
  Kind kind_;
  std::uint64_t count_, written_ = 0;
  DrawSource draw_;
  std::optional<ShuffleSpec> spec_;
  std::uint32_t sides_ = 0;
};

// The shuffle behind example decks: riffles and overhand shuffles take
// `rounds` shuffles in a row (overhand cuts as in the shuffle lab, chance 1/8).
Result<ShuffleSpec> example_deck_spec(ShuffleAlgo algo, std::uint32_t n, std::uint32_t rounds);

// The whole example at once (the CLI's check-example).
Result<std::string> example_decks(ShuffleAlgo algo, std::uint32_t n, std::uint64_t count, const DrawSourceSpec& source,
                                  std::uint32_t rounds = 3);
Result<std::string> example_rolls(std::uint32_t sides, std::uint64_t count, const DrawSourceSpec& source);

}  // namespace shufflelab
