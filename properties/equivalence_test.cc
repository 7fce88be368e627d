// Equivalence: every engine and kernel of this build returns the reference's
// decision (validity and error codes first, then every decision field) on
// arbitrary bounded scenarios, both profiles.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "cli/engines.h"
#include "properties/generators.h"
#include <nlohmann/json.hpp>

#include "reference/scenario_json.h"

namespace lbconform {
namespace {

RC_GTEST_PROP(Equivalence, EveryEngineMatchesTheReference, (const PassthroughScenario& scenario, Profile profile)) {
  const std::vector<const Engine*> engines = AvailableEngines();
  RC_ASSERT(engines.size() >= 3U);
  const PassthroughDecision reference_decision = engines.front()->Decide(scenario, profile);
  RC_TAG(reference_decision.valid() ? std::string(NameOf(reference_decision.eligible_kind)) : std::string("INVALID"));
  RC_CLASSIFY(reference_decision.zonal_status == ZonalAffinityStatus::kApplied, "zonal affinity applied");
  for (const Engine* engine : engines) {
    const PassthroughDecision optimized_decision = engine->Decide(scenario, profile);
    if (!SameDecision(reference_decision, optimized_decision)) {
      RC_FAIL(std::string(engine->name()) + " disagrees.\nreference: " +
              DumpJson(EncodeDecision(reference_decision)) + "\n" + std::string(engine->name()) + ": " +
              DumpJson(EncodeDecision(optimized_decision)));
    }
  }
}

// The generator reaches every eligible kind and every zonal status.
TEST(EquivalenceCoverage, GeneratorReachesEveryBranch) {
  std::set<EligibleKind> kinds;
  std::set<ZonalAffinityStatus> statuses;
  std::set<ZonalAffinityOutcome> outcomes;
  bool invalid = false;
  const auto gen = properties::GenScenario({});
  const Engine* reference = AvailableEngines().front();
  for (int i = 0; i < 20000; ++i) {
    const PassthroughScenario s = gen(rc::Random(static_cast<std::uint64_t>(i)), 50).value();
    const PassthroughDecision d = reference->Decide(s, Profile::kSpecDocs);
    if (!d.valid()) {
      invalid = true;
      continue;
    }
    kinds.insert(d.eligible_kind);
    statuses.insert(d.zonal_status);
    if (d.outcome) outcomes.insert(*d.outcome);
  }
  EXPECT_TRUE(invalid);
  EXPECT_EQ(kinds.size(), 6U);
  EXPECT_EQ(statuses.size(), 6U);
  EXPECT_EQ(outcomes.size(), 3U);
}

}  // namespace
}  // namespace lbconform
