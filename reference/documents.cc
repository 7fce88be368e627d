#include "reference/documents.h"

#include <nlohmann/json.hpp>

#include "reference/slb_json.h"
#include "reference/slb_model.h"
#include "reference/timeline_json.h"

namespace lbconform {

using nlohmann::json;

std::optional<ScenarioKind> DocumentKind(const json& document) {
  if (!document.is_object()) return std::nullopt;
  auto it = document.find("kind");
  if (it == document.end() || !it->is_string()) return std::nullopt;
  return ScenarioKindFromName(it->get<std::string>());
}

json DecideDocument(const Engine& engine, const json& input, Profile profile, EncodeOptions options) {
  json parsed;
  const json* document = &input;
  if (input.is_string()) {
    std::vector<Error> errors;
    std::optional<json> p = ParseJsonDocument(input.get<std::string>(), errors);
    if (!p) return EncodeDecision(InvalidDecision(std::move(errors)));
    parsed = std::move(*p);
    document = &parsed;
  }
  if (DocumentKind(*document) == ScenarioKind::kServiceLbPolicy) {
    const DecodedSlb decoded = DecodeSlbDocument(*document);
    if (!decoded.scenario) return EncodeDecision(InvalidDecision(decoded.errors));
    return EncodeSlbDecision(engine.Plan(*decoded.scenario), options, &*decoded.scenario);
  }
  if (DocumentKind(*document) == ScenarioKind::kPassthroughTimeline) {
    const DecodedTimeline decoded = DecodeTimelineDocument(*document);
    if (!decoded.timeline) return EncodeDecision(InvalidDecision(decoded.errors));
    return EncodeTimelineDecision(engine.DecideTimeline(*decoded.timeline, profile), options, &*decoded.timeline);
  }
  return EncodeDecision(DecideDecoded(engine, DecodeScenarioDocument(*document), profile), options);
}

std::optional<DecisionValidity> ReadDecisionValidity(ScenarioKind kind, const json& decision, std::string* problem) {
  DecisionValidity out;
  std::vector<Error> errors;
  if (kind == ScenarioKind::kPassthroughTimeline) {
    auto d = DecodeTimelineDecision(decision, problem);
    if (!d) return std::nullopt;
    out.valid = d->valid();
    errors = d->errors;
  } else if (kind == ScenarioKind::kServiceLbPolicy) {
    auto d = DecodeSlbDecision(decision, problem);
    if (!d) return std::nullopt;
    out.valid = d->valid();
    errors = d->errors;
  } else {
    auto d = DecodeDecision(decision, problem);
    if (!d) return std::nullopt;
    out.valid = d->valid();
    errors = d->errors;
  }
  for (const Error& e : errors) out.codes.push_back(e.code);
  return out;
}

std::optional<std::string> DiffDecisionDocuments(ScenarioKind kind, const json& expected, const json& actual) {
  std::string why;
  if (kind == ScenarioKind::kPassthroughTimeline) {
    auto e = DecodeTimelineDecision(expected, &why);
    if (!e) return "expected (" + why + ")";
    auto a = DecodeTimelineDecision(actual, &why);
    if (!a) return "decision (" + why + ")";
    return NormativeTimelineDiff(*e, *a);
  }
  if (kind == ScenarioKind::kServiceLbPolicy) {
    auto e = DecodeSlbDecision(expected, &why);
    if (!e) return "expected (" + why + ")";
    auto a = DecodeSlbDecision(actual, &why);
    if (!a) return "decision (" + why + ")";
    return NormativeSlbDiff(*e, *a);
  }
  auto e = DecodeDecision(expected, &why);
  if (!e) return "expected (" + why + ")";
  auto a = DecodeDecision(actual, &why);
  if (!a) return "decision (" + why + ")";
  return NormativeDiff(*e, *a);
}

}  // namespace lbconform
