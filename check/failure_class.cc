#include "check/failure_class.h"

#include <fmt/format.h>

namespace lbconform {

namespace {

// WithoutPositions: "steps[2].connections[0].state" is "steps[].connections[].state".
std::string WithoutPositions(std::string_view field) {
  std::string out;
  bool in_index = false;
  for (char c : field) {
    if (c == '[') in_index = true;
    if (c == ']') in_index = false;
    if (!in_index || c == '[') out += c;
  }
  return out;
}

}  // namespace

std::string FailureClass::Signature() const {
  return fmt::format("{} {}", kind == Kind::kAdapterError ? "adapter error:" : "disagreement at", what);
}

std::string_view FailureClass::Headline() const {
  return kind == Kind::kAdapterError ? "ADAPTER ERROR" : "DISAGREEMENT";
}

FailureClass DisagreementClass(std::string_view field) {
  // An undecodable decision is one class, whatever the decoder's words.
  if (field.starts_with("decision (")) return {FailureClass::Kind::kDisagreement, "decision"};
  return {FailureClass::Kind::kDisagreement, WithoutPositions(field)};
}

FailureClass AdapterErrorClass(vectors::AdapterProblem problem) {
  return {FailureClass::Kind::kAdapterError, std::string(vectors::NameOf(problem))};
}

}  // namespace lbconform
