#include "model/decimal.h"

#include <gtest/gtest.h>

#include <compare>

namespace lbconform {
namespace {

Decimal D(const char* text) { return *Decimal::FromString(text); }

TEST(DecimalTest, FromDoubleIsTheShortestRoundTripDecimal) {
  EXPECT_EQ(Decimal::FromDouble(0.07)->ToString(), "0.07");
  EXPECT_EQ(Decimal::FromDouble(0.1)->ToString(), "0.1");
  EXPECT_EQ(Decimal::FromDouble(0.8)->ToString(), "0.8");
  EXPECT_EQ(Decimal::FromDouble(1.0)->ToString(), "1");
  EXPECT_EQ(Decimal::FromDouble(0.0)->ToString(), "0");
  EXPECT_EQ(Decimal::FromDouble(-0.5)->ToString(), "-0.5");
  EXPECT_EQ(Decimal::FromDouble(1e-7)->ToString(), "0.0000001");
  EXPECT_EQ(Decimal::FromDouble(0.30000000000000004)->ToString(), "0.30000000000000004");
  EXPECT_EQ(Decimal::FromDouble(1e20)->ToString(), "100000000000000000000");
  EXPECT_TRUE(Decimal::FromDouble(1.8446744073709552e19).has_value());
}

TEST(DecimalTest, FromDoubleRejectsNonFinite) {
  EXPECT_FALSE(Decimal::FromDouble(std::numeric_limits<double>::quiet_NaN()).has_value());
  EXPECT_FALSE(Decimal::FromDouble(std::numeric_limits<double>::infinity()).has_value());
}

TEST(DecimalTest, FromStringParsesExponentsAndRejectsGarbage) {
  EXPECT_EQ(D("7e-2"), D("0.07"));
  EXPECT_EQ(D("0.070"), D("0.07"));
  EXPECT_EQ(D("1E+2"), D("100"));
  EXPECT_FALSE(Decimal::FromString("").has_value());
  EXPECT_FALSE(Decimal::FromString("0.1.2").has_value());
  EXPECT_FALSE(Decimal::FromString("abc").has_value());
  EXPECT_FALSE(Decimal::FromString("1e").has_value());
  EXPECT_FALSE(Decimal::FromString("1234567890123456789012").has_value());
  // Trailing zeros are not significant digits: to_chars prints 1e20 as 21 digits.
  EXPECT_EQ(D("100000000000000000000"), D("1e20"));
  EXPECT_EQ(D("18446744073709552000"), D("1.8446744073709552e19"));
  EXPECT_EQ(D("0.50"), D("0.5"));
  EXPECT_EQ(D("120.0"), D("1.2e2"));
}

TEST(DecimalTest, OrderingIsExact) {
  EXPECT_LT(D("0.1"), D("0.10000000000000001"));
  EXPECT_LT(D("-1"), D("0"));
  EXPECT_LT(D("-2"), D("-1"));
  EXPECT_GT(D("1"), D("0.99999999999999999"));
  EXPECT_EQ(D("0") <=> D("-0"), std::strong_ordering::equal);
  EXPECT_LT(D("0"), D("1e-300"));
  EXPECT_GT(D("1e300"), D("1"));
}

// docs/contract.md §2.1: failoverRatio 0.07 with 100 primaries keeps them at exactly 7.
TEST(DecimalTest, SevenOfAHundredMeetsPointZeroSeven) {
  const Decimal ratio = *Decimal::FromDouble(0.07);
  EXPECT_EQ(CompareFraction(7, 100, ratio), std::strong_ordering::equal);
  EXPECT_EQ(CompareFraction(6, 100, ratio), std::strong_ordering::less);
  EXPECT_EQ(MinimumCountAtLeast(ratio, 100), 7U);
  // In binary floating point, 0.07 * 100 = 7.000000000000001 and 7 < that.
  EXPECT_LT(7.0, 0.07 * 100);
}

// FO-16: 0.1 × 10 = 1.0000000000000002 in binary; 1 of 10 meets 0.1.
TEST(DecimalTest, OneOfTenMeetsPointOne) {
  EXPECT_EQ(CompareFraction(1, 10, D("0.1")), std::strong_ordering::equal);
  EXPECT_EQ(MinimumCountAtLeast(D("0.1"), 10), 1U);
}

TEST(DecimalTest, CompareFractionEdges) {
  EXPECT_EQ(CompareFraction(0, 5, D("0")), std::strong_ordering::equal);
  EXPECT_EQ(CompareFraction(1, 5, D("0")), std::strong_ordering::greater);
  EXPECT_EQ(CompareFraction(5, 5, D("1")), std::strong_ordering::equal);
  EXPECT_EQ(CompareFraction(4, 5, D("0.8")), std::strong_ordering::equal);
  EXPECT_EQ(CompareFraction(4, 5, D("0.80000000000000004")), std::strong_ordering::less);
  EXPECT_EQ(CompareFraction(0, 5, D("1e-300")), std::strong_ordering::less);
  EXPECT_EQ(CompareFraction(1, 4000000000U, D("1e-300")), std::strong_ordering::greater);
  EXPECT_EQ(CompareFraction(3, 1, D("2")), std::strong_ordering::greater);
  EXPECT_EQ(CompareFraction(3, 1, D("1e300")), std::strong_ordering::less);
  EXPECT_EQ(CompareFraction(0, 1, D("-0.5")), std::strong_ordering::greater);
  EXPECT_EQ(CompareFraction(2, 3, D("0.66666666666666667")), std::strong_ordering::less);
  EXPECT_EQ(CompareFraction(2, 3, D("0.66666666666666666")), std::strong_ordering::greater);
  EXPECT_EQ(CompareFraction(1, 3, D("0.33333333333333334")), std::strong_ordering::less);
}

TEST(DecimalTest, MinimumCountMatchesTheWorkedExample) {
  // The failover text's example (FO-23): 4 × 0.5 = 2.
  EXPECT_EQ(MinimumCountAtLeast(D("0.5"), 4), 2U);
  EXPECT_EQ(MinimumCountAtLeast(D("0.75"), 2), 2U);
  EXPECT_EQ(MinimumCountAtLeast(D("1"), 4), 4U);
  EXPECT_EQ(MinimumCountAtLeast(D("0"), 4), 0U);
  EXPECT_EQ(MinimumCountAtLeast(D("0.01"), 250), 3U);
  EXPECT_EQ(MinimumCountAtLeast(D("2"), 4), 5U);  // unreachable: total + 1
}

}  // namespace
}  // namespace lbconform
