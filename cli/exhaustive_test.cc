// The exhaustive enumeration: sizes, decoding, shards that partition the
// scope, and a check that a lying engine is caught.
#include "cli/exhaustive.h"

#include <gtest/gtest.h>

#include "engines/engines.h"
#include "model/slb_model.h"
#include "model/timeline_model.h"

namespace lbconform {
namespace {

TEST(ExhaustiveTest, CiScopeIsAtLeastAMillion) {
  ExhaustiveScope ci;
  ASSERT_TRUE(NamedScope("ci", ci));
  EXPECT_EQ(ScopeSize(ci), 11'063'808U);  // 7^4 cells × 6 clients × 8 ratios × 2 × 8 × 3 × 2
  ExhaustiveScope campaign;
  ASSERT_TRUE(NamedScope("campaign", campaign));
  EXPECT_GE(ScopeSize(campaign), 100'000'000U);
  EXPECT_FALSE(NamedScope("everything", campaign));
}

TEST(ExhaustiveTest, ShardsPartitionTheScope) {
  for (std::uint64_t total : {0ULL, 1ULL, 7ULL, 1000ULL, 11'063'808ULL}) {
    for (std::uint64_t count : {1ULL, 2ULL, 3ULL, 16ULL}) {
      std::uint64_t next = 0;
      for (std::uint64_t i = 0; i < count; ++i) {
        const IndexRange r = ShardRange(total, i, count);
        EXPECT_EQ(r.begin, next);
        EXPECT_LE(r.end - r.begin, total / count + 1);
        next = r.end;
      }
      EXPECT_EQ(next, total);
    }
  }
}

TEST(ExhaustiveTest, DecodesDistinctScenariosAcrossTheScope) {
  ExhaustiveScope scope;
  NamedScope("ci", scope);
  const ExhaustiveCase first = CaseAt(scope, 0);
  EXPECT_TRUE(first.scenario.instances.empty());
  const ExhaustiveCase last = CaseAt(scope, ScopeSize(scope) - 1);
  EXPECT_EQ(last.scenario.instances.size(), 8U);  // 2 zones × 2 roles × 2 VMs
  EXPECT_EQ(last.profile, Profile::kEn20260402);
  EXPECT_EQ(last.scenario.client.type, ClientType::kPscEndpoint);
}

// An engine that drops everything must be caught on the first valid case.
// It decides the passthrough kind only: an engine implements the kinds it has.
class DropEverything final : public PassthroughEngine {
 public:
  std::string_view name() const override { return "drop-everything"; }
  PassthroughDecision Decide(const PassthroughScenario& scenario, Profile profile) const override {
    PassthroughDecision d = EnginesOf<PassthroughEngine>().front()->Decide(scenario, profile);
    if (d.valid()) d.modified_eligible.clear();
    return d;
  }
};

TEST(ExhaustiveTest, ALyingEngineIsCaught) {
  ExhaustiveScope scope;
  NamedScope("ci", scope);
  const DropEverything liar;
  int reports = 0;
  const ExhaustiveResult result = RunExhaustive(
      scope, 0, 20'000, {EnginesOf<PassthroughEngine>().front(), &liar},
      [&](const ExhaustiveFinding& finding) { reports += finding.engine == "drop-everything"; }, [](std::uint64_t) {});
  EXPECT_EQ(result.checked, 20'000U);
  EXPECT_GT(result.disagreements, 0U);
  EXPECT_EQ(static_cast<std::uint64_t>(reports), result.disagreements);
}

}  // namespace
}  // namespace lbconform
