// Every kind, through the tables of kinds alone: documents drawn by the
// kind's generator, decided by every engine that implements the kind through
// the documents layer's `decide`, agree with the reference on the normative
// fields (`diff`). A kind added to model/kinds.def is checked here once it
// has its rows, with no new test.
#include "properties/kinds.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "documents/documents.h"
#include "engines/engines.h"

namespace lbconform {
namespace {

// The three kinds of today all have a generator (a new kind may start without).
TEST(KindGenerators, TodaysKindsHaveAGenerator) {
  for (ScenarioKind kind : AllScenarioKinds()) {
    ASSERT_NE(properties::GeneratorsOf(kind), nullptr) << NameOf(kind);
    EXPECT_EQ(properties::GeneratorsOf(kind)->kind, kind);
  }
}

RC_GTEST_PROP(KindTables, EveryEngineAgreesWithTheReferenceOnEveryKind, ()) {
  std::vector<ScenarioKind> generated;
  for (ScenarioKind k : AllScenarioKinds()) {
    if (properties::GeneratorsOf(k) != nullptr) generated.push_back(k);
  }
  const ScenarioKind kind = *rc::gen::elementOf(generated);
  const std::span<const Profile> profiles = ProfilesOf(kind);
  const Profile profile = *rc::gen::elementOf(std::vector<Profile>(profiles.begin(), profiles.end()));
  const nlohmann::json document = *properties::GeneratorsOf(kind)->document();
  RC_TAG(std::string(NameOf(kind)));
  const std::vector<const Engine*> engines = AvailableEngines();
  const KindDocuments& table = DocumentsOf(kind);
  RC_ASSERT(table.implemented_by(*engines.front()));
  const nlohmann::json expected = table.decide(*engines.front(), document, profile, {});
  for (const Engine* engine : engines) {
    if (!table.implemented_by(*engine)) continue;
    const nlohmann::json actual = table.decide(*engine, document, profile, {});
    if (const std::optional<std::string> field = table.diff(expected, actual)) {
      RC_FAIL(std::string(engine->name()) + " differs from the reference at " + *field + " on " + document.dump());
    }
  }
}

}  // namespace
}  // namespace lbconform
