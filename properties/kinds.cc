#include "properties/kinds.h"

#include <stdexcept>

#include "documents/scenario_json.h"
#include "documents/slb_json.h"
#include "documents/timeline_json.h"
#include "properties/generators.h"

namespace lbconform::properties {
namespace {

rc::Gen<nlohmann::json> PassthroughDocument() {
  return rc::gen::map(GenScenario({}), [](const PassthroughScenario& s) { return EncodeScenario(s); });
}

rc::Gen<nlohmann::json> TimelineDocument() {
  return rc::gen::map(rc::gen::arbitrary<TimelineScenario>(), [](const TimelineScenario& t) { return EncodeTimeline(t); });
}

rc::Gen<nlohmann::json> SlbDocument() {
  return rc::gen::map(GenSlbScenario(/*allow_invalid=*/true), [](const SlbScenario& s) { return EncodeSlbScenario(s); });
}

// The table, in the order of model/kinds.def.
constexpr KindGenerators kKinds[] = {
    {ScenarioKind::kPassthrough, PassthroughDocument},
    {ScenarioKind::kPassthroughTimeline, TimelineDocument},
    {ScenarioKind::kServiceLbPolicy, SlbDocument},
};

}  // namespace

const KindGenerators& GeneratorsOf(ScenarioKind kind) {
  const KindGenerators& entry = kKinds[static_cast<std::size_t>(kind)];
  if (entry.kind != kind) throw std::logic_error("properties/kinds.cc: the table of kinds is out of order");
  return entry;
}

}  // namespace lbconform::properties
