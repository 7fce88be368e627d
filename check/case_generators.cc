#include "check/case_generators.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <map>
#include <set>

#include "check/case_aimers.h"
#include "check/document_forms.h"
#include "check/scenario_generators.h"
#include "check/shrinks.h"
#include "check/slb_forms.h"
#include "check/timeline_forms.h"
#include "documents/scenario_json.h"
#include "documents/slb_json.h"
#include "documents/timeline_json.h"
#include "reference/reference_engine.h"
#ifdef LBCONFORM_TOY_KIND
#include "check/testing/toy_cases.h"
#endif

namespace lbconform::check {
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

// RejectedClasses: a rejected case reaches "rejected: CODE" for each error
// code of the reference's decision (model/errors.def).
void RejectedClasses(const std::vector<Error>& errors, std::set<std::string>& out) {
  for (const Error& e : errors) out.insert("rejected: " + std::string(NameOf(e.code)));
}

std::vector<std::string> Sorted(const std::set<std::string>& classes) { return {classes.begin(), classes.end()}; }

// PassthroughBoundaries classifies a scenario and the reference's decision.
void PassthroughBoundaries(const PassthroughScenario& s, const PassthroughDecision& d, std::set<std::string>& out) {
  const auto failover_groups = static_cast<std::size_t>(
      std::count_if(s.backends.begin(), s.backends.end(), [](const BackendGroup& b) { return b.failover; }));
  const std::size_t primary_groups = s.backends.size() - failover_groups;
  const std::string with = failover_groups > 0 ? "with failover" : "without failover";
  if (primary_groups > 50) out.insert("more than 50 primary groups " + with);
  if (failover_groups > 50) out.insert("more than 50 failover groups");
  if (primary_groups <= 50 && failover_groups <= 50 && s.backends.size() > 50)
    out.insert("more than 50 groups of both roles together");
  const PoolCounts counts = CountPools(s);
  if (failover_groups > 0 && primary_groups == 50) out.insert("50 primary groups with failover");
  if (failover_groups == 50) out.insert("50 failover groups");
  if (failover_groups > 0 && counts.primaries == 250) out.insert("250 primary VMs with failover");
  if (counts.backups == 250) out.insert("250 backup VMs");
  // The limits count a role's VMs over its groups: passed in total, by no group alone.
  std::map<std::size_t, std::uint32_t> per_group;
  for (const Instance& vm : s.instances) ++per_group[vm.backend];
  const auto largest = [&](bool failover) {
    std::uint32_t most = 0;
    for (const auto& [group, vms] : per_group) {
      if (group < s.backends.size() && s.backends[group].failover == failover) most = std::max(most, vms);
    }
    return most;
  };
  if (failover_groups > 0 && counts.primaries > 250 && largest(false) <= 250) {
    out.insert("more than 250 primary VMs, no group over 250");
  }
  if (counts.backups > 250 && largest(true) <= 250) out.insert("more than 250 backup VMs, no group over 250");
  if (!d.valid()) {
    RejectedClasses(d.errors, out);
    return;
  }
  out.insert("pool " + std::string(NameOf(d.eligible_kind)));
  out.insert("client " + std::string(NameOf(s.client.type)));
  out.insert("zonal affinity " + std::string(NameOf(s.zonal_affinity.spillover)) + " → " +
             std::string(NameOf(d.zonal_status)));
  if (d.outcome) out.insert("zonal outcome " + std::string(NameOf(*d.outcome)));
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

// GenGroupLimits: a service at the limit of 50 groups per role (FO-6), with
// or without failover groups (GAP-12), one VM per group; shrinking removes
// groups one at a time down to the limit plus one.
rc::Gen<PassthroughScenario> GenGroupLimits() {
  return rc::gen::exec([] {
    const int primary_groups = Choose({51, 50, 1, 52});
    const int failover_groups = Choose({0, 1, 50, 51});
    const bool one_unhealthy = Choose({false, true});
    PassthroughScenario s;
    s.name = "be-check";
    s.region = "us-west1";
    s.failover_policy.present = Choose({false, true});
    s.zonal_affinity.spillover = Choose({Spillover::kDisabled, Spillover::kStayWithinZone});
    s.client = {ClientType::kVm, "us-west1", "us-west1-a"};
    for (int g = 0; g < primary_groups + failover_groups; ++g) {
      BackendGroup group;
      group.zone = g % 2 == 0 ? "us-west1-a" : "us-west1-b";
      group.name = "ig-" + std::to_string(g);
      group.group = "zones/" + group.zone + "/instanceGroups/" + group.name;
      group.failover = g >= primary_groups;
      s.backends.push_back(group);
      Instance vm;
      vm.name = "vm-" + std::to_string(g);
      vm.zone = group.zone;
      vm.backend = static_cast<std::size_t>(g);
      vm.health = one_unhealthy && g == 0 ? HealthState::kUnhealthy : HealthState::kHealthy;
      s.instances.push_back(vm);
    }
    return s;
  });
}

// GenIncompatibleOptions: zonal affinity with one of the options it cannot
// be combined with (ZA-4, ZA-5, ZA-6), each side of the profiles' conditions.
rc::Gen<PassthroughScenario> GenIncompatibleOptions() {
  return rc::gen::exec([] {
    GenOptions options;
    options.allow_invalid = false;
    options.spillover = Choose({Spillover::kStayWithinZone, Spillover::kSpillCrossZone, Spillover::kDisabled});
    PassthroughScenario s = *GenScenario(options);
    switch (Pick(0, 4)) {
      case 0:
        s.subsetting = SubsettingPolicy::kConsistentHashSubsetting;
        break;
      case 1:
        s.deployment.packet_mirroring_collector = true;
        break;
      default:
        s.deployment.symmetric_hashing = SymmetricHashing{Choose({true, false}), Choose({true, false})};
        break;
    }
    return s;
  });
}

// Why float-division and float-shortest-decimal need 7 VMs, and
// spill-float-division 6: a JSON ratio is the shortest decimal S(d) of some
// double d (else INEXACT_NUMBER, docs/spec/passthrough.md §2.7). Unless d is
// the double nearest k/n, d lies at least half an ulp from k/n and S(d) within
// half an ulp of d on the same side, so comparing doubles (or S of the double
// k/n with S(d)) orders k/n and the ratio as exact arithmetic does. With d the
// double nearest k/n, both readings keep the primaries (refine) and exact
// arithmetic does not exactly when S(d) > k/n; the smallest such n is 6
// (5/6 prints as 0.8333333333333334; n <= 5 give S(d) <= k/n). So 6 primaries
// and a healthy backup (to make failing over visible), or 6 VMs in the client's
// zone. float32 (spill-float32) already parts at 1/2: 2 VMs.
//
// GenSpilloverZones: a client's zone of up to 8 VMs and a second zone, so
// that the computed ratio k/n takes denominators up to 8 (5/6 is the first
// whose double's shortest decimal lies above it).
rc::Gen<PassthroughScenario> GenSpilloverZones() {
  return rc::gen::exec([] {
    PassthroughScenario s;
    s.name = "be-check";
    s.region = "us-west1";
    s.zonal_affinity.spillover = Spillover::kSpillCrossZone;
    s.client = {ClientType::kVm, "us-west1", "us-west1-a"};
    const auto [local, other] = *rc::gen::pair(HealthList(8), HealthList(3));
    for (const auto& [zone, health] :
         {std::pair{std::string("us-west1-a"), local}, std::pair{std::string("us-west1-b"), other}}) {
      BackendGroup group;
      group.zone = zone;
      group.name = "ig-" + zone.substr(zone.size() - 1);
      group.group = "zones/" + zone + "/instanceGroups/" + group.name;
      s.backends.push_back(group);
      for (bool healthy : health) {
        Instance vm;
        vm.name = "vm-" + std::to_string(s.instances.size());
        vm.zone = zone;
        vm.backend = s.backends.size() - 1;
        vm.health = healthy ? HealthState::kHealthy : HealthState::kUnhealthy;
        s.instances.push_back(vm);
      }
    }
    return s;
  });
}

rc::Gen<PassthroughScenario> GenBoundaryScenario(Profile profile) {
  return rc::gen::exec([profile] {
    // 0: the properties' draw; 1: the failover ratio's boundary; 2: the
    // spillover ratio's; 3: both; 4 (rarely): the limits on VM counts (with
    // failover: a misreading of GAP-12 shows with 51 groups, not 251 VMs);
    // 5 (rarely): the limits on group counts; 6: options incompatible with
    // zonal affinity; 7: the spillover ratio's boundary in a zone of up to 8 VMs.
    const int aim = *rc::gen::weightedElement<int>({{6, 0}, {6, 1}, {4, 2}, {2, 3}, {1, 4}, {1, 5}, {1, 6}, {2, 7}});
    if (aim == 0) return *GenScenario({});
    if (aim == 5) return *GenGroupLimits();
    if (aim == 6) return *GenIncompatibleOptions();
    if (aim == 7) {
      PassthroughScenario s = *GenSpilloverZones();
      AimAtSpilloverBoundary(s, profile);
      return s;
    }
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

rc::Gen<CheckCase> PassthroughCase(Profile profile, PassthroughAimer aim = nullptr) {
  auto shrinks = [profile](const PassthroughScenario& s) { return PassthroughShrinks(s, profile); };
  rc::Gen<PassthroughScenario> drawn = GenBoundaryScenario(profile);
  if (aim != nullptr) {
    drawn = rc::gen::map(std::move(drawn), [aim](PassthroughScenario s) {
      aim(s);
      return s;
    });
  }
  return rc::gen::map(WithShrinks(drawn, shrinks), [profile](const PassthroughScenario& s) {
    std::set<std::string> classes;
    PassthroughBoundaries(s, Reference().Decide(s, profile), classes);
    return CheckCase{EncodeScenario(s), Sorted(classes)};
  });
}

// ------------------------------ Timelines

// AimTransitionsWhileDraining appends a failover and then a failback while a
// connection drains (GAP-17): a TCP connection to a primary VM, every primary
// unhealthy (that one last), then another primary healthy again; ratio 0 and
// a healthy backup make both transitions happen.
void AimTransitionsWhileDraining(TimelineScenario& t) {
  std::vector<std::size_t> primaries, backups;
  for (std::size_t v = 0; v < t.initial.instances.size(); ++v) {
    const std::size_t g = t.initial.instances[v].backend;
    (g < t.initial.backends.size() && t.initial.backends[g].failover ? backups : primaries).push_back(v);
  }
  if (primaries.size() < 2 || backups.empty()) return;
  std::int64_t at = t.events.empty() ? 0 : t.events.back().at;
  auto add = [&](TimelineEvent e) {
    e.at = at;
    t.events.push_back(e);
  };
  auto health = [&](std::size_t vm, HealthState state) {
    TimelineEvent e;
    e.type = EventType::kHealth;
    e.instance = vm;
    e.health = state;
    add(e);
  };
  TimelineEvent config;
  config.type = EventType::kConfig;
  config.failover_policy.failover_ratio = Decimal();
  config.failover_policy.disable_connection_drain_on_failover = false;
  add(config);
  health(backups.front(), HealthState::kHealthy);
  const std::size_t draining = primaries.front();
  health(draining, HealthState::kHealthy);
  TimelineEvent connect;
  connect.type = EventType::kConnect;
  connect.instance = draining;
  connect.connection = t.connection_ids.size();
  connect.protocol = ConnectionProtocol::kTcp;
  t.connection_ids.push_back("c" + std::to_string(connect.connection));
  add(connect);
  at += 1;
  for (std::size_t i = 1; i < primaries.size(); ++i) health(primaries[i], HealthState::kUnhealthy);
  health(draining, HealthState::kUnhealthy);  // failover: the connection drains
  at += Choose<std::int64_t>({1, 30});
  health(primaries[1], HealthState::kHealthy);  // failback while it drains
}

// AimTimeline moves a timeline onto one of its boundaries: events of mixed
// types at one time, a 0-second drain, an event exactly when a drain ends, a
// configuration change in the middle, two transitions while a connection drains.
void AimTimeline(TimelineScenario& t, Profile profile) {
  switch (Pick(0, 6)) {
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
    case 4:
      AimTransitionsWhileDraining(t);
      break;
    default:
      break;
  }
}

void TimelineBoundaries(const TimelineScenario& t, const TimelineDecision& d, std::set<std::string>& out) {
  for (const TimelineEvent& e : t.events) {
    const std::optional<Decimal>& ratio = e.failover_policy.failover_ratio;
    if (e.type != EventType::kConfig || !ratio) continue;
    if (ratio->negative() || Decimal::FromInteger(1) < *ratio) out.insert("a config event's ratio outside [0, 1]");
    if (ratio->is_zero() || *ratio == Decimal::FromInteger(1)) out.insert("a config event's ratio 0 or 1");
  }
  if (!d.valid()) {
    RejectedClasses(d.errors, out);
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

rc::Gen<CheckCase> TimelineCase(Profile profile, TimelineAimer aim = nullptr) {
  const rc::Gen<TimelineScenario> aimed = rc::gen::exec([profile, aim] {
    TimelineScenario t = *rc::gen::arbitrary<TimelineScenario>();
    if (Pick(0, 2) == 0) AimTimeline(t, profile);
    if (aim != nullptr) aim(t);
    return t;
  });
  return rc::gen::map(WithShrinks(aimed, TimelineShrinks), [profile](const TimelineScenario& t) {
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
  switch (Pick(0, 8)) {
    case 0: {  // threshold equality
      for (const SlbBackend& b : s.backends) {
        const std::uint32_t members = b.health.empty() ? b.members : b.health.back().members;
        const std::uint32_t healthy = b.health.empty() ? b.healthy : b.health.back().healthy;
        if (members > 0 && healthy > 0 && healthy < members && (healthy * 100) % members == 0) {
          WithPolicy(s);
          s.policy.failover_health_threshold = static_cast<std::int64_t>(healthy * 100 / members);
          break;
        }
      }
      break;
    }
    case 1:  // STRICT isolation, demand above capacity
      s.load_balancer = LoadBalancerType::kCrossRegionInternalApplication;
      s.scheme = "INTERNAL_MANAGED";
      WithPolicy(s);
      s.policy.isolation_granularity = IsolationGranularity::kRegion;
      s.policy.isolation_mode = IsolationMode::kStrict;
      for (ClientLocation& c : s.clients) c.offered = 1'000'000'000;
      break;
    case 2:  // load that fits in one zone
      for (ClientLocation& c : s.clients) c.offered = 1'000;
      break;
    case 3:  // a load balancer or a backend type the policies do not support (SLB-1, SLB-3..6)
      if (s.backends.empty() || Pick(0, 2) == 0) {
        s.load_balancer =
            Choose({LoadBalancerType::kClassicApplication, LoadBalancerType::kClassicProxyNetwork,
                    LoadBalancerType::kRegionalExternalApplication, LoadBalancerType::kRegionalInternalApplication,
                    LoadBalancerType::kExternalPassthroughNetwork});
        s.scheme.clear();
      } else {
        s.backends[static_cast<std::size_t>(Pick(0, static_cast<int>(s.backends.size())))].kind =
            Choose({BackendKind::kRegionalManagedInstanceGroup, BackendKind::kZonalNegGceVmIp,
                    BackendKind::kServerlessNeg, BackendKind::kInternetNeg, BackendKind::kPrivateServiceConnectNeg});
      }
      break;
    case 4: {  // a drained backend back at exactly 35% healthy, 60 s before the plan (SLB-19)
      if (s.backends.empty()) break;
      WithAutoDrainOverThreeBackends(s);
      SlbBackend& b = s.backends.front();
      b.capacity_scaler = Decimal::FromInteger(1);
      b.members = 20;
      b.healthy = 0;
      const std::int64_t back = Choose<std::int64_t>({1, 30});
      b.health = {{0, 20, 0}, {back, 20, Choose<std::uint32_t>({7, 6, 8})}};
      s.at = std::max(s.at, back) + Choose<std::int64_t>({60, 59, 61});
      break;
    }
    case 5:  // UTILIZATION without maxUtilization (GAP-53)
      for (SlbBackend& b : s.backends) {
        if (b.capacity_field != CapacityField::kMaxUtilization) continue;
        b.max_utilization_given = false;
        break;
      }
      break;
    case 6:  // a policy named but not given (GAP-57)
      s.policy = SlbPolicy{};
      s.policy_refs = {"projects/p/locations/global/serviceLbPolicies/pol"};
      break;
    default:
      break;
  }
}

// ShareBoundary names where a backend's healthy share lies to `percent`:
// `exactly` on it, or one member from it on either side; empty otherwise.
std::string ShareBoundary(std::uint64_t healthy, std::uint64_t members, std::uint64_t percent, const std::string& what,
                          const std::string& exactly) {
  if (members == 0) return "";
  const std::uint64_t share = healthy * 100, bound = percent * members;
  if (share == bound) return exactly;
  if (share < bound && share + 100 >= bound) return "healthy share one member below " + what;
  if (share > bound && share - 100 < bound) return "healthy share one member above " + what;
  return "";
}

bool PerMember(CapacityField field) {
  return field != CapacityField::kMaxRate && field != CapacityField::kMaxConnections;
}

// SlbBackendBoundaries: the classes of one backend and its state in the plan.
void SlbBackendBoundaries(const SlbBackend& given, const BackendState& b, const SlbDecision& d,
                          std::set<std::string>& out) {
  if (b.drained) out.insert("backend drained");
  if (b.drained && b.members == 0) out.insert("a drained backend without members");
  if (b.drain_candidate && !b.drained) out.insert("drain candidate kept");
  if (b.below_failover_threshold) out.insert("backend below the failover threshold");
  const std::uint64_t threshold = static_cast<std::uint64_t>(d.policy.failover_health_threshold);
  if (const std::string near = ShareBoundary(b.healthy, b.members, threshold, "the failover threshold",
                                             "healthy share = failover threshold");
      !near.empty()) {
    out.insert(near);
  }
  if (d.policy.auto_capacity_drain) {
    for (const auto& [percent, what] : {std::pair<std::uint64_t, const char*>{25, "25%"}, {35, "35%"}}) {
      const std::string near =
          ShareBoundary(b.healthy, b.members, percent, what, std::string("healthy share exactly ") + what);
      if (!near.empty()) out.insert(near);
    }
  }
  if (b.members == 0 && given.capacity_field) {
    out.insert(PerMember(*given.capacity_field) ? "a backend without members, capacity per member"
                                                : "a backend without members, capacity per group");
  }
  if (b.effective_capacity == 1) out.insert("an effective capacity of 0.001");
  if (given.preference == Preference::kPreferred) out.insert("preferred backend");
  if (given.health.size() >= 2) out.insert("health changes over time");
  if (given.capacity_scaler.is_zero()) out.insert("capacityScaler 0");
  if (given.capacity_scaler == *Decimal::FromString("0.1")) out.insert("capacityScaler 0.1");
  if (given.capacity_scaler == Decimal::FromInteger(1)) out.insert("capacityScaler 1");
  if (given.capacity_field == CapacityField::kMaxUtilization && given.max_utilization_given) {
    if (given.max_utilization.is_zero()) out.insert("maxUtilization 0");
    if (given.max_utilization == Decimal::FromInteger(1)) out.insert("maxUtilization 1");
  }
  if (given.zone.empty() && d.policy.algorithm == Algorithm::kWaterfallByZone) {
    out.insert("a regional backend under WATERFALL_BY_ZONE");
  }
}

void SlbBoundaries(const SlbScenario& s, const SlbDecision& d, std::set<std::string>& out) {
  if (s.load_balancer > LoadBalancerType::kCrossRegionInternalProxyNetwork)
    out.insert("load balancer " + std::string(NameOf(s.load_balancer)));
  for (const SlbBackend& b : s.backends) {
    if (b.kind != BackendKind::kZonalInstanceGroup && b.kind != BackendKind::kZonalNegGceVmIpPort &&
        b.kind != BackendKind::kHybridNeg)
      out.insert("backend type " + std::string(NameOf(b.kind)));
  }
  if (s.policy.present && !s.policy_refs.empty() &&
      std::none_of(s.policy_refs.begin(), s.policy_refs.end(), [&](const std::string& ref) {
        return ref.substr(ref.rfind('/') + 1) == s.policy.name;  // GAP-57: by name, the last segment
      })) {
    out.insert("a policy given under another name than the one named");
  }
  if (!d.valid()) {
    RejectedClasses(d.errors, out);
    return;
  }
  out.insert("algorithm " + std::string(NameOf(d.policy.algorithm)));
  if (d.policy.isolation_enforced) out.insert("isolation " + std::string(NameOf(d.policy.isolation_mode)));
  if (d.policy.auto_capacity_drain) out.insert("auto-capacity drain");
  Milli capacity = 0;
  std::map<std::string, Milli> zone_capacity;
  for (std::size_t i = 0; i < d.backends.size() && i < s.backends.size(); ++i) {
    capacity += d.backends[i].effective_capacity;
    zone_capacity[s.backends[i].zone] += d.backends[i].effective_capacity;
    SlbBackendBoundaries(s.backends[i], d.backends[i], d, out);
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
  for (const ClientLocation& c : s.clients) {
    if (c.offered == 1) out.insert("a client offering 0.001");
  }
  if (d.dropped() > 0) out.insert("load dropped");
}

rc::Gen<CheckCase> SlbCase(SlbAimer aim = nullptr) {
  const rc::Gen<SlbScenario> aimed = rc::gen::exec([aim] {
    SlbScenario s = *GenSlbScenario(/*allow_invalid=*/true);
    if (Pick(0, 2) == 0) AimSlb(s);
    if (aim != nullptr) aim(s);
    return s;
  });
  return rc::gen::map(WithShrinks(aimed, SlbShrinks), [](const SlbScenario& s) {
    std::set<std::string> classes;
    SlbBoundaries(s, Reference().Plan(s), classes);
    return CheckCase{EncodeSlbScenario(s), Sorted(classes)};
  });
}

// Sizes: how a shrunk scenario's size reads ("2 VMs, 1 group"): each part
// counts an array of the document, or of an object in it, when that is there.
struct SizePart {
  const char* object;  // the object holding the array; nullptr: the document itself
  const char* array;
  const char* one;
  const char* many;
};

std::string SizeOf(const nlohmann::json& scenario, std::initializer_list<SizePart> parts) {
  std::vector<std::string> said;
  for (const SizePart& part : parts) {
    const nlohmann::json* holder = &scenario;
    if (part.object != nullptr) {
      const auto it = scenario.find(part.object);
      if (it == scenario.end() || !it->is_object()) continue;
      holder = &*it;
    } else if (!scenario.contains(part.array)) {
      continue;
    }
    const auto array = holder->find(part.array);
    const std::size_t n = array != holder->end() && array->is_array() ? array->size() : 0;
    said.push_back(fmt::format("{} {}", n, n == 1 ? part.one : part.many));
  }
  return said.empty() ? "an empty scenario" : fmt::format("{}", fmt::join(said, ", "));
}

std::string PassthroughSize(const nlohmann::json& scenario) {
  return SizeOf(scenario, {{nullptr, "instances", "VM", "VMs"}, {"backendService", "backends", "group", "groups"}});
}

std::string TimelineSize(const nlohmann::json& scenario) {
  return SizeOf(scenario, {{nullptr, "instances", "VM", "VMs"},
                           {"backendService", "backends", "group", "groups"},
                           {nullptr, "events", "event", "events"}});
}

std::string SlbSize(const nlohmann::json& scenario) {
  const auto clients = scenario.find("clients");
  if (clients != scenario.end() && !clients->is_array())
    return SizeOf(scenario, {{nullptr, "backendGroups", "backend", "backends"}});
  return SizeOf(scenario,
                {{nullptr, "backendGroups", "backend", "backends"}, {nullptr, "clients", "client", "clients"}});
}

// The boundary generators of each kind and how its scenarios' size reads, a
// row per kind: a kind without generators yet has a null `draw`, and check
// skips it meanwhile.
// `aimed` draws a case moved onto a (clause, boundary class) pair by the
// kind's aimer for it (check/case_aimers.h); nullopt when it has none.
struct CheckCaseRow {
  ScenarioKind kind;
  rc::Gen<CheckCase> (*draw)(Profile profile);
  std::optional<rc::Gen<CheckCase>> (*aimed)(Profile profile, std::string_view pair);
  std::string (*size_text)(const nlohmann::json& scenario);
};

std::optional<rc::Gen<CheckCase>> AimedPassthroughCase(Profile profile, std::string_view pair) {
  const PassthroughAimer aim = PassthroughAimerFor(pair);
  if (aim == nullptr) return std::nullopt;
  return WithDocumentForms(PassthroughCase(profile, aim));
}

std::optional<rc::Gen<CheckCase>> AimedTimelineCase(Profile profile, std::string_view pair) {
  const TimelineAimer aim = TimelineAimerFor(pair);
  if (aim == nullptr) return std::nullopt;
  return WithTimelineForms(TimelineCase(profile, aim), profile);
}

std::optional<rc::Gen<CheckCase>> AimedSlbCase(Profile, std::string_view pair) {
  const SlbAimer aim = SlbAimerFor(pair);
  if (aim == nullptr) return std::nullopt;
  return WithSlbForms(SlbCase(aim));
}

constexpr CheckCaseRow kCheckCases[] = {
    {ScenarioKind::kPassthrough, [](Profile profile) { return WithDocumentForms(PassthroughCase(profile)); },
     AimedPassthroughCase, PassthroughSize},
    {ScenarioKind::kPassthroughTimeline,
     [](Profile profile) { return WithTimelineForms(TimelineCase(profile), profile); }, AimedTimelineCase,
     TimelineSize},
    {ScenarioKind::kServiceLbPolicy, [](Profile) { return WithSlbForms(SlbCase()); }, AimedSlbCase, SlbSize},
#ifdef LBCONFORM_TOY_KIND
    {ScenarioKind::kToy, ToyCase, nullptr, ToySize},
#endif
};
static_assert(OneRowPerKind(kCheckCases), "check/case_generators.cc: a row per kind of model/kinds.def, in its order");

}  // namespace

std::optional<rc::Gen<CheckCase>> GenCheckCase(ScenarioKind kind, Profile profile) {
  const CheckCaseRow& row = RowOf(kCheckCases, kind);
  if (row.draw == nullptr) return std::nullopt;
  return row.draw(profile);
}

std::optional<rc::Gen<CheckCase>> GenAimedCheckCase(ScenarioKind kind, Profile profile, std::string_view pair) {
  const CheckCaseRow& row = RowOf(kCheckCases, kind);
  if (row.aimed == nullptr) return std::nullopt;
  return row.aimed(profile, pair);
}

std::string CaseSizeText(ScenarioKind kind, const nlohmann::json& scenario) {
  return RowOf(kCheckCases, kind).size_text(scenario);
}

}  // namespace lbconform::check
