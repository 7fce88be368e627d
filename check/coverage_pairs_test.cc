// The coverage universe of `lbconform check` (check/coverage_pairs.h) is the
// whole vocabulary of its generators, every pair of it is reached by the
// default budget, each aimer reaches its pair, and steering leaves a case a
// function of (seed, kind, index).
#include "check/coverage_pairs.h"

#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>

#include "check/case_aimers.h"
#include "check/case_drawer.h"
#include "check/case_generators.h"
#include "check/check.h"
#include "check/finding_text.h"
#include "check/judge.h"
#include "engines/engines.h"
#include "vectors/runner.h"

namespace lbconform::check {
namespace {

std::vector<ScenarioKind> CheckedKinds() {
  std::vector<ScenarioKind> kinds;
  for (ScenarioKind kind : AllScenarioKinds()) {
    if (GenCheckCase(kind, ProfilesOf(kind).front())) kinds.push_back(kind);
  }
  return kinds;
}

std::set<std::string> PairsOfDraw(ScenarioKind kind, Profile profile, const rc::Gen<CheckCase>& generator,
                                  std::uint64_t seed, int size, std::vector<std::string>& outside) {
  const CheckCase c = generator(rc::Random(seed), size).value();
  return PairsReached(kind, c.boundaries, ReferenceTraceClauses(c.document, profile), &outside);
}

TEST(CoveragePairs, EveryClassTheGeneratorsNameIsInTheUniverse) {
  for (ScenarioKind kind : CheckedKinds()) {
    SCOPED_TRACE(NameOf(kind));
    EXPECT_FALSE(CoveragePairsOf(kind).empty());
    std::vector<std::string> outside;
    for (Profile profile : ProfilesOf(kind)) {
      const rc::Gen<CheckCase> generator = *GenCheckCase(kind, profile);
      for (std::uint64_t i = 0; i < 600; ++i)
        PairsOfDraw(kind, profile, generator, i, static_cast<int>(i % 101), outside);
    }
    std::set<std::string> names(outside.begin(), outside.end());
    for (const std::string& name : names) ADD_FAILURE() << "named but not in check/coverage_pairs.cc: " << name;
  }
}

TEST(CoveragePairs, LabelsAreUniqueAndNameAClauseOrStatement) {
  for (ScenarioKind kind : CheckedKinds()) {
    std::set<std::string> labels, boundaries;
    for (const CoveragePair& pair : CoveragePairsOf(kind)) {
      EXPECT_TRUE(labels.insert(pair.Label()).second) << pair.Label();
      // A boundary class belongs to one clause: PairsReached finds it by its name.
      if (pair.boundary != kInTheTrace) {
        EXPECT_TRUE(boundaries.insert(pair.boundary).second) << pair.Label();
      }
      EXPECT_FALSE(pair.clause.empty()) << pair.Label();
    }
  }
}

TEST(CoveragePairs, EachAimerReachesItsPair) {
  for (const AimedPair& aimed : AllAimedPairs()) {
    SCOPED_TRACE(std::string(aimed.label));
    const auto& universe = CoveragePairsOf(aimed.kind);
    EXPECT_TRUE(std::any_of(universe.begin(), universe.end(), [&](const CoveragePair& p) {
      return p.Label() == aimed.label;
    })) << "an aimer for a pair outside the universe";
    // Some pairs are one profile's (ZA-EN-2): the best profile counts.
    int reached = 0;
    for (Profile profile : ProfilesOf(aimed.kind)) {
      const std::optional<rc::Gen<CheckCase>> generator = GenAimedCheckCase(aimed.kind, profile, aimed.label);
      ASSERT_TRUE(generator.has_value());
      int with_profile = 0;
      std::vector<std::string> outside;
      for (std::uint64_t i = 0; i < 20; ++i) {
        with_profile += PairsOfDraw(aimed.kind, profile, *generator, 1000 + i, static_cast<int>(i * 5), outside)
                            .contains(std::string(aimed.label));
      }
      reached = std::max(reached, with_profile);
    }
    EXPECT_GE(reached, 10) << "of 20 aimed draws";
  }
}

// The default budget of the reference reaches its whole universe; a pair no
// budget reaches would sit in every check's "not reached" list.
TEST(CoveragePairs, TheDefaultBudgetReachesEveryPair) {
#ifdef LBCONFORM_SANITIZED
  GTEST_SKIP() << "the generators' reach is the same under the sanitizers, ten times slower; the dev build checks it";
#endif
  const Engine& reference = *FindEngine("reference");
  vectors::EngineImplementation implementation(reference);
  CheckOptions options;
  options.kinds = CheckedKinds();
  options.cases = kDefaultCheckCases;
  options.seed = 1;
  std::ostringstream out, err;
  const CheckResult result = RunCheck(implementation, options, out, err);
  for (const auto& [kind, coverage] : result.coverage) {
    EXPECT_EQ(PairsNotReached(kind, coverage), std::vector<std::string>{}) << NameOf(kind);
    EXPECT_GT(coverage.aimed, 0u) << NameOf(kind);
  }
  EXPECT_NE(out.str().find("clauses reached "), std::string::npos);
}

// Steering keeps a case a function of its index: a drawer that drew the
// cases before it and one that draws it first give the same case.
TEST(CoveragePairs, SteeredCasesDoNotDependOnWhatWasDrawnBefore) {
  const ScenarioKind kind = ScenarioKind::kServiceLbPolicy;
  const std::vector<Profile> profiles(ProfilesOf(kind).begin(), ProfilesOf(kind).end());
  auto drawer = [&] {
    std::vector<rc::Gen<CheckCase>> generators;
    for (Profile p : profiles) generators.push_back(*GenCheckCase(kind, p));
    return CaseDrawer(kind, profiles, generators, /*seed=*/7, /*max_size=*/100, /*steer=*/true);
  };
  CaseDrawer in_order = drawer();
  std::vector<std::optional<DrawnCase>> drawn;
  for (std::uint64_t i = 0; i < kPilotCases + 40; ++i) drawn.push_back(in_order.Draw(i));
  ASSERT_FALSE(in_order.Targets().empty());
  int aimed = 0;
  for (std::uint64_t i = kPilotCases + 39; i >= kPilotCases; --i) {
    CaseDrawer alone = drawer();
    const std::optional<DrawnCase> again = alone.Draw(i);
    ASSERT_EQ(again.has_value(), drawn[i].has_value());
    if (!again) continue;
    EXPECT_EQ(again->drawn.value().document, drawn[i]->drawn.value().document) << "case " << i;
    EXPECT_EQ(again->aimed_at, drawn[i]->aimed_at);
    aimed += again->aimed_at.empty() ? 0 : 1;
  }
  EXPECT_GT(aimed, 0);
}

}  // namespace
}  // namespace lbconform::check
