// JSON for the passthrough-timeline kind: the timeline document and its
// decision (vectors/README.md, "The timeline kind").
#ifndef LBCONFORM_DOCUMENTS_TIMELINE_JSON_H_
#define LBCONFORM_DOCUMENTS_TIMELINE_JSON_H_

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "documents/scenario_json.h"
#include "model/timeline_model.h"

namespace lbconform {

struct DecodedTimeline {
  std::optional<TimelineScenario> timeline;  // set when errors is empty
  std::vector<Error> errors;
};

DecodedTimeline DecodeTimelineDocument(const nlohmann::json& document);
nlohmann::json EncodeTimeline(const TimelineScenario& timeline);

// EncodeTimelineDecision writes the decision; given the timeline, each step
// also names its event in words (informative).
nlohmann::json EncodeTimelineDecision(const TimelineDecision& decision, EncodeOptions options = {},
                                      const TimelineScenario* timeline = nullptr);
std::optional<TimelineDecision> DecodeTimelineDecision(const nlohmann::json& document, std::string* problem);

}  // namespace lbconform

#endif  // LBCONFORM_DOCUMENTS_TIMELINE_JSON_H_
