#include "readings/wrong_engines.h"

#include <cstdlib>
#include <iostream>

#include "reference/reference_engine.h"

namespace lbconform::readings {

const std::vector<WrongEngineInfo>& AllMisreadings() {
  static const std::vector<WrongEngineInfo> kAll = [] {
    std::vector<WrongEngineInfo> all;
    for (const auto* list : {&PassthroughMisreadings(), &TimelineMisreadings(), &SlbMisreadings()}) {
      all.insert(all.end(), list->begin(), list->end());
    }
    return all;
  }();
  return kAll;
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
