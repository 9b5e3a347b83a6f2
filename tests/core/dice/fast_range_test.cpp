// fast_range.hpp: the wide multiply against the compiler's 128-bit product
// (in WebAssembly that is a different code path: __multi3), and Lemire64
// against RangeReducer's generic Lemire method, word for word.
#include "core/dice/fast_range.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "core/dice/range.hpp"

namespace shufflelab {
namespace {

TEST(FastRange, WideMultiplyMatchesInt128) {
  std::mt19937_64 rng(5);
  std::vector<std::uint64_t> values{0, 1, 2, 0xffffffff, 0x100000000, 0xffffffffffffffff, 0x8000000000000000};
  for (int i = 0; i < 200; ++i) values.push_back(rng());
  for (std::uint64_t a : values) {
    for (std::uint64_t b : values) {
      const unsigned __int128 reference = static_cast<unsigned __int128>(a) * b;
      const WideProduct product = multiply_wide(a, b);
      ASSERT_EQ(product.high, static_cast<std::uint64_t>(reference >> 64)) << a << " " << b;
      ASSERT_EQ(product.low, static_cast<std::uint64_t>(reference)) << a << " " << b;
    }
  }
}

struct ListWords {
  const std::vector<std::uint64_t>* words;
  std::size_t next = 0;
  std::uint64_t operator()() { return (*words)[next++ % words->size()]; }
};

TEST(FastRange, Lemire64EqualsRangeReducerWordForWord) {
  std::mt19937_64 rng(9);
  std::vector<std::uint64_t> words(5000);
  for (auto& word : words) word = rng();
  // Words that land in the rejection zone of large bounds: low products below 2^64 mod n.
  words[3] = 0;
  words[4] = 1;
  for (std::uint64_t n : {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{6}, std::uint64_t{52},
                          std::uint64_t{1} << 40, (std::uint64_t{1} << 63) + 1, std::uint64_t{0xfffffffffffffffb},
                          std::uint64_t{0xffffffffffffffff}}) {
    const Lemire64 fast(n);
    const RangeReducer generic = RangeReducer::make(RangeMethod::lemire, n, 64).value();
    ListWords a{&words}, b{&words};
    for (int i = 0; i < 3000; ++i) {
      const std::uint64_t value = fast.draw(a);
      ASSERT_EQ(value, generic.draw(b)) << n << " " << i;
      ASSERT_LT(value, n);
      ASSERT_EQ(a.next, b.next) << n;
    }
  }
}

TEST(FastRange, ThresholdLeavesAMultipleOfNWords) {
  for (std::uint64_t n : {std::uint64_t{3}, std::uint64_t{52}, std::uint64_t{1000003}, (std::uint64_t{1} << 63) + 5}) {
    // The words 0..2^64-1 whose low product is >= 2^64 mod n: (2^64 - t) of
    // them, which must split evenly over the n values.
    const unsigned __int128 all = static_cast<unsigned __int128>(1) << 64;
    const unsigned __int128 threshold = all % n;
    EXPECT_EQ((all - threshold) % n, 0u);
    // The class computes the same threshold: the word giving low product
    // exactly threshold - 1 is rejected, the next multiple is not.
    const Lemire64 lemire(n);
    if (threshold > 0) {
      std::vector<std::uint64_t> words{0, ~std::uint64_t{0}};  // 0 * n = 0 < threshold: rejected
      ListWords source{&words};
      lemire.draw(source);
      EXPECT_EQ(source.next, 2u) << n;
    }
  }
}

}  // namespace
}  // namespace shufflelab
