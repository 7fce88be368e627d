// The passthrough misreadings: a compact, independent implementation of the
// failover and zonal-affinity rules, with one clause misread at a time.
#include <algorithm>
#include <set>

#include "vectors/testing/wrong_engines.h"

namespace lbconform::vectors::testing {
namespace {

using Names = std::set<std::string>;

enum class Misreading {
  kNone,                           // the baseline: must pass every vector
  kFailoverAtOrBelow,              // boundary: fail over when healthy/total <= ratio (gcloud's wording)
  kFloatRatio,                     // arithmetic: compare healthy < ratio * total in binary floating point
  kRatioZeroNeverFailsOver,        // ratio 0 read as "healthy/total < 0": never fails over
  kDefaultFailoverRatioHalf,       // default: an absent failoverRatio means 0.5
  kLastResortIncludesBackups,      // table row 3: every VM, backups too, as the last resort
  kDropIgnored,                    // dropTrafficIfUnhealthy has no effect
  kFailoverKeepsHealthyPrimaries,  // table row 2: the pool mixes healthy primaries into the backups
  kNoFailoverUnhealthyDrops,       // TD-2 missed: no healthy backend drops the connection
  kTestBackendsAreEligible,        // zonal-match table: test against the eligible set, not the configured one
  kVpnIsCompatible,                // compatibility: VPN tunnels get zonal affinity
  kAnyRegionIsCompatible,          // compatibility: VM clients in other regions get zonal affinity
  kSpillStrictlyGreater,           // boundary: computed ratio > spillover ratio refines
  kSpillZeroAlwaysLocal,           // the API's summary: ratio 0 always keeps traffic in the zone
  kStayKeepsOriginalWhenEmpty,     // STAY with an empty intersection keeps the original set
  kSubsettingAccepted,             // incompatibility: zonal affinity with subsetting accepted
  kLimitOffByOne,                  // limit: 250 primary VMs already rejected
};

bool FailoverConfigured(const PassthroughScenario& s) {
  return std::any_of(s.backends.begin(), s.backends.end(), [](const BackendGroup& b) { return b.failover; });
}

// The failover ratio as this reading takes it.
Decimal RatioAsRead(const PassthroughScenario& s, Misreading m) {
  Decimal x = s.failover_policy.failover_ratio;
  if (m == Misreading::kDefaultFailoverRatioHalf && x.is_zero()) x = *Decimal::FromString("0.5");
  return x;
}

std::vector<Error> ValidateAsRead(const PassthroughScenario& s, Profile profile, Misreading m) {
  const Decimal one = Decimal::FromInteger(1);
  const bool failover = FailoverConfigured(s);
  std::vector<Error> errors;
  std::size_t primary_vms = 0, backup_vms = 0, primary_groups = 0, failover_groups = 0;
  for (const Instance& vm : s.instances) (s.backends[vm.backend].failover ? backup_vms : primary_vms)++;
  for (const BackendGroup& b : s.backends) (b.failover ? failover_groups : primary_groups)++;
  const std::size_t vm_limit = m == Misreading::kLimitOffByOne ? 249 : 250;
  if (failover && primary_vms > vm_limit) errors.push_back({ErrorCode::TOO_MANY_PRIMARY_VMS, "", ""});
  if (failover && backup_vms > 250) errors.push_back({ErrorCode::TOO_MANY_BACKUP_VMS, "", ""});
  if (failover && primary_groups > 50) errors.push_back({ErrorCode::TOO_MANY_PRIMARY_GROUPS, "", ""});
  if (failover && failover_groups > 50) errors.push_back({ErrorCode::TOO_MANY_FAILOVER_GROUPS, "", ""});
  const Decimal x = RatioAsRead(s, m);
  if (x.negative() || one < x) errors.push_back({ErrorCode::FAILOVER_RATIO_OUT_OF_RANGE, "", ""});
  const Decimal& sr = s.zonal_affinity.spillover_ratio;
  if (sr.negative() || one < sr) errors.push_back({ErrorCode::SPILLOVER_RATIO_OUT_OF_RANGE, "", ""});
  if (s.zonal_affinity.spillover == Spillover::kDisabled) return errors;
  if (s.subsetting == SubsettingPolicy::kConsistentHashSubsetting && m != Misreading::kSubsettingAccepted) {
    errors.push_back({ErrorCode::ZONAL_AFFINITY_WITH_SUBSETTING, "", ""});
  }
  if (s.deployment.packet_mirroring_collector)
    errors.push_back({ErrorCode::ZONAL_AFFINITY_WITH_PACKET_MIRRORING, "", ""});
  if (s.deployment.symmetric_hashing) {
    if (!s.deployment.symmetric_hashing->peer_zonal_affinity_enabled) {
      errors.push_back({ErrorCode::ZONAL_AFFINITY_SYMMETRIC_HASHING_PEER_DISABLED, "", ""});
    }
    if (profile == Profile::kEn20260402 && !s.deployment.symmetric_hashing->sender_to_receiver_same_zone_only) {
      errors.push_back({ErrorCode::ZONAL_AFFINITY_SYMMETRIC_HASHING_CROSS_ZONE, "", ""});
    }
  }
  return errors;
}

// The VMs by role and health.
struct VmsByRole {
  Names all, primaries, healthy, healthy_primaries, healthy_backups;
};

VmsByRole SortVms(const PassthroughScenario& s) {
  VmsByRole v;
  for (const Instance& vm : s.instances) {
    const bool backup = s.backends[vm.backend].failover;
    const bool up = vm.health == HealthState::kHealthy;
    v.all.insert(vm.name);
    if (!backup) v.primaries.insert(vm.name);
    if (up) v.healthy.insert(vm.name);
    if (up && !backup) v.healthy_primaries.insert(vm.name);
    if (up && backup) v.healthy_backups.insert(vm.name);
  }
  return v;
}

struct Eligible {
  EligibleKind kind = EligibleKind::kAllLastResort;
  Names backends;
};

// KeepsPrimaries: whether the healthy primaries stay the active pool.
bool KeepsPrimaries(const VmsByRole& v, const Decimal& x, Misreading m) {
  const auto hp = static_cast<std::uint32_t>(v.healthy_primaries.size());
  const auto p = static_cast<std::uint32_t>(v.primaries.size());
  if (x.is_zero()) return m == Misreading::kRatioZeroNeverFailsOver ? p > 0 : hp > 0;
  if (m == Misreading::kFloatRatio) return p > 0 && !(static_cast<double>(hp) < x.ToDouble() * p);
  if (m == Misreading::kFailoverAtOrBelow) return p > 0 && CompareFraction(hp, p, x) > 0;
  return p > 0 && CompareFraction(hp, p, x) >= 0;
}

Eligible EligibleAsRead(const PassthroughScenario& s, const VmsByRole& v, Misreading m) {
  if (!FailoverConfigured(s)) {
    if (!v.healthy.empty()) return {EligibleKind::kAllHealthy, v.healthy};
    if (m == Misreading::kNoFailoverUnhealthyDrops) return {EligibleKind::kAllLastResort, {}};
    return {EligibleKind::kAllLastResort, v.all};
  }
  if (KeepsPrimaries(v, RatioAsRead(s, m), m)) return {EligibleKind::kPrimaryHealthy, v.healthy_primaries};
  if (!v.healthy_backups.empty()) {
    Eligible e{EligibleKind::kBackupHealthy, v.healthy_backups};
    if (m == Misreading::kFailoverKeepsHealthyPrimaries)
      e.backends.insert(v.healthy_primaries.begin(), v.healthy_primaries.end());
    return e;
  }
  if (!v.healthy_primaries.empty()) return {EligibleKind::kPrimaryHealthy, v.healthy_primaries};
  if (s.failover_policy.drop_traffic_if_unhealthy && m != Misreading::kDropIgnored) return {EligibleKind::kDrop, {}};
  return {EligibleKind::kPrimaryLastResort, m == Misreading::kLastResortIncludesBackups ? v.all : v.primaries};
}

bool CompatibleAsRead(const PassthroughScenario& s, Misreading m) {
  const Client& c = s.client;
  return (c.type == ClientType::kVm || (m == Misreading::kVpnIsCompatible && c.type == ClientType::kVpnTunnel)) &&
         (c.region == s.region || m == Misreading::kAnyRegionIsCompatible);
}

// The client's zone's VMs among those the zonal match tests.
Names ZonallyMatched(const PassthroughScenario& s, const Eligible& e, Misreading m) {
  Names matched;
  for (const Instance& vm : s.instances) {
    const bool backup = s.backends[vm.backend].failover;
    const bool of_kind = e.kind == EligibleKind::kBackupHealthy                                            ? backup
                         : (e.kind == EligibleKind::kAllHealthy || e.kind == EligibleKind::kAllLastResort) ? true
                                                                                                           : !backup;
    const bool tested = m == Misreading::kTestBackendsAreEligible ? e.backends.contains(vm.name) : of_kind;
    if (tested && vm.zone == s.client.zone) matched.insert(vm.name);
  }
  return matched;
}

// ApplyZonalMatch: the outcome once some VM matches the client's zone.
void ApplyZonalMatch(const PassthroughScenario& s, Profile profile, Misreading m, const VmsByRole& v, const Eligible& e,
                     const Names& matched, PassthroughDecision& d, Names& modified) {
  d.zonal_status = ZonalAffinityStatus::kApplied;
  Names both;
  std::set_intersection(matched.begin(), matched.end(), e.backends.begin(), e.backends.end(),
                        std::inserter(both, both.end()));
  const bool english = profile == Profile::kEn20260402;
  const bool last_resort = e.kind == EligibleKind::kAllLastResort || e.kind == EligibleKind::kPrimaryLastResort;
  const Decimal& sr = s.zonal_affinity.spillover_ratio;
  bool refine;
  if (s.zonal_affinity.spillover == Spillover::kStayWithinZone) {
    refine = !both.empty();
    if (!refine && m != Misreading::kStayKeepsOriginalWhenEmpty) {
      d.outcome = ZonalAffinityOutcome::kReplaced;
      modified = matched;
      return;
    }
  } else if (sr.is_zero()) {
    refine = m == Misreading::kSpillZeroAlwaysLocal || (!both.empty() && !(english && last_resort));
  } else {
    std::uint32_t numerator = 0;
    for (const std::string& n : both) numerator += (!english || v.healthy.contains(n)) ? 1U : 0U;
    const auto order = CompareFraction(numerator, static_cast<std::uint32_t>(matched.size()), sr);
    refine = m == Misreading::kSpillStrictlyGreater ? order > 0 : order >= 0;
  }
  d.outcome = refine ? ZonalAffinityOutcome::kRefined : ZonalAffinityOutcome::kUnchanged;
  if (refine) modified = both;
}

// DecideAsRead is the passthrough rules with one clause misread: validation,
// the eligible backends, then zonal affinity, each step as that reading takes it.
PassthroughDecision DecideAsRead(const PassthroughScenario& s, Profile profile, Misreading m) {
  std::vector<Error> errors = ValidateAsRead(s, profile, m);
  if (!errors.empty()) return InvalidDecision(errors);

  const VmsByRole vms = SortVms(s);
  const Eligible eligible = EligibleAsRead(s, vms, m);
  PassthroughDecision d;
  d.eligible_kind = eligible.kind;
  d.eligible.assign(eligible.backends.begin(), eligible.backends.end());
  Names modified = eligible.backends;
  if (s.zonal_affinity.spillover == Spillover::kDisabled) {
    d.zonal_status = ZonalAffinityStatus::kDisabled;
  } else if (s.deployment.network_security_integration) {
    d.zonal_status = ZonalAffinityStatus::kNsiPacketDrop, modified.clear();
  } else if (!CompatibleAsRead(s, m)) {
    d.zonal_status = ZonalAffinityStatus::kIncompatibleClient;
  } else if (eligible.kind == EligibleKind::kDrop) {
    d.zonal_status = ZonalAffinityStatus::kTrafficDropped, modified.clear();
  } else if (const Names matched = ZonallyMatched(s, eligible, m); matched.empty()) {
    d.zonal_status = ZonalAffinityStatus::kNoZonalMatch;
  } else {
    ApplyZonalMatch(s, profile, m, vms, eligible, matched, d, modified);
  }
  d.modified_eligible.assign(modified.begin(), modified.end());
  return d;
}

WrongEngineInfo Entry(const char* name, const char* misreads, const char* reading, Misreading m) {
  WrongEngineInfo info{name, misreads, reading, Expectation::kCaught, {}, {}, {}};
  info.passthrough = [m](const PassthroughScenario& s, Profile profile) { return DecideAsRead(s, profile, m); };
  return info;
}

}  // namespace

WrongEngineInfo Baseline() { return Entry("baseline", "", "no misreading", Misreading::kNone); }

const std::vector<WrongEngineInfo>& PassthroughMisreadings() {
  static const std::vector<WrongEngineInfo> kAll = {
      Entry("failover-at-or-below", "FO-12 FO-13 GAP-2", "fails over when healthy/total <= ratio (gcloud's wording)",
            Misreading::kFailoverAtOrBelow),
      Entry("float-ratio", "FO-11", "compares healthy < ratio * total in binary floating point",
            Misreading::kFloatRatio),
      Entry("ratio-zero-never-fails-over", "FO-17", "ratio 0 read as healthy/total < 0: never fails over",
            Misreading::kRatioZeroNeverFailsOver),
      Entry("default-failover-ratio-half", "FO-11", "an absent failoverRatio means 0.5",
            Misreading::kDefaultFailoverRatioHalf),
      Entry("last-resort-includes-backups", "FO-14 FO-19", "every VM, backups too, is the last resort",
            Misreading::kLastResortIncludesBackups),
      Entry("drop-ignored", "FO-20", "dropTrafficIfUnhealthy has no effect", Misreading::kDropIgnored),
      Entry("failover-keeps-healthy-primaries", "FO-8 FO-25", "the pool mixes healthy primaries into the backups",
            Misreading::kFailoverKeepsHealthyPrimaries),
      Entry("no-failover-unhealthy-drops", "TD-2", "without failover, no healthy VM drops new connections",
            Misreading::kNoFailoverUnhealthyDrops),
      Entry("test-backends-are-eligible", "ZA-24 ZA-25 ZA-26",
            "the zonal match is tested against the eligible set, not the configured one",
            Misreading::kTestBackendsAreEligible),
      Entry("vpn-is-compatible", "ZA-10", "VPN tunnels get zonal affinity", Misreading::kVpnIsCompatible),
      Entry("any-region-is-compatible", "ZA-11", "VM clients in other regions get zonal affinity",
            Misreading::kAnyRegionIsCompatible),
      Entry("spill-strictly-greater", "ZA-40", "computed ratio > spillover ratio refines",
            Misreading::kSpillStrictlyGreater),
      Entry("spill-zero-always-local", "ZA-37 GAP-16", "spillover ratio 0 always keeps traffic in the zone",
            Misreading::kSpillZeroAlwaysLocal),
      Entry("stay-keeps-original-when-empty", "ZA-33",
            "STAY_WITHIN_ZONE with an empty intersection keeps the original set",
            Misreading::kStayKeepsOriginalWhenEmpty),
      Entry("subsetting-accepted", "ZA-5", "zonal affinity with subsetting is accepted",
            Misreading::kSubsettingAccepted),
      Entry("limit-off-by-one", "FO-5", "250 primary VMs are already rejected", Misreading::kLimitOffByOne),
  };
  return kAll;
}

}  // namespace lbconform::vectors::testing
