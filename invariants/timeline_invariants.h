// The timeline invariants that any reading of the texts keeps, for the
// stateful property and the timeline fuzzer alike:
//   - a connection never moves to another VM (CT-1);
//   - no new connection is ACTIVE outside the modified eligible set (CT-2);
//   - with draining disabled, nothing that was active survives a failover or
//     failback on a VM outside the new pool (FO-22);
//   - a drain ends `timeout` seconds after it began, never later (FO-21);
//   - a connection that may not persist is not ACTIVE past its opening event
//     while its VM is unhealthy, in the pool or not (CT-3..CT-5, GAP-21).
#ifndef LBCONFORM_INVARIANTS_TIMELINE_INVARIANTS_H_
#define LBCONFORM_INVARIANTS_TIMELINE_INVARIANTS_H_

#include <optional>
#include <string>

#include "model/timeline_model.h"

namespace lbconform::properties {

// TimelineViolation returns the first invariant a valid decision breaks, in
// words, or nullopt.
std::optional<std::string> TimelineViolation(const TimelineScenario& timeline, Profile profile,
                                             const TimelineDecision& decision);

}  // namespace lbconform::properties

#endif  // LBCONFORM_INVARIANTS_TIMELINE_INVARIANTS_H_
