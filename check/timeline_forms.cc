#include "check/timeline_forms.h"

#include <map>

#include "check/document_forms.h"

namespace lbconform::check {
namespace {

using nlohmann::json;

// PassthroughPart: the forms of the scenario a timeline shares with the
// passthrough kind, through document_forms.h where they are its.
void PassthroughPart(const TimelineForm& form, json& document, std::vector<std::string>& boundaries) {
  DocumentForm passthrough;
  passthrough.omit_scheme = form.omit_scheme;
  passthrough.full_group_urls = form.full_group_urls;
  passthrough.shared_group_names = form.shared_group_names;
  passthrough.omit_client_region = form.omit_client_region;
  if (!passthrough.Canonical()) ApplyDocumentForm(passthrough, document, boundaries);
  if (forms::Rejected(boundaries)) return;
  json* instances = forms::Member(document, "instances");
  if (form.reorder_instances && instances != nullptr && instances->is_array() && instances->size() >= 2) {
    forms::Reorder(*instances, form.order_seed);
    boundaries.push_back("document: instances in another order");
  }
  json* service = forms::Member(document, "backendService");
  json* backends = service == nullptr ? nullptr : forms::Member(*service, "backends");
  if (form.reorder_backends && backends != nullptr && backends->is_array() && backends->size() >= 2) {
    forms::Reorder(*backends, form.order_seed ^ 0x5bd1e995U);
    boundaries.push_back("document: backends in another order");
  }
}

// OmitTrackingDefaults leaves out the connection-tracking fields that have
// their default value (TL-2.3-a..c).
void OmitTrackingDefaults(json& document, std::vector<std::string>& boundaries) {
  json* service = forms::Member(document, "backendService");
  if (service == nullptr || !service->is_object()) return;
  if (forms::IsString(forms::Member(*service, "sessionAffinity"), "NONE")) {
    service->erase("sessionAffinity");
    boundaries.push_back("document: sessionAffinity NONE omitted");
  }
  json* policy = forms::Member(*service, "connectionTrackingPolicy");
  if (policy == nullptr || !policy->is_object()) return;
  if (forms::IsString(forms::Member(*policy, "trackingMode"), "PER_CONNECTION")) {
    policy->erase("trackingMode");
    boundaries.push_back("document: trackingMode PER_CONNECTION omitted");
  }
  if (forms::IsString(forms::Member(*policy, "connectionPersistenceOnUnhealthyBackends"), "DEFAULT_FOR_PROTOCOL")) {
    policy->erase("connectionPersistenceOnUnhealthyBackends");
    boundaries.push_back("document: connectionPersistenceOnUnhealthyBackends DEFAULT_FOR_PROTOCOL omitted");
  }
}

// IdleTimeout600 writes idleTimeoutSec 600 where it is unset: 600, the
// default, is not a setting (TL-5-c, GAP-62), and no connection goes idle.
void IdleTimeout600(json& document, std::vector<std::string>& boundaries) {
  json* service = forms::Member(document, "backendService");
  if (service == nullptr || !service->is_object()) return;
  json* policy = forms::Member(*service, "connectionTrackingPolicy");
  if (policy == nullptr) {
    (*service)["connectionTrackingPolicy"] = json::object();
    policy = forms::Member(*service, "connectionTrackingPolicy");
  }
  if (!policy->is_object() || policy->contains("idleTimeoutSec")) return;
  (*policy)["idleTimeoutSec"] = 600;
  boundaries.push_back("document: idleTimeoutSec 600 written (the default, not a setting)");
}

// DrainingTimeout writes the profile's timeout where none is given, or
// leaves out one equal to it (TL-2.2-g, TL-1-a).
void DrainingTimeout(Profile profile, json& document, std::vector<std::string>& boundaries) {
  const std::int64_t profiles = DrainingTimeoutSeconds(profile);
  json* given = forms::Member(document, "drainingTimeoutSec");
  if (given == nullptr) {
    document["drainingTimeoutSec"] = profiles;
    boundaries.push_back("document: drainingTimeoutSec written as the profile's");
  } else if (given->is_number_integer() && given->get<std::int64_t>() == profiles) {
    document.erase("drainingTimeoutSec");
    boundaries.push_back("document: drainingTimeoutSec equal to the profile's omitted");
  }
}

// InstanceUrl: the URL an event names `name` by, in the VM's zone.
std::string InstanceUrl(const std::string& zone, const std::string& name, bool full) {
  const std::string partial = "zones/" + zone + "/instances/" + name;
  return full ? "https://www.googleapis.com/compute/v1/projects/check/" + partial : partial;
}

std::map<std::string, std::string> ZoneOfInstance(json& document) {
  std::map<std::string, std::string> zones;
  json* instances = forms::Member(document, "instances");
  if (instances == nullptr || !instances->is_array()) return zones;
  for (json& vm : *instances) {
    json* name = forms::Member(vm, "name");
    json* zone = forms::Member(vm, "zone");
    if (name == nullptr || !name->is_string() || zone == nullptr || !zone->is_string()) continue;
    const std::string text = name->get<std::string>(), zone_text = zone->get<std::string>();
    if (text.empty() || text.find('/') != std::string::npos || zone_text.empty() ||
        zone_text.find('/') != std::string::npos)
      continue;
    zones[text] = zone_text;
  }
  return zones;
}

// RewriteEvents: a connect's TCP left out (TL-2.4-c) or null (TL-2.4-j),
// events naming their VM by URL (TL-2.4-g), a config's absent fields null
// (TL-2.4-e).
void RewriteEvents(const TimelineForm& form, json& document, std::vector<std::string>& boundaries) {
  json* events = forms::Member(document, "events");
  if (events == nullptr || !events->is_array()) return;
  const std::map<std::string, std::string> zones = ZoneOfInstance(document);
  bool omitted = false, by_url = false, null_protocol = false, null_config = false;
  for (json& event : *events) {
    json* type = forms::Member(event, "type");
    if (form.omit_tcp && forms::IsString(type, "connect") && forms::IsString(forms::Member(event, "protocol"), "TCP")) {
      event.erase("protocol");
      omitted = true;
    }
    if (form.nulls && forms::IsString(type, "connect") && forms::Member(event, "protocol") == nullptr) {
      event["protocol"] = nullptr;
      null_protocol = true;
    }
    json* instance = forms::Member(event, "instance");
    if ((form.instance_urls || form.full_instance_urls) && instance != nullptr && instance->is_string()) {
      const auto zone = zones.find(instance->get<std::string>());
      if (zone != zones.end()) {
        *instance = InstanceUrl(zone->second, zone->first, form.full_instance_urls);
        by_url = true;
      }
    }
    json* policy = forms::Member(event, "failoverPolicy");
    if (form.nulls && forms::IsString(type, "config") && policy != nullptr && policy->is_object()) {
      for (const char* key : {"failoverRatio", "dropTrafficIfUnhealthy", "disableConnectionDrainOnFailover"}) {
        if (policy->contains(key)) continue;
        (*policy)[key] = nullptr;
        null_config = true;
      }
    }
  }
  if (omitted) boundaries.push_back("document: connect without protocol (TCP)");
  if (by_url) boundaries.push_back("document: events name instances by URL");
  if (null_protocol) boundaries.push_back("document: connect protocol null (TCP)");
  if (null_config) boundaries.push_back("document: config event fields given as null");
}

// TopLevelNulls gives the absent optional fields of the document as null (TL-2.1-d).
void TopLevelNulls(json& document, std::vector<std::string>& boundaries) {
  bool given = false;
  for (const char* key : {"description", "deployment", "drainingTimeoutSec", "instances"}) {
    if (document.contains(key)) continue;
    document[key] = nullptr;
    given = true;
  }
  if (given) boundaries.push_back("document: null for absent optional fields");
}

}  // namespace

bool TimelineForm::Canonical() const {
  return !omit_scheme && !full_group_urls && !shared_group_names && !omit_client_region && !reorder_instances &&
         !reorder_backends && !omit_tracking_defaults && !omit_tcp && !idle_timeout_600 && !draining_timeout_default &&
         !instance_urls && !full_instance_urls && !nulls && !whole_ratios && !description;
}

void ApplyTimelineForm(const TimelineForm& form, Profile profile, json& document,
                       std::vector<std::string>& boundaries) {
  if (!document.is_object()) return;
  PassthroughPart(form, document, boundaries);
  if (form.omit_tracking_defaults) OmitTrackingDefaults(document, boundaries);
  if (form.idle_timeout_600) IdleTimeout600(document, boundaries);
  if (form.draining_timeout_default) DrainingTimeout(profile, document, boundaries);
  RewriteEvents(form, document, boundaries);
  if (form.nulls) TopLevelNulls(document, boundaries);
  if (form.whole_ratios && forms::WholeNumbersAsIntegers(document))
    boundaries.push_back("document: whole ratios written as integers");
  if (form.description && !document.contains("description")) {
    document["description"] = "rewritten in another form by lbconform check";
    boundaries.push_back("document: description given");
  }
}

rc::Gen<TimelineForm> GenTimelineForm() {
  using forms::OneIn;
  return rc::gen::exec([] {
    TimelineForm form;
    if (!*OneIn(3)) return form;
    form.omit_scheme = *OneIn(3);
    form.full_group_urls = *OneIn(3);
    form.shared_group_names = *OneIn(4);
    form.omit_client_region = *OneIn(3);
    form.reorder_instances = *OneIn(3);
    form.reorder_backends = *OneIn(4);
    form.order_seed = *rc::gen::resize(rc::kNominalSize, rc::gen::arbitrary<std::uint32_t>());
    form.omit_tracking_defaults = *OneIn(2);
    form.omit_tcp = *OneIn(2);
    form.idle_timeout_600 = *OneIn(4);
    form.draining_timeout_default = *OneIn(3);
    form.instance_urls = *OneIn(3);
    form.full_instance_urls = !form.instance_urls && *OneIn(4);
    form.nulls = *OneIn(3);
    form.whole_ratios = *OneIn(3);
    form.description = *OneIn(4);
    return form;
  });
}

rc::Gen<CheckCase> WithTimelineForms(rc::Gen<CheckCase> base, Profile profile) {
  return forms::WithForms(std::move(base), GenTimelineForm(), 0xBB67AE8584CAA73BULL,
                          [profile](const TimelineForm& form, CheckCase& c) {
                            ApplyTimelineForm(form, profile, c.document, c.boundaries);
                          });
}

}  // namespace lbconform::check
