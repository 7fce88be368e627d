#include "documents/documents.h"

#include <nlohmann/json.hpp>

#include "documents/slb_json.h"
#include "model/slb_model.h"
#include "documents/timeline_json.h"

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

namespace {

// Validity and Diff work on any kind's decision through its decoder and its
// normative comparison.
template <typename Decode>
std::optional<DecisionValidity> Validity(Decode decode, const json& decision, std::string* problem) {
  auto d = decode(decision, problem);
  if (!d) return std::nullopt;
  DecisionValidity out;
  out.valid = d->valid();
  for (const Error& e : d->errors) out.codes.push_back(e.code);
  return out;
}

template <typename Decode, typename Compare>
std::optional<std::string> Diff(Decode decode, Compare compare, const json& expected, const json& actual) {
  std::string why;
  auto e = decode(expected, &why);
  if (!e) return "expected (" + why + ")";
  auto a = decode(actual, &why);
  if (!a) return "decision (" + why + ")";
  return compare(*e, *a);
}

}  // namespace

std::optional<DecisionValidity> ReadDecisionValidity(ScenarioKind kind, const json& decision, std::string* problem) {
  switch (kind) {
    case ScenarioKind::kPassthroughTimeline:
      return Validity(DecodeTimelineDecision, decision, problem);
    case ScenarioKind::kServiceLbPolicy:
      return Validity(DecodeSlbDecision, decision, problem);
    case ScenarioKind::kPassthrough:
      break;
  }
  return Validity(DecodeDecision, decision, problem);
}

std::optional<std::string> DiffDecisionDocuments(ScenarioKind kind, const json& expected, const json& actual) {
  switch (kind) {
    case ScenarioKind::kPassthroughTimeline:
      return Diff(DecodeTimelineDecision, NormativeTimelineDiff, expected, actual);
    case ScenarioKind::kServiceLbPolicy:
      return Diff(DecodeSlbDecision, NormativeSlbDiff, expected, actual);
    case ScenarioKind::kPassthrough:
      break;
  }
  return Diff(DecodeDecision, NormativeDiff, expected, actual);
}

}  // namespace lbconform
