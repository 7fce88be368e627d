#include "check/case_aimers.h"

#include <string>

namespace lbconform::check {
namespace {

// ------------------------------ passthrough (and a timeline's initial state)

std::string AnyZone(const PassthroughScenario& s) {
  for (const BackendGroup& b : s.backends) {
    if (!b.zone.empty()) return b.zone;
  }
  return (s.region.empty() ? std::string("us-west1") : s.region) + "-a";
}

std::string OtherZone(const std::string& zone) {
  return zone.ends_with("-a") ? zone.substr(0, zone.size() - 1) + "b" : zone.substr(0, zone.size() - 1) + "a";
}

// AddGroup appends a zonal group of `vms` VMs in `zone`.
void AddGroup(PassthroughScenario& s, const std::string& zone, bool failover, int vms, HealthState health) {
  BackendGroup group;
  group.zone = zone;
  group.name = "ig-aim-" + std::to_string(s.backends.size());
  group.group = "zones/" + zone + "/instanceGroups/" + group.name;
  group.failover = failover;
  s.backends.push_back(group);
  for (int i = 0; i < vms; ++i) {
    Instance vm;
    vm.name = group.name + "-vm-" + std::to_string(i);
    vm.zone = zone;
    vm.backend = s.backends.size() - 1;
    vm.health = health;
    s.instances.push_back(vm);
  }
}

// WithFailover: failover configured (a failover backend), as the limits of
// FO-5 and FO-6 on primaries require.
void WithFailover(PassthroughScenario& s) {
  for (const BackendGroup& b : s.backends) {
    if (b.failover) return;
  }
  AddGroup(s, AnyZone(s), /*failover=*/true, 1, HealthState::kHealthy);
}

// The VM limits count a role's VMs over all its groups (FO-5): 251 VMs in two
// groups, neither over 250, so that counting each group alone is told apart.
void TooManyPrimaryVms(PassthroughScenario& s) {  // FO-5
  WithFailover(s);
  AddGroup(s, AnyZone(s), false, 126, HealthState::kHealthy);
  AddGroup(s, AnyZone(s), false, 125, HealthState::kHealthy);
}

void TooManyBackupVms(PassthroughScenario& s) {  // FO-5
  AddGroup(s, AnyZone(s), true, 126, HealthState::kHealthy);
  AddGroup(s, AnyZone(s), true, 125, HealthState::kHealthy);
}

void TooManyPrimaryGroups(PassthroughScenario& s) {  // FO-6
  WithFailover(s);
  for (int g = 0; g < 51; ++g) AddGroup(s, AnyZone(s), false, 1, HealthState::kHealthy);
}

void TooManyFailoverGroups(PassthroughScenario& s) {  // FO-6
  for (int g = 0; g < 51; ++g) AddGroup(s, AnyZone(s), true, 1, HealthState::kHealthy);
}

// ClientInZoneOfFirstVm: a compatible VM client in the zone of the first VM (one
// added when there is none), without failover so that the original eligible
// backends are the primaries.
std::string ClientInZoneOfFirstVm(PassthroughScenario& s) {
  s.failover_policy = FailoverPolicy{};
  for (BackendGroup& b : s.backends) b.failover = false;
  if (s.instances.empty()) AddGroup(s, AnyZone(s), false, 1, HealthState::kHealthy);
  const std::string zone = s.instances.front().zone;
  s.client = {ClientType::kVm, s.region, zone};
  s.deployment = Deployment{};
  return zone;
}

// StayWithinEmptyIntersection: STAY_WITHIN_ZONE, the client's zone matched
// but every VM there unhealthy while another zone has a healthy one (ZA-33).
void StayWithinEmptyIntersection(PassthroughScenario& s) {
  const std::string zone = ClientInZoneOfFirstVm(s);
  s.zonal_affinity.spillover = Spillover::kStayWithinZone;
  bool healthy_elsewhere = false;
  for (Instance& vm : s.instances) {
    if (vm.zone == zone) vm.health = HealthState::kUnhealthy;
    healthy_elsewhere = healthy_elsewhere || (vm.zone != zone && vm.health == HealthState::kHealthy);
  }
  if (!healthy_elsewhere) AddGroup(s, OtherZone(zone), false, 1, HealthState::kHealthy);
}

// SpillZeroAllUnhealthy: SPILL_CROSS_ZONE with ratio 0 while every primary
// VM is unhealthy (the last resort, ZA-38).
void SpillZeroAllUnhealthy(PassthroughScenario& s) {
  (void)ClientInZoneOfFirstVm(s);
  s.zonal_affinity.spillover = Spillover::kSpillCrossZone;
  s.zonal_affinity.spillover_ratio = Decimal();
  for (Instance& vm : s.instances) vm.health = HealthState::kUnhealthy;
}

// StayWithinAllUnhealthy: STAY_WITHIN_ZONE while every primary VM is
// unhealthy (the last resort, ZA-34).
void StayWithinAllUnhealthy(PassthroughScenario& s) {
  SpillZeroAllUnhealthy(s);
  s.zonal_affinity.spillover = Spillover::kStayWithinZone;
}

// SpillZeroEmptyIntersection: SPILL_CROSS_ZONE with ratio 0, the client's
// zone matched but unhealthy (ZA-37).
void SpillZeroEmptyIntersection(PassthroughScenario& s) {
  StayWithinEmptyIntersection(s);
  s.zonal_affinity.spillover = Spillover::kSpillCrossZone;
  s.zonal_affinity.spillover_ratio = Decimal();
}

// SpillZeroInZone: SPILL_CROSS_ZONE with ratio 0 and a healthy VM in the
// client's zone (ZA-36).
void SpillZeroInZone(PassthroughScenario& s) {
  (void)ClientInZoneOfFirstVm(s);
  s.zonal_affinity.spillover = Spillover::kSpillCrossZone;
  s.zonal_affinity.spillover_ratio = Decimal();
  s.instances.front().health = HealthState::kHealthy;
}

struct PassthroughAim {
  std::string_view label;
  PassthroughAimer aim;
};

constexpr PassthroughAim kPassthroughAims[] = {
    {"FO-5  rejected: TOO_MANY_PRIMARY_VMS", TooManyPrimaryVms},
    {"FO-5  rejected: TOO_MANY_BACKUP_VMS", TooManyBackupVms},
    {"FO-5  more than 250 primary VMs, no group over 250", TooManyPrimaryVms},
    {"FO-5  more than 250 backup VMs, no group over 250", TooManyBackupVms},
    {"FO-6  rejected: TOO_MANY_PRIMARY_GROUPS", TooManyPrimaryGroups},
    {"FO-6  rejected: TOO_MANY_FAILOVER_GROUPS", TooManyFailoverGroups},
    {"ZA-33  in the reference's trace", StayWithinEmptyIntersection},
    {"ZA-19  zonal outcome REPLACED", StayWithinEmptyIntersection},
    {"ZA-38  in the reference's trace", SpillZeroAllUnhealthy},
    {"ZA-EN-2  in the reference's trace", SpillZeroAllUnhealthy},
    {"ZA-34  in the reference's trace", StayWithinAllUnhealthy},
    {"ZA-37  in the reference's trace", SpillZeroEmptyIntersection},
    {"ZA-36  in the reference's trace", SpillZeroInZone},
};

// ------------------------------ service-lb-policy

}  // namespace

void WithPolicy(SlbScenario& s) {
  s.policy.present = true;
  s.policy.name = "pol";
  s.policy_refs = {"projects/p/locations/global/serviceLbPolicies/pol"};
}

void WithAutoDrainOverThreeBackends(SlbScenario& s) {
  WithPolicy(s);
  s.policy.auto_capacity_drain = true;
  while (s.backends.size() < 3) {
    s.backends.push_back(s.backends.back());
    s.backends.back().name += "x";
    s.backends.back().group += "x";
  }
}

namespace {

void RegionalBackendByZone(SlbScenario& s) {  // SLB-12
  if (s.backends.empty()) return;
  WithPolicy(s);
  s.policy.algorithm = Algorithm::kWaterfallByZone;
  SlbBackend& b = s.backends.front();
  b.zone.clear();
  b.group = b.name;  // a zonal URL would name the zone
}

void DrainedWithoutMembers(SlbScenario& s) {  // SLB-17
  if (s.backends.empty()) return;
  WithAutoDrainOverThreeBackends(s);
  SlbBackend& b = s.backends.front();
  b.members = 20;
  b.healthy = 0;
  b.health = {{0, 20, 0}, {s.at + 1, 0, 0}};
  s.at += 2;
}

SlbBackend& PerGroupCapacity(SlbScenario& s) {
  SlbBackend& b = s.backends.front();
  b.mode = BalancingMode::kRate;
  b.capacity_field = CapacityField::kMaxRate;
  b.capacity_scaler = Decimal::FromInteger(1);
  b.members = std::max<std::uint32_t>(b.members, 1);
  b.healthy = b.members;
  b.health.clear();
  return b;
}

void CapacityOfOneThousandth(SlbScenario& s) {  // SLB-34
  if (s.backends.empty()) return;
  PerGroupCapacity(s).capacity_value = 1;
}

SlbBackend& UtilizationMode(SlbScenario& s) {
  SlbBackend& b = s.backends.front();
  b.mode = BalancingMode::kUtilization;
  b.capacity_field = CapacityField::kMaxUtilization;
  b.max_utilization_given = true;
  b.load_per_member = std::max<Milli>(b.load_per_member, 1000);
  return b;
}

void MaxUtilizationZero(SlbScenario& s) {  // SLB-34
  if (!s.backends.empty()) UtilizationMode(s).max_utilization = Decimal();
}

void MaxUtilizationAboveOne(SlbScenario& s) {  // SLB-34
  if (!s.backends.empty()) UtilizationMode(s).max_utilization = *Decimal::FromString("1.01");
}

void NoTargetCapacity(SlbScenario& s) {  // SLB-34
  if (!s.backends.empty()) s.backends.front().capacity_field.reset();
}

void PolicyOfAnotherName(SlbScenario& s) {  // GAP-57: MISSING_FIELD
  WithPolicy(s);
  s.policy.name = "other";
}

void SchemeOfAnotherLoadBalancer(SlbScenario& s) {  // SLB-2
  WithPolicy(s);
  s.scheme = s.scheme == "INTERNAL_MANAGED" ? "EXTERNAL_MANAGED" : "INTERNAL_MANAGED";
}

struct SlbAim {
  std::string_view label;
  SlbAimer aim;
};

constexpr SlbAim kSlbAims[] = {
    {"SLB-12  a regional backend under WATERFALL_BY_ZONE", RegionalBackendByZone},
    {"SLB-17  a drained backend without members", DrainedWithoutMembers},
    {"SLB-34  an effective capacity of 0.001", CapacityOfOneThousandth},
    {"SLB-34  maxUtilization 0", MaxUtilizationZero},
    {"SLB-34  rejected: MAX_UTILIZATION_OUT_OF_RANGE", MaxUtilizationAboveOne},
    {"SLB-34  rejected: UNSUPPORTED_BALANCING_MODE", NoTargetCapacity},
    {"SLB-2  rejected: SCHEME_NOT_ALLOWED", SchemeOfAnotherLoadBalancer},
    {"SL-1.5-h  a policy given under another name than the one named", PolicyOfAnotherName},
};

// ConfigRatio: a config event setting the failover ratio to `text` (TL-2.4-k).
void ConfigRatio(TimelineScenario& t, const char* text) {
  TimelineEvent e;
  e.at = t.events.empty() ? 0 : t.events.back().at;
  e.type = EventType::kConfig;
  e.failover_policy.failover_ratio = *Decimal::FromString(text);
  t.events.push_back(e);
}

struct TimelineAim {
  std::string_view label;
  TimelineAimer aim;
};

// A timeline's limits are those of its initial state (FO-5, FO-6).
constexpr TimelineAim kTimelineAims[] = {
    {"TL-2.4-k  a config event's ratio outside [0, 1]", [](TimelineScenario& t) { ConfigRatio(t, "1.01"); }},
    {"TL-2.4-k  a config event's ratio 0 or 1", [](TimelineScenario& t) { ConfigRatio(t, "1"); }},
    {"FO-5  rejected: TOO_MANY_PRIMARY_VMS", [](TimelineScenario& t) { TooManyPrimaryVms(t.initial); }},
    {"FO-5  rejected: TOO_MANY_BACKUP_VMS", [](TimelineScenario& t) { TooManyBackupVms(t.initial); }},
    {"FO-6  rejected: TOO_MANY_PRIMARY_GROUPS", [](TimelineScenario& t) { TooManyPrimaryGroups(t.initial); }},
    {"FO-6  rejected: TOO_MANY_FAILOVER_GROUPS", [](TimelineScenario& t) { TooManyFailoverGroups(t.initial); }},
};

template <typename Aim, std::size_t N>
auto Find(const Aim (&aims)[N], std::string_view label) -> decltype(aims[0].aim) {
  for (const Aim& a : aims) {
    if (a.label == label) return a.aim;
  }
  return nullptr;
}

}  // namespace

PassthroughAimer PassthroughAimerFor(std::string_view label) { return Find(kPassthroughAims, label); }

SlbAimer SlbAimerFor(std::string_view label) { return Find(kSlbAims, label); }

std::vector<AimedPair> AllAimedPairs() {
  std::vector<AimedPair> pairs;
  for (const PassthroughAim& a : kPassthroughAims) pairs.push_back({ScenarioKind::kPassthrough, a.label});
  for (const SlbAim& a : kSlbAims) pairs.push_back({ScenarioKind::kServiceLbPolicy, a.label});
  for (const TimelineAim& a : kTimelineAims) pairs.push_back({ScenarioKind::kPassthroughTimeline, a.label});
  return pairs;
}

TimelineAimer TimelineAimerFor(std::string_view label) { return Find(kTimelineAims, label); }

}  // namespace lbconform::check
