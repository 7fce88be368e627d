#include "check/slb_forms.h"

#include <algorithm>
#include <map>

namespace lbconform::check {
namespace {

using nlohmann::json;

const char* const kComputeUrl = "https://www.googleapis.com/compute/v1/projects/check/";

// Say adds a boundary class once.
void Say(std::vector<std::string>& boundaries, const char* boundary) {
  if (std::find(boundaries.begin(), boundaries.end(), boundary) == boundaries.end()) boundaries.emplace_back(boundary);
}

bool IsNumber(const json* value, double number) {
  return value != nullptr && value->is_number() && value->get<double>() == number;
}

json* Array(json& object, const char* key) {
  json* array = forms::Member(object, key);
  return array != nullptr && array->is_array() ? array : nullptr;
}

// EraseIf leaves `key` out of `object` when `holds` says its value is the default.
template <typename Holds>
void EraseIf(json& object, const char* key, Holds holds, std::vector<std::string>& boundaries, const char* boundary) {
  json* value = forms::Member(object, key);
  if (value == nullptr || !holds(value)) return;
  object.erase(key);
  Say(boundaries, boundary);
}

// The backends' Compute API fields (SL-1.3): defaults left out or written
// as the API's unspecified value, and maximums the mode does not read.
void RewriteBackends(const SlbForm& form, json& document, std::vector<std::string>& boundaries) {
  json* service = forms::Member(document, "backendService");
  json* backends = service == nullptr ? nullptr : Array(*service, "backends");
  if (backends == nullptr) return;
  for (json& backend : *backends) {
    if (!backend.is_object()) continue;
    json* mode = forms::Member(backend, "balancingMode");
    if (form.unused_maximums && mode != nullptr && mode->is_string()) {
      const std::string m = mode->get<std::string>();
      bool added = true;
      if (m == "RATE") {
        backend["maxUtilization"] = "unused";
        backend["maxConnections"] = -1;
        if (backend.contains("maxRate")) backend["maxRatePerEndpoint"] = -1;
      } else if (m == "CONNECTION") {
        backend["maxRate"] = -1;
        backend["maxUtilization"] = 7;
        if (backend.contains("maxConnections")) backend["maxConnectionsPerEndpoint"] = -1;
      } else if (m == "UTILIZATION") {
        backend["maxRatePerInstance"] = -1;
        backend["maxConnections"] = "unused";
      } else {
        added = false;
      }
      if (added) Say(boundaries, "document: maximums the balancing mode does not read");
    }
    if (form.omit_backend_defaults) {
      EraseIf(
          backend, "balancingMode", [](const json* v) { return forms::IsString(v, "UTILIZATION"); }, boundaries,
          "document: balancingMode UTILIZATION omitted");
      EraseIf(
          backend, "capacityScaler", [](const json* v) { return IsNumber(v, 1.0); }, boundaries,
          "document: capacityScaler 1 omitted");
      EraseIf(
          backend, "preference", [](const json* v) { return forms::IsString(v, "DEFAULT"); }, boundaries,
          "document: preference DEFAULT omitted");
    }
    if (form.unspecified_values && forms::IsString(forms::Member(backend, "preference"), "DEFAULT")) {
      backend["preference"] = "PREFERENCE_UNSPECIFIED";
      Say(boundaries, "document: preference PREFERENCE_UNSPECIFIED for DEFAULT");
    }
  }
}

// GroupUrls: each backend's group URL by its last path segment.
std::map<std::string, std::string> GroupUrls(json& document) {
  std::map<std::string, std::string> urls;
  json* service = forms::Member(document, "backendService");
  json* backends = service == nullptr ? nullptr : Array(*service, "backends");
  if (backends == nullptr) return urls;
  for (json& backend : *backends) {
    json* group = forms::Member(backend, "group");
    if (group == nullptr || !group->is_string()) continue;
    const std::string url = group->get<std::string>();
    urls[url.substr(url.rfind('/') + 1)] = url;
  }
  return urls;
}

// OmitGroupDefaults: healthy equal to members (SL-1.4-f), a report's members
// unchanged (SL-1.4-h), a zone the backend's group URL gives (SL-1.4-c).
void OmitGroupDefaults(const SlbForm& form, json& group, const std::map<std::string, std::string>& urls,
                       std::vector<std::string>& boundaries) {
  json* members = forms::Member(group, "members");
  if (members == nullptr || !members->is_number_integer()) return;
  const json initial = *members;
  EraseIf(
      group, "healthy", [&](const json* v) { return *v == initial; }, boundaries,
      "document: healthy equal to members omitted");
  json previous = initial;
  if (json* health = Array(group, "health"); health != nullptr) {
    for (json& report : *health) {
      json* now = forms::Member(report, "members");
      if (now == nullptr) continue;
      const json was = previous;
      previous = *now;
      EraseIf(
          report, "members", [&](const json* v) { return *v == was; }, boundaries,
          "document: a health report's unchanged members omitted");
    }
  }
  json* name = forms::Member(group, "group");
  json* zone = forms::Member(group, "zone");
  if (form.region_beside_zone || name == nullptr || !name->is_string() || zone == nullptr || !zone->is_string()) return;
  const auto url = urls.find(name->get<std::string>());
  if (url != urls.end() && url->second.find("zones/" + zone->get<std::string>() + "/") != std::string::npos) {
    group.erase("zone");
    Say(boundaries, "document: backendGroups zone left to the group URL");
  }
}

// ZoneRegions: the region of each topology zone.
std::map<std::string, std::string> ZoneRegions(json& document) {
  std::map<std::string, std::string> regions;
  json* topology = forms::Member(document, "topology");
  json* list = topology == nullptr ? nullptr : Array(*topology, "regions");
  if (list == nullptr) return regions;
  for (json& region : *list) {
    json* name = forms::Member(region, "name");
    json* zones = forms::Member(region, "zones");
    if (name == nullptr || !name->is_string() || zones == nullptr || !zones->is_array()) continue;
    for (json& zone : *zones) {
      if (zone.is_string()) regions[zone.get<std::string>()] = name->get<std::string>();
    }
  }
  return regions;
}

// RewriteGroups: lbconform's own backendGroups entries (SL-1.4).
void RewriteGroups(const SlbForm& form, json& document, std::vector<std::string>& boundaries) {
  json* groups = Array(document, "backendGroups");
  if (groups == nullptr) return;
  const std::map<std::string, std::string> urls = GroupUrls(document), regions = ZoneRegions(document);
  for (json& group : *groups) {
    if (!group.is_object()) continue;
    json* zone = forms::Member(group, "zone");
    const std::string zone_name = zone != nullptr && zone->is_string() ? zone->get<std::string>() : "";
    if (form.region_beside_zone && !zone_name.empty() && !group.contains("region") && regions.contains(zone_name)) {
      group["region"] = regions.at(zone_name);
      Say(boundaries, "document: backendGroups region given beside its zone");
    }
    if (form.omit_group_defaults) OmitGroupDefaults(form, group, urls, boundaries);
    if (!form.urls) continue;
    json* name = forms::Member(group, "group");
    if (name != nullptr && name->is_string() && !zone_name.empty()) {
      *name = "projects/check/zones/" + zone_name + "/instanceGroups/" + name->get<std::string>();
      Say(boundaries, "document: backendGroups name groups by URL");
    }
    for (const char* key : {"zone", "region"}) {
      json* place = forms::Member(group, key);
      if (place == nullptr || !place->is_string()) continue;
      *place = std::string("projects/check/") + (key == std::string("zone") ? "zones/" : "regions/") +
               place->get<std::string>();
      Say(boundaries, "document: backendGroups zones and regions as URLs");
    }
  }
}

// RewritePolicy: serviceLbPolicy's defaults, unspecified values and proto
// field names (SL-1.5), and how the backend service names it (SL-1.3-c).
void RewritePolicy(const SlbForm& form, json& document, std::vector<std::string>& boundaries) {
  json* policy = forms::Member(document, "serviceLbPolicy");
  if (policy != nullptr && policy->is_object()) {
    if (form.unspecified_values && !policy->contains("loadBalancingAlgorithm")) {
      (*policy)["loadBalancingAlgorithm"] = "LOAD_BALANCING_ALGORITHM_UNSPECIFIED";
      Say(boundaries, "document: loadBalancingAlgorithm LOAD_BALANCING_ALGORITHM_UNSPECIFIED for unset");
    }
    if (form.unspecified_values && !policy->contains("failoverConfig")) {
      (*policy)["failoverConfig"] = {{"failoverHealthThreshold", 0}};
      Say(boundaries, "document: failoverHealthThreshold 0 for unset");
    }
    if (form.omit_policy_defaults) {
      json* drain = forms::Member(*policy, "autoCapacityDrain");
      if (drain != nullptr && drain->is_object() && drain->size() == 1 && (*drain)["enable"] == false) {
        policy->erase("autoCapacityDrain");
        Say(boundaries, "document: autoCapacityDrain false omitted");
      }
      if (json* isolation = forms::Member(*policy, "isolationConfig"); isolation != nullptr && isolation->is_object()) {
        EraseIf(
            *isolation, "isolationGranularity",
            [](const json* v) { return forms::IsString(v, "ISOLATION_GRANULARITY_UNSPECIFIED"); }, boundaries,
            "document: isolationGranularity UNSPECIFIED omitted");
        EraseIf(
            *isolation, "isolationMode", [](const json* v) { return forms::IsString(v, "ISOLATION_MODE_UNSPECIFIED"); },
            boundaries, "document: isolationMode UNSPECIFIED omitted");
      }
    }
    json* name = forms::Member(*policy, "name");
    if (form.policy_references && name != nullptr && name->is_string() &&
        name->get<std::string>().find('/') == std::string::npos) {
      *name = "projects/check/locations/global/serviceLbPolicies/" + name->get<std::string>();
      Say(boundaries, "document: policy name as a URL");
    }
  }
  json* service = forms::Member(document, "backendService");
  json* refs = service == nullptr ? nullptr : forms::Member(*service, "serviceLbPolicy");
  if (form.policy_references && refs != nullptr && (refs->is_string() || refs->is_array())) {
    json bare = json::array();
    for (const json& ref : refs->is_string() ? json::array({*refs}) : *refs) {
      if (!ref.is_string()) return;
      const std::string text = ref.get<std::string>();
      bare.push_back(text.substr(text.rfind('/') + 1));
    }
    *refs = bare;
    Say(boundaries, "document: policy named by its bare name in an array");
  }
}

// ProtoNames renames the policy's fields to their proto field names (SL-1.5-a).
void ProtoNames(json& document, std::vector<std::string>& boundaries) {
  json* policy = forms::Member(document, "serviceLbPolicy");
  if (policy == nullptr || !policy->is_object()) return;
  static const std::pair<const char*, const char*> kNames[] = {{"loadBalancingAlgorithm", "load_balancing_algorithm"},
                                                               {"autoCapacityDrain", "auto_capacity_drain"},
                                                               {"failoverConfig", "failover_config"},
                                                               {"failoverHealthThreshold", "failover_health_threshold"},
                                                               {"isolationConfig", "isolation_config"},
                                                               {"isolationGranularity", "isolation_granularity"},
                                                               {"isolationMode", "isolation_mode"}};
  auto rename = [&](json& object) {
    for (const auto& [json_name, proto_name] : kNames) {
      if (!object.contains(json_name)) continue;
      object[proto_name] = object[json_name];
      object.erase(json_name);
      Say(boundaries, "document: serviceLbPolicy fields under proto names");
    }
  };
  for (const char* inner : {"failoverConfig", "isolationConfig"}) {
    if (json* object = forms::Member(*policy, inner); object != nullptr && object->is_object()) rename(*object);
  }
  rename(*policy);
}

// Urls: the backends' groups (SL-1.3-e) and the topology's regions (SL-1.2-a) as URLs.
void Urls(json& document, std::vector<std::string>& boundaries) {
  json* service = forms::Member(document, "backendService");
  if (json* backends = service == nullptr ? nullptr : Array(*service, "backends"); backends != nullptr) {
    for (json& backend : *backends) {
      json* group = forms::Member(backend, "group");
      if (group == nullptr || !group->is_string() || !group->get<std::string>().starts_with("zones/")) continue;
      *group = kComputeUrl + group->get<std::string>();
      Say(boundaries, "document: backends' groups as full URLs");
    }
  }
  json* topology = forms::Member(document, "topology");
  if (json* regions = topology == nullptr ? nullptr : Array(*topology, "regions"); regions != nullptr) {
    for (json& region : *regions) {
      json* name = forms::Member(region, "name");
      if (name == nullptr || !name->is_string() || name->get<std::string>().find('/') != std::string::npos) continue;
      *name = "projects/check/regions/" + name->get<std::string>();
      Say(boundaries, "document: topology regions named by URL");
    }
  }
}

// OmitAt leaves out a plan time equal to its default, the latest report (SL-1.1-j).
void OmitAt(json& document, std::vector<std::string>& boundaries) {
  json* at = forms::Member(document, "at");
  json* groups = Array(document, "backendGroups");
  if (at == nullptr || !at->is_number_integer() || groups == nullptr) return;
  std::int64_t latest = 0;
  for (json& group : *groups) {
    json* health = Array(group, "health");
    if (health == nullptr) continue;
    for (json& report : *health) {
      json* when = forms::Member(report, "at");
      if (when == nullptr || !when->is_number_integer()) return;
      latest = std::max(latest, when->get<std::int64_t>());
    }
  }
  if (at->get<std::int64_t>() != latest) return;
  document.erase("at");
  Say(boundaries, "document: at omitted (the latest health report)");
}

void Reorder(json& document, std::uint32_t seed, bool groups, bool topology, std::vector<std::string>& boundaries) {
  json* entries = Array(document, "backendGroups");
  if (groups && entries != nullptr && entries->size() >= 2) {
    forms::Reorder(*entries, seed);
    Say(boundaries, "document: backendGroups in another order");
  }
  json* topology_object = forms::Member(document, "topology");
  json* regions = topology_object == nullptr ? nullptr : Array(*topology_object, "regions");
  if (!topology || regions == nullptr) return;
  bool reordered = regions->size() >= 2;
  forms::Reorder(*regions, seed ^ 0x68E31DA4U);
  for (json& region : *regions) {
    json* zones = forms::Member(region, "zones");
    if (zones == nullptr || !zones->is_array() || zones->size() < 2) continue;
    forms::Reorder(*zones, seed ^ 0x1B56C4E9U);
    reordered = true;
  }
  if (reordered) Say(boundaries, "document: topology in another order");
}

// Nulls gives absent optional fields as null (SL-1-a): at the top level, in
// the backends and in backendGroups.
void Nulls(json& document, std::vector<std::string>& boundaries) {
  auto null_for = [&](json& object, std::initializer_list<const char*> keys) {
    if (!object.is_object()) return;
    for (const char* key : keys) {
      if (object.contains(key)) continue;
      object[key] = nullptr;
      Say(boundaries, "document: null for absent optional fields");
    }
  };
  null_for(document, {"description", "serviceLbPolicy", "readings", "at"});
  json* service = forms::Member(document, "backendService");
  if (json* backends = service == nullptr ? nullptr : Array(*service, "backends"); backends != nullptr) {
    for (json& backend : *backends) null_for(backend, {"balancingMode", "capacityScaler", "preference"});
  }
  if (json* groups = Array(document, "backendGroups"); groups != nullptr) {
    for (json& group : *groups) null_for(group, {"healthy", "health", "zone", "region"});
  }
}

}  // namespace

bool SlbForm::Canonical() const {
  return !omit_backend_defaults && !unspecified_values && !omit_group_defaults && !region_beside_zone && !omit_at &&
         !omit_policy_defaults && !proto_names && !urls && !policy_references && !unused_maximums && !whole_numbers &&
         !reorder_groups && !reorder_topology && !nulls && !description;
}

void ApplySlbForm(const SlbForm& form, json& document, std::vector<std::string>& boundaries) {
  if (!document.is_object()) return;
  if (!forms::Rejected(boundaries)) {
    Reorder(document, form.order_seed, form.reorder_groups, form.reorder_topology, boundaries);
  }
  RewriteBackends(form, document, boundaries);
  RewriteGroups(form, document, boundaries);
  RewritePolicy(form, document, boundaries);
  if (form.proto_names) ProtoNames(document, boundaries);
  if (form.urls) Urls(document, boundaries);
  if (form.omit_at) OmitAt(document, boundaries);
  if (form.whole_numbers && forms::WholeNumbersAsIntegers(document))
    Say(boundaries, "document: whole decimals written as integers");
  if (form.nulls) Nulls(document, boundaries);
  if (form.description && !document.contains("description")) {
    document["description"] = "rewritten in another form by lbconform check";
    Say(boundaries, "document: description given");
  }
}

rc::Gen<SlbForm> GenSlbForm() {
  using forms::OneIn;
  return rc::gen::exec([] {
    SlbForm form;
    if (!*OneIn(3)) return form;
    form.omit_backend_defaults = *OneIn(2);
    form.unspecified_values = *OneIn(3);
    form.omit_group_defaults = *OneIn(2);
    form.region_beside_zone = *OneIn(4);
    form.omit_at = *OneIn(2);
    form.omit_policy_defaults = *OneIn(2);
    form.proto_names = *OneIn(3);
    form.urls = *OneIn(3);
    form.policy_references = *OneIn(3);
    form.unused_maximums = *OneIn(3);
    form.whole_numbers = *OneIn(3);
    form.reorder_groups = *OneIn(3);
    form.reorder_topology = *OneIn(3);
    form.order_seed = *rc::gen::resize(rc::kNominalSize, rc::gen::arbitrary<std::uint32_t>());
    form.nulls = *OneIn(3);
    form.description = *OneIn(4);
    return form;
  });
}

rc::Gen<CheckCase> WithSlbForms(rc::Gen<CheckCase> base) {
  return forms::WithForms(std::move(base), GenSlbForm(), 0x3C6EF372FE94F82BULL,
                          [](const SlbForm& form, CheckCase& c) { ApplySlbForm(form, c.document, c.boundaries); });
}

}  // namespace lbconform::check
