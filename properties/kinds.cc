#include "properties/kinds.h"

#include "check/scenario_generators.h"
#include "documents/scenario_json.h"
#include "documents/slb_json.h"
#include "documents/timeline_json.h"
#ifdef LBCONFORM_TOY_KIND
#include "check/testing/toy_cases.h"
#endif

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

// The table, in the order of model/kinds.def; a kind without a generator
// yet has a null `document`.
constexpr KindGenerators kKinds[] = {
    {ScenarioKind::kPassthrough, PassthroughDocument},
    {ScenarioKind::kPassthroughTimeline, TimelineDocument},
    {ScenarioKind::kServiceLbPolicy, SlbDocument},
#ifdef LBCONFORM_TOY_KIND
    {ScenarioKind::kToy, check::GenToyDocument},
#endif
};
static_assert(OneRowPerKind(kKinds), "properties/kinds.cc: a row per kind of model/kinds.def, in its order");

}  // namespace

const KindGenerators* GeneratorsOf(ScenarioKind kind) {
  const KindGenerators& row = RowOf(kKinds, kind);
  return row.document == nullptr ? nullptr : &row;
}

}  // namespace lbconform::properties
