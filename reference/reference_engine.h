// The reference engine: the spec's rules, literally, in the spec's order.
#ifndef LBCONFORM_REFERENCE_REFERENCE_ENGINE_H_
#define LBCONFORM_REFERENCE_REFERENCE_ENGINE_H_

#include "reference/model.h"

namespace lbconform::reference {

class ReferenceEngine final : public Engine {
 public:
  // trace: build the informative step trace (off for bulk checking).
  explicit ReferenceEngine(bool trace = true) : trace_(trace) {}
  std::string_view name() const override { return "reference"; }
  PassthroughDecision Decide(const PassthroughScenario& scenario, Profile profile) const override;

 private:
  bool trace_;
};

}  // namespace lbconform::reference

#endif  // LBCONFORM_REFERENCE_REFERENCE_ENGINE_H_
