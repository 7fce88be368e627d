#include "reference/validation.h"

#include <fmt/format.h>

#include <cstddef>

namespace lbconform::reference {
namespace {

constexpr std::size_t kMaxPrimaryVms = 250;
constexpr std::size_t kMaxBackupVms = 250;
constexpr std::size_t kMaxPrimaryGroups = 50;
constexpr std::size_t kMaxFailoverGroups = 50;

// ------------------------------ Failover

void ValidateFailoverRatio(const PassthroughScenario& scenario, std::vector<Error>& errors) {
  // [FO-11] "The ratio can be between 0.0 and 1.0 (inclusive)."
  const Decimal& ratio = scenario.failover_policy.failover_ratio;
  if (!InUnitInterval(ratio)) {
    errors.push_back({ErrorCode::FAILOVER_RATIO_OUT_OF_RANGE, "/backendService/failoverPolicy/failoverRatio",
                      fmt::format("failoverRatio {} is outside [0.0, 1.0]", ratio.ToString())});
  }
}

void ValidateFailoverLimits(const PassthroughScenario& scenario, std::vector<Error>& errors) {
  // GAP-12: the limits belong to the failover text's active pool.
  if (!FailoverConfigured(scenario)) return;
  std::size_t primary_vms = 0;
  std::size_t backup_vms = 0;
  for (const Instance& instance : scenario.instances) {
    (scenario.backends[instance.backend].failover ? backup_vms : primary_vms) += 1;
  }
  std::size_t primary_groups = 0;
  std::size_t failover_groups = 0;
  for (const BackendGroup& backend : scenario.backends) {
    (backend.failover ? failover_groups : primary_groups) += 1;
  }
  // [FO-5] At most 250 primary VMs and 250 backup VMs.
  if (primary_vms > kMaxPrimaryVms) {
    errors.push_back({ErrorCode::TOO_MANY_PRIMARY_VMS, "/instances",
                      fmt::format("{} primary VMs; at most {}", primary_vms, kMaxPrimaryVms)});
  }
  if (backup_vms > kMaxBackupVms) {
    errors.push_back({ErrorCode::TOO_MANY_BACKUP_VMS, "/instances",
                      fmt::format("{} backup VMs; at most {}", backup_vms, kMaxBackupVms)});
  }
  // [FO-6] At most 50 primary and 50 failover backend instance groups.
  if (primary_groups > kMaxPrimaryGroups) {
    errors.push_back({ErrorCode::TOO_MANY_PRIMARY_GROUPS, "/backendService/backends",
                      fmt::format("{} primary groups; at most {}", primary_groups, kMaxPrimaryGroups)});
  }
  if (failover_groups > kMaxFailoverGroups) {
    errors.push_back({ErrorCode::TOO_MANY_FAILOVER_GROUPS, "/backendService/backends",
                      fmt::format("{} failover groups; at most {}", failover_groups, kMaxFailoverGroups)});
  }
}

// ------------------------------ Zonal affinity

void ValidateSpilloverRatio(const PassthroughScenario& scenario, std::vector<Error>& errors) {
  // [ZA-35] "The spillover ratio can range from 0.0 to 1.0, inclusive."
  const Decimal& ratio = scenario.zonal_affinity.spillover_ratio;
  if (!InUnitInterval(ratio)) {
    errors.push_back({ErrorCode::SPILLOVER_RATIO_OUT_OF_RANGE,
                      "/backendService/networkPassThroughLbTrafficPolicy/zonalAffinity/spilloverRatio",
                      fmt::format("spilloverRatio {} is outside [0.0, 1.0]", ratio.ToString())});
  }
}

void ValidateZonalAffinityCompatibility(const PassthroughScenario& scenario, Profile profile,
                                        std::vector<Error>& errors, Trace& trace) {
  if (scenario.zonal_affinity.spillover == Spillover::kDisabled) return;
  // [ZA-3] Next hops for routes and failover are supported: nothing to reject.
  trace.Add(Clause::ZA_3, [&] { return std::string("zonal affinity is supported with route next hops and failover"); });
  // [ZA-4] Symmetric hashing only when both load balancers enable zonal affinity.
  if (const auto& symmetric = scenario.deployment.symmetric_hashing) {
    if (!symmetric->peer_zonal_affinity_enabled) {
      errors.push_back({ErrorCode::ZONAL_AFFINITY_SYMMETRIC_HASHING_PEER_DISABLED,
                        "/deployment/symmetricHashing/peerZonalAffinityEnabled",
                        "symmetric hashing needs zonal affinity on both load balancers"});
    }
    // [ZA-EN-5] The English revision adds a same-zone condition (GAP-15).
    if (profile == Profile::kEn20260402 && !symmetric->sender_to_receiver_same_zone_only) {
      errors.push_back({ErrorCode::ZONAL_AFFINITY_SYMMETRIC_HASHING_CROSS_ZONE,
                        "/deployment/symmetricHashing/senderToReceiverSameZoneOnly",
                        "profile en-2026-04-02: sender VMs must reach only receiver VMs in their zone"});
    }
  }
  // [ZA-5] Not with backend subsetting.
  if (scenario.subsetting == SubsettingPolicy::kConsistentHashSubsetting) {
    errors.push_back({ErrorCode::ZONAL_AFFINITY_WITH_SUBSETTING, "/backendService/subsetting/policy",
                      "zonal affinity is incompatible with backend subsetting"});
  }
  // [ZA-6] Not as a Packet Mirroring collector destination.
  if (scenario.deployment.packet_mirroring_collector) {
    errors.push_back({ErrorCode::ZONAL_AFFINITY_WITH_PACKET_MIRRORING, "/deployment/packetMirroringCollector",
                      "zonal affinity is incompatible with a Packet Mirroring collector destination"});
  }
}

}  // namespace

bool InUnitInterval(const Decimal& ratio) { return !ratio.negative() && ratio <= Decimal::FromInteger(1); }

std::vector<Error> ValidateScenario(const PassthroughScenario& scenario, Profile profile, Trace& trace) {
  std::vector<Error> errors;
  ValidateFailoverLimits(scenario, errors);
  ValidateFailoverRatio(scenario, errors);
  ValidateZonalAffinityCompatibility(scenario, profile, errors, trace);
  ValidateSpilloverRatio(scenario, errors);
  return errors;
}

}  // namespace lbconform::reference
