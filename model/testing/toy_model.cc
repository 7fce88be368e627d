#include "model/testing/toy_model.h"

namespace lbconform {

ToyDecision InvalidToyDecision(std::vector<Error> errors) {
  ToyDecision d;
  d.errors = std::move(errors);
  return d;
}

bool SameToyDecision(const ToyDecision& a, const ToyDecision& b) { return !NormativeToyDiff(a, b).has_value(); }

std::optional<std::string> NormativeToyDiff(const ToyDecision& expected, const ToyDecision& actual) {
  if (expected.valid() != actual.valid()) return "valid";
  if (!expected.valid()) return NormativeDiff(InvalidDecision(expected.errors), InvalidDecision(actual.errors));
  if (expected.total != actual.total) return "total";
  if (expected.over_limit != actual.over_limit) return "overLimit";
  return std::nullopt;
}

}  // namespace lbconform
