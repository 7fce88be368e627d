// Equivalence: every engine and kernel of this build returns the reference's
// decision (validity and error codes first, then every decision field) on
// arbitrary bounded scenarios, both profiles.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <nlohmann/json.hpp>

#include "check/scenario_generators.h"
#include "documents/scenario_json.h"
#include "engines/engines.h"
#include "optimized/compiled.h"

namespace lbconform {
namespace {

RC_GTEST_PROP(Equivalence, EveryEngineMatchesTheReference, (const PassthroughScenario& scenario, Profile profile)) {
  const std::vector<const PassthroughEngine*> engines = EnginesOf<PassthroughEngine>();
  RC_ASSERT(engines.size() >= 3U);
  const PassthroughDecision reference_decision = engines.front()->Decide(scenario, profile);
  RC_TAG(reference_decision.valid() ? std::string(NameOf(reference_decision.eligible_kind)) : std::string("INVALID"));
  RC_CLASSIFY(reference_decision.zonal_status == ZonalAffinityStatus::kApplied, "zonal affinity applied");
  for (const PassthroughEngine* engine : engines) {
    const PassthroughDecision optimized_decision = engine->Decide(scenario, profile);
    if (!SameDecision(reference_decision, optimized_decision)) {
      RC_FAIL(std::string(engine->name()) + " disagrees.\nreference: " + DumpJson(EncodeDecision(reference_decision)) +
              "\n" + std::string(engine->name()) + ": " + DumpJson(EncodeDecision(optimized_decision)));
    }
  }
}

// The generator reaches every eligible kind and every zonal status.
TEST(EquivalenceCoverage, GeneratorReachesEveryBranch) {
  std::set<EligibleKind> kinds;
  std::set<ZonalAffinityStatus> statuses;
  std::set<ZonalAffinityOutcome> outcomes;
  bool invalid = false;
  const auto gen = check::GenScenario({});
  const PassthroughEngine* reference = EnginesOf<PassthroughEngine>().front();
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

namespace lbconform {
namespace {

// The batch path (structure-of-arrays, fixed-width kernels) decides each
// scenario exactly as the single-decision path does, on every kernel, for
// health states drawn at random over the same compiled service.
RC_GTEST_PROP(Equivalence, BatchPathMatchesSingleDecisions, (Profile profile)) {
  const PassthroughScenario s = *check::GenScenario(
      {.allow_invalid = false, .spillover = std::nullopt, .compatible_client = false, .with_failover = false});
  const auto compiled = optimized::CompiledPassthrough::Compile(s, profile);
  const std::uint32_t w = compiled.words();
  const int count = *rc::gen::inRange(1, 40);
  std::vector<std::uint64_t> healthy(static_cast<std::size_t>(count) * w);
  std::vector<std::int32_t> zones(static_cast<std::size_t>(count));
  std::vector<std::uint8_t> compatible(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    for (std::uint32_t j = 0; j < w; ++j) {
      healthy[static_cast<std::size_t>(i) * w + j] = *rc::gen::arbitrary<std::uint64_t>() & compiled.tables().all[j];
    }
    zones[static_cast<std::size_t>(i)] =
        *rc::gen::inRange<std::int32_t>(-1, static_cast<std::int32_t>(compiled.tables().zone_count));
    compatible[static_cast<std::size_t>(i)] = *rc::gen::element<std::uint8_t>(0, 1, 1);
  }
  for (const optimized::Kernel& kernel : optimized::SupportedKernels()) {
    std::vector<std::uint64_t> eligible(healthy.size()), modified(healthy.size());
    std::vector<std::uint8_t> kind(zones.size()), status(zones.size()), outcome(zones.size());
    kernel.decide_batch(compiled.tables(), {zones.size(), healthy.data(), zones.data(), compatible.data()},
                        {eligible.data(), modified.data(), kind.data(), status.data(), outcome.data()});
    for (int i = 0; i < count; ++i) {
      const auto at = static_cast<std::size_t>(i);
      const std::vector<std::uint64_t> h(healthy.begin() + static_cast<std::ptrdiff_t>(at * w),
                                         healthy.begin() + static_cast<std::ptrdiff_t>((at + 1) * w));
      const optimized::MaskDecision one = compiled.Decide(kernel, h, zones[at], compatible[at] != 0);
      RC_ASSERT(kind[at] == one.codes.kind);
      RC_ASSERT(status[at] == one.codes.status);
      RC_ASSERT(outcome[at] == one.codes.outcome);
      RC_ASSERT(
          std::equal(one.eligible.begin(), one.eligible.end(), eligible.begin() + static_cast<std::ptrdiff_t>(at * w)));
      RC_ASSERT(
          std::equal(one.modified.begin(), one.modified.end(), modified.begin() + static_cast<std::ptrdiff_t>(at * w)));
    }
  }
}

}  // namespace
}  // namespace lbconform
