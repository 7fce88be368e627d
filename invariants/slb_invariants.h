// The service-lb-policy invariants that any reading of the text keeps, for
// the properties and the slb_plan fuzzer alike:
//   - assigned + dropped = offered, exactly, per client location and in total;
//   - auto-capacity drain never drains half of the backends or more;
//   - a drained backend has zero effective capacity and gets nothing;
//   - STRICT never sends to another region; it drops everything when its
//     closest region has no backend that can serve (capacity and a healthy
//     member) and nothing otherwise: load above that region's capacity
//     overloads it (SLB-25, GAP-34);
//   - nothing reaches a DEFAULT backend while a usable PREFERRED one has room;
//   - WATERFALL_BY_ZONE never uses a farther zone of a region while a nearer
//     one has room;
//   - regionsServed and zonesServed are exactly the regions and zones that
//     received load.
#ifndef LBCONFORM_INVARIANTS_SLB_INVARIANTS_H_
#define LBCONFORM_INVARIANTS_SLB_INVARIANTS_H_

#include <optional>
#include <string>

#include "model/slb_model.h"

namespace lbconform::properties {

std::optional<std::string> SlbViolation(const SlbScenario& scenario, const SlbDecision& decision);

}  // namespace lbconform::properties

#endif  // LBCONFORM_INVARIANTS_SLB_INVARIANTS_H_
