// The vocabulary of the service-lb-policy kind: a backend service of a global
// or cross-region Application or proxy Network Load Balancer with its service
// LB policy, the backends' health over time, the topology (regions, zones and
// round-trip times from each client location) and the offered load; the
// decision is the policy as resolved, each backend's state and a traffic plan.
//
// Loads and capacities are exact integers in milli-units (1/1000 of a request
// per second, or of a connection in CONNECTION mode), so a plan conserves load
// exactly: assigned + dropped = offered, in integers.
#ifndef LBCONFORM_MODEL_SLB_MODEL_H_
#define LBCONFORM_MODEL_SLB_MODEL_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/model.h"

namespace lbconform {

using Milli = std::int64_t;  // thousandths of a load unit

enum class LoadBalancerType {
  kGlobalExternalApplication,        // supported (SLB-1)
  kCrossRegionInternalApplication,   // supported
  kGlobalExternalProxyNetwork,       // supported
  kCrossRegionInternalProxyNetwork,  // supported
  kClassicApplication,               // the rest are load balancers the text does not list
  kRegionalExternalApplication,
  kRegionalInternalApplication,
  kClassicProxyNetwork,
  kRegionalExternalProxyNetwork,
  kRegionalInternalProxyNetwork,
  kExternalPassthroughNetwork,
  kInternalPassthroughNetwork,
};

enum class BackendKind {
  kZonalInstanceGroup,  // unmanaged or zonal managed: supported
  kRegionalManagedInstanceGroup,
  kZonalNegGceVmIpPort,  // supported
  kZonalNegGceVmIp,
  kHybridNeg,  // NON_GCP_PRIVATE_IP_PORT: supported
  kServerlessNeg,
  kInternetNeg,
  kPrivateServiceConnectNeg,
};

enum class BalancingMode { kRate, kUtilization, kConnection, kCustomMetrics };
enum class Preference { kDefault, kPreferred };
enum class Algorithm { kWaterfallByRegion, kSprayToRegion, kWaterfallByZone, kSprayToWorld };
enum class IsolationGranularity { kUnspecified, kRegion };
enum class IsolationMode { kUnspecified, kNearest, kStrict };

// The API field that sets a backend's target capacity.
enum class CapacityField {
  kMaxRate,
  kMaxRatePerInstance,
  kMaxRatePerEndpoint,
  kMaxConnections,
  kMaxConnectionsPerInstance,
  kMaxConnectionsPerEndpoint,
  kMaxUtilization,
};

struct HealthSample {
  std::int64_t at = 0;        // seconds
  std::uint32_t members = 0;  // member instances or endpoints from `at` on
  std::uint32_t healthy = 0;  // of which pass health checks
  friend bool operator==(const HealthSample&, const HealthSample&) = default;
};

struct SlbBackend {
  std::string group;  // as given
  std::string name;   // last path segment
  BackendKind kind = BackendKind::kZonalInstanceGroup;
  std::string region;
  std::string zone;
  BalancingMode mode = BalancingMode::kUtilization;
  std::optional<CapacityField> capacity_field;  // nullopt: the mode's maximum is missing
  Milli capacity_value = 0;                     // the field's value (per group, or per member)
  Decimal max_utilization;                      // kMaxUtilization
  bool max_utilization_given = true;            // false: UTILIZATION without maxUtilization (an error, GAP-53)
  Milli load_per_member = 0;                    // kMaxUtilization: load one member serves at 100% (lbconform field)
  Decimal capacity_scaler = Decimal::FromInteger(1);
  Preference preference = Preference::kDefault;
  std::uint32_t members = 0;         // before the first sample
  std::uint32_t healthy = 0;         // before the first sample
  std::vector<HealthSample> health;  // non-decreasing times
};

struct SlbPolicy {
  bool present = false;
  std::string name;
  std::optional<Algorithm> algorithm;
  bool auto_capacity_drain = false;
  std::optional<std::int64_t> failover_health_threshold;
  IsolationGranularity isolation_granularity = IsolationGranularity::kUnspecified;
  IsolationMode isolation_mode = IsolationMode::kUnspecified;
};

struct SlbRegion {
  std::string name;
  std::vector<std::string> zones;
};

struct ClientLocation {
  std::string name;
  Milli offered = 0;
  std::vector<std::int64_t> rtt_micros;  // per zone, in SlbScenario::zone order (microseconds)
};

// Readings selects an alternative reading of a gap, so that vectors can list
// every allowed outcome; the defaults are lbconform's readings.
enum class DrainOverHalf { kDrainNone, kDrainUpToHalf };  // GAP-25
enum class ClientOrder { kLargestFirst, kNameOrder };     // GAP-28
struct SlbReadings {
  DrainOverHalf drain_over_half = DrainOverHalf::kDrainNone;
  ClientOrder client_order = ClientOrder::kLargestFirst;
};

struct SlbScenario {
  LoadBalancerType load_balancer = LoadBalancerType::kGlobalExternalApplication;
  std::string scheme;  // loadBalancingScheme as given ("" when absent)
  std::string name;
  std::vector<SlbBackend> backends;
  std::vector<std::string> policy_refs;  // backendService.serviceLbPolicy (one, or a list)
  SlbPolicy policy;
  std::vector<SlbRegion> regions;
  std::vector<std::string> zones;        // every zone of every region, in topology order
  std::vector<std::size_t> zone_region;  // region index of each zone
  std::vector<ClientLocation> clients;
  std::int64_t at = 0;  // when the plan is made (seconds)
  SlbReadings readings;
};

// ------------------------------ Decision

struct ResolvedPolicy {
  Algorithm algorithm = Algorithm::kWaterfallByRegion;
  std::int64_t failover_health_threshold = 70;
  bool auto_capacity_drain = false;
  bool isolation_enforced = false;
  IsolationMode isolation_mode = IsolationMode::kUnspecified;  // kNearest/kStrict when enforced
  friend bool operator==(const ResolvedPolicy&, const ResolvedPolicy&) = default;
};

struct BackendState {
  std::string name;
  std::uint32_t members = 0;  // at the plan's time
  std::uint32_t healthy = 0;
  bool drain_candidate = false;               // normative
  bool drained = false;                       // normative
  std::optional<std::int64_t> drained_since;  // informative
  bool below_failover_threshold = false;      // normative
  Milli capacity = 0;                         // target capacity × scaler (informative: the model's arithmetic)
  Milli effective_capacity = 0;               // normative: 0 when drained
  Milli assigned = 0;                         // informative
  friend bool operator==(const BackendState&, const BackendState&) = default;
};

struct Assignment {
  std::size_t backend = 0;  // index into SlbDecision::backends
  Milli load = 0;
  friend bool operator==(const Assignment&, const Assignment&) = default;
};

struct ClientPlan {
  std::string name;
  Milli offered = 0;
  std::vector<std::string> regions_served;  // normative: regions with load, nearest first
  std::vector<std::string> zones_served;    // normative: zones whose backends got load, nearest first (ties by name)
  Milli dropped = 0;                        // normative: whether > 0; informative: how much
  std::vector<Assignment> assignments;      // informative
  friend bool operator==(const ClientPlan&, const ClientPlan&) = default;
};

struct SlbDecision {
  std::vector<Error> errors;
  ResolvedPolicy policy;
  std::vector<BackendState> backends;  // in scenario order
  std::vector<ClientPlan> clients;     // in scenario order
  std::vector<TraceStep> trace;        // informative

  bool valid() const { return errors.empty(); }
  Milli offered() const;
  Milli dropped() const;
  Milli assigned() const;
};

SlbDecision InvalidSlbDecision(std::vector<Error> errors);
bool SameSlbDecision(const SlbDecision& a, const SlbDecision& b);
std::optional<std::string> NormativeSlbDiff(const SlbDecision& expected, const SlbDecision& actual);

std::string_view NameOf(LoadBalancerType value);
std::string_view NameOf(BackendKind value);
std::string_view NameOf(BalancingMode value);
std::string_view NameOf(Preference value);
std::string_view NameOf(Algorithm value);
std::string_view NameOf(IsolationGranularity value);
std::string_view NameOf(IsolationMode value);
std::string_view NameOf(CapacityField value);
std::string_view NameOf(DrainOverHalf value);
std::string_view NameOf(ClientOrder value);

// MilliToString prints milli-units as a plain decimal ("12.5", "3").
std::string MilliToString(Milli value);
// MilliFromDecimal is the exact milli-unit count of a decimal with at most
// three fractional digits, or nullopt (more digits, or out of range).
std::optional<Milli> MilliFromDecimal(const Decimal& value);
// MulFloor is floor(value × factor) for a non-negative decimal factor.
Milli MulFloor(Milli value, const Decimal& factor);

// Apportion splits `total` over `weights` (not all zero) in proportion, in
// integers: floor shares, then one more to the largest remainders, ties to
// the lower index. The shares sum to `total` exactly.
std::vector<Milli> Apportion(Milli total, const std::vector<Milli>& weights);

// SlbEngine returns the service LB policy's traffic plan.
class SlbEngine : public virtual Engine {
 public:
  virtual SlbDecision Plan(const SlbScenario& scenario) const = 0;
};

}  // namespace lbconform

#endif  // LBCONFORM_MODEL_SLB_MODEL_H_
