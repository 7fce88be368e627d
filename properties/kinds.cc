#include "properties/kinds.h"

#include "check/scenario_generators.h"
#include "documents/scenario_json.h"
#include "documents/slb_json.h"
#include "documents/timeline_json.h"

namespace lbconform::properties {
namespace {

rc::Gen<nlohmann::json> PassthroughDocument() {
  return rc::gen::map(check::GenScenario({}), [](const PassthroughScenario& s) { return EncodeScenario(s); });
}

rc::Gen<nlohmann::json> TimelineDocument() {
  return rc::gen::map(rc::gen::arbitrary<TimelineScenario>(),
                      [](const TimelineScenario& t) { return EncodeTimeline(t); });
}

rc::Gen<nlohmann::json> SlbDocument() {
  return rc::gen::map(check::GenSlbScenario(/*allow_invalid=*/true),
                      [](const SlbScenario& s) { return EncodeSlbScenario(s); });
}

constexpr KindGenerators kKinds[] = {
    {ScenarioKind::kPassthrough, PassthroughDocument},
    {ScenarioKind::kPassthroughTimeline, TimelineDocument},
    {ScenarioKind::kServiceLbPolicy, SlbDocument},
};

}  // namespace

const KindGenerators* GeneratorsOf(ScenarioKind kind) {
  for (const KindGenerators& entry : kKinds) {
    if (entry.kind == kind) return &entry;
  }
  return nullptr;
}

}  // namespace lbconform::properties
