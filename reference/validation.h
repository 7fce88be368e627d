// Spec-level validation: configurations the texts' rules reject.
#ifndef LBCONFORM_REFERENCE_VALIDATION_H_
#define LBCONFORM_REFERENCE_VALIDATION_H_

#include <vector>

#include "reference/failover.h"

namespace lbconform::reference {

// InUnitInterval: a ratio in [0.0, 1.0] [FO-11] [ZA-35].
bool InUnitInterval(const Decimal& ratio);

// ValidateScenario returns every spec rule the scenario breaks, in clause
// order; an empty list means the configuration is accepted.
std::vector<Error> ValidateScenario(const PassthroughScenario& scenario, Profile profile, Trace& trace);

}  // namespace lbconform::reference

#endif  // LBCONFORM_REFERENCE_VALIDATION_H_
