#include "core/shuffle/comparator_sort.hpp"

#include <algorithm>
#include <array>
#include <numeric>
#include <utility>

namespace shufflelab {

namespace {
constexpr std::array<ComparatorSortInfo, kComparatorSortCount> kSorts{{
    {ComparatorSort::Insertion, ShuffleAlgo::CmpInsertion, "Insertion sort",
     "the small-range pass of most library sorts (libstdc++ std::sort below 16 elements)", kMaxComparatorExactCards},
    {ComparatorSort::BinaryInsertion, ShuffleAlgo::CmpBinaryInsertion, "Binary insertion sort",
     "TimSort's short runs (CPython list.sort, Java's Arrays.sort on objects); Chromium 156's whole sort "
     "below 16 elements", kMaxComparatorExactCards},
    {ComparatorSort::Merge, ShuffleAlgo::CmpMerge, "Top-down merge sort",
     "glibc 2.36's qsort (msort.c), Debian 12's C library", kMaxComparatorExactCards},
    {ComparatorSort::QuickFirst, ShuffleAlgo::CmpQuickFirst, "Quicksort, first-card pivot",
     "the textbook quicksort (Lomuto partition)", 22},  // partitions only: 2^(m-1) leaves per range of m
    {ComparatorSort::QuickMedian3, ShuffleAlgo::CmpQuickMedian3, "Quicksort, median-of-three pivot",
     "Sedgewick's quicksort; the pivot rule of most C library quicksorts", 20},
    {ComparatorSort::V8, ShuffleAlgo::CmpV8, "V8 Array.prototype.sort",
     "node 20 (V8 11.3): TimSort, one run + binary insertion below 64 elements", kMaxComparatorExactCards},
    {ComparatorSort::V8Chromium, ShuffleAlgo::CmpV8Chromium, "V8 Array.prototype.sort, Chromium 156",
     "Chromium 156 (V8 15.6): binary insertion alone below 16 elements, then as node 20 up to 63",
     kMaxComparatorExactCards},
}};

// One run of a sort over a deck: comparisons draw coins, moves go to the tape.
class Sorter {
 public:
  Sorter(std::span<std::uint32_t> deck, DrawRef draw, StepTape& tape) : deck_(deck), draw_(draw), tape_(tape) {}

  std::uint64_t comparisons() const { return comparisons_; }
  // Logs the cards of every comparison to `calls` from now on.
  void log_calls(std::vector<std::pair<std::uint32_t, std::uint32_t>>& calls) { calls_ = &calls; }

  void run(ComparatorSort sort) {
    const auto n = static_cast<std::uint32_t>(deck_.size());
    if (n < 2) return;
    switch (sort) {
      case ComparatorSort::Insertion:
        for (std::uint32_t i = 1; i < n; ++i)
          for (std::uint32_t j = i; j > 0 && first_goes_first(j, j - 1); --j) swap(j, j - 1);
        break;
      case ComparatorSort::BinaryInsertion:
        binary_insertion(1, n);
        break;
      case ComparatorSort::Merge:
        merge_sort(0, n);
        break;
      case ComparatorSort::QuickFirst:
      case ComparatorSort::QuickMedian3:
        quicksort(0, n, sort == ComparatorSort::QuickMedian3);
        break;
      case ComparatorSort::V8:
        binary_insertion(count_and_make_run(n), n);
        break;
      case ComparatorSort::V8Chromium:
        binary_insertion(n < kV8ShortSortCards ? 1 : count_and_make_run(n), n);
        break;
    }
  }

 private:
  // The comparator on the cards at positions a and b: true = deck[a] first.
  bool first_goes_first(std::uint32_t a, std::uint32_t b) {
    tape_.begin_step();
    const std::uint32_t coin = draw_(2);
    ++comparisons_;
    if (calls_) calls_->emplace_back(deck_[a], deck_[b]);
    if (tape_.recording()) {
      tape_.note({EventKind::Draw, coin, 2, a});
      tape_.note({EventKind::Compare, a, b, coin});
    }
    return coin != 0;
  }
  void swap(std::uint32_t a, std::uint32_t b) { tape_.emit(deck_, {EventKind::Swap, a, b}); }
  void move(std::uint32_t to, std::uint32_t from) {
    if (to != from) tape_.emit(deck_, {EventKind::Move, to, from});
  }

  // [0, start) is sorted; inserts start..high-1 one by one (V8's BinaryInsertionSort with low = 0).
  void binary_insertion(std::uint32_t start, std::uint32_t high) {
    for (; start < high; ++start) {
      std::uint32_t left = 0, right = start;
      while (left < right) {
        const std::uint32_t mid = left + ((right - left) >> 1);
        if (first_goes_first(start, mid)) right = mid;
        else left = mid + 1;
      }
      move(left, start);
    }
  }

  // V8's CountAndMakeRun(0, n): the length of the run at the front, made ascending.
  std::uint32_t count_and_make_run(std::uint32_t n) {
    std::uint32_t run = 2;
    const bool descending = first_goes_first(1, 0);
    for (std::uint32_t i = 2; i < n; ++i) {
      if (first_goes_first(i, i - 1) != descending) break;
      ++run;
    }
    if (descending)
      for (std::uint32_t low = 0, high = run - 1; low < high; ++low, --high) swap(low, high);
    return run;
  }

  void merge_sort(std::uint32_t begin, std::uint32_t end) {
    if (end - begin < 2) return;
    const std::uint32_t mid = begin + (end - begin) / 2;
    merge_sort(begin, mid);
    merge_sort(mid, end);
    // The merged prefix grows at `out`; the left run's head sits there, the right run's at `right`.
    std::uint32_t out = begin, right = mid;
    while (out < right && right < end) {
      if (!first_goes_first(out, right)) move(out, right++);
      ++out;
    }
  }

  void quicksort(std::uint32_t begin, std::uint32_t end, bool median_of_three) {
    while (end - begin >= 2) {
      const std::uint32_t store = partition(begin, end, median_of_three);
      quicksort(begin, store, median_of_three);
      begin = store + 1;
    }
  }

 public:
  // One partition of [begin, end) (2+ cards); returns the pivot's final position.
  std::uint32_t partition(std::uint32_t begin, std::uint32_t end, bool median_of_three) {
    if (median_of_three && end - begin >= 3) {
      const std::uint32_t mid = begin + (end - begin) / 2, last = end - 1;
      if (first_goes_first(mid, begin)) swap(mid, begin);
      if (first_goes_first(last, begin)) swap(last, begin);
      if (first_goes_first(last, mid)) swap(last, mid);
      swap(begin, mid);
    }
    std::uint32_t store = begin;
    for (std::uint32_t i = begin + 1; i < end; ++i)
      if (first_goes_first(i, begin)) swap(++store, i);
    swap(begin, store);
    return store;
  }

 private:
  std::span<std::uint32_t> deck_;
  DrawRef draw_;
  StepTape& tape_;
  std::uint64_t comparisons_ = 0;
  std::vector<std::pair<std::uint32_t, std::uint32_t>>* calls_ = nullptr;
};

// Replays a path of answers and extends it with 0s where it runs out.
class PathDraws {
 public:
  explicit PathDraws(std::vector<std::uint8_t>& path) : path_(path) {}
  std::uint32_t operator()(std::uint32_t) {
    if (next_ == path_.size()) path_.push_back(0);
    return path_[next_++];
  }

 private:
  std::vector<std::uint8_t>& path_;
  std::size_t next_ = 0;
};
}  // namespace

std::span<const ComparatorSortInfo> comparator_sorts() { return kSorts; }

std::optional<ComparatorSort> comparator_sort_of(ShuffleAlgo algo) {
  for (const auto& info : kSorts)
    if (info.algo == algo) return info.sort;
  return std::nullopt;
}

const ComparatorSortInfo& comparator_sort_info(ComparatorSort sort) {
  return kSorts[static_cast<std::size_t>(sort)];
}

std::string comparator_sorts_help() {
  std::string text = "Sorting with a coin-flip comparator, array.sort(() => Math.random() - 0.5): its bias depends on "
                     "the sort.";
  for (const auto& info : kSorts) text += "\n" + std::string(info.label) + ": " + std::string(info.used_by) + ".";
  return text;
}

std::uint64_t comparator_sort(ComparatorSort sort, std::span<std::uint32_t> deck, DrawRef draw, StepTape& tape) {
  Sorter sorter(deck, draw, tape);
  sorter.run(sort);
  return sorter.comparisons();
}

std::uint64_t comparator_sort(ComparatorSort sort, std::span<std::uint32_t> deck, DrawRef draw) {
  StepTape tape;
  return comparator_sort(sort, deck, draw, tape);
}

ComparatorCalls comparator_calls(ComparatorSort sort, std::uint32_t n, std::span<const std::uint32_t> answers) {
  ComparatorCalls out;
  out.deck.resize(n);
  std::iota(out.deck.begin(), out.deck.end(), std::uint32_t{0});
  std::size_t next = 0;
  auto draw = [&](std::uint32_t) -> std::uint32_t { return next < answers.size() ? answers[next++] : 0; };
  StepTape tape;
  Sorter sorter(out.deck, draw, tape);
  sorter.log_calls(out.calls);
  sorter.run(sort);
  return out;
}

namespace {
// A matrix of dyadic rationals: num[p * m + c] / 2^exponent.
struct Dyadic {
  std::uint32_t m = 0;
  std::vector<BigUint> num;
  std::size_t exponent = 0;
};

Dyadic identity(std::uint32_t m) {
  Dyadic d{m, std::vector<BigUint>(std::size_t{m} * m), 0};
  for (std::uint32_t i = 0; i < m; ++i) d.num[std::size_t{i} * m + i] = BigUint(1);
  return d;
}


// The law of a quicksort (one partition, then both sides sorted the same way)
// on a range of m cards, for m = 0..n: the sides are sorted by coins of their
// own, so a card's final position given its place after the partition follows
// the smaller ranges' laws. Only the partitions are walked leaf by leaf.
struct QuickLaws {
  std::vector<Dyadic> law;                            // law[m][final position * m + first position]
  std::vector<std::pair<BigUint, std::size_t>> mean;  // comparisons: num / 2^exponent
  std::uint64_t paths = 0;
};

QuickLaws quick_laws(std::uint32_t n, bool median_of_three) {
  QuickLaws out;
  out.law = {identity(0), identity(1)};
  out.mean = {{BigUint(), 0}, {BigUint(), 0}};
  for (std::uint32_t m = 2; m <= n; ++m) {
    // after[s]: positions after partitions whose pivot lands at s, by path length
    std::vector<std::vector<std::vector<std::uint64_t>>> after(m);
    std::vector<std::uint8_t> path;
    std::vector<std::uint32_t> deck(m);
    std::size_t longest = 0;
    std::vector<std::uint64_t> leaves_by_length;
    std::vector<std::vector<std::uint64_t>> pivot_by_length(m);
    do {
      std::iota(deck.begin(), deck.end(), std::uint32_t{0});
      PathDraws draws(path);
      StepTape tape;
      Sorter sorter(deck, draws, tape);
      const std::uint32_t store = sorter.partition(0, m, median_of_three);
      const std::size_t length = path.size();
      longest = std::max(longest, length);
      auto& cells = after[store];
      if (cells.size() <= length) cells.resize(length + 1);
      if (cells[length].empty()) cells[length].assign(std::size_t{m} * m, 0);
      for (std::uint32_t q = 0; q < m; ++q) ++cells[length][std::size_t{q} * m + deck[q]];
      if (leaves_by_length.size() <= length) leaves_by_length.resize(length + 1, 0);
      ++leaves_by_length[length];
      auto& pivots = pivot_by_length[store];
      if (pivots.size() <= length) pivots.resize(length + 1, 0);
      ++pivots[length];
      ++out.paths;
      while (!path.empty() && path.back() == 1) path.pop_back();
      if (!path.empty()) path.back() = 1;
    } while (!path.empty());

    // law(m) = sum over s of blocks(s) * after(s); mean(m) = E[partition] + sum P(s) (mean(s) + mean(m-1-s))
    std::size_t exponent = longest;
    for (std::uint32_t s = 0; s < m; ++s)
      exponent = std::max(exponent, longest + out.law[s].exponent + out.law[m - 1 - s].exponent);
    Dyadic total{m, std::vector<BigUint>(std::size_t{m} * m), exponent};
    BigUint mean_num;
    std::size_t mean_exp = longest;
    for (std::uint32_t s = 0; s < m; ++s)
      mean_exp = std::max(mean_exp, longest + std::max(out.mean[s].second, out.mean[m - 1 - s].second));
    for (std::size_t length = 0; length < leaves_by_length.size(); ++length)
      if (leaves_by_length[length])
        mean_num += BigUint(leaves_by_length[length]) * BigUint(length) << (mean_exp - length);
    for (std::uint32_t s = 0; s < m; ++s) {
      const Dyadic& left = out.law[s];
      const Dyadic& right = out.law[m - 1 - s];
      const std::size_t block_exp = left.exponent + right.exponent;
      for (std::size_t length = 0; length < after[s].size(); ++length) {
        if (after[s][length].empty()) continue;
        const std::size_t shift = exponent - block_exp - length;
        for (std::uint32_t q = 0; q < m; ++q)
          for (std::uint32_t c = 0; c < m; ++c) {
            const std::uint64_t count = after[s][length][std::size_t{q} * m + c];
            if (count == 0) continue;
            // the card at q after the partition ends at p with the chance of its side's law
            if (q == s) {
              total.num[std::size_t{q} * m + c] += BigUint(count) << (exponent - length);
              continue;
            }
            const bool on_left = q < s;
            const Dyadic& side = on_left ? left : right;
            const std::uint32_t offset = on_left ? 0 : s + 1, from = q - offset;
            const BigUint scale = on_left ? BigUint::power_of_two(right.exponent) : BigUint::power_of_two(left.exponent);
            for (std::uint32_t to = 0; to < side.m; ++to) {
              const BigUint& w = side.num[std::size_t{to} * side.m + from];
              if (w.is_zero()) continue;
              total.num[std::size_t{offset + to} * m + c] += (BigUint(count) * w * scale) << shift;
            }
          }
      }
      for (std::size_t length = 0; length < pivot_by_length[s].size(); ++length) {
        const std::uint64_t count = pivot_by_length[s][length];
        if (count == 0) continue;
        for (const auto& [side_num, side_exp] : {out.mean[s], out.mean[m - 1 - s]})
          mean_num += (BigUint(count) * side_num) << (mean_exp - length - side_exp);
      }
    }
    out.law.push_back(std::move(total));
    out.mean.emplace_back(std::move(mean_num), mean_exp);
  }
  return out;
}
}  // namespace

ComparatorExact::ComparatorExact(ComparatorSort sort, std::uint32_t n) : sort_(sort), n_(n), deck_(n) {}

std::uint64_t ComparatorExact::run(std::uint64_t max_paths) {
  if (!done_ && (sort_ == ComparatorSort::QuickFirst || sort_ == ComparatorSort::QuickMedian3)) {
    // Sub-range laws: seconds for n = 8 where the whole tree of median-of-three has ~10^8 leaves.
    QuickLaws laws = quick_laws(n_, sort_ == ComparatorSort::QuickMedian3);
    Dyadic& law = laws.law[n_];
    quick_weights_ = std::move(law.num);
    quick_exponent_ = law.exponent;
    quick_mean_ = Fraction(laws.mean[n_].first, BigUint::power_of_two(laws.mean[n_].second));
    paths_ = laws.paths;
    done_ = true;
    return laws.paths;
  }
  std::uint64_t walked = 0;
  while (!done_ && walked < max_paths) {
    std::iota(deck_.begin(), deck_.end(), std::uint32_t{0});
    PathDraws draws(path_);
    comparator_sort(sort_, deck_, draws);
    const std::size_t length = path_.size();
    if (leaves_.size() <= length) {
      leaves_.resize(length + 1, 0);
      cells_.resize(length + 1);
    }
    auto& cells = cells_[length];
    if (cells.empty()) cells.assign(std::size_t{n_} * n_, 0);
    for (std::uint32_t position = 0; position < n_; ++position) ++cells[std::size_t{position} * n_ + deck_[position]];
    ++leaves_[length];
    ++walked;
    ++paths_;
    // Next leaf in depth-first order: drop the trailing 1s, turn the last 0 into a 1.
    while (!path_.empty() && path_.back() == 1) path_.pop_back();
    if (path_.empty()) done_ = true;
    else path_.back() = 1;
  }
  return walked;
}

std::size_t ComparatorExact::exponent() const {
  return quick_weights_.empty() ? max_length() : quick_exponent_;
}

std::vector<BigUint> ComparatorExact::weights() const {
  if (!quick_weights_.empty()) return quick_weights_;
  const std::uint32_t top = max_length();
  std::vector<BigUint> out(std::size_t{n_} * n_);
  for (std::size_t length = 0; length < cells_.size(); ++length) {
    if (cells_[length].empty()) continue;
    for (std::size_t cell = 0; cell < out.size(); ++cell)
      if (cells_[length][cell] != 0) out[cell] += BigUint(cells_[length][cell]) << (top - length);
  }
  return out;
}

std::vector<Fraction> ComparatorExact::probabilities() const {
  const BigUint total = BigUint::power_of_two(exponent());
  std::vector<Fraction> out;
  for (const BigUint& weight : weights()) out.emplace_back(weight, total);
  return out;
}

Fraction ComparatorExact::mean_comparisons() const {
  if (!quick_weights_.empty()) return quick_mean_;
  const std::uint32_t top = max_length();
  BigUint sum;
  for (std::size_t length = 0; length < leaves_.size(); ++length)
    if (leaves_[length] != 0) sum += BigUint(leaves_[length]) * BigUint(length) << (top - length);
  return Fraction(sum, BigUint::power_of_two(top));
}

}  // namespace shufflelab
