// Decide and Cites: the two helpers every reference test uses.
#ifndef LBCONFORM_REFERENCE_TESTING_DECIDE_H_
#define LBCONFORM_REFERENCE_TESTING_DECIDE_H_

#include <algorithm>

#include "reference/reference_engine.h"

namespace lbconform::testing {

// Decide runs the reference (with its trace) on a scenario.
inline PassthroughDecision Decide(const PassthroughScenario& scenario, Profile profile = Profile::kSpecDocs) {
  return reference::ReferenceEngine().Decide(scenario, profile);
}

// Cites tells whether the decision's trace cites `clause`.
inline bool Cites(const PassthroughDecision& decision, Clause clause) {
  return std::any_of(decision.trace.begin(), decision.trace.end(),
                     [&](const TraceStep& step) { return step.clause == clause; });
}

}  // namespace lbconform::testing

#endif  // LBCONFORM_REFERENCE_TESTING_DECIDE_H_
