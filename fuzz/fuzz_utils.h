// Turns fuzzer bytes into a bounded passthrough scenario (FuzzedDataProvider).
// Bounds, and why:
//   ≤ 4 groups, ≤ 4 VMs each, ≤ 4 zones: small services hit exact ratio
//     boundaries (k/n = ratio) and all-unhealthy states often; more VMs add
//     cost per input (allocations under ASan), not branches. Larger services
//     are the properties' (≤ 30 VMs) and the benchmarks' (≤ 512) business.
//   ratios from a grid of boundary values plus k/n for n ≤ 12, or raw
//     doubles 1 time in 8 (out-of-range values reach validation).
// Every clause is reachable: roles, health, drop, every spillover option,
// every client type and zone, every deployment fact, both profiles.
#ifndef LBCONFORM_FUZZ_FUZZ_UTILS_H_
#define LBCONFORM_FUZZ_FUZZ_UTILS_H_

#include <fuzzer/FuzzedDataProvider.h>

#include <string>

#include "model/model.h"
#include "model/slb_model.h"
#include "model/timeline_model.h"

namespace lbconform::fuzz {

inline Decimal ConsumeRatio(FuzzedDataProvider& data) {
  switch (data.ConsumeIntegralInRange<int>(0, 7)) {
    case 0: {
      auto d = Decimal::FromDouble(data.ConsumeFloatingPoint<double>());
      return d ? *d : Decimal();
    }
    case 1:
      return *Decimal::FromString(data.PickValueInArray({"0", "1", "0.5", "0.07", "0.8", "1e-300", "0.50000001"}));
    default: {
      const int denominator = data.ConsumeIntegralInRange<int>(1, 12);
      const int numerator = data.ConsumeIntegralInRange<int>(0, denominator);
      return *Decimal::FromDouble(static_cast<double>(numerator) / denominator);
    }
  }
}

inline PassthroughScenario ConsumeScenario(FuzzedDataProvider& data) {
  static constexpr const char* kZones[] = {"us-west1-a", "us-west1-b", "us-west1-c", "us-west1-d"};
  PassthroughScenario s;
  s.name = "be-fuzz";
  s.region = "us-west1";
  const int zones = data.ConsumeIntegralInRange<int>(1, 4);
  const int groups = data.ConsumeIntegralInRange<int>(0, 4);
  int serial = 0;
  for (int g = 0; g < groups; ++g) {
    BackendGroup group;
    group.zone = kZones[data.ConsumeIntegralInRange<int>(0, zones - 1)];
    group.name = "ig-" + std::to_string(g);
    group.group = "zones/" + group.zone + "/instanceGroups/" + group.name;
    group.failover = data.ConsumeBool();
    s.backends.push_back(group);
    const int vms = data.ConsumeIntegralInRange<int>(0, 4);
    for (int k = 0; k < vms; ++k) {
      s.instances.push_back({"vm-" + std::to_string(serial++), group.zone, static_cast<std::size_t>(g),
                             data.ConsumeBool() ? HealthState::kHealthy : HealthState::kUnhealthy});
    }
  }
  s.failover_policy.present = data.ConsumeBool();
  s.failover_policy.failover_ratio = ConsumeRatio(data);
  s.failover_policy.drop_traffic_if_unhealthy = data.ConsumeBool();
  s.zonal_affinity.spillover = static_cast<Spillover>(data.ConsumeIntegralInRange<int>(0, 2));
  s.zonal_affinity.spillover_ratio = data.ConsumeBool() ? Decimal() : ConsumeRatio(data);
  s.subsetting = data.ConsumeIntegralInRange<int>(0, 15) == 0 ? SubsettingPolicy::kConsistentHashSubsetting
                                                              : SubsettingPolicy::kNone;
  switch (data.ConsumeIntegralInRange<int>(0, 6)) {
    case 0:
      s.client = {ClientType::kVpnTunnel, "us-west1", ""};
      break;
    case 1:
      s.client = {ClientType::kInterconnectAttachment, "us-west1", ""};
      break;
    case 2:
      s.client = {ClientType::kPscEndpoint, "us-west1", ""};
      break;
    case 3:
      s.client = {ClientType::kVm, "us-east1", "us-east1-b"};
      break;
    default:
      s.client = {ClientType::kVm, "us-west1", kZones[data.ConsumeIntegralInRange<int>(0, 3)]};
      break;
  }
  s.deployment.network_security_integration = data.ConsumeIntegralInRange<int>(0, 15) == 0;
  s.deployment.packet_mirroring_collector = data.ConsumeIntegralInRange<int>(0, 15) == 0;
  if (data.ConsumeIntegralInRange<int>(0, 7) == 0) {
    s.deployment.symmetric_hashing = SymmetricHashing{data.ConsumeBool(), data.ConsumeBool()};
  }
  return s;
}

inline Profile ConsumeProfile(FuzzedDataProvider& data) {
  return data.ConsumeBool() ? Profile::kSpecDocs : Profile::kEn20260402;
}

inline Profile ConsumeTimelineProfile(FuzzedDataProvider& data) {
  return data.PickValueInArray({Profile::kSpecDocs, Profile::kEn20260402, Profile::kApi10Min});
}

// ConsumeTimeline: a ConsumeScenario service, a connection tracking policy and
// ≤ 24 events whose time steps straddle 300 s and 600 s drains.
inline TimelineScenario ConsumeTimeline(FuzzedDataProvider& data) {
  TimelineScenario t;
  t.initial = ConsumeScenario(data);
  t.tracking.session_affinity = static_cast<SessionAffinity>(data.ConsumeIntegralInRange<int>(0, 4));
  t.tracking.tracking_mode = static_cast<TrackingMode>(data.ConsumeIntegralInRange<int>(0, 1));
  t.tracking.persistence = static_cast<PersistenceOnUnhealthy>(data.ConsumeIntegralInRange<int>(0, 2));
  if (data.ConsumeIntegralInRange<int>(0, 15) == 0)
    t.tracking.idle_timeout_sec = data.ConsumeIntegralInRange<int>(590, 57'610);
  if (data.ConsumeIntegralInRange<int>(0, 7) == 0)
    t.draining_timeout_sec = data.PickValueInArray<std::int64_t>({0, 1, 45, 300});
  const std::size_t vms = t.initial.instances.size();
  const int events = data.ConsumeIntegralInRange<int>(0, 24);
  std::int64_t at = 0;
  for (int i = 0; i < events && data.remaining_bytes() > 0; ++i) {
    TimelineEvent e;
    at += data.PickValueInArray<std::int64_t>({0, 0, 1, 30, 299, 300, 301, 600});
    e.at = at;
    int kind = data.ConsumeIntegralInRange<int>(0, 9);
    if (t.connection_ids.empty() && kind == 6) kind = 3;
    if (vms == 0 && kind < 6) kind = 9;
    if (kind < 3) {
      e.type = EventType::kHealth;
      e.instance = data.ConsumeIntegralInRange<std::size_t>(0, vms - 1);
      e.health = data.ConsumeBool() ? HealthState::kHealthy : HealthState::kUnhealthy;
    } else if (kind < 6) {
      e.type = EventType::kConnect;
      e.instance = data.ConsumeIntegralInRange<std::size_t>(0, vms - 1);
      e.protocol = static_cast<ConnectionProtocol>(data.ConsumeIntegralInRange<int>(0, 2));
      e.connection = t.connection_ids.size();
      t.connection_ids.push_back("c" + std::to_string(e.connection));
    } else if (kind == 6) {
      e.type = EventType::kClose;
      e.connection = data.ConsumeIntegralInRange<std::size_t>(0, t.connection_ids.size() - 1);
    } else if (kind < 9) {
      e.type = EventType::kConfig;
      if (data.ConsumeBool()) e.failover_policy.failover_ratio = ConsumeRatio(data);
      if (data.ConsumeBool()) e.failover_policy.drop_traffic_if_unhealthy = data.ConsumeBool();
      if (data.ConsumeBool()) e.failover_policy.disable_connection_drain_on_failover = data.ConsumeBool();
    } else {
      e.type = EventType::kAdvance;
    }
    t.events.push_back(e);
  }
  return t;
}

// ConsumeSlbScenario: ≤ 3 regions of ≤ 3 zones, ≤ 8 backends, ≤ 3 client
// locations; small capacities and loads from a grid (exact fills and ties),
// round-trip times from a small set (ties), health reports straddling the
// 25% / 35% marks and the 60 s undrain rule; every algorithm, isolation
// setting and reading, and an invalid field now and then.
inline SlbScenario ConsumeSlbScenario(FuzzedDataProvider& data) {
  SlbScenario s;
  s.load_balancer = static_cast<LoadBalancerType>(data.ConsumeIntegralInRange<int>(0, 5) == 0
                                                      ? data.ConsumeIntegralInRange<int>(0, 11)
                                                      : data.ConsumeIntegralInRange<int>(0, 3));
  const bool internal = s.load_balancer == LoadBalancerType::kCrossRegionInternalApplication ||
                        s.load_balancer == LoadBalancerType::kCrossRegionInternalProxyNetwork;
  s.scheme = data.ConsumeBool() ? "" : (internal ? "INTERNAL_MANAGED" : "EXTERNAL_MANAGED");
  const int regions = data.ConsumeIntegralInRange<int>(1, 3);
  for (int r = 0; r < regions; ++r) {
    SlbRegion region{"r" + std::to_string(r), {}};
    const int zones = data.ConsumeIntegralInRange<int>(1, 3);
    for (int z = 0; z < zones; ++z) {
      region.zones.push_back(region.name + "-" + static_cast<char>('a' + z));
      s.zones.push_back(region.zones.back());
      s.zone_region.push_back(static_cast<std::size_t>(r));
    }
    s.regions.push_back(std::move(region));
  }
  const int backends = data.ConsumeIntegralInRange<int>(0, 8);
  for (int i = 0; i < backends; ++i) {
    SlbBackend b;
    b.name = "b" + std::to_string(i);
    const std::size_t z = data.ConsumeIntegralInRange<std::size_t>(0, s.zones.size() - 1);
    b.zone = s.zones[z];
    b.region = s.regions[s.zone_region[z]].name;
    b.group = "zones/" + b.zone + "/instanceGroups/" + b.name;
    b.kind = data.ConsumeIntegralInRange<int>(0, 15) == 0
                 ? static_cast<BackendKind>(data.ConsumeIntegralInRange<int>(0, 7))
                 : BackendKind::kZonalInstanceGroup;
    b.mode = static_cast<BalancingMode>(
        data.ConsumeIntegralInRange<int>(0, 15) == 0 ? 3 : data.ConsumeIntegralInRange<int>(0, 2));
    if (b.mode == BalancingMode::kUtilization) {
      b.capacity_field = CapacityField::kMaxUtilization;
      b.max_utilization = *Decimal::FromString(data.PickValueInArray({"0", "0.5", "0.8", "1", "1.5"}));
      b.load_per_member = data.PickValueInArray<Milli>({0, 10'000, 33'333});
    } else if (b.mode != BalancingMode::kCustomMetrics && data.ConsumeIntegralInRange<int>(0, 15) != 0) {
      b.capacity_field = static_cast<CapacityField>(data.ConsumeIntegralInRange<int>(0, 5));
      b.capacity_value = data.PickValueInArray<Milli>({0, 1, 10'000, 25'000, 33'333, 100'000});
    }
    b.capacity_scaler = *Decimal::FromString(data.PickValueInArray({"1", "1", "0.5", "0.1", "0", "0.05"}));
    b.preference = data.ConsumeIntegralInRange<int>(0, 3) == 0 ? Preference::kPreferred : Preference::kDefault;
    b.members = data.PickValueInArray<std::uint32_t>({0, 1, 2, 3, 4, 10});
    b.healthy = data.ConsumeIntegralInRange<std::uint32_t>(0, b.members);
    std::int64_t at = 0;
    const int reports = data.ConsumeIntegralInRange<int>(0, 4);
    for (int k = 0; k < reports; ++k) {
      at += data.PickValueInArray<std::int64_t>({0, 1, 30, 59, 60, 61});
      const std::uint32_t members = data.ConsumeBool() ? b.members : data.PickValueInArray<std::uint32_t>({0, 4, 10});
      b.health.push_back({at, members, data.ConsumeIntegralInRange<std::uint32_t>(0, members)});
    }
    s.backends.push_back(std::move(b));
  }
  // As the decoder builds it: a policy resource named "pol", in effect when
  // the backend service names it.
  s.policy.name = "pol";
  s.policy.present = data.ConsumeIntegralInRange<int>(0, 4) != 0;
  if (s.policy.present) s.policy_refs = {"projects/p/locations/global/serviceLbPolicies/pol"};
  if (data.ConsumeIntegralInRange<int>(0, 15) == 0)
    s.policy_refs.push_back("projects/p/locations/global/serviceLbPolicies/other");
  if (data.ConsumeBool()) s.policy.algorithm = static_cast<Algorithm>(data.ConsumeIntegralInRange<int>(0, 3));
  s.policy.auto_capacity_drain = data.ConsumeBool();
  if (data.ConsumeBool())
    s.policy.failover_health_threshold = data.PickValueInArray<std::int64_t>({0, 1, 25, 50, 70, 99, 100});
  s.policy.isolation_granularity = static_cast<IsolationGranularity>(data.ConsumeIntegralInRange<int>(0, 1));
  s.policy.isolation_mode = static_cast<IsolationMode>(data.ConsumeIntegralInRange<int>(0, 2));
  const int clients = data.ConsumeIntegralInRange<int>(1, 3);
  for (int c = 0; c < clients; ++c) {
    ClientLocation client;
    client.name = "c" + std::to_string(c);
    client.offered = data.PickValueInArray<Milli>({0, 1, 50'000, 100'000, 333'333, 1'000'000});
    for (std::size_t z = 0; z < s.zones.size(); ++z)
      client.rtt_micros.push_back(data.PickValueInArray<std::int64_t>({1'000, 2'000, 50'000}));
    s.clients.push_back(std::move(client));
  }
  s.at = data.PickValueInArray<std::int64_t>({0, 59, 60, 120, 300});
  s.readings.drain_over_half = data.ConsumeBool() ? DrainOverHalf::kDrainNone : DrainOverHalf::kDrainUpToHalf;
  s.readings.client_order = data.ConsumeBool() ? ClientOrder::kLargestFirst : ClientOrder::kNameOrder;
  return s;
}

}  // namespace lbconform::fuzz

#endif  // LBCONFORM_FUZZ_FUZZ_UTILS_H_
