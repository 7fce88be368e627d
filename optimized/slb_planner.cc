// The optimized planner for service-lb-policy: integer indices instead of
// names, per-region and per-zone backend lists built once, a min-heap of
// moments for auto-capacity draining, and an in-place largest-remainder
// split. Written from the clauses, independently of the reference.
#include <algorithm>
#include <numeric>
#include <queue>
#include <string_view>
#include <unordered_map>

#include "optimized/optimized_engine.h"
#include "model/slb_model.h"

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
    if (b.capacity_field == CapacityField::kMaxUtilization && (b.max_utilization.negative() || one < b.max_utilization)) {  // rare
      errors.push_back({ErrorCode::MAX_UTILIZATION_OUT_OF_RANGE, "/backendService/backends", "maxUtilization"});
    }
    // Most scalers have at most three decimals: compare them as integers.
    const Decimal& c = b.capacity_scaler;
    const std::optional<Milli> m = MilliFromDecimal(c);
    const bool in_range = m ? (*m >= 100 && *m <= 1000) : !(c.negative() || c < tenth || one < c);
    if (c.is_zero() ? s.backends.size() < 2 : !in_range) {
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
  std::unordered_map<std::string_view, std::uint32_t> region_index, zone_index;
  for (std::size_t r = 0; r < s.regions.size(); ++r) region_index.emplace(s.regions[r].name, static_cast<std::uint32_t>(r));
  for (std::size_t z = 0; z < s.zones.size(); ++z) zone_index.emplace(s.zones[z], static_cast<std::uint32_t>(z));
  c.region_of.resize(n);
  c.zone_of.assign(n, -1);
  c.by_region.resize(s.regions.size());
  c.by_zone.resize(s.zones.size());
  for (std::size_t b = 0; b < n; ++b) {
    c.region_of[b] = region_index.at(s.backends[b].region);
    if (auto z = zone_index.find(s.backends[b].zone); z != zone_index.end()) c.zone_of[b] = static_cast<std::int32_t>(z->second);
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
  std::vector<Milli> weights, shares, given(n, 0);
  std::vector<std::uint32_t> touched;
  std::vector<std::pair<Wide, std::size_t>> scratch;
  std::vector<std::uint8_t> reachable(n, 0);
  std::vector<std::pair<std::int64_t, std::uint32_t>> preferred;
  std::vector<std::uint32_t> zones;
  d.clients.resize(s.clients.size());

  // Once per plan: the backends each kind of tier can hold (in index order).
  std::vector<std::vector<std::uint32_t>> default_in_region(regions), below_in_region(regions),
      default_in_zone(s.zones.size()), zones_of_region(regions);
  std::vector<std::uint32_t> preferred_usable;
  for (std::size_t z = 0; z < s.zones.size(); ++z) zones_of_region[s.zone_region[z]].push_back(static_cast<std::uint32_t>(z));
  for (std::uint32_t b = 0; b < n; ++b) {
    if (!usable_any[b]) continue;
    if (d.backends[b].below_failover_threshold) {
      below_in_region[c.region_of[b]].push_back(b);
    } else if (s.backends[b].preference == Preference::kPreferred) {
      preferred_usable.push_back(b);
    } else {
      default_in_region[c.region_of[b]].push_back(b);
      if (c.zone_of[b] >= 0) default_in_zone[static_cast<std::size_t>(c.zone_of[b])].push_back(b);
    }
  }
  std::vector<std::pair<const std::uint32_t*, std::size_t>> tiers;
  std::vector<std::uint32_t> pref_sorted, world;
  std::vector<std::uint8_t> region_allowed(regions, 0), served(regions, 0);

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
    std::fill(region_allowed.begin(), region_allowed.end(), 0);
    for (std::uint32_t r : allowed) region_allowed[r] = 1;

    // Tiers are spans over the lists built once above; only the preferred
    // backends are ordered per client location.
    tiers.clear();
    pref_sorted.clear();
    preferred.clear();
    for (std::uint32_t b : preferred_usable) {
      if (!region_allowed[c.region_of[b]]) continue;
      const std::int32_t z = c.zone_of[b];
      preferred.push_back({z >= 0 ? client.rtt_micros[static_cast<std::size_t>(z)] : 0, b});
    }
    std::sort(preferred.begin(), preferred.end());
    for (const auto& entry : preferred) pref_sorted.push_back(entry.second);
    for (std::size_t k = 0; k < preferred.size(); ++k) {
      if (k == 0 || preferred[k].first != preferred[k - 1].first) tiers.push_back({pref_sorted.data() + k, 0});
      ++tiers.back().second;
    }
    if (p.algorithm == Algorithm::kWaterfallByZone) {
      for (std::uint32_t r : allowed) {
        zones.clear();
        for (std::uint32_t z : zones_of_region[r]) zones.push_back(z);
        std::sort(zones.begin(), zones.end(), [&](std::uint32_t a, std::uint32_t b) {
          return client.rtt_micros[a] != client.rtt_micros[b] ? client.rtt_micros[a] < client.rtt_micros[b] : s.zones[a] < s.zones[b];
        });
        for (std::uint32_t z : zones) tiers.push_back({default_in_zone[z].data(), default_in_zone[z].size()});
      }
    } else if (p.algorithm == Algorithm::kSprayToWorld) {
      world.clear();
      for (std::uint32_t r : allowed) world.insert(world.end(), default_in_region[r].begin(), default_in_region[r].end());
      std::sort(world.begin(), world.end());
      tiers.push_back({world.data(), world.size()});
    } else {
      for (std::uint32_t r : allowed) tiers.push_back({default_in_region[r].data(), default_in_region[r].size()});
    }
    for (std::uint32_t r : allowed) tiers.push_back({below_in_region[r].data(), below_in_region[r].size()});

    ClientPlan& plan = d.clients[ci];
    plan.name = client.name;
    plan.offered = client.offered;
    touched.clear();
    Milli load = client.offered;
    for (std::size_t t = 0; t < tiers.size() && load > 0; ++t) {
      const std::uint32_t* members = tiers[t].first;
      const std::size_t count = tiers[t].second;
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
      for (const auto& [members, count] : tiers) {
        for (std::size_t k = 0; k < count; ++k) reachable[members[k]] = 1;
      }
      std::vector<std::uint32_t> targets;
      for (int pass = 0; pass < 2 && targets.empty(); ++pass) {
        for (std::uint32_t r : region_order) {
          for (std::uint32_t b : c.by_region[r]) {
            if (reachable[b] && (pass == 1 || serving[b])) targets.push_back(b);
          }
          if (!targets.empty()) break;
        }
      }
      for (const auto& [members, count] : tiers) {
        for (std::size_t k = 0; k < count; ++k) reachable[members[k]] = 0;
      }
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
    std::fill(served.begin(), served.end(), 0);
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
