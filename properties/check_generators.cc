#include "properties/check_generators.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <map>
#include <set>

#include "documents/scenario_json.h"
#include "documents/slb_json.h"
#include "documents/timeline_json.h"
#include "properties/check_document_forms.h"
#include "properties/generators.h"
#include "reference/reference_engine.h"

namespace lbconform::properties {
namespace {

const reference::ReferenceEngine& Reference() {
  static const reference::ReferenceEngine engine(/*trace=*/false);
  return engine;
}

// Pick draws uniformly from [low, high) whatever RapidCheck's size, so that
// categorical choices are not biased towards their first alternative.
int Pick(int low, int high) { return *rc::gen::resize(rc::kNominalSize, rc::gen::inRange(low, high)); }

// Choose draws one of `choices` uniformly; unlike gen::element, it shrinks
// towards the first, so list the simplest first.
template <typename T>
T Choose(std::initializer_list<T> choices) {
  const int index = *rc::gen::resize(rc::kNominalSize, rc::gen::inRange(0, static_cast<int>(choices.size())));
  return *(choices.begin() + index);
}

Decimal ShortestDecimal(double value) { return *Decimal::FromDouble(value); }

// The decimals a JSON number near k/n can be: the shortest decimal of the
// double nearest k/n, and of its two neighbours (just below, just above).
Decimal NearFraction(std::uint32_t k, std::uint32_t n, int side) {
  const double nearest = static_cast<double>(k) / static_cast<double>(n);
  if (side == 0) return ShortestDecimal(nearest);
  const double beside = std::nextafter(nearest, side > 0 ? 2.0 : -1.0);
  return ShortestDecimal(std::clamp(beside, 0.0, 1.0));
}

// RatioRelation names how `ratio` lies to the fraction k/n when it is one of
// the decimals NearFraction gives; empty when it is not near k/n.
std::string RatioRelation(const std::string& what, std::uint32_t k, std::uint32_t n, const Decimal& ratio) {
  if (n == 0) return "";
  const auto order = CompareFraction(k, n, ratio);
  if (order == std::strong_ordering::equal) return what + " = k/n exactly";
  for (int side : {-1, 0, 1}) {
    if (NearFraction(k, n, side) == ratio) {
      return what + (order == std::strong_ordering::greater ? " just below k/n" : " just above k/n");
    }
  }
  return "";
}

struct PoolCounts {
  std::uint32_t primaries = 0, healthy_primaries = 0, backups = 0;
};

PoolCounts CountPools(const PassthroughScenario& s) {
  PoolCounts counts;
  for (const Instance& vm : s.instances) {
    if (vm.backend >= s.backends.size()) continue;
    if (s.backends[vm.backend].failover) {
      ++counts.backups;
    } else {
      ++counts.primaries;
      if (vm.health == HealthState::kHealthy) ++counts.healthy_primaries;
    }
  }
  return counts;
}

// PassthroughBoundaries classifies a scenario and the reference's decision.
void PassthroughBoundaries(const PassthroughScenario& s, const PassthroughDecision& d, std::set<std::string>& out) {
  if (!d.valid()) {
    out.insert("rejected");
    return;
  }
  out.insert("pool " + std::string(NameOf(d.eligible_kind)));
  out.insert("client " + std::string(NameOf(s.client.type)));
  out.insert("zonal affinity " + std::string(NameOf(s.zonal_affinity.spillover)) + " → " +
             std::string(NameOf(d.zonal_status)));
  if (d.outcome) out.insert("zonal outcome " + std::string(NameOf(*d.outcome)));
  const PoolCounts counts = CountPools(s);
  if (!s.instances.empty() && std::none_of(s.instances.begin(), s.instances.end(),
                                           [](const Instance& vm) { return vm.health == HealthState::kHealthy; })) {
    out.insert("all VMs unhealthy");
  }
  if (counts.primaries > 0 && counts.healthy_primaries == 0) out.insert("all primary VMs unhealthy");
  if (s.failover_policy.present && counts.backups > 0) {
    const Decimal& ratio = s.failover_policy.failover_ratio;
    if (ratio.is_zero()) out.insert("failover ratio 0");
    if (ratio == Decimal::FromInteger(1)) out.insert("failover ratio 1");
    if (s.failover_policy.drop_traffic_if_unhealthy) out.insert("dropTrafficIfUnhealthy");
    const std::string relation =
        RatioRelation("failover ratio", counts.healthy_primaries, counts.primaries, s.failover_policy.failover_ratio);
    if (!relation.empty()) out.insert(relation);
  }
  if (d.computed_ratio) {
    const std::string relation = RatioRelation("spillover ratio", d.computed_ratio->numerator,
                                               d.computed_ratio->denominator, s.zonal_affinity.spillover_ratio);
    if (!relation.empty()) out.insert(relation);
  }
  if (s.zonal_affinity.spillover == Spillover::kSpillCrossZone && s.zonal_affinity.spillover_ratio.is_zero()) {
    out.insert("spillover ratio 0");
  }
}

// AimAtSpilloverBoundary sets the spillover ratio to a decimal at or beside
// the ratio the reference computes for this scenario.
void AimAtSpilloverBoundary(PassthroughScenario& s, Profile profile) {
  s.zonal_affinity.spillover = Spillover::kSpillCrossZone;
  if (s.zonal_affinity.spillover_ratio.is_zero()) s.zonal_affinity.spillover_ratio = *Decimal::FromString("0.5");
  const PassthroughDecision d = Reference().Decide(s, profile);
  if (!d.computed_ratio || d.computed_ratio->denominator == 0) return;
  s.zonal_affinity.spillover_ratio =
      NearFraction(d.computed_ratio->numerator, d.computed_ratio->denominator, Choose({0, 1, -1}));
}

// HealthList draws the health of a pool's VMs as a list, so that RapidCheck
// shrinks it by removing VMs in chunks (6 primaries to 3 in one step, where
// counting down one by one would stop at a count that no longer fails).
rc::Gen<std::vector<bool>> HealthList(int max_size) {
  return rc::gen::map(rc::gen::resize(max_size, rc::gen::container<std::vector<bool>>(rc::gen::arbitrary<bool>())),
                      [max_size](std::vector<bool> healthy) {
                        if (healthy.size() > static_cast<std::size_t>(max_size))
                          healthy.resize(static_cast<std::size_t>(max_size));
                        return healthy;
                      });
}

// HealthAtLimits is a pool at the limit of 250 VMs per role (or 1 VM); the
// healthy share is drawn first, so that it survives the count's shrinking.
rc::Gen<std::vector<bool>> HealthAtLimits() {
  return rc::gen::exec([] {
    const int unhealthy_share = Choose({0, 1, 2});  // none, one, half
    const int count = Choose({1, 250, 251, 249});
    const int unhealthy = unhealthy_share == 0 ? 0 : unhealthy_share == 1 ? 1 : count / 2;
    std::vector<bool> out(static_cast<std::size_t>(count), true);
    std::fill(out.begin(), out.begin() + unhealthy, false);
    return out;
  });
}

// InZoneB puts every other VM of a list in the second zone, in the order
// drawn: (healthy, in zone b) pairs shrink like the health list itself.
rc::Gen<std::vector<std::pair<bool, bool>>> WithZones(rc::Gen<std::vector<bool>> health) {
  return rc::gen::map(health, [](const std::vector<bool>& healthy) {
    std::vector<std::pair<bool, bool>> out;
    for (std::size_t i = 0; i < healthy.size(); ++i) out.emplace_back(healthy[i], false);
    return out;
  });
}

// GenFailoverBoundary draws a service of primaries in two zones and backups
// whose failover ratio is at or beside healthy/total primaries.
rc::Gen<PassthroughScenario> GenFailoverBoundary(bool at_limits) {
  return rc::gen::exec([at_limits] {
    // RapidCheck draws again what follows a shrunk value, so the VM lists,
    // which shrink most, come last, drawn together: shrinking one keeps the
    // others.
    const int side = Choose({0, 1, -1});
    PassthroughScenario s;
    s.name = "be-check";
    s.region = "us-west1";
    s.failover_policy.present = Choose({true, false});
    s.failover_policy.drop_traffic_if_unhealthy = s.failover_policy.present && Choose({false, true});
    s.zonal_affinity.spillover = Choose({Spillover::kDisabled, Spillover::kStayWithinZone, Spillover::kSpillCrossZone});
    s.client = {Choose({ClientType::kVm, ClientType::kVpnTunnel, ClientType::kInterconnectAttachment,
                        ClientType::kPscEndpoint}),
                "us-west1", "us-west1-a"};
    if (s.client.type != ClientType::kVm) s.client.zone.clear();
    const std::string backup_zone = Choose({std::string("us-west1-a"), std::string("us-west1-b")});
    // Primaries are (healthy, in the second zone) pairs: one list, so that
    // removing a chunk of it can halve the count whatever the zones.
    const auto [backups, primary_vms] =
        at_limits
            ? *rc::gen::pair(HealthAtLimits(), WithZones(HealthAtLimits()))
            : *rc::gen::pair(HealthList(4),
                             rc::gen::resize(8, rc::gen::container<std::vector<std::pair<bool, bool>>>(rc::gen::pair(
                                                    rc::gen::arbitrary<bool>(), rc::gen::arbitrary<bool>()))));
    std::uint32_t primaries = 0, healthy_primaries = 0;
    auto group_of = [&](const std::string& zone, const std::string& name, bool failover) {
      for (std::size_t g = 0; g < s.backends.size(); ++g) {
        if (s.backends[g].name == name) return g;
      }
      BackendGroup group;
      group.zone = zone;
      group.name = name;
      group.group = "zones/" + zone + "/instanceGroups/" + name;
      group.failover = failover;
      s.backends.push_back(group);
      return s.backends.size() - 1;
    };
    group_of("us-west1-a", "ig-primary-a", false);
    for (std::size_t i = 0; i < primary_vms.size() && i < 251; ++i) {
      const auto [healthy, in_zone_b] = primary_vms[i];
      Instance vm;
      vm.name = "p" + std::to_string(i);
      vm.zone = in_zone_b ? "us-west1-b" : "us-west1-a";
      vm.backend = group_of(vm.zone, in_zone_b ? "ig-primary-b" : "ig-primary-a", false);
      vm.health = healthy ? HealthState::kHealthy : HealthState::kUnhealthy;
      s.instances.push_back(vm);
      ++primaries;
      if (healthy) ++healthy_primaries;
    }
    const std::size_t backup_group = group_of(backup_zone, "ig-backup", true);
    for (std::size_t i = 0; i < backups.size(); ++i) {
      Instance vm;
      vm.name = "b" + std::to_string(i);
      vm.zone = backup_zone;
      vm.backend = backup_group;
      vm.health = backups[i] ? HealthState::kHealthy : HealthState::kUnhealthy;
      s.instances.push_back(vm);
    }
    s.failover_policy.failover_ratio =
        !s.failover_policy.present || primaries == 0 ? Decimal() : NearFraction(healthy_primaries, primaries, side);
    return s;
  });
}

rc::Gen<PassthroughScenario> GenBoundaryScenario(Profile profile) {
  return rc::gen::exec([profile] {
    // 0: the properties' draw; 1: the failover ratio's boundary; 2: the
    // spillover ratio's; 3: both; 4 (rarely): the limits on VM counts.
    const int aim = *rc::gen::weightedElement<int>({{6, 0}, {6, 1}, {4, 2}, {2, 3}, {1, 4}});
    if (aim == 0) return *GenScenario({});
    if (aim == 1 || aim == 4) return *GenFailoverBoundary(aim == 4);
    GenOptions options;
    options.allow_invalid = false;
    options.populated = Pick(0, 2) == 0;
    options.with_failover = aim == 3;
    options.compatible_client = true;
    PassthroughScenario s = aim == 3 ? *GenFailoverBoundary(false) : *GenScenario(options);
    AimAtSpilloverBoundary(s, profile);
    return s;
  });
}

std::vector<std::string> Sorted(const std::set<std::string>& classes) { return {classes.begin(), classes.end()}; }

rc::Gen<CheckCase> PassthroughCase(Profile profile) {
  return rc::gen::map(GenBoundaryScenario(profile), [profile](const PassthroughScenario& s) {
    std::set<std::string> classes;
    PassthroughBoundaries(s, Reference().Decide(s, profile), classes);
    return CheckCase{EncodeScenario(s), Sorted(classes)};
  });
}

// ------------------------------ Timelines

// AimTimeline moves a timeline onto one of its boundaries: events of mixed
// types at one time, a 0-second drain, an event exactly when a drain ends, a
// configuration change in the middle.
void AimTimeline(TimelineScenario& t, Profile profile) {
  switch (Pick(0, 5)) {
    case 0:  // simultaneous events
      for (std::size_t i = 1; i < t.events.size(); ++i) {
        if (Pick(0, 3) == 0) t.events[i].at = t.events[i - 1].at;
      }
      break;
    case 1:
      t.draining_timeout_sec = 0;
      break;
    case 2: {  // an event exactly when a drain ends
      const TimelineDecision d = Reference().DecideTimeline(t, profile);
      std::optional<std::int64_t> until;
      for (const TimelineStep& step : d.steps) {
        for (const ConnectionStatus& c : step.connections) {
          if (c.draining_until) until = c.draining_until;
        }
      }
      if (until && (t.events.empty() || *until >= t.events.back().at)) {
        TimelineEvent e;
        e.at = *until;
        e.type = Pick(0, 2) == 0 ? EventType::kAdvance : EventType::kHealth;
        if (e.type == EventType::kHealth && !t.initial.instances.empty()) {
          e.instance = static_cast<std::size_t>(Pick(0, static_cast<int>(t.initial.instances.size())));
          e.health = Pick(0, 2) == 0 ? HealthState::kHealthy : HealthState::kUnhealthy;
        } else {
          e.type = EventType::kAdvance;
        }
        t.events.push_back(e);
      }
      break;
    }
    case 3: {  // a configuration change in the middle
      if (t.events.empty()) break;
      const std::size_t at = static_cast<std::size_t>(Pick(0, static_cast<int>(t.events.size())));
      TimelineEvent e = *GenEvent(t, t.events[at].at, EventType::kConfig);
      e.at = t.events[at].at;
      t.events.insert(t.events.begin() + static_cast<std::ptrdiff_t>(at) + 1, e);
      break;
    }
    default:
      break;
  }
}

void TimelineBoundaries(const TimelineScenario& t, const TimelineDecision& d, std::set<std::string>& out) {
  if (!d.valid()) {
    out.insert("rejected");
    return;
  }
  out.insert("persistence " + std::string(NameOf(t.tracking.persistence)) + " × tracking " +
             std::string(NameOf(t.tracking.tracking_mode)));
  if (t.draining_timeout_sec == 0) out.insert("drain of 0 s");
  std::set<std::int64_t> drain_ends;
  for (std::size_t i = 0; i < t.events.size(); ++i) {
    const TimelineEvent& e = t.events[i];
    if (i > 0 && t.events[i - 1].at == e.at && t.events[i - 1].type != e.type) out.insert("mixed events at one time");
    if (e.type == EventType::kConfig && i + 1 < t.events.size()) out.insert("settings changed mid-timeline");
    if (e.type == EventType::kConnect) {
      out.insert("connect " + std::string(NameOf(e.protocol)) + " × persistence " +
                 std::string(NameOf(t.tracking.persistence)));
    }
    if (drain_ends.count(e.at) != 0) out.insert("event exactly when a drain ends");
    if (i < d.steps.size()) {
      for (const ConnectionStatus& c : d.steps[i].connections) {
        if (c.draining_until) drain_ends.insert(*c.draining_until);
      }
    }
  }
  EligibleKind before = d.initial.eligible_kind;
  for (const TimelineStep& step : d.steps) {
    if (step.transition != Transition::kNone) out.insert("transition " + std::string(NameOf(step.transition)));
    const EligibleKind now = step.pool.eligible_kind;
    if (now != before) {
      for (EligibleKind edge : {EligibleKind::kAllLastResort, EligibleKind::kPrimaryLastResort, EligibleKind::kDrop}) {
        if (now == edge) out.insert("pool into " + std::string(NameOf(edge)));
        if (before == edge) out.insert("pool out of " + std::string(NameOf(edge)));
      }
    }
    before = now;
    for (const ConnectionStatus& c : step.connections) out.insert("connection " + std::string(NameOf(c.state)));
  }
}

rc::Gen<CheckCase> TimelineCase(Profile profile) {
  return rc::gen::exec([profile] {
    TimelineScenario t = *rc::gen::arbitrary<TimelineScenario>();
    if (Pick(0, 2) == 0) AimTimeline(t, profile);
    std::set<std::string> classes;
    TimelineBoundaries(t, Reference().DecideTimeline(t, profile), classes);
    return CheckCase{EncodeTimeline(t), Sorted(classes)};
  });
}

// ------------------------------ Service LB policies

// AimSlb moves a plan onto one of its boundaries: a failover threshold equal
// to a backend's healthy share, STRICT isolation with demand above capacity,
// load that fits in one zone.
void AimSlb(SlbScenario& s) {
  switch (Pick(0, 4)) {
    case 0: {  // threshold equality
      for (const SlbBackend& b : s.backends) {
        const std::uint32_t members = b.health.empty() ? b.members : b.health.back().members;
        const std::uint32_t healthy = b.health.empty() ? b.healthy : b.health.back().healthy;
        if (members > 0 && healthy > 0 && healthy < members && (healthy * 100) % members == 0) {
          s.policy.present = true;
          s.policy.name = "pol";
          s.policy_refs = {"projects/p/locations/global/serviceLbPolicies/pol"};
          s.policy.failover_health_threshold = static_cast<std::int64_t>(healthy * 100 / members);
          break;
        }
      }
      break;
    }
    case 1:  // STRICT isolation, demand above capacity
      s.load_balancer = LoadBalancerType::kCrossRegionInternalApplication;
      s.scheme = "INTERNAL_MANAGED";
      s.policy.present = true;
      s.policy.name = "pol";
      s.policy_refs = {"projects/p/locations/global/serviceLbPolicies/pol"};
      s.policy.isolation_granularity = IsolationGranularity::kRegion;
      s.policy.isolation_mode = IsolationMode::kStrict;
      for (ClientLocation& c : s.clients) c.offered = 1'000'000'000;
      break;
    case 2:  // load that fits in one zone
      for (ClientLocation& c : s.clients) c.offered = 1'000;
      break;
    default:
      break;
  }
}

void SlbBoundaries(const SlbScenario& s, const SlbDecision& d, std::set<std::string>& out) {
  if (!d.valid()) {
    out.insert("rejected");
    return;
  }
  out.insert("algorithm " + std::string(NameOf(d.policy.algorithm)));
  if (d.policy.isolation_enforced) out.insert("isolation " + std::string(NameOf(d.policy.isolation_mode)));
  if (d.policy.auto_capacity_drain) out.insert("auto-capacity drain");
  Milli capacity = 0;
  std::map<std::string, Milli> zone_capacity;
  for (std::size_t i = 0; i < d.backends.size(); ++i) {
    const BackendState& b = d.backends[i];
    capacity += b.effective_capacity;
    if (i < s.backends.size()) zone_capacity[s.backends[i].zone] += b.effective_capacity;
    if (b.drained) out.insert("backend drained");
    if (b.drain_candidate && !b.drained) out.insert("drain candidate kept");
    if (b.below_failover_threshold) out.insert("backend below the failover threshold");
    if (b.members > 0 && b.healthy * 100 == static_cast<std::uint64_t>(d.policy.failover_health_threshold) * b.members)
      out.insert("healthy share = failover threshold");
    if (i < s.backends.size() && s.backends[i].preference == Preference::kPreferred) out.insert("preferred backend");
    if (i < s.backends.size() && s.backends[i].health.size() >= 2) out.insert("health changes over time");
  }
  const Milli offered = d.offered();
  if (offered > capacity) out.insert("demand above capacity");
  if (offered > capacity && d.policy.isolation_mode == IsolationMode::kStrict)
    out.insert("STRICT, demand above capacity");
  for (const auto& [zone, zone_cap] : zone_capacity) {
    if (offered > 0 && offered <= zone_cap) {
      out.insert("load fits in one zone, " + std::string(NameOf(d.policy.algorithm)));
      break;
    }
  }
  if (d.dropped() > 0) out.insert("load dropped");
}

rc::Gen<CheckCase> SlbCase() {
  return rc::gen::exec([] {
    SlbScenario s = *GenSlbScenario(/*allow_invalid=*/true);
    if (Pick(0, 2) == 0) AimSlb(s);
    std::set<std::string> classes;
    SlbBoundaries(s, Reference().Plan(s), classes);
    return CheckCase{EncodeSlbScenario(s), Sorted(classes)};
  });
}

}  // namespace

rc::Gen<CheckCase> GenCheckCase(ScenarioKind kind, Profile profile) {
  switch (kind) {
    case ScenarioKind::kPassthrough:
      return WithDocumentForms(PassthroughCase(profile));
    case ScenarioKind::kPassthroughTimeline:
      return TimelineCase(profile);
    case ScenarioKind::kServiceLbPolicy:
      return SlbCase();
  }
  return PassthroughCase(profile);
}

}  // namespace lbconform::properties
