// The compiled form: bits follow names, thresholds are exact, and the batch
// API decides exactly as the single-decision API does, on every kernel.
#include "optimized/compiled.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

#include "model/testing/scenario_builder.h"
#include "optimized/optimized_engine.h"

namespace lbconform::optimized {
namespace {

using lbconform::testing::kFailover;
using lbconform::testing::ScenarioBuilder;

TEST(CompiledTest, BitsFollowNamesInByteOrder) {
  const PassthroughScenario s = ScenarioBuilder()
                                    .Group("ig-b", "us-west1-b", kFailover)
                                    .Group("ig-a", "us-west1-a")
                                    .Vm("vm-z", "ig-a", true)
                                    .Vm("vm-a", "ig-b", false)
                                    .Vm("Vm-C", "ig-a", false)
                                    .Build();
  const auto c = CompiledPassthrough::Compile(s, Profile::kSpecDocs);
  EXPECT_EQ(c.vm_names(), (std::vector<std::string>{"Vm-C", "vm-a", "vm-z"}));
  EXPECT_EQ(c.tables().primary[0], 0b101U);
  EXPECT_EQ(c.tables().backup[0], 0b010U);
  EXPECT_EQ(c.HealthMask(s), std::vector<std::uint64_t>{0b100U});
  EXPECT_EQ(c.ZoneIndex("us-west1-a"), 0);  // first zone met in name order (Vm-C)
  EXPECT_EQ(c.ZoneIndex("us-west1-c"), -1);
}

TEST(CompiledTest, ThresholdsAreExactCounts) {
  // 100 primaries at 0.07: exactly 7 (docs/contract.md §2.1); spillover 0.8 of 5 = 4.
  const auto c = CompiledPassthrough::Compile(ScenarioBuilder()
                                                  .Group("ig-p", "us-west1-a")
                                                  .Group("ig-f", "us-west1-b", kFailover)
                                                  .Vms("ig-p", 100, 0)
                                                  .Vms("ig-f", 5, 0)
                                                  .FailoverRatio("0.07")
                                                  .ZonalAffinity(Spillover::kSpillCrossZone, "0.8")
                                                  .Build(),
                                              Profile::kSpecDocs);
  EXPECT_EQ(c.words(), 2U);
  EXPECT_EQ(c.tables().min_healthy_primaries, 7U);
  const std::int32_t zone_b = c.ZoneIndex("us-west1-b");
  EXPECT_EQ(c.tables().min_spill[kTestBackup * c.tables().zone_count + zone_b], 4U);
}

// The batch API (structure-of-arrays) equals one decision at a time.
TEST(CompiledTest, BatchEqualsSingleDecisionsOnEveryKernel) {
  ScenarioBuilder b = ScenarioBuilder()
                          .Group("ig-pa", "us-west1-a")
                          .Group("ig-pb", "us-west1-b")
                          .Group("ig-fa", "us-west1-a", kFailover)
                          .Group("ig-fb", "us-west1-b", kFailover)
                          .Vms("ig-pa", 70, 0)
                          .Vms("ig-pb", 70, 0)
                          .Vms("ig-fa", 60, 0)
                          .Vms("ig-fb", 60, 0)
                          .FailoverRatio("0.5")
                          .ZonalAffinity(Spillover::kSpillCrossZone, "0.3");
  const auto c = CompiledPassthrough::Compile(b.Build(), Profile::kSpecDocs);
  const std::uint32_t w = c.words();
  constexpr std::size_t kCount = 200;
  std::mt19937_64 random(42);
  std::vector<std::uint64_t> healthy(kCount * w);
  std::vector<std::int32_t> zones(kCount);
  std::vector<std::uint8_t> compatible(kCount);
  for (std::size_t i = 0; i < kCount; ++i) {
    for (std::uint32_t j = 0; j < w; ++j) {
      // Sparse, dense and mixed health so every table row appears.
      const std::uint64_t r = random();
      healthy[i * w + j] = (i % 3 == 0) ? (r & random() & random()) : (i % 3 == 1 ? r : (r | random()));
      healthy[i * w + j] &= c.tables().all[j];
    }
    zones[i] = static_cast<std::int32_t>(i % 3) - 1;  // -1, 0, 1
    compatible[i] = static_cast<std::uint8_t>(i % 5 != 0);
  }
  for (const Kernel& kernel : SupportedKernels()) {
    SCOPED_TRACE(kernel.name);
    std::vector<std::uint64_t> eligible(kCount * w), modified(kCount * w);
    std::vector<std::uint8_t> kind(kCount), status(kCount), outcome(kCount);
    kernel.decide_batch(c.tables(), {kCount, healthy.data(), zones.data(), compatible.data()},
                        {eligible.data(), modified.data(), kind.data(), status.data(), outcome.data()});
    std::set<int> kinds_seen;
    for (std::size_t i = 0; i < kCount; ++i) {
      const std::vector<std::uint64_t> h(healthy.begin() + static_cast<std::ptrdiff_t>(i * w),
                                         healthy.begin() + static_cast<std::ptrdiff_t>((i + 1) * w));
      const MaskDecision one = c.Decide(kernel, h, zones[i], compatible[i] != 0);
      ASSERT_EQ(kind[i], one.codes.kind) << i;
      ASSERT_EQ(status[i], one.codes.status) << i;
      ASSERT_EQ(outcome[i], one.codes.outcome) << i;
      ASSERT_TRUE(
          std::equal(one.modified.begin(), one.modified.end(), modified.begin() + static_cast<std::ptrdiff_t>(i * w)));
      ASSERT_TRUE(
          std::equal(one.eligible.begin(), one.eligible.end(), eligible.begin() + static_cast<std::ptrdiff_t>(i * w)));
      kinds_seen.insert(kind[i]);
    }
    EXPECT_GE(kinds_seen.size(), 2U);
  }
}

// Kernels agree with each other word for word on a service wider than one
// AVX2 register (300 VMs: 5 words, a 4-word block and a tail). On a CPU with
// one kernel there is nothing to compare it with.
TEST(CompiledTest, KernelsAgreeAcrossWordBoundaries) {
  const auto kernels = SupportedKernels();
  if (kernels.size() < 2) {
    GTEST_SKIP() << "this CPU runs one kernel (" << kernels.front().name << "): no other kernel to compare it with";
  }
  ScenarioBuilder b = ScenarioBuilder()
                          .Group("ig-p", "us-west1-a")
                          .Group("ig-f", "us-west1-b", kFailover)
                          .Vms("ig-p", 150, 0)
                          .Vms("ig-f", 150, 0)
                          .FailoverRatio("0.25")
                          .ZonalAffinity(Spillover::kStayWithinZone);
  const auto c = CompiledPassthrough::Compile(b.Build(), Profile::kSpecDocs);
  std::mt19937_64 random(7);
  for (int trial = 0; trial < 500; ++trial) {
    std::vector<std::uint64_t> h(c.words());
    for (std::uint32_t j = 0; j < c.words(); ++j) h[j] = random() & random() & c.tables().all[j];
    const std::int32_t zone = trial % 2;
    const PassthroughDecision first = c.ToDecision(c.Decide(kernels.front(), h, zone, true));
    for (std::size_t i = 1; i < kernels.size(); ++i) {
      EXPECT_TRUE(SameDecision(first, c.ToDecision(c.Decide(kernels[i], h, zone, true))))
          << kernels[i].name << " differs from " << kernels.front().name << ", trial " << trial;
    }
  }
}

}  // namespace
}  // namespace lbconform::optimized
