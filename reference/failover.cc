#include "reference/failover.h"

#include <fmt/format.h>

#include <cstdint>

namespace lbconform::reference {
namespace {

VmSet Names(const std::vector<BackendVm>& vms, bool backup, bool healthy_only) {
  VmSet names;
  for (const BackendVm& vm : vms) {
    if (vm.backup == backup && (!healthy_only || vm.healthy)) names.insert(vm.name);
  }
  return names;
}

std::uint32_t Count(const VmSet& set) { return static_cast<std::uint32_t>(set.size()); }

// HealthyPrimaryRatioAtLeast tells whether healthy / total >= ratio, exactly.
// With no primary VM the ratio is taken as 0 (GAP-4).
bool HealthyPrimaryRatioAtLeast(std::uint32_t healthy, std::uint32_t total, const Decimal& ratio) {
  if (total == 0) return CompareFraction(0, 1, ratio) >= 0;
  return CompareFraction(healthy, total, ratio) >= 0;
}

}  // namespace

// ------------------------------ Configured backends

std::vector<BackendVm> ConfiguredBackends(const PassthroughScenario& scenario) {
  // [ZA-15] Configured backends: every backend of the backend service, primary
  // and, with failover, failover.
  // [FO-1] A backend is primary unless it is designated a failover backend.
  // [FO-2] A primary VM is a member of a primary backend's group; a backup VM
  // is a member of a failover backend's group.
  std::vector<BackendVm> vms;
  vms.reserve(scenario.instances.size());
  for (const Instance& instance : scenario.instances) {
    vms.push_back({instance.name, instance.zone, scenario.backends[instance.backend].failover,
                   instance.health == HealthState::kHealthy});
  }
  return vms;
}

bool FailoverConfigured(const PassthroughScenario& scenario) {
  // GAP-5: failover is configured by a failover backend, not by the policy
  // object. [FO-10] The policy's settings only matter then.
  for (const BackendGroup& backend : scenario.backends) {
    if (backend.failover) return true;
  }
  return false;
}

// ------------------------------ Without failover (traffic distribution)

EligibleBackends IdentifyEligibleBackendsWithoutFailover(const std::vector<BackendVm>& vms, Trace& trace) {
  VmSet healthy;
  VmSet all;
  for (const BackendVm& vm : vms) {
    all.insert(vm.name);
    if (vm.healthy) healthy.insert(vm.name);
  }
  // [TD-1] "distributes new connections to its healthy backend VMs if at least
  // one backend VM is healthy".
  if (!healthy.empty()) {
    trace.Add(Clause::TD_1, [&] {
      return fmt::format(
          "no failover configured; {} of {} backend VMs are "
          "healthy: eligible = all healthy backends",
          healthy.size(), all.size());
    });
    return {EligibleKind::kAllHealthy, healthy};
  }
  // [TD-2] "When all backend VMs are unhealthy, the load balancer distributes
  // new connections among all backends as a last resort." (GAP-13: with no VM
  // at all the set is empty and connections are dropped.)
  trace.Add(Clause::TD_2, [&] {
    return fmt::format(
        "no failover configured; none of {} backend VMs is "
        "healthy: eligible = all backends (last resort)",
        all.size());
  });
  return {EligibleKind::kAllLastResort, all};
}

// ------------------------------ With failover: the active pool
//
// [FO-7] The active pool is computed from which backends are healthy and the
// failover ratio x. The failover text's table (the zh-TW translation lost the
// conditions of rows 1 and 2; FO-12 and FO-13 restore them from the API's
// failoverRatio text and the ratio examples), P = primary VMs, hP = healthy
// primaries, hB = healthy backups:
//
//   row 1 [FO-12]  (x ≠ 0 and hP/P ≥ x) or (x = 0 and hP > 0)   → all healthy primary VMs
//   row 2 [FO-13]  hB ≥ 1 and ((x ≠ 0 and hP/P < x) or (x = 0 and hP = 0))
//                                                               → all healthy backup VMs
//   row 3 [FO-14]  hP = 0 and hB = 0, dropping not configured   → all primary VMs (last resort)
//   [FO-20]        hP = 0 and hB = 0, dropping configured       → no VM: drop
//   GAP-1          x ≠ 0, 0 < hP/P < x, hB = 0                  → all healthy primary VMs
//
// Worked example [FO-23]: 4 primaries at x = 0.5 need 4 × 0.5 = 2 healthy.
//   [FO-24] vm-a1, vm-d1 down: 2/4 ≥ 0.5 → {vm-a2, vm-d2}
//   [FO-25] vm-a2 down too:    1/4 < 0.5 → the 4 healthy backups; vm-d2 leaves
//   [FO-26] vm-a2 back:        2/4 ≥ 0.5 → {vm-a2, vm-d2}, failback
//   [FO-27] vm-a1 back:        3/4 ≥ 0.5 → {vm-a1, vm-a2, vm-d2}
// [FO-15] x = 1.0 needs every primary healthy; [FO-16] x = 0.1 needs 10% of
// them; [FO-17] x = 0.0 fails over only when no primary is healthy.

EligibleBackends IdentifyEligibleBackendsWithFailover(const std::vector<BackendVm>& vms, const FailoverPolicy& policy,
                                                      Trace& trace) {
  const VmSet primaries = Names(vms, /*backup=*/false, /*healthy_only=*/false);
  const VmSet healthy_primaries = Names(vms, /*backup=*/false, /*healthy_only=*/true);
  const VmSet healthy_backups = Names(vms, /*backup=*/true, /*healthy_only=*/true);
  const Decimal& x = policy.failover_ratio;
  const std::uint32_t p = Count(primaries);
  const std::uint32_t hp = Count(healthy_primaries);
  const std::uint32_t hb = Count(healthy_backups);
  const std::string state = fmt::format(
      "{}/{} primary VMs healthy, {} backup VM(s) healthy, "
      "failover ratio {}",
      hp, p, hb, x.ToString());

  // [FO-11] The ratio is in [0.0, 1.0] (validated); unspecified means 0.0.
  const bool ratio_is_zero = x.is_zero();

  // Row 1 [FO-12]: all healthy primary VMs. The comparison is >= (GAP-2).
  const bool row_one = ratio_is_zero ? hp > 0 : HealthyPrimaryRatioAtLeast(hp, p, x);
  if (row_one) {
    trace.Add(Clause::FO_12, [&] {
      return fmt::format("{}: {} → active pool = all healthy primary VMs", state,
                         ratio_is_zero ? "ratio 0 and a primary is healthy" : "healthy-primary ratio ≥ ratio");
    });
    // [FO-8] The active pool holds primary VMs only.
    trace.Add(Clause::FO_8, [&] { return std::string("the active pool holds primary VMs only"); });
    return {EligibleKind::kPrimaryHealthy, healthy_primaries};
  }

  // Row 2 [FO-13]: all healthy backup VMs — [FO-3] backups receive connections
  // only once too few primaries are healthy. (GAP-3: ratio 0 is its own case.)
  const bool too_few_primaries = ratio_is_zero ? hp == 0 : !HealthyPrimaryRatioAtLeast(hp, p, x);
  if (hb >= 1 && too_few_primaries) {
    trace.Add(Clause::FO_13, [&] {
      return fmt::format(
          "{}: too few healthy primaries and a backup is "
          "healthy → active pool = all healthy backup VMs",
          state);
    });
    // [FO-9] This is failover: primaries leave the pool, healthy backups join.
    // [FO-8] The active pool holds backup VMs only.
    trace.Add(Clause::FO_9,
              [&] { return std::string("failover: primary VMs leave the active pool, even healthy ones"); });
    return {EligibleKind::kBackupHealthy, healthy_backups};
  }

  // Row 3 [FO-14] and dropping [FO-20]: every primary and backup VM unhealthy.
  if (hp == 0 && hb == 0) {
    if (policy.drop_traffic_if_unhealthy) {
      trace.Add(Clause::FO_20, [&] {
        return fmt::format(
            "{}: every VM unhealthy and dropTrafficIfUnhealthy "
            "→ new connections are dropped",
            state);
      });
      return {EligibleKind::kDrop, {}};
    }
    // [FO-19] The last resort uses primary VMs only; backups are excluded.
    trace.Add(Clause::FO_14, [&] {
      return fmt::format(
          "{}: every VM unhealthy → active pool = all primary "
          "VMs as a last resort",
          state);
    });
    trace.Add(Clause::FO_19, [&] { return std::string("backup VMs are excluded from the last resort"); });
    return {EligibleKind::kPrimaryLastResort, primaries};
  }

  // GAP-1: no row covers hP > 0, hP/P < x, hB = 0. Reading: healthy primaries.
  trace.Add(Clause::FO_12, [&] {
    return fmt::format(
        "{}: too few healthy primaries but no healthy backup; "
        "the table has no row (GAP-1) → all healthy primary VMs",
        state);
  });
  return {EligibleKind::kPrimaryHealthy, healthy_primaries};
}

}  // namespace lbconform::reference
