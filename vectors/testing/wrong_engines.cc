#include "vectors/testing/wrong_engines.h"

#include <algorithm>
#include <set>

#include "reference/reference_engine.h"
#include "model/slb_model.h"
#include "model/timeline_model.h"

namespace lbconform::vectors::testing {

using Names = std::set<std::string>;

const std::vector<WrongEngineInfo>& AllMisreadings() {
  static const std::vector<WrongEngineInfo> kAll = {
      {Misreading::kFailoverAtOrBelow, "failover-at-or-below", "FO-12/FO-13, GAP-2"},
      {Misreading::kFloatRatio, "float-ratio", "FO-11, docs/contract.md §2.1"},
      {Misreading::kRatioZeroNeverFailsOver, "ratio-zero-never-fails-over", "FO-17"},
      {Misreading::kDefaultFailoverRatioHalf, "default-failover-ratio-half", "FO-11"},
      {Misreading::kLastResortIncludesBackups, "last-resort-includes-backups", "FO-14, FO-19"},
      {Misreading::kDropIgnored, "drop-ignored", "FO-20"},
      {Misreading::kFailoverKeepsHealthyPrimaries, "failover-keeps-healthy-primaries", "FO-8, FO-25"},
      {Misreading::kNoFailoverUnhealthyDrops, "no-failover-unhealthy-drops", "TD-2"},
      {Misreading::kTestBackendsAreEligible, "test-backends-are-eligible", "ZA-24..ZA-26"},
      {Misreading::kVpnIsCompatible, "vpn-is-compatible", "ZA-10"},
      {Misreading::kAnyRegionIsCompatible, "any-region-is-compatible", "ZA-11"},
      {Misreading::kSpillStrictlyGreater, "spill-strictly-greater", "ZA-40"},
      {Misreading::kSpillZeroAlwaysLocal, "spill-zero-always-local", "ZA-37, GAP-16"},
      {Misreading::kStayKeepsOriginalWhenEmpty, "stay-keeps-original-when-empty", "ZA-33"},
      {Misreading::kSubsettingAccepted, "subsetting-accepted", "ZA-5"},
      {Misreading::kLimitOffByOne, "limit-off-by-one", "FO-5"},
      {Misreading::kDrainingIsReset, "draining-is-reset", "FO-21"},
      {Misreading::kConnectAnywhere, "connect-anywhere", "CT-2"},
      {Misreading::kFailbackNotReported, "failback-not-reported", "FO-9"},
      {Misreading::kDrainingAlwaysTenMinutes, "draining-always-ten-minutes", "FO-21, GAP-7"},
      {Misreading::kPreferredIgnored, "preferred-ignored", "SLB-30"},
      {Misreading::kStrictOverflows, "strict-overflows", "SLB-27"},
      {Misreading::kThresholdDefaultFifty, "threshold-default-fifty", "SLB-22, GAP-30"},
      {Misreading::kIsolationWithoutGranularity, "isolation-without-granularity", "SLB-28"},
  };
  return kAll;
}

PassthroughDecision WrongEngine::Decide(const PassthroughScenario& s, Profile profile) const {
  const Misreading m = info_.misreading;
  const Decimal one = Decimal::FromInteger(1);
  const bool failover = std::any_of(s.backends.begin(), s.backends.end(), [](const BackendGroup& b) { return b.failover; });

  // Validation.
  std::vector<Error> errors;
  std::size_t primary_vms = 0, backup_vms = 0, primary_groups = 0, failover_groups = 0;
  for (const Instance& vm : s.instances) (s.backends[vm.backend].failover ? backup_vms : primary_vms)++;
  for (const BackendGroup& b : s.backends) (b.failover ? failover_groups : primary_groups)++;
  const std::size_t vm_limit = m == Misreading::kLimitOffByOne ? 249 : 250;
  if (failover && primary_vms > vm_limit) errors.push_back({ErrorCode::TOO_MANY_PRIMARY_VMS, "", ""});
  if (failover && backup_vms > 250) errors.push_back({ErrorCode::TOO_MANY_BACKUP_VMS, "", ""});
  if (failover && primary_groups > 50) errors.push_back({ErrorCode::TOO_MANY_PRIMARY_GROUPS, "", ""});
  if (failover && failover_groups > 50) errors.push_back({ErrorCode::TOO_MANY_FAILOVER_GROUPS, "", ""});
  Decimal x = s.failover_policy.failover_ratio;
  if (m == Misreading::kDefaultFailoverRatioHalf && x.is_zero()) x = *Decimal::FromString("0.5");
  if (x.negative() || one < x) errors.push_back({ErrorCode::FAILOVER_RATIO_OUT_OF_RANGE, "", ""});
  const Decimal& sr = s.zonal_affinity.spillover_ratio;
  if (sr.negative() || one < sr) errors.push_back({ErrorCode::SPILLOVER_RATIO_OUT_OF_RANGE, "", ""});
  if (s.zonal_affinity.spillover != Spillover::kDisabled) {
    if (s.subsetting == SubsettingPolicy::kConsistentHashSubsetting && m != Misreading::kSubsettingAccepted) {
      errors.push_back({ErrorCode::ZONAL_AFFINITY_WITH_SUBSETTING, "", ""});
    }
    if (s.deployment.packet_mirroring_collector) errors.push_back({ErrorCode::ZONAL_AFFINITY_WITH_PACKET_MIRRORING, "", ""});
    if (s.deployment.symmetric_hashing) {
      if (!s.deployment.symmetric_hashing->peer_zonal_affinity_enabled) {
        errors.push_back({ErrorCode::ZONAL_AFFINITY_SYMMETRIC_HASHING_PEER_DISABLED, "", ""});
      }
      if (profile == Profile::kEn20260402 && !s.deployment.symmetric_hashing->sender_to_receiver_same_zone_only) {
        errors.push_back({ErrorCode::ZONAL_AFFINITY_SYMMETRIC_HASHING_CROSS_ZONE, "", ""});
      }
    }
  }
  if (!errors.empty()) return InvalidDecision(errors);

  // Eligible backends.
  Names all, primaries, healthy, healthy_primaries, healthy_backups;
  for (const Instance& vm : s.instances) {
    const bool backup = s.backends[vm.backend].failover;
    const bool up = vm.health == HealthState::kHealthy;
    all.insert(vm.name);
    if (!backup) primaries.insert(vm.name);
    if (up) healthy.insert(vm.name);
    if (up && !backup) healthy_primaries.insert(vm.name);
    if (up && backup) healthy_backups.insert(vm.name);
  }
  EligibleKind kind;
  Names eligible;
  if (!failover) {
    if (!healthy.empty()) {
      kind = EligibleKind::kAllHealthy, eligible = healthy;
    } else if (m == Misreading::kNoFailoverUnhealthyDrops) {
      kind = EligibleKind::kAllLastResort;
    } else {
      kind = EligibleKind::kAllLastResort, eligible = all;
    }
  } else {
    const auto hp = static_cast<std::uint32_t>(healthy_primaries.size());
    const auto p = static_cast<std::uint32_t>(primaries.size());
    bool keep;
    if (x.is_zero()) {
      keep = m == Misreading::kRatioZeroNeverFailsOver ? p > 0 : hp > 0;
    } else if (m == Misreading::kFloatRatio) {
      keep = p > 0 && !(static_cast<double>(hp) < x.ToDouble() * p);
    } else if (m == Misreading::kFailoverAtOrBelow) {
      keep = p > 0 && CompareFraction(hp, p, x) > 0;
    } else {
      keep = p > 0 && CompareFraction(hp, p, x) >= 0;
    }
    if (keep) {
      kind = EligibleKind::kPrimaryHealthy, eligible = healthy_primaries;
    } else if (!healthy_backups.empty()) {
      kind = EligibleKind::kBackupHealthy, eligible = healthy_backups;
      if (m == Misreading::kFailoverKeepsHealthyPrimaries) eligible.insert(healthy_primaries.begin(), healthy_primaries.end());
    } else if (healthy_primaries.empty()) {
      if (s.failover_policy.drop_traffic_if_unhealthy && m != Misreading::kDropIgnored) {
        kind = EligibleKind::kDrop;
      } else {
        kind = EligibleKind::kPrimaryLastResort;
        eligible = m == Misreading::kLastResortIncludesBackups ? all : primaries;
      }
    } else {
      kind = EligibleKind::kPrimaryHealthy, eligible = healthy_primaries;
    }
  }

  // Zonal affinity.
  PassthroughDecision d;
  d.eligible_kind = kind;
  d.eligible.assign(eligible.begin(), eligible.end());
  Names modified = eligible;
  const Client& c = s.client;
  const bool compatible = (c.type == ClientType::kVm || (m == Misreading::kVpnIsCompatible && c.type == ClientType::kVpnTunnel)) &&
                          (c.region == s.region || m == Misreading::kAnyRegionIsCompatible);
  const bool last_resort = kind == EligibleKind::kAllLastResort || kind == EligibleKind::kPrimaryLastResort;
  if (s.zonal_affinity.spillover == Spillover::kDisabled) {
    d.zonal_status = ZonalAffinityStatus::kDisabled;
  } else if (s.deployment.network_security_integration) {
    d.zonal_status = ZonalAffinityStatus::kNsiPacketDrop, modified.clear();
  } else if (!compatible) {
    d.zonal_status = ZonalAffinityStatus::kIncompatibleClient;
  } else if (kind == EligibleKind::kDrop) {
    d.zonal_status = ZonalAffinityStatus::kTrafficDropped;
  } else {
    Names matched;
    for (const Instance& vm : s.instances) {
      const bool backup = s.backends[vm.backend].failover;
      const bool of_kind = kind == EligibleKind::kBackupHealthy ? backup
                           : (kind == EligibleKind::kAllHealthy || kind == EligibleKind::kAllLastResort) ? true
                                                                                                         : !backup;
      const bool tested = m == Misreading::kTestBackendsAreEligible ? eligible.contains(vm.name) : of_kind;
      if (tested && vm.zone == c.zone) matched.insert(vm.name);
    }
    if (matched.empty()) {
      d.zonal_status = ZonalAffinityStatus::kNoZonalMatch;
    } else {
      d.zonal_status = ZonalAffinityStatus::kApplied;
      Names both;
      std::set_intersection(matched.begin(), matched.end(), eligible.begin(), eligible.end(), std::inserter(both, both.end()));
      const bool english = profile == Profile::kEn20260402;
      bool refine;
      if (s.zonal_affinity.spillover == Spillover::kStayWithinZone) {
        refine = !both.empty();
        if (!refine && m != Misreading::kStayKeepsOriginalWhenEmpty) {
          d.outcome = ZonalAffinityOutcome::kReplaced;
          modified = matched;
        }
      } else if (sr.is_zero()) {
        refine = m == Misreading::kSpillZeroAlwaysLocal || (!both.empty() && !(english && last_resort));
      } else {
        std::uint32_t numerator = 0;
        for (const std::string& n : both) numerator += (!english || healthy.contains(n)) ? 1U : 0U;
        const auto order = CompareFraction(numerator, static_cast<std::uint32_t>(matched.size()), sr);
        refine = m == Misreading::kSpillStrictlyGreater ? order > 0 : order >= 0;
      }
      if (!d.outcome) {
        d.outcome = refine ? ZonalAffinityOutcome::kRefined : ZonalAffinityOutcome::kUnchanged;
        if (refine) modified = both;
      }
    }
  }
  if (d.zonal_status == ZonalAffinityStatus::kTrafficDropped) modified.clear();
  d.modified_eligible.assign(modified.begin(), modified.end());
  return d;
}

TimelineDecision WrongEngine::DecideTimeline(const TimelineScenario& timeline, Profile profile) const {
  const Misreading m = info_.misreading;
  const reference::ReferenceEngine reference(/*trace=*/false);
  TimelineDecision d =
      reference.DecideTimeline(timeline, m == Misreading::kDrainingAlwaysTenMinutes ? Profile::kApi10Min : profile);
  for (TimelineStep& step : d.steps) {
    if (m == Misreading::kFailbackNotReported && step.transition == Transition::kFailback) {
      step.transition = Transition::kNone;
    }
    for (ConnectionStatus& c : step.connections) {
      if (m == Misreading::kDrainingIsReset && c.state == ConnectionState::kDraining) {
        c.state = ConnectionState::kReset;
        c.draining_until.reset();
      }
      if (m == Misreading::kConnectAnywhere && c.state == ConnectionState::kRefused) c.state = ConnectionState::kActive;
    }
  }
  return d;
}

SlbDecision WrongEngine::Plan(const SlbScenario& scenario) const {
  // Each misreading changes what the reference is asked, as that reading would.
  SlbScenario s = scenario;
  switch (info_.misreading) {
    case Misreading::kPreferredIgnored:
      for (SlbBackend& b : s.backends) b.preference = Preference::kDefault;
      break;
    case Misreading::kStrictOverflows:
      if (s.policy.isolation_mode == IsolationMode::kStrict && s.policy.isolation_granularity == IsolationGranularity::kRegion) {
        s.policy.isolation_granularity = IsolationGranularity::kUnspecified;
      }
      break;
    case Misreading::kThresholdDefaultFifty:
      if (!s.policy.failover_health_threshold) s.policy.failover_health_threshold = 50;
      break;
    case Misreading::kIsolationWithoutGranularity:
      if (s.policy.isolation_mode != IsolationMode::kUnspecified) s.policy.isolation_granularity = IsolationGranularity::kRegion;
      break;
    default:
      break;
  }
  SlbDecision d = reference::ReferenceEngine(/*trace=*/false).Plan(s);
  if (info_.misreading == Misreading::kThresholdDefaultFifty && d.valid() && !scenario.policy.failover_health_threshold) {
    d.policy.failover_health_threshold = 70;  // it reports the default, but plans with 50
  }
  return d;
}

}  // namespace lbconform::vectors::testing
