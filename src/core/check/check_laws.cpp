#include "core/check/check_laws.hpp"

namespace shufflelab {
namespace {

// sum_{j=0}^{terms-1} (-1)^j weight(j) / j!
template <class Weight>
double alternating_series(std::size_t terms, Weight weight) {
  double sum = 0, inverse_factorial = 1;
  for (std::size_t j = 0; j < terms; ++j) {
    if (j) inverse_factorial /= static_cast<double>(j);
    sum += (j % 2 ? -1.0 : 1.0) * weight(j) * inverse_factorial;
  }
  return sum;
}

}  // namespace

std::vector<double> fixed_point_law(std::size_t n) {
  std::vector<double> law(n + 1, 0.0);
  double inverse_factorial = 1;  // 1/k!
  for (std::size_t k = 0; k <= n; ++k) {
    if (k) inverse_factorial /= static_cast<double>(k);
    law[k] = inverse_factorial * alternating_series(n - k + 1, [](std::size_t) { return 1.0; });
  }
  return law;
}

std::vector<double> cycle_count_law(std::size_t n) {
  // Row m holds c(m,k)/m!: c(m,k)/m! = ((m-1)/m) c(m-1,k)/(m-1)! + (1/m) c(m-1,k-1)/(m-1)!.
  std::vector<double> row(n + 1, 0.0);
  row[0] = 1;
  for (std::size_t m = 1; m <= n; ++m) {
    const double stay = static_cast<double>(m - 1) / static_cast<double>(m), new_cycle = 1.0 / static_cast<double>(m);
    for (std::size_t k = m; k >= 1; --k) row[k] = stay * row[k] + new_cycle * row[k - 1];
    row[0] = 0;
  }
  return row;
}

std::vector<double> rising_sequence_law(std::size_t n) {
  // Row m holds A(m,k)/m! by descents k; A(m,k)/m! = ((k+1) a(m-1,k) + (m-k) a(m-1,k-1)) / m.
  std::vector<double> row(n + 1, 0.0);
  row[0] = 1;  // one card: no descent
  for (std::size_t m = 2; m <= n; ++m) {
    const double scale = 1.0 / static_cast<double>(m);
    for (std::size_t k = m - 1; k >= 1; --k)
      row[k] = scale * (static_cast<double>(k + 1) * row[k] + static_cast<double>(m - k) * row[k - 1]);
    row[0] = scale * row[0];
  }
  std::vector<double> law(n + 1, 0.0);
  for (std::size_t k = 0; k + 1 <= n; ++k) law[k + 1] = row[k];  // k descents = k + 1 rising sequences
  return law;
}

std::vector<double> succession_law(std::size_t n) {
  std::vector<double> law(n, 0.0);
  double inverse_factorial = 1;  // 1/k!
  for (std::size_t k = 0; k < n; ++k) {
    if (k) inverse_factorial /= static_cast<double>(k);
    const std::size_t m = n - k;
    law[k] = inverse_factorial / static_cast<double>(n) *
             alternating_series(m, [m](std::size_t j) { return static_cast<double>(m - j); });
  }
  return law;
}

}  // namespace shufflelab
