#include "cli/import.h"

#include "documents/scenario_json.h"

#include <fmt/format.h>

#include <map>

namespace lbconform {

using nlohmann::json;

ImportResult ImportGcloud(const json& describe, const json& health, const ImportOptions& options) {
  ImportResult result;
  if (!describe.is_object() || !describe.contains("backends") || !describe.contains("region")) {
    result.error = "the describe output is not a regional backend service (no 'backends' or 'region')";
    return result;
  }
  if (!health.is_array()) {
    result.error = "the get-health output is not a list of {backend, status}";
    return result;
  }
  struct Seen {
    std::string zone;
    std::string group;
    int healthy = 0;
    int unhealthy = 0;
  };
  std::map<std::string, Seen> vms;  // by instance URL
  for (const json& entry : health) {
    if (!entry.is_object() || !entry.contains("backend") || !entry["backend"].is_string()) {
      result.error = "a get-health entry has no 'backend'";
      return result;
    }
    const std::string group = entry["backend"].get<std::string>();
    const json status = entry.value("status", json::object());
    if (!status.is_object() || !status.contains("healthStatus")) {
      result.warnings.push_back("group " + LastPathSegment(group) + " reports no healthStatus: no instances");
      continue;
    }
    if (!status["healthStatus"].is_array()) {
      result.error = "healthStatus of " + group + " is not a list";
      return result;
    }
    for (const json& h : status["healthStatus"]) {
      if (!h.is_object() || !h.contains("instance") || !h["instance"].is_string()) {
        result.error = "a healthStatus entry of " + group + " has no instance";
        return result;
      }
      const std::string rule = LastPathSegment(h.value("forwardingRule", std::string()));
      if (!options.forwarding_rule.empty() && rule != options.forwarding_rule) continue;
      const std::string instance = h["instance"].get<std::string>();
      Seen& seen = vms[instance];
      seen.zone = ZoneInUrl(instance);
      seen.group = group;
      (h.value("healthState", std::string()) == "HEALTHY" ? seen.healthy : seen.unhealthy) += 1;
    }
  }
  json instances = json::array();
  for (const auto& [url, seen] : vms) {
    if (seen.zone.empty()) {
      result.error = "instance " + url + " has no zone in its URL";
      return result;
    }
    if (seen.healthy > 0 && seen.unhealthy > 0) {
      result.warnings.push_back(fmt::format("{}: {} forwarding rule(s) report HEALTHY and {} UNHEALTHY; taken as "
                                            "UNHEALTHY (use --forwarding-rule to pick one)",
                                            LastPathSegment(url), seen.healthy, seen.unhealthy));
    }
    instances.push_back({{"name", LastPathSegment(url)},
                         {"zone", seen.zone},
                         {"group", seen.group},
                         {"healthState", seen.unhealthy == 0 && seen.healthy > 0 ? "HEALTHY" : "UNHEALTHY"}});
  }
  json client = {{"type", options.client_type}};
  if (!options.client_zone.empty()) client["zone"] = options.client_zone;
  if (!options.client_region.empty()) {
    client["region"] = options.client_region;
  } else if (options.client_type != "VM") {
    client["region"] = LastPathSegment(describe["region"].get<std::string>());
  }
  result.scenario = json{{"kind", "passthrough"},
                         {"description", fmt::format("imported from gcloud output for backend service {}",
                                                     describe.value("name", std::string("?")))},
                         {"backendService", describe},
                         {"instances", instances},
                         {"client", client}};
  return result;
}

}  // namespace lbconform
