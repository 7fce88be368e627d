#include "documents/backend_service_fields.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <string_view>

#include "documents/suggest.h"

namespace lbconform {

namespace {

// The fields of the Compute API v1 BackendService resource and of the nested
// objects lbconform reads, as the REST reference lists them
// (https://cloud.google.com/compute/docs/reference/rest/v1/regionBackendServices
// and .../v1/backendServices, retrieved 2026-12-01). One table: the object's
// path below backendService ("" is the resource itself) and its fields.
struct KnownObject {
  std::string_view path;
  std::vector<std::string> fields;
};

// The fields of the Network Services API v1 ServiceLbPolicy resource
// (google/cloud/networkservices/v1/service_lb_policy.proto in
// https://github.com/googleapis/googleapis), by their JSON names and by their
// proto names, which proto3 JSON parsers accept alike (the reader does).
const std::vector<KnownObject>& PolicyObjects() {
  static const std::vector<KnownObject> objects = {
      {"",
       {"name", "createTime", "create_time", "updateTime", "update_time", "labels", "description",
        "loadBalancingAlgorithm", "load_balancing_algorithm", "autoCapacityDrain", "auto_capacity_drain",
        "failoverConfig", "failover_config", "isolationConfig", "isolation_config"}},
      {"autoCapacityDrain", {"enable"}},
      {"failoverConfig", {"failoverHealthThreshold", "failover_health_threshold"}},
      {"isolationConfig", {"isolationGranularity", "isolation_granularity", "isolationMode", "isolation_mode"}},
  };
  return objects;
}

const std::vector<KnownObject>& KnownObjects() {
  static const std::vector<KnownObject> objects = {
      {"",
       {"kind",
        "id",
        "creationTimestamp",
        "name",
        "description",
        "selfLink",
        "backends",
        "healthChecks",
        "timeoutSec",
        "port",
        "protocol",
        "fingerprint",
        "portName",
        "enableCDN",
        "sessionAffinity",
        "affinityCookieTtlSec",
        "region",
        "failoverPolicy",
        "loadBalancingScheme",
        "connectionDraining",
        "iap",
        "cdnPolicy",
        "customRequestHeaders",
        "customResponseHeaders",
        "securityPolicy",
        "edgeSecurityPolicy",
        "logConfig",
        "securitySettings",
        "localityLbPolicy",
        "consistentHash",
        "circuitBreakers",
        "outlierDetection",
        "network",
        "subsetting",
        "connectionTrackingPolicy",
        "maxStreamDuration",
        "compressionMode",
        "serviceLbPolicy",
        "serviceBindings",
        "localityLbPolicies",
        "metadatas",
        "usedBy",
        "externalManagedMigrationState",
        "externalManagedMigrationTestingPercentage",
        "ipAddressSelectionPolicy",
        "strongSessionAffinityCookie",
        "networkPassThroughLbTrafficPolicy",
        "customMetrics",
        "haPolicy",
        "tlsSettings",
        "params"}},
      {"backends[]",
       {"description", "group", "balancingMode", "maxUtilization", "maxRate", "maxRatePerInstance",
        "maxRatePerEndpoint", "maxConnections", "maxConnectionsPerInstance", "maxConnectionsPerEndpoint",
        "capacityScaler", "failover", "preference", "customMetrics"}},
      {"failoverPolicy", {"disableConnectionDrainOnFailover", "dropTrafficIfUnhealthy", "failoverRatio"}},
      {"networkPassThroughLbTrafficPolicy", {"zonalAffinity"}},
      {"networkPassThroughLbTrafficPolicy.zonalAffinity", {"spillover", "spilloverRatio"}},
      {"subsetting", {"policy", "subsetSize"}},
      {"connectionTrackingPolicy",
       {"connectionPersistenceOnUnhealthyBackends", "enableStrongAffinity", "idleTimeoutSec", "trackingMode"}},
  };
  return objects;
}

// Loose is a field name without case or underscores, so that failover_ratio
// and FailoverRatio find failoverRatio.
std::string Loose(std::string_view name) {
  std::string loose;
  for (const char c : name) {
    if (c != '_' && c != '-') loose.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  return loose;
}

// Nearest is the API field (with its object's path when that differs from
// `where`) that `key` most likely means, or "".
std::string Nearest(const std::vector<KnownObject>& objects, std::string_view key, std::string_view where) {
  std::vector<std::string> loose_names;
  std::vector<std::string> shown_names;
  for (const KnownObject& object : objects) {
    for (const std::string& field : object.fields) {
      loose_names.push_back(Loose(field));
      shown_names.push_back(object.path == where || object.path.empty() ? field
                                                                        : fmt::format("{}.{}", object.path, field));
    }
  }
  // Fields of the same object first, then anywhere.
  for (const bool same_object_only : {true, false}) {
    std::vector<std::string> candidates;
    std::vector<std::size_t> index;
    std::size_t i = 0;
    for (const KnownObject& object : objects) {
      for (std::size_t f = 0; f < object.fields.size(); ++f, ++i) {
        if (same_object_only && object.path != where) continue;
        candidates.push_back(loose_names[i]);
        index.push_back(i);
      }
    }
    if (const auto closest = ClosestName(Loose(key), candidates)) {
      const auto at = std::find(candidates.begin(), candidates.end(), *closest) - candidates.begin();
      return shown_names[index[static_cast<std::size_t>(at)]];
    }
  }
  return "";
}

void CheckObject(const std::vector<KnownObject>& objects, std::string_view resource, const nlohmann::json& object,
                 std::string_view where, const std::string& json_path, std::vector<std::string>& warnings) {
  if (!object.is_object()) return;  // the decoder reports wrong types
  const auto known =
      std::find_if(objects.begin(), objects.end(), [&](const KnownObject& o) { return o.path == where; });
  for (auto it = object.begin(); it != object.end(); ++it) {
    if (std::find(known->fields.begin(), known->fields.end(), it.key()) != known->fields.end()) continue;
    const std::string nearest = Nearest(objects, it.key(), where);
    warnings.push_back(fmt::format("{}/{}: '{}' is not a field of {}{}; it is ignored", json_path, it.key(), it.key(),
                                   resource, nearest.empty() ? "" : fmt::format(" (did you mean '{}'?)", nearest)));
  }
}

void CheckObject(const nlohmann::json& object, std::string_view where, const std::string& json_path,
                 std::vector<std::string>& warnings) {
  CheckObject(KnownObjects(), "the Compute API's BackendService", object, where, json_path, warnings);
}

// PolicyFieldWarnings names the keys of the scenario's serviceLbPolicy that
// the Network Services API does not define, with the field each most likely means.
void PolicyFieldWarnings(const nlohmann::json& policy, std::vector<std::string>& warnings) {
  if (!policy.is_object()) return;
  constexpr std::string_view kResource = "the Network Services API's ServiceLbPolicy";
  CheckObject(PolicyObjects(), kResource, policy, "", "/serviceLbPolicy", warnings);
  for (const auto& [json_name, proto_name] :
       {std::pair{"autoCapacityDrain", "auto_capacity_drain"}, std::pair{"failoverConfig", "failover_config"},
        std::pair{"isolationConfig", "isolation_config"}}) {
    for (const char* key : {json_name, proto_name}) {
      if (const auto it = policy.find(key); it != policy.end()) {
        CheckObject(PolicyObjects(), kResource, *it, json_name, fmt::format("/serviceLbPolicy/{}", key), warnings);
      }
    }
  }
}

// HaPolicyWarning: an haPolicy backend service sends traffic to the leader
// its owner elects, not by load balancing, which lbconform does not model.
void HaPolicyWarning(const nlohmann::json& document, std::vector<std::string>& warnings) {
  const auto service = document.find("backendService");
  if (service == document.end() || !service->is_object()) return;
  const auto ha = service->find("haPolicy");
  if (ha != service->end() && !ha->is_null() && !(ha->is_object() && ha->empty())) {  // {}: not configured
    warnings.push_back(
        "/backendService/haPolicy: an haPolicy backend service sends all traffic to the leader its owner elects, "
        "not by load balancing; lbconform does not model it, and this decision is that of the same backend "
        "service without haPolicy");
  }
}

}  // namespace

std::vector<std::string> BackendServiceFieldWarnings(const nlohmann::json& scenario_document) {
  std::vector<std::string> warnings;
  if (!scenario_document.is_object()) return warnings;
  const auto service = scenario_document.find("backendService");
  if (service == scenario_document.end() || !service->is_object()) return warnings;
  const std::string root = "/backendService";
  CheckObject(*service, "", root, warnings);
  if (const auto backends = service->find("backends"); backends != service->end() && backends->is_array()) {
    for (std::size_t i = 0; i < backends->size(); ++i) {
      CheckObject((*backends)[i], "backends[]", fmt::format("{}/backends/{}", root, i), warnings);
    }
  }
  for (const char* nested :
       {"failoverPolicy", "subsetting", "networkPassThroughLbTrafficPolicy", "connectionTrackingPolicy"}) {
    if (const auto it = service->find(nested); it != service->end()) {
      CheckObject(*it, nested, fmt::format("{}/{}", root, nested), warnings);
    }
  }
  if (const auto traffic = service->find("networkPassThroughLbTrafficPolicy");
      traffic != service->end() && traffic->is_object()) {
    if (const auto zonal = traffic->find("zonalAffinity"); zonal != traffic->end()) {
      CheckObject(*zonal, "networkPassThroughLbTrafficPolicy.zonalAffinity",
                  root + "/networkPassThroughLbTrafficPolicy/zonalAffinity", warnings);
    }
  }
  return warnings;
}

std::vector<std::string> ScenarioWarnings(const nlohmann::json& scenario_document) {
  std::vector<std::string> warnings = BackendServiceFieldWarnings(scenario_document);
  if (!scenario_document.is_object()) return warnings;
  if (const auto policy = scenario_document.find("serviceLbPolicy"); policy != scenario_document.end()) {
    PolicyFieldWarnings(*policy, warnings);
  }
  HaPolicyWarning(scenario_document, warnings);
  return warnings;
}

std::optional<std::string> DrainingTimeoutNote(const nlohmann::json& scenario_document) {
  if (!scenario_document.is_object()) return std::nullopt;
  const auto kind = scenario_document.find("kind");
  if (kind == scenario_document.end() || *kind != "passthrough-timeline") return std::nullopt;
  const auto timeout = scenario_document.find("drainingTimeoutSec");
  if (timeout != scenario_document.end() && !timeout->is_null()) return std::nullopt;
  return "drainingTimeoutSec is not set, so a connection draining at a failover or failback drains for the "
         "profile's timeout (GAP-7): 300 s, the failover page's, in profiles spec-docs and en-2026-04-02; 600 s, "
         "the API's fixed 10 minutes, in profile api-10min (--profile api-10min). Set drainingTimeoutSec to choose; "
         "backendService.connectionDraining.drainingTimeoutSec is not read";
}

nlohmann::json WithFieldWarnings(nlohmann::json decision, const nlohmann::json& scenario_document) {
  const std::vector<std::string> warnings = ScenarioWarnings(scenario_document);
  if (!warnings.empty() && decision.is_object()) decision["warnings"] = warnings;
  return decision;
}

}  // namespace lbconform
