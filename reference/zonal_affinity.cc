#include "reference/zonal_affinity.h"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <string>

namespace lbconform::reference {
namespace {

VmSet Intersection(const VmSet& a, const VmSet& b) {
  VmSet out;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::inserter(out, out.end()));
  return out;
}

std::string List(const VmSet& set) {
  if (set.empty()) return "{}";
  return fmt::format("{{{}}}", fmt::join(set, ", "));
}

bool IsLastResort(EligibleKind kind) {
  return kind == EligibleKind::kAllLastResort || kind == EligibleKind::kPrimaryLastResort;
}

ZonalAffinityResult Unchanged(ZonalAffinityResult result, const EligibleBackends& original) {
  result.modified_eligible = original.backends;
  return result;
}

// ------------------------------ The zonally matched backends

// ZonallyMatchedBackends keeps the test backends in the client's zone
// [ZA-18]. Steps 1–2 of every option's process [ZA-30].
VmSet ZonallyMatchedBackends(const VmSet& test_backends, const std::vector<BackendVm>& vms,
                             const std::string& client_zone) {
  VmSet matched;
  for (const BackendVm& vm : vms) {
    if (test_backends.contains(vm.name) && vm.zone == client_zone) matched.insert(vm.name);
  }
  return matched;
}

// ------------------------------ ZONAL_AFFINITY_STAY_WITHIN_ZONE

void StayWithinZone(ZonalAffinityResult& result, const EligibleBackends& original, Trace& trace) {
  // [ZA-31] Intersect the zonally matched backends with the original eligible ones.
  const VmSet intersection = Intersection(result.zonally_matched, original.backends);
  if (!intersection.empty()) {
    // [ZA-32] Non-empty: the modified eligible backends are the intersection.
    // [ZA-34] With all unhealthy primaries eligible it is never empty.
    trace.Add(IsLastResort(original.kind) ? Clause::ZA_34 : Clause::ZA_32, [&] {
      return fmt::format(
          "STAY_WITHIN_ZONE: zonally matched ∩ original eligible = {} → "
          "modified eligible = the intersection",
          List(intersection));
    });
    result.outcome = ZonalAffinityOutcome::kRefined;
    result.modified_eligible = intersection;
    return;
  }
  // [ZA-33] Empty: the zonally matched backends themselves, all unhealthy.
  trace.Add(Clause::ZA_33, [&] {
    return fmt::format(
        "STAY_WITHIN_ZONE: no eligible backend in the client's "
        "zone → modified eligible = the zonally matched "
        "backends {}, all unhealthy",
        List(result.zonally_matched));
  });
  result.outcome = ZonalAffinityOutcome::kReplaced;
  result.modified_eligible = result.zonally_matched;
}

// ------------------------------ ZONAL_AFFINITY_SPILL_CROSS_ZONE, ratio 0

void SpillCrossZoneWithZeroRatio(ZonalAffinityResult& result, const EligibleBackends& original, Profile profile,
                                 Trace& trace) {
  if (profile == Profile::kEn20260402 && IsLastResort(original.kind)) {
    // [ZA-EN-2] The English revision leaves a last-resort set unchanged (GAP-8).
    trace.Add(Clause::ZA_EN_2, [&] {
      return std::string(
          "SPILL_CROSS_ZONE (ratio 0), last-resort eligible set: no "
          "change (profile en-2026-04-02)");
    });
    result.outcome = ZonalAffinityOutcome::kUnchanged;
    result.modified_eligible = original.backends;
    return;
  }
  // [ZA-31] Intersect (the same step 3 as STAY_WITHIN_ZONE).
  const VmSet intersection = Intersection(result.zonally_matched, original.backends);
  if (!intersection.empty()) {
    // [ZA-36] Non-empty: the intersection. [ZA-38] With all unhealthy
    // primaries eligible it is never empty: connections stay in the zone.
    trace.Add(IsLastResort(original.kind) ? Clause::ZA_38 : Clause::ZA_36, [&] {
      return fmt::format(
          "SPILL_CROSS_ZONE (ratio 0): zonally matched ∩ original eligible "
          "= {} → modified eligible = the intersection",
          List(intersection));
    });
    result.outcome = ZonalAffinityOutcome::kRefined;
    result.modified_eligible = intersection;
    return;
  }
  // [ZA-37] Empty: the original eligible backends; connections may spill over.
  trace.Add(Clause::ZA_37, [&] {
    return std::string(
        "SPILL_CROSS_ZONE (ratio 0): no eligible backend in the client's "
        "zone → modified eligible = the original eligible backends");
  });
  result.outcome = ZonalAffinityOutcome::kUnchanged;
  result.modified_eligible = original.backends;
}

// ------------------------------ ZONAL_AFFINITY_SPILL_CROSS_ZONE, ratio > 0

// ComputedRatioSpecDocs is the Indonesian zonal-affinity text's formula [ZA-39]:
//   count(zonally matched ∩ original eligible) / count(zonally matched).
Fraction ComputedRatioSpecDocs(const VmSet& zonally_matched, const VmSet& intersection) {
  return {static_cast<std::uint32_t>(intersection.size()), static_cast<std::uint32_t>(zonally_matched.size())};
}

// ComputedRatioEn20260402 is the English revision's formula [ZA-EN-3]:
//   count(eligible and healthy backends of the kind in the client's zone) /
//   count(configured backends of the kind in the client's zone).
// Example [ZA-EN-4]: spillover 0.8, 5 backends in each of two zones, zone 1
// all healthy (5/5 = 1.0 ≥ 0.8: stay), zone 2 with 3 healthy (3/5 = 0.6 < 0.8:
// all 8 healthy backends).
Fraction ComputedRatioEn20260402(const VmSet& zonally_matched, const VmSet& intersection,
                                 const std::vector<BackendVm>& vms) {
  std::uint32_t eligible_and_healthy = 0;
  for (const BackendVm& vm : vms) {
    if (vm.healthy && intersection.contains(vm.name)) ++eligible_and_healthy;
  }
  return {eligible_and_healthy, static_cast<std::uint32_t>(zonally_matched.size())};
}

void SpillCrossZoneWithNonZeroRatio(ZonalAffinityResult& result, const EligibleBackends& original,
                                    const std::vector<BackendVm>& vms, const Decimal& spillover_ratio, Profile profile,
                                    Trace& trace) {
  // [ZA-31] Intersect.
  const VmSet intersection = Intersection(result.zonally_matched, original.backends);
  const Fraction ratio = profile == Profile::kEn20260402
                             ? ComputedRatioEn20260402(result.zonally_matched, intersection, vms)
                             : ComputedRatioSpecDocs(result.zonally_matched, intersection);
  result.computed_ratio = ratio;
  // The zonally matched set is never empty here, so the denominator is positive.
  const bool meets = CompareFraction(ratio.numerator, ratio.denominator, spillover_ratio) >= 0;
  const std::string comparison = fmt::format("computed ratio {}/{} {} spillover ratio {}", ratio.numerator,
                                             ratio.denominator, meets ? "≥" : "<", spillover_ratio.ToString());
  const Clause formula = profile == Profile::kEn20260402 ? Clause::ZA_EN_3 : Clause::ZA_39;
  if (meets) {
    // [ZA-40] Computed ratio ≥ spillover ratio: the intersection. [ZA-42] With
    // all unhealthy primaries eligible this always holds in the Indonesian text.
    trace.Add(formula, [&] { return std::string(comparison); });
    trace.Add(IsLastResort(original.kind) ? Clause::ZA_42 : Clause::ZA_40, [&] {
      return fmt::format("SPILL_CROSS_ZONE: modified eligible = the intersection {}", List(intersection));
    });
    result.outcome = ZonalAffinityOutcome::kRefined;
    result.modified_eligible = intersection;
    return;
  }
  // [ZA-41] Computed ratio < spillover ratio: the original eligible backends.
  // [ZA-EN-2] Under the English revision a last-resort set always lands here.
  trace.Add(formula, [&] { return std::string(comparison); });
  trace.Add(profile == Profile::kEn20260402 && IsLastResort(original.kind) ? Clause::ZA_EN_2 : Clause::ZA_41,
            [&] { return std::string("SPILL_CROSS_ZONE: modified eligible = the original eligible backends"); });
  result.outcome = ZonalAffinityOutcome::kUnchanged;
  result.modified_eligible = original.backends;
}

}  // namespace

// ------------------------------ Compatible clients

bool ClientIsCompatible(const Client& client, const std::string& load_balancer_region, Trace& trace) {
  switch (client.type) {
    case ClientType::kVpnTunnel:
    case ClientType::kInterconnectAttachment:
      // [ZA-10] Regional resources: never zonal affinity.
      trace.Add(Clause::ZA_10, [&] {
        return fmt::format(
            "client is a {}: a regional resource, never a "
            "compatible client",
            NameOf(client.type));
      });
      return false;
    case ClientType::kPscEndpoint:
      // [ZA-8] Only clients sending to the load balancer, not to a PSC endpoint.
      trace.Add(Clause::ZA_8, [&] {
        return std::string(
            "client reaches the load balancer through a Private Service "
            "Connect endpoint: not a compatible client (GAP-11)");
      });
      return false;
    case ClientType::kVm:
      break;
  }
  if (client.region != load_balancer_region) {
    // [ZA-11] A VM in another region never shares a zone with the backends.
    trace.Add(Clause::ZA_11, [&] {
      return fmt::format(
          "client VM is in region {}, the load balancer in {}: "
          "not a compatible client",
          client.region, load_balancer_region);
    });
    return false;
  }
  // [ZA-9] A VM client in the load balancer's region is compatible.
  trace.Add(Clause::ZA_9, [&] {
    return fmt::format(
        "client VM in {} ({}) is in the load balancer's region: "
        "compatible",
        client.zone, client.region);
  });
  return true;
}

// ------------------------------ Zonal-match test backends

VmSet ZonalMatchTestBackends(EligibleKind original_kind, const std::vector<BackendVm>& vms, Trace& trace) {
  VmSet test;
  switch (original_kind) {
    case EligibleKind::kPrimaryHealthy:
      // [ZA-24] All healthy primary backends → all configured primary backends.
      for (const BackendVm& vm : vms) {
        if (!vm.backup) test.insert(vm.name);
      }
      trace.Add(Clause::ZA_24, [&] {
        return std::string(
            "original eligible = healthy primaries → zonal-match test "
            "backends = all configured primary backends");
      });
      break;
    case EligibleKind::kBackupHealthy:
      // [ZA-25] All healthy failover backends → all configured failover backends.
      for (const BackendVm& vm : vms) {
        if (vm.backup) test.insert(vm.name);
      }
      trace.Add(Clause::ZA_25, [&] {
        return std::string(
            "original eligible = healthy failover backends → zonal-match "
            "test backends = all configured failover backends");
      });
      break;
    case EligibleKind::kPrimaryLastResort:
      // [ZA-26] All unhealthy primary backends → all configured primary backends.
      for (const BackendVm& vm : vms) {
        if (!vm.backup) test.insert(vm.name);
      }
      trace.Add(Clause::ZA_26, [&] {
        return std::string(
            "original eligible = all (unhealthy) primaries → zonal-match "
            "test backends = all configured primary backends");
      });
      break;
    case EligibleKind::kAllHealthy:
    case EligibleKind::kAllLastResort:
      // [ZA-EN-1] / GAP-9: without failover, all configured backends.
      for (const BackendVm& vm : vms) test.insert(vm.name);
      trace.Add(Clause::ZA_EN_1, [&] {
        return std::string(
            "no failover: zonal-match test backends = all configured "
            "backends (GAP-9)");
      });
      break;
    case EligibleKind::kDrop:
      break;  // never reached: dropped traffic stops before the test (GAP-6)
  }
  return test;
}

// ------------------------------ The zonal-affinity logic

ZonalAffinityResult AdjustForZonalAffinity(const PassthroughScenario& scenario, const std::vector<BackendVm>& vms,
                                           const EligibleBackends& original, Profile profile, Trace& trace) {
  ZonalAffinityResult result;
  const ZonalAffinityPolicy& policy = scenario.zonal_affinity;

  // [ZA-20] This runs after Identify eligible backends, on its output [ZA-16].
  // [ZA-21] Step 1: zonal affinity must be enabled.
  if (policy.spillover == Spillover::kDisabled) {
    // [ZA-12] Disabled: the original eligible backends, unchanged. [ZA-22] No
    // zonal match is possible.
    trace.Add(Clause::ZA_12, [&] {
      return std::string(
          "zonal affinity is ZONAL_AFFINITY_DISABLED: the original "
          "eligible backends are used unchanged");
    });
    result.status = ZonalAffinityStatus::kDisabled;
    return Unchanged(result, original);
  }
  // [ZA-7] Network Security Integration with zonal affinity drops packets (GAP-10).
  if (scenario.deployment.network_security_integration) {
    trace.Add(Clause::ZA_7, [&] {
      return std::string(
          "the load balancer is referenced by a Network Security "
          "Integration deployment: zonal affinity leads to packet drops "
          "(GAP-10) → modified eligible = {}");
    });
    result.status = ZonalAffinityStatus::kNsiPacketDrop;
    return result;
  }
  // [ZA-21] Step 2: the client must be compatible. [ZA-22] Otherwise no zonal
  // match is possible and the client behaves as if zonal affinity were disabled.
  if (!ClientIsCompatible(scenario.client, scenario.region, trace)) {
    trace.Add(Clause::ZA_22, [&] { return std::string("incompatible client: zonal affinity behaves as disabled"); });
    result.status = ZonalAffinityStatus::kIncompatibleClient;
    return Unchanged(result, original);
  }
  // GAP-6: dropped traffic has no eligible backend kind to test or refine.
  if (original.kind == EligibleKind::kDrop) {
    trace.Add(Clause::FO_20, [&] {
      return std::string(
          "traffic is dropped before zonal affinity (GAP-6): modified "
          "eligible = {}");
    });
    result.status = ZonalAffinityStatus::kTrafficDropped;
    return result;
  }
  // [ZA-21] Step 3: can a zonal match occur? [ZA-17] The zonal-match test
  // backends come from the configured and original eligible backends.
  result.test_backends = ZonalMatchTestBackends(original.kind, vms, trace);
  result.zonally_matched = ZonallyMatchedBackends(result.test_backends, vms, scenario.client.zone);
  // [ZA-23] A zonal match needs a test backend in the client's zone.
  // Examples: [ZA-27] primaries in A and B, client in A → match;
  //           [ZA-28] failover backends in C and D, client in A → no match.
  if (result.zonally_matched.empty()) {
    trace.Add(Clause::ZA_23, [&] {
      return fmt::format(
          "no zonal-match test backend is in the client's zone "
          "{}: no zonal match, original eligible backends "
          "unchanged",
          scenario.client.zone);
    });
    result.status = ZonalAffinityStatus::kNoZonalMatch;
    return Unchanged(result, original);
  }
  trace.Add(Clause::ZA_23, [&] {
    return fmt::format("zonal match: zonally matched backends in {} = {}", scenario.client.zone,
                       List(result.zonally_matched));
  });
  result.status = ZonalAffinityStatus::kApplied;

  // [ZA-21] Step 4, [ZA-29]: apply the logic of the configured option.
  // [ZA-1] New connections then prefer eligible backends in the client's zone.
  if (policy.spillover == Spillover::kStayWithinZone) {
    // [ZA-13] STAY_WITHIN_ZONE keeps traffic in the client's zone.
    StayWithinZone(result, original, trace);
  } else if (policy.spillover_ratio.is_zero()) {
    // [ZA-14] SPILL_CROSS_ZONE, spillover controlled by the ratio [ZA-35].
    SpillCrossZoneWithZeroRatio(result, original, profile, trace);
  } else {
    SpillCrossZoneWithNonZeroRatio(result, original, vms, policy.spillover_ratio, profile, trace);
  }
  // [ZA-19] The modified eligible backends are what new connections use.
  return result;
}

}  // namespace lbconform::reference
