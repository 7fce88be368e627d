// Every kind, through the tables of kinds alone: documents drawn by the
// kind's generator, decided by every engine that implements the kind through
// the documents layer's `decide`, agree with the reference on the normative
// fields (`diff`). A kind added to model/kinds.def is checked here once it
// has its rows, with no new test.
#include "properties/kinds.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <functional>
#include <set>
#include <string>

#include "documents/documents.h"
#include "engines/engines.h"
#include "reference/reference_engine.h"

namespace lbconform {
namespace {

// The three kinds of today all have a generator (a new kind may start without).
TEST(KindGenerators, TodaysKindsHaveAGenerator) {
  for (ScenarioKind kind : AllScenarioKinds()) {
    ASSERT_NE(properties::GeneratorsOf(kind), nullptr) << NameOf(kind);
    EXPECT_EQ(properties::GeneratorsOf(kind)->kind, kind);
  }
}

// DrawnDocument is a document of a kind that has a generator, and a profile of
// that kind, drawn inside a property.
struct DrawnDocument {
  ScenarioKind kind;
  Profile profile;
  nlohmann::json document;
};

DrawnDocument DrawDocument() {
  std::vector<ScenarioKind> generated;
  for (ScenarioKind k : AllScenarioKinds()) {
    if (properties::GeneratorsOf(k) != nullptr) generated.push_back(k);
  }
  const ScenarioKind kind = *rc::gen::elementOf(generated);
  const std::span<const Profile> profiles = ProfilesOf(kind);
  const Profile profile = *rc::gen::elementOf(std::vector<Profile>(profiles.begin(), profiles.end()));
  return {kind, profile, *properties::GeneratorsOf(kind)->document()};
}

RC_GTEST_PROP(KindTables, EveryEngineAgreesWithTheReferenceOnEveryKind, ()) {
  const auto [kind, profile, document] = DrawDocument();
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

// Tracing only the clauses (`lbconform check`'s reference) records the clauses
// the full trace cites, no text, and the same decision: the reference's rules
// run alike whatever the trace's detail.
RC_GTEST_PROP(KindTables, ClauseOnlyTracesCiteTheFullTracesClauses, ()) {
  const auto [kind, profile, document] = DrawDocument();
  const reference::ReferenceEngine full(reference::TraceDetail::kText);
  const reference::ReferenceEngine clauses_only(reference::TraceDetail::kClauses);
  const KindDocuments& table = DocumentsOf(kind);

  std::set<Clause> from_full;
  nlohmann::json traced = table.decide(full, document, profile, {.trace = true, .trace_clauses = &from_full});
  std::set<std::string> cited;  // every "trace" array's clauses, at any depth
  std::function<void(const nlohmann::json&)> collect = [&](const nlohmann::json& value) {
    if (value.is_object()) {
      for (auto it = value.begin(); it != value.end(); ++it) {
        if (it.key() == "trace") {
          for (const nlohmann::json& step : *it) cited.insert(step.at("clause").get<std::string>());
        } else {
          collect(*it);
        }
      }
    } else if (value.is_array()) {
      for (const nlohmann::json& v : value) collect(v);
    }
  };
  collect(traced);
  std::set<std::string> from_full_ids;
  for (Clause c : from_full) from_full_ids.emplace(IdOf(c));
  RC_ASSERT(from_full_ids == cited);

  std::set<Clause> from_clauses_only;
  const nlohmann::json untraced = table.decide(clauses_only, document, profile, {.trace_clauses = &from_clauses_only});
  RC_ASSERT(from_clauses_only == from_full);
  RC_ASSERT(untraced.dump().find("\"trace\":") == std::string::npos);
  RC_ASSERT(untraced == table.decide(full, document, profile, {}));
}

}  // namespace
}  // namespace lbconform
