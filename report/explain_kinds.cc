#include "report/explain_kinds.h"

#include <nlohmann/json.hpp>
#include <stdexcept>

#include "documents/documents.h"
#include "documents/slb_json.h"
#include "documents/timeline_json.h"
#include "report/render.h"

namespace lbconform {
namespace {

using nlohmann::json;

Shown ExplainPassthrough(const Engine& engine, const json& document, Profile profile) {
  const DecodedScenario decoded = DecodeScenarioDocument(document);
  const PassthroughDecision decision = DecideDecoded(*As<PassthroughEngine>(engine), decoded, profile);
  return {RenderExplanation(decoded.scenario ? &*decoded.scenario : nullptr, decision, engine.name(), profile),
          decision.valid()};
}

Shown ExplainTimeline(const Engine& engine, const json& document, Profile profile) {
  const DecodedTimeline decoded = DecodeTimelineDocument(document);
  const TimelineDecision decision = decoded.timeline
                                        ? As<TimelineEngine>(engine)->DecideTimeline(*decoded.timeline, profile)
                                        : InvalidTimelineDecision(decoded.errors);
  return {RenderTimelineExplanation(decoded.timeline ? &*decoded.timeline : nullptr, decision, engine.name(), profile),
          decision.valid()};
}

Shown ExplainSlb(const Engine& engine, const json& document, Profile) {
  const DecodedSlb decoded = DecodeSlbDocument(document);
  const SlbDecision decision =
      decoded.scenario ? As<SlbEngine>(engine)->Plan(*decoded.scenario) : InvalidSlbDecision(decoded.errors);
  return {RenderSlbExplanation(decoded.scenario ? &*decoded.scenario : nullptr, decision, engine.name()),
          decision.valid()};
}

Shown PlotSlb(const Engine& engine, const json& document, Profile) {
  const DecodedSlb decoded = DecodeSlbDocument(document);
  const SlbDecision decision =
      decoded.scenario ? As<SlbEngine>(engine)->Plan(*decoded.scenario) : InvalidSlbDecision(decoded.errors);
  if (!decision.valid()) return {RenderSlbExplanation(nullptr, decision, engine.name()), false};
  return {RenderSlbSvg(*decoded.scenario, decision), true};
}

// The table, in the order of model/kinds.def.
constexpr KindCommands kKinds[] = {
    {ScenarioKind::kPassthrough, ExplainPassthrough, nullptr},
    {ScenarioKind::kPassthroughTimeline, ExplainTimeline, nullptr},
    {ScenarioKind::kServiceLbPolicy, ExplainSlb, PlotSlb},
};

}  // namespace

const KindCommands& CommandsOf(ScenarioKind kind) {
  const KindCommands& entry = kKinds[static_cast<std::size_t>(kind)];
  if (entry.kind != kind) throw std::logic_error("report/explain_kinds.cc: the table of kinds is out of order");
  return entry;
}

}  // namespace lbconform
