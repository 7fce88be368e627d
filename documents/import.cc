#include "documents/import.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <set>

#include "documents/json_reader.h"
#include "documents/scenario_json.h"
#include "documents/suggest.h"

namespace lbconform {

using nlohmann::json;

namespace {

// ImportFailure carries the first problem out of the readers below.
struct ImportFailure {
  std::string message;
};

[[noreturn]] void Refuse(std::string message) { throw ImportFailure{std::move(message)}; }

// Text is object[key] as a string: nullopt when absent or null, a refusal
// naming `what` when it has another type.
std::optional<std::string> Text(const json& object, const char* key, const std::string& what) {
  const auto it = object.find(key);
  if (it == object.end() || it->is_null()) return std::nullopt;
  if (!it->is_string()) Refuse(fmt::format("{} '{}' is {}, not a string", what, key, it->type_name()));
  return it->get<std::string>();
}

// GroupUrl is a backend's group: a URL, or the API's expanded object, whose
// selfLink (or zone and name) says which group it is.
std::string GroupUrl(const json& group, const std::string& what) {
  if (group.is_string()) return group.get<std::string>();
  if (!group.is_object()) Refuse(fmt::format("{} is {}, not a group URL or object", what, group.type_name()));
  if (auto self_link = Text(group, "selfLink", what)) return *self_link;
  const auto zone = Text(group, "zone", what);
  const auto name = Text(group, "name", what);
  if (zone && name) return fmt::format("zones/{}/instanceGroups/{}", LastPathSegment(*zone), *name);
  Refuse(fmt::format("{} is an object without 'selfLink' (or 'zone' and 'name')", what));
}

// RegionInUrl is R for ".../regions/R/...", else "".
std::string RegionInUrl(std::string_view url) {
  const std::string_view marker = "regions/";
  const std::size_t at = url.find(marker);
  if (at == std::string_view::npos || (at > 0 && url[at - 1] != '/')) return "";
  const std::string_view rest = url.substr(at + marker.size());
  return std::string(rest.substr(0, rest.find('/')));
}

// How the API's health states read for a new connection (the API reference's
// meaning of each; only HEALTHY receives new connections).
struct StateReading {
  const char* state;
  bool healthy;
  const char* why;  // empty for HEALTHY and UNHEALTHY
};
constexpr StateReading kStateReadings[] = {
    {"HEALTHY", true, ""},
    {"UNHEALTHY", false, ""},
    {"DRAINING", false,
     "a draining VM takes no new connection, and a new connection is all this scenario decides; the connections "
     "it already has drain, which the passthrough-timeline kind models"},
    {"TIMEOUT", false, "the health check could not reach the VM in time, so it fails the check"},
    {"UNKNOWN", false, "the health checker does not know the VM's health yet, so it has not passed a check"},
};

const StateReading& ReadState(const std::optional<std::string>& state, const std::string& instance) {
  const std::string name = state.value_or("UNKNOWN");  // no state reported: not known to be healthy
  for (const StateReading& reading : kStateReadings) {
    if (name == reading.state) return reading;
  }
  std::vector<const char*> names;
  for (const StateReading& reading : kStateReadings) names.push_back(reading.state);
  Refuse(fmt::format("healthState '{}' of {} is not one of {}", name, instance, fmt::join(names, ", ")));
}

struct Seen {
  std::string zone;
  std::string group;
  int healthy = 0;
  int unhealthy = 0;
};

class Importer {
 public:
  Importer(const ImportOptions& options, ImportResult& result) : options_(options), result_(result) {}

  // Service is the describe output of a regional INTERNAL backend service
  // (the passthrough kind) with every backend's group as a URL.
  json Service(const json& describe) {
    json service = WithGroupUrls(describe);
    const std::optional<std::string> scheme = Text(describe, "loadBalancingScheme", "the backend service's");
    const std::optional<std::string> region = Text(describe, "region", "the backend service's");
    if (!region) {
      Refuse(
          fmt::format("backend service {} is global (it has no 'region'{}): the passthrough kind needs a regional "
                      "backend service with loadBalancingScheme INTERNAL (an internal passthrough Network Load "
                      "Balancer); a global one belongs to an Application or proxy Network Load Balancer, which "
                      "import builds as the service-lb-policy kind when you give --clients FILE (each client "
                      "location's requestsPerSecond and rttMs to every zone, which gcloud does not print) and, "
                      "if the service names one, --service-lb-policy FILE",
                      name_, scheme ? fmt::format(", loadBalancingScheme {}", *scheme) : ""));
    }
    if (scheme && *scheme != "INTERNAL") {
      Refuse(
          fmt::format("backend service {} has loadBalancingScheme {}: the passthrough kind needs INTERNAL (an "
                      "internal passthrough Network Load Balancer)",
                      name_, *scheme));
    }
    region_ = LastPathSegment(*region);
    return service;
  }

  // WithGroupUrls checks the describe output's shape and writes every
  // backend's group as a URL.
  json WithGroupUrls(const json& describe) {
    if (!describe.is_object()) {
      Refuse(fmt::format("the describe output is {}, not a backend service object", describe.type_name()));
    }
    json service = describe;
    name_ = Text(describe, "name", "the backend service's").value_or("?");
    if (const auto backends = service.find("backends"); backends != service.end() && !backends->is_null()) {
      if (!backends->is_array()) Refuse(fmt::format("'backends' is {}, not a list", backends->type_name()));
      for (std::size_t i = 0; i < backends->size(); ++i) {
        json& backend = (*backends)[i];
        const std::string what = fmt::format("backends[{}].group", i);
        if (!backend.is_object() || !backend.contains("group")) Refuse(fmt::format("{} is missing", what));
        backend["group"] = GroupUrl(backend["group"], what);
        groups_.push_back(backend["group"].get<std::string>());
      }
    }
    return service;
  }

  // ServiceLbPolicyScenario is a global backend service as the
  // service-lb-policy kind: the load balancer from its scheme and protocol,
  // each group's members and healthy members from the health output, the
  // topology from the zones of the groups and of the clients' rttMs.
  json ServiceLbPolicyScenario(const json& describe, const json& health) {
    json service = WithGroupUrls(describe);
    const std::string scheme = Text(describe, "loadBalancingScheme", "the backend service's").value_or("EXTERNAL");
    const std::string protocol = Text(describe, "protocol", "the backend service's").value_or("HTTP");
    const bool application = protocol == "HTTP" || protocol == "HTTPS" || protocol == "HTTP2" || protocol == "H2C";
    std::string load_balancer;
    if (scheme == "EXTERNAL_MANAGED")
      load_balancer = application ? "GLOBAL_EXTERNAL_APPLICATION" : "GLOBAL_EXTERNAL_PROXY_NETWORK";
    if (scheme == "INTERNAL_MANAGED")
      load_balancer = application ? "CROSS_REGION_INTERNAL_APPLICATION" : "CROSS_REGION_INTERNAL_PROXY_NETWORK";
    if (load_balancer.empty()) {
      Refuse(
          fmt::format("backend service {} is global with loadBalancingScheme {}: service LB policies apply to "
                      "EXTERNAL_MANAGED and INTERNAL_MANAGED (global external and cross-region internal "
                      "Application and proxy Network Load Balancers)",
                      name_, scheme));
    }
    const json& clients = *options_.clients;
    if (!clients.is_array())
      Refuse(fmt::format("--clients is {}, not a list of client locations", clients.type_name()));
    Health(health);
    SetHealth();
    std::map<std::string, std::pair<int, int>> counts;  // group URL → members, healthy
    for (const auto& [url, seen] : vms_) {
      auto& [members, healthy] = counts[seen.group];
      members += 1;
      if (seen.unhealthy == 0 && seen.healthy > 0) healthy += 1;
    }
    ReportMappedStates();
    std::map<std::string, std::set<std::string>> zones_of_region;
    auto add_zone = [&](const std::string& zone) {
      const std::size_t dash = zone.rfind('-');
      if (dash == std::string::npos || dash == 0) Refuse(fmt::format("'{}' is not a zone name (REGION-X)", zone));
      zones_of_region[zone.substr(0, dash)].insert(zone);
    };
    json groups = json::array();
    for (const std::string& url : groups_) {
      const auto [members, healthy] = counts[url];
      json group = {{"group", LastPathSegment(url)}, {"members", members}, {"healthy", healthy}};
      const std::string zone = ZoneInUrl(url);
      const bool endpoint_group = url.find("networkEndpointGroups") != std::string::npos;
      if (!zone.empty()) {
        group["kind"] = endpoint_group ? "ZONAL_NEG_GCE_VM_IP_PORT" : "ZONAL_INSTANCE_GROUP";
        group["zone"] = zone;
        add_zone(zone);
      } else {
        const std::string region = RegionInUrl(url);
        if (region.empty() || endpoint_group)
          Refuse("backend " + url + " is neither zonal nor a regional instance group");
        group["kind"] = "REGIONAL_MANAGED_INSTANCE_GROUP";
        group["region"] = region;
        zones_of_region[region];
      }
      groups.push_back(std::move(group));
    }
    for (const json& client : clients) {
      const auto rtt = client.is_object() ? client.find("rttMs") : client.end();
      if (!client.is_object() || rtt == client.end() || !rtt->is_object()) {
        Refuse("each client location of --clients needs rttMs: {zone: milliseconds}");
      }
      for (auto it = rtt->begin(); it != rtt->end(); ++it) add_zone(it.key());
    }
    json regions = json::array();
    for (const auto& [region, zones] : zones_of_region) {
      if (zones.empty()) Refuse("region " + region + " has a regional group but no zone in any client's rttMs");
      regions.push_back({{"name", region}, {"zones", zones}});
    }
    json scenario = {
        {"kind", "service-lb-policy"},
        {"description", fmt::format("imported from gcloud output for backend service {}{}", name_, Notes())},
        {"loadBalancer", load_balancer},
        {"backendService", std::move(service)},
        {"backendGroups", std::move(groups)},
        {"topology", {{"regions", std::move(regions)}}},
        {"clients", clients}};
    CheckPolicyNames(scenario["backendService"]);
    if (options_.service_lb_policy) scenario["serviceLbPolicy"] = *options_.service_lb_policy;
    return scenario;
  }

  // CheckPolicyNames (GAP-57): the policy given must be one the backend
  // service names, else the plan would not be the one the service runs.
  void CheckPolicyNames(const json& service) {
    std::vector<std::string> named;
    if (const auto refs = service.find("serviceLbPolicy"); refs != service.end()) {
      if (refs->is_string()) named.push_back(LastPathSegment(refs->get<std::string>()));
      if (refs->is_array()) {
        for (const json& ref : *refs) {
          if (ref.is_string()) named.push_back(LastPathSegment(ref.get<std::string>()));
        }
      }
    }
    if (!options_.service_lb_policy) {
      if (!named.empty()) {
        Warn(
            fmt::format("backend service {} names service LB policy {}: give it with --service-lb-policy FILE "
                        "(gcloud network-services service-lb-policies describe), else the scenario is refused "
                        "(MISSING_FIELD, GAP-57)",
                        name_, fmt::join(named, ", ")));
      }
      return;
    }
    const json& policy = *options_.service_lb_policy;
    const auto name = policy.is_object() ? policy.find("name") : policy.end();
    const std::string given =
        name != policy.end() && name->is_string() ? LastPathSegment(name->get<std::string>()) : "policy";
    if (std::find(named.begin(), named.end(), given) == named.end()) {
      Refuse(
          fmt::format("--service-lb-policy gives policy '{}', but backend service {} names {}: the plan would "
                      "not be the one the service runs (GAP-57); give the policy the backend service names",
                      given, name_, named.empty() ? std::string("none") : fmt::format("{}", fmt::join(named, ", "))));
    }
  }

  void Health(const json& health) {
    if (health.is_array()) {
      for (std::size_t i = 0; i < health.size(); ++i) GcloudEntry(health[i], i);
    } else if (health.is_object() && health.contains("backend")) {
      GcloudEntry(health, 0);  // gcloud's YAML prints one document per backend: one backend, one object
    } else if (health.is_object() && (health.contains("healthStatus") || health.contains("kind"))) {
      RawResponse(health);
    } else {
      Refuse(
          "the health output is neither gcloud's get-health list of {backend, status} nor the API's getHealth "
          "response {healthStatus: [...]}");
    }
  }

  json Instances() {
    json instances = json::array();
    for (const auto& [url, seen] : vms_) {
      if (seen.zone.empty()) Refuse("instance " + url + " has no zone in its URL");
      if (seen.healthy > 0 && seen.unhealthy > 0) {
        Warn(
            fmt::format("{}: {} forwarding rule(s) report HEALTHY and {} UNHEALTHY; taken as UNHEALTHY (use "
                        "--forwarding-rule to pick one)",
                        LastPathSegment(url), seen.healthy, seen.unhealthy));
      }
      instances.push_back({{"name", LastPathSegment(url)},
                           {"zone", seen.zone},
                           {"group", seen.group},
                           {"healthState", seen.unhealthy == 0 && seen.healthy > 0 ? "HEALTHY" : "UNHEALTHY"}});
    }
    ReportMappedStates();
    return instances;
  }

  void ReportMappedStates() {
    for (const auto& [state, vms] : mapped_states_) {
      if (vms.empty()) continue;  // each overridden by --set-health
      const StateReading& reading = ReadState(state, "");
      Warn(fmt::format("{} reported {}: taken as UNHEALTHY ({})", fmt::join(vms, ", "), state, reading.why));
    }
  }

  // SetHealth applies --set-health: each named VM takes the state given, as if
  // every report of it said so.
  void SetHealth() {
    for (const auto& [vm, state] : options_.set_health) {
      const StateReading* reading = nullptr;
      std::vector<std::string> states;
      for (const StateReading& each : kStateReadings) {
        states.emplace_back(each.state);
        if (state == each.state) reading = &each;
      }
      if (reading == nullptr) {
        Refuse(fmt::format("--set-health {}={}: '{}' is not one of {}{}", vm, state, state, fmt::join(states, ", "),
                           DidYouMean(state, states)));
      }
      std::vector<std::string> names;
      bool found = false;
      for (auto& [url, seen] : vms_) {
        names.push_back(LastPathSegment(url));
        if (names.back() != vm && url != vm) continue;
        found = true;
        seen.healthy = reading->healthy ? 1 : 0;
        seen.unhealthy = reading->healthy ? 0 : 1;
      }
      if (!found) {
        Refuse(fmt::format("--set-health {}: no VM of that name in the health output{}", vm, DidYouMean(vm, names)));
      }
      for (auto& [reported, vms] : mapped_states_) vms.erase(vm);
      what_if_.push_back(fmt::format("{} {}", vm, reading->state));
      if (*reading->why != '\0') {
        Warn(fmt::format("--set-health {}={}: taken as UNHEALTHY ({})", vm, reading->state, reading->why));
      }
    }
  }

  // Notes is what the scenario's description adds to its origin: the states
  // reported that the scenario cannot hold, and the what-if changes.
  std::string Notes() const {
    std::string notes;
    for (const auto& [state, vms] : mapped_states_) {
      if (!vms.empty()) notes += fmt::format("; {} reported {} (UNHEALTHY here)", fmt::join(vms, ", "), state);
    }
    if (!what_if_.empty()) notes += fmt::format("; what if (--set-health): {}", fmt::join(what_if_, ", "));
    return notes;
  }

  // ClientZones lists the zones of the VMs, for the message that asks for one.
  std::string Zones() const {
    std::set<std::string> zones;
    for (const auto& [url, seen] : vms_) zones.insert(seen.zone);
    return fmt::format("{}", fmt::join(zones, ", "));
  }

  const std::string& region() const { return region_; }
  const std::string& name() const { return name_; }

 private:
  void Warn(std::string warning) { result_.warnings.push_back(std::move(warning)); }

  void GcloudEntry(const json& entry, std::size_t index) {
    const std::string what = fmt::format("get-health entry {}", index);
    if (!entry.is_object() || !entry.contains("backend")) Refuse(fmt::format("{} has no 'backend'", what));
    const std::string group = GroupUrl(entry["backend"], what + " 'backend'");
    const auto status = entry.find("status");
    if (status == entry.end() || status->is_null()) {
      Warn("group " + LastPathSegment(group) + " reports no status: no instances");
      return;
    }
    if (!status->is_object()) Refuse(fmt::format("{} 'status' is {}, not an object", what, status->type_name()));
    Statuses(*status, group);
  }

  void RawResponse(const json& response) {
    std::string group = options_.group;
    if (group.empty() && groups_.size() == 1) group = groups_.front();
    Statuses(response, group);
  }

  // Statuses reads one group's {healthStatus: [...]}; an empty `group` means
  // the group is the one backend in each instance's zone.
  void Statuses(const json& status, const std::string& group) {
    const auto list = status.find("healthStatus");
    if (list == status.end() || list->is_null()) {
      Warn("group " + (group.empty() ? std::string("?") : LastPathSegment(group)) +
           " reports no healthStatus: no instances");
      return;
    }
    if (!list->is_array()) Refuse(fmt::format("healthStatus of {} is {}, not a list", group, list->type_name()));
    for (const json& h : *list) {
      if (!h.is_object()) Refuse(fmt::format("a healthStatus entry of {} is {}, not an object", group, h.type_name()));
      const std::optional<std::string> instance = Text(h, "instance", "a healthStatus entry's");
      if (!instance) Refuse("a healthStatus entry of " + group + " has no instance");
      const std::string rule = LastPathSegment(Text(h, "forwardingRule", "a healthStatus entry's").value_or(""));
      if (!options_.forwarding_rule.empty() && rule != options_.forwarding_rule) continue;
      const std::optional<std::string> state = Text(h, "healthState", "a healthStatus entry's");
      const StateReading& reading = ReadState(state, *instance);
      if (*reading.why != '\0') mapped_states_[reading.state].insert(LastPathSegment(*instance));
      Seen& seen = vms_[*instance];
      seen.zone = ZoneInUrl(*instance);
      seen.group = group.empty() ? GroupInZone(seen.zone, *instance) : group;
      (reading.healthy ? seen.healthy : seen.unhealthy) += 1;
    }
  }

  std::string GroupInZone(const std::string& zone, const std::string& instance) {
    std::vector<std::string> matches;
    for (const std::string& group : groups_) {
      if (!zone.empty() && ZoneInUrl(group) == zone) matches.push_back(group);
    }
    if (matches.size() != 1) {
      Refuse(
          fmt::format("the getHealth response does not say which group {} belongs to and {} backends are in its "
                      "zone: pass --group NAME",
                      LastPathSegment(instance), matches.size()));
    }
    return matches.front();
  }

  const ImportOptions& options_;
  ImportResult& result_;
  std::vector<std::string> groups_;
  std::map<std::string, Seen> vms_;                             // by instance URL
  std::map<std::string, std::set<std::string>> mapped_states_;  // DRAINING etc. → VMs
  std::vector<std::string> what_if_;                            // "vm STATE" per --set-health
  std::string region_;
  std::string name_;
};

}  // namespace

ImportResult ImportGcloud(const json& describe, const json& health, const ImportOptions& options) {
  ImportResult result;
  try {
    Importer importer(options, result);
    const bool global = describe.is_object() && (!describe.contains("region") || describe["region"].is_null());
    if (global && options.clients) {
      result.scenario = importer.ServiceLbPolicyScenario(describe, health);
      return result;
    }
    json service = importer.Service(describe);
    importer.Health(health);
    importer.SetHealth();
    json instances = importer.Instances();
    if (options.client_type == "VM" && options.client_zone.empty()) {
      Refuse(
          fmt::format("the client is a VM (--client-type VM, the default) and a VM's zone decides zonal affinity: give "
                      "--client-zone ZONE (the backends' zones: {}), or --client-type for a client that is not a VM",
                      importer.Zones()));
    }
    json client = {{"type", options.client_type}};
    if (!options.client_zone.empty()) client["zone"] = options.client_zone;
    if (!options.client_region.empty()) {
      client["region"] = options.client_region;
    } else if (options.client_type != "VM") {
      client["region"] = importer.region();
    }
    result.scenario = json{{"kind", "passthrough"},
                           {"description", fmt::format("imported from gcloud output for backend service {}{}",
                                                       importer.name(), importer.Notes())},
                           {"backendService", std::move(service)},
                           {"instances", std::move(instances)},
                           {"client", std::move(client)}};
  } catch (const ImportFailure& failure) {
    result.error = failure.message;
    result.scenario.reset();
  }
  return result;
}

}  // namespace lbconform
