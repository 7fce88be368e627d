// The passthrough misreadings: a compact, independent implementation of the
// failover and zonal-affinity rules, with one clause misread at a time.
#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

#include "documents/documents.h"
#include "readings/wrong_engines.h"

namespace lbconform::readings {
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
  // Arithmetic of the failover ratio.
  kFloatDivision,         // healthy / total >= ratio, both as doubles
  kFloatShortestDecimal,  // the shortest decimal of the double healthy / total, compared exactly with the ratio
  kFloatTolerance,        // healthy / total + 1e-9 >= ratio in doubles, "to absorb rounding"
  kMinimumHealthyFloor,   // the worked example's ratio x primaries, rounded down, is the minimum
  kRatioOfUnhealthy,      // the ratio read as the share of primaries that must fail before failover
  // The active pool.
  kBackupsShareLoad,                  // healthy backups are in the pool while the primaries suffice
  kFailoverIncludesUnhealthyBackups,  // on failover every backup VM joins, healthy or not
  kKeepIncludesUnhealthyPrimaries,    // keeping the primaries keeps the unhealthy ones too
  kFailoverNeedsPolicy,               // a failover backend counts only with a failoverPolicy object
  kPolicyConfiguresFailover,          // GAP-5's other reading: a failoverPolicy alone configures failover
  kNoFailoverIgnoresHealth,           // without failover every VM is eligible while one is healthy
  kUncoveredRowDrops,                 // GAP-1's other reading: no table row, no pool
  kNoPrimaryKeepsEmpty,               // GAP-4's other reading: no primary VM keeps the (empty) primaries
  kNoVmsDrop,                         // GAP-13's other reading: no VM at all is a DROP pool
  kLimitsWithoutFailover,             // GAP-12's other reading: the 250-VM limits without failover too
  kGroupLimitCountsAll,               // the 50-group limit counts primary and failover groups together
  kVmLimitPerGroup,                   // the 250-VM limits count each backend alone, not the role
  kVmLimitInTotal,                    // the 250-VM limits count primary and backup VMs together
  kVmLimitHealthyOnly,                // the 250-VM limits count healthy VMs only
  // The order of the zonal-affinity statuses.
  kZonalFirst,           // zonal affinity narrows the VMs to the client's zone before eligibility
  kNsiAfterClient,       // incompatible clients are decided before Network Security Integration
  kNsiBeforeDisabled,    // Network Security Integration drops even with zonal affinity disabled
  kDropBeforeClient,     // TRAFFIC_DROPPED is decided before INCOMPATIBLE_CLIENT
  kNsiNoEffect,          // GAP-10's other reading: Network Security Integration changes nothing
  kDropNoZonalMatch,     // GAP-6's other reading: a dropped pool has no zonal match
  kSkipZonalOnFailover,  // zonal affinity is skipped when failover is configured
  // Compatibility and the zonal match.
  kPscCompatible,               // GAP-11's other reading: PSC consumers are compatible clients
  kCompatibleNeedsBackendZone,  // a VM client in a zone without backends is incompatible
  kNoRowsWithoutFailover,       // GAP-9's other reading: without failover no table row, no zonal match
  kHealthyOnlyZonalMatch,       // only healthy VMs of the client's zone match
  kConfiguredPrimariesOnly,     // the configured backends tested are the primary ones, even on failover
  kIntersectWithHealthy,        // the zone's VMs are intersected with the healthy VMs, not the eligible ones
  // The options and their outcomes.
  kStayIncludesUnhealthy,    // STAY_WITHIN_ZONE keeps every VM of the zone, healthy or not
  kOutcomeBySetEquality,     // UNCHANGED whenever the modified set equals the original one
  kSpillIgnoresZone,         // SPILL_CROSS_ZONE prefers no zone: always the original set
  kSpillZeroAsStay,          // SPILL_CROSS_ZONE with ratio 0 behaves as STAY_WITHIN_ZONE
  kSpillExcludesZone,        // below the spillover ratio, connections leave the client's zone
  kRatioOverEligible,        // the computed ratio's denominator is the original eligible set
  kSpillFloatDivision,       // computed ratio >= spillover ratio in doubles
  kSpillFloat32,             // GAP-14's other reading: the API's float32 spillover ratio
  kSpilloverRangeUnchecked,  // spilloverRatio outside [0, 1] accepted
  // Validation.
  kIncompatibilitiesWhenDisabled,  // symmetric hashing, subsetting, mirroring checked without zonal affinity
  kSymmetricBothEverywhere,        // GAP-15's other reading: the same-zone condition in every profile
  kEnglishLastResortEverywhere,    // GAP-8's other reading: the English revision's last resort and ratio always
  kSpecDocsEverywhere,             // the English revision's profile decided as the spec texts
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
  for (const Instance& vm : s.instances) {
    if (m == Misreading::kVmLimitHealthyOnly && vm.health != HealthState::kHealthy) continue;
    (s.backends[vm.backend].failover ? backup_vms : primary_vms)++;
  }
  for (const BackendGroup& b : s.backends) (b.failover ? failover_groups : primary_groups)++;
  if (m == Misreading::kVmLimitInTotal) primary_vms = backup_vms = primary_vms + backup_vms;
  if (m == Misreading::kVmLimitPerGroup) {  // the largest backend of each role, alone
    std::vector<std::size_t> per_backend(s.backends.size(), 0);
    for (const Instance& vm : s.instances) ++per_backend[vm.backend];
    primary_vms = backup_vms = 0;
    for (std::size_t b = 0; b < s.backends.size(); ++b) {
      std::size_t& role = s.backends[b].failover ? backup_vms : primary_vms;
      role = std::max(role, per_backend[b]);
    }
  }
  const std::size_t vm_limit = m == Misreading::kLimitOffByOne ? 249 : 250;
  const bool limited = failover || m == Misreading::kLimitsWithoutFailover;
  if (limited && primary_vms > vm_limit) errors.push_back({ErrorCode::TOO_MANY_PRIMARY_VMS, "", ""});
  if (limited && backup_vms > 250) errors.push_back({ErrorCode::TOO_MANY_BACKUP_VMS, "", ""});
  const std::size_t groups_counted =
      m == Misreading::kGroupLimitCountsAll ? primary_groups + failover_groups : primary_groups;
  if (limited && groups_counted > 50) errors.push_back({ErrorCode::TOO_MANY_PRIMARY_GROUPS, "", ""});
  if (failover && failover_groups > 50) errors.push_back({ErrorCode::TOO_MANY_FAILOVER_GROUPS, "", ""});
  const Decimal x = RatioAsRead(s, m);
  if (x.negative() || one < x) errors.push_back({ErrorCode::FAILOVER_RATIO_OUT_OF_RANGE, "", ""});
  const Decimal& sr = s.zonal_affinity.spillover_ratio;
  if ((sr.negative() || one < sr) && m != Misreading::kSpilloverRangeUnchecked) {
    errors.push_back({ErrorCode::SPILLOVER_RATIO_OUT_OF_RANGE, "", ""});
  }
  if (s.zonal_affinity.spillover == Spillover::kDisabled && m != Misreading::kIncompatibilitiesWhenDisabled) {
    return errors;
  }
  if (s.subsetting == SubsettingPolicy::kConsistentHashSubsetting && m != Misreading::kSubsettingAccepted) {
    errors.push_back({ErrorCode::ZONAL_AFFINITY_WITH_SUBSETTING, "", ""});
  }
  if (s.deployment.packet_mirroring_collector)
    errors.push_back({ErrorCode::ZONAL_AFFINITY_WITH_PACKET_MIRRORING, "", ""});
  if (s.deployment.symmetric_hashing) {
    if (!s.deployment.symmetric_hashing->peer_zonal_affinity_enabled) {
      errors.push_back({ErrorCode::ZONAL_AFFINITY_SYMMETRIC_HASHING_PEER_DISABLED, "", ""});
    }
    const bool both_conditions = profile == Profile::kEn20260402 || m == Misreading::kSymmetricBothEverywhere;
    if (both_conditions && !s.deployment.symmetric_hashing->sender_to_receiver_same_zone_only) {
      errors.push_back({ErrorCode::ZONAL_AFFINITY_SYMMETRIC_HASHING_CROSS_ZONE, "", ""});
    }
  }
  return errors;
}

// The VMs by role and health.
struct VmsByRole {
  Names all, primaries, backups, healthy, healthy_primaries, healthy_backups;
};

VmsByRole SortVms(const PassthroughScenario& s) {
  VmsByRole v;
  for (const Instance& vm : s.instances) {
    const bool backup = s.backends[vm.backend].failover;
    const bool up = vm.health == HealthState::kHealthy;
    v.all.insert(vm.name);
    (backup ? v.backups : v.primaries).insert(vm.name);
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
  if (p == 0) return false;
  const double share = static_cast<double>(hp) / static_cast<double>(p);
  switch (m) {
    case Misreading::kFloatDivision:
      return share >= x.ToDouble();
    case Misreading::kFloatShortestDecimal:
      return *Decimal::FromDouble(share) >= x;
    case Misreading::kFloatTolerance:
      return share + 1e-9 >= x.ToDouble();
    case Misreading::kMinimumHealthyFloor:  // hp >= floor(x * p), that is (hp + 1) / p > x
      return CompareFraction(hp + 1, p, x) > 0;
    case Misreading::kRatioOfUnhealthy:
      return CompareFraction(p - hp, p, x) < 0;
    default:
      return CompareFraction(hp, p, x) >= 0;
  }
}

bool FailoverAsRead(const PassthroughScenario& s, Misreading m) {
  if (m == Misreading::kFailoverNeedsPolicy) return FailoverConfigured(s) && s.failover_policy.present;
  if (m == Misreading::kPolicyConfiguresFailover) return FailoverConfigured(s) || s.failover_policy.present;
  return FailoverConfigured(s);
}

Eligible EligibleAsRead(const PassthroughScenario& s, const VmsByRole& v, Misreading m) {
  if (m == Misreading::kNoVmsDrop && v.all.empty()) return {EligibleKind::kDrop, {}};
  if (!FailoverAsRead(s, m)) {
    if (!v.healthy.empty())
      return {EligibleKind::kAllHealthy, m == Misreading::kNoFailoverIgnoresHealth ? v.all : v.healthy};
    if (m == Misreading::kNoFailoverUnhealthyDrops) return {EligibleKind::kAllLastResort, {}};
    return {EligibleKind::kAllLastResort, v.all};
  }
  const Decimal x = RatioAsRead(s, m);
  if (m == Misreading::kNoPrimaryKeepsEmpty && v.primaries.empty() && !x.is_zero()) {
    return {EligibleKind::kPrimaryHealthy, {}};
  }
  if (KeepsPrimaries(v, x, m)) {
    Eligible e{EligibleKind::kPrimaryHealthy, v.healthy_primaries};
    if (m == Misreading::kKeepIncludesUnhealthyPrimaries) e.backends = v.primaries;
    if (m == Misreading::kBackupsShareLoad) e.backends.insert(v.healthy_backups.begin(), v.healthy_backups.end());
    return e;
  }
  if (!v.healthy_backups.empty()) {
    Eligible e{EligibleKind::kBackupHealthy, v.healthy_backups};
    if (m == Misreading::kFailoverKeepsHealthyPrimaries)
      e.backends.insert(v.healthy_primaries.begin(), v.healthy_primaries.end());
    if (m == Misreading::kFailoverIncludesUnhealthyBackups) e.backends = v.backups;
    return e;
  }
  if (!v.healthy_primaries.empty()) {
    if (m == Misreading::kUncoveredRowDrops) return {EligibleKind::kBackupHealthy, {}};
    return {EligibleKind::kPrimaryHealthy, v.healthy_primaries};
  }
  if (s.failover_policy.drop_traffic_if_unhealthy && m != Misreading::kDropIgnored) return {EligibleKind::kDrop, {}};
  return {EligibleKind::kPrimaryLastResort, m == Misreading::kLastResortIncludesBackups ? v.all : v.primaries};
}

bool CompatibleAsRead(const PassthroughScenario& s, Misreading m) {
  const Client& c = s.client;
  const bool vm_like = c.type == ClientType::kVm ||
                       (m == Misreading::kVpnIsCompatible && c.type == ClientType::kVpnTunnel) ||
                       (m == Misreading::kPscCompatible && c.type == ClientType::kPscEndpoint);
  const bool in_region = c.region == s.region || m == Misreading::kAnyRegionIsCompatible;
  if (m == Misreading::kCompatibleNeedsBackendZone &&
      std::none_of(s.instances.begin(), s.instances.end(), [&](const Instance& vm) { return vm.zone == c.zone; })) {
    return false;
  }
  return vm_like && in_region;
}

// The client's zone's VMs among those the zonal match tests.
Names ZonallyMatched(const PassthroughScenario& s, const Eligible& e, Misreading m) {
  Names matched;
  for (const Instance& vm : s.instances) {
    const bool backup = s.backends[vm.backend].failover;
    const bool of_kind = e.kind == EligibleKind::kBackupHealthy                                            ? backup
                         : (e.kind == EligibleKind::kAllHealthy || e.kind == EligibleKind::kAllLastResort) ? true
                                                                                                           : !backup;
    bool tested = m == Misreading::kTestBackendsAreEligible ? e.backends.contains(vm.name) : of_kind;
    if (m == Misreading::kConfiguredPrimariesOnly) tested = !backup;
    if (m == Misreading::kNoRowsWithoutFailover &&
        (e.kind == EligibleKind::kAllHealthy || e.kind == EligibleKind::kAllLastResort)) {
      tested = false;
    }
    if (m == Misreading::kHealthyOnlyZonalMatch && vm.health != HealthState::kHealthy) tested = false;
    if (tested && vm.zone == s.client.zone) matched.insert(vm.name);
  }
  return matched;
}

// ApplyZonalMatch: the outcome once some VM matches the client's zone.
void ApplyZonalMatch(const PassthroughScenario& s, Profile profile, Misreading m, const VmsByRole& v, const Eligible& e,
                     const Names& matched, PassthroughDecision& d, Names& modified) {
  d.zonal_status = ZonalAffinityStatus::kApplied;
  Names both;
  const Names& other = m == Misreading::kIntersectWithHealthy ? v.healthy : e.backends;
  std::set_intersection(matched.begin(), matched.end(), other.begin(), other.end(), std::inserter(both, both.end()));
  const bool english = profile == Profile::kEn20260402 || m == Misreading::kEnglishLastResortEverywhere;
  const bool last_resort = e.kind == EligibleKind::kAllLastResort || e.kind == EligibleKind::kPrimaryLastResort;
  const Decimal& sr = s.zonal_affinity.spillover_ratio;
  const bool stay =
      s.zonal_affinity.spillover == Spillover::kStayWithinZone || (m == Misreading::kSpillZeroAsStay && sr.is_zero());
  bool refine;
  if (stay) {
    refine = !both.empty();
    if (m == Misreading::kStayIncludesUnhealthy) {
      d.outcome = refine ? ZonalAffinityOutcome::kRefined : ZonalAffinityOutcome::kReplaced;
      modified = matched;
      return;
    }
    if (!refine && m != Misreading::kStayKeepsOriginalWhenEmpty) {
      d.outcome = ZonalAffinityOutcome::kReplaced;
      modified = matched;
      return;
    }
  } else if (m == Misreading::kSpillIgnoresZone) {
    refine = false;
  } else if (sr.is_zero()) {
    refine = m == Misreading::kSpillZeroAlwaysLocal || (!both.empty() && !(english && last_resort));
  } else {
    std::uint32_t numerator = 0;
    for (const std::string& n : both) numerator += (!english || v.healthy.contains(n)) ? 1U : 0U;
    const auto denominator =
        static_cast<std::uint32_t>(m == Misreading::kRatioOverEligible ? e.backends.size() : matched.size());
    const auto order = CompareFraction(numerator, denominator, sr);
    if (m == Misreading::kSpillFloatDivision) {
      refine = static_cast<double>(numerator) / denominator >= sr.ToDouble();
    } else if (m == Misreading::kSpillFloat32) {
      refine = static_cast<float>(numerator) / static_cast<float>(denominator) >= static_cast<float>(sr.ToDouble());
    } else {
      refine = m == Misreading::kSpillStrictlyGreater ? order > 0 : order >= 0;
    }
  }
  d.outcome = refine ? ZonalAffinityOutcome::kRefined : ZonalAffinityOutcome::kUnchanged;
  if (refine) modified = both;
  if (!refine && m == Misreading::kSpillExcludesZone) {
    for (const std::string& n : matched) modified.erase(n);
  }
  if (m == Misreading::kOutcomeBySetEquality && modified == e.backends) d.outcome = ZonalAffinityOutcome::kUnchanged;
}

// DecideAsRead is the passthrough rules with one clause misread: validation,
// the eligible backends, then zonal affinity, each step as that reading takes it.
// ZonalFirst: the misreading that narrows the VMs to the client's zone first
// and identifies the eligible backends among them (TD-3 read backwards).
std::optional<PassthroughDecision> ZonalFirst(const PassthroughScenario& s, Misreading m) {
  const bool in_zone =
      std::any_of(s.instances.begin(), s.instances.end(), [&](const Instance& vm) { return vm.zone == s.client.zone; });
  if (s.zonal_affinity.spillover == Spillover::kDisabled || s.deployment.network_security_integration ||
      !CompatibleAsRead(s, m) || !in_zone) {
    return std::nullopt;
  }
  PassthroughScenario narrowed = s;
  narrowed.instances.clear();
  for (const Instance& vm : s.instances) {
    if (vm.zone == s.client.zone) narrowed.instances.push_back(vm);
  }
  const Eligible eligible = EligibleAsRead(narrowed, SortVms(narrowed), m);
  PassthroughDecision d;
  d.eligible_kind = eligible.kind;
  d.eligible.assign(eligible.backends.begin(), eligible.backends.end());
  d.zonal_status = ZonalAffinityStatus::kApplied;
  d.outcome = ZonalAffinityOutcome::kRefined;
  d.modified_eligible = d.eligible;
  return d;
}

PassthroughDecision DecideAsRead(const PassthroughScenario& s, Profile profile, Misreading m) {
  if (m == Misreading::kSpecDocsEverywhere) profile = Profile::kSpecDocs;
  std::vector<Error> errors = ValidateAsRead(s, profile, m);
  if (!errors.empty()) return InvalidDecision(errors);
  if (m == Misreading::kZonalFirst) {
    if (std::optional<PassthroughDecision> d = ZonalFirst(s, m)) return *d;
  }

  const VmsByRole vms = SortVms(s);
  const Eligible eligible = EligibleAsRead(s, vms, m);
  PassthroughDecision d;
  d.eligible_kind = eligible.kind;
  d.eligible.assign(eligible.backends.begin(), eligible.backends.end());
  Names modified = eligible.backends;
  const bool nsi = s.deployment.network_security_integration && m != Misreading::kNsiNoEffect;
  const bool disabled = s.zonal_affinity.spillover == Spillover::kDisabled;
  const bool compatible = CompatibleAsRead(s, m);
  const bool dropped = eligible.kind == EligibleKind::kDrop;
  if (nsi && m == Misreading::kNsiBeforeDisabled) {
    d.zonal_status = ZonalAffinityStatus::kNsiPacketDrop, modified.clear();
  } else if (disabled) {
    d.zonal_status = ZonalAffinityStatus::kDisabled;
  } else if (nsi && m != Misreading::kNsiAfterClient) {
    d.zonal_status = ZonalAffinityStatus::kNsiPacketDrop, modified.clear();
  } else if (dropped && m == Misreading::kDropBeforeClient) {
    d.zonal_status = ZonalAffinityStatus::kTrafficDropped, modified.clear();
  } else if (!compatible) {
    d.zonal_status = ZonalAffinityStatus::kIncompatibleClient;
  } else if (nsi) {
    d.zonal_status = ZonalAffinityStatus::kNsiPacketDrop, modified.clear();
  } else if (dropped) {
    d.zonal_status =
        m == Misreading::kDropNoZonalMatch ? ZonalAffinityStatus::kNoZonalMatch : ZonalAffinityStatus::kTrafficDropped;
    modified.clear();
  } else if (m == Misreading::kSkipZonalOnFailover && FailoverConfigured(s)) {
    d.zonal_status = ZonalAffinityStatus::kNoZonalMatch;
  } else if (const Names matched = ZonallyMatched(s, eligible, m); matched.empty()) {
    d.zonal_status = ZonalAffinityStatus::kNoZonalMatch;
  } else {
    ApplyZonalMatch(s, profile, m, vms, eligible, matched, d, modified);
  }
  d.modified_eligible.assign(modified.begin(), modified.end());
  return d;
}

WrongEngineInfo Entry(const char* name, const char* misreads, const char* reading, Misreading m,
                      Expectation expectation = Expectation::kCaught) {
  WrongEngineInfo info{name, misreads, reading, expectation, {}, {}, {}};
  info.passthrough = [m](const PassthroughScenario& s, Profile profile) { return DecideAsRead(s, profile, m); };
  return info;
}

// ------------------------------ Misreadings of the document format

using nlohmann::json;

const PassthroughEngine& BaselineEngine();

json Rejected(const char* code) {
  return {{"valid", false}, {"errors", json::array({{{"code", code}, {"path", ""}, {"message", "as misread"}}})}};
}

// Field: the member `key` of `object` when both exist and the member is not null.
json* Field(json& object, const char* key) {
  if (!object.is_object()) return nullptr;
  auto it = object.find(key);
  return it == object.end() || it->is_null() ? nullptr : &*it;
}

std::string LastSegmentOf(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// DocumentEntry: a misreading of the document format. `read` rewrites the
// document as that reading understands it, or answers it at once; the baseline
// then decides what it understood.
WrongEngineInfo DocumentEntry(const char* name, const char* misreads, const char* reading,
                              std::function<std::optional<json>(json&)> read) {
  WrongEngineInfo info{name, misreads, reading, Expectation::kCaught, {}, {}, {}};
  info.passthrough_document = [read](const json& input, Profile profile) {
    json document = input;
    if (document.is_object()) {
      if (std::optional<json> answer = read(document)) return *answer;
    }
    return DecideDocument(BaselineEngine(), document, profile);
  };
  return info;
}

// The API's default scheme for a backend service is EXTERNAL.
std::optional<json> SchemeAbsentIsExternal(json& document) {
  json* service = Field(document, "backendService");
  if (service != nullptr && service->is_object() && Field(*service, "loadBalancingScheme") == nullptr) {
    return Rejected("UNSUPPORTED_LOAD_BALANCING_SCHEME");
  }
  return std::nullopt;
}

// SymmetricDefault: an absent field of symmetricHashing taken as true.
std::function<std::optional<json>(json&)> SymmetricDefault(const char* key) {
  return [key](json& document) -> std::optional<json> {
    json* deployment = Field(document, "deployment");
    json* symmetric = deployment == nullptr ? nullptr : Field(*deployment, "symmetricHashing");
    if (symmetric != nullptr && symmetric->is_object() && Field(*symmetric, key) == nullptr) (*symmetric)[key] = true;
    return std::nullopt;
  };
}

// The contract's older wording: an instance's group is the backend whose URL
// has the same last segment.
std::optional<json> GroupByLastSegment(json& document) {
  json* service = Field(document, "backendService");
  json* backends = service == nullptr ? nullptr : Field(*service, "backends");
  json* instances = Field(document, "instances");
  if (backends == nullptr || !backends->is_array() || instances == nullptr || !instances->is_array()) {
    return std::nullopt;
  }
  for (json& vm : *instances) {
    json* group = Field(vm, "group");
    if (group == nullptr || !group->is_string()) continue;
    const std::string name = LastSegmentOf(group->get<std::string>());
    std::vector<std::string> matches;
    for (json& backend : *backends) {
      json* url = Field(backend, "group");
      if (url != nullptr && url->is_string() && LastSegmentOf(url->get<std::string>()) == name) {
        matches.push_back(url->get<std::string>());
      }
    }
    if (matches.size() > 1) return Rejected("AMBIGUOUS_GROUP_REFERENCE");
    if (matches.empty()) return Rejected("UNKNOWN_GROUP_REFERENCE");
    *group = matches.front();
  }
  return std::nullopt;
}

// GAP-58 misread: an instance's group reference drops empty segments, a
// trailing one too, so "ig-a/" names ig-a (the other names refuse it).
std::optional<json> GroupTrailingSlashDropped(json& document) {
  json* instances = Field(document, "instances");
  if (instances == nullptr || !instances->is_array()) return std::nullopt;
  for (json& vm : *instances) {
    json* group = Field(vm, "group");
    if (group == nullptr || !group->is_string()) continue;
    std::string text = group->get<std::string>();
    while (!text.empty() && text.back() == '/') text.pop_back();
    if (!text.empty()) *group = text;
  }
  return std::nullopt;
}

// GAP-59 misread: an instance's zone field wins over the zone its own zonal
// URL names, which is never compared.
std::optional<json> InstanceUrlZoneIgnored(json& document) {
  json* instances = Field(document, "instances");
  if (instances == nullptr || !instances->is_array()) return std::nullopt;
  for (json& vm : *instances) {
    json* name = Field(vm, "name");
    if (Field(vm, "zone") != nullptr && name != nullptr && name->is_string()) {
      *name = LastSegmentOf(name->get<std::string>());
    }
  }
  return std::nullopt;
}

// A zone is in a region when its name starts with the region's: us-west10-a
// passes for us-west1. The zone is rewritten to one the decoder places in the
// region, so that the rest decides as such an implementation would.
std::optional<json> ZoneInRegionByPrefix(json& document) {
  json* service = Field(document, "backendService");
  json* region_field = service == nullptr ? nullptr : Field(*service, "region");
  json* instances = Field(document, "instances");
  if (region_field == nullptr || !region_field->is_string() || instances == nullptr || !instances->is_array()) {
    return std::nullopt;
  }
  const std::string region = LastSegmentOf(region_field->get<std::string>());
  for (json& vm : *instances) {
    json* zone_field = Field(vm, "zone");
    if (zone_field == nullptr || !zone_field->is_string()) continue;
    const std::string zone = LastSegmentOf(zone_field->get<std::string>());
    const bool proper = zone.size() > region.size() + 1 && zone.starts_with(region) && zone[region.size()] == '-';
    if (zone.starts_with(region) && !proper) *zone_field = region + "-" + zone;
  }
  return std::nullopt;
}

// A VM client must give its region; nothing derives it from the zone.
std::optional<json> ClientRegionRequired(json& document) {
  json* client = Field(document, "client");
  json* type = client == nullptr ? nullptr : Field(*client, "type");
  if (type != nullptr && *type == "VM" && Field(*client, "region") == nullptr) return Rejected("MISSING_FIELD");
  return std::nullopt;
}

}  // namespace

WrongEngineInfo Baseline() { return Entry("baseline", "", "no misreading", Misreading::kNone); }

namespace {
const PassthroughEngine& BaselineEngine() {
  static const WrongEngine engine(Baseline());
  return engine;
}
}  // namespace

const std::vector<WrongEngineInfo>& PassthroughMisreadings() {
  static const std::vector<WrongEngineInfo> kAll = {
      Entry("failover-at-or-below", "FO-12 FO-13 FO-24 FO-26 GAP-2",
            "fails over when healthy/total <= ratio (gcloud's wording)", Misreading::kFailoverAtOrBelow),
      Entry("float-ratio", "FO-11", "compares healthy < ratio * total in binary floating point",
            Misreading::kFloatRatio),
      Entry("ratio-zero-never-fails-over", "FO-17 GAP-3", "ratio 0 read as healthy/total < 0: never fails over",
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
      Entry("test-backends-are-eligible", "ZA-17 ZA-24 ZA-25 ZA-26",
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
      Entry("vm-limit-per-group", "FO-5", "the 250-VM limits count each backend alone", Misreading::kVmLimitPerGroup),
      Entry("vm-limit-in-total", "FO-5", "the 250-VM limits count primary and backup VMs together",
            Misreading::kVmLimitInTotal),
      Entry("vm-limit-healthy-only", "FO-5", "the 250-VM limits count healthy VMs only",
            Misreading::kVmLimitHealthyOnly),
      // The failover ratio's arithmetic: the shortest decimal of a double k/n can lie above k/n (5/7 prints
      // as 0.7142857142857143), so readings/exact/failover/* set the ratio to it.
      Entry("float-division", "FO-12 FO-13", "compares healthy / total >= ratio as doubles",
            Misreading::kFloatDivision),
      Entry("float-shortest-decimal", "FO-12 FO-13",
            "compares the shortest decimal of the double healthy / total exactly with the ratio",
            Misreading::kFloatShortestDecimal),
      Entry("float-tolerance", "FO-12 FO-13", "compares healthy / total + 1e-9 >= ratio, to absorb rounding",
            Misreading::kFloatTolerance),
      Entry("minimum-healthy-floor", "FO-23 FO-16", "the minimum healthy count is ratio x primaries rounded down",
            Misreading::kMinimumHealthyFloor),
      Entry("ratio-of-unhealthy", "FO-15 FO-16", "the ratio is the share of primaries that must fail",
            Misreading::kRatioOfUnhealthy),
      // The active pool.
      Entry("backups-share-load", "FO-3 FO-8", "healthy backups are in the pool while the primaries suffice",
            Misreading::kBackupsShareLoad),
      Entry("failover-includes-unhealthy-backups", "FO-7 FO-9 FO-13", "on failover every backup VM joins the pool",
            Misreading::kFailoverIncludesUnhealthyBackups),
      Entry("keep-includes-unhealthy-primaries", "FO-7 FO-12 FO-24 FO-27",
            "keeping the primaries keeps the unhealthy ones too", Misreading::kKeepIncludesUnhealthyPrimaries),
      Entry("failover-needs-policy", "FO-1 FO-10", "a failover backend counts only with a failoverPolicy object",
            Misreading::kFailoverNeedsPolicy),
      Entry("no-failover-ignores-health", "TD-1", "without failover every VM is eligible while one is healthy",
            Misreading::kNoFailoverIgnoresHealth),
      Entry("group-limit-counts-all", "FO-6", "the 50-group limit counts primary and failover groups together",
            Misreading::kGroupLimitCountsAll),
      Entry("limits-without-failover", "FO-5 GAP-12", "the 250-VM limits apply without failover too",
            Misreading::kLimitsWithoutFailover),
      Entry("no-vms-drop", "TD-2 GAP-13", "a backend service without VMs has a DROP pool", Misreading::kNoVmsDrop),
      // The gaps the vectors deliberately leave open: their other readings pass everything.
      Entry("uncovered-row-drops", "GAP-1", "no row of the failover table: no pool (BACKUP_HEALTHY, empty)",
            Misreading::kUncoveredRowDrops, Expectation::kAccepted),
      Entry("no-primary-keeps-empty", "GAP-4", "no primary VM: the (empty) primaries stay the pool",
            Misreading::kNoPrimaryKeepsEmpty, Expectation::kAccepted),
      Entry("policy-configures-failover", "GAP-5",
            "a failoverPolicy without failover backends applies the failover rules",
            Misreading::kPolicyConfiguresFailover, Expectation::kAccepted),
      Entry("drop-no-zonal-match", "GAP-6", "a dropped pool with zonal affinity is NO_ZONAL_MATCH",
            Misreading::kDropNoZonalMatch, Expectation::kAccepted),
      // The order of the zonal-affinity statuses.
      Entry("zonal-first", "TD-3 ZA-16 ZA-20",
            "narrows the VMs to the client's zone, then identifies the eligible ones", Misreading::kZonalFirst),
      Entry("nsi-after-client", "ZA-7 ZA-21", "decides INCOMPATIBLE_CLIENT before Network Security Integration",
            Misreading::kNsiAfterClient),
      Entry("nsi-before-disabled", "ZA-12 ZA-21",
            "Network Security Integration drops even with zonal affinity disabled", Misreading::kNsiBeforeDisabled),
      Entry("drop-before-client", "ZA-21 ZA-22", "decides TRAFFIC_DROPPED before INCOMPATIBLE_CLIENT",
            Misreading::kDropBeforeClient),
      Entry("nsi-no-effect", "ZA-7 GAP-10", "Network Security Integration changes nothing", Misreading::kNsiNoEffect),
      Entry("skip-zonal-on-failover", "ZA-3 ZA-27 FO-18", "zonal affinity is not applied when failover is configured",
            Misreading::kSkipZonalOnFailover),
      // Compatible clients and the zonal match.
      Entry("psc-is-compatible", "ZA-8 GAP-11", "PSC endpoint consumers get zonal affinity",
            Misreading::kPscCompatible),
      Entry("compatible-needs-backend-zone", "ZA-9 ZA-23", "a VM client in a zone without backends is incompatible",
            Misreading::kCompatibleNeedsBackendZone),
      Entry("no-rows-without-failover", "ZA-EN-1 GAP-9", "without failover no zonal-match row applies: no match",
            Misreading::kNoRowsWithoutFailover),
      Entry("healthy-only-zonal-match", "ZA-18 ZA-30 ZA-33",
            "only healthy VMs of the client's zone are zonally matched", Misreading::kHealthyOnlyZonalMatch),
      Entry("configured-primaries-only", "ZA-15 ZA-25 ZA-28", "the zonal match tests the primary VMs, even on failover",
            Misreading::kConfiguredPrimariesOnly),
      Entry("intersect-with-healthy", "ZA-31 ZA-34 ZA-38 ZA-42",
            "the zone's VMs are intersected with the healthy VMs, not the eligible ones",
            Misreading::kIntersectWithHealthy),
      // The options and what their outcomes mean.
      Entry("stay-includes-unhealthy", "ZA-13 ZA-32", "STAY_WITHIN_ZONE keeps every VM of the zone, healthy or not",
            Misreading::kStayIncludesUnhealthy),
      Entry("outcome-by-set-equality", "ZA-19 ZA-32", "UNCHANGED whenever the modified set equals the original",
            Misreading::kOutcomeBySetEquality),
      Entry("spill-ignores-zone", "ZA-1 ZA-14 ZA-36", "SPILL_CROSS_ZONE prefers no zone",
            Misreading::kSpillIgnoresZone),
      Entry("spill-zero-as-stay", "ZA-29 ZA-37", "SPILL_CROSS_ZONE with ratio 0 behaves as STAY_WITHIN_ZONE",
            Misreading::kSpillZeroAsStay),
      Entry("spill-excludes-zone", "ZA-41", "below the spillover ratio, connections leave the client's zone",
            Misreading::kSpillExcludesZone),
      Entry("ratio-over-eligible", "ZA-39 ZA-EN-4", "the computed ratio is over the original eligible set",
            Misreading::kRatioOverEligible),
      Entry("spill-float-division", "ZA-40 ZA-41", "computed ratio >= spillover ratio as doubles",
            Misreading::kSpillFloatDivision),
      Entry("spill-float32", "ZA-39 GAP-14", "compares in the API's float32", Misreading::kSpillFloat32),
      Entry("spillover-range-unchecked", "ZA-35", "spilloverRatio outside [0, 1] is accepted",
            Misreading::kSpilloverRangeUnchecked),
      // Validation and profiles.
      Entry("incompatibilities-when-disabled", "ZA-4 ZA-5 ZA-6",
            "symmetric hashing, subsetting and mirroring are rejected even without zonal affinity",
            Misreading::kIncompatibilitiesWhenDisabled),
      Entry("symmetric-both-everywhere", "ZA-4 GAP-15", "the same-zone condition is required in every profile",
            Misreading::kSymmetricBothEverywhere),
      Entry("english-last-resort-everywhere", "ZA-38 ZA-42 GAP-8",
            "the English revision's last resort and computed ratio in every profile",
            Misreading::kEnglishLastResortEverywhere),
      Entry("spec-docs-everywhere", "ZA-EN-2 ZA-EN-3 ZA-EN-5", "profile en-2026-04-02 decided as the spec texts",
            Misreading::kSpecDocsEverywhere),
      // The document format.
      DocumentEntry("scheme-absent-is-external", "GAP-40", "no loadBalancingScheme is the API's default, EXTERNAL",
                    SchemeAbsentIsExternal),
      DocumentEntry("same-zone-default-true", "GAP-41 ZA-EN-5", "an absent senderToReceiverSameZoneOnly is true",
                    SymmetricDefault("senderToReceiverSameZoneOnly")),
      DocumentEntry("peer-default-true", "GAP-41 ZA-4", "an absent peerZonalAffinityEnabled is true",
                    SymmetricDefault("peerZonalAffinityEnabled")),
      DocumentEntry("group-by-last-segment", "GAP-42 FO-2",
                    "an instance's group is the backend with the same last segment", GroupByLastSegment),
      DocumentEntry("zone-in-region-by-prefix", "GAP-43 FO-2",
                    "a zone is in a region when its name starts with the region's", ZoneInRegionByPrefix),
      DocumentEntry("client-region-required", "GAP-43 ZA-9", "a VM client without region is MISSING_FIELD",
                    ClientRegionRequired),
      DocumentEntry("group-trailing-slash-dropped", "GAP-58 FO-2",
                    "an instance's group reference ignores a trailing '/' (ig-a/ names ig-a)",
                    GroupTrailingSlashDropped),
      DocumentEntry("instance-url-zone-ignored", "GAP-59 FO-2",
                    "an instance's zone field wins over the zone its zonal URL names", InstanceUrlZoneIgnored),
  };
  return kAll;
}

}  // namespace lbconform::readings
