#include "model/slb_model.h"

#include <algorithm>
#include <numeric>
#include <utility>

namespace lbconform {

__extension__ typedef __int128 Int128;

Milli SlbDecision::offered() const {
  Milli sum = 0;
  for (const ClientPlan& c : clients) sum += c.offered;
  return sum;
}

Milli SlbDecision::dropped() const {
  Milli sum = 0;
  for (const ClientPlan& c : clients) sum += c.dropped;
  return sum;
}

Milli SlbDecision::assigned() const {
  Milli sum = 0;
  for (const BackendState& b : backends) sum += b.assigned;
  return sum;
}

SlbDecision InvalidSlbDecision(std::vector<Error> errors) {
  SlbDecision d;
  d.errors = std::move(errors);
  return d;
}

bool SameSlbDecision(const SlbDecision& a, const SlbDecision& b) {
  if (a.valid() != b.valid()) return false;
  if (!a.valid()) return SameDecision(InvalidDecision(a.errors), InvalidDecision(b.errors));
  return a.policy == b.policy && a.backends == b.backends && a.clients == b.clients;
}

namespace {

std::vector<std::string> Sorted(std::vector<std::string> names) {
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

std::optional<std::string> NormativeSlbDiff(const SlbDecision& expected, const SlbDecision& actual) {
  if (expected.valid() != actual.valid()) return "valid";
  if (!expected.valid()) return NormativeDiff(InvalidDecision(expected.errors), InvalidDecision(actual.errors));
  const ResolvedPolicy& e = expected.policy;
  const ResolvedPolicy& a = actual.policy;
  if (e.algorithm != a.algorithm) return "policy.loadBalancingAlgorithm";
  if (e.failover_health_threshold != a.failover_health_threshold) return "policy.failoverHealthThreshold";
  if (e.auto_capacity_drain != a.auto_capacity_drain) return "policy.autoCapacityDrain";
  if (e.isolation_enforced != a.isolation_enforced) return "policy.isolationEnforced";
  if (e.isolation_mode != a.isolation_mode) return "policy.isolationMode";
  if (expected.backends.size() != actual.backends.size()) return "backends (count)";
  for (std::size_t i = 0; i < expected.backends.size(); ++i) {
    const BackendState& eb = expected.backends[i];
    const BackendState& ab = actual.backends[i];
    const std::string where = "backends[" + std::to_string(i) + "].";
    if (eb.name != ab.name) return where + "name";
    if (eb.drain_candidate != ab.drain_candidate) return where + "drainCandidate";
    if (eb.drained != ab.drained) return where + "drained";
    if (eb.below_failover_threshold != ab.below_failover_threshold) return where + "belowFailoverThreshold";
    if (eb.effective_capacity != ab.effective_capacity) return where + "effectiveCapacity";
  }
  if (expected.clients.size() != actual.clients.size()) return "clients (count)";
  for (std::size_t i = 0; i < expected.clients.size(); ++i) {
    const ClientPlan& ec = expected.clients[i];
    const ClientPlan& ac = actual.clients[i];
    const std::string where = "clients[" + std::to_string(i) + "].";
    if (ec.name != ac.name) return where + "name";
    if (Sorted(ec.regions_served) != Sorted(ac.regions_served)) return where + "regionsServed";
    if (Sorted(ec.zones_served) != Sorted(ac.zones_served)) return where + "zonesServed";
    if ((ec.dropped > 0) != (ac.dropped > 0)) return where + "dropped";
  }
  return std::nullopt;
}

std::string_view NameOf(LoadBalancerType value) {
  switch (value) {
    case LoadBalancerType::kGlobalExternalApplication:
      return "GLOBAL_EXTERNAL_APPLICATION";
    case LoadBalancerType::kCrossRegionInternalApplication:
      return "CROSS_REGION_INTERNAL_APPLICATION";
    case LoadBalancerType::kGlobalExternalProxyNetwork:
      return "GLOBAL_EXTERNAL_PROXY_NETWORK";
    case LoadBalancerType::kCrossRegionInternalProxyNetwork:
      return "CROSS_REGION_INTERNAL_PROXY_NETWORK";
    case LoadBalancerType::kClassicApplication:
      return "CLASSIC_APPLICATION";
    case LoadBalancerType::kRegionalExternalApplication:
      return "REGIONAL_EXTERNAL_APPLICATION";
    case LoadBalancerType::kRegionalInternalApplication:
      return "REGIONAL_INTERNAL_APPLICATION";
    case LoadBalancerType::kClassicProxyNetwork:
      return "CLASSIC_PROXY_NETWORK";
    case LoadBalancerType::kRegionalExternalProxyNetwork:
      return "REGIONAL_EXTERNAL_PROXY_NETWORK";
    case LoadBalancerType::kRegionalInternalProxyNetwork:
      return "REGIONAL_INTERNAL_PROXY_NETWORK";
    case LoadBalancerType::kExternalPassthroughNetwork:
      return "EXTERNAL_PASSTHROUGH_NETWORK";
    case LoadBalancerType::kInternalPassthroughNetwork:
      return "INTERNAL_PASSTHROUGH_NETWORK";
  }
  return "?";
}

std::string_view NameOf(BackendKind value) {
  switch (value) {
    case BackendKind::kZonalInstanceGroup:
      return "ZONAL_INSTANCE_GROUP";
    case BackendKind::kRegionalManagedInstanceGroup:
      return "REGIONAL_MANAGED_INSTANCE_GROUP";
    case BackendKind::kZonalNegGceVmIpPort:
      return "ZONAL_NEG_GCE_VM_IP_PORT";
    case BackendKind::kZonalNegGceVmIp:
      return "ZONAL_NEG_GCE_VM_IP";
    case BackendKind::kHybridNeg:
      return "HYBRID_NEG";
    case BackendKind::kServerlessNeg:
      return "SERVERLESS_NEG";
    case BackendKind::kInternetNeg:
      return "INTERNET_NEG";
    case BackendKind::kPrivateServiceConnectNeg:
      return "PRIVATE_SERVICE_CONNECT_NEG";
  }
  return "?";
}

std::string_view NameOf(BalancingMode value) {
  switch (value) {
    case BalancingMode::kRate:
      return "RATE";
    case BalancingMode::kUtilization:
      return "UTILIZATION";
    case BalancingMode::kConnection:
      return "CONNECTION";
    case BalancingMode::kCustomMetrics:
      return "CUSTOM_METRICS";
  }
  return "?";
}

std::string_view NameOf(Preference value) { return value == Preference::kDefault ? "DEFAULT" : "PREFERRED"; }

std::string_view NameOf(Algorithm value) {
  switch (value) {
    case Algorithm::kWaterfallByRegion:
      return "WATERFALL_BY_REGION";
    case Algorithm::kSprayToRegion:
      return "SPRAY_TO_REGION";
    case Algorithm::kWaterfallByZone:
      return "WATERFALL_BY_ZONE";
    case Algorithm::kSprayToWorld:
      return "SPRAY_TO_WORLD";
  }
  return "?";
}

std::string_view NameOf(IsolationGranularity value) {
  return value == IsolationGranularity::kRegion ? "REGION" : "ISOLATION_GRANULARITY_UNSPECIFIED";
}

std::string_view NameOf(IsolationMode value) {
  switch (value) {
    case IsolationMode::kUnspecified:
      return "ISOLATION_MODE_UNSPECIFIED";
    case IsolationMode::kNearest:
      return "NEAREST";
    case IsolationMode::kStrict:
      return "STRICT";
  }
  return "?";
}

std::string_view NameOf(CapacityField value) {
  switch (value) {
    case CapacityField::kMaxRate:
      return "maxRate";
    case CapacityField::kMaxRatePerInstance:
      return "maxRatePerInstance";
    case CapacityField::kMaxRatePerEndpoint:
      return "maxRatePerEndpoint";
    case CapacityField::kMaxConnections:
      return "maxConnections";
    case CapacityField::kMaxConnectionsPerInstance:
      return "maxConnectionsPerInstance";
    case CapacityField::kMaxConnectionsPerEndpoint:
      return "maxConnectionsPerEndpoint";
    case CapacityField::kMaxUtilization:
      return "maxUtilization";
  }
  return "?";
}

std::string_view NameOf(DrainOverHalf value) {
  return value == DrainOverHalf::kDrainNone ? "DRAIN_NONE" : "DRAIN_UP_TO_HALF";
}

std::string_view NameOf(ClientOrder value) {
  return value == ClientOrder::kLargestFirst ? "LARGEST_FIRST" : "NAME_ORDER";
}

std::string MilliToString(Milli value) {
  const bool negative = value < 0;
  const auto magnitude = static_cast<std::uint64_t>(negative ? -(value + 1) : value) + (negative ? 1U : 0U);
  std::string out = std::to_string(magnitude / 1000);
  std::uint64_t fraction = magnitude % 1000;
  if (fraction != 0) {
    std::string digits = std::to_string(fraction);
    digits.insert(0, 3 - digits.size(), '0');
    while (digits.back() == '0') digits.pop_back();
    out += "." + digits;
  }
  return negative ? "-" + out : out;
}

std::optional<Milli> MilliFromDecimal(const Decimal& value) {
  // significand × 10^exponent × 1000 must be an integer below 2^62.
  Int128 v = value.significand();
  int exponent = value.exponent() + 3;
  if (exponent < 0) {
    for (; exponent < 0; ++exponent) {
      if (v % 10 != 0) return std::nullopt;
      v /= 10;
    }
  } else {
    for (; exponent > 0; --exponent) {
      v *= 10;
      if (v > (Int128{1} << 62)) return std::nullopt;
    }
  }
  const auto out = static_cast<Milli>(v);
  return value.negative() ? -out : out;
}

Milli MulFloor(Milli value, const Decimal& factor) {
  Int128 product = static_cast<Int128>(value) * factor.significand();
  int exponent = factor.exponent();
  for (; exponent > 0; --exponent) product *= 10;
  for (; exponent < 0; ++exponent) product /= 10;
  const Int128 limit = Int128{1} << 62;
  return static_cast<Milli>(product > limit ? limit : product);
}

std::vector<Milli> Apportion(Milli total, const std::vector<Milli>& weights) {
  std::vector<Milli> shares(weights.size(), 0);
  Int128 sum = 0;
  for (Milli w : weights) sum += w;
  if (sum <= 0 || total <= 0) return shares;
  std::vector<Int128> remainders(weights.size());
  Milli given = 0;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    const Int128 exact = static_cast<Int128>(total) * weights[i];
    shares[i] = static_cast<Milli>(exact / sum);
    remainders[i] = exact % sum;
    given += shares[i];
  }
  std::vector<std::size_t> order(weights.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return remainders[a] > remainders[b]; });
  for (std::size_t k = 0; given < total; ++k, ++given) ++shares[order[k]];
  return shares;
}

}  // namespace lbconform
