// Zonal affinity (ZA-*) and its English revision (profile en-2026-04-02):
// the zonal-match examples, every row of each option's table, both sides of
// each ratio boundary, client compatibility and the incompatible configurations.
#include <gtest/gtest.h>

#include "model/testing/scenario_builder.h"
#include "reference/reference_engine.h"
#include "reference/testing/decide.h"

namespace lbconform {
namespace {

using testing::kFailover;
using testing::kHealthy;
using testing::kUnhealthy;
using testing::ScenarioBuilder;

constexpr Spillover kStay = Spillover::kStayWithinZone;
constexpr Spillover kSpill = Spillover::kSpillCrossZone;

using testing::Cites;
using testing::Decide;

// The zonal-match example of the zonal-affinity text: primaries in zones A and B, failover
// backends in C and D, client in A, a default failover policy.
ScenarioBuilder MatchExample() {
  return ScenarioBuilder()
      .Group("ig-pa", "us-west1-a")
      .Group("ig-pb", "us-west1-b")
      .Group("ig-fc", "us-west1-c", kFailover)
      .Group("ig-fd", "us-west1-d", kFailover)
      .Vm("pa1", "ig-pa", kHealthy)
      .Vm("pa2", "ig-pa", kHealthy)
      .Vm("pb1", "ig-pb", kHealthy)
      .Vm("fc1", "ig-fc", kHealthy)
      .Vm("fd1", "ig-fd", kHealthy)
      .FailoverRatio("0")
      .ZonalAffinity(kStay)
      .ClientVm("us-west1-a");
}

// [ZA-27] Scenario 1: eligible = healthy primaries in A and B, test backends =
// configured primaries, client in A: a zonal match.
TEST(ZonalMatchSpec, ZA_27_ScenarioOneMatches) {
  const auto d = Decide(MatchExample().Build());
  EXPECT_EQ(d.eligible_kind, EligibleKind::kPrimaryHealthy);
  EXPECT_EQ(d.test_backends, (BackendNames{"pa1", "pa2", "pb1"}));  // [ZA-24] [ZA-17]
  EXPECT_EQ(d.zonally_matched, (BackendNames{"pa1", "pa2"}));       // [ZA-18] [ZA-30]
  EXPECT_EQ(d.zonal_status, ZonalAffinityStatus::kApplied);         // [ZA-23]
}

// [ZA-28] Scenario 2: eligible = healthy failover backends in C and D, the
// client in A: no zonal match; connections go to any eligible backend.
TEST(ZonalMatchSpec, ZA_28_ScenarioTwoDoesNotMatch) {
  const auto d = Decide(
      MatchExample().SetHealth("pa1", kUnhealthy).SetHealth("pa2", kUnhealthy).SetHealth("pb1", kUnhealthy).Build());
  EXPECT_EQ(d.eligible_kind, EligibleKind::kBackupHealthy);
  EXPECT_EQ(d.test_backends, (BackendNames{"fc1", "fd1"}));  // [ZA-25]
  EXPECT_TRUE(d.zonally_matched.empty());
  EXPECT_EQ(d.zonal_status, ZonalAffinityStatus::kNoZonalMatch);
  EXPECT_EQ(d.modified_eligible, (BackendNames{"fc1", "fd1"}));
}

// A two-zone service with failover, each role in both zones, for the rows of
// the three option tables. Zone a holds p-a1, p-a2 and f-a1, f-a2.
ScenarioBuilder TwoZones() {
  return ScenarioBuilder()
      .Group("ig-pa", "us-west1-a")
      .Group("ig-pb", "us-west1-b")
      .Group("ig-fa", "us-west1-a", kFailover)
      .Group("ig-fb", "us-west1-b", kFailover)
      .Vm("p-a1", "ig-pa", kHealthy)
      .Vm("p-a2", "ig-pa", kHealthy)
      .Vm("p-b1", "ig-pb", kHealthy)
      .Vm("p-b2", "ig-pb", kHealthy)
      .Vm("f-a1", "ig-fa", kHealthy)
      .Vm("f-a2", "ig-fa", kHealthy)
      .Vm("f-b1", "ig-fb", kHealthy)
      .Vm("f-b2", "ig-fb", kHealthy)
      .FailoverRatio("0.5")
      .ClientVm("us-west1-a");
}

ScenarioBuilder AllUnhealthy(ScenarioBuilder b) {
  for (const char* vm : {"p-a1", "p-a2", "p-b1", "p-b2", "f-a1", "f-a2", "f-b1", "f-b2"}) b.SetHealth(vm, kUnhealthy);
  return b;
}

// Failover mode: primaries in zone b only healthy enough? No: both primary
// zone-a VMs down and one zone-b VM down leaves 1 of 4 < 0.5: failover.
ScenarioBuilder FailoverMode(ScenarioBuilder b) {
  return b.SetHealth("p-a1", kUnhealthy).SetHealth("p-a2", kUnhealthy).SetHealth("p-b1", kUnhealthy);
}

// ------------------------------ STAY_WITHIN_ZONE

// [ZA-13] [ZA-31] [ZA-32] Row 1, non-empty intersection: healthy primaries in the zone.
TEST(StayWithinZone, ZA_32_RowOneRefinesToHealthyPrimariesInZone) {
  const auto d = Decide(TwoZones().ZonalAffinity(kStay).SetHealth("p-a2", kUnhealthy).Build());
  EXPECT_EQ(d.outcome, ZonalAffinityOutcome::kRefined);
  EXPECT_EQ(d.modified_eligible, BackendNames{"p-a1"});
  EXPECT_TRUE(Cites(d, Clause::ZA_32));
}

// [ZA-33] Row 1, empty intersection: the unhealthy primaries of the zone.
TEST(StayWithinZone, ZA_33_RowOneReplacesWithUnhealthyPrimariesInZone) {
  // Ratio 0 keeps the primaries while p-b1 and p-b2 are healthy.
  const auto d = Decide(TwoZones()
                            .FailoverRatio("0")
                            .ZonalAffinity(kStay)
                            .SetHealth("p-a1", kUnhealthy)
                            .SetHealth("p-a2", kUnhealthy)
                            .Build());
  EXPECT_EQ(d.eligible, (BackendNames{"p-b1", "p-b2"}));
  EXPECT_EQ(d.outcome, ZonalAffinityOutcome::kReplaced);
  EXPECT_EQ(d.modified_eligible, (BackendNames{"p-a1", "p-a2"}));
  EXPECT_TRUE(Cites(d, Clause::ZA_33));
}

// Row 2 (failover mode), non-empty and empty intersection.
TEST(StayWithinZone, ZA_25_RowTwoFailoverBackends) {
  auto d = Decide(FailoverMode(TwoZones()).ZonalAffinity(kStay).Build());
  EXPECT_EQ(d.eligible_kind, EligibleKind::kBackupHealthy);
  EXPECT_EQ(d.test_backends, (BackendNames{"f-a1", "f-a2", "f-b1", "f-b2"}));
  EXPECT_EQ(d.modified_eligible, (BackendNames{"f-a1", "f-a2"}));
  d = Decide(FailoverMode(TwoZones())
                 .ZonalAffinity(kStay)
                 .SetHealth("f-a1", kUnhealthy)
                 .SetHealth("f-a2", kUnhealthy)
                 .Build());
  EXPECT_EQ(d.outcome, ZonalAffinityOutcome::kReplaced);
  EXPECT_EQ(d.modified_eligible, (BackendNames{"f-a1", "f-a2"}));  // unhealthy failover VMs
}

// [ZA-26] [ZA-34] Row 3: all unhealthy primaries; the intersection is never empty.
TEST(StayWithinZone, ZA_34_RowThreeLastResortStaysInZone) {
  for (Profile profile : AllProfiles()) {
    const auto d = Decide(AllUnhealthy(TwoZones()).ZonalAffinity(kStay).Build(), profile);
    EXPECT_EQ(d.eligible_kind, EligibleKind::kPrimaryLastResort);
    EXPECT_EQ(d.outcome, ZonalAffinityOutcome::kRefined);
    EXPECT_EQ(d.modified_eligible, (BackendNames{"p-a1", "p-a2"}));
    EXPECT_TRUE(Cites(d, Clause::ZA_26));
    EXPECT_TRUE(Cites(d, Clause::ZA_34));
  }
}

// ------------------------------ SPILL_CROSS_ZONE, ratio 0

// [ZA-14] [ZA-36] Non-empty intersection: the intersection.
TEST(SpillCrossZoneZero, ZA_36_RefinesWhenAnEligibleBackendIsInZone) {
  const auto d = Decide(TwoZones().ZonalAffinity(kSpill, "0").SetHealth("p-a2", kUnhealthy).Build());
  EXPECT_EQ(d.modified_eligible, BackendNames{"p-a1"});
  EXPECT_TRUE(Cites(d, Clause::ZA_36));
}

// [ZA-37] GAP-16: empty intersection: the original eligible backends (spill
// over), though the API's summary reads ratio 0 as always staying local.
TEST(SpillCrossZoneZero, ZA_37_KeepsOriginalWhenNoEligibleInZone) {
  const auto d = Decide(TwoZones()
                            .FailoverRatio("0")
                            .ZonalAffinity(kSpill, "0")
                            .SetHealth("p-a1", kUnhealthy)
                            .SetHealth("p-a2", kUnhealthy)
                            .Build());
  EXPECT_EQ(d.outcome, ZonalAffinityOutcome::kUnchanged);
  EXPECT_EQ(d.modified_eligible, (BackendNames{"p-b1", "p-b2"}));
  EXPECT_TRUE(Cites(d, Clause::ZA_37));
  // Row 2 alike: failover mode with no healthy failover VM in zone a.
  const auto row_two = Decide(FailoverMode(TwoZones())
                                  .ZonalAffinity(kSpill, "0")
                                  .SetHealth("f-a1", kUnhealthy)
                                  .SetHealth("f-a2", kUnhealthy)
                                  .Build());
  EXPECT_EQ(row_two.modified_eligible, (BackendNames{"f-b1", "f-b2"}));
}

// [ZA-38] vs [ZA-EN-2] Row 3: the Indonesian text stays in the zone; the English
// revision leaves the last resort unchanged (GAP-8).
TEST(SpillCrossZoneZero, ZA_38_ZA_EN_2_LastResortDiffersByProfile) {
  const PassthroughScenario s = AllUnhealthy(TwoZones()).ZonalAffinity(kSpill, "0").Build();
  const auto docs = Decide(s, Profile::kSpecDocs);
  EXPECT_EQ(docs.modified_eligible, (BackendNames{"p-a1", "p-a2"}));
  EXPECT_TRUE(Cites(docs, Clause::ZA_38));
  const auto en = Decide(s, Profile::kEn20260402);
  EXPECT_EQ(en.outcome, ZonalAffinityOutcome::kUnchanged);
  EXPECT_EQ(en.modified_eligible, (BackendNames{"p-a1", "p-a2", "p-b1", "p-b2"}));
  EXPECT_TRUE(Cites(en, Clause::ZA_EN_2));
}

// ------------------------------ SPILL_CROSS_ZONE, ratio > 0

// [ZA-39] [ZA-40] [ZA-41] Both sides of the boundary: 1 of 2 zone-a primaries
// healthy is exactly 0.5 (refine) and one below 0.50000001 (unchanged).
TEST(SpillCrossZoneNonZero, ZA_40_ZA_41_RatioBoundary) {
  for (Profile profile : AllProfiles()) {
    const auto met = Decide(
        TwoZones().FailoverRatio("0").ZonalAffinity(kSpill, "0.5").SetHealth("p-a2", kUnhealthy).Build(), profile);
    EXPECT_EQ(met.computed_ratio, (Fraction{1, 2}));
    EXPECT_EQ(met.outcome, ZonalAffinityOutcome::kRefined);
    EXPECT_EQ(met.modified_eligible, BackendNames{"p-a1"});
    EXPECT_TRUE(Cites(met, profile != Profile::kEn20260402 ? Clause::ZA_39 : Clause::ZA_EN_3));
    EXPECT_TRUE(Cites(met, Clause::ZA_40));
    const auto below =
        Decide(TwoZones().FailoverRatio("0").ZonalAffinity(kSpill, "0.50000001").SetHealth("p-a2", kUnhealthy).Build(),
               profile);
    EXPECT_EQ(below.outcome, ZonalAffinityOutcome::kUnchanged);
    EXPECT_EQ(below.modified_eligible, (BackendNames{"p-a1", "p-b1", "p-b2"}));
    EXPECT_TRUE(Cites(below, Clause::ZA_41));
  }
}

// Ratio 1.0 needs every configured backend of the kind in the zone healthy.
TEST(SpillCrossZoneNonZero, ZA_40_RatioOneNeedsTheWholeZone) {
  EXPECT_EQ(Decide(TwoZones().ZonalAffinity(kSpill, "1").Build()).outcome, ZonalAffinityOutcome::kRefined);
  EXPECT_EQ(
      Decide(TwoZones().FailoverRatio("0").ZonalAffinity(kSpill, "1").SetHealth("p-a1", kUnhealthy).Build()).outcome,
      ZonalAffinityOutcome::kUnchanged);
}

// Row 2 (failover backends): the ratio counts failover backends only.
TEST(SpillCrossZoneNonZero, ZA_25_RowTwoCountsFailoverBackends) {
  const auto d = Decide(FailoverMode(TwoZones()).ZonalAffinity(kSpill, "0.5").SetHealth("f-a2", kUnhealthy).Build());
  EXPECT_EQ(d.eligible_kind, EligibleKind::kBackupHealthy);
  EXPECT_EQ(d.computed_ratio, (Fraction{1, 2}));
  EXPECT_EQ(d.modified_eligible, BackendNames{"f-a1"});
}

// [ZA-42] vs [ZA-EN-2] Row 3 with a non-zero ratio: the Indonesian text computes 2/2 ≥
// ratio and stays; the English revision computes 0/2 and does not.
TEST(SpillCrossZoneNonZero, ZA_42_ZA_EN_3_LastResortDiffersByProfile) {
  const PassthroughScenario s = AllUnhealthy(TwoZones()).ZonalAffinity(kSpill, "1").Build();
  const auto docs = Decide(s, Profile::kSpecDocs);
  EXPECT_EQ(docs.computed_ratio, (Fraction{2, 2}));
  EXPECT_EQ(docs.modified_eligible, (BackendNames{"p-a1", "p-a2"}));
  EXPECT_TRUE(Cites(docs, Clause::ZA_42));
  const auto en = Decide(s, Profile::kEn20260402);
  EXPECT_EQ(en.computed_ratio, (Fraction{0, 2}));
  EXPECT_EQ(en.modified_eligible.size(), 4U);
  EXPECT_TRUE(Cites(en, Clause::ZA_EN_2));
}

// [ZA-EN-4] The English page's example: spillover 0.8, no failover, zones 1
// and 2 with 5 backends each, zone 1 all healthy, zone 2 three healthy.
TEST(SpillCrossZoneNonZero, ZA_EN_4_EnglishPointEightExample) {
  ScenarioBuilder b = ScenarioBuilder()
                          .Group("ig-1", "us-west1-a")
                          .Group("ig-2", "us-west1-b")
                          .Vms("ig-1", 5, 5)
                          .Vms("ig-2", 5, 3)
                          .ZonalAffinity(kSpill, "0.8");
  for (Profile profile : AllProfiles()) {
    const auto zone1 = Decide(b.ClientVm("us-west1-a").Build(), profile);
    EXPECT_EQ(zone1.computed_ratio, (Fraction{5, 5}));
    EXPECT_EQ(zone1.modified_eligible.size(), 5U);
    const auto zone2 = Decide(b.ClientVm("us-west1-b").Build(), profile);
    EXPECT_EQ(zone2.computed_ratio, (Fraction{3, 5}));
    EXPECT_EQ(zone2.outcome, ZonalAffinityOutcome::kUnchanged);
    EXPECT_EQ(zone2.modified_eligible.size(), 8U);
  }
  // GAP-14: 4 of 5 meets 0.8 exactly, in rational arithmetic.
  const auto four_of_five = Decide(b.ClientVm("us-west1-b").SetHealth("ig-2-3", kHealthy).Build());
  EXPECT_EQ(four_of_five.outcome, ZonalAffinityOutcome::kRefined);
}

// [ZA-EN-1] / GAP-9: without failover, test backends are all configured ones,
// also for the last resort; under STAY the all-unhealthy zone is kept.
TEST(ZonalMatchNoFailover, ZA_EN_1_AllConfiguredBackends) {
  const auto d = Decide(ScenarioBuilder()
                            .Group("ig-1", "us-west1-a")
                            .Group("ig-2", "us-west1-b")
                            .Vms("ig-1", 2, 0)
                            .Vms("ig-2", 2, 0)
                            .ZonalAffinity(kStay)
                            .Build());
  EXPECT_EQ(d.eligible_kind, EligibleKind::kAllLastResort);
  EXPECT_EQ(d.test_backends.size(), 4U);
  EXPECT_EQ(d.modified_eligible, (BackendNames{"ig-1-0", "ig-1-1"}));
  EXPECT_TRUE(Cites(d, Clause::ZA_EN_1));
}

// ------------------------------ Triggering: enabled, compatible, match

// [ZA-12] [ZA-21] [ZA-22] Disabled: the original eligible backends unchanged.
TEST(ZonalAffinityTrigger, ZA_12_DisabledLeavesTheOriginalSet) {
  const auto d = Decide(TwoZones().Build());
  EXPECT_EQ(d.zonal_status, ZonalAffinityStatus::kDisabled);
  EXPECT_EQ(d.modified_eligible, d.eligible);
  EXPECT_FALSE(d.outcome.has_value());
}

// [ZA-9] [ZA-10] [ZA-11] [ZA-8] Only a VM in the load balancer's region is a
// compatible client; every other client gets the original set [ZA-22]; a PSC
// endpoint client is incompatible, not a configuration error (GAP-11).
TEST(ZonalAffinityTrigger, ZA_9_ZA_10_ZA_11_ZA_8_CompatibleClients) {
  ScenarioBuilder b = TwoZones().ZonalAffinity(kStay);
  EXPECT_EQ(Decide(b.Build()).zonal_status, ZonalAffinityStatus::kApplied);
  EXPECT_TRUE(Cites(Decide(b.Build()), Clause::ZA_9));
  struct Case {
    PassthroughScenario scenario;
    Clause clause;
  };
  const Case cases[] = {
      {ScenarioBuilder(b).Client(ClientType::kVpnTunnel).Build(), Clause::ZA_10},
      {ScenarioBuilder(b).Client(ClientType::kInterconnectAttachment).Build(), Clause::ZA_10},
      {ScenarioBuilder(b).Client(ClientType::kPscEndpoint).Build(), Clause::ZA_8},
      {ScenarioBuilder(b).ClientVm("us-east1-b", "us-east1").Build(), Clause::ZA_11},
  };
  for (const Case& c : cases) {
    const auto d = Decide(c.scenario);
    EXPECT_EQ(d.zonal_status, ZonalAffinityStatus::kIncompatibleClient);
    EXPECT_EQ(d.modified_eligible, d.eligible);
    EXPECT_TRUE(Cites(d, c.clause));
    EXPECT_TRUE(Cites(d, Clause::ZA_22));
  }
}

// [ZA-23] No configured backend of the relevant type in the client's zone.
TEST(ZonalAffinityTrigger, ZA_23_ClientZoneWithoutBackends) {
  const auto d = Decide(TwoZones().ZonalAffinity(kStay).ClientVm("us-west1-c").Build());
  EXPECT_EQ(d.zonal_status, ZonalAffinityStatus::kNoZonalMatch);
  EXPECT_TRUE(d.zonally_matched.empty());
  EXPECT_EQ(d.modified_eligible, d.eligible);
}

// [ZA-1] [ZA-15] [ZA-16] [ZA-19] [ZA-20] [ZA-29] The five sets nest as the
// text defines them, on every health combination of the two-zone service.
TEST(ZonalAffinitySets, ZA_15_ZA_19_FiveSetsNest) {
  for (int mask = 0; mask < 256; ++mask) {
    ScenarioBuilder b = TwoZones().ZonalAffinity(mask & 1 ? kStay : kSpill, "0.5");
    const char* vms[] = {"p-a1", "p-a2", "p-b1", "p-b2", "f-a1", "f-a2", "f-b1", "f-b2"};
    for (int i = 0; i < 8; ++i) b.SetHealth(vms[i], (mask >> i) & 1);
    const auto d = Decide(b.Build());
    auto subset = [](const BackendNames& small, const BackendNames& big) {
      return std::includes(big.begin(), big.end(), small.begin(), small.end());
    };
    SCOPED_TRACE(mask);
    EXPECT_TRUE(subset(d.zonally_matched, d.test_backends));
    if (d.outcome == ZonalAffinityOutcome::kRefined) {
      EXPECT_TRUE(subset(d.modified_eligible, d.eligible));
    }
    if (d.outcome == ZonalAffinityOutcome::kReplaced) {
      EXPECT_EQ(d.modified_eligible, d.zonally_matched);
    }
    if (d.outcome == ZonalAffinityOutcome::kUnchanged) {
      EXPECT_EQ(d.modified_eligible, d.eligible);
    }
  }
}

// [ZA-7] GAP-10: Network Security Integration drops packets.
TEST(ZonalAffinityIncompatible, ZA_7_NetworkSecurityIntegrationDrops) {
  ScenarioBuilder b = TwoZones().ZonalAffinity(kSpill);
  b.deployment().network_security_integration = true;
  const auto d = Decide(b.Build());
  ASSERT_TRUE(d.valid());
  EXPECT_EQ(d.zonal_status, ZonalAffinityStatus::kNsiPacketDrop);
  EXPECT_TRUE(d.modified_eligible.empty());
  // Without zonal affinity the deployment is fine.
  EXPECT_EQ(Decide(b.ZonalAffinity(Spillover::kDisabled).Build()).modified_eligible.size(), 4U);
}

// GAP-6: dropped traffic stays dropped.
TEST(ZonalAffinityIncompatible, GAP_6_DropBeforeZonalAffinity) {
  const auto d = Decide(AllUnhealthy(TwoZones()).DropTrafficIfUnhealthy().ZonalAffinity(kStay).Build());
  EXPECT_EQ(d.eligible_kind, EligibleKind::kDrop);
  EXPECT_EQ(d.zonal_status, ZonalAffinityStatus::kTrafficDropped);
  EXPECT_TRUE(d.modified_eligible.empty());
}

// [ZA-3] With failover configured, zonal affinity is supported.
TEST(ZonalAffinityValidation, ZA_3_SupportedWithFailover) {
  const auto d = Decide(TwoZones().ZonalAffinity(kStay).Build());
  EXPECT_TRUE(d.valid());
  EXPECT_TRUE(Cites(d, Clause::ZA_3));
}

std::vector<ErrorCode> Codes(const PassthroughDecision& d) {
  std::vector<ErrorCode> codes;
  for (const Error& e : d.errors) codes.push_back(e.code);
  return codes;
}

// [ZA-5] [ZA-6] Subsetting and Packet Mirroring collectors are rejected with
// zonal affinity, and accepted without it.
TEST(ZonalAffinityValidation, ZA_5_ZA_6_IncompatibleConfigurations) {
  ScenarioBuilder b = TwoZones().ZonalAffinity(kStay).Subsetting(SubsettingPolicy::kConsistentHashSubsetting);
  EXPECT_EQ(Codes(Decide(b.Build())), std::vector<ErrorCode>{ErrorCode::ZONAL_AFFINITY_WITH_SUBSETTING});
  b.Subsetting(SubsettingPolicy::kNone).deployment().packet_mirroring_collector = true;
  EXPECT_EQ(Codes(Decide(b.Build())), std::vector<ErrorCode>{ErrorCode::ZONAL_AFFINITY_WITH_PACKET_MIRRORING});
  EXPECT_TRUE(Decide(b.ZonalAffinity(Spillover::kDisabled).Build()).valid());
}

// [ZA-4] [ZA-EN-5] Symmetric hashing (GAP-15).
TEST(ZonalAffinityValidation, ZA_4_ZA_EN_5_SymmetricHashing) {
  ScenarioBuilder b = TwoZones().ZonalAffinity(kSpill);
  b.deployment().symmetric_hashing = SymmetricHashing{true, false};
  EXPECT_TRUE(Decide(b.Build(), Profile::kSpecDocs).valid());
  EXPECT_EQ(Codes(Decide(b.Build(), Profile::kEn20260402)),
            std::vector<ErrorCode>{ErrorCode::ZONAL_AFFINITY_SYMMETRIC_HASHING_CROSS_ZONE});
  b.deployment().symmetric_hashing = SymmetricHashing{false, true};
  EXPECT_EQ(Codes(Decide(b.Build())),
            std::vector<ErrorCode>{ErrorCode::ZONAL_AFFINITY_SYMMETRIC_HASHING_PEER_DISABLED});
  EXPECT_TRUE(Decide(b.ZonalAffinity(Spillover::kDisabled).Build()).valid());
}

// [ZA-35] The spillover ratio range; 0 and 1 are accepted.
TEST(ZonalAffinityValidation, ZA_35_SpilloverRatioRange) {
  for (const char* bad : {"-0.1", "1.5"}) {
    EXPECT_EQ(Codes(Decide(TwoZones().ZonalAffinity(kSpill, bad).Build())),
              std::vector<ErrorCode>{ErrorCode::SPILLOVER_RATIO_OUT_OF_RANGE});
  }
  EXPECT_TRUE(Decide(TwoZones().ZonalAffinity(kSpill, "1").Build()).valid());
}

}  // namespace
}  // namespace lbconform
