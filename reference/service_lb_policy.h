// The service LB policy and preferred backends (SLB-*): validation,
// the policy as resolved, auto-capacity draining and undraining over time,
// the failover threshold, traffic isolation, and the traffic plan. One
// function per rule, in the text's order.
#ifndef LBCONFORM_REFERENCE_SERVICE_LB_POLICY_H_
#define LBCONFORM_REFERENCE_SERVICE_LB_POLICY_H_

#include <map>
#include <optional>
#include <vector>

#include "model/slb_model.h"
#include "reference/failover.h"

namespace lbconform::reference {

std::vector<Error> ValidateSlbScenario(const SlbScenario& s, Trace& trace);
ResolvedPolicy ResolvePolicy(const SlbScenario& s, Trace& trace);

// The backend's members and healthy members at time `at`.
HealthSample HealthAt(const SlbBackend& b, std::int64_t at);

Milli TargetCapacity(const SlbBackend& b, std::uint32_t members);
bool ZeroCapacity(const SlbBackend& b, std::uint32_t members);
bool DrainableCandidate(const SlbBackend& b, const HealthSample& health);

// AutoCapacityDrain replays the health reports up to the plan's time and
// returns, per backend, since when it has been drained (nullopt: not drained).
std::vector<std::optional<std::int64_t>> AutoCapacityDrain(const SlbScenario& s, Trace& trace);

bool BelowFailoverThreshold(const HealthSample& health, std::int64_t threshold);

// A tier is a set of backends filled together, in proportion to capacity.
struct Tier {
  std::vector<std::size_t> backends;
  bool last_resort = false;  // below the failover threshold (GAP-29)
};

// FillOrder is the order in which a client location's load fills backends.
std::vector<Tier> FillOrder(const SlbScenario& s, const ResolvedPolicy& policy, std::size_t client,
                            const std::vector<BackendState>& states, Trace& trace);

// ClientLocationOrder is the order in which client locations take capacity (GAP-28).
std::vector<std::size_t> ClientLocationOrder(const SlbScenario& s);

// PourIntoTiers fills `tiers` in order with `load`, each in proportion to the
// capacity its backends have left (`remaining`, by backend), adding each
// backend's share to `given`; it returns the load no tier took.
Milli PourIntoTiers(const std::vector<Tier>& tiers, Milli load, std::vector<Milli>& remaining,
                    std::map<std::size_t, Milli>& given);

}  // namespace lbconform::reference

#endif  // LBCONFORM_REFERENCE_SERVICE_LB_POLICY_H_
