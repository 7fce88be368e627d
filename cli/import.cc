#include "cli/import.h"

#include "documents/scenario_json.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <map>
#include <set>

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
    {"DRAINING", false, "a draining VM keeps its connections but is refused new ones"},
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

  // Service is the describe output with every backend's group as a URL.
  json Service(const json& describe) {
    if (!describe.is_object()) {
      Refuse(fmt::format("the describe output is {}, not a backend service object", describe.type_name()));
    }
    json service = describe;
    const std::string name = Text(describe, "name", "the backend service's").value_or("?");
    const std::optional<std::string> scheme = Text(describe, "loadBalancingScheme", "the backend service's");
    const std::optional<std::string> region = Text(describe, "region", "the backend service's");
    if (!region) {
      Refuse(fmt::format("backend service {} is global (it has no 'region'{}): the passthrough kind that import builds "
                         "needs a regional backend service with loadBalancingScheme INTERNAL (an internal "
                         "passthrough Network Load Balancer); a global one belongs to an Application or proxy "
                         "Network Load Balancer (service LB policies: the service-lb-policy kind, which "
                         "import does not build yet)",
                         name, scheme ? fmt::format(", loadBalancingScheme {}", *scheme) : ""));
    }
    if (scheme && *scheme != "INTERNAL") {
      Refuse(fmt::format("backend service {} has loadBalancingScheme {}: the passthrough kind needs INTERNAL (an "
                         "internal passthrough Network Load Balancer)",
                         name, *scheme));
    }
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
    region_ = LastPathSegment(*region);
    name_ = name;
    return service;
  }

  void Health(const json& health) {
    if (health.is_array()) {
      for (std::size_t i = 0; i < health.size(); ++i) GcloudEntry(health[i], i);
    } else if (health.is_object() && (health.contains("healthStatus") || health.contains("kind"))) {
      RawResponse(health);
    } else {
      Refuse("the health output is neither gcloud's get-health list of {backend, status} nor the API's getHealth "
             "response {healthStatus: [...]}");
    }
  }

  json Instances() {
    json instances = json::array();
    for (const auto& [url, seen] : vms_) {
      if (seen.zone.empty()) Refuse("instance " + url + " has no zone in its URL");
      if (seen.healthy > 0 && seen.unhealthy > 0) {
        Warn(fmt::format("{}: {} forwarding rule(s) report HEALTHY and {} UNHEALTHY; taken as UNHEALTHY (use "
                         "--forwarding-rule to pick one)",
                         LastPathSegment(url), seen.healthy, seen.unhealthy));
      }
      instances.push_back({{"name", LastPathSegment(url)},
                           {"zone", seen.zone},
                           {"group", seen.group},
                           {"healthState", seen.unhealthy == 0 && seen.healthy > 0 ? "HEALTHY" : "UNHEALTHY"}});
    }
    for (const auto& [state, vms] : mapped_states_) {
      const StateReading& reading = ReadState(state, "");
      Warn(fmt::format("{} reported {}: taken as UNHEALTHY ({})", fmt::join(vms, ", "), state, reading.why));
    }
    return instances;
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
      Warn("group " + (group.empty() ? std::string("?") : LastPathSegment(group)) + " reports no healthStatus: no instances");
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
      Refuse(fmt::format("the getHealth response does not say which group {} belongs to and {} backends are in its "
                         "zone: pass --group NAME",
                         LastPathSegment(instance), matches.size()));
    }
    return matches.front();
  }

  const ImportOptions& options_;
  ImportResult& result_;
  std::vector<std::string> groups_;
  std::map<std::string, Seen> vms_;  // by instance URL
  std::map<std::string, std::set<std::string>> mapped_states_;  // DRAINING etc. → VMs
  std::string region_;
  std::string name_;
};

}  // namespace

ImportResult ImportGcloud(const json& describe, const json& health, const ImportOptions& options) {
  ImportResult result;
  try {
    Importer importer(options, result);
    json service = importer.Service(describe);
    importer.Health(health);
    json instances = importer.Instances();
    json client = {{"type", options.client_type}};
    if (!options.client_zone.empty()) client["zone"] = options.client_zone;
    if (!options.client_region.empty()) {
      client["region"] = options.client_region;
    } else if (options.client_type != "VM") {
      client["region"] = importer.region();
    }
    result.scenario = json{{"kind", "passthrough"},
                           {"description", fmt::format("imported from gcloud output for backend service {}", importer.name())},
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
