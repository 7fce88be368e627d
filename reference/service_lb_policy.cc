#include "reference/service_lb_policy.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>

#include "reference/reference_engine.h"

namespace lbconform::reference {
namespace {

bool IsSupported(LoadBalancerType type) {
  return type == LoadBalancerType::kGlobalExternalApplication ||
         type == LoadBalancerType::kCrossRegionInternalApplication ||
         type == LoadBalancerType::kGlobalExternalProxyNetwork ||
         type == LoadBalancerType::kCrossRegionInternalProxyNetwork;
}

bool IsCrossRegionInternal(LoadBalancerType type) {
  return type == LoadBalancerType::kCrossRegionInternalApplication ||
         type == LoadBalancerType::kCrossRegionInternalProxyNetwork;
}

// GAP-61: failoverHealthThreshold is a proto3 int32, whose 0 is "unset": the
// default applies.
bool ThresholdSet(const SlbPolicy& policy) {
  return policy.failover_health_threshold && *policy.failover_health_threshold != 0;
}

std::string BackendPath(std::size_t i, std::string_view field) {
  return fmt::format("/backendService/backends/{}/{}", i, field);
}

}  // namespace

// ------------------------------ Validation

std::vector<Error> ValidateSlbScenario(const SlbScenario& s, Trace& trace) {
  std::vector<Error> errors;
  // Input errors first. GAP-57: the backend service names a policy [SLB-32]
  // whose settings the scenario does not give (none given, or another one).
  if (!s.policy_refs.empty() && !s.policy.present) {
    errors.push_back({ErrorCode::MISSING_FIELD, "/serviceLbPolicy",
                      "the backend service names a policy the scenario does not give"});
  }
  // GAP-53: UTILIZATION has no default maxUtilization [SLB-34].
  for (std::size_t i = 0; i < s.backends.size(); ++i) {
    if (s.backends[i].capacity_field == CapacityField::kMaxUtilization && !s.backends[i].max_utilization_given) {
      errors.push_back({ErrorCode::MISSING_FIELD, BackendPath(i, "maxUtilization"),
                        "UTILIZATION mode needs maxUtilization: the spec texts give no default"});
    }
  }
  // [SLB-1] Only four load balancers support service LB policies and preferred backends.
  if (!IsSupported(s.load_balancer)) {
    errors.push_back({ErrorCode::UNSUPPORTED_LOAD_BALANCER, "/loadBalancer",
                      fmt::format("{} does not support service LB policies", NameOf(s.load_balancer))});
  }
  // [SLB-2] The scheme of a global (or cross-region) managed load balancer.
  const std::string wanted = IsCrossRegionInternal(s.load_balancer) ? "INTERNAL_MANAGED" : "EXTERNAL_MANAGED";
  if (IsSupported(s.load_balancer) && !s.scheme.empty() && s.scheme != wanted) {
    errors.push_back({ErrorCode::SCHEME_NOT_ALLOWED, "/backendService/loadBalancingScheme",
                      fmt::format("{} needs {}, not {}", NameOf(s.load_balancer), wanted, s.scheme)});
  }
  // [SLB-32] One service LB policy per backend service.
  if (s.policy_refs.size() > 1) {
    errors.push_back({ErrorCode::MULTIPLE_SERVICE_LB_POLICIES, "/backendService/serviceLbPolicy",
                      fmt::format("{} policies; a backend service takes one", s.policy_refs.size())});
  }
  for (std::size_t i = 0; i < s.backends.size(); ++i) {
    const SlbBackend& b = s.backends[i];
    // [SLB-3] Backends must support a balancing mode: [SLB-4] no regional
    // MIGs, [SLB-5] no GCE_VM_IP NEGs, [SLB-6] no serverless, internet or PSC NEGs.
    const bool supported = b.kind == BackendKind::kZonalInstanceGroup || b.kind == BackendKind::kZonalNegGceVmIpPort ||
                           b.kind == BackendKind::kHybridNeg;
    if (!supported) {
      errors.push_back({ErrorCode::UNSUPPORTED_BACKEND_KIND, BackendPath(i, "kind"),
                        fmt::format("{} is a {}, which these features do not support", b.name, NameOf(b.kind))});
    }
    // [SLB-34] The target capacity comes from the balancing mode's maximum.
    if (b.mode == BalancingMode::kCustomMetrics || !b.capacity_field) {
      errors.push_back({ErrorCode::UNSUPPORTED_BALANCING_MODE, BackendPath(i, "balancingMode"),
                        fmt::format("{}: balancing mode {} gives no target capacity", b.name, NameOf(b.mode))});
    }
    if (b.capacity_field == CapacityField::kMaxUtilization &&
        (b.max_utilization.negative() || Decimal::FromInteger(1) < b.max_utilization)) {
      errors.push_back({ErrorCode::MAX_UTILIZATION_OUT_OF_RANGE, BackendPath(i, "maxUtilization"),
                        fmt::format("maxUtilization {} is outside [0, 1]", b.max_utilization.ToString())});
    }
    // [SLB-33] capacityScaler is 0 or in [0.1, 1.0]; never 0 on the only backend.
    const Decimal& scaler = b.capacity_scaler;
    const bool scaler_ok = scaler.is_zero() ? s.backends.size() > 1
                                            : !scaler.negative() && !(scaler < *Decimal::FromString("0.1")) &&
                                                  !(Decimal::FromInteger(1) < scaler);
    if (!scaler_ok) {
      errors.push_back({ErrorCode::CAPACITY_SCALER_OUT_OF_RANGE, BackendPath(i, "capacityScaler"),
                        fmt::format("capacityScaler {} is not allowed here", scaler.ToString())});
    }
  }
  // [SLB-22] The failover threshold is a percentage from 1 to 99.
  if (ThresholdSet(s.policy) && (*s.policy.failover_health_threshold < 1 || *s.policy.failover_health_threshold > 99)) {
    errors.push_back({ErrorCode::FAILOVER_THRESHOLD_OUT_OF_RANGE,
                      "/serviceLbPolicy/failoverConfig/failoverHealthThreshold",
                      fmt::format("{} is outside 1-99", *s.policy.failover_health_threshold)});
  }
  // [SLB-29] STRICT only for the cross-region internal load balancers.
  if (s.policy.isolation_mode == IsolationMode::kStrict && !IsCrossRegionInternal(s.load_balancer)) {
    errors.push_back({ErrorCode::STRICT_ISOLATION_NOT_AVAILABLE, "/serviceLbPolicy/isolationConfig/isolationMode",
                      fmt::format("STRICT is not available for {}", NameOf(s.load_balancer))});
  }
  trace.Add(Clause::SLB_1, [&] {
    return errors.empty() ? std::string("the load balancer, its backends and its policy are accepted")
                          : std::string("the configuration is rejected");
  });
  return errors;
}

ResolvedPolicy ResolvePolicy(const SlbScenario& s, Trace& trace) {
  ResolvedPolicy p;
  // [SLB-7] WATERFALL_BY_REGION unless an algorithm is configured.
  if (s.policy.present && s.policy.algorithm) p.algorithm = *s.policy.algorithm;
  // [SLB-22] Default threshold 70; GAP-30: the API's 50 belongs to load
  // balancers this kind does not accept [SLB-35].
  if (s.policy.present && ThresholdSet(s.policy)) p.failover_health_threshold = *s.policy.failover_health_threshold;
  p.auto_capacity_drain = s.policy.present && s.policy.auto_capacity_drain;
  // [SLB-28] Isolation is enforced only with granularity REGION; [SLB-26]
  // NEAREST is the default mode.
  p.isolation_enforced = s.policy.present && s.policy.isolation_granularity == IsolationGranularity::kRegion;
  if (p.isolation_enforced) {
    p.isolation_mode =
        s.policy.isolation_mode == IsolationMode::kStrict ? IsolationMode::kStrict : IsolationMode::kNearest;
  }
  trace.Add(Clause::SLB_7, [&] {
    return fmt::format("algorithm {}, failover threshold {}%, auto-capacity drain {}, isolation {}",
                       NameOf(p.algorithm), p.failover_health_threshold, p.auto_capacity_drain ? "on" : "off",
                       p.isolation_enforced ? std::string(NameOf(p.isolation_mode)) : std::string("not enforced"));
  });
  if (s.policy.present && s.policy.isolation_mode != IsolationMode::kUnspecified && !p.isolation_enforced) {
    trace.Add(Clause::SLB_28,
              [] { return std::string("an isolation mode without granularity REGION is not enforced"); });
  }
  return p;
}

// ------------------------------ Capacity and health

HealthSample HealthAt(const SlbBackend& b, std::int64_t at) {
  HealthSample now{0, b.members, b.healthy};
  for (const HealthSample& sample : b.health) {
    if (sample.at > at) break;
    now = sample;
  }
  return now;
}

Milli TargetCapacity(const SlbBackend& b, std::uint32_t members) {
  // [SLB-17] GAP-60: a group or NEG without members has zero capacity, even
  // when its maximum is per group.
  if (members == 0) return 0;
  // [SLB-34] The balancing mode's maximum, times the capacity scaler.
  Milli base = 0;
  switch (b.capacity_field.value_or(CapacityField::kMaxRate)) {
    case CapacityField::kMaxRate:
    case CapacityField::kMaxConnections:
      base = b.capacity_value;
      break;
    case CapacityField::kMaxRatePerInstance:
    case CapacityField::kMaxRatePerEndpoint:
    case CapacityField::kMaxConnectionsPerInstance:
    case CapacityField::kMaxConnectionsPerEndpoint:
      base = b.capacity_value * static_cast<Milli>(members);
      break;
    case CapacityField::kMaxUtilization:
      base = MulFloor(b.load_per_member * static_cast<Milli>(members), b.max_utilization);
      break;
  }
  return MulFloor(base, b.capacity_scaler);
}

bool ZeroCapacity(const SlbBackend& b, std::uint32_t members) {
  // [SLB-17] No members, or a capacity scaler of zero.
  return members == 0 || b.capacity_scaler.is_zero();
}

bool DrainableCandidate(const SlbBackend& b, const HealthSample& health) {
  // [SLB-14] Fewer than 25% of the members healthy; GAP-26: never a
  // zero-capacity backend.
  if (ZeroCapacity(b, health.members)) return false;
  return std::uint64_t{health.healthy} * 100 < std::uint64_t{health.members} * 25;
}

std::vector<std::optional<std::int64_t>> AutoCapacityDrain(const SlbScenario& s, Trace& trace) {
  const std::size_t n = s.backends.size();
  std::vector<std::optional<std::int64_t>> drained_since(n);
  // Every moment something can change: a health report, or 60 s after a
  // drained backend reached 35% (GAP-27).
  std::set<std::int64_t> moments = {0};
  for (const SlbBackend& b : s.backends) {
    for (const HealthSample& sample : b.health) {
      if (sample.at <= s.at) moments.insert(sample.at);
    }
  }
  std::vector<std::optional<std::int64_t>> good_since(n);
  while (!moments.empty()) {
    const std::int64_t t = *moments.begin();
    moments.erase(moments.begin());
    for (std::size_t i = 0; i < n; ++i) {
      const HealthSample h = HealthAt(s.backends[i], t);
      // [SLB-19] 35% or more of the members healthy, continuously (GAP-27).
      const bool good = h.members > 0 && std::uint64_t{h.healthy} * 100 >= std::uint64_t{h.members} * 35;
      if (!good) good_since[i].reset();
      if (good && !good_since[i]) good_since[i] = t;
      if (drained_since[i] && good_since[i] && t - *good_since[i] >= 60) {
        drained_since[i].reset();
        trace.Add(Clause::SLB_19, [&] {
          return fmt::format("t={}: {} has had 35% or more healthy for 60 s: undrained", t, s.backends[i].name);
        });
      }
      if (drained_since[i] && good_since[i] && *good_since[i] + 60 <= s.at) moments.insert(*good_since[i] + 60);
    }
    // [SLB-15] Drain every candidate while candidates stay below half of all
    // backends; [SLB-16] every backend counts in the denominator. GAP-25:
    // drained backends count too, and it is all or nothing.
    std::vector<std::size_t> candidates;
    std::size_t drained = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (drained_since[i]) {
        ++drained;
      } else if (DrainableCandidate(s.backends[i], HealthAt(s.backends[i], t))) {
        candidates.push_back(i);
      }
    }
    if (candidates.empty()) continue;
    if ((drained + candidates.size()) * 2 < n) {
      for (std::size_t i : candidates) drained_since[i] = t;
    } else if (s.readings.drain_over_half == DrainOverHalf::kDrainUpToHalf) {
      std::sort(candidates.begin(), candidates.end(),
                [&](std::size_t a, std::size_t b) { return s.backends[a].name < s.backends[b].name; });
      for (std::size_t i : candidates) {
        if ((drained + 1) * 2 >= n) break;
        drained_since[i] = t;
        ++drained;
      }
    }
    trace.Add(Clause::SLB_15, [&] {
      std::vector<std::string> names;
      for (std::size_t i : candidates) names.push_back(s.backends[i].name);
      return fmt::format(
          "t={}: drainable candidates [{}]; drained now {} of {}", t, fmt::join(names, ", "),
          std::count_if(drained_since.begin(), drained_since.end(), [](const auto& d) { return d.has_value(); }), n);
    });
  }
  return drained_since;
}

bool BelowFailoverThreshold(const HealthSample& health, std::int64_t threshold) {
  // [SLB-22] The percentage of healthy endpoints falls below the threshold.
  return health.members > 0 &&
         static_cast<std::int64_t>(health.healthy) * 100 < threshold * static_cast<std::int64_t>(health.members);
}

// ------------------------------ Where each client location's load goes

namespace {

// ZoneRtts is a client location's round-trip time to each zone by name
// (looked up once per client location, not once per backend and zone).
using ZoneRtts = std::map<std::string, std::int64_t, std::less<>>;

ZoneRtts ZoneRttsOf(const SlbScenario& s, std::size_t client) {
  ZoneRtts rtts;
  for (std::size_t z = 0; z < s.zones.size(); ++z) rtts.emplace(s.zones[z], s.clients[client].rtt_micros[z]);
  return rtts;
}

std::int64_t ZoneRtt(const ZoneRtts& rtts, const std::string& zone) {
  const auto it = rtts.find(zone);
  return it == rtts.end() ? 0 : it->second;
}

// RegionsByRtt: the topology's regions, closest first (by the closest zone;
// ties by name).
std::vector<std::string> RegionsByRtt(const SlbScenario& s, std::size_t client) {
  const ZoneRtts rtts = ZoneRttsOf(s, client);
  std::map<std::string, std::int64_t> rtt;
  for (const SlbRegion& r : s.regions) {
    std::int64_t best = INT64_MAX;
    for (const std::string& z : r.zones) best = std::min(best, ZoneRtt(rtts, z));
    rtt[r.name] = best;
  }
  std::vector<std::string> names;
  for (const auto& [name, value] : rtt) names.push_back(name);
  std::stable_sort(names.begin(), names.end(),
                   [&](const std::string& a, const std::string& b) { return rtt[a] < rtt[b]; });
  return names;
}

bool CanServe(const BackendState& b) { return b.effective_capacity > 0 && b.healthy > 0; }

// OverloadTargets (GAP-34): the backends of the client location's tiers in
// the closest region where one can serve (capacity and a healthy member), or
// failing that where one has capacity.
std::vector<std::size_t> OverloadTargets(const SlbScenario& s, std::size_t client, const std::vector<Tier>& tiers,
                                         const std::vector<BackendState>& states) {
  std::set<std::size_t> reachable;
  for (const Tier& tier : tiers) reachable.insert(tier.backends.begin(), tier.backends.end());
  std::map<std::string, std::vector<std::size_t>, std::less<>> reachable_in_region;  // in backend order
  for (std::size_t b : reachable) reachable_in_region[s.backends[b].region].push_back(b);
  for (bool need_health : {true, false}) {
    for (const std::string& r : RegionsByRtt(s, client)) {
      std::vector<std::size_t> targets;
      const auto in_region = reachable_in_region.find(r);
      if (in_region == reachable_in_region.end()) continue;
      for (std::size_t b : in_region->second) {
        if (!need_health || CanServe(states[b])) targets.push_back(b);
      }
      if (!targets.empty()) return targets;
    }
  }
  return {};
}

}  // namespace

namespace {

// BackendIndex: the backends of each region and zone, in backend order, so
// that each tier reads its own backends instead of scanning all of them.
class BackendIndex {
 public:
  explicit BackendIndex(const SlbScenario& s) {
    for (std::size_t b = 0; b < s.backends.size(); ++b) {
      in_region_[s.backends[b].region].push_back(b);
      in_zone_[s.backends[b].zone].push_back(b);
    }
  }
  const std::vector<std::size_t>& InRegion(const std::string& region) const { return Of(in_region_, region); }
  const std::vector<std::size_t>& InZone(const std::string& zone) const { return Of(in_zone_, zone); }

 private:
  using Index = std::map<std::string, std::vector<std::size_t>, std::less<>>;
  static const std::vector<std::size_t>& Of(const Index& index, const std::string& name) {
    static const std::vector<std::size_t> kNone;
    const auto it = index.find(name);
    return it == index.end() ? kNone : it->second;
  }
  Index in_region_;
  Index in_zone_;
};

bool Strict(const ResolvedPolicy& policy) {
  return policy.isolation_enforced && policy.isolation_mode == IsolationMode::kStrict;
}

std::vector<std::string> AllowedRegions(const ResolvedPolicy& policy, const std::vector<std::string>& regions,
                                        const BackendIndex& index, const std::vector<BackendState>& states) {
  // [SLB-10] Without isolation, every region, closest first.
  if (!policy.isolation_enforced) return regions;
  // [SLB-27] STRICT: the closest region only (GAP-32).
  if (Strict(policy)) return {regions.front()};
  // [SLB-25] [SLB-26] NEAREST: the closest region whose backends can serve;
  // failing that, the closest with capacity (GAP-32).
  for (bool need_health : {true, false}) {
    for (const std::string& r : regions) {
      for (std::size_t b : index.InRegion(r)) {
        if (states[b].effective_capacity > 0 && (!need_health || states[b].healthy > 0)) return {r};
      }
    }
  }
  return {};
}

// Fillable: the backends a client location's load may fill, and which of
// them the algorithm fills.
struct Fillable {
  const SlbScenario& s;
  const std::vector<BackendState>& states;
  std::set<std::string, std::less<>> allowed_regions;
  bool strict;

  bool Usable(std::size_t b) const {
    if (states[b].effective_capacity <= 0) return false;
    if (strict && states[b].healthy == 0) return false;  // [SLB-27] cannot serve
    return allowed_regions.contains(s.backends[b].region);
  }
  // The algorithm fills the DEFAULT backends at or above the threshold [SLB-20].
  bool Default(std::size_t b) const {
    return Usable(b) && s.backends[b].preference == Preference::kDefault && !states[b].below_failover_threshold;
  }
};

std::vector<Tier> PreferredTiers(const Fillable& fill, const ZoneRtts& rtts) {
  // [SLB-30] [SLB-31] Preferred backends first, by round-trip time; GAP-31:
  // equal times share a tier.
  const SlbScenario& s = fill.s;
  std::map<std::int64_t, Tier> preferred;
  for (std::size_t b = 0; b < s.backends.size(); ++b) {
    if (!fill.Usable(b) || s.backends[b].preference != Preference::kPreferred ||
        fill.states[b].below_failover_threshold)
      continue;
    preferred[ZoneRtt(rtts, s.backends[b].zone)].backends.push_back(b);
  }
  std::vector<Tier> tiers;
  for (auto& [rtt, tier] : preferred) tiers.push_back(std::move(tier));
  return tiers;
}

std::vector<Tier> AlgorithmTiers(const Fillable& fill, Algorithm algorithm, const std::vector<std::string>& allowed,
                                 const ZoneRtts& rtts, const BackendIndex& index) {
  const SlbScenario& s = fill.s;
  std::vector<Tier> tiers;
  switch (algorithm) {
    case Algorithm::kWaterfallByRegion:  // [SLB-8] fill the closest region in proportion
    case Algorithm::kSprayToRegion:      // [SLB-11] the same aggregate fill, no zone preference
      for (const std::string& r : allowed) {
        Tier tier;
        for (std::size_t b : index.InRegion(r)) {
          if (fill.Default(b)) tier.backends.push_back(b);
        }
        tiers.push_back(std::move(tier));
      }
      break;
    case Algorithm::kWaterfallByZone:  // [SLB-12] [SLB-13] nearest zone first
      for (const std::string& r : allowed) {
        std::vector<std::string> zones;
        for (const SlbRegion& region : s.regions) {
          if (region.name == r) zones = region.zones;
        }
        std::stable_sort(zones.begin(), zones.end(), [&](const std::string& a, const std::string& b) {
          return std::make_pair(ZoneRtt(rtts, a), a) < std::make_pair(ZoneRtt(rtts, b), b);
        });
        for (const std::string& z : zones) {
          Tier tier;
          for (std::size_t b : index.InZone(z)) {
            if (fill.Default(b)) tier.backends.push_back(b);
          }
          tiers.push_back(std::move(tier));
        }
      }
      break;
    case Algorithm::kSprayToWorld: {  // [SLB-36] GAP-33: every backend at once
      Tier tier;
      for (std::size_t b = 0; b < s.backends.size(); ++b) {
        if (fill.Default(b)) tier.backends.push_back(b);
      }
      tiers.push_back(std::move(tier));
      break;
    }
  }
  return tiers;
}

std::vector<Tier> LastResortTiers(const Fillable& fill, const std::vector<std::string>& allowed,
                                  const BackendIndex& index) {
  // [SLB-21] [SLB-24] GAP-29: backends below the failover threshold, last.
  std::vector<Tier> tiers;
  for (const std::string& r : allowed) {
    Tier tier;
    tier.last_resort = true;
    for (std::size_t b : index.InRegion(r)) {
      if (fill.Usable(b) && fill.states[b].below_failover_threshold) tier.backends.push_back(b);
    }
    tiers.push_back(std::move(tier));
  }
  return tiers;
}

}  // namespace

std::vector<Tier> FillOrder(const SlbScenario& s, const ResolvedPolicy& policy, std::size_t client,
                            const std::vector<BackendState>& states, Trace& trace) {
  const std::vector<std::string> regions = RegionsByRtt(s, client);
  const ZoneRtts rtts = ZoneRttsOf(s, client);
  const BackendIndex index(s);
  const std::vector<std::string> allowed = AllowedRegions(policy, regions, index, states);
  const Fillable fill{s, states, {allowed.begin(), allowed.end()}, Strict(policy)};
  std::vector<Tier> tiers = PreferredTiers(fill, rtts);
  for (Tier& tier : AlgorithmTiers(fill, policy.algorithm, allowed, rtts, index)) tiers.push_back(std::move(tier));
  for (Tier& tier : LastResortTiers(fill, allowed, index)) tiers.push_back(std::move(tier));
  trace.Add(Clause::SLB_10, [&] {
    return fmt::format("{}: regions by round-trip time [{}], allowed [{}]", s.clients[client].name,
                       fmt::join(regions, ", "), fmt::join(allowed, ", "));
  });
  return tiers;
}

// ------------------------------ The plan

namespace {

std::vector<BackendState> BackendStates(const SlbScenario& s, const ResolvedPolicy& policy,
                                        const std::vector<std::optional<std::int64_t>>& drained_since) {
  std::vector<BackendState> states;
  for (std::size_t i = 0; i < s.backends.size(); ++i) {
    const SlbBackend& b = s.backends[i];
    const HealthSample h = HealthAt(b, s.at);
    BackendState state;
    state.name = b.name;
    state.members = h.members;
    state.healthy = h.healthy;
    state.drain_candidate = DrainableCandidate(b, h);
    state.drained = drained_since[i].has_value();
    state.drained_since = drained_since[i];
    state.below_failover_threshold = BelowFailoverThreshold(h, policy.failover_health_threshold);
    state.capacity = TargetCapacity(b, h.members);
    // [SLB-18] A drained backend is a capacity scaler of 0.
    state.effective_capacity = state.drained ? 0 : state.capacity;
    states.push_back(std::move(state));
  }
  return states;
}

void Overload(const SlbScenario& s, std::size_t c, const std::vector<Tier>& tiers,
              const std::vector<BackendState>& states, Milli load, ClientPlan& plan,
              std::map<std::size_t, Milli>& given, Trace& trace) {
  // GAP-34: beyond every capacity, the nearest allowed region that can
  // serve takes the excess in proportion to capacity, STRICT's closest
  // region too [SLB-25]; STRICT drops only when that region has no
  // backend that can serve [SLB-27], and then everything.
  const std::vector<std::size_t> targets = OverloadTargets(s, c, tiers, states);
  if (targets.empty()) {
    plan.dropped = load;
    trace.Add(Clause::SLB_27,
              [&] { return fmt::format("{}: {} dropped: no backend can serve it", plan.name, MilliToString(load)); });
    return;
  }
  std::vector<Milli> weights;
  for (std::size_t b : targets) weights.push_back(states[b].effective_capacity);
  const std::vector<Milli> shares = Apportion(load, weights);
  for (std::size_t k = 0; k < targets.size(); ++k) given[targets[k]] += shares[k];
  trace.Add(Clause::SLB_25, [&] {
    return fmt::format("{}: {} beyond capacity overloads {}", plan.name, MilliToString(load),
                       s.backends[targets.front()].region);
  });
}

void RecordServed(const SlbScenario& s, std::size_t c, const std::map<std::size_t, Milli>& given, ClientPlan& plan,
                  std::vector<BackendState>& states) {
  std::set<std::string, std::less<>> regions_given;
  for (const auto& [b, amount] : given) {
    if (amount > 0) regions_given.insert(s.backends[b].region);
  }
  for (const std::string& r : RegionsByRtt(s, c)) {
    if (regions_given.contains(r)) plan.regions_served.push_back(r);
  }
  // The zones of the backends that got load (a regional backend has none),
  // nearest first: what tells the algorithms apart inside a region [SLB-13].
  std::set<std::string, std::less<>> zones_given;
  for (const auto& [b, amount] : given) {
    if (amount > 0 && !s.backends[b].zone.empty()) zones_given.insert(s.backends[b].zone);
  }
  const ZoneRtts rtts = ZoneRttsOf(s, c);
  plan.zones_served.assign(zones_given.begin(), zones_given.end());
  std::stable_sort(plan.zones_served.begin(), plan.zones_served.end(),
                   [&](const std::string& a, const std::string& b) { return ZoneRtt(rtts, a) < ZoneRtt(rtts, b); });
  for (const auto& [b, amount] : given) {
    if (amount == 0) continue;
    plan.assignments.push_back({b, amount});
    states[b].assigned += amount;
  }
}

}  // namespace

std::vector<std::size_t> ClientLocationOrder(const SlbScenario& s) {
  // GAP-28: client locations one after another.
  std::vector<std::size_t> order(s.clients.size());
  for (std::size_t c = 0; c < order.size(); ++c) order[c] = c;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (s.readings.client_order == ClientOrder::kLargestFirst && s.clients[a].offered != s.clients[b].offered) {
      return s.clients[a].offered > s.clients[b].offered;
    }
    return s.clients[a].name < s.clients[b].name;
  });
  return order;
}

Milli PourIntoTiers(const std::vector<Tier>& tiers, Milli load, std::vector<Milli>& remaining,
                    std::map<std::size_t, Milli>& given) {
  // [SLB-8] [SLB-11] Each tier in turn takes what it can, in proportion to
  // the capacity its backends have left.
  for (const Tier& tier : tiers) {
    if (load == 0) break;
    std::vector<Milli> weights;
    Milli capacity = 0;
    for (std::size_t b : tier.backends) {
      weights.push_back(remaining[b]);
      capacity += remaining[b];
    }
    if (capacity == 0) continue;
    const Milli take = std::min(load, capacity);
    const std::vector<Milli> shares = Apportion(take, weights);
    for (std::size_t k = 0; k < tier.backends.size(); ++k) {
      given[tier.backends[k]] += shares[k];
      remaining[tier.backends[k]] -= shares[k];
    }
    load -= take;
  }
  return load;
}

SlbDecision ReferenceEngine::Plan(const SlbScenario& s) const {
  Trace trace(trace_);
  std::vector<Error> errors = ValidateSlbScenario(s, trace);
  if (!errors.empty()) return InvalidSlbDecision(std::move(errors));

  SlbDecision d;
  d.policy = ResolvePolicy(s, trace);
  const std::vector<std::optional<std::int64_t>> drained_since =
      d.policy.auto_capacity_drain ? AutoCapacityDrain(s, trace)
                                   : std::vector<std::optional<std::int64_t>>(s.backends.size());
  d.backends = BackendStates(s, d.policy, drained_since);
  std::vector<Milli> remaining;
  for (const BackendState& b : d.backends) remaining.push_back(b.effective_capacity);
  d.clients.resize(s.clients.size());
  for (std::size_t c : ClientLocationOrder(s)) {
    ClientPlan& plan = d.clients[c];
    plan.name = s.clients[c].name;
    plan.offered = s.clients[c].offered;
    std::map<std::size_t, Milli> given;
    const std::vector<Tier> tiers = FillOrder(s, d.policy, c, d.backends, trace);
    const Milli load = PourIntoTiers(tiers, plan.offered, remaining, given);
    if (load > 0) Overload(s, c, tiers, d.backends, load, plan, given, trace);
    RecordServed(s, c, given, plan, d.backends);
  }
  d.trace = std::move(trace.steps());
  return d;
}

}  // namespace lbconform::reference
