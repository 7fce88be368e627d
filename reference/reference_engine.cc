#include "reference/reference_engine.h"

#include <utility>

#include "reference/failover.h"
#include "reference/validation.h"
#include "reference/zonal_affinity.h"

namespace lbconform::reference {
namespace {

BackendNames ToNames(const VmSet& set) { return {set.begin(), set.end()}; }

}  // namespace

PassthroughDecision ReferenceEngine::Decide(const PassthroughScenario& scenario, Profile profile) const {
  Trace trace(trace_);
  std::vector<Error> errors = ValidateScenario(scenario, profile, trace);
  if (!errors.empty()) return InvalidDecision(std::move(errors));
  return DecideNewConnection(scenario, profile, trace);
}

PassthroughDecision DecideNewConnection(const PassthroughScenario& scenario, Profile profile, Trace& trace) {
  PassthroughDecision decision;
  const std::vector<BackendVm> vms = ConfiguredBackends(scenario);

  // [TD-3] Step 2.1: identify eligible backends.
  const EligibleBackends eligible = FailoverConfigured(scenario)
                                        ? IdentifyEligibleBackendsWithFailover(vms, scenario.failover_policy, trace)
                                        : IdentifyEligibleBackendsWithoutFailover(vms, trace);
  // [TD-3] Step 2.2: adjust the eligible backends for zonal affinity.
  const ZonalAffinityResult zonal = AdjustForZonalAffinity(scenario, vms, eligible, profile, trace);
  // [TD-3] Step 2.3 and [FO-18]: a backend is then chosen among the modified
  // eligible backends by consistent hashing, which the spec does not fix.
  trace.Add(Clause::FO_18, [&] {
    return std::string(zonal.modified_eligible.empty() ? "no backend is eligible: the new connection is dropped"
                                                       : "a backend is chosen from the modified eligible backends by "
                                                         "consistent hashing");
  });

  decision.eligible_kind = eligible.kind;
  decision.eligible = ToNames(eligible.backends);
  decision.zonal_status = zonal.status;
  decision.test_backends = ToNames(zonal.test_backends);
  decision.zonally_matched = ToNames(zonal.zonally_matched);
  decision.outcome = zonal.outcome;
  decision.computed_ratio = zonal.computed_ratio;
  decision.modified_eligible = ToNames(zonal.modified_eligible);
  decision.trace = std::move(trace.steps());
  return decision;
}

}  // namespace lbconform::reference
