// The optimized planner for service-lb-policy: integer indices instead of
// names, per-region and per-zone backend lists built once, a min-heap of
// moments for auto-capacity draining, and an in-place largest-remainder
// split. Written from the clauses, independently of the reference.
#include <algorithm>
#include <numeric>
#include <queue>
#include <string_view>
#include <unordered_map>

#include "model/slb_model.h"
#include "optimized/optimized_engine.h"

namespace lbconform::optimized {
namespace {

__extension__ typedef __int128 Wide;

bool Supported(LoadBalancerType t) {
  return static_cast<int>(t) <= static_cast<int>(LoadBalancerType::kCrossRegionInternalProxyNetwork);
}
bool CrossRegionInternal(LoadBalancerType t) {
  return t == LoadBalancerType::kCrossRegionInternalApplication ||
         t == LoadBalancerType::kCrossRegionInternalProxyNetwork;
}

std::vector<Error> Validate(const SlbScenario& s) {
  std::vector<Error> errors;
  if (!s.policy_refs.empty() && !s.policy.present)
    errors.push_back({ErrorCode::MISSING_FIELD, "/serviceLbPolicy", "policy not given"});
  for (const SlbBackend& b : s.backends) {
    if (b.capacity_field == CapacityField::kMaxUtilization && !b.max_utilization_given)
      errors.push_back({ErrorCode::MISSING_FIELD, "/backendService/backends", "maxUtilization"});
  }
  if (!Supported(s.load_balancer))
    errors.push_back({ErrorCode::UNSUPPORTED_LOAD_BALANCER, "/loadBalancer", "unsupported"});
  if (Supported(s.load_balancer) && !s.scheme.empty() &&
      s.scheme != (CrossRegionInternal(s.load_balancer) ? "INTERNAL_MANAGED" : "EXTERNAL_MANAGED")) {
    errors.push_back({ErrorCode::SCHEME_NOT_ALLOWED, "/backendService/loadBalancingScheme", "scheme"});
  }
  if (s.policy_refs.size() > 1)
    errors.push_back({ErrorCode::MULTIPLE_SERVICE_LB_POLICIES, "/backendService", "policies"});
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
    if (b.capacity_field == CapacityField::kMaxUtilization &&
        (b.max_utilization.negative() || one < b.max_utilization)) {  // rare
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
  if (t && *t != 0 && (*t < 1 || *t > 99))  // 0 is proto3's unset
    errors.push_back({ErrorCode::FAILOVER_THRESHOLD_OUT_OF_RANGE, "/serviceLbPolicy", "threshold"});
  if (s.policy.isolation_mode == IsolationMode::kStrict && !CrossRegionInternal(s.load_balancer)) {
    errors.push_back({ErrorCode::STRICT_ISOLATION_NOT_AVAILABLE, "/serviceLbPolicy", "STRICT"});
  }
  return errors;
}

// The in-place largest-remainder split of `total` over weights[0..n).
void Split(Milli total, const Milli* weights, std::size_t n, Milli* out,
           std::vector<std::pair<Wide, std::size_t>>& scratch) {
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
  std::vector<std::uint32_t> region_of;               // backend → region index
  std::vector<std::int32_t> zone_of;                  // backend → zone index (-1: regional)
  std::vector<std::vector<std::uint32_t>> by_region;  // region → backends (ascending)
  std::vector<std::vector<std::uint32_t>> by_zone;    // zone → backends (ascending)
  std::vector<std::uint32_t> region_name_rank;        // region → rank of its name
};

Compiled Compile(const SlbScenario& s) {
  Compiled c;
  const std::size_t n = s.backends.size();
  std::unordered_map<std::string_view, std::uint32_t> region_index, zone_index;
  for (std::size_t r = 0; r < s.regions.size(); ++r)
    region_index.emplace(s.regions[r].name, static_cast<std::uint32_t>(r));
  for (std::size_t z = 0; z < s.zones.size(); ++z) zone_index.emplace(s.zones[z], static_cast<std::uint32_t>(z));
  c.region_of.resize(n);
  c.zone_of.assign(n, -1);
  c.by_region.resize(s.regions.size());
  c.by_zone.resize(s.zones.size());
  for (std::size_t b = 0; b < n; ++b) {
    c.region_of[b] = region_index.at(s.backends[b].region);
    if (auto z = zone_index.find(s.backends[b].zone); z != zone_index.end())
      c.zone_of[b] = static_cast<std::int32_t>(z->second);
    c.by_region[c.region_of[b]].push_back(static_cast<std::uint32_t>(b));
    if (c.zone_of[b] >= 0) c.by_zone[static_cast<std::size_t>(c.zone_of[b])].push_back(static_cast<std::uint32_t>(b));
  }
  std::vector<std::uint32_t> order(s.regions.size());
  std::iota(order.begin(), order.end(), 0U);
  std::sort(order.begin(), order.end(),
            [&](std::uint32_t a, std::uint32_t b) { return s.regions[a].name < s.regions[b].name; });
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
  if (members == 0) return 0;  // a group without members has zero capacity
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

ResolvedPolicy Resolve(const SlbPolicy& policy) {
  ResolvedPolicy p;
  if (!policy.present) return p;
  if (policy.algorithm) p.algorithm = *policy.algorithm;
  if (policy.failover_health_threshold && *policy.failover_health_threshold != 0)
    p.failover_health_threshold = *policy.failover_health_threshold;
  p.auto_capacity_drain = policy.auto_capacity_drain;
  p.isolation_enforced = policy.isolation_granularity == IsolationGranularity::kRegion;
  if (p.isolation_enforced)
    p.isolation_mode =
        policy.isolation_mode == IsolationMode::kStrict ? IsolationMode::kStrict : IsolationMode::kNearest;
  return p;
}

// ClientsInServingOrder: the order in which client locations take capacity (GAP-28).
std::vector<std::uint32_t> ClientsInServingOrder(const SlbScenario& s) {
  std::vector<std::uint32_t> order(s.clients.size());
  std::iota(order.begin(), order.end(), 0U);
  std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    const ClientLocation& x = s.clients[a];
    const ClientLocation& y = s.clients[b];
    if (s.readings.client_order == ClientOrder::kLargestFirst && x.offered != y.offered) return x.offered > y.offered;
    return x.name < y.name;
  });
  return order;
}

// A tier is a span of backend indices filled together, in proportion to the
// capacity each has left.
using Tier = std::pair<const std::uint32_t*, std::size_t>;

// Planner is one plan under way: the backends' states and the capacity they
// have left, the tier lists built once per plan, and scratch buffers reused
// across client locations.
class Planner {
 public:
  Planner(const SlbScenario& s, SlbDecision& d);
  void PlanClient(std::uint32_t ci);

 private:
  void InitBackends();
  void BuildTierLists();
  void OrderRegions(const ClientLocation& client);
  void AllowRegions();
  void BuildTiers(const ClientLocation& client);
  void BuildDefaultTiers(const ClientLocation& client);
  Milli FillTiers(Milli load);
  void OverloadOrDrop(Milli load, ClientPlan& plan);
  void FindOverloadTargets();
  void Give(std::uint32_t b, Milli share);
  void Record(std::uint32_t client, ClientPlan& plan);

  const SlbScenario& s_;
  SlbDecision& d_;
  const ResolvedPolicy& p_;
  const bool strict_;
  const std::size_t n_;
  const std::size_t regions_;
  const Compiled c_;
  std::vector<Milli> remaining_;
  std::vector<std::uint8_t> serving_, usable_any_;
  // Once per plan: the backends each kind of tier can hold (in index order).
  std::vector<std::vector<std::uint32_t>> default_in_region_, below_in_region_, default_in_zone_, zones_of_region_;
  std::vector<std::uint32_t> preferred_usable_;
  // Per client location, reused.
  std::vector<std::int64_t> region_rtt_;
  std::vector<std::uint32_t> region_order_, allowed_, zones_, pref_sorted_, world_, touched_, targets_;
  std::vector<std::uint8_t> region_allowed_, served_, reachable_;
  std::vector<std::pair<std::int64_t, std::uint32_t>> preferred_;
  std::vector<Tier> tiers_;
  std::vector<Milli> weights_, shares_, given_;
  std::vector<std::pair<Wide, std::size_t>> scratch_;
};

Planner::Planner(const SlbScenario& s, SlbDecision& d)
    : s_(s),
      d_(d),
      p_(d.policy),
      strict_(d.policy.isolation_enforced && d.policy.isolation_mode == IsolationMode::kStrict),
      n_(s.backends.size()),
      regions_(s.regions.size()),
      c_(Compile(s)),
      region_rtt_(regions_),
      region_order_(regions_),
      region_allowed_(regions_, 0),
      served_(regions_, 0),
      reachable_(n_, 0),
      given_(n_, 0) {
  InitBackends();
  BuildTierLists();
  d_.clients.resize(s.clients.size());
}

// InitBackends: each backend's health at the plan's time, drain state,
// threshold and capacity.
void Planner::InitBackends() {
  const std::vector<std::int64_t> since = p_.auto_capacity_drain ? Drain(s_) : std::vector<std::int64_t>(n_, -1);
  d_.backends.resize(n_);
  remaining_.resize(n_);
  serving_.resize(n_);
  usable_any_.resize(n_);
  for (std::size_t b = 0; b < n_; ++b) {
    const SlbBackend& sb = s_.backends[b];
    const HealthSample h = At(sb, s_.at);
    BackendState& st = d_.backends[b];
    st.name = sb.name;
    st.members = h.members;
    st.healthy = h.healthy;
    st.drain_candidate = Candidate(sb, h);
    st.drained = since[b] >= 0;
    if (st.drained) st.drained_since = since[b];
    st.below_failover_threshold =
        h.members > 0 && static_cast<std::int64_t>(h.healthy) * 100 < p_.failover_health_threshold * h.members;
    st.capacity = Capacity(sb, h.members);
    st.effective_capacity = st.drained ? 0 : st.capacity;
    remaining_[b] = st.effective_capacity;
    serving_[b] = st.effective_capacity > 0 && h.healthy > 0;
    usable_any_[b] = st.effective_capacity > 0 && (!strict_ || h.healthy > 0);
  }
}

void Planner::BuildTierLists() {
  default_in_region_.resize(regions_);
  below_in_region_.resize(regions_);
  default_in_zone_.resize(s_.zones.size());
  zones_of_region_.resize(regions_);
  for (std::size_t z = 0; z < s_.zones.size(); ++z)
    zones_of_region_[s_.zone_region[z]].push_back(static_cast<std::uint32_t>(z));
  for (std::uint32_t b = 0; b < n_; ++b) {
    if (!usable_any_[b]) continue;
    if (d_.backends[b].below_failover_threshold) {
      below_in_region_[c_.region_of[b]].push_back(b);
    } else if (s_.backends[b].preference == Preference::kPreferred) {
      preferred_usable_.push_back(b);
    } else {
      default_in_region_[c_.region_of[b]].push_back(b);
      if (c_.zone_of[b] >= 0) default_in_zone_[static_cast<std::size_t>(c_.zone_of[b])].push_back(b);
    }
  }
}

void Planner::PlanClient(std::uint32_t ci) {
  const ClientLocation& client = s_.clients[ci];
  OrderRegions(client);
  AllowRegions();
  BuildTiers(client);
  ClientPlan& plan = d_.clients[ci];
  plan.name = client.name;
  plan.offered = client.offered;
  touched_.clear();
  const Milli load = FillTiers(client.offered);
  if (load > 0) OverloadOrDrop(load, plan);
  Record(ci, plan);
}

// OrderRegions: regions by the round-trip time to their closest zone, ties by name.
void Planner::OrderRegions(const ClientLocation& client) {
  for (std::size_t r = 0; r < regions_; ++r) {
    std::int64_t best = INT64_MAX;
    for (std::size_t z = 0; z < s_.zones.size(); ++z) {
      if (s_.zone_region[z] == r) best = std::min(best, client.rtt_micros[z]);
    }
    region_rtt_[r] = best;
  }
  std::iota(region_order_.begin(), region_order_.end(), 0U);
  std::sort(region_order_.begin(), region_order_.end(), [&](std::uint32_t a, std::uint32_t b) {
    return region_rtt_[a] != region_rtt_[b] ? region_rtt_[a] < region_rtt_[b]
                                            : c_.region_name_rank[a] < c_.region_name_rank[b];
  });
}

// AllowRegions: STRICT keeps the closest region; NEAREST the closest that can
// serve, else the closest with capacity (GAP-32); without isolation, all.
void Planner::AllowRegions() {
  allowed_.clear();
  if (strict_) {
    allowed_.push_back(region_order_.front());
  } else if (p_.isolation_enforced) {
    for (int pass = 0; pass < 2 && allowed_.empty(); ++pass) {
      for (std::uint32_t r : region_order_) {
        const bool ok = std::any_of(c_.by_region[r].begin(), c_.by_region[r].end(), [&](std::uint32_t b) {
          return pass == 0 ? serving_[b] != 0 : d_.backends[b].effective_capacity > 0;
        });
        if (ok) {
          allowed_.push_back(r);
          break;
        }
      }
    }
  } else {
    allowed_ = region_order_;
  }
  std::fill(region_allowed_.begin(), region_allowed_.end(), 0);
  for (std::uint32_t r : allowed_) region_allowed_[r] = 1;
}

// BuildTiers: preferred backends by round-trip time, then the algorithm's
// tiers, then the backends below the failover threshold. Tiers are spans over
// the lists built once per plan; only the preferred backends are ordered per
// client location.
void Planner::BuildTiers(const ClientLocation& client) {
  tiers_.clear();
  pref_sorted_.clear();
  preferred_.clear();
  for (std::uint32_t b : preferred_usable_) {
    if (!region_allowed_[c_.region_of[b]]) continue;
    const std::int32_t z = c_.zone_of[b];
    preferred_.push_back({z >= 0 ? client.rtt_micros[static_cast<std::size_t>(z)] : 0, b});
  }
  std::sort(preferred_.begin(), preferred_.end());
  for (const auto& entry : preferred_) pref_sorted_.push_back(entry.second);
  for (std::size_t k = 0; k < preferred_.size(); ++k) {
    if (k == 0 || preferred_[k].first != preferred_[k - 1].first) tiers_.push_back({pref_sorted_.data() + k, 0});
    ++tiers_.back().second;
  }
  BuildDefaultTiers(client);
  for (std::uint32_t r : allowed_) tiers_.push_back({below_in_region_[r].data(), below_in_region_[r].size()});
}

void Planner::BuildDefaultTiers(const ClientLocation& client) {
  if (p_.algorithm == Algorithm::kWaterfallByZone) {
    for (std::uint32_t r : allowed_) {
      zones_.clear();
      for (std::uint32_t z : zones_of_region_[r]) zones_.push_back(z);
      std::sort(zones_.begin(), zones_.end(), [&](std::uint32_t a, std::uint32_t b) {
        return client.rtt_micros[a] != client.rtt_micros[b] ? client.rtt_micros[a] < client.rtt_micros[b]
                                                            : s_.zones[a] < s_.zones[b];
      });
      for (std::uint32_t z : zones_) tiers_.push_back({default_in_zone_[z].data(), default_in_zone_[z].size()});
    }
  } else if (p_.algorithm == Algorithm::kSprayToWorld) {
    world_.clear();
    for (std::uint32_t r : allowed_)
      world_.insert(world_.end(), default_in_region_[r].begin(), default_in_region_[r].end());
    std::sort(world_.begin(), world_.end());
    tiers_.push_back({world_.data(), world_.size()});
  } else {
    for (std::uint32_t r : allowed_) tiers_.push_back({default_in_region_[r].data(), default_in_region_[r].size()});
  }
}

// FillTiers fills the tiers in order, each in proportion to the capacity its
// backends have left, and returns the load that found no room.
Milli Planner::FillTiers(Milli load) {
  for (std::size_t t = 0; t < tiers_.size() && load > 0; ++t) {
    const std::uint32_t* members = tiers_[t].first;
    const std::size_t count = tiers_[t].second;
    weights_.resize(count);
    shares_.resize(count);
    Milli capacity = 0;
    for (std::size_t k = 0; k < count; ++k) capacity += (weights_[k] = remaining_[members[k]]);
    if (capacity == 0) continue;
    const Milli take = std::min(load, capacity);
    Split(take, weights_.data(), count, shares_.data(), scratch_);
    for (std::size_t k = 0; k < count; ++k) {
      if (shares_[k] == 0) continue;
      Give(members[k], shares_[k]);
      remaining_[members[k]] -= shares_[k];
    }
    load -= take;
  }
  return load;
}

// OverloadOrDrop (GAP-34): load beyond every capacity overloads the nearest
// region's tier backends that can serve, in proportion to capacity; with
// none, it is dropped.
void Planner::OverloadOrDrop(Milli load, ClientPlan& plan) {
  FindOverloadTargets();
  if (targets_.empty()) {
    plan.dropped = load;
    return;
  }
  weights_.resize(targets_.size());
  shares_.resize(targets_.size());
  for (std::size_t k = 0; k < targets_.size(); ++k) weights_[k] = d_.backends[targets_[k]].effective_capacity;
  Split(load, weights_.data(), targets_.size(), shares_.data(), scratch_);
  for (std::size_t k = 0; k < targets_.size(); ++k) {
    if (shares_[k] != 0) Give(targets_[k], shares_[k]);
  }
}

// FindOverloadTargets: the backends of this client location's tiers in the
// nearest region that has one serving, else in the nearest with any.
void Planner::FindOverloadTargets() {
  for (const auto& [members, count] : tiers_) {
    for (std::size_t k = 0; k < count; ++k) reachable_[members[k]] = 1;
  }
  targets_.clear();
  for (int pass = 0; pass < 2 && targets_.empty(); ++pass) {
    for (std::uint32_t r : region_order_) {
      for (std::uint32_t b : c_.by_region[r]) {
        if (reachable_[b] && (pass == 1 || serving_[b])) targets_.push_back(b);
      }
      if (!targets_.empty()) break;
    }
  }
  for (const auto& [members, count] : tiers_) {
    for (std::size_t k = 0; k < count; ++k) reachable_[members[k]] = 0;
  }
}

void Planner::Give(std::uint32_t b, Milli share) {
  if (given_[b] == 0) touched_.push_back(b);
  given_[b] += share;
}

// Record writes the client location's assignments (by backend index) and the
// regions it is served from, nearest first.
void Planner::Record(std::uint32_t client, ClientPlan& plan) {
  std::fill(served_.begin(), served_.end(), 0);
  std::sort(touched_.begin(), touched_.end());
  for (std::uint32_t b : touched_) {
    served_[c_.region_of[b]] = 1;
    plan.assignments.push_back({b, given_[b]});
    d_.backends[b].assigned += given_[b];
    given_[b] = 0;
  }
  for (std::uint32_t r : region_order_) {
    if (served_[r]) plan.regions_served.push_back(s_.regions[r].name);
  }
  // The zones whose backends got load, by round-trip time, ties by name.
  zones_.clear();
  for (const Assignment& a : plan.assignments) {
    const std::int32_t z = c_.zone_of[a.backend];
    if (z >= 0 && std::find(zones_.begin(), zones_.end(), static_cast<std::uint32_t>(z)) == zones_.end())
      zones_.push_back(static_cast<std::uint32_t>(z));
  }
  const std::vector<std::int64_t>& rtt = s_.clients[client].rtt_micros;
  std::sort(zones_.begin(), zones_.end(), [&](std::uint32_t a, std::uint32_t b) {
    return rtt[a] != rtt[b] ? rtt[a] < rtt[b] : s_.zones[a] < s_.zones[b];
  });
  for (std::uint32_t z : zones_) plan.zones_served.push_back(s_.zones[z]);
}

}  // namespace

SlbDecision OptimizedEngine::Plan(const SlbScenario& s) const {
  std::vector<Error> errors = Validate(s);
  if (!errors.empty()) return InvalidSlbDecision(std::move(errors));
  SlbDecision d;
  d.policy = Resolve(s.policy);
  Planner planner(s, d);
  for (std::uint32_t ci : ClientsInServingOrder(s)) planner.PlanClient(ci);
  return d;
}

}  // namespace lbconform::optimized
