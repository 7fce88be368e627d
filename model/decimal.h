// Exact decimals for the spec's ratios (failoverRatio, spilloverRatio).
//
// A JSON number such as 0.07 means the decimal 0.07: the shortest decimal that
// reads back as the same double (docs/contract.md §2.1). Every comparison the spec
// makes between a count ratio and a configured ratio is done here, exactly, in
// integers. No binary float ever decides a boundary.
#ifndef LBCONFORM_MODEL_DECIMAL_H_
#define LBCONFORM_MODEL_DECIMAL_H_

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace lbconform {

// Decimal is `significand × 10^exponent`, with a sign. Values produced by
// `FromDouble` carry at most 17 significant digits.
class Decimal {
 public:
  constexpr Decimal() = default;

  // FromDouble returns the shortest decimal that reads back as `value`, or
  // nullopt for NaN and infinities.
  static std::optional<Decimal> FromDouble(double value);
  // FromString parses `[-]digits[.digits][e[+-]digits]` exactly; nullopt on
  // anything else, or on more than 18 significant digits.
  static std::optional<Decimal> FromString(std::string_view text);
  // FromInteger is the exact integer `value`.
  static Decimal FromInteger(std::int64_t value);

  bool negative() const { return negative_ && significand_ != 0; }
  bool is_zero() const { return significand_ == 0; }
  std::uint64_t significand() const { return significand_; }
  int exponent() const { return exponent_; }

  // ToString prints the shortest plain decimal ("0.07", "1", "-0.5", "1e+300").
  std::string ToString() const;
  // ToDouble is for display and JSON output only; never compare with it.
  double ToDouble() const;

  friend std::strong_ordering operator<=>(const Decimal& a, const Decimal& b);
  friend bool operator==(const Decimal& a, const Decimal& b) { return (a <=> b) == std::strong_ordering::equal; }

 private:
  bool negative_ = false;
  std::uint64_t significand_ = 0;  // < 10^18
  int exponent_ = 0;
};

// CompareFraction orders the exact fraction `numerator / denominator` against
// `ratio`. `denominator` must be positive. Both counts are VM counts, far below
// 2^32 in any scenario the decoder accepts.
std::strong_ordering CompareFraction(std::uint32_t numerator, std::uint32_t denominator, const Decimal& ratio);

// MinimumCountAtLeast returns the smallest integer k in [0, total] with
// k / total >= ratio, or total + 1 when no such k exists. It is the exact
// "4 × 0.5 = 2" of the failover worked example, computed without floats.
std::uint32_t MinimumCountAtLeast(const Decimal& ratio, std::uint32_t total);

}  // namespace lbconform

#endif  // LBCONFORM_MODEL_DECIMAL_H_
