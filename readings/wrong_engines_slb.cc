// The service-LB-policy misreadings: the reference's planner, asked what each
// misreading would ask, or its plan distorted the way the misreading would;
// the misreadings inside the plan (draining, tiers, isolation, overload) use a
// planner with one knob per misreading, which shares the reference's steps
// that no knob misreads (KnobbedPlan). With no knob it must pass every vector
// ("knobs-off"), so each knob fails for its own sake.
#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "documents/documents.h"
#include "readings/wrong_engines.h"
#include "reference/reference_engine.h"
#include "reference/service_lb_policy.h"

namespace lbconform::readings {
namespace {

SlbDecision ReferencePlan(const SlbScenario& scenario) {
  return reference::ReferenceEngine(/*trace=*/false).Plan(scenario);
}

// AskedAs: a misreading that changes the scenario before the reference plans it.
WrongEngineInfo AskedAs(const char* name, const char* misreads, const char* reading,
                        std::function<void(SlbScenario&)> reread) {
  WrongEngineInfo info{name, misreads, reading, Expectation::kCaught, {}, {}, {}};
  info.slb = [reread](const SlbScenario& scenario) {
    SlbScenario s = scenario;
    reread(s);
    return ReferencePlan(s);
  };
  return info;
}

WrongEngineInfo ThresholdDefaultFifty() {
  WrongEngineInfo info{"threshold-default-fifty",
                       "SLB-22 SLB-35 GAP-30",
                       "the API's classic default of 50",
                       Expectation::kCaught,
                       {},
                       {},
                       {}};
  info.slb = [](const SlbScenario& scenario) {
    SlbScenario s = scenario;
    if (!s.policy.failover_health_threshold) s.policy.failover_health_threshold = 50;
    SlbDecision d = ReferencePlan(s);
    // It reports the default of 70, but plans with 50.
    if (d.valid() && !scenario.policy.failover_health_threshold) d.policy.failover_health_threshold = 70;
    return d;
  };
  return info;
}

// PlanTimeAbsentIsZero reads a plan without `at` as made at t = 0, not at the
// latest health report (SL-1.1-j).
WrongEngineInfo PlanTimeAbsentIsZero() {
  WrongEngineInfo info{"plan-time-absent-is-zero",
                       "GAP-51",
                       "a plan without `at` is made at t = 0, not at the latest health report",
                       Expectation::kCaught,
                       {},
                       {},
                       {}};
  info.slb_document = [](const nlohmann::json& input, Profile profile) {
    nlohmann::json document = input;
    if (!document.contains("at") || document["at"].is_null()) document["at"] = 0;
    return DecideDocument(reference::ReferenceEngine(/*trace=*/false), document, profile);
  };
  return info;
}

// ------------------------------ A planner with one knob per misreading
// The reference's plan (reference/service_lb_policy.cc) in which each knob
// misreads one rule; all knobs off, it plans as the reference.

struct Knobs {
  bool drain_at_or_below_25 = false;          // SLB-14: a candidate at <= 25% healthy
  bool zero_capacity_candidates = false;      // SLB-16 SLB-17 GAP-26: zero-capacity backends are candidates
  bool denominator_without_zero = false;      // SLB-16: zero-capacity backends left out of the denominator
  bool drained_not_counted = false;           // GAP-25: only new candidates count toward half
  bool drain_at_half = false;                 // SLB-15: drain while candidates are at most half
  bool preferred_ties_one_first = false;      // GAP-31: equally close preferred backends one after another
  bool spray_to_world_rejected = false;       // GAP-33: SPRAY_TO_WORLD is not in the text
  bool drained_keeps_capacity = false;        // SLB-18: a drained backend keeps its capacity
  bool undrain_above_35 = false;              // SLB-19: undrain at > 35%
  bool undrain_at_once = false;               // SLB-19: no 60 s
  bool undrain_not_continuous = false;        // GAP-27: 60 s since the ratio first reached 35%, dips ignored
  bool drain_only_at_reports = false;         // GAP-56: a held-back candidate waits for a report
  bool initial_state_at_zero = false;         // GAP-51: the initial state is a moment at t = 0 before reports at 0
  bool threshold_at_or_below = false;         // SLB-22 GAP-29: below the threshold when healthy% <= threshold
  bool below_threshold_unused = false;        // SLB-24 SLB-21: backends below the threshold get nothing
  bool below_threshold_in_tiers = false;      // SLB-20 GAP-29: the threshold does not move a backend to the end
  bool last_resort_one_tier = false;          // GAP-52: one world-wide last-resort tier
  std::optional<Algorithm> algorithm_as;      // SLB-8 SLB-11 SLB-12 GAP-50: an algorithm planned as another
  bool spray_to_world_as_region = false;      // SLB-36 GAP-33
  bool no_cross_region_overflow = false;      // SLB-10: load beyond the closest region is dropped
  bool excess_dropped = false;                // GAP-24: load beyond every capacity is dropped
  bool strict_drops_excess = false;           // SLB-25 SLB-27 GAP-34: STRICT drops what exceeds its region's capacity
  bool strict_closest_with_backends = false;  // SLB-27 GAP-32: STRICT's closest region is the closest with backends
  bool nearest_skips_only_empty = false;      // SLB-26 GAP-32: NEAREST skips only regions without backends
  bool preferred_declared_order = false;      // SLB-31: preferred backends in declared order, not by RTT
  bool preferred_after_algorithm = false;     // SLB-30: preferred backends are filled with the DEFAULT ones
  bool region_distance_first_zone = false;    // GAP-55: a region is as far as its first listed zone
  bool round_half_up = false;                 // GAP-54 SLB-33: capacity x scaler rounded half up
  bool utilization_default = false;           // GAP-53: UTILIZATION without maxUtilization means 0.8
  bool named_policy_defaults = false;         // GAP-57: a named policy not given plans with defaults
  bool other_policy_defaults = false;         // GAP-57: a policy given under another name plans with defaults
  bool memberless_keeps_capacity = false;     // GAP-60 SLB-17: a per-group maximum without members keeps its capacity
  bool threshold_zero_refused = false;        // GAP-61 SLB-22: failoverHealthThreshold 0 is out of range
  bool ties_in_topology_order = false;        // GAP-31: equally close regions and zones in the topology's order
  bool overload_every_tier_backend = false;   // GAP-34: the overload region's tier backends all take it, serving or not
  bool scaled_per_member = false;  // GAP-54: the scaler (or utilization) applied per member, rounded, then x members
};

Milli Capacity(const SlbBackend& b, std::uint32_t members, const Knobs& k) {
  const bool per_group =
      b.capacity_field == CapacityField::kMaxRate || b.capacity_field == CapacityField::kMaxConnections;
  if (k.memberless_keeps_capacity && members == 0 && per_group) return MulFloor(b.capacity_value, b.capacity_scaler);
  if (k.scaled_per_member && !per_group && members > 0) {
    const bool utilization = b.capacity_field == CapacityField::kMaxUtilization;
    const Milli one = utilization ? MulFloor(b.load_per_member, b.max_utilization) : b.capacity_value;
    return MulFloor(one, b.capacity_scaler) * static_cast<Milli>(members);
  }
  if (!k.round_half_up) return reference::TargetCapacity(b, members);
  SlbBackend unscaled = b;
  unscaled.capacity_scaler = Decimal::FromInteger(1);
  const Milli base = reference::TargetCapacity(unscaled, members);
  return (MulFloor(2 * base, b.capacity_scaler) + 1) / 2;  // floor(base x scaler + 1/2)
}

bool Candidate(const SlbBackend& b, const HealthSample& h, const Knobs& k) {
  if (reference::ZeroCapacity(b, h.members)) return k.zero_capacity_candidates;
  const std::uint64_t healthy = std::uint64_t{h.healthy} * 100, quarter = std::uint64_t{h.members} * 25;
  return k.drain_at_or_below_25 ? healthy <= quarter : healthy < quarter;
}

HealthSample Health(const SlbBackend& b, std::int64_t at) { return reference::HealthAt(b, at); }

std::vector<bool> Drained(const SlbScenario& s, const Knobs& k) {
  const std::size_t n = s.backends.size();
  std::vector<std::optional<std::int64_t>> since(n), good_since(n), first_good(n);
  std::set<std::int64_t> moments = {0};
  for (const SlbBackend& b : s.backends) {
    for (const HealthSample& h : b.health) {
      if (h.at <= s.at) moments.insert(h.at);
    }
  }
  std::set<std::int64_t> reports = moments;
  bool initial_pending = k.initial_state_at_zero;
  while (!moments.empty()) {
    const std::int64_t t = *moments.begin();
    const bool initial = initial_pending;
    auto health_now = [&](std::size_t i) {
      if (initial) return HealthSample{0, s.backends[i].members, s.backends[i].healthy};
      return Health(s.backends[i], t);
    };
    if (!initial) moments.erase(moments.begin());
    for (std::size_t i = 0; i < n; ++i) {
      const HealthSample h = health_now(i);
      const std::uint64_t healthy = std::uint64_t{h.healthy} * 100, bar = std::uint64_t{h.members} * 35;
      const bool good = h.members > 0 && (k.undrain_above_35 ? healthy > bar : healthy >= bar);
      if (!good && !k.undrain_not_continuous) good_since[i].reset();
      if (good && !good_since[i]) good_since[i] = t;
      const std::int64_t wait = k.undrain_at_once ? 0 : 60;
      if (since[i] && good_since[i] && t - *good_since[i] >= wait) since[i].reset();
      if (since[i] && good_since[i] && *good_since[i] + wait <= s.at) moments.insert(*good_since[i] + wait);
    }
    initial_pending = false;
    if (k.drain_only_at_reports && !initial && !reports.contains(t)) continue;
    std::vector<std::size_t> candidates;
    std::size_t drained = 0, counted = n;
    for (std::size_t i = 0; i < n; ++i) {
      const HealthSample h = health_now(i);
      if (k.denominator_without_zero && reference::ZeroCapacity(s.backends[i], h.members)) --counted;
      if (since[i]) {
        ++drained;
      } else if (Candidate(s.backends[i], h, k)) {
        candidates.push_back(i);
      }
    }
    if (k.drained_not_counted) drained = 0;
    const std::size_t wanted = (drained + candidates.size()) * 2;
    if (!candidates.empty() && (k.drain_at_half ? wanted <= counted : wanted < counted)) {
      for (std::size_t i : candidates) since[i] = t;
    } else if (!candidates.empty() && s.readings.drain_over_half == DrainOverHalf::kDrainUpToHalf) {
      // The scenario's own reading of GAP-25, as the reference takes it.
      std::sort(candidates.begin(), candidates.end(),
                [&](std::size_t a, std::size_t b) { return s.backends[a].name < s.backends[b].name; });
      for (std::size_t i : candidates) {
        if ((drained + 1) * 2 >= counted) break;
        since[i] = t;
        ++drained;
      }
    }
  }
  std::vector<bool> out(n);
  for (std::size_t i = 0; i < n; ++i) out[i] = since[i].has_value();
  return out;
}

std::int64_t RegionRtt(const SlbScenario& s, std::size_t c, const SlbRegion& r, const Knobs& k) {
  std::int64_t best = INT64_MAX;
  for (std::size_t z = 0; z < s.zones.size(); ++z) {
    if (s.regions[s.zone_region[z]].name != r.name) continue;
    if (k.region_distance_first_zone && s.zones[z] != r.zones.front()) continue;
    best = std::min(best, s.clients[c].rtt_micros[z]);
  }
  return best;
}

std::int64_t ZoneRtt(const SlbScenario& s, std::size_t c, const std::string& zone) {
  for (std::size_t z = 0; z < s.zones.size(); ++z) {
    if (s.zones[z] == zone) return s.clients[c].rtt_micros[z];
  }
  return 0;
}

std::vector<std::string> RegionsByRtt(const SlbScenario& s, std::size_t c, const Knobs& k) {
  std::vector<std::string> names;
  for (const SlbRegion& r : s.regions) names.push_back(r.name);
  if (!k.ties_in_topology_order) std::sort(names.begin(), names.end());
  std::stable_sort(names.begin(), names.end(), [&](const std::string& a, const std::string& b) {
    auto rtt = [&](const std::string& name) {
      for (const SlbRegion& r : s.regions) {
        if (r.name == name) return RegionRtt(s, c, r, k);
      }
      return INT64_MAX;
    };
    return rtt(a) < rtt(b);
  });
  return names;
}

// The scenario as a misreading of the document would ask it.
SlbScenario AskedWithKnobs(const SlbScenario& scenario, const Knobs& k) {
  SlbScenario s = scenario;
  if (k.utilization_default) {
    for (SlbBackend& b : s.backends) {
      if (b.capacity_field == CapacityField::kMaxUtilization && !b.max_utilization_given) {
        b.max_utilization = *Decimal::FromString("0.8");
        b.max_utilization_given = true;
      }
    }
  }
  if (k.named_policy_defaults && !s.policy.present && s.policy.name.empty()) s.policy_refs.clear();
  if (k.other_policy_defaults && !s.policy.present && !s.policy.name.empty()) s.policy_refs.clear();
  return s;
}

Algorithm PlannedAlgorithm(Algorithm algorithm, const Knobs& k) {
  if (k.algorithm_as && algorithm != Algorithm::kSprayToWorld) {
    // algorithm_as names the algorithm misread: WATERFALL_BY_ZONE planned as BY_REGION, and so on.
    if (*k.algorithm_as == Algorithm::kWaterfallByZone && algorithm == Algorithm::kWaterfallByZone)
      algorithm = Algorithm::kWaterfallByRegion;
    else if (*k.algorithm_as == Algorithm::kSprayToRegion && algorithm == Algorithm::kSprayToRegion)
      algorithm = Algorithm::kWaterfallByZone;
    else if (*k.algorithm_as == Algorithm::kWaterfallByRegion && algorithm == Algorithm::kWaterfallByRegion)
      algorithm = Algorithm::kWaterfallByZone;
  }
  if (k.spray_to_world_as_region && algorithm == Algorithm::kSprayToWorld) algorithm = Algorithm::kWaterfallByRegion;
  return algorithm;
}

std::vector<BackendState> KnobbedStates(const SlbScenario& s, const ResolvedPolicy& policy, const Knobs& k) {
  const std::vector<bool> drained =
      policy.auto_capacity_drain ? Drained(s, k) : std::vector<bool>(s.backends.size(), false);
  std::vector<BackendState> states;
  for (std::size_t i = 0; i < s.backends.size(); ++i) {
    const SlbBackend& b = s.backends[i];
    const HealthSample h = Health(b, s.at);
    BackendState st;
    st.name = b.name;
    st.members = h.members;
    st.healthy = h.healthy;
    st.drain_candidate = Candidate(b, h, k);
    st.drained = drained[i];
    const std::int64_t t = policy.failover_health_threshold;
    st.below_failover_threshold =
        h.members > 0 && (k.threshold_at_or_below ? std::int64_t{h.healthy} * 100 <= t * std::int64_t{h.members}
                                                  : std::int64_t{h.healthy} * 100 < t * std::int64_t{h.members});
    st.capacity = Capacity(b, h.members, k);
    st.effective_capacity = st.drained && !k.drained_keeps_capacity ? 0 : st.capacity;
    states.push_back(st);
  }
  return states;
}

// One client location's plan with knobs: the regions it may use, its tiers,
// and what lies beyond them.
class KnobbedClient {
 public:
  KnobbedClient(const SlbScenario& s, const SlbDecision& d, std::size_t c, Algorithm algorithm, const Knobs& k)
      : s_(s),
        d_(d),
        c_(c),
        algorithm_(algorithm),
        k_(k),
        strict_(d.policy.isolation_enforced && d.policy.isolation_mode == IsolationMode::kStrict),
        regions_(RegionsByRtt(s, c, k)),
        allowed_(Allowed()) {}

  const std::vector<std::string>& regions() const { return regions_; }

  std::vector<reference::Tier> Tiers() const {
    std::vector<reference::Tier> tiers = PreferredTiers();
    for (reference::Tier& tier : AlgorithmTiers()) tiers.push_back(std::move(tier));
    for (reference::Tier& tier : BelowThresholdTiers()) tiers.push_back(std::move(tier));
    return tiers;
  }

  // Overflow places `load` beyond every tier's capacity; it returns what is dropped.
  Milli Overflow(const std::vector<reference::Tier>& tiers, Milli load, std::map<std::size_t, Milli>& given) const {
    std::set<std::size_t> reachable;
    for (const reference::Tier& tier : tiers) reachable.insert(tier.backends.begin(), tier.backends.end());
    std::vector<std::size_t> targets;
    for (bool need_health : {!k_.overload_every_tier_backend, false}) {
      for (const std::string& r : regions_) {
        for (std::size_t b : reachable) {
          if (s_.backends[b].region == r && (!need_health || d_.backends[b].healthy > 0)) targets.push_back(b);
        }
        if (!targets.empty()) break;
      }
      if (!targets.empty()) break;
    }
    const bool drop = targets.empty() || k_.excess_dropped || (strict_ && k_.strict_drops_excess) ||
                      (k_.no_cross_region_overflow && !d_.policy.isolation_enforced);
    if (drop) return load;
    std::vector<Milli> weights;
    for (std::size_t b : targets) weights.push_back(d_.backends[b].effective_capacity);
    const std::vector<Milli> shares = Apportion(load, weights);
    for (std::size_t i = 0; i < targets.size(); ++i) given[targets[i]] += shares[i];
    return 0;
  }

 private:
  std::vector<std::string> Allowed() const {
    auto has_backend = [&](const std::string& r, bool need_health) {
      for (std::size_t b = 0; b < s_.backends.size(); ++b) {
        if (s_.backends[b].region == r && d_.backends[b].effective_capacity > 0 &&
            (!need_health || d_.backends[b].healthy > 0))
          return true;
      }
      return false;
    };
    std::vector<std::string> allowed = regions_;
    if (strict_) {
      allowed = {regions_.front()};
      if (k_.strict_closest_with_backends) {
        for (const std::string& r : regions_) {
          if (std::any_of(s_.backends.begin(), s_.backends.end(), [&](const SlbBackend& b) { return b.region == r; })) {
            allowed = {r};
            break;
          }
        }
      }
    } else if (d_.policy.isolation_enforced) {
      allowed.clear();
      for (bool need_health : {!k_.nearest_skips_only_empty, false}) {
        for (const std::string& r : regions_) {
          if (allowed.empty() && has_backend(r, need_health)) allowed = {r};
        }
      }
    } else if (k_.no_cross_region_overflow) {
      allowed = {regions_.front()};
    }
    return allowed;
  }

  bool Usable(std::size_t b) const {
    const bool allowed_region = std::find(allowed_.begin(), allowed_.end(), s_.backends[b].region) != allowed_.end();
    return d_.backends[b].effective_capacity > 0 && (!strict_ || d_.backends[b].healthy > 0) && allowed_region;
  }
  bool Below(std::size_t b) const { return d_.backends[b].below_failover_threshold && !k_.below_threshold_in_tiers; }
  bool Preferred(std::size_t b) const { return s_.backends[b].preference == Preference::kPreferred; }
  bool Default(std::size_t b) const {
    return Usable(b) && !Below(b) &&
           (s_.backends[b].preference == Preference::kDefault || (Preferred(b) && k_.preferred_after_algorithm));
  }

  std::vector<reference::Tier> PreferredTiers() const {
    std::map<std::int64_t, reference::Tier> preferred;
    if (k_.preferred_after_algorithm) return {};
    for (std::size_t b = 0; b < s_.backends.size(); ++b) {
      if (!Usable(b) || !Preferred(b) || Below(b)) continue;
      const std::int64_t rtt = ZoneRtt(s_, c_, s_.backends[b].zone);
      const auto index = static_cast<std::int64_t>(b);
      const std::int64_t key = k_.preferred_declared_order   ? index
                               : k_.preferred_ties_one_first ? rtt * 4096 + index  // at most 1,000 backends
                                                             : rtt;
      preferred[key].backends.push_back(b);
    }
    std::vector<reference::Tier> tiers;
    for (auto& [key, tier] : preferred) tiers.push_back(std::move(tier));
    return tiers;
  }

  reference::Tier DefaultTier(const std::function<bool(std::size_t)>& in) const {
    reference::Tier tier;
    for (std::size_t b = 0; b < s_.backends.size(); ++b) {
      if (Default(b) && in(b)) tier.backends.push_back(b);
    }
    return tier;
  }

  std::vector<reference::Tier> AlgorithmTiers() const {
    if (algorithm_ == Algorithm::kSprayToWorld) return {DefaultTier([](std::size_t) { return true; })};
    std::vector<reference::Tier> tiers;
    for (const std::string& r : allowed_) {
      if (algorithm_ != Algorithm::kWaterfallByZone) {
        tiers.push_back(DefaultTier([&](std::size_t b) { return s_.backends[b].region == r; }));
        continue;
      }
      std::vector<std::string> zones;
      for (const SlbRegion& region : s_.regions) {
        if (region.name == r) zones = region.zones;
      }
      if (!k_.ties_in_topology_order) std::sort(zones.begin(), zones.end());
      std::stable_sort(zones.begin(), zones.end(), [&](const std::string& a, const std::string& b) {
        return ZoneRtt(s_, c_, a) < ZoneRtt(s_, c_, b);
      });
      for (const std::string& z : zones) {
        tiers.push_back(DefaultTier([&](std::size_t b) { return s_.backends[b].zone == z; }));
      }
    }
    return tiers;
  }

  std::vector<reference::Tier> BelowThresholdTiers() const {
    if (k_.below_threshold_unused) return {};
    std::vector<reference::Tier> tiers;
    reference::Tier world;
    for (const std::string& r : allowed_) {
      reference::Tier tier;
      for (std::size_t b = 0; b < s_.backends.size(); ++b) {
        if (Usable(b) && Below(b) && s_.backends[b].region == r) tier.backends.push_back(b);
      }
      if (k_.last_resort_one_tier) {
        world.backends.insert(world.backends.end(), tier.backends.begin(), tier.backends.end());
      } else {
        tiers.push_back(std::move(tier));
      }
    }
    std::sort(world.backends.begin(), world.backends.end());
    if (k_.last_resort_one_tier) tiers.push_back(std::move(world));
    return tiers;
  }

  const SlbScenario& s_;
  const SlbDecision& d_;
  std::size_t c_;
  Algorithm algorithm_;
  const Knobs& k_;
  bool strict_;
  std::vector<std::string> regions_;
  std::vector<std::string> allowed_;
};

// KnobbedPlan plans as the reference does but for the rules its knobs
// misread. The steps no knob misreads are the reference's own (validation,
// the policy as resolved, health at a time, target capacity, the order of
// client locations, pouring load into tiers); every step a knob can misread
// (draining, the backends' state, the regions allowed, the tiers, the
// overflow, what each client is served) is this file's own code, so a
// misreading differs from the reference in its own rule alone and never
// agrees with it by calling the reference's version of that rule.
SlbDecision KnobbedPlan(const SlbScenario& scenario, const Knobs& k) {
  const SlbScenario s = AskedWithKnobs(scenario, k);
  if (k.threshold_zero_refused && s.policy.failover_health_threshold == 0) {
    return InvalidSlbDecision({{ErrorCode::FAILOVER_THRESHOLD_OUT_OF_RANGE,
                                "/serviceLbPolicy/failoverConfig/failoverHealthThreshold", "0 read as a value"}});
  }
  if (k.spray_to_world_rejected && s.policy.algorithm == Algorithm::kSprayToWorld) {
    return InvalidSlbDecision(
        {{ErrorCode::UNKNOWN_ENUM_VALUE, "/serviceLbPolicy/loadBalancingAlgorithm", "docs only"}});
  }
  reference::Trace trace(false);
  std::vector<Error> errors = reference::ValidateSlbScenario(s, trace);
  if (!errors.empty()) return InvalidSlbDecision(std::move(errors));
  SlbDecision d;
  d.policy = reference::ResolvePolicy(s, trace);
  const Algorithm algorithm = PlannedAlgorithm(d.policy.algorithm, k);
  d.backends = KnobbedStates(s, d.policy, k);
  std::vector<Milli> remaining;
  for (const BackendState& b : d.backends) remaining.push_back(b.effective_capacity);
  d.clients.resize(s.clients.size());
  for (std::size_t c : reference::ClientLocationOrder(s)) {
    ClientPlan& plan = d.clients[c];
    plan.name = s.clients[c].name;
    plan.offered = s.clients[c].offered;
    const KnobbedClient client(s, d, c, algorithm, k);
    const std::vector<reference::Tier> tiers = client.Tiers();
    std::map<std::size_t, Milli> given;
    const Milli load = reference::PourIntoTiers(tiers, plan.offered, remaining, given);
    if (load > 0) plan.dropped = client.Overflow(tiers, load, given);
    std::set<std::string> regions_given, zones_given;
    for (const auto& [b, amount] : given) {
      if (amount == 0) continue;
      regions_given.insert(s.backends[b].region);
      if (!s.backends[b].zone.empty()) zones_given.insert(s.backends[b].zone);
      plan.assignments.push_back({b, amount});
      d.backends[b].assigned += amount;
    }
    for (const std::string& r : client.regions()) {
      if (regions_given.contains(r)) plan.regions_served.push_back(r);
    }
    plan.zones_served.assign(zones_given.begin(), zones_given.end());
  }
  return d;
}

WrongEngineInfo Knobbed(const char* name, const char* misreads, const char* reading, Knobs knobs) {
  WrongEngineInfo info{name, misreads, reading, Expectation::kCaught, {}, {}, {}};
  info.slb = [knobs](const SlbScenario& scenario) { return KnobbedPlan(scenario, knobs); };
  return info;
}

template <typename Set>
Knobs With(Set set) {
  Knobs k;
  set(k);
  return k;
}

WrongEngineInfo Accepted(WrongEngineInfo info) {
  info.expectation = Expectation::kAccepted;
  return info;
}
}  // namespace

const std::vector<WrongEngineInfo>& SlbMisreadings() {
  static const std::vector<WrongEngineInfo> kAll = {
      AskedAs("preferred-ignored", "SLB-30", "preferred backends treated as DEFAULT",
              [](SlbScenario& s) {
                for (SlbBackend& b : s.backends) b.preference = Preference::kDefault;
              }),
      AskedAs("strict-overflows", "SLB-27", "STRICT isolation read as NEAREST",
              [](SlbScenario& s) {
                if (s.policy.isolation_mode == IsolationMode::kStrict &&
                    s.policy.isolation_granularity == IsolationGranularity::kRegion) {
                  s.policy.isolation_granularity = IsolationGranularity::kUnspecified;
                }
              }),
      ThresholdDefaultFifty(),
      PlanTimeAbsentIsZero(),
      AskedAs("isolation-without-granularity", "SLB-28", "an isolation mode enforced without REGION granularity",
              [](SlbScenario& s) {
                if (s.policy.isolation_mode != IsolationMode::kUnspecified)
                  s.policy.isolation_granularity = IsolationGranularity::kRegion;
              }),
      Accepted(Knobbed("knobs-off", "SLB-7", "the knobbed planner with no knob: a baseline that must pass every vector",
                       Knobs{})),
      Knobbed("by-zone-as-by-region", "SLB-12 SLB-13 GAP-50", "WATERFALL_BY_ZONE planned as WATERFALL_BY_REGION",
              With([](Knobs& k) { k.algorithm_as = Algorithm::kWaterfallByZone; })),
      Knobbed("spray-as-nearest-zone-first", "SLB-11 SLB-13", "SPRAY_TO_REGION planned as nearest zone first",
              With([](Knobs& k) { k.algorithm_as = Algorithm::kSprayToRegion; })),
      Knobbed("by-region-as-nearest-zone-first", "SLB-8 SLB-7 GAP-50",
              "WATERFALL_BY_REGION (the default) planned as nearest zone first, SLB-9's low-rate front end",
              With([](Knobs& k) { k.algorithm_as = Algorithm::kWaterfallByRegion; })),
      Knobbed("spray-to-world-as-region", "SLB-36", "SPRAY_TO_WORLD planned as WATERFALL_BY_REGION",
              With([](Knobs& k) { k.spray_to_world_as_region = true; })),
      Knobbed("drain-at-or-below-25", "SLB-14", "a drainable candidate at 25% healthy or fewer",
              With([](Knobs& k) { k.drain_at_or_below_25 = true; })),
      Knobbed("zero-capacity-candidates", "SLB-16 SLB-17 GAP-26",
              "backends without members or with scaler 0 are drain candidates (the 50% rule counts them)",
              With([](Knobs& k) { k.zero_capacity_candidates = true; })),
      Knobbed("denominator-without-zero-capacity", "SLB-16",
              "zero-capacity backends are left out of the 50% rule's denominator too",
              With([](Knobs& k) { k.denominator_without_zero = true; })),
      Knobbed("drained-not-counted", "GAP-25", "backends already drained do not count toward half",
              With([](Knobs& k) { k.drained_not_counted = true; })),
      Knobbed("drained-keeps-capacity", "SLB-18", "a drained backend keeps its effective capacity",
              With([](Knobs& k) { k.drained_keeps_capacity = true; })),
      Knobbed("undrain-above-35", "SLB-19", "undrain only above 35% healthy, not at 35%",
              With([](Knobs& k) { k.undrain_above_35 = true; })),
      Knobbed("undrain-at-once", "SLB-19", "undrain as soon as 35% are healthy, without the 60 s",
              With([](Knobs& k) { k.undrain_at_once = true; })),
      Knobbed("undrain-dips-ignored", "GAP-27", "the 60 s count from the first report at 35%, dips below ignored",
              With([](Knobs& k) { k.undrain_not_continuous = true; })),
      Knobbed("drain-only-at-reports", "GAP-56",
              "a candidate held back by the 50% rule is drained only at a health report, not when another undrains",
              With([](Knobs& k) { k.drain_only_at_reports = true; })),
      Knobbed("initial-state-before-report-at-0", "GAP-51",
              "members/healthy are a state at t = 0 that a report at t = 0 follows, not replaces",
              With([](Knobs& k) { k.initial_state_at_zero = true; })),
      Knobbed("threshold-at-or-below", "SLB-22 GAP-29", "below the failover threshold when healthy% <= threshold",
              With([](Knobs& k) { k.threshold_at_or_below = true; })),
      Knobbed("below-threshold-unused", "SLB-24 SLB-21", "a backend below the failover threshold gets nothing",
              With([](Knobs& k) { k.below_threshold_unused = true; })),
      Knobbed("below-threshold-in-tiers", "SLB-20 SLB-21 GAP-29 GAP-63",
              "the threshold changes nothing: backends below it stay in the algorithm's tiers",
              With([](Knobs& k) { k.below_threshold_in_tiers = true; })),
      Knobbed("last-resort-one-tier", "GAP-52", "every region's backends below the threshold as one proportional tier",
              With([](Knobs& k) { k.last_resort_one_tier = true; })),
      Knobbed("no-cross-region-overflow", "SLB-10", "load beyond the closest region's capacity is dropped",
              With([](Knobs& k) { k.no_cross_region_overflow = true; })),
      Knobbed("excess-dropped", "GAP-24 SLB-25",
              "load beyond every allowed capacity is dropped instead of overloading the nearest region",
              With([](Knobs& k) { k.excess_dropped = true; })),
      Knobbed("strict-drops-excess", "SLB-25 SLB-27 GAP-34",
              "STRICT drops what exceeds its closest region's capacity (the withdrawn wording of GAP-34)",
              With([](Knobs& k) { k.strict_drops_excess = true; })),
      Knobbed("strict-closest-with-backends", "SLB-27 GAP-32", "STRICT's closest region is the closest with backends",
              With([](Knobs& k) { k.strict_closest_with_backends = true; })),
      Knobbed("nearest-skips-only-empty-regions", "SLB-26 GAP-32",
              "NEAREST moves on only from a region without backends, not from one whose backends are unhealthy",
              With([](Knobs& k) { k.nearest_skips_only_empty = true; })),
      Knobbed("preferred-in-declared-order", "SLB-31", "preferred backends filled in declared order, not by RTT",
              With([](Knobs& k) { k.preferred_declared_order = true; })),
      Knobbed("preferred-with-default", "SLB-30", "preferred backends filled together with the DEFAULT ones",
              With([](Knobs& k) { k.preferred_after_algorithm = true; })),
      Knobbed("region-distance-first-zone", "GAP-55", "a region is as far as its first listed zone",
              With([](Knobs& k) { k.region_distance_first_zone = true; })),
      Knobbed("capacity-rounded-half-up", "GAP-54 SLB-34 SLB-33", "capacity x scaler rounded half up, not down",
              With([](Knobs& k) { k.round_half_up = true; })),
      Knobbed("utilization-default-0.8", "GAP-53", "UTILIZATION without maxUtilization means 0.8",
              With([](Knobs& k) { k.utilization_default = true; })),
      Knobbed("named-policy-missing-defaults", "GAP-57", "a policy named but not given: planned without a policy",
              With([](Knobs& k) { k.named_policy_defaults = true; })),
      Knobbed("other-policy-name-defaults", "GAP-57",
              "the backend service names one policy, the scenario gives another: planned without a policy",
              With([](Knobs& k) { k.other_policy_defaults = true; })),
      Knobbed("memberless-keeps-capacity", "GAP-60 SLB-17",
              "a backend without members keeps a per-group maxRate or maxConnections as its capacity",
              With([](Knobs& k) { k.memberless_keeps_capacity = true; })),
      Knobbed("ties-in-topology-order", "GAP-31 SLB-8 SLB-12",
              "equally close regions and zones in the order the topology lists them, not by name",
              With([](Knobs& k) { k.ties_in_topology_order = true; })),
      Knobbed("overload-every-tier-backend", "GAP-34 SLB-25",
              "the overload region's tier backends all take the excess, those that cannot serve too",
              With([](Knobs& k) { k.overload_every_tier_backend = true; })),
      Knobbed("capacity-scaled-per-member", "GAP-54 SLB-34",
              "the scaler or utilization applied to one member and rounded, then times the members",
              With([](Knobs& k) { k.scaled_per_member = true; })),
      Knobbed("threshold-zero-refused", "GAP-61 SLB-22",
              "failoverHealthThreshold 0 is a value outside 1-99, not proto3's unset",
              With([](Knobs& k) { k.threshold_zero_refused = true; })),
      Knobbed("drain-at-half", "SLB-15", "candidates drained while they are at most half of all backends",
              With([](Knobs& k) { k.drain_at_half = true; })),
      Accepted(Knobbed("preferred-ties-one-first", "GAP-31",
                       "equally close preferred backends filled one after another",
                       With([](Knobs& k) { k.preferred_ties_one_first = true; }))),
      Accepted(Knobbed("spray-to-world-rejected", "GAP-33", "SPRAY_TO_WORLD rejected as an unknown value",
                       With([](Knobs& k) { k.spray_to_world_rejected = true; }))),
      AskedAs(
          "classic-application-supported", "SLB-1", "the classic Application Load Balancer supports the policies too",
          [](SlbScenario& s) {
            if (s.load_balancer == LoadBalancerType::kClassicApplication)
              s.load_balancer = LoadBalancerType::kGlobalExternalApplication;
          }),
      AskedAs("any-scheme", "SLB-2", "the load-balancing scheme is not checked",
              [](SlbScenario& s) { s.scheme.clear(); }),
      AskedAs("hybrid-neg-unsupported", "SLB-3", "hybrid NEGs read as unsupported (only VM backends count)",
              [](SlbScenario& s) {
                for (SlbBackend& b : s.backends) {
                  if (b.kind == BackendKind::kHybridNeg) b.kind = BackendKind::kInternetNeg;
                }
              }),
      AskedAs("regional-mig-supported", "SLB-4", "regional managed instance groups accepted",
              [](SlbScenario& s) {
                for (SlbBackend& b : s.backends) {
                  if (b.kind == BackendKind::kRegionalManagedInstanceGroup) b.kind = BackendKind::kZonalInstanceGroup;
                }
              }),
      AskedAs("gce-vm-ip-neg-supported", "SLB-5", "zonal NEGs with GCE_VM_IP endpoints accepted",
              [](SlbScenario& s) {
                for (SlbBackend& b : s.backends) {
                  if (b.kind == BackendKind::kZonalNegGceVmIp) b.kind = BackendKind::kZonalNegGceVmIpPort;
                }
              }),
      AskedAs("serverless-neg-supported", "SLB-6", "serverless, internet and PSC NEGs accepted like hybrid NEGs",
              [](SlbScenario& s) {
                for (SlbBackend& b : s.backends) {
                  if (b.kind == BackendKind::kServerlessNeg || b.kind == BackendKind::kInternetNeg ||
                      b.kind == BackendKind::kPrivateServiceConnectNeg)
                    b.kind = BackendKind::kHybridNeg;
                }
              }),
      AskedAs("strict-everywhere", "SLB-29", "STRICT isolation accepted on every supported load balancer",
              [](SlbScenario& s) {
                if (s.policy.isolation_mode != IsolationMode::kStrict) return;
                if (s.load_balancer == LoadBalancerType::kGlobalExternalApplication) {
                  s.load_balancer = LoadBalancerType::kCrossRegionInternalApplication;
                  s.scheme.clear();
                } else if (s.load_balancer == LoadBalancerType::kGlobalExternalProxyNetwork) {
                  s.load_balancer = LoadBalancerType::kCrossRegionInternalProxyNetwork;
                  s.scheme.clear();
                }
              }),
      AskedAs("several-policies", "SLB-32", "a backend service may name several policies; the first applies",
              [](SlbScenario& s) {
                if (s.policy_refs.size() > 1) s.policy_refs.resize(1);
              }),
      Accepted(AskedAs("drain-up-to-half", "GAP-25", "candidates drained in name order while below half",
                       [](SlbScenario& s) { s.readings.drain_over_half = DrainOverHalf::kDrainUpToHalf; })),
      Accepted(AskedAs("clients-in-name-order", "GAP-28", "client locations served in name order",
                       [](SlbScenario& s) { s.readings.client_order = ClientOrder::kNameOrder; })),
  };
  return kAll;
}

}  // namespace lbconform::readings
