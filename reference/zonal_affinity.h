// Zonal affinity (ZA-*): from the original eligible backends to the
// modified eligible backends, through the zonal-match test backends and the
// zonally matched backends.
#ifndef LBCONFORM_REFERENCE_ZONAL_AFFINITY_H_
#define LBCONFORM_REFERENCE_ZONAL_AFFINITY_H_

#include <optional>
#include <vector>

#include "reference/failover.h"

namespace lbconform::reference {

struct ZonalAffinityResult {
  ZonalAffinityStatus status = ZonalAffinityStatus::kDisabled;
  VmSet test_backends;
  VmSet zonally_matched;
  std::optional<ZonalAffinityOutcome> outcome;
  std::optional<Fraction> computed_ratio;
  VmSet modified_eligible;
};

// ClientIsCompatible applies ZA-9..ZA-11 and ZA-8.
bool ClientIsCompatible(const Client& client, const std::string& load_balancer_region, Trace& trace);

// ZonalMatchTestBackends is the zonal-match condition table (ZA-24..ZA-26).
VmSet ZonalMatchTestBackends(EligibleKind original_kind, const std::vector<BackendVm>& vms, Trace& trace);

// AdjustForZonalAffinity runs the whole zonal-affinity logic (ZA-21 order).
ZonalAffinityResult AdjustForZonalAffinity(const PassthroughScenario& scenario, const std::vector<BackendVm>& vms,
                                           const EligibleBackends& original, Profile profile, Trace& trace);

}  // namespace lbconform::reference

#endif  // LBCONFORM_REFERENCE_ZONAL_AFFINITY_H_
