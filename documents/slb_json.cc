#include "documents/slb_json.h"

#include <map>

#include "documents/json_reader.h"

namespace lbconform {

using nlohmann::json;

namespace {

using namespace json_reader;  // NOLINT: the reader is this file's own vocabulary

constexpr std::array kLoadBalancers = {
    LoadBalancerType::kGlobalExternalApplication,    LoadBalancerType::kCrossRegionInternalApplication,
    LoadBalancerType::kGlobalExternalProxyNetwork,   LoadBalancerType::kCrossRegionInternalProxyNetwork,
    LoadBalancerType::kClassicApplication,           LoadBalancerType::kRegionalExternalApplication,
    LoadBalancerType::kRegionalInternalApplication,  LoadBalancerType::kClassicProxyNetwork,
    LoadBalancerType::kRegionalExternalProxyNetwork, LoadBalancerType::kRegionalInternalProxyNetwork,
    LoadBalancerType::kExternalPassthroughNetwork,   LoadBalancerType::kInternalPassthroughNetwork};
constexpr std::array kBackendKinds = {BackendKind::kZonalInstanceGroup,  BackendKind::kRegionalManagedInstanceGroup,
                                      BackendKind::kZonalNegGceVmIpPort, BackendKind::kZonalNegGceVmIp,
                                      BackendKind::kHybridNeg,           BackendKind::kServerlessNeg,
                                      BackendKind::kInternetNeg,         BackendKind::kPrivateServiceConnectNeg};
constexpr std::array kModes = {BalancingMode::kRate, BalancingMode::kUtilization, BalancingMode::kConnection,
                               BalancingMode::kCustomMetrics};
constexpr std::array kAlgorithms = {Algorithm::kWaterfallByRegion, Algorithm::kSprayToRegion,
                                    Algorithm::kWaterfallByZone, Algorithm::kSprayToWorld};
constexpr std::array kGranularities = {IsolationGranularity::kUnspecified, IsolationGranularity::kRegion};
constexpr std::array kIsolationModes = {IsolationMode::kUnspecified, IsolationMode::kNearest, IsolationMode::kStrict};
constexpr std::array kDrainOverHalf = {DrainOverHalf::kDrainNone, DrainOverHalf::kDrainUpToHalf};
constexpr std::array kClientOrders = {ClientOrder::kLargestFirst, ClientOrder::kNameOrder};
constexpr std::uint32_t kMaxMembers = 1'000'000;
// Every amount, and every backend's whole capacity (a per-member amount times
// its most members), is at most 10^12 units (10^15 milli-units), so the sums
// over 1,000 backends or clients stay below 10^18 < 2^62: no plan's arithmetic
// can overflow int64.
constexpr Milli kMaxAmountMilli = 1'000'000'000'000'000;

// Amount reads a non-negative decimal with at most three fractional digits as
// milli-units (a load, a capacity, a round-trip time in ms as microseconds).
Milli Amount(Object& object, std::string_view key) {
  const std::string path = object.PathOf(key);
  const Decimal value = object.Ratio(key);
  const std::optional<Milli> milli = MilliFromDecimal(value);
  if (value.negative() || !milli || *milli > kMaxAmountMilli) {
    Fail(ErrorCode::VALUE_OUT_OF_RANGE, path,
         fmt::format("{} is not a non-negative number of at most 10^12 with at most 3 decimals", value.ToString()));
  }
  return *milli;
}

std::uint32_t Count(const json& value, const std::string& path) {
  if (!value.is_number_integer() && !value.is_number_unsigned()) {
    Fail(ErrorCode::WRONG_TYPE, path, fmt::format("expected a whole number, got {}", value.dump()));
  }
  if (value.is_number_unsigned() ? value.get<std::uint64_t>() > kMaxMembers
                                 : (value.get<std::int64_t>() < 0 || value.get<std::int64_t>() > kMaxMembers)) {
    Fail(ErrorCode::VALUE_OUT_OF_RANGE, path, fmt::format("{} is outside [0, {}]", value.dump(), kMaxMembers));
  }
  return static_cast<std::uint32_t>(value.get<std::int64_t>());
}

const json& Array(Object& object, std::string_view key, std::size_t limit) {
  const json& value = RequireArray(object.Require(key), object.PathOf(key));
  if (value.size() > limit) {
    Fail(ErrorCode::TOO_MANY_OBJECTS, object.PathOf(key), fmt::format("{} entries; at most {}", value.size(), limit));
  }
  return value;
}

void ReadTopology(Object& root, SlbScenario& s) {
  Object topology(root.Require("topology"), "/topology", /*strict=*/true);
  const json& regions = Array(topology, "regions", kMaxRegions);
  std::set<std::string, std::less<>> names;
  for (std::size_t i = 0; i < regions.size(); ++i) {
    Object r(regions[i], fmt::format("/topology/regions/{}", i), true);
    SlbRegion region;
    region.name = LastSegment(r.RequireString("name"), r.PathOf("name"));
    if (!names.insert(region.name).second) Fail(ErrorCode::DUPLICATE_NAME, r.PathOf("name"), "region named twice");
    const json& zones = RequireArray(r.Require("zones"), r.PathOf("zones"));
    if (zones.empty()) Fail(ErrorCode::MISSING_FIELD, r.PathOf("zones"), "a region needs at least one zone");
    for (std::size_t z = 0; z < zones.size(); ++z) {
      const std::string path = fmt::format("{}/{}", r.PathOf("zones"), z);
      if (!zones[z].is_string()) Fail(ErrorCode::WRONG_TYPE, path, "zone names are strings");
      const std::string zone = LastSegment(zones[z].get<std::string>(), path);
      if (!names.insert(zone).second) Fail(ErrorCode::DUPLICATE_NAME, path, "zone named twice");
      region.zones.push_back(zone);
      s.zones.push_back(zone);
      s.zone_region.push_back(s.regions.size());
      if (s.zones.size() > 1000) Fail(ErrorCode::TOO_MANY_OBJECTS, path, "more than 1000 zones");
    }
    r.Finish();
    s.regions.push_back(std::move(region));
  }
  topology.Finish();
}

std::optional<std::size_t> ZoneIndexOf(const SlbScenario& s, const std::string& zone) {
  for (std::size_t z = 0; z < s.zones.size(); ++z) {
    if (s.zones[z] == zone) return z;
  }
  return std::nullopt;
}

void ReadBackendService(Object& root, SlbScenario& s) {
  Object service(root.Require("backendService"), "/backendService", /*strict=*/false);
  s.name = service.String("name").value_or("");
  s.scheme = service.String("loadBalancingScheme").value_or("");
  if (const json* refs = service.Find("serviceLbPolicy")) {
    // GAP-58: a policy reference is a name like any other; its last segment is not empty.
    if (refs->is_string()) {
      LastSegment(refs->get<std::string>(), service.PathOf("serviceLbPolicy"));
      s.policy_refs.push_back(refs->get<std::string>());
    } else {
      RequireArray(*refs, service.PathOf("serviceLbPolicy"));
      for (const json& ref : *refs) {
        if (!ref.is_string()) Fail(ErrorCode::WRONG_TYPE, service.PathOf("serviceLbPolicy"), "policy URLs are strings");
        LastSegment(ref.get<std::string>(), service.PathOf("serviceLbPolicy"));
        s.policy_refs.push_back(ref.get<std::string>());
      }
    }
  }
  const json& backends = Array(service, "backends", kMaxBackends);
  for (std::size_t i = 0; i < backends.size(); ++i) {
    Object b(backends[i], fmt::format("/backendService/backends/{}", i), /*strict=*/false);
    SlbBackend backend;
    backend.group = b.RequireString("group");
    backend.name = LastSegment(backend.group, b.PathOf("group"));
    for (const SlbBackend& other : s.backends) {
      if (other.name == backend.name)
        Fail(ErrorCode::DUPLICATE_BACKEND_GROUP, b.PathOf("group"), "a group named twice");
    }
    backend.zone = ZoneInUrl(backend.group);
    // The API's default balancing mode is UTILIZATION.
    backend.mode = ParseEnum(b.String("balancingMode").value_or("UTILIZATION"), kModes, b.PathOf("balancingMode"));
    if (b.Find("capacityScaler") != nullptr) backend.capacity_scaler = b.Ratio("capacityScaler");
    if (auto preference = b.String("preference")) {
      if (*preference == "PREFERRED") {
        backend.preference = Preference::kPreferred;
      } else if (*preference != "DEFAULT" && *preference != "PREFERENCE_UNSPECIFIED") {
        Fail(ErrorCode::UNKNOWN_ENUM_VALUE, b.PathOf("preference"),
             fmt::format("'{}' is not one of DEFAULT, PREFERRED, PREFERENCE_UNSPECIFIED", *preference));
      }
    }
    auto take = [&](CapacityField field) {
      if (b.Find(NameOf(field)) == nullptr) return false;
      backend.capacity_field = field;
      if (field == CapacityField::kMaxUtilization) {
        backend.max_utilization = b.Ratio(NameOf(field));
      } else {
        backend.capacity_value = Amount(b, NameOf(field));
      }
      return true;
    };
    switch (backend.mode) {
      case BalancingMode::kRate:
        take(CapacityField::kMaxRate) || take(CapacityField::kMaxRatePerInstance) ||
            take(CapacityField::kMaxRatePerEndpoint);
        break;
      case BalancingMode::kConnection:
        take(CapacityField::kMaxConnections) || take(CapacityField::kMaxConnectionsPerInstance) ||
            take(CapacityField::kMaxConnectionsPerEndpoint);
        break;
      case BalancingMode::kUtilization:
        // GAP-53: the spec texts state no default target utilization; the
        // planner refuses the backend rather than guess one.
        if (!take(CapacityField::kMaxUtilization)) {
          backend.capacity_field = CapacityField::kMaxUtilization;
          backend.max_utilization_given = false;
        }
        break;
      case BalancingMode::kCustomMetrics:
        break;
    }
    s.backends.push_back(std::move(backend));
  }
}

// CheckWholeCapacity refuses a backend whose per-member capacity times its
// members (at most, over its health reports) exceeds kMaxAmountMilli.
void CheckWholeCapacity(const SlbBackend& b, Object& group) {
  std::uint32_t most_members = b.members;
  for (const HealthSample& sample : b.health) most_members = std::max(most_members, sample.members);
  Milli per_member = 0;
  std::string field;
  switch (b.capacity_field.value_or(CapacityField::kMaxRate)) {
    case CapacityField::kMaxRate:
    case CapacityField::kMaxConnections:
      return;
    case CapacityField::kMaxUtilization:
      per_member = b.load_per_member;
      field = "loadPerMemberAtFullUtilization";
      break;
    default:
      per_member = b.capacity_value;
      field = std::string(NameOf(*b.capacity_field));
  }
  // Both factors are far below 2^31 × 2^50, so the check itself cannot overflow.
  if (per_member > 0 && most_members > kMaxAmountMilli / per_member) {
    Fail(ErrorCode::VALUE_OUT_OF_RANGE, group.PathOf("members"),
         fmt::format("{} members × {} {} is a capacity above 10^12", most_members, MilliToString(per_member), field));
  }
}

void ReadBackendGroups(Object& root, SlbScenario& s) {
  const json& groups = Array(root, "backendGroups", kMaxBackends);
  std::vector<bool> seen(s.backends.size(), false);
  std::size_t samples = 0;
  for (std::size_t i = 0; i < groups.size(); ++i) {
    Object g(groups[i], fmt::format("/backendGroups/{}", i), /*strict=*/true);
    const std::string name = LastSegment(g.RequireString("group"), g.PathOf("group"));
    std::size_t index = s.backends.size();
    for (std::size_t k = 0; k < s.backends.size(); ++k) {
      if (s.backends[k].name == name) index = k;
    }
    if (index == s.backends.size()) {
      Fail(ErrorCode::UNKNOWN_GROUP_REFERENCE, g.PathOf("group"), fmt::format("'{}' is not a backend", name));
    }
    if (seen[index]) Fail(ErrorCode::DUPLICATE_NAME, g.PathOf("group"), fmt::format("'{}' described twice", name));
    seen[index] = true;
    SlbBackend& b = s.backends[index];
    b.kind = ParseEnum(g.RequireString("kind"), kBackendKinds, g.PathOf("kind"));
    if (auto zone = g.String("zone")) b.zone = LastSegment(*zone, g.PathOf("zone"));
    if (auto region = g.String("region")) b.region = LastSegment(*region, g.PathOf("region"));
    if (!b.zone.empty()) {
      const auto z = ZoneIndexOf(s, b.zone);
      if (!z)
        Fail(ErrorCode::ZONE_NOT_IN_TOPOLOGY, g.PathOf("zone"),
             fmt::format("zone '{}' is not in the topology", b.zone));
      const std::string& region = s.regions[s.zone_region[*z]].name;
      if (!b.region.empty() && b.region != region) {
        Fail(ErrorCode::ZONE_NOT_IN_TOPOLOGY, g.PathOf("region"), fmt::format("zone '{}' is in '{}'", b.zone, region));
      }
      b.region = region;
    } else if (b.region.empty()) {
      Fail(ErrorCode::MISSING_FIELD, g.PathOf("zone"), "a backend needs its zone (or, if regional, its region)");
    } else if (std::none_of(s.regions.begin(), s.regions.end(),
                            [&](const SlbRegion& r) { return r.name == b.region; })) {
      Fail(ErrorCode::ZONE_NOT_IN_TOPOLOGY, g.PathOf("region"),
           fmt::format("region '{}' is not in the topology", b.region));
    }
    b.members = Count(g.Require("members"), g.PathOf("members"));
    b.healthy = g.Find("healthy") != nullptr ? Count(*g.Find("healthy"), g.PathOf("healthy")) : b.members;
    if (b.healthy > b.members)
      Fail(ErrorCode::HEALTHY_COUNT_OUT_OF_RANGE, g.PathOf("healthy"), "more healthy than members");
    if (g.Find("loadPerMemberAtFullUtilization") != nullptr)
      b.load_per_member = Amount(g, "loadPerMemberAtFullUtilization");
    if (b.capacity_field == CapacityField::kMaxUtilization && g.Find("loadPerMemberAtFullUtilization") == nullptr) {
      Fail(ErrorCode::MISSING_FIELD, g.PathOf("loadPerMemberAtFullUtilization"),
           "UTILIZATION mode needs the load one member serves at 100% utilization");
    }
    if (const json* health = g.Find("health")) {
      RequireArray(*health, g.PathOf("health"));
      std::uint32_t members = b.members;
      std::int64_t previous = 0;
      for (std::size_t k = 0; k < health->size(); ++k) {
        if (++samples > kMaxHealthSamples)
          Fail(ErrorCode::TOO_MANY_OBJECTS, g.PathOf("health"), "too many health reports");
        Object h((*health)[k], fmt::format("{}/{}", g.PathOf("health"), k), true);
        HealthSample sample;
        sample.at = Seconds(h.Require("at"), h.PathOf("at"));
        if (sample.at < previous)
          Fail(ErrorCode::EVENTS_OUT_OF_ORDER, h.PathOf("at"), "health reports go back in time");
        previous = sample.at;
        if (h.Find("members") != nullptr) members = Count(*h.Find("members"), h.PathOf("members"));
        sample.members = members;
        sample.healthy = Count(h.Require("healthy"), h.PathOf("healthy"));
        if (sample.healthy > sample.members) {
          Fail(ErrorCode::HEALTHY_COUNT_OUT_OF_RANGE, h.PathOf("healthy"), "more healthy than members");
        }
        h.Finish();
        b.health.push_back(sample);
      }
    }
    CheckWholeCapacity(b, g);
    g.Finish();
  }
  for (std::size_t k = 0; k < s.backends.size(); ++k) {
    if (!seen[k]) {
      Fail(ErrorCode::MISSING_FIELD, "/backendGroups",
           fmt::format("backend '{}' needs a backendGroups entry (kind, zone, members)", s.backends[k].name));
    }
  }
}

// ProtoKey is the key a field of a proto3 message has in `object`: its JSON
// name or its proto field name, which proto3 JSON parsers accept alike
// (load_balancing_algorithm for loadBalancingAlgorithm). Both at once would
// give the field twice: DUPLICATE_KEY.
std::string_view ProtoKey(Object& object, std::string_view json_name, std::string_view proto_name) {
  const bool camel = object.Find(json_name) != nullptr;
  if (camel && object.Find(proto_name) != nullptr) {
    Fail(ErrorCode::DUPLICATE_KEY, object.PathOf(proto_name),
         fmt::format("'{}' and '{}' are one field, given twice", json_name, proto_name));
  }
  return camel ? json_name : proto_name;
}

void ReadPolicy(Object& root, SlbScenario& s) {
  const json* value = root.Find("serviceLbPolicy");
  if (value == nullptr) return;  // named but not given: the planner's error (GAP-57)
  Object p(*value, "/serviceLbPolicy", /*strict=*/false);
  SlbPolicy& policy = s.policy;
  policy.name = LastSegment(p.String("name").value_or("policy"), p.PathOf("name"));
  // A policy takes effect when the backend service names it.
  policy.present = std::any_of(s.policy_refs.begin(), s.policy_refs.end(),
                               [&](const std::string& ref) { return LastPathSegment(ref) == policy.name; });
  const std::string_view algorithm_key = ProtoKey(p, "loadBalancingAlgorithm", "load_balancing_algorithm");
  if (auto algorithm = p.String(algorithm_key)) {
    if (*algorithm != "LOAD_BALANCING_ALGORITHM_UNSPECIFIED") {
      policy.algorithm = ParseEnum(*algorithm, kAlgorithms, p.PathOf(algorithm_key));
    }
  }
  const std::string_view drain_key = ProtoKey(p, "autoCapacityDrain", "auto_capacity_drain");
  if (const json* drain = p.Find(drain_key)) {
    Object d(*drain, p.PathOf(drain_key), false);
    policy.auto_capacity_drain = d.Bool("enable", false);
  }
  const std::string_view failover_key = ProtoKey(p, "failoverConfig", "failover_config");
  if (const json* failover = p.Find(failover_key)) {
    Object f(*failover, p.PathOf(failover_key), false);
    const std::string_view threshold_key = ProtoKey(f, "failoverHealthThreshold", "failover_health_threshold");
    if (const json* threshold = f.Find(threshold_key)) {
      if (!threshold->is_number_integer()) {
        Fail(ErrorCode::WRONG_TYPE, f.PathOf(threshold_key), "expected a whole percentage");
      }
      policy.failover_health_threshold = threshold->is_number_unsigned() && threshold->get<std::uint64_t>() > 1'000'000
                                             ? 1'000'000
                                             : threshold->get<std::int64_t>();
    }
  }
  const std::string_view isolation_key = ProtoKey(p, "isolationConfig", "isolation_config");
  if (const json* isolation = p.Find(isolation_key)) {
    Object i(*isolation, p.PathOf(isolation_key), false);
    const std::string_view granularity_key = ProtoKey(i, "isolationGranularity", "isolation_granularity");
    if (auto g = i.String(granularity_key)) {
      policy.isolation_granularity = ParseEnum(*g, kGranularities, i.PathOf(granularity_key));
    }
    const std::string_view mode_key = ProtoKey(i, "isolationMode", "isolation_mode");
    if (auto m = i.String(mode_key)) policy.isolation_mode = ParseEnum(*m, kIsolationModes, i.PathOf(mode_key));
  }
}

void ReadClients(Object& root, SlbScenario& s) {
  const json& clients = Array(root, "clients", kMaxClientLocations);
  std::set<std::string, std::less<>> names;
  for (std::size_t i = 0; i < clients.size(); ++i) {
    Object c(clients[i], fmt::format("/clients/{}", i), /*strict=*/true);
    ClientLocation client;
    client.name = c.RequireString("name");
    if (client.name.empty()) Fail(ErrorCode::INVALID_NAME, c.PathOf("name"), "a client location needs a name");
    if (!names.insert(client.name).second)
      Fail(ErrorCode::DUPLICATE_NAME, c.PathOf("name"), "client location named twice");
    c.Require("requestsPerSecond");
    client.offered = Amount(c, "requestsPerSecond");
    Object rtt(c.Require("rttMs"), c.PathOf("rttMs"), /*strict=*/true);
    client.rtt_micros.assign(s.zones.size(), 0);
    for (std::size_t z = 0; z < s.zones.size(); ++z) {
      if (rtt.Find(s.zones[z]) == nullptr) {
        Fail(ErrorCode::MISSING_RTT, rtt.PathOf(s.zones[z]),
             fmt::format("no round-trip time to zone '{}'", s.zones[z]));
      }
      client.rtt_micros[z] = Amount(rtt, s.zones[z]);
    }
    rtt.Finish();
    c.Finish();
    s.clients.push_back(std::move(client));
  }
}

void ReadReadings(Object& root, SlbScenario& s) {
  const json* value = root.Find("readings");
  if (value == nullptr) return;
  Object r(*value, "/readings", /*strict=*/true);
  if (auto v = r.String("drainOverHalf"))
    s.readings.drain_over_half = ParseEnum(*v, kDrainOverHalf, r.PathOf("drainOverHalf"));
  if (auto v = r.String("clientOrder")) s.readings.client_order = ParseEnum(*v, kClientOrders, r.PathOf("clientOrder"));
  r.Finish();
}

SlbScenario ReadSlb(const json& document) {
  Object root(document, "", /*strict=*/true);
  const std::string kind = root.RequireString("kind");
  if (kind != NameOf(ScenarioKind::kServiceLbPolicy)) {
    Fail(ErrorCode::UNKNOWN_KIND, "/kind", fmt::format("expected kind 'service-lb-policy', got '{}'", kind));
  }
  root.String("description");
  SlbScenario s;
  s.load_balancer = ParseEnum(root.RequireString("loadBalancer"), kLoadBalancers, "/loadBalancer");
  ReadTopology(root, s);
  ReadBackendService(root, s);
  ReadBackendGroups(root, s);
  ReadPolicy(root, s);
  ReadClients(root, s);
  ReadReadings(root, s);
  // The plan's time: given, or the latest health report.
  if (const json* at = root.Find("at")) {
    s.at = Seconds(*at, "/at");
  } else {
    for (const SlbBackend& b : s.backends) {
      for (const HealthSample& h : b.health) s.at = std::max(s.at, h.at);
    }
  }
  root.Finish();
  return s;
}

json Amount(Milli value) { return MilliToString(value); }

std::optional<Milli> AmountFrom(const json& value) {
  if (!value.is_string()) return std::nullopt;
  const auto d = Decimal::FromString(value.get<std::string>());
  return d ? MilliFromDecimal(*d) : std::nullopt;
}

}  // namespace

DecodedSlb DecodeSlbDocument(const json& document) {
  DecodedSlb result;
  result.scenario = Catching([&] { return ReadSlb(document); }, result.errors);
  return result;
}

json EncodeSlbScenario(const SlbScenario& s) {
  json backends = json::array();
  json groups = json::array();
  for (const SlbBackend& b : s.backends) {
    json backend = {{"group", b.group},
                    {"balancingMode", NameOf(b.mode)},
                    {"capacityScaler", b.capacity_scaler.ToDouble()},
                    {"preference", NameOf(b.preference)}};
    if (b.capacity_field == CapacityField::kMaxUtilization) {
      if (b.max_utilization_given) backend["maxUtilization"] = b.max_utilization.ToDouble();
    } else if (b.capacity_field) {
      backend[std::string(NameOf(*b.capacity_field))] = std::stod(MilliToString(b.capacity_value));
    }
    backends.push_back(std::move(backend));
    json group = {{"group", b.name}, {"kind", NameOf(b.kind)}, {"members", b.members}, {"healthy", b.healthy}};
    if (!b.zone.empty()) group["zone"] = b.zone;
    if (b.zone.empty()) group["region"] = b.region;
    if (b.load_per_member > 0 || b.capacity_field == CapacityField::kMaxUtilization) {
      group["loadPerMemberAtFullUtilization"] = std::stod(MilliToString(b.load_per_member));
    }
    if (!b.health.empty()) {
      json health = json::array();
      for (const HealthSample& h : b.health)
        health.push_back({{"at", h.at}, {"members", h.members}, {"healthy", h.healthy}});
      group["health"] = std::move(health);
    }
    groups.push_back(std::move(group));
  }
  json service = {{"name", s.name}, {"backends", backends}};
  if (!s.scheme.empty()) service["loadBalancingScheme"] = s.scheme;
  if (s.policy_refs.size() == 1) service["serviceLbPolicy"] = s.policy_refs.front();
  if (s.policy_refs.size() > 1) service["serviceLbPolicy"] = s.policy_refs;
  json regions = json::array();
  for (const SlbRegion& r : s.regions) regions.push_back({{"name", r.name}, {"zones", r.zones}});
  json clients = json::array();
  for (const ClientLocation& c : s.clients) {
    json rtt = json::object();
    for (std::size_t z = 0; z < s.zones.size(); ++z) rtt[s.zones[z]] = std::stod(MilliToString(c.rtt_micros[z]));
    clients.push_back({{"name", c.name}, {"requestsPerSecond", std::stod(MilliToString(c.offered))}, {"rttMs", rtt}});
  }
  json doc = {{"kind", NameOf(ScenarioKind::kServiceLbPolicy)},
              {"loadBalancer", NameOf(s.load_balancer)},
              {"backendService", service},
              {"backendGroups", groups},
              {"topology", {{"regions", regions}}},
              {"clients", clients},
              {"at", s.at}};
  // The policy resource, whenever one was given (attached or not: an
  // unattached policy is still validated).
  if (s.policy.present || !s.policy.name.empty()) {
    json policy = {{"name", s.policy.name.empty() ? "policy" : s.policy.name}};
    if (s.policy.algorithm) policy["loadBalancingAlgorithm"] = NameOf(*s.policy.algorithm);
    policy["autoCapacityDrain"] = {{"enable", s.policy.auto_capacity_drain}};
    if (s.policy.failover_health_threshold) {
      policy["failoverConfig"] = {{"failoverHealthThreshold", *s.policy.failover_health_threshold}};
    }
    policy["isolationConfig"] = {{"isolationGranularity", NameOf(s.policy.isolation_granularity)},
                                 {"isolationMode", NameOf(s.policy.isolation_mode)}};
    doc["serviceLbPolicy"] = std::move(policy);
  }
  if (s.readings.drain_over_half != DrainOverHalf::kDrainNone ||
      s.readings.client_order != ClientOrder::kLargestFirst) {
    doc["readings"] = {{"drainOverHalf", NameOf(s.readings.drain_over_half)},
                       {"clientOrder", NameOf(s.readings.client_order)}};
  }
  return doc;
}

json EncodeSlbDecision(const SlbDecision& d, EncodeOptions options, const SlbScenario* s) {
  if (!d.valid()) return EncodeDecision(InvalidDecision(d.errors));
  json policy = {{"loadBalancingAlgorithm", NameOf(d.policy.algorithm)},
                 {"failoverHealthThreshold", d.policy.failover_health_threshold},
                 {"autoCapacityDrain", d.policy.auto_capacity_drain},
                 {"isolationEnforced", d.policy.isolation_enforced}};
  if (d.policy.isolation_enforced) policy["isolationMode"] = NameOf(d.policy.isolation_mode);
  json backends = json::array();
  for (std::size_t i = 0; i < d.backends.size(); ++i) {
    const BackendState& b = d.backends[i];
    json out = {{"name", b.name},
                {"members", b.members},
                {"healthy", b.healthy},
                {"drainCandidate", b.drain_candidate},
                {"drained", b.drained},
                {"belowFailoverThreshold", b.below_failover_threshold},
                {"capacity", Amount(b.capacity)},
                {"effectiveCapacity", Amount(b.effective_capacity)},
                {"assigned", Amount(b.assigned)}};
    if (b.drained_since) out["drainedSince"] = *b.drained_since;
    if (s != nullptr && i < s->backends.size()) {
      out["region"] = s->backends[i].region;
      if (!s->backends[i].zone.empty()) out["zone"] = s->backends[i].zone;
      out["preference"] = NameOf(s->backends[i].preference);
    }
    backends.push_back(std::move(out));
  }
  json clients = json::array();
  for (const ClientPlan& c : d.clients) {
    json assignments = json::array();
    for (const Assignment& a : c.assignments) {
      assignments.push_back({{"backend", d.backends[a.backend].name}, {"load", Amount(a.load)}});
    }
    clients.push_back({{"name", c.name},
                       {"offered", Amount(c.offered)},
                       {"regionsServed", c.regions_served},
                       {"zonesServed", c.zones_served},
                       {"dropped", Amount(c.dropped)},
                       {"assignments", std::move(assignments)}});
  }
  json out = {
      {"valid", true},
      {"errors", json::array()},
      {"policy", std::move(policy)},
      {"backends", std::move(backends)},
      {"clients", std::move(clients)},
      {"totals",
       {{"offered", Amount(d.offered())}, {"assigned", Amount(d.assigned())}, {"dropped", Amount(d.dropped())}}}};
  if (s != nullptr) {
    json regions = json::array();
    for (const SlbRegion& r : s->regions) {
      Milli capacity = 0, assigned = 0;
      json zones = json::array();
      for (const std::string& z : r.zones) {
        Milli zc = 0, za = 0;
        for (std::size_t i = 0; i < s->backends.size() && i < d.backends.size(); ++i) {
          if (s->backends[i].zone != z) continue;
          zc += d.backends[i].effective_capacity;
          za += d.backends[i].assigned;
        }
        zones.push_back({{"name", z}, {"effectiveCapacity", Amount(zc)}, {"assigned", Amount(za)}});
      }
      for (std::size_t i = 0; i < s->backends.size() && i < d.backends.size(); ++i) {
        if (s->backends[i].region != r.name) continue;
        capacity += d.backends[i].effective_capacity;
        assigned += d.backends[i].assigned;
      }
      regions.push_back({{"name", r.name},
                         {"effectiveCapacity", Amount(capacity)},
                         {"assigned", Amount(assigned)},
                         {"zones", zones}});
    }
    out["regions"] = std::move(regions);
  }
  CollectTraceClauses(d.trace, options);
  if (options.trace) {
    json trace = json::array();
    for (const TraceStep& t : d.trace) trace.push_back({{"clause", IdOf(t.clause)}, {"text", t.text}});
    out["trace"] = std::move(trace);
  }
  return out;
}

std::optional<SlbDecision> DecodeSlbDecision(const json& document, std::string* problem) {
  return Catching(
      [&]() -> SlbDecision {
        Object root(document, "", /*strict=*/false);
        SlbDecision d;
        if (!root.Bool("valid", false)) {
          std::string why;
          auto invalid = DecodeDecision(document, &why);
          if (!invalid) Fail(ErrorCode::WRONG_TYPE, "", why);
          d.errors = invalid->errors;
          return d;
        }
        Object policy(root.Require("policy"), "/policy", false);
        d.policy.algorithm =
            ParseEnum(policy.RequireString("loadBalancingAlgorithm"), kAlgorithms, "/policy/loadBalancingAlgorithm");
        const json& threshold = policy.Require("failoverHealthThreshold");
        if (!threshold.is_number_integer())
          Fail(ErrorCode::WRONG_TYPE, "/policy/failoverHealthThreshold", "expected an integer");
        d.policy.failover_health_threshold = threshold.get<std::int64_t>();
        d.policy.auto_capacity_drain = policy.Bool("autoCapacityDrain", false);
        d.policy.isolation_enforced = policy.Bool("isolationEnforced", false);
        if (auto mode = policy.String("isolationMode"))
          d.policy.isolation_mode = ParseEnum(*mode, kIsolationModes, "/policy/isolationMode");
        const json& backends = RequireArray(root.Require("backends"), "/backends");
        for (std::size_t i = 0; i < backends.size(); ++i) {
          Object b(backends[i], fmt::format("/backends/{}", i), false);
          BackendState state;
          state.name = b.RequireString("name");
          state.drain_candidate = b.Bool("drainCandidate", false);
          state.drained = b.Bool("drained", false);
          state.below_failover_threshold = b.Bool("belowFailoverThreshold", false);
          const auto effective = AmountFrom(b.Require("effectiveCapacity"));
          if (!effective) Fail(ErrorCode::WRONG_TYPE, b.PathOf("effectiveCapacity"), "expected a decimal string");
          state.effective_capacity = *effective;
          if (const json* assigned = b.Find("assigned")) state.assigned = AmountFrom(*assigned).value_or(0);
          d.backends.push_back(std::move(state));
        }
        const json& clients = RequireArray(root.Require("clients"), "/clients");
        for (std::size_t i = 0; i < clients.size(); ++i) {
          Object c(clients[i], fmt::format("/clients/{}", i), false);
          ClientPlan plan;
          plan.name = c.RequireString("name");
          const json& served = RequireArray(c.Require("regionsServed"), c.PathOf("regionsServed"));
          for (const json& r : served) {
            if (!r.is_string()) Fail(ErrorCode::WRONG_TYPE, c.PathOf("regionsServed"), "region names are strings");
            plan.regions_served.push_back(r.get<std::string>());
          }
          const json& zones = RequireArray(c.Require("zonesServed"), c.PathOf("zonesServed"));
          for (const json& z : zones) {
            if (!z.is_string()) Fail(ErrorCode::WRONG_TYPE, c.PathOf("zonesServed"), "zone names are strings");
            plan.zones_served.push_back(z.get<std::string>());
          }
          const auto dropped = AmountFrom(c.Require("dropped"));
          if (!dropped) Fail(ErrorCode::WRONG_TYPE, c.PathOf("dropped"), "expected a decimal string");
          plan.dropped = *dropped;
          if (const json* offered = c.Find("offered")) plan.offered = AmountFrom(*offered).value_or(0);
          d.clients.push_back(std::move(plan));
        }
        return d;
      },
      problem);
}

}  // namespace lbconform
