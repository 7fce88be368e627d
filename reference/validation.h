// Spec-level validation: configurations the texts' rules reject.
#ifndef LBCONFORM_REFERENCE_VALIDATION_H_
#define LBCONFORM_REFERENCE_VALIDATION_H_

#include <vector>

#include "reference/failover.h"

namespace lbconform::reference {

// ValidateScenario returns every spec rule the scenario breaks, in clause
// order; an empty list means the configuration is accepted.
std::vector<Error> ValidateScenario(const PassthroughScenario& scenario, Profile profile,
                                    Trace& trace);

}  // namespace lbconform::reference

#endif  // LBCONFORM_REFERENCE_VALIDATION_H_
