#include "model/decimal.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <system_error>

namespace lbconform {
namespace {

constexpr std::uint64_t kMaxSignificand = 1'000'000'000'000'000'000ULL;  // 10^18

__extension__ typedef unsigned __int128 u128;

// Pow10 is 10^n for n in [0, 38].
u128 Pow10(int n) {
  u128 result = 1;
  for (int i = 0; i < n; ++i) result *= 10;
  return result;
}

}  // namespace

Decimal Decimal::FromInteger(std::int64_t value) {
  Decimal d;
  d.negative_ = value < 0;
  d.significand_ = value < 0 ? 0 - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
  // Keep the significand below 10^18 by moving factors of ten into the exponent.
  while (d.significand_ >= kMaxSignificand) {
    d.significand_ /= 10;  // only reached for |value| >= 10^18; loses nothing the
    d.exponent_ += 1;      // decoder needs (ratios are validated to [0, 1]).
  }
  return d;
}

std::optional<Decimal> Decimal::FromDouble(double value) {
  if (!std::isfinite(value)) return std::nullopt;
  std::array<char, 64> buffer{};
  // Scientific to_chars without a precision writes the shortest round-trip
  // digits (at most 17). The plain format would print doubles of 2^53 and up
  // as their exact integer, which can have 20 significant digits.
  auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value, std::chars_format::scientific);
  if (ec != std::errc()) return std::nullopt;
  return FromString(std::string_view(buffer.data(), static_cast<std::size_t>(end - buffer.data())));
}

std::optional<Decimal> Decimal::FromString(std::string_view text) {
  Decimal d;
  std::size_t i = 0;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) {
    d.negative_ = text[i] == '-';
    ++i;
  }
  int digits = 0;           // significant digits taken into the significand
  int fraction_digits = 0;  // digits after the point
  int pending_zeros = 0;    // zeros after the last non-zero digit, kept out of the significand
  bool seen_point = false;
  bool any_digit = false;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '.') {
      if (seen_point) return std::nullopt;
      seen_point = true;
      continue;
    }
    if (c < '0' || c > '9') break;
    any_digit = true;
    if (seen_point) ++fraction_digits;
    if (c == '0') {
      if (d.significand_ != 0) ++pending_zeros;  // leading zeros only scale
      continue;
    }
    // A non-zero digit: the zeros before it become significant.
    digits += pending_zeros + 1;
    if (digits > 18) return std::nullopt;
    for (; pending_zeros > 0; --pending_zeros) d.significand_ *= 10;
    d.significand_ = d.significand_ * 10 + static_cast<std::uint64_t>(c - '0');
  }
  if (!any_digit) return std::nullopt;
  long exponent = 0;
  if (i < text.size()) {
    if (text[i] != 'e' && text[i] != 'E') return std::nullopt;
    ++i;
    bool exponent_negative = false;
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) {
      exponent_negative = text[i] == '-';
      ++i;
    }
    if (i == text.size()) return std::nullopt;
    for (; i < text.size(); ++i) {
      if (text[i] < '0' || text[i] > '9') return std::nullopt;
      exponent = exponent * 10 + (text[i] - '0');
      if (exponent > 100000) return std::nullopt;
    }
    if (exponent_negative) exponent = -exponent;
  }
  d.exponent_ = static_cast<int>(exponent) - fraction_digits + pending_zeros;
  // Canonical form: no trailing zeros in the significand, zero has exponent 0.
  if (d.significand_ == 0) {
    d.exponent_ = 0;
  } else {
    while (d.significand_ % 10 == 0) {
      d.significand_ /= 10;
      ++d.exponent_;
    }
  }
  return d;
}

std::string Decimal::ToString() const {
  std::string digits = std::to_string(significand_);
  std::string out = negative() ? "-" : "";
  if (significand_ == 0) return "0";
  if (exponent_ >= 0) {
    if (exponent_ > 20) return out + digits + "e+" + std::to_string(exponent_);
    return out + digits + std::string(static_cast<std::size_t>(exponent_), '0');
  }
  const auto fraction = static_cast<std::size_t>(-exponent_);
  if (fraction > 40) return out + digits + "e" + std::to_string(exponent_);
  if (digits.size() <= fraction) {
    return out + "0." + std::string(fraction - digits.size(), '0') + digits;
  }
  return out + digits.substr(0, digits.size() - fraction) + "." + digits.substr(digits.size() - fraction);
}

double Decimal::ToDouble() const { return std::strtod(ToString().c_str(), nullptr); }

std::strong_ordering operator<=>(const Decimal& a, const Decimal& b) {
  if (a.negative() != b.negative()) {
    return a.negative() ? std::strong_ordering::less : std::strong_ordering::greater;
  }
  if (a.is_zero() || b.is_zero()) {
    if (a.is_zero() && b.is_zero()) return std::strong_ordering::equal;
    // Same sign (or zero): the zero one is closer to -inf unless both are negative.
    const bool a_smaller = a.is_zero() ? !b.negative() : a.negative();
    return a_smaller ? std::strong_ordering::less : std::strong_ordering::greater;
  }
  // Compare magnitudes: number of integer digits first, then digits aligned.
  auto magnitude = [](const Decimal& d) {
    return static_cast<long>(std::to_string(d.significand_).size()) + d.exponent_;
  };
  std::strong_ordering magnitude_order = std::strong_ordering::equal;
  if (magnitude(a) != magnitude(b)) {
    magnitude_order = magnitude(a) < magnitude(b) ? std::strong_ordering::less : std::strong_ordering::greater;
  } else {
    // Same leading position: align both significands to 18 digits and compare.
    auto aligned = [](const Decimal& d) {
      u128 s = d.significand_;
      for (auto n = std::to_string(d.significand_).size(); n < 18; ++n) s *= 10;
      return s;
    };
    const u128 sa = aligned(a);
    const u128 sb = aligned(b);
    if (sa != sb) magnitude_order = sa < sb ? std::strong_ordering::less : std::strong_ordering::greater;
  }
  if (!a.negative()) return magnitude_order;
  return 0 <=> magnitude_order;  // both negative: reversed
}

std::strong_ordering CompareFraction(std::uint32_t numerator, std::uint32_t denominator, const Decimal& ratio) {
  // numerator/denominator is never negative.
  if (ratio.negative()) return std::strong_ordering::greater;
  if (ratio.is_zero()) return numerator <=> 0U;
  const int e = ratio.exponent();
  const u128 sig = ratio.significand();
  if (e >= 0) {
    // The ratio is an integer >= 1. Beyond 10^20 it dwarfs any 32-bit fraction.
    if (e > 20) return std::strong_ordering::less;
    const u128 integer = sig * Pow10(e);  // <= 10^38 < 2^127
    if (integer > numerator) return std::strong_ordering::less;
    // Now integer <= numerator < 2^32, so the product stays below 2^64.
    return static_cast<u128>(numerator) <=> integer * denominator;
  }
  // numerator/denominator <=> sig / 10^-e  <=>  numerator·10^-e <=> sig·denominator.
  const int scale = -e;
  if (scale > 28) {
    // ratio < 10^18 · 10^-29 = 10^-11 < 1/2^32 <= any positive fraction here.
    return numerator == 0 ? std::strong_ordering::less : std::strong_ordering::greater;
  }
  const u128 lhs = static_cast<u128>(numerator) * Pow10(scale);  // < 2^32 · 10^28 < 2^126
  const u128 rhs = sig * denominator;                            // < 2^60 · 2^32
  return lhs <=> rhs;
}

std::uint32_t MinimumCountAtLeast(const Decimal& ratio, std::uint32_t total) {
  if (total == 0) return CompareFraction(0, 1, ratio) >= 0 ? 0 : 1;
  // k/total is increasing in k: binary search for the first k meeting the ratio.
  std::uint32_t lo = 0;
  std::uint32_t hi = total + 1;
  while (lo < hi) {
    const std::uint32_t mid = lo + (hi - lo) / 2;
    if (mid <= total && CompareFraction(mid, total, ratio) >= 0) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return lo;
}

}  // namespace lbconform
