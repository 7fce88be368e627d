#include "check/document_forms.h"

#include <map>

namespace lbconform::check {
namespace {

using nlohmann::json;

// Member: the member `key` of `object`, when both exist.
json* Member(json& object, const char* key) {
  if (!object.is_object()) return nullptr;
  const auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

std::string LastSegment(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The zone and the name of a group URL ".../zones/Z/instanceGroups/N", or empty.
std::pair<std::string, std::string> ZoneAndName(const std::string& url) {
  const std::string zones = "zones/", groups = "/instanceGroups/";
  const std::size_t at = url.starts_with(zones) ? 0 : url.find("/" + zones);
  if (at == std::string::npos) return {};
  const std::size_t zone_start = at == 0 ? zones.size() : at + 1 + zones.size();
  const std::size_t groups_at = url.find(groups, zone_start);
  if (groups_at == std::string::npos) return {};
  const std::string name = url.substr(groups_at + groups.size());
  if (name.empty() || name.find('/') != std::string::npos) return {};
  return {url.substr(zone_start, groups_at - zone_start), name};
}

std::string PartialGroupUrl(const std::string& zone, const std::string& name) {
  return "zones/" + zone + "/instanceGroups/" + name;
}

// RewriteGroups: every group URL of the backends in the form's shape, and
// the instances' references to them (a reference equal to a backend's URL).
void RewriteGroups(const DocumentForm& form, json& document, std::vector<std::string>& boundaries) {
  json* service = Member(document, "backendService");
  json* backends = service == nullptr ? nullptr : Member(*service, "backends");
  if (backends == nullptr || !backends->is_array()) return;
  std::map<std::string, std::string> backend_url, instance_ref;  // old URL -> new
  std::map<std::string, int> names_in_zone;
  for (json& backend : *backends) {
    json* group = Member(backend, "group");
    if (group == nullptr || !group->is_string()) continue;
    const std::string old_url = group->get<std::string>();
    auto [zone, name] = ZoneAndName(old_url);
    if (zone.empty()) continue;
    if (!backend_url.contains(old_url)) {
      if (form.shared_group_names) name = "ig-" + std::to_string(names_in_zone[zone]++);
      const std::string partial = PartialGroupUrl(zone, name);
      backend_url[old_url] =
          form.full_group_urls ? "https://www.googleapis.com/compute/v1/projects/check/" + partial : partial;
      instance_ref[old_url] = partial;
    }
    *group = backend_url[old_url];
  }
  json* instances = Member(document, "instances");
  if (instances == nullptr || !instances->is_array()) return;
  for (json& vm : *instances) {
    json* group = Member(vm, "group");
    if (group == nullptr || !group->is_string()) continue;
    const auto it = instance_ref.find(group->get<std::string>());
    if (it != instance_ref.end()) *group = it->second;
  }
  if (form.full_group_urls) boundaries.push_back("document: backends' groups as full URLs");
  if (form.shared_group_names) boundaries.push_back("document: one group name in several zones");
}

// MoveZoneBesideRegion renames the last instance's zone R-x to R0-x (us-west1-b
// to us-west10-b): a zone whose name starts with the region's but is not in it.
void MoveZoneBesideRegion(json& document, std::vector<std::string>& boundaries) {
  json* service = Member(document, "backendService");
  json* region_field = service == nullptr ? nullptr : Member(*service, "region");
  json* instances = Member(document, "instances");
  if (region_field == nullptr || !region_field->is_string() || instances == nullptr || !instances->is_array() ||
      instances->empty()) {
    return;
  }
  const std::string region = LastSegment(region_field->get<std::string>());
  json* last_zone = Member(instances->back(), "zone");
  if (last_zone == nullptr || !last_zone->is_string()) return;
  const std::string zone = last_zone->get<std::string>();
  if (!zone.starts_with(region + "-")) return;
  const std::string moved = region + "0" + zone.substr(region.size());
  auto rename = [&](json* field) {
    if (field == nullptr || !field->is_string()) return;
    std::string text = field->get<std::string>();
    if (text == zone) {
      *field = moved;
      return;
    }
    const std::string from = "zones/" + zone + "/";
    if (const std::size_t at = text.find(from); at != std::string::npos) {
      *field = text.replace(at, from.size(), "zones/" + moved + "/");
    }
  };
  for (json& vm : *instances) {
    rename(Member(vm, "zone"));
    rename(Member(vm, "group"));
  }
  if (json* backends = Member(*service, "backends"); backends != nullptr && backends->is_array()) {
    for (json& backend : *backends) rename(Member(backend, "group"));
  }
  boundaries.push_back("document: a zone named like its region's but outside it");
}

}  // namespace

bool DocumentForm::Canonical() const {
  return !omit_scheme && !omit_false_peer && !without_same_zone && !full_group_urls && !shared_group_names &&
         !zone_beside_region && !omit_client_region;
}

void ApplyDocumentForm(const DocumentForm& form, json& document, std::vector<std::string>& boundaries) {
  json* service = Member(document, "backendService");
  if (service == nullptr || !service->is_object()) return;
  if (form.omit_scheme && service->contains("loadBalancingScheme") && (*service)["loadBalancingScheme"] == "INTERNAL") {
    service->erase("loadBalancingScheme");
    boundaries.push_back("document: loadBalancingScheme omitted");
  }
  if (form.omit_false_peer || form.without_same_zone) {
    json* deployment = Member(document, "deployment");
    if (form.without_same_zone && deployment == nullptr) {
      document["deployment"] = json::object();
      deployment = Member(document, "deployment");
    }
    json* symmetric = deployment == nullptr ? nullptr : Member(*deployment, "symmetricHashing");
    if (form.without_same_zone && deployment->is_object() && (symmetric == nullptr || symmetric->is_null())) {
      (*deployment)["symmetricHashing"] = {{"peerZonalAffinityEnabled", true}};
      symmetric = Member(*deployment, "symmetricHashing");
    }
    if (symmetric != nullptr && symmetric->is_object()) {
      if (form.omit_false_peer && symmetric->contains("peerZonalAffinityEnabled") &&
          (*symmetric)["peerZonalAffinityEnabled"] == false) {
        symmetric->erase("peerZonalAffinityEnabled");
        boundaries.push_back("document: symmetricHashing without peerZonalAffinityEnabled");
      }
      if (form.without_same_zone && symmetric->contains("senderToReceiverSameZoneOnly") &&
          (*symmetric)["senderToReceiverSameZoneOnly"] == false) {
        symmetric->erase("senderToReceiverSameZoneOnly");
      }
      if (form.without_same_zone && !symmetric->contains("senderToReceiverSameZoneOnly")) {
        boundaries.push_back("document: symmetricHashing without senderToReceiverSameZoneOnly");
      }
    }
  }
  if (form.full_group_urls || form.shared_group_names) RewriteGroups(form, document, boundaries);
  if (form.zone_beside_region) MoveZoneBesideRegion(document, boundaries);
  if (form.omit_client_region) {
    json* client = Member(document, "client");
    json* type = client == nullptr ? nullptr : Member(*client, "type");
    json* region = client == nullptr ? nullptr : Member(*client, "region");
    json* zone = client == nullptr ? nullptr : Member(*client, "zone");
    if (type != nullptr && *type == "VM" && region != nullptr && region->is_string() && zone != nullptr &&
        zone->is_string()) {
      const std::string zone_name = LastSegment(zone->get<std::string>());
      const std::size_t dash = zone_name.rfind('-');
      if (dash != std::string::npos && zone_name.substr(0, dash) == LastSegment(region->get<std::string>())) {
        client->erase("region");
        boundaries.push_back("document: VM client without region");
      }
    }
  }
}

rc::Gen<CheckCase> WithDocumentForms(rc::Gen<CheckCase> base) {
  using forms::OneIn;
  const rc::Gen<DocumentForm> drawn_forms = rc::gen::exec([] {
    DocumentForm form;
    if (!*OneIn(3)) return form;
    form.omit_scheme = *OneIn(2);
    form.omit_false_peer = *OneIn(2);
    form.without_same_zone = *OneIn(4);
    form.full_group_urls = *OneIn(2);
    form.shared_group_names = *OneIn(2);
    form.zone_beside_region = *OneIn(6);
    form.omit_client_region = *OneIn(2);
    return form;
  });
  return forms::WithForms(
      std::move(base), drawn_forms, 0x6A09E667F3BCC909ULL,
      [](const DocumentForm& form, CheckCase& c) { ApplyDocumentForm(form, c.document, c.boundaries); });
}

}  // namespace lbconform::check
