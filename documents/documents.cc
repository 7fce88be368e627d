#include "documents/documents.h"

#include <nlohmann/json.hpp>
#include <stdexcept>

#include "documents/backend_service_fields.h"
#include "documents/slb_json.h"
#include "documents/timeline_json.h"
#include "model/slb_model.h"
#include "model/timeline_model.h"
#ifdef LBCONFORM_TOY_KIND
#include "documents/testing/toy_json.h"
#endif

namespace lbconform {

using nlohmann::json;

namespace {

template <typename KindEngine>
bool ImplementedBy(const Engine& engine) {
  return As<KindEngine>(engine) != nullptr;
}

// Validity and Diff work on any kind's decision through its decoder and its
// normative comparison.
template <auto Decode>
std::optional<DecisionValidity> Validity(const json& decision, std::string* problem) {
  auto d = Decode(decision, problem);
  if (!d) return std::nullopt;
  DecisionValidity out;
  out.valid = d->valid();
  for (const Error& e : d->errors) out.codes.push_back(e.code);
  return out;
}

template <auto DecodeDocument>
std::vector<Error> DecodeErrors(const json& document) {
  return DecodeDocument(document).errors;
}

template <auto Decode, auto Compare>
std::optional<std::string> Diff(const json& expected, const json& actual) {
  std::string why;
  auto e = Decode(expected, &why);
  if (!e) return "expected (" + why + ")";
  auto a = Decode(actual, &why);
  if (!a) return "decision (" + why + ")";
  return Compare(*e, *a);
}

// ------------------------------ passthrough

json DecidePassthrough(const Engine& engine, const json& document, Profile profile, EncodeOptions options) {
  return WithFieldWarnings(
      EncodeDecision(DecideDecoded(*As<PassthroughEngine>(engine), DecodeScenarioDocument(document), profile), options),
      document);
}

std::optional<std::string> PassthroughRoundTrip(const Engine& engine, const json& document) {
  const DecodedScenario decoded = DecodeScenarioDocument(document);
  if (!decoded.scenario) {
    if (decoded.errors.empty()) return "rejected without an error";
    return std::nullopt;
  }
  const json encoded = EncodeScenario(*decoded.scenario);
  const DecodedScenario again = DecodeScenario(encoded.dump());
  if (!again.scenario || EncodeScenario(*again.scenario) != encoded) {
    return "round trip changed the scenario\n" + DumpJson(encoded);
  }
  const PassthroughEngine& decider = *As<PassthroughEngine>(engine);
  for (Profile profile : AllProfiles()) {
    const PassthroughDecision first = decider.Decide(*decoded.scenario, profile);
    if (!SameDecision(first, decider.Decide(*again.scenario, profile))) {
      return "the same scenario decided twice differs";
    }
    DumpJson(EncodeDecision(first, {.trace = true}));
  }
  return std::nullopt;
}

// ------------------------------ passthrough-timeline

json DecideTimeline(const Engine& engine, const json& document, Profile profile, EncodeOptions options) {
  const DecodedTimeline decoded = DecodeTimelineDocument(document);
  if (!decoded.timeline) return EncodeDecision(InvalidDecision(decoded.errors));
  return WithFieldWarnings(
      EncodeTimelineDecision(As<TimelineEngine>(engine)->DecideTimeline(*decoded.timeline, profile), options,
                             &*decoded.timeline),
      document);
}

std::optional<std::string> TimelineRoundTrip(const Engine& engine, const json& document) {
  const DecodedTimeline decoded = DecodeTimelineDocument(document);
  if (!decoded.timeline) {
    if (decoded.errors.empty()) return "timeline rejected without an error";
    return std::nullopt;
  }
  const json encoded = EncodeTimeline(*decoded.timeline);
  const DecodedTimeline again = DecodeTimelineDocument(encoded);
  if (!again.timeline || EncodeTimeline(*again.timeline) != encoded) {
    return "timeline round trip changed it\n" + DumpJson(encoded);
  }
  const TimelineEngine& decider = *As<TimelineEngine>(engine);
  for (Profile profile : AllProfiles()) {
    const TimelineDecision first = decider.DecideTimeline(*decoded.timeline, profile);
    if (!SameTimelineDecision(first, decider.DecideTimeline(*again.timeline, profile))) {
      return "the same timeline decided twice differs";
    }
    DumpJson(EncodeTimelineDecision(first, {.trace = true}, &*decoded.timeline));
  }
  return std::nullopt;
}

// ------------------------------ service-lb-policy

json DecideSlb(const Engine& engine, const json& document, Profile, EncodeOptions options) {
  const DecodedSlb decoded = DecodeSlbDocument(document);
  if (!decoded.scenario) return EncodeDecision(InvalidDecision(decoded.errors));
  return WithFieldWarnings(
      EncodeSlbDecision(As<SlbEngine>(engine)->Plan(*decoded.scenario), options, &*decoded.scenario), document);
}

std::optional<std::string> SlbRoundTrip(const Engine& engine, const json& document) {
  const DecodedSlb decoded = DecodeSlbDocument(document);
  if (!decoded.scenario) {
    if (decoded.errors.empty()) return "service-lb-policy rejected without an error";
    return std::nullopt;
  }
  const json encoded = EncodeSlbScenario(*decoded.scenario);
  const DecodedSlb again = DecodeSlbDocument(encoded);
  const SlbEngine& planner = *As<SlbEngine>(engine);
  const SlbDecision first = planner.Plan(*decoded.scenario);
  if (!again.scenario || !SameSlbDecision(first, planner.Plan(*again.scenario))) {
    return "service-lb-policy round trip changed the plan\n" + DumpJson(encoded);
  }
  DumpJson(EncodeSlbDecision(first, {.trace = true}, &*decoded.scenario));
  return std::nullopt;
}

// The table, in the order of model/kinds.def.
constexpr KindDocuments kKinds[] = {
    {ScenarioKind::kPassthrough, ImplementedBy<PassthroughEngine>, DecidePassthrough, Validity<DecodeDecision>,
     Diff<DecodeDecision, NormativeDiff>, PassthroughRoundTrip, DecodeErrors<DecodeScenarioDocument>},
    {ScenarioKind::kPassthroughTimeline, ImplementedBy<TimelineEngine>, DecideTimeline,
     Validity<DecodeTimelineDecision>, Diff<DecodeTimelineDecision, NormativeTimelineDiff>, TimelineRoundTrip,
     DecodeErrors<DecodeTimelineDocument>},
    {ScenarioKind::kServiceLbPolicy, ImplementedBy<SlbEngine>, DecideSlb, Validity<DecodeSlbDecision>,
     Diff<DecodeSlbDecision, NormativeSlbDiff>, SlbRoundTrip, DecodeErrors<DecodeSlbDocument>},
#ifdef LBCONFORM_TOY_KIND
    {ScenarioKind::kToy, ImplementedBy<ToyEngine>, DecideToyDocument, Validity<DecodeToyDecision>,
     Diff<DecodeToyDecision, NormativeToyDiff>, ToyRoundTrip, DecodeErrors<DecodeToyDocument>},
#endif
};
static_assert(OneRowPerKind(kKinds), "documents/documents.cc: a row per kind of model/kinds.def, in its order");

}  // namespace

const KindDocuments& DocumentsOf(ScenarioKind kind) { return RowOf(kKinds, kind); }

bool Implements(const Engine& engine, ScenarioKind kind) { return DocumentsOf(kind).implemented_by(engine); }

std::vector<ScenarioKind> KindsOf(const Engine& engine) {
  std::vector<ScenarioKind> kinds;
  for (ScenarioKind kind : AllScenarioKinds()) {
    if (Implements(engine, kind)) kinds.push_back(kind);
  }
  return kinds;
}

std::optional<ScenarioKind> DocumentKind(const json& document) {
  if (!document.is_object()) return std::nullopt;
  auto it = document.find("kind");
  if (it == document.end() || !it->is_string()) return std::nullopt;
  return ScenarioKindFromName(it->get<std::string>());
}

ScenarioKind KindOf(const json& document) { return DocumentKind(document).value_or(ScenarioKind::kPassthrough); }

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
  const KindDocuments& entry = DocumentsOf(KindOf(*document));
  if (!entry.implemented_by(engine)) {
    throw std::invalid_argument(std::string(engine.name()) + " does not decide " + std::string(NameOf(entry.kind)));
  }
  return entry.decide(engine, *document, profile, options);
}

std::optional<DecisionValidity> ReadDecisionValidity(ScenarioKind kind, const json& decision, std::string* problem) {
  return DocumentsOf(kind).read_validity(decision, problem);
}

std::optional<std::string> DiffDecisionDocuments(ScenarioKind kind, const json& expected, const json& actual) {
  return DocumentsOf(kind).diff(expected, actual);
}

}  // namespace lbconform
