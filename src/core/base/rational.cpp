#include "core/base/rational.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

namespace shufflelab {

namespace {
constexpr std::uint64_t kLimbBase = std::uint64_t{1} << 32;

std::uint32_t low32(std::uint64_t x) { return static_cast<std::uint32_t>(x & 0xffffffffu); }
}  // namespace

BigUint::BigUint(std::uint64_t value) {
  while (value != 0) {
    limbs_.push_back(low32(value));
    value >>= 32;
  }
}

BigUint BigUint::from_wide(WideCount value) {
  BigUint r;
  while (value != 0) {
    r.limbs_.push_back(static_cast<std::uint32_t>(value & 0xffffffffu));
    value >>= 32;
  }
  return r;
}

BigUint BigUint::power_of_two(std::size_t exponent) {
  BigUint r;
  r.set_bit(exponent);
  return r;
}

BigUint BigUint::power(std::uint64_t base, std::uint64_t exponent) {
  BigUint result(1);
  BigUint square(base);
  while (exponent != 0) {
    if (exponent & 1) result *= square;
    exponent >>= 1;
    if (exponent != 0) square *= square;
  }
  return result;
}

void BigUint::trim() {
  while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
}

std::size_t BigUint::bit_length() const {
  if (limbs_.empty()) return 0;
  return 32 * (limbs_.size() - 1) + static_cast<std::size_t>(std::bit_width(limbs_.back()));
}

void BigUint::set_bit(std::size_t index) {
  const std::size_t limb = index / 32;
  if (limbs_.size() <= limb) limbs_.resize(limb + 1, 0);
  limbs_[limb] |= std::uint32_t{1} << (index % 32);
}

std::uint64_t BigUint::low_u64() const {
  std::uint64_t r = 0;
  if (!limbs_.empty()) r = limbs_[0];
  if (limbs_.size() > 1) r |= std::uint64_t{limbs_[1]} << 32;
  return r;
}

double BigUint::to_double() const {
  const std::size_t bits = bit_length();
  if (bits <= 64) return static_cast<double>(low_u64());
  const BigUint top = *this >> (bits - 64);
  return std::ldexp(static_cast<double>(top.low_u64()), static_cast<int>(bits - 64));
}

double ratio_to_double(const BigUint& a, const BigUint& b) {
  if (a.is_zero()) return 0.0;
  const std::size_t abits = a.bit_length(), bbits = b.bit_length();
  const std::size_t ashift = abits > 64 ? abits - 64 : 0;
  const std::size_t bshift = bbits > 64 ? bbits - 64 : 0;
  const double top_a = static_cast<double>((a >> ashift).low_u64());
  const double top_b = static_cast<double>((b >> bshift).low_u64());
  const auto exponent = static_cast<long long>(ashift) - static_cast<long long>(bshift);
  return std::ldexp(top_a / top_b, static_cast<int>(exponent));
}

std::uint32_t BigUint::divmod_small(std::uint32_t divisor) {
  std::uint64_t rem = 0;
  for (std::size_t i = limbs_.size(); i-- > 0;) {
    const std::uint64_t cur = (rem << 32) | limbs_[i];
    limbs_[i] = static_cast<std::uint32_t>(cur / divisor);
    rem = cur % divisor;
  }
  trim();
  return static_cast<std::uint32_t>(rem);
}

std::string BigUint::to_string() const {
  if (is_zero()) return "0";
  BigUint rest = *this;
  std::vector<std::uint32_t> chunks;  // base 10^9, least significant first
  while (!rest.is_zero()) chunks.push_back(rest.divmod_small(1'000'000'000u));
  std::string out = std::to_string(chunks.back());
  for (std::size_t i = chunks.size() - 1; i-- > 0;) {
    const std::string part = std::to_string(chunks[i]);
    out.append(9 - part.size(), '0');
    out += part;
  }
  return out;
}

BigUint& BigUint::operator+=(const BigUint& other) {
  if (limbs_.size() < other.limbs_.size()) limbs_.resize(other.limbs_.size(), 0);
  std::uint64_t carry = 0;
  for (std::size_t i = 0; i < limbs_.size(); ++i) {
    const std::uint64_t sum = std::uint64_t{limbs_[i]} + (i < other.limbs_.size() ? other.limbs_[i] : 0u) + carry;
    limbs_[i] = low32(sum);
    carry = sum >> 32;
    if (carry == 0 && i >= other.limbs_.size()) break;
  }
  if (carry != 0) limbs_.push_back(static_cast<std::uint32_t>(carry));
  return *this;
}

BigUint& BigUint::operator-=(const BigUint& other) {
  std::uint64_t borrow = 0;
  for (std::size_t i = 0; i < limbs_.size(); ++i) {
    const std::uint64_t sub = (i < other.limbs_.size() ? other.limbs_[i] : 0u) + borrow;
    const std::uint64_t cur = limbs_[i];
    limbs_[i] = low32(cur + kLimbBase - sub);
    borrow = cur < sub ? 1 : 0;
    if (borrow == 0 && i >= other.limbs_.size()) break;
  }
  trim();
  return *this;
}

BigUint operator*(const BigUint& a, const BigUint& b) {
  BigUint r;
  if (a.is_zero() || b.is_zero()) return r;
  r.limbs_.assign(a.limbs_.size() + b.limbs_.size(), 0);
  for (std::size_t i = 0; i < a.limbs_.size(); ++i) {
    std::uint64_t carry = 0;
    const std::uint64_t ai = a.limbs_[i];
    for (std::size_t j = 0; j < b.limbs_.size(); ++j) {
      const std::uint64_t cur = ai * b.limbs_[j] + r.limbs_[i + j] + carry;
      r.limbs_[i + j] = low32(cur);
      carry = cur >> 32;
    }
    r.limbs_[i + b.limbs_.size()] = static_cast<std::uint32_t>(carry);
  }
  r.trim();
  return r;
}

BigUint& BigUint::operator*=(const BigUint& other) { return *this = *this * other; }

BigUint& BigUint::operator<<=(std::size_t bits) {
  if (is_zero() || bits == 0) return *this;
  const std::size_t limb_shift = bits / 32;
  const unsigned bit_shift = static_cast<unsigned>(bits % 32);
  limbs_.insert(limbs_.begin(), limb_shift, 0);
  if (bit_shift != 0) {
    std::uint32_t carry = 0;
    for (std::size_t i = limb_shift; i < limbs_.size(); ++i) {
      const std::uint32_t cur = limbs_[i];
      limbs_[i] = (cur << bit_shift) | carry;
      carry = cur >> (32 - bit_shift);
    }
    if (carry != 0) limbs_.push_back(carry);
  }
  return *this;
}

BigUint& BigUint::operator>>=(std::size_t bits) {
  const std::size_t limb_shift = bits / 32;
  if (limb_shift >= limbs_.size()) {
    limbs_.clear();
    return *this;
  }
  limbs_.erase(limbs_.begin(), limbs_.begin() + static_cast<std::ptrdiff_t>(limb_shift));
  const unsigned bit_shift = static_cast<unsigned>(bits % 32);
  if (bit_shift != 0) {
    for (std::size_t i = 0; i < limbs_.size(); ++i) {
      const std::uint32_t next = i + 1 < limbs_.size() ? limbs_[i + 1] : 0u;
      limbs_[i] = (limbs_[i] >> bit_shift) | (next << (32 - bit_shift));
    }
  }
  trim();
  return *this;
}

std::strong_ordering operator<=>(const BigUint& a, const BigUint& b) {
  if (a.limbs_.size() != b.limbs_.size()) return a.limbs_.size() <=> b.limbs_.size();
  for (std::size_t i = a.limbs_.size(); i-- > 0;)
    if (a.limbs_[i] != b.limbs_[i]) return a.limbs_[i] <=> b.limbs_[i];
  return std::strong_ordering::equal;
}

BigUint abs_diff(const BigUint& a, const BigUint& b) { return a >= b ? a - b : b - a; }

std::pair<BigUint, BigUint> BigUint::divmod(const BigUint& dividend, const BigUint& divisor) {
  if (dividend < divisor) return {BigUint(), dividend};
  if (divisor.limbs_.size() == 1) {
    BigUint q = dividend;
    const std::uint32_t r = q.divmod_small(divisor.limbs_[0]);
    return {q, BigUint(r)};
  }
  // Algorithm D: normalise so the divisor's top limb has its high bit set;
  // then each quotient digit estimate from the top two limbs is at most 2 too big.
  const std::size_t n = divisor.limbs_.size();
  const std::size_t m = dividend.limbs_.size() - n;
  const unsigned s = static_cast<unsigned>(std::countl_zero(divisor.limbs_.back()));
  std::vector<std::uint32_t> vn(n), un(dividend.limbs_.size() + 1);
  for (std::size_t i = n; i-- > 0;) {
    const std::uint64_t wide = (std::uint64_t{divisor.limbs_[i]} << 32 | (i > 0 ? divisor.limbs_[i - 1] : 0u)) << s;
    vn[i] = static_cast<std::uint32_t>(wide >> 32);
  }
  un[dividend.limbs_.size()] = static_cast<std::uint32_t>((std::uint64_t{dividend.limbs_.back()} << s) >> 32);
  for (std::size_t i = dividend.limbs_.size(); i-- > 0;) {
    const std::uint64_t wide = (std::uint64_t{dividend.limbs_[i]} << 32 | (i > 0 ? dividend.limbs_[i - 1] : 0u)) << s;
    un[i] = static_cast<std::uint32_t>(wide >> 32);
  }
  BigUint quotient;
  quotient.limbs_.assign(m + 1, 0);
  for (std::size_t j = m + 1; j-- > 0;) {
    const std::uint64_t top = (std::uint64_t{un[j + n]} << 32) | un[j + n - 1];
    std::uint64_t qhat = top / vn[n - 1];
    std::uint64_t rhat = top % vn[n - 1];
    while (qhat >= kLimbBase || qhat * vn[n - 2] > ((rhat << 32) | un[j + n - 2])) {
      --qhat;
      rhat += vn[n - 1];
      if (rhat >= kLimbBase) break;
    }
    std::int64_t borrow = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t product = qhat * vn[i];
      const std::int64_t t =
          static_cast<std::int64_t>(un[i + j]) - borrow - static_cast<std::int64_t>(product & 0xffffffffu);
      un[i + j] = static_cast<std::uint32_t>(static_cast<std::uint64_t>(t) & 0xffffffffu);
      borrow = static_cast<std::int64_t>(product >> 32) - (t >> 32);
    }
    const std::int64_t t = static_cast<std::int64_t>(un[j + n]) - borrow;
    un[j + n] = static_cast<std::uint32_t>(static_cast<std::uint64_t>(t) & 0xffffffffu);
    if (t < 0) {  // estimate was one too big: add the divisor back
      --qhat;
      std::uint64_t carry = 0;
      for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t sum = std::uint64_t{un[i + j]} + vn[i] + carry;
        un[i + j] = low32(sum);
        carry = sum >> 32;
      }
      un[j + n] = low32(std::uint64_t{un[j + n]} + carry);
    }
    quotient.limbs_[j] = static_cast<std::uint32_t>(qhat);
  }
  quotient.trim();
  BigUint remainder;
  remainder.limbs_.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t wide = (std::uint64_t{un[i + 1]} << 32) | un[i];
    remainder.limbs_[i] = static_cast<std::uint32_t>((wide >> s) & 0xffffffffu);
  }
  remainder.trim();
  return {quotient, remainder};
}

BigUint gcd(BigUint a, BigUint b) {
  while (!b.is_zero()) {
    BigUint r = BigUint::divmod(a, b).second;
    a = std::move(b);
    b = std::move(r);
  }
  return a;
}

Fraction::Fraction(BigUint numerator, BigUint denominator) : num_(std::move(numerator)), den_(std::move(denominator)) {
  if (num_.is_zero()) {
    den_ = BigUint(1);
    return;
  }
  const BigUint g = gcd(num_, den_);
  if (g != BigUint(1)) {
    num_ = BigUint::divmod(num_, g).first;
    den_ = BigUint::divmod(den_, g).first;
  }
}

double Fraction::to_double() const { return ratio_to_double(num_, den_); }

std::string Fraction::to_string() const { return num_.to_string() + "/" + den_.to_string(); }

std::strong_ordering operator<=>(const Fraction& a, const Fraction& b) { return a.num_ * b.den_ <=> b.num_ * a.den_; }

}  // namespace shufflelab
