// linear_complexity.hpp: Berlekamp-Massey over GF(2), word-parallel: the
// shortest linear recurrence (LFSR) that generates a bit sequence, its
// length L (the linear complexity) after every prefix, and next-bit
// prediction from it. A random sequence of N bits has L close to N/2; an
// LFSR of width w gives L <= w once 2w bits are seen, and predicts the rest.
//
// Bits are packed 64 a word, bit i of the sequence in bit i % 64 of word i / 64.
// The discrepancy sum c_0 s_N + ... + c_L s_{N-L} is one AND and XOR per 64
// terms on a reversed copy of the sequence, the update C += x^m B one shifted
// XOR per word: O(N L / 64) word operations in all.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/gen/gf2.hpp"

namespace shufflelab {

struct PackedBits {
  std::vector<std::uint64_t> words;
  std::size_t size = 0;
  void push(bool bit) {
    if (size % 64 == 0) words.push_back(0);
    words.back() |= std::uint64_t{bit} << (size % 64);
    ++size;
  }
  bool operator[](std::size_t i) const { return (words[i / 64] >> (i % 64)) & 1; }
};

struct LinearComplexity {
  std::size_t bits = 0;                   // the prefix analysed
  std::size_t complexity = 0;             // L
  std::vector<std::uint64_t> connection;  // C(x) = 1 + c_1 x + ... + c_L x^L, coefficient i in bit i
  // The profile: L after x[i] bits is y[i] (at most profile_points points, evenly spaced, the last at `bits`).
  std::vector<double> profile_x, profile_y;
};

// Runs Berlekamp-Massey on bits[0, prefix).
LinearComplexity berlekamp_massey(const PackedBits& bits, std::size_t prefix, std::size_t profile_points = 256);

// Predicts bits[from, bits.size) one at a time from the true bits before each
// (s_j = c_1 s_{j-1} + ... + c_L s_{j-L}); returns how many were right. Bits
// before position L are not predicted (from is raised to L).
std::size_t correct_predictions(const LinearComplexity& lc, const PackedBits& bits, std::size_t from);

// For L <= 64: the characteristic polynomial x^L C(1/x) of the recurrence.
std::optional<Gf2Poly> characteristic_polynomial(const LinearComplexity& lc);

// The LFSR lab's forms of a characteristic polynomial p of degree w (4..64)
// with p(0) = 1: the right-shifting Galois register (tarot form, lfsr.hpp)
// whose taps have bit i = coefficient of x^(w-1-i), and the Fibonacci one
// (generators.hpp) whose taps are p's low coefficients. "tarot32 mask CF"
// when the Galois taps are an 8-bit mask at the top of a 32-bit register.
std::string lfsr_lab_form(Gf2Poly characteristic);

}  // namespace shufflelab
