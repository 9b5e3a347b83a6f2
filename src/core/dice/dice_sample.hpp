// dice_sample.hpp: rolling dice for real: B-bit words from a generator, a die
// or a dice expression through any method of the dice lab, as resumable jobs
// (jobs.hpp) so 10^8 rolls run off the UI thread with progress and cancel.
//
// Words: a generator's native output has w bits (8 for the byte-wise LFSRs,
// the modulus's bits for the LCGs: 8, 16, 31 for RANDU, 32; 31 for glibc rand,
// the word's width for xorshift: 16 or 32; 32 for PCG32, 64 for SplitMix64
// and xoshiro256**). A B-bit word is the top B bits of
// ceil(B/w) consecutive outputs, the first one most significant; so B = 8 is
// exactly next_byte(), and B = 31 on glibc is exactly rand(). Coin-flip
// rollers read each word's bits least significant first (seed 000's coinFlip).
//
// A job's state (generator, unread coin flips, counts) lives between slices,
// so any slicing gives the same counts as one call. Job parameters use link
// syntax; results are flat doubles (counts up to 2^53 are exact):
//   dice_sample      method=M[,M...]|all&sides=&bits=&gen=&seed=&rolls=
//                    -> [methods, sides, rolls, then per method: bits drawn, counts...]
//   dice_expr_sample expr=&method=&bits=&gen=&seed=&rolls=
//                    -> [rolls, bits drawn, min total, counts per total...]
//   dice_expr_exact  expr=  -> distribution_to_doubles (dice_law.hpp)
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "core/dice/dice_expr.hpp"
#include "core/dice/dice_lab.hpp"
#include "core/dice/dice_law.hpp"
#include "core/gen/coin_flips.hpp"
#include "core/base/jobs.hpp"
#include "core/base/url_fields.hpp"

namespace shufflelab {

constexpr std::int64_t kMaxSampledTotals = 100'001;  // histogram cells of an expression sample

// B-bit words from a generator; see the header comment.
class DiceWordSource {
 public:
  // bits in 1..64.
  DiceWordSource(ByteGenerator generator, unsigned bits);

  std::uint64_t words_drawn() const { return words_drawn_; }

  // Calls body(next_word) once, with next_word a fast callable returning the
  // next word; the generator's state carries over to the next call.
  template <class Body>
  void run(Body&& body);

 private:
  template <class NextNative>
  std::uint64_t assemble(NextNative&& next_native);

  ByteGenerator::Engine engine_;
  unsigned bits_;
  unsigned native_bits_;
  unsigned outputs_per_word_;
  unsigned dropped_bits_;  // low bits of the concatenated outputs that are not used
  std::uint64_t words_drawn_ = 0;
  // Byte-wise LFSRs are read through ByteGenerator::fill (table-driven) in blocks.
  std::array<std::uint8_t, 4096> bytes_{};
  std::size_t byte_pos_ = bytes_.size();
};

// Coin flips from words (core/gen/coin_flips's CoinQueue), counted.
class CoinReservoir {
 public:
  explicit CoinReservoir(unsigned bits) : queue_(bits) {}
  std::uint64_t flips() const { return flips_; }
  template <class NextWord>
  unsigned flip(NextWord&& next_word) {
    ++flips_;
    return queue_.flip(next_word);
  }

 private:
  CoinQueue queue_;
  std::uint64_t flips_ = 0;
};

// One die of one method: a range reducer, or a coin-flip roller with its reservoir.
class DieRoller {
 public:
  static Result<DieRoller> make(const DiceMethodInfo& method, std::uint64_t sides, unsigned bits);
  // A value in [0, sides); face = value + 1.
  template <class NextWord>
  std::uint64_t roll(NextWord&& next_word, CoinReservoir& coins) const {
    if (reducer_) return reducer_->draw(next_word);
    return fdr_->draw([&] { return coins.flip(next_word); });
  }
  bool coin_flips() const { return fdr_.has_value(); }

 private:
  DieRoller(std::optional<RangeReducer> reducer, std::optional<FastDiceRoller> fdr)
      : reducer_(reducer), fdr_(fdr) {}
  std::optional<RangeReducer> reducer_;
  std::optional<FastDiceRoller> fdr_;
};

// The first `count` faces (1-based) rolled from a generator's seed.
Result<std::vector<std::uint64_t>> first_rolls(const DiceMethodInfo& method, std::uint64_t sides, unsigned bits,
                                               std::string_view gen, std::string_view seed, std::size_t count);

struct DiceSampleSpec {
  std::vector<const DiceMethodInfo*> methods;
  std::uint64_t sides = 6;
  unsigned bits = 8;
  std::string gen, seed;
  std::uint64_t rolls = 0;
};

// The parameter string of a dice_sample job ("all" when every method is listed).
std::string dice_sample_params(const DiceSampleSpec& spec);

class DiceSampleJob final : public Job {
 public:
  static Result<std::shared_ptr<Job>> make(const DiceSampleSpec& spec);
  double step(std::uint64_t budget) override;
  bool done() const override { return method_index_ >= spec_.methods.size(); }
  std::vector<double> result() const override;
  std::string summary() const override;

 private:
  DiceSampleJob(DiceSampleSpec spec, ByteGenerator generator, std::vector<DieRoller> rollers);
  void start_method();

  DiceSampleSpec spec_;
  ByteGenerator start_;  // every method starts from the same generator state
  std::vector<DieRoller> rollers_;
  std::size_t method_index_ = 0;
  std::uint64_t rolled_ = 0;  // rolls done for the current method
  std::optional<DiceWordSource> words_;
  CoinReservoir coins_{8};
  std::vector<std::vector<std::uint64_t>> counts_;
  std::vector<std::uint64_t> bits_drawn_;
};

// A dice_sample result read back: per method, its counts and the random bits it used.
struct DiceSampleResult {
  std::uint64_t sides = 0, rolls = 0;
  std::vector<std::vector<std::uint64_t>> counts;
  std::vector<std::uint64_t> bits_drawn;
};
Result<DiceSampleResult> read_dice_sample_result(std::span<const double> values);

struct DiceExprSampleSpec {
  std::string expr;  // dice notation
  const DiceMethodInfo* method = nullptr;
  unsigned bits = 8;
  std::string gen, seed;
  std::uint64_t rolls = 0;
};
std::string dice_expr_sample_params(const DiceExprSampleSpec& spec);

class DiceExprSampleJob final : public Job {
 public:
  static Result<std::shared_ptr<Job>> make(const DiceExprSampleSpec& spec);
  double step(std::uint64_t budget) override;  // budget counts dice, not rolls
  bool done() const override { return rolled_ >= spec_.rolls; }
  std::vector<double> result() const override;
  std::string summary() const override;

 private:
  DiceExprSampleJob(DiceExprSampleSpec spec, DiceExpr expr, std::vector<std::optional<DieRoller>> rollers,
                    DiceWordSource words, TotalRange totals);

  DiceExprSampleSpec spec_;
  DiceExpr expr_;
  std::vector<std::optional<DieRoller>> rollers_;  // per term; empty for constants
  DiceWordSource words_;
  CoinReservoir coins_;
  std::int64_t min_total_;
  std::uint64_t dice_per_roll_;
  std::uint64_t rolled_ = 0;
  std::vector<std::uint64_t> counts_;
  std::vector<std::uint64_t> scratch_;
};

struct DiceExprSampleResult {
  std::uint64_t rolls = 0, bits_drawn = 0;
  std::int64_t min_total = 0;
  std::vector<std::uint64_t> counts;
};
Result<DiceExprSampleResult> read_dice_expr_sample_result(std::span<const double> values);

// The exact law of an expression in one slice (it cannot be split, but it
// runs in the worker, so a 2-second 1000d6 does not freeze the page).
class DiceExprExactJob final : public Job {
 public:
  explicit DiceExprExactJob(DiceExpr expr) : expr_(std::move(expr)) {}
  double step(std::uint64_t budget) override;
  bool done() const override { return done_; }
  std::vector<double> result() const override { return result_; }
  std::string summary() const override { return summary_; }

 private:
  DiceExpr expr_;
  bool done_ = false;
  std::vector<double> result_;
  std::string summary_ = "computing the exact law";
};

// Factories for make_job (core/job_catalog); the message names the bad field.
Result<std::shared_ptr<Job>> make_dice_sample_job(FieldReader& fields);
Result<std::shared_ptr<Job>> make_dice_expr_sample_job(FieldReader& fields);
Result<std::shared_ptr<Job>> make_dice_expr_exact_job(FieldReader& fields);

// ---------------------------------------------------------------------------

template <class NextNative>
std::uint64_t DiceWordSource::assemble(NextNative&& next_native) {
  ++words_drawn_;
  if (outputs_per_word_ == 1) return next_native() >> dropped_bits_;
  // At most 3 outputs of 31 bits (93 bits) for B = 64: a wide accumulator.
  WideCount acc = 0;
  for (unsigned i = 0; i < outputs_per_word_; ++i) acc = (acc << native_bits_) | next_native();
  return static_cast<std::uint64_t>(acc >> dropped_bits_);
}

template <class Body>
void DiceWordSource::run(Body&& body) {
  std::visit(
      [&](auto& g) {
        using G = std::decay_t<decltype(g)>;
        if constexpr (std::is_same_v<G, GaloisLfsr> || std::is_same_v<G, Z80Lfsr> || std::is_same_v<G, FibonacciLfsr>) {
          auto next_byte = [&]() -> std::uint64_t {
            if (byte_pos_ == bytes_.size()) {
              ByteGenerator filler(g);
              filler.fill(bytes_.data(), bytes_.size());
              g = std::get<G>(filler.engine());
              byte_pos_ = 0;
            }
            return bytes_[byte_pos_++];
          };
          body([&] { return assemble(next_byte); });
        } else if constexpr (std::is_same_v<G, GlibcGenerator>) {
          body([&] { return assemble([&]() -> std::uint64_t { return static_cast<std::uint64_t>(g.rand.next()); }); });
        } else {
          body([&] { return assemble([&]() -> std::uint64_t { return g.next(); }); });
        }
      },
      engine_);
}

}  // namespace shufflelab
