// How a case fails, as `lbconform check` tells failures apart: shrinking keeps
// a smaller case only when it fails the same way (a crash met while shrinking
// a disagreement is another failure, and so is a disagreement first at
// another field), and two findings of one signature are the same failure.
// The first field that differs is the class, not every field: the fields a
// first difference drags along (the pool a wrong ratio changes) come and go
// as a case shrinks, and a class of all of them kept 16 of the 142 planted
// misreadings from shrinking as small (scripts/check-wrong-engines).
#ifndef LBCONFORM_CHECK_FAILURE_CLASS_H_
#define LBCONFORM_CHECK_FAILURE_CLASS_H_

#include <string>
#include <string_view>

#include "vectors/runner.h"

namespace lbconform {

struct FailureClass {
  enum class Kind { kDisagreement, kAdapterError };
  Kind kind = Kind::kDisagreement;
  // A disagreement: the first normative field that differs, as the diff of
  // its kind names it, positions dropped ("steps[].transition"); an adapter
  // error: its class (vectors::NameOf(AdapterProblem)).
  std::string what;

  friend bool operator==(const FailureClass&, const FailureClass&) = default;
  // Signature: "disagreement at eligible.kind", "adapter error: no answer in time".
  std::string Signature() const;
  // Headline: DISAGREEMENT or ADAPTER ERROR, as a finding is printed.
  std::string_view Headline() const;
};

// DisagreementClass: the class of a disagreement first at `field`.
FailureClass DisagreementClass(std::string_view field);
// AdapterErrorClass: the class of an adapter's problem.
FailureClass AdapterErrorClass(vectors::AdapterProblem problem);

}  // namespace lbconform

#endif  // LBCONFORM_CHECK_FAILURE_CLASS_H_
