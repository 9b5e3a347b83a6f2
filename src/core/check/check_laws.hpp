// check_laws.hpp: exact laws of permutation statistics under a uniform
// shuffle of n cards, the references the deck checks test against.
// Each returns P(statistic = k) for k = 0..size-1 as doubles, computed from
// the exact counting recurrences (normalised row by row so n up to 1000
// neither overflows nor underflows where it matters):
//  - fixed points: C(n,k) D(n-k) / n! with D the derangement numbers, i.e.
//    (1/k!) sum_{i=0}^{n-k} (-1)^i / i!;
//  - cycles: c(n,k) / n!, unsigned Stirling numbers of the first kind,
//    c(n,k) = (n-1) c(n-1,k) + c(n-1,k-1);
//  - rising sequences (1 + descents of the inverse): Eulerian numbers
//    A(n,k) / n!, A(n,k) = (k+1) A(n-1,k) + (n-k) A(n-1,k-1), k descents;
//  - successions (card c+1 right below card c): C(n-1,k) S(n-k) / n! with
//    S(m) = sum_j (-1)^j C(m-1,j) (m-j)! the permutations without one, i.e.
//    (1/(n k!)) sum_{j=0}^{m-1} (-1)^j (m-j) / j!, m = n-k.
#pragma once
#include <cstddef>
#include <vector>

namespace shufflelab {

std::vector<double> fixed_point_law(std::size_t n);      // size n+1
std::vector<double> cycle_count_law(std::size_t n);      // size n+1, index = number of cycles
std::vector<double> rising_sequence_law(std::size_t n);  // size n+1, index = number of rising sequences (0 never)
std::vector<double> succession_law(std::size_t n);       // size n, index = number of successions

}  // namespace shufflelab
