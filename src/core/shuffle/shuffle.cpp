#include "core/shuffle/shuffle.hpp"

#include "core/shuffle/comparator_sort.hpp"
#include "core/shuffle/riffle.hpp"
#include "core/base/text_format.hpp"

#include <algorithm>
#include <numeric>
#include <utility>

namespace shufflelab {

namespace {
struct AlgoName {
  ShuffleAlgo algo;
  std::string_view name;
};
constexpr std::array<AlgoName, 16> kAlgoNames{{
    {ShuffleAlgo::FisherYates, "fisher-yates"},
    {ShuffleAlgo::Pencil, "pencil"},
    {ShuffleAlgo::Pdep, "pdep"},
    {ShuffleAlgo::Sattolo, "sattolo"},
    {ShuffleAlgo::Naive, "naive"},
    {ShuffleAlgo::SortKeys, "sort-keys"},
    {ShuffleAlgo::Partial, "partial"},
    {ShuffleAlgo::CmpInsertion, "cmp-insertion"},
    {ShuffleAlgo::CmpBinaryInsertion, "cmp-binary-insertion"},
    {ShuffleAlgo::CmpMerge, "cmp-merge"},
    {ShuffleAlgo::CmpQuickFirst, "cmp-quick-first"},
    {ShuffleAlgo::CmpQuickMedian3, "cmp-quick-median3"},
    {ShuffleAlgo::CmpV8, "cmp-v8"},
    {ShuffleAlgo::Riffle, "riffle"},
    {ShuffleAlgo::Overhand, "overhand"},
    {ShuffleAlgo::CmpV8Chromium, "cmp-v8-chromium"},
}};

// Number of swap steps of a top-down Fisher-Yates run limited to `take` cards:
// the last card (position 0) never needs a draw.
std::uint32_t partial_swaps(const ShuffleSpec& spec) { return std::min(spec.take, spec.n - 1); }

void fill_identity(std::span<std::uint32_t> deck) { std::iota(deck.begin(), deck.end(), std::uint32_t{0}); }

// Cards sorted by (key, card): std::stable_sort over the rising card numbers
// keeps equal keys in card order, which is the documented tie rule.
std::vector<std::uint32_t> order_by_keys(const std::vector<std::uint32_t>& keys) {
  std::vector<std::uint32_t> order(keys.size());
  fill_identity(order);
  std::stable_sort(order.begin(), order.end(), [&](std::uint32_t x, std::uint32_t y) { return keys[x] < keys[y]; });
  return order;
}

void pencil_fast(std::span<std::uint32_t> deck, DrawRef draw) {
  const auto n = static_cast<std::uint32_t>(deck.size());
  if (n <= 64) {
    // Seed 003 verbatim in spirit: the bitset is one word.
    std::uint64_t cards = ~std::uint64_t{0} >> (64 - n);
    for (std::uint32_t t = 0; t < n; ++t) {
      const std::uint32_t i = draw(n - t);
      const std::uint64_t rest = clear_nth_set_bit(cards, i);
      deck[t] = static_cast<std::uint32_t>(ctz64(cards ^ rest));
      cards = rest;
    }
    return;
  }
  RankBitset remaining(n);
  for (std::uint32_t t = 0; t < n; ++t) deck[t] = remaining.strike(draw(n - t));
}

// Hands out typed-in draws to an adaptive shuffle, noting the first that runs
// out or is out of range (the shuffle then goes on with 0s).
class CheckedDraws {
 public:
  explicit CheckedDraws(std::span<const std::uint32_t> draws) : draws_(draws) {}
  std::uint32_t operator()(std::uint32_t bound) {
    const std::size_t k = next_++;
    if (k >= draws_.size()) {
      if (problem_.empty()) problem_ = "the shuffle needs more than the " + std::to_string(draws_.size()) + " draws given";
      return 0;
    }
    if (draws_[k] >= bound) {
      if (problem_.empty())
        problem_ = "draw " + std::to_string(k) + " is " + std::to_string(draws_[k]) + " but must be below " +
                   std::to_string(bound);
      return 0;
    }
    return draws_[k];
  }
  std::string problem() const {
    if (problem_.empty() && next_ < draws_.size())
      return "got " + std::to_string(draws_.size()) + " draws, the shuffle used " + std::to_string(next_);
    return problem_;
  }

 private:
  std::span<const std::uint32_t> draws_;
  std::size_t next_ = 0;
  std::string problem_;
};
}  // namespace

bool draws_adapt(ShuffleAlgo algo) {
  return algo >= ShuffleAlgo::CmpInsertion;  // everything appended after Partial
}

std::uint32_t max_draw_bound(const ShuffleSpec& spec) {
  if (spec.algo == ShuffleAlgo::Riffle) return std::max<std::uint32_t>(spec.n, 2);
  if (spec.algo == ShuffleAlgo::Overhand) return spec.cut_bound;
  if (draws_adapt(spec.algo)) return 2;
  const auto bounds = draw_bounds(spec);
  return bounds.empty() ? 1 : *std::max_element(bounds.begin(), bounds.end());
}

void run_adaptive(const ShuffleSpec& spec, std::span<std::uint32_t> deck, DrawRef draw, StepTape& tape) {
  fill_identity(deck);
  if (const auto sort = comparator_sort_of(spec.algo)) {
    comparator_sort(*sort, deck, draw, tape);
    return;
  }
  for (std::uint32_t round = 0; round < spec.rounds; ++round) {
    if (spec.algo == ShuffleAlgo::Overhand) overhand_once(deck, spec.cut_bound, draw, tape);
    else riffle_once(deck, draw, tape);
  }
}

namespace {
Result<std::vector<std::uint32_t>> replay_adaptive(const ShuffleSpec& spec, std::span<const std::uint32_t> draws) {
  using R = Result<std::vector<std::uint32_t>>;
  CheckedDraws source(draws);
  std::vector<std::uint32_t> deck(spec.n);
  StepTape tape;
  run_adaptive(spec, deck, source, tape);
  if (const std::string problem = source.problem(); !problem.empty())
    return R::fail("draws: " + problem + " (" + describe_draws(spec) + ")");
  return R::ok(std::move(deck));
}
}  // namespace

std::string_view shuffle_algo_name(ShuffleAlgo algo) {
  for (const auto& entry : kAlgoNames)
    if (entry.algo == algo) return entry.name;
  return "?";
}

Result<ShuffleAlgo> parse_shuffle_algo(std::string_view field, std::string_view text) {
  for (const auto& entry : kAlgoNames)
    if (entry.name == text) return Result<ShuffleAlgo>::ok(entry.algo);
  std::string names;
  for (const auto& entry : kAlgoNames) names += (names.empty() ? "" : ", ") + std::string(entry.name);
  return Result<ShuffleAlgo>::fail(std::string(field) + ": unknown algorithm \"" + std::string(text.substr(0, 24)) +
                                   "\" (one of " + names + ")");
}

Result<ShuffleSpec> make_shuffle_spec(ShuffleAlgo algo, std::uint32_t n, std::uint32_t take, std::uint32_t key_bound) {
  return make_human_shuffle_spec(algo, n, take, key_bound, 0, 0);
}

Result<ShuffleSpec> make_human_shuffle_spec(ShuffleAlgo algo, std::uint32_t n, std::uint32_t take,
                                            std::uint32_t key_bound, std::uint32_t rounds, std::uint32_t cut_bound) {
  using R = Result<ShuffleSpec>;
  if (n < 1 || n > kMaxShuffleCards)
    return R::fail("n: " + std::to_string(n) + " cards is outside 1.." + std::to_string(kMaxShuffleCards));
  if (algo == ShuffleAlgo::Partial) {
    if (take < 1 || take > n)
      return R::fail("take: " + std::to_string(take) + " is outside 1..n (n = " + std::to_string(n) + ")");
  } else if (take != 0) {
    return R::fail("take: only the partial shuffle draws a subset");
  }
  if (algo == ShuffleAlgo::SortKeys) {
    if (key_bound < 1) return R::fail("key_bound: sort-keys needs keys from a range of at least 1 value");
  } else if (key_bound != 0) {
    return R::fail("key_bound: only sort-keys uses random keys");
  }
  if ((algo == ShuffleAlgo::CmpV8 || algo == ShuffleAlgo::CmpV8Chromium) && n > kMaxV8ModelCards)
    return R::fail("n: the V8 model covers 1.." + std::to_string(kMaxV8ModelCards) + " cards (from " +
                   std::to_string(kMaxV8ModelCards + 1) + " V8 merges runs with galloping), got " + std::to_string(n));
  const bool human = algo == ShuffleAlgo::Riffle || algo == ShuffleAlgo::Overhand;
  if (human) {
    if (rounds < 1 || rounds > kMaxShuffleRounds)
      return R::fail("rounds: " + std::to_string(rounds) + " shuffles in a row is outside 1.." +
                     std::to_string(kMaxShuffleRounds));
  } else if (rounds != 0) {
    return R::fail("rounds: only riffle and overhand repeat");
  }
  if (algo == ShuffleAlgo::Overhand) {
    if (cut_bound < 2 || cut_bound > kMaxCutBound)
      return R::fail("cut: a cut with chance 1/" + std::to_string(cut_bound) + " is outside 1/2..1/" +
                     std::to_string(kMaxCutBound));
  } else if (cut_bound != 0) {
    return R::fail("cut: only overhand cuts at random gaps");
  }
  return R::ok(ShuffleSpec{algo, n, take, key_bound, rounds, cut_bound});
}

std::vector<std::uint32_t> draw_bounds(const ShuffleSpec& spec) {
  std::vector<std::uint32_t> bounds;
  const std::uint32_t n = spec.n;
  switch (spec.algo) {
    case ShuffleAlgo::FisherYates:
      for (std::uint32_t top = n - 1; top >= 1; --top) bounds.push_back(top + 1);
      break;
    case ShuffleAlgo::Pencil:
    case ShuffleAlgo::Pdep:
      for (std::uint32_t left = n; left >= 1; --left) bounds.push_back(left);
      break;
    case ShuffleAlgo::Sattolo:
      for (std::uint32_t top = n - 1; top >= 1; --top) bounds.push_back(top);
      break;
    case ShuffleAlgo::Naive:
      bounds.assign(n, n);
      break;
    case ShuffleAlgo::SortKeys:
      bounds.assign(n, spec.key_bound);
      break;
    case ShuffleAlgo::Partial:
      for (std::uint32_t s = 0; s < partial_swaps(spec); ++s) bounds.push_back(n - s);
      break;
    case ShuffleAlgo::CmpInsertion:
    case ShuffleAlgo::CmpBinaryInsertion:
    case ShuffleAlgo::CmpMerge:
    case ShuffleAlgo::CmpQuickFirst:
    case ShuffleAlgo::CmpQuickMedian3:
    case ShuffleAlgo::CmpV8:
    case ShuffleAlgo::CmpV8Chromium:
    case ShuffleAlgo::Riffle:
    case ShuffleAlgo::Overhand:
      break;  // no fixed list: see draws_adapt
  }
  return bounds;
}

std::string describe_draws(const ShuffleSpec& spec) {
  const std::string name(shuffle_algo_name(spec.algo));
  const std::string n = std::to_string(spec.n);
  switch (spec.algo) {
    case ShuffleAlgo::FisherYates:
      return name + " makes n-1 = " + counted(spec.n - 1, "draw") + "; draw k is uniform on [0, n-k)";
    case ShuffleAlgo::Pencil:
    case ShuffleAlgo::Pdep:
      return name + " makes n = " + n + " draws; draw k is uniform on [0, n-k) (the last is always 0)";
    case ShuffleAlgo::Sattolo:
      return name + " makes n-1 = " + std::to_string(spec.n - 1) +
             " draws; draw k is uniform on [0, n-1-k) (the last is always 0)";
    case ShuffleAlgo::Naive:
      return name + " makes n = " + n + " draws, each uniform on [0, " + n + ")";
    case ShuffleAlgo::SortKeys:
      return name + " makes n = " + n + " draws (one key per card), each uniform on [0, " +
             std::to_string(spec.key_bound) + ")";
    case ShuffleAlgo::Partial:
      return name + " makes min(take, n-1) = " + std::to_string(partial_swaps(spec)) +
             " draws; draw k is uniform on [0, n-k)";
    case ShuffleAlgo::CmpInsertion:
    case ShuffleAlgo::CmpBinaryInsertion:
    case ShuffleAlgo::CmpMerge:
    case ShuffleAlgo::CmpQuickFirst:
    case ShuffleAlgo::CmpQuickMedian3:
    case ShuffleAlgo::CmpV8:
    case ShuffleAlgo::CmpV8Chromium:
      return name + " draws one coin (0 or 1, below 2) per comparison, as many as the answers lead it to make";
    case ShuffleAlgo::Riffle:
      return name + " makes, per riffle, n = " + n + " coins (below 2) for the cut, then one draw below a+b for "
             "each card dropped while both packets (a and b cards) are non-empty";
    case ShuffleAlgo::Overhand:
      return name + " makes, per shuffle, n-1 = " + counted(spec.n - 1, "draw") + " below " +
             std::to_string(spec.cut_bound) + " (0 = cut between these two cards)";
  }
  return name;
}

void shuffle_fast(const ShuffleSpec& spec, std::span<std::uint32_t> deck, DrawRef draw) {
  const std::uint32_t n = spec.n;
  switch (spec.algo) {
    case ShuffleAlgo::FisherYates:
    case ShuffleAlgo::Partial: {
      fill_identity(deck);
      const std::uint32_t swaps = spec.algo == ShuffleAlgo::Partial ? partial_swaps(spec) : n - 1;
      for (std::uint32_t s = 0; s < swaps; ++s) {
        const std::uint32_t top = n - 1 - s;
        std::swap(deck[top], deck[draw(top + 1)]);
      }
      return;
    }
    case ShuffleAlgo::Pencil:
    case ShuffleAlgo::Pdep:
      pencil_fast(deck, draw);
      return;
    case ShuffleAlgo::Sattolo:
      fill_identity(deck);
      for (std::uint32_t top = n - 1; top >= 1; --top) std::swap(deck[top], deck[draw(top)]);
      return;
    case ShuffleAlgo::Naive:
      fill_identity(deck);
      for (std::uint32_t i = 0; i < n; ++i) std::swap(deck[i], deck[draw(n)]);
      return;
    case ShuffleAlgo::SortKeys: {
      std::vector<std::uint32_t> keys(n);
      for (auto& key : keys) key = draw(spec.key_bound);
      const auto order = order_by_keys(keys);
      std::copy(order.begin(), order.end(), deck.begin());
      return;
    }
    case ShuffleAlgo::CmpInsertion:
    case ShuffleAlgo::CmpBinaryInsertion:
    case ShuffleAlgo::CmpMerge:
    case ShuffleAlgo::CmpQuickFirst:
    case ShuffleAlgo::CmpQuickMedian3:
    case ShuffleAlgo::CmpV8:
    case ShuffleAlgo::CmpV8Chromium:
    case ShuffleAlgo::Riffle:
    case ShuffleAlgo::Overhand:
    {
      StepTape tape;
      run_adaptive(spec, deck, draw, tape);
      return;
    }
  }
}

std::vector<std::uint32_t> shuffle_fast(const ShuffleSpec& spec, DrawRef draw) {
  std::vector<std::uint32_t> deck(spec.n);
  shuffle_fast(spec, deck, draw);
  return deck;
}

Result<std::vector<std::uint32_t>> shuffle_with_draws(const ShuffleSpec& spec, std::span<const std::uint32_t> draws) {
  using R = Result<std::vector<std::uint32_t>>;
  if (draws_adapt(spec.algo)) return replay_adaptive(spec, draws);
  const auto bounds = draw_bounds(spec);
  if (draws.size() != bounds.size())
    return R::fail("draws: got " + std::to_string(draws.size()) + " draws, need " + std::to_string(bounds.size()) +
                   " (" + describe_draws(spec) + ")");
  for (std::size_t k = 0; k < bounds.size(); ++k)
    if (draws[k] >= bounds[k])
      return R::fail("draws: draw " + std::to_string(k) + " is " + std::to_string(draws[k]) + " but must be below " +
                     std::to_string(bounds[k]) + " (" + describe_draws(spec) + ")");
  SequenceDraws source(draws);
  return R::ok(shuffle_fast(spec, source));
}

std::vector<std::uint32_t> partial_sample(std::span<const std::uint32_t> deck, std::uint32_t take) {
  return std::vector<std::uint32_t>(deck.rbegin(), deck.rbegin() + static_cast<std::ptrdiff_t>(take));
}

void apply_event(std::span<std::uint32_t> cards, const ShuffleEvent& event) {
  if (event.kind == EventKind::Swap) {
    std::swap(cards[event.a], cards[event.b]);
  } else if (event.kind == EventKind::Move) {
    // Rotate [to, from] right by one: cards[from] lands at `to`.
    std::uint32_t* base = cards.data();
    std::rotate(base + event.a, base + event.b, base + event.b + 1);
  } else if (event.kind == EventKind::Write) {
    cards[event.a] = event.b;
  }
}

std::vector<std::uint32_t> deck_after(std::uint32_t n, std::span<const ShuffleEvent> events, std::size_t count) {
  std::vector<std::uint32_t> cards(n);
  fill_identity(cards);
  for (std::size_t e = 0; e < count && e < events.size(); ++e) apply_event(cards, events[e]);
  return cards;
}

ShuffleStepper::ShuffleStepper(const ShuffleSpec& spec)
    : spec_(spec), cards_(spec.n), remaining_(spec.algo == ShuffleAlgo::Pdep ? spec.n : 0) {
  fill_identity(cards_);
  if (spec.algo == ShuffleAlgo::SortKeys) keys_.assign(spec.n, 0);
}

std::uint32_t ShuffleStepper::total_steps() const {
  switch (spec_.algo) {
    case ShuffleAlgo::FisherYates:
    case ShuffleAlgo::Sattolo:
      return spec_.n - 1;
    case ShuffleAlgo::Pencil:
    case ShuffleAlgo::Pdep:
    case ShuffleAlgo::Naive:
      return spec_.n;
    case ShuffleAlgo::SortKeys:
      return 2 * spec_.n;  // n key draws, then n arranging moves
    case ShuffleAlgo::Partial:
      return partial_swaps(spec_);
    case ShuffleAlgo::CmpInsertion:
    case ShuffleAlgo::CmpBinaryInsertion:
    case ShuffleAlgo::CmpMerge:
    case ShuffleAlgo::CmpQuickFirst:
    case ShuffleAlgo::CmpQuickMedian3:
    case ShuffleAlgo::CmpV8:
    case ShuffleAlgo::CmpV8Chromium:
    case ShuffleAlgo::Riffle:
    case ShuffleAlgo::Overhand:
      return 0;  // recorded by record_shuffle instead
  }
  return 0;
}

std::uint32_t ShuffleStepper::next_bound() const {
  if (done()) return 0;
  const std::uint32_t n = spec_.n;
  switch (spec_.algo) {
    case ShuffleAlgo::FisherYates:
    case ShuffleAlgo::Partial:
    case ShuffleAlgo::Pencil:
    case ShuffleAlgo::Pdep:
      return n - step_;
    case ShuffleAlgo::Sattolo:
      return n - 1 - step_;
    case ShuffleAlgo::Naive:
      return n;
    case ShuffleAlgo::SortKeys:
      return step_ < n ? spec_.key_bound : 0;
    case ShuffleAlgo::CmpInsertion:
    case ShuffleAlgo::CmpBinaryInsertion:
    case ShuffleAlgo::CmpMerge:
    case ShuffleAlgo::CmpQuickFirst:
    case ShuffleAlgo::CmpQuickMedian3:
    case ShuffleAlgo::CmpV8:
    case ShuffleAlgo::CmpV8Chromium:
    case ShuffleAlgo::Riffle:
    case ShuffleAlgo::Overhand:
      return 0;
  }
  return 0;
}

void ShuffleStepper::step(DrawRef draw, std::vector<ShuffleEvent>& out) {
  if (done()) return;
  const std::uint32_t n = spec_.n;
  const std::uint32_t bound = next_bound();
  auto emit = [&](ShuffleEvent event) {
    apply_event(cards_, event);
    out.push_back(event);
  };
  switch (spec_.algo) {
    case ShuffleAlgo::FisherYates:
    case ShuffleAlgo::Partial:
    case ShuffleAlgo::Sattolo: {
      const std::uint32_t top = n - 1 - step_;
      const std::uint32_t j = draw(bound);
      emit({EventKind::Draw, j, bound, top});
      emit({EventKind::Swap, top, j});
      break;
    }
    case ShuffleAlgo::Pencil: {
      const std::uint32_t i = draw(bound);
      emit({EventKind::Draw, i, bound, step_});
      emit({EventKind::Move, step_, step_ + i});
      break;
    }
    case ShuffleAlgo::Pdep: {
      const std::uint32_t i = draw(bound);
      emit({EventKind::Draw, i, bound, step_});
      const std::uint32_t before = remaining_.remaining();
      const std::uint32_t card = remaining_.strike(i);
      emit({EventKind::StrikeBit, i, card, before});
      emit({EventKind::Move, step_, step_ + i});
      break;
    }
    case ShuffleAlgo::Naive: {
      const std::uint32_t j = draw(bound);
      emit({EventKind::Draw, j, bound, step_});
      emit({EventKind::Swap, step_, j});
      break;
    }
    case ShuffleAlgo::SortKeys:
      if (step_ < n) {
        const std::uint32_t key = draw(bound);
        keys_[step_] = key;
        emit({EventKind::Draw, key, bound, step_});
        if (step_ + 1 == n) key_order_ = order_by_keys(keys_);
      } else {
        sort_keys_arrange_step(out);
      }
      break;
    case ShuffleAlgo::CmpInsertion:
    case ShuffleAlgo::CmpBinaryInsertion:
    case ShuffleAlgo::CmpMerge:
    case ShuffleAlgo::CmpQuickFirst:
    case ShuffleAlgo::CmpQuickMedian3:
    case ShuffleAlgo::CmpV8:
    case ShuffleAlgo::CmpV8Chromium:
    case ShuffleAlgo::Riffle:
    case ShuffleAlgo::Overhand:
      return;
  }
  ++step_;
}

void ShuffleStepper::sort_keys_arrange_step(std::vector<ShuffleEvent>& out) {
  const std::uint32_t to = step_ - spec_.n;
  const std::uint32_t card = key_order_[to];
  const auto begin = cards_.begin();
  const auto from = static_cast<std::uint32_t>(std::find(begin + static_cast<std::ptrdiff_t>(to), cards_.end(), card) - begin);
  const ShuffleEvent move{EventKind::Move, to, from, keys_[card]};
  apply_event(cards_, move);
  out.push_back(move);
}

namespace {
// `recording` may already hold events (lin2003's warm-ups); the draw source
// may append to recording.events itself (lin2003's Rand/Reject).
void record_steps(const ShuffleSpec& spec, DrawRef draw, ShuffleRecording& recording) {
  recording.n = spec.n;
  ShuffleStepper stepper(spec);
  while (!stepper.done()) {
    stepper.step(draw, recording.events);
    recording.step_ends.push_back(recording.events.size());
  }
}
}  // namespace

ShuffleRecording record_shuffle(const ShuffleSpec& spec, DrawRef draw) {
  ShuffleRecording recording;
  if (draws_adapt(spec.algo)) {
    recording.n = spec.n;
    std::vector<std::uint32_t> deck(spec.n);
    StepTape tape(&recording);
    run_adaptive(spec, deck, draw, tape);
    tape.begin_step();  // closes the last step
    return recording;
  }
  record_steps(spec, draw, recording);
  return recording;
}

std::vector<std::uint32_t> deck_at_step(const ShuffleRecording& recording, std::size_t steps) {
  const std::size_t done = std::min(steps, recording.step_ends.size());
  return deck_after(recording.n, recording.events, done == 0 ? 0 : recording.step_ends[done - 1]);
}

std::array<std::uint64_t, 64> pdep_permutation_matrix64(DrawRef draw) {
  std::array<std::uint64_t, 64> rows{};
  std::uint64_t cards = ~std::uint64_t{0};
  for (std::uint32_t row = 64; row > 0;) {
    const std::uint32_t u = draw(row--);
    const std::uint64_t rest = clear_nth_set_bit(cards, u);
    rows[row] = cards ^ rest;
    cards = rest;
  }
  return rows;
}

Lin2003Draws::Lin2003Draws(std::uint32_t seed, std::vector<ShuffleEvent>* trace) : rand_(seed), trace_(trace) {
  for (std::uint32_t k = 0; k < kLin2003WarmupCalls; ++k) {
    const std::int32_t raw = rand_.next();
    if (trace_) trace_->push_back({EventKind::Warmup, static_cast<std::uint32_t>(raw)});
  }
}

std::uint32_t Lin2003Draws::operator()(std::uint32_t bound) {
  // randomInt(low = 0, high = bound - 1) of shuffle.c, in the same double
  // arithmetic: (int)(low + (high - low + 1) * r).
  for (;;) {
    const std::int32_t raw = rand_.next();
    const double r = static_cast<double>(raw) / kGlibcRandMax;
    if (r >= 1.0) {
      if (trace_) trace_->push_back({EventKind::Reject, static_cast<std::uint32_t>(raw), bound});
      continue;
    }
    if (trace_) trace_->push_back({EventKind::Rand, static_cast<std::uint32_t>(raw), bound});
    return static_cast<std::uint32_t>(static_cast<int>(0 + static_cast<int>(bound) * r));
  }
}

std::vector<std::uint32_t> lin2003_deck(std::uint32_t seed, std::uint32_t n) {
  Lin2003Draws draws(seed);
  const ShuffleSpec spec{ShuffleAlgo::FisherYates, n};
  return shuffle_fast(spec, draws);
}

ShuffleRecording record_lin2003(std::uint32_t seed, std::uint32_t n) {
  ShuffleRecording recording;
  Lin2003Draws draws(seed, &recording.events);
  record_steps(ShuffleSpec{ShuffleAlgo::FisherYates, n}, draws, recording);
  return recording;
}

void StepTape::emit(std::span<std::uint32_t> deck, const ShuffleEvent& event) {
  apply_event(deck, event);
  note(event);
}

void StepTape::note(const ShuffleEvent& event) {
  if (recording_) recording_->events.push_back(event);
}

void StepTape::begin_step() {
  if (!recording_) return;
  const std::size_t closed = recording_->step_ends.empty() ? 0 : recording_->step_ends.back();
  if (recording_->events.size() == closed) return;
  recording_->step_ends.push_back(recording_->events.size());
  if (on_close_) on_close_();
}

std::string lin2003_output(std::uint32_t seed, std::uint32_t n) {
  std::string text;
  for (std::uint32_t card : lin2003_deck(seed, n)) text += std::to_string(card) + ' ';
  return text + '\n';
}

}  // namespace shufflelab
