// The optimized planner for service-lb-policy: integer indices instead of
// names, per-region and per-zone backend lists built once, a min-heap of
// moments for auto-capacity draining, and an in-place largest-remainder
// split. Written from the clauses, independently of the reference.
#include <algorithm>
#include <numeric>
#include <queue>

#include "optimized/optimized_engine.h"
#include "reference/slb_model.h"

namespace lbconform::optimized {
namespace {

__extension__ typedef __int128 Wide;

bool Supported(LoadBalancerType t) { return static_cast<int>(t) <= static_cast<int>(LoadBalancerType::kCrossRegionInternalProxyNetwork); }
bool CrossRegionInternal(LoadBalancerType t) {
  return t == LoadBalancerType::kCrossRegionInternalApplication || t == LoadBalancerType::kCrossRegionInternalProxyNetwork;
}

std::vector<Error> Validate(const SlbScenario& s) {
  std::vector<Error> errors;
  if (!Supported(s.load_balancer)) errors.push_back({ErrorCode::UNSUPPORTED_LOAD_BALANCER, "/loadBalancer", "unsupported"});
  if (Supported(s.load_balancer) && !s.scheme.empty() &&
      s.scheme != (CrossRegionInternal(s.load_balancer) ? "INTERNAL_MANAGED" : "EXTERNAL_MANAGED")) {
    errors.push_back({ErrorCode::SCHEME_NOT_ALLOWED, "/backendService/loadBalancingScheme", "scheme"});
  }
  if (s.policy_refs.size() > 1) errors.push_back({ErrorCode::MULTIPLE_SERVICE_LB_POLICIES, "/backendService", "policies"});
  const Decimal tenth = *Decimal::FromString("0.1");
  const Decimal one = Decimal::FromInteger(1);
  for (const SlbBackend& b : s.backends) {
    switch (b.kind) {
      case BackendKind::kZonalInstanceGroup:
      case BackendKind::kZonalNegGceVmIpPort:
      case BackendKind::kHybridNeg:
        break;
      default:
        errors.push_back({ErrorCode::UNSUPPORTED_BACKEND_KIND, "/backendGroups", "kind"});
    }
    if (b.mode == BalancingMode::kCustomMetrics || !b.capacity_field) {
      errors.push_back({ErrorCode::UNSUPPORTED_BALANCING_MODE, "/backendService/backends", "mode"});
    }
    if (b.capacity_field == CapacityField::kMaxUtilization && (b.max_utilization.negative() || one < b.max_utilization)) {
      errors.push_back({ErrorCode::MAX_UTILIZATION_OUT_OF_RANGE, "/backendService/backends", "maxUtilization"});
    }
    const Decimal& c = b.capacity_scaler;
    if (c.is_zero() ? s.backends.size() < 2 : (c.negative() || c < tenth || one < c)) {
      errors.push_back({ErrorCode::CAPACITY_SCALER_OUT_OF_RANGE, "/backendService/backends", "capacityScaler"});
    }
  }
  const auto& t = s.policy.failover_health_threshold;
  if (t && (*t < 1 || *t > 99)) errors.push_back({ErrorCode::FAILOVER_THRESHOLD_OUT_OF_RANGE, "/serviceLbPolicy", "threshold"});
  if (s.policy.isolation_mode == IsolationMode::kStrict && !CrossRegionInternal(s.load_balancer)) {
    errors.push_back({ErrorCode::STRICT_ISOLATION_NOT_AVAILABLE, "/serviceLbPolicy", "STRICT"});
  }
  return errors;
}

// The in-place largest-remainder split of `total` over weights[0..n).
void Split(Milli total, const Milli* weights, std::size_t n, Milli* out, std::vector<std::pair<Wide, std::size_t>>& scratch) {
  Wide sum = 0;
  for (std::size_t i = 0; i < n; ++i) sum += weights[i];
  std::fill(out, out + n, 0);
  if (sum <= 0 || total <= 0) return;
  scratch.clear();
  Milli given = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const Wide exact = static_cast<Wide>(total) * weights[i];
    out[i] = static_cast<Milli>(exact / sum);
    given += out[i];
    scratch.push_back({exact % sum, i});
  }
  const auto k = static_cast<std::size_t>(total - given);
  if (k == 0) return;
  auto before = [](const std::pair<Wide, std::size_t>& a, const std::pair<Wide, std::size_t>& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  };
  std::nth_element(scratch.begin(), scratch.begin() + static_cast<std::ptrdiff_t>(k - 1), scratch.end(), before);
  for (std::size_t j = 0; j < k; ++j) ++out[scratch[j].second];
}

struct Compiled {
  std::vector<std::uint32_t> region_of;       // backend → region index
  std::vector<std::int32_t> zone_of;          // backend → zone index (-1: regional)
  std::vector<std::vector<std::uint32_t>> by_region;  // region → backends (ascending)
  std::vector<std::vector<std::uint32_t>> by_zone;    // zone → backends (ascending)
  std::vector<std::uint32_t> region_name_rank;        // region → rank of its name
};

Compiled Compile(const SlbScenario& s) {
  Compiled c;
  const std::size_t n = s.backends.size();
  c.region_of.resize(n);
  c.zone_of.assign(n, -1);
  c.by_region.resize(s.regions.size());
  c.by_zone.resize(s.zones.size());
  for (std::size_t b = 0; b < n; ++b) {
    for (std::size_t r = 0; r < s.regions.size(); ++r) {
      if (s.regions[r].name == s.backends[b].region) c.region_of[b] = static_cast<std::uint32_t>(r);
    }
    for (std::size_t z = 0; z < s.zones.size(); ++z) {
      if (s.zones[z] == s.backends[b].zone) c.zone_of[b] = static_cast<std::int32_t>(z);
    }
    c.by_region[c.region_of[b]].push_back(static_cast<std::uint32_t>(b));
    if (c.zone_of[b] >= 0) c.by_zone[static_cast<std::size_t>(c.zone_of[b])].push_back(static_cast<std::uint32_t>(b));
  }
  std::vector<std::uint32_t> order(s.regions.size());
  std::iota(order.begin(), order.end(), 0U);
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return s.regions[a].name < s.regions[b].name; });
  c.region_name_rank.resize(s.regions.size());
  for (std::uint32_t k = 0; k < order.size(); ++k) c.region_name_rank[order[k]] = k;
  return c;
}

HealthSample At(const SlbBackend& b, std::int64_t t) {
  HealthSample h{0, b.members, b.healthy};
  for (const HealthSample& x : b.health) {
    if (x.at > t) break;
    h = x;
  }
  return h;
}

bool Candidate(const SlbBackend& b, const HealthSample& h) {
  return h.members > 0 && !b.capacity_scaler.is_zero() && std::uint64_t{h.healthy} * 4 < h.members;
}

std::vector<std::int64_t> Drain(const SlbScenario& s) {  // -1: not drained
  const std::size_t n = s.backends.size();
  std::vector<std::int64_t> since(n, -1), good(n, -1);
  std::vector<std::size_t> cursor(n, 0);
  std::vector<HealthSample> now(n);
  for (std::size_t b = 0; b < n; ++b) now[b] = {0, s.backends[b].members, s.backends[b].healthy};
  std::priority_queue<std::int64_t, std::vector<std::int64_t>, std::greater<>> moments;
  moments.push(0);
  for (const SlbBackend& b : s.backends) {
    for (const HealthSample& h : b.health) {
      if (h.at <= s.at) moments.push(h.at);
    }
  }
  std::vector<std::size_t> candidates;
  std::int64_t last = -1;
  while (!moments.empty()) {
    const std::int64_t t = moments.top();
    moments.pop();
    if (t == last) continue;
    last = t;
    std::size_t drained = 0;
    candidates.clear();
    for (std::size_t b = 0; b < n; ++b) {
      const auto& samples = s.backends[b].health;
      while (cursor[b] < samples.size() && samples[cursor[b]].at <= t) now[b] = samples[cursor[b]++];
      const HealthSample& h = now[b];
      const bool ok = h.members > 0 && std::uint64_t{h.healthy} * 100 >= std::uint64_t{h.members} * 35;
      if (!ok) good[b] = -1;
      if (ok && good[b] < 0) good[b] = t;
      if (since[b] >= 0 && good[b] >= 0 && t - good[b] >= 60) since[b] = -1;
      if (since[b] >= 0 && good[b] >= 0 && good[b] + 60 <= s.at && good[b] + 60 > t) moments.push(good[b] + 60);
      if (since[b] >= 0) {
        ++drained;
      } else if (Candidate(s.backends[b], h)) {
        candidates.push_back(b);
      }
    }
    if (candidates.empty()) continue;
    if ((drained + candidates.size()) * 2 < n) {
      for (std::size_t b : candidates) since[b] = t;
    } else if (s.readings.drain_over_half == DrainOverHalf::kDrainUpToHalf) {
      std::sort(candidates.begin(), candidates.end(),
                [&](std::size_t a, std::size_t b) { return s.backends[a].name < s.backends[b].name; });
      for (std::size_t b : candidates) {
        if ((drained + 1) * 2 >= n) break;
        since[b] = t;
        ++drained;
      }
    }
  }
  return since;
}

Milli Capacity(const SlbBackend& b, std::uint32_t members) {
  Milli base = b.capacity_value;
  switch (*b.capacity_field) {
    case CapacityField::kMaxRate:
    case CapacityField::kMaxConnections:
      break;
    case CapacityField::kMaxUtilization:
      base = MulFloor(b.load_per_member * members, b.max_utilization);
      break;
    default:
      base = b.capacity_value * members;
  }
  return MulFloor(base, b.capacity_scaler);
}

}  // namespace

SlbDecision OptimizedEngine::Plan(const SlbScenario& s) const {
  std::vector<Error> errors = Validate(s);
  if (!errors.empty()) return InvalidSlbDecision(std::move(errors));

  SlbDecision d;
  ResolvedPolicy& p = d.policy;
  if (s.policy.present) {
    if (s.policy.algorithm) p.algorithm = *s.policy.algorithm;
    if (s.policy.failover_health_threshold) p.failover_health_threshold = *s.policy.failover_health_threshold;
    p.auto_capacity_drain = s.policy.auto_capacity_drain;
    p.isolation_enforced = s.policy.isolation_granularity == IsolationGranularity::kRegion;
    if (p.isolation_enforced) p.isolation_mode = s.policy.isolation_mode == IsolationMode::kStrict ? IsolationMode::kStrict : IsolationMode::kNearest;
  }
  const bool strict = p.isolation_enforced && p.isolation_mode == IsolationMode::kStrict;
  const std::size_t n = s.backends.size();
  const std::vector<std::int64_t> since = p.auto_capacity_drain ? Drain(s) : std::vector<std::int64_t>(n, -1);
  d.backends.resize(n);
  std::vector<Milli> remaining(n);
  std::vector<std::uint8_t> serving(n), usable_any(n);
  for (std::size_t b = 0; b < n; ++b) {
    const SlbBackend& sb = s.backends[b];
    const HealthSample h = At(sb, s.at);
    BackendState& st = d.backends[b];
    st.name = sb.name;
    st.members = h.members;
    st.healthy = h.healthy;
    st.drain_candidate = Candidate(sb, h);
    st.drained = since[b] >= 0;
    if (st.drained) st.drained_since = since[b];
    st.below_failover_threshold =
        h.members > 0 && static_cast<std::int64_t>(h.healthy) * 100 < p.failover_health_threshold * h.members;
    st.capacity = Capacity(sb, h.members);
    st.effective_capacity = st.drained ? 0 : st.capacity;
    remaining[b] = st.effective_capacity;
    serving[b] = st.effective_capacity > 0 && h.healthy > 0;
    usable_any[b] = st.effective_capacity > 0 && (!strict || h.healthy > 0);
  }

  const Compiled c = Compile(s);
  const std::size_t regions = s.regions.size();
  std::vector<std::uint32_t> client_order(s.clients.size());
  std::iota(client_order.begin(), client_order.end(), 0U);
  std::stable_sort(client_order.begin(), client_order.end(), [&](std::uint32_t a, std::uint32_t b) {
    const ClientLocation& x = s.clients[a];
    const ClientLocation& y = s.clients[b];
    if (s.readings.client_order == ClientOrder::kLargestFirst && x.offered != y.offered) return x.offered > y.offered;
    return x.name < y.name;
  });

  // Scratch buffers reused across client locations.
  std::vector<std::int64_t> region_rtt(regions);
  std::vector<std::uint32_t> region_order(regions);
  std::vector<std::uint32_t> allowed;
  std::vector<std::uint32_t> tier_start, tier_members;  // tiers as ranges of tier_members
  std::vector<Milli> weights, shares, given(n, 0);
  std::vector<std::uint32_t> touched;
  std::vector<std::pair<Wide, std::size_t>> scratch;
  std::vector<std::uint8_t> reachable(n, 0);
  std::vector<std::pair<std::int64_t, std::uint32_t>> preferred;
  std::vector<std::uint32_t> zones;
  d.clients.resize(s.clients.size());

  for (std::uint32_t ci : client_order) {
    const ClientLocation& client = s.clients[ci];
    for (std::size_t r = 0; r < regions; ++r) {
      std::int64_t best = INT64_MAX;
      for (std::size_t z = 0; z < s.zones.size(); ++z) {
        if (s.zone_region[z] == r) best = std::min(best, client.rtt_micros[z]);
      }
      region_rtt[r] = best;
    }
    std::iota(region_order.begin(), region_order.end(), 0U);
    std::sort(region_order.begin(), region_order.end(), [&](std::uint32_t a, std::uint32_t b) {
      return region_rtt[a] != region_rtt[b] ? region_rtt[a] < region_rtt[b] : c.region_name_rank[a] < c.region_name_rank[b];
    });
    allowed.clear();
    if (strict) {
      allowed.push_back(region_order.front());
    } else if (p.isolation_enforced) {
      for (int pass = 0; pass < 2 && allowed.empty(); ++pass) {
        for (std::uint32_t r : region_order) {
          const bool ok = std::any_of(c.by_region[r].begin(), c.by_region[r].end(), [&](std::uint32_t b) {
            return pass == 0 ? serving[b] != 0 : d.backends[b].effective_capacity > 0;
          });
          if (ok) {
            allowed.push_back(r);
            break;
          }
        }
      }
    } else {
      allowed = region_order;
    }
    std::vector<std::uint8_t> region_allowed(regions, 0);
    for (std::uint32_t r : allowed) region_allowed[r] = 1;
    auto usable = [&](std::uint32_t b) { return usable_any[b] && region_allowed[c.region_of[b]]; };

    tier_start.clear();
    tier_members.clear();
    auto open_tier = [&] { tier_start.push_back(static_cast<std::uint32_t>(tier_members.size())); };
    // Preferred backends by round-trip time; equal times share a tier.
    preferred.clear();
    for (std::size_t b = 0; b < n; ++b) {
      const auto bb = static_cast<std::uint32_t>(b);
      if (usable(bb) && s.backends[b].preference == Preference::kPreferred && !d.backends[b].below_failover_threshold) {
        const std::int32_t z = c.zone_of[b];
        preferred.push_back({z >= 0 ? client.rtt_micros[static_cast<std::size_t>(z)] : 0, bb});
      }
    }
    std::sort(preferred.begin(), preferred.end());
    for (std::size_t k = 0; k < preferred.size(); ++k) {
      if (k == 0 || preferred[k].first != preferred[k - 1].first) open_tier();
      tier_members.push_back(preferred[k].second);
    }
    auto is_default = [&](std::uint32_t b) {
      return usable(b) && s.backends[b].preference == Preference::kDefault && !d.backends[b].below_failover_threshold;
    };
    if (p.algorithm == Algorithm::kWaterfallByZone) {
      for (std::uint32_t r : allowed) {
        zones.clear();
        for (std::size_t z = 0; z < s.zones.size(); ++z) {
          if (s.zone_region[z] == r) zones.push_back(static_cast<std::uint32_t>(z));
        }
        std::sort(zones.begin(), zones.end(), [&](std::uint32_t a, std::uint32_t b) {
          return client.rtt_micros[a] != client.rtt_micros[b] ? client.rtt_micros[a] < client.rtt_micros[b] : s.zones[a] < s.zones[b];
        });
        for (std::uint32_t z : zones) {
          open_tier();
          for (std::uint32_t b : c.by_zone[z]) {
            if (is_default(b)) tier_members.push_back(b);
          }
        }
      }
    } else if (p.algorithm == Algorithm::kSprayToWorld) {
      open_tier();
      for (std::size_t b = 0; b < n; ++b) {
        if (is_default(static_cast<std::uint32_t>(b))) tier_members.push_back(static_cast<std::uint32_t>(b));
      }
    } else {
      for (std::uint32_t r : allowed) {
        open_tier();
        for (std::uint32_t b : c.by_region[r]) {
          if (is_default(b)) tier_members.push_back(b);
        }
      }
    }
    for (std::uint32_t r : allowed) {
      open_tier();
      for (std::uint32_t b : c.by_region[r]) {
        if (usable(b) && d.backends[b].below_failover_threshold) tier_members.push_back(b);
      }
    }
    tier_start.push_back(static_cast<std::uint32_t>(tier_members.size()));

    ClientPlan& plan = d.clients[ci];
    plan.name = client.name;
    plan.offered = client.offered;
    touched.clear();
    Milli load = client.offered;
    for (std::size_t t = 0; t + 1 < tier_start.size() && load > 0; ++t) {
      const std::uint32_t* members = tier_members.data() + tier_start[t];
      const std::size_t count = tier_start[t + 1] - tier_start[t];
      weights.resize(count);
      shares.resize(count);
      Milli capacity = 0;
      for (std::size_t k = 0; k < count; ++k) capacity += (weights[k] = remaining[members[k]]);
      if (capacity == 0) continue;
      const Milli take = std::min(load, capacity);
      Split(take, weights.data(), count, shares.data(), scratch);
      for (std::size_t k = 0; k < count; ++k) {
        if (shares[k] == 0) continue;
        if (given[members[k]] == 0) touched.push_back(members[k]);
        given[members[k]] += shares[k];
        remaining[members[k]] -= shares[k];
      }
      load -= take;
    }
    if (load > 0) {
      for (std::uint32_t b : tier_members) reachable[b] = 1;
      std::vector<std::uint32_t> targets;
      for (int pass = 0; pass < 2 && targets.empty(); ++pass) {
        for (std::uint32_t r : region_order) {
          for (std::uint32_t b : c.by_region[r]) {
            if (reachable[b] && (pass == 1 || serving[b])) targets.push_back(b);
          }
          if (!targets.empty()) break;
        }
      }
      for (std::uint32_t b : tier_members) reachable[b] = 0;
      if (targets.empty()) {
        plan.dropped = load;
      } else {
        weights.resize(targets.size());
        shares.resize(targets.size());
        for (std::size_t k = 0; k < targets.size(); ++k) weights[k] = d.backends[targets[k]].effective_capacity;
        Split(load, weights.data(), targets.size(), shares.data(), scratch);
        for (std::size_t k = 0; k < targets.size(); ++k) {
          if (shares[k] == 0) continue;
          if (given[targets[k]] == 0) touched.push_back(targets[k]);
          given[targets[k]] += shares[k];
        }
      }
    }
    std::vector<std::uint8_t> served(regions, 0);
    std::sort(touched.begin(), touched.end());
    for (std::uint32_t b : touched) {
      served[c.region_of[b]] = 1;
      plan.assignments.push_back({b, given[b]});
      d.backends[b].assigned += given[b];
      given[b] = 0;
    }
    for (std::uint32_t r : region_order) {
      if (served[r]) plan.regions_served.push_back(s.regions[r].name);
    }
  }
  return d;
}

}  // namespace lbconform::optimized
