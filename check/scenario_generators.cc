#include "check/scenario_generators.h"

#include <array>
#include <charconv>
#include <nlohmann/json.hpp>
#include <string>

#include "documents/scenario_json.h"
#include "documents/slb_json.h"
#include "documents/timeline_json.h"

namespace lbconform {

void showValue(const PassthroughScenario& scenario, std::ostream& os) {
  os << "\n" << DumpJson(EncodeScenario(scenario), 2) << "\n";
}

void showValue(Profile profile, std::ostream& os) { os << NameOf(profile); }

void showValue(const SlbScenario& scenario, std::ostream& os) {
  os << "\n" << DumpJson(EncodeSlbScenario(scenario), 2) << "\n";
}

void showValue(const TimelineScenario& timeline, std::ostream& os) {
  os << "\n" << DumpJson(EncodeTimeline(timeline), 2) << "\n";
}

namespace check {
namespace {

constexpr std::array<const char*, 4> kZones = {"us-west1-a", "us-west1-b", "us-west1-c", "us-west1-d"};

Decimal FractionAsDecimal(int numerator, int denominator) {
  // The shortest decimal of the double k/n: what a JSON ratio of k/n means.
  return *Decimal::FromDouble(static_cast<double>(numerator) / static_cast<double>(denominator));
}

// Pick draws uniformly from [low, high) whatever RapidCheck's current size:
// categorical choices must not shrink towards their first alternatives.
int Pick(int low, int high) { return *rc::gen::resize(rc::kNominalSize, rc::gen::inRange(low, high)); }

template <typename T, typename... Ts>
T PickOf(T first, Ts... rest) {
  const T all[] = {first, rest...};
  return all[Pick(0, static_cast<int>(sizeof...(rest) + 1))];
}

}  // namespace

rc::Gen<Decimal> GenRatio(bool allow_invalid) {
  auto exact_boundary = rc::gen::apply(
      [](int denominator, int numerator) { return FractionAsDecimal(numerator % (denominator + 1), denominator); },
      rc::gen::inRange(1, 11), rc::gen::inRange(0, 11));
  auto named =
      rc::gen::element(Decimal(), Decimal::FromInteger(1), *Decimal::FromString("0.5"), *Decimal::FromString("0.07"),
                       *Decimal::FromString("0.8"), *Decimal::FromString("0.50000001"),
                       *Decimal::FromString("0.49999999"), *Decimal::FromString("1e-300"));
  auto invalid = rc::gen::element(*Decimal::FromString("-0.1"), *Decimal::FromString("1.5"),
                                  *Decimal::FromString("1.0000000000000002"), *Decimal::FromString("1e300"));
  if (!allow_invalid)
    return rc::gen::resize(rc::kNominalSize, rc::gen::weightedOneOf<Decimal>({{6, exact_boundary}, {3, named}}));
  return rc::gen::resize(rc::kNominalSize,
                         rc::gen::weightedOneOf<Decimal>({{6, exact_boundary}, {3, named}, {1, invalid}}));
}

rc::Gen<PassthroughScenario> GenScenario(GenOptions options) {
  return rc::gen::exec([options] {
    PassthroughScenario s;
    s.name = "be-prop";
    s.region = "us-west1";
    // One draw in eight may break a validation rule, so valid scenarios dominate.
    const bool invalid = options.allow_invalid && Pick(0, 8) == 0;
    const int zone_count = Pick(1, 5);
    // Health bias: all healthy, all unhealthy and mixtures all appear.
    const int health_percent = PickOf(0, 25, 50, 75, 100);
    const int group_count = *rc::gen::inRange(options.with_failover ? 2 : 0, 7);
    int vm_serial = 0;
    for (int g = 0; g < group_count; ++g) {
      BackendGroup group;
      group.zone = kZones[static_cast<std::size_t>(Pick(0, zone_count))];
      group.name = "ig-" + std::to_string(g);
      group.group = "zones/" + group.zone + "/instanceGroups/" + group.name;
      group.failover = options.with_failover && g < 2 ? g == 1 : Pick(0, 5) < 2;
      s.backends.push_back(group);
      const int vms = *rc::gen::inRange(options.populated ? 1 : 0, 6);
      for (int k = 0; k < vms; ++k) {
        Instance vm;
        vm.name = "vm-" + std::to_string(vm_serial++);
        vm.zone = group.zone;
        vm.backend = static_cast<std::size_t>(g);
        vm.health = Pick(0, 100) < health_percent ? HealthState::kHealthy : HealthState::kUnhealthy;
        s.instances.push_back(vm);
      }
    }
    s.failover_policy.present = Pick(0, 4) > 0;
    if (s.failover_policy.present) {
      s.failover_policy.failover_ratio = *GenRatio(false);
      s.failover_policy.drop_traffic_if_unhealthy = Pick(0, 2) == 1;
    }
    s.zonal_affinity.spillover = options.spillover ? *options.spillover
                                                   : PickOf(Spillover::kDisabled, Spillover::kStayWithinZone,
                                                            Spillover::kSpillCrossZone, Spillover::kSpillCrossZone);
    s.zonal_affinity.spillover_ratio = Pick(0, 3) == 0 ? Decimal() : *GenRatio(false);
    const int client = options.compatible_client ? 0 : Pick(0, 10);
    if (client < 7) {
      // Mostly a zone of the service; sometimes one where it has no VM.
      const int zone = !options.compatible_client && Pick(0, 4) == 0 ? Pick(0, 4) : Pick(0, zone_count);
      s.client = {ClientType::kVm, "us-west1", kZones[static_cast<std::size_t>(zone)]};
    } else if (client == 7) {
      s.client = {ClientType::kVm, "us-east1", "us-east1-b"};
    } else {
      s.client = {PickOf(ClientType::kVpnTunnel, ClientType::kInterconnectAttachment, ClientType::kPscEndpoint),
                  "us-west1", ""};
    }
    // Deployment facts that are valid whatever else holds.
    s.deployment.network_security_integration = Pick(0, 16) == 0;
    if (Pick(0, 10) == 0) {
      s.deployment.symmetric_hashing = SymmetricHashing{true, true};
    }
    if (invalid) {
      switch (Pick(0, 6)) {
        case 0:
          s.failover_policy.failover_ratio = PickOf(*Decimal::FromString("-0.1"), *Decimal::FromString("1.5"),
                                                    *Decimal::FromString("1.0000000000000002"));
          break;
        case 1:
          s.zonal_affinity.spillover_ratio = PickOf(*Decimal::FromString("-0.5"), *Decimal::FromString("1e300"));
          break;
        case 2:
          s.subsetting = SubsettingPolicy::kConsistentHashSubsetting;
          break;
        case 3:
          s.deployment.packet_mirroring_collector = true;
          break;
        case 4:
          s.deployment.symmetric_hashing = SymmetricHashing{Pick(0, 2) == 1, false};
          break;
        default:
          s.deployment.symmetric_hashing = SymmetricHashing{false, Pick(0, 2) == 1};
          break;
      }
    }
    return s;
  });
}

rc::Gen<ConnectionTracking> GenConnectionTracking() {
  return rc::gen::exec([] {
    ConnectionTracking t;
    t.session_affinity = PickOf(SessionAffinity::kNone, SessionAffinity::kClientIp, SessionAffinity::kClientIpProto,
                                SessionAffinity::kClientIpPortProto, SessionAffinity::kClientIpNoDestination);
    t.tracking_mode = PickOf(TrackingMode::kPerConnection, TrackingMode::kPerSession);
    t.persistence = PickOf(PersistenceOnUnhealthy::kDefaultForProtocol, PersistenceOnUnhealthy::kNeverPersist,
                           PersistenceOnUnhealthy::kAlwaysPersist);
    if (Pick(0, 10) == 0) t.idle_timeout_sec = PickOf<std::int64_t>(599, 600, 3600, 57'600, 57'601);
    return t;
  });
}

rc::Gen<TimelineEvent> GenEvent(const TimelineScenario& timeline, std::int64_t at, std::optional<EventType> type) {
  const std::size_t vms = timeline.initial.instances.size();
  const std::size_t connections = timeline.connection_ids.size();
  return rc::gen::exec([=] {
    TimelineEvent e;
    // Steps in time that land before, on and after 300 s and 600 s drains.
    e.at = at + PickOf<std::int64_t>(0, 0, 1, 30, 299, 300, 301, 600);
    int kind = Pick(0, 10);
    if (type)
      kind = *type == EventType::kHealth    ? 0
             : *type == EventType::kConnect ? 3
             : *type == EventType::kClose   ? 6
             : *type == EventType::kConfig  ? 7
                                            : 9;
    if (connections == 0 && kind == 6) kind = 3;
    if (vms == 0 && kind < 6) kind = 9;
    if (kind < 3) {
      e.type = EventType::kHealth;
      e.instance = static_cast<std::size_t>(Pick(0, static_cast<int>(vms)));
      // Mostly a change of health: replay the earlier health events.
      HealthState now = timeline.initial.instances[e.instance].health;
      for (const TimelineEvent& earlier : timeline.events) {
        if (earlier.type == EventType::kHealth && earlier.instance == e.instance) now = earlier.health;
      }
      const HealthState flipped = now == HealthState::kHealthy ? HealthState::kUnhealthy : HealthState::kHealthy;
      e.health = PickOf(flipped, flipped, flipped, now);
    } else if (kind < 6) {
      e.type = EventType::kConnect;
      e.connection = connections;
      e.instance = static_cast<std::size_t>(Pick(0, static_cast<int>(vms)));
      e.protocol = PickOf(ConnectionProtocol::kTcp, ConnectionProtocol::kTcp, ConnectionProtocol::kUdp,
                          ConnectionProtocol::kSctp);
    } else if (kind == 6) {
      e.type = EventType::kClose;
      e.connection = static_cast<std::size_t>(Pick(0, static_cast<int>(connections)));
    } else if (kind < 9) {
      e.type = EventType::kConfig;
      if (Pick(0, 2) == 0) e.failover_policy.failover_ratio = *GenRatio(false);
      if (Pick(0, 3) == 0) e.failover_policy.drop_traffic_if_unhealthy = Pick(0, 2) == 0;
      if (Pick(0, 2) == 0) e.failover_policy.disable_connection_drain_on_failover = Pick(0, 2) == 0;
    } else {
      e.type = EventType::kAdvance;
    }
    return e;
  });
}

rc::Gen<TimelineScenario> GenTimeline(GenOptions options) {
  return rc::gen::exec([options] {
    TimelineScenario t;
    t.initial = *GenScenario(options);
    t.tracking = *GenConnectionTracking();
    if (Pick(0, 6) == 0) t.draining_timeout_sec = PickOf<std::int64_t>(0, 1, 45, 300);
    const int count = Pick(0, 25);
    std::int64_t at = 0;
    for (int i = 0; i < count; ++i) {
      TimelineEvent e = *GenEvent(t, at);
      at = e.at;
      if (e.type == EventType::kConnect) t.connection_ids.push_back("c" + std::to_string(e.connection));
      t.events.push_back(e);
    }
    return t;
  });
}

rc::Gen<SlbScenario> GenSlbScenario(bool allow_invalid) {
  return rc::gen::exec([allow_invalid] {
    SlbScenario s;
    s.name = "bs-prop";
    const bool invalid = allow_invalid && Pick(0, 8) == 0;
    s.load_balancer =
        PickOf(LoadBalancerType::kGlobalExternalApplication, LoadBalancerType::kCrossRegionInternalApplication,
               LoadBalancerType::kGlobalExternalProxyNetwork, LoadBalancerType::kCrossRegionInternalProxyNetwork);
    const bool internal = s.load_balancer == LoadBalancerType::kCrossRegionInternalApplication ||
                          s.load_balancer == LoadBalancerType::kCrossRegionInternalProxyNetwork;
    s.scheme = PickOf(std::string(""), std::string(internal ? "INTERNAL_MANAGED" : "EXTERNAL_MANAGED"));
    const int regions = Pick(1, 4);
    for (int r = 0; r < regions; ++r) {
      SlbRegion region{"r" + std::to_string(r), {}};
      const int zones = Pick(1, 4);
      for (int z = 0; z < zones; ++z) {
        region.zones.push_back(region.name + "-" + static_cast<char>('a' + z));
        s.zones.push_back(region.zones.back());
        s.zone_region.push_back(static_cast<std::size_t>(r));
      }
      s.regions.push_back(std::move(region));
    }
    const int backends = Pick(0, 9);
    for (int i = 0; i < backends; ++i) {
      SlbBackend b;
      b.name = "b" + std::to_string(i);
      const std::size_t z = static_cast<std::size_t>(Pick(0, static_cast<int>(s.zones.size())));
      b.zone = s.zones[z];
      b.region = s.regions[s.zone_region[z]].name;
      b.group = "zones/" + b.zone + "/instanceGroups/" + b.name;
      b.kind = PickOf(BackendKind::kZonalInstanceGroup, BackendKind::kZonalNegGceVmIpPort, BackendKind::kHybridNeg);
      b.mode =
          PickOf(BalancingMode::kRate, BalancingMode::kRate, BalancingMode::kConnection, BalancingMode::kUtilization);
      switch (b.mode) {
        case BalancingMode::kRate:
          b.capacity_field =
              PickOf(CapacityField::kMaxRate, CapacityField::kMaxRatePerInstance, CapacityField::kMaxRatePerEndpoint);
          break;
        case BalancingMode::kConnection:
          b.capacity_field = PickOf(CapacityField::kMaxConnections, CapacityField::kMaxConnectionsPerEndpoint);
          break;
        default:
          b.capacity_field = CapacityField::kMaxUtilization;
          b.max_utilization = PickOf(*Decimal::FromString("0.8"), *Decimal::FromString("0.5"), Decimal::FromInteger(1));
          b.load_per_member = PickOf<Milli>(10'000, 33'333, 100'000);
      }
      b.capacity_value = PickOf<Milli>(10'000, 25'000, 100'000, 33'333, 0);
      b.capacity_scaler = PickOf(Decimal::FromInteger(1), Decimal::FromInteger(1), *Decimal::FromString("0.5"),
                                 *Decimal::FromString("0.1"), Decimal());
      b.preference = Pick(0, 4) == 0 ? Preference::kPreferred : Preference::kDefault;
      b.members = static_cast<std::uint32_t>(PickOf(0, 1, 2, 4, 4, 10));
      b.healthy = static_cast<std::uint32_t>(Pick(0, static_cast<int>(b.members) + 1));
      std::int64_t at = 0;
      const int reports = PickOf(0, 0, 1, 2, 4);
      for (int k = 0; k < reports; ++k) {
        at += PickOf<std::int64_t>(0, 1, 30, 59, 60, 61);
        const auto healthy = static_cast<std::uint32_t>(Pick(0, static_cast<int>(b.members) + 1));
        b.health.push_back({at, b.members, healthy});
      }
      s.backends.push_back(std::move(b));
    }
    if (s.backends.size() == 1 && s.backends[0].capacity_scaler.is_zero())
      s.backends[0].capacity_scaler = Decimal::FromInteger(1);
    s.policy.present = Pick(0, 5) > 0;
    if (s.policy.present) {
      s.policy.name = "pol";
      s.policy_refs = {"projects/p/locations/global/serviceLbPolicies/pol"};
      if (Pick(0, 5) > 0) {
        s.policy.algorithm = PickOf(Algorithm::kWaterfallByRegion, Algorithm::kSprayToRegion,
                                    Algorithm::kWaterfallByZone, Algorithm::kSprayToWorld);
      }
      s.policy.auto_capacity_drain = Pick(0, 2) == 0;
      if (Pick(0, 2) == 0) s.policy.failover_health_threshold = PickOf<std::int64_t>(1, 25, 50, 70, 99);
      s.policy.isolation_granularity = PickOf(IsolationGranularity::kUnspecified, IsolationGranularity::kRegion);
      s.policy.isolation_mode = PickOf(IsolationMode::kUnspecified, IsolationMode::kNearest,
                                       internal ? IsolationMode::kStrict : IsolationMode::kNearest);
    }
    const int clients = Pick(1, 4);
    for (int c = 0; c < clients; ++c) {
      ClientLocation client;
      client.name = "c" + std::to_string(c);
      client.offered = PickOf<Milli>(0, 1, 50'000, 100'000, 333'333, 1'000'000);
      for (std::size_t z = 0; z < s.zones.size(); ++z)
        client.rtt_micros.push_back(PickOf<std::int64_t>(1'000, 2'000, 2'000, 50'000));
      s.clients.push_back(std::move(client));
    }
    std::int64_t last = 0;
    for (const SlbBackend& b : s.backends) {
      for (const HealthSample& h : b.health) last = std::max(last, h.at);
    }
    s.at = last + PickOf<std::int64_t>(0, 0, 59, 60, 200);
    s.readings.drain_over_half =
        PickOf(DrainOverHalf::kDrainNone, DrainOverHalf::kDrainNone, DrainOverHalf::kDrainUpToHalf);
    s.readings.client_order = PickOf(ClientOrder::kLargestFirst, ClientOrder::kNameOrder);
    if (invalid) {
      switch (Pick(0, 6)) {
        case 0:
          s.load_balancer = LoadBalancerType::kRegionalExternalApplication;
          break;
        case 1:
          s.policy.failover_health_threshold = PickOf<std::int64_t>(0, 100);
          break;
        case 2:
          s.policy.isolation_mode = IsolationMode::kStrict;
          s.load_balancer = LoadBalancerType::kGlobalExternalApplication;
          break;
        case 3:
          s.policy_refs.push_back("projects/p/locations/global/serviceLbPolicies/other");
          break;
        case 4:
          if (!s.backends.empty()) s.backends[0].kind = BackendKind::kServerlessNeg;
          break;
        default:
          if (!s.backends.empty()) s.backends[0].capacity_scaler = *Decimal::FromString("0.05");
          break;
      }
    }
    return s;
  });
}

}  // namespace check
}  // namespace lbconform
