// `lbconform import`: a scenario from the user's own gcloud output.
#ifndef LBCONFORM_DOCUMENTS_IMPORT_H_
#define LBCONFORM_DOCUMENTS_IMPORT_H_

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lbconform {

struct ImportOptions {
  std::string client_type = "VM";
  std::string client_zone;
  std::string client_region;    // derived from the zone when empty
  std::string forwarding_rule;  // keep only get-health entries of this rule
  std::string group;            // the group of a raw getHealth response (it names none)
  // A global backend service imports as a service-lb-policy scenario when the
  // client locations are given (their load and round-trip times to every
  // zone: facts gcloud does not print), with its ServiceLbPolicy resource if
  // it names one (gcloud network-services service-lb-policies describe).
  std::optional<nlohmann::json> clients;
  std::optional<nlohmann::json> service_lb_policy;
  // What-if: each named VM's health replaced (--set-health VM=STATE, STATE one
  // of the API's health states), after the health output is read.
  std::vector<std::pair<std::string, std::string>> set_health;
};

struct ImportResult {
  std::optional<nlohmann::json> scenario;
  std::vector<std::string> warnings;
  std::string error;
};

// ImportGcloud combines a backend service (`gcloud compute backend-services
// describe --format=json`, or the API's resource, where a backend's `group`
// may be expanded into an object) with its health, in either shape:
//   - gcloud's `get-health --format=json`: a list of {backend, status: {healthStatus[]}};
//   - the API's `getHealth` response for one group: {healthStatus: [...]}; its
//     group is --group, the service's only backend, or the one backend in the
//     instance's zone.
// Each instance's zone comes from its URL; a group without a `healthStatus`
// key has no instances; a VM reported by several forwarding rules is HEALTHY
// only when every report says so (a warning names any disagreement;
// --forwarding-rule picks one rule's reports). The scenarios know two health
// states, HEALTHY and UNHEALTHY: DRAINING, TIMEOUT and UNKNOWN are taken as
// UNHEALTHY, with a warning saying why, and the scenario's description keeps
// the state each VM reported. `set_health` then overrides named VMs (an
// unknown name is an error with the nearest one). A passthrough scenario of a
// VM client needs its zone: without --client-zone the import is refused,
// naming the flag. A regional INTERNAL
// backend service gives a passthrough scenario; a global EXTERNAL_MANAGED or
// INTERNAL_MANAGED one, with `clients`, a service-lb-policy scenario (each
// group's members and healthy members counted from the health output, the
// topology from the groups' and clients' zones). Input of any other shape or
// type is an error, never an exception.
ImportResult ImportGcloud(const nlohmann::json& describe, const nlohmann::json& health, const ImportOptions& options);

}  // namespace lbconform

#endif  // LBCONFORM_DOCUMENTS_IMPORT_H_
