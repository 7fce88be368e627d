#include "readings/wrong_engines.h"

#include <cstdlib>
#include <iostream>

#include "reference/reference_engine.h"

namespace lbconform::readings {

namespace {

// The readings of each kind, a row per kind: its list, whether a reading has
// a hook for the kind, and the reading's hook on the kind's documents
// themselves. A kind without misreadings yet has null entries: every reading
// decides it as the reference does.
struct KindReadings {
  ScenarioKind kind;
  const std::vector<WrongEngineInfo>& (*misreadings)();
  bool (*changes)(const WrongEngineInfo& info);
  const DocumentHook& (*document_hook)(const WrongEngineInfo& info);
};

constexpr KindReadings kKinds[] = {
    {ScenarioKind::kPassthrough, PassthroughMisreadings,
     [](const WrongEngineInfo& info) { return info.passthrough || info.passthrough_document; },
     [](const WrongEngineInfo& info) -> const DocumentHook& { return info.passthrough_document; }},
    {ScenarioKind::kPassthroughTimeline, TimelineMisreadings,
     [](const WrongEngineInfo& info) { return info.timeline || info.timeline_document; },
     [](const WrongEngineInfo& info) -> const DocumentHook& { return info.timeline_document; }},
    {ScenarioKind::kServiceLbPolicy, SlbMisreadings,
     [](const WrongEngineInfo& info) { return info.slb || info.slb_document; },
     [](const WrongEngineInfo& info) -> const DocumentHook& { return info.slb_document; }},
#ifdef LBCONFORM_TOY_KIND
    {ScenarioKind::kToy, nullptr, nullptr, nullptr},  // no readings of the toy kind
#endif
};
static_assert(OneRowPerKind(kKinds), "readings/wrong_engines.cc: a row per kind of model/kinds.def, in its order");

}  // namespace

const std::vector<WrongEngineInfo>& AllMisreadings() {
  static const std::vector<WrongEngineInfo> kAll = [] {
    std::vector<WrongEngineInfo> all;
    for (const KindReadings& row : kKinds) {
      if (row.misreadings == nullptr) continue;
      all.insert(all.end(), row.misreadings().begin(), row.misreadings().end());
    }
    return all;
  }();
  return kAll;
}

bool ChangesKind(const WrongEngineInfo& info, ScenarioKind kind) {
  const KindReadings& row = RowOf(kKinds, kind);
  return row.changes != nullptr && row.changes(info);
}

std::vector<ScenarioKind> KindsChanged(const WrongEngineInfo& info) {
  std::vector<ScenarioKind> kinds;
  for (ScenarioKind kind : AllScenarioKinds()) {
    if (ChangesKind(info, kind)) kinds.push_back(kind);
  }
  return kinds;
}

std::optional<nlohmann::json> DocumentAnswer(const WrongEngineInfo& info, ScenarioKind kind,
                                             const nlohmann::json& document, Profile profile) {
  const KindReadings& row = RowOf(kKinds, kind);
  if (row.document_hook == nullptr || !document.is_object()) return std::nullopt;
  const DocumentHook& hook = row.document_hook(info);
  if (!hook) return std::nullopt;
  return hook(document, profile);
}

const WrongEngineInfo& FindMisreading(std::string_view name) {
  for (const WrongEngineInfo& info : AllMisreadings()) {
    if (info.name == name) return info;
  }
  std::cerr << "no wrong engine named " << name << "\n";
  std::abort();
}

PassthroughDecision WrongEngine::Decide(const PassthroughScenario& scenario, Profile profile) const {
  if (info_.passthrough) return info_.passthrough(scenario, profile);
  return reference::ReferenceEngine(/*trace=*/false).Decide(scenario, profile);
}

TimelineDecision WrongEngine::DecideTimeline(const TimelineScenario& timeline, Profile profile) const {
  if (info_.timeline) return info_.timeline(timeline, profile);
  return reference::ReferenceEngine(/*trace=*/false).DecideTimeline(timeline, profile);
}

SlbDecision WrongEngine::Plan(const SlbScenario& scenario) const {
  if (info_.slb) return info_.slb(scenario);
  return reference::ReferenceEngine(/*trace=*/false).Plan(scenario);
}

}  // namespace lbconform::readings
