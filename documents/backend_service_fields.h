// Which fields a backendService may have: the Compute API's own (v1), so that
// a typo such as `failover_ratio` is named instead of silently ignored.
#ifndef LBCONFORM_DOCUMENTS_BACKEND_SERVICE_FIELDS_H_
#define LBCONFORM_DOCUMENTS_BACKEND_SERVICE_FIELDS_H_

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

namespace lbconform {

// BackendServiceFieldWarnings names every key of the scenario's
// backendService (and of the nested objects lbconform reads: backends[],
// failoverPolicy, networkPassThroughLbTrafficPolicy.zonalAffinity,
// subsetting, connectionTrackingPolicy) that the Compute API v1 does not define, each with the nearest
// API field. Informative only: the decision does not change.
std::vector<std::string> BackendServiceFieldWarnings(const nlohmann::json& scenario_document);

// ScenarioWarnings is BackendServiceFieldWarnings, plus the keys of the
// scenario's serviceLbPolicy that the Network Services API v1 does not define
// (each with the field it most likely means; the proto field names, such as
// load_balancing_algorithm, are the API's too), plus what a decision does not
// model: an haPolicy. Informative only.
std::vector<std::string> ScenarioWarnings(const nlohmann::json& scenario_document);

// DrainingTimeoutNote: for a timeline that sets no drainingTimeoutSec, which
// timeout each profile applies and how to choose (GAP-7); decide and explain
// print it on standard error.
std::optional<std::string> DrainingTimeoutNote(const nlohmann::json& scenario_document);

// WithFieldWarnings adds `warnings` (non-normative) to a decision when
// ScenarioWarnings has any; otherwise returns the decision unchanged.
nlohmann::json WithFieldWarnings(nlohmann::json decision, const nlohmann::json& scenario_document);

}  // namespace lbconform

#endif  // LBCONFORM_DOCUMENTS_BACKEND_SERVICE_FIELDS_H_
