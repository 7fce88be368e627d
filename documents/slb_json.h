// JSON for the service-lb-policy kind: the scenario document and the
// decision (vectors/README.md, "The service-lb-policy kind").
#ifndef LBCONFORM_DOCUMENTS_SLB_JSON_H_
#define LBCONFORM_DOCUMENTS_SLB_JSON_H_

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "documents/scenario_json.h"
#include "model/slb_model.h"

namespace lbconform {

inline constexpr std::size_t kMaxClientLocations = 1'000;
inline constexpr std::size_t kMaxRegions = 200;
inline constexpr std::size_t kMaxHealthSamples = 100'000;

struct DecodedSlb {
  std::optional<SlbScenario> scenario;  // set when errors is empty
  std::vector<Error> errors;
};

DecodedSlb DecodeSlbDocument(const nlohmann::json& document);
nlohmann::json EncodeSlbScenario(const SlbScenario& scenario);

// EncodeSlbDecision writes the decision; given the scenario, it adds each
// backend's region and zone and a per-region, per-zone summary (informative).
nlohmann::json EncodeSlbDecision(const SlbDecision& decision, EncodeOptions options = {},
                                 const SlbScenario* scenario = nullptr);
std::optional<SlbDecision> DecodeSlbDecision(const nlohmann::json& document, std::string* problem);

}  // namespace lbconform

#endif  // LBCONFORM_DOCUMENTS_SLB_JSON_H_
