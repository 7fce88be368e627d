// Failover (FO-*) and eligibility without failover (TD-*): the worked
// example step by step, every row of the failover-ratio table, the ratio
// bullets, the limits and the register's readings.
#include "reference/failover.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "model/testing/scenario_builder.h"
#include "reference/reference_engine.h"
#include "reference/testing/decide.h"

namespace lbconform {
namespace {

using testing::kFailover;
using testing::kHealthy;
using testing::kUnhealthy;
using testing::ScenarioBuilder;

using testing::Cites;
using testing::Decide;

// The failover text's example: ig-a (us-west1-a) and ig-d (us-west1-c)
// primary, ig-b (us-west1-a) and ig-c (us-west1-c) failover, two VMs each,
// failover ratio 0.5.
ScenarioBuilder SpecExample() {
  return ScenarioBuilder()
      .Group("ig-a", "us-west1-a")
      .Group("ig-d", "us-west1-c")
      .Group("ig-b", "us-west1-a", kFailover)
      .Group("ig-c", "us-west1-c", kFailover)
      .Vm("vm-a1", "ig-a", kHealthy)
      .Vm("vm-a2", "ig-a", kHealthy)
      .Vm("vm-d1", "ig-d", kHealthy)
      .Vm("vm-d2", "ig-d", kHealthy)
      .Vm("vm-b1", "ig-b", kHealthy)
      .Vm("vm-b2", "ig-b", kHealthy)
      .Vm("vm-c1", "ig-c", kHealthy)
      .Vm("vm-c2", "ig-c", kHealthy)
      .FailoverRatio("0.5");
}

// [FO-23] Minimum healthy primaries 4 × 0.5 = 2; the whole sequence of the example.
TEST(FailoverSpec, FO_23_WorkedExampleWholeSequence) {
  ScenarioBuilder example = SpecExample();
  // All four primaries healthy: the active pool is the four primaries.
  PassthroughDecision d = Decide(example.Build());
  EXPECT_EQ(d.eligible_kind, EligibleKind::kPrimaryHealthy);
  EXPECT_EQ(d.eligible, (BackendNames{"vm-a1", "vm-a2", "vm-d1", "vm-d2"}));

  // [FO-24] vm-a1 and vm-d1 unhealthy: 2 of 4 meets the minimum.
  example.SetHealth("vm-a1", kUnhealthy).SetHealth("vm-d1", kUnhealthy);
  d = Decide(example.Build());
  EXPECT_EQ(d.eligible_kind, EligibleKind::kPrimaryHealthy);
  EXPECT_EQ(d.modified_eligible, (BackendNames{"vm-a2", "vm-d2"}));

  // [FO-25] vm-a2 fails too: failover to the four healthy backups; vm-d2,
  // still healthy, leaves the active pool.
  example.SetHealth("vm-a2", kUnhealthy);
  d = Decide(example.Build());
  EXPECT_EQ(d.eligible_kind, EligibleKind::kBackupHealthy);
  EXPECT_EQ(d.modified_eligible, (BackendNames{"vm-b1", "vm-b2", "vm-c1", "vm-c2"}));
  EXPECT_TRUE(Cites(d, Clause::FO_9));

  // [FO-26] vm-a2 recovers: failback to vm-a2 and vm-d2; backups leave.
  example.SetHealth("vm-a2", kHealthy);
  d = Decide(example.Build());
  EXPECT_EQ(d.eligible_kind, EligibleKind::kPrimaryHealthy);
  EXPECT_EQ(d.modified_eligible, (BackendNames{"vm-a2", "vm-d2"}));

  // [FO-27] vm-a1 recovers: three healthy primaries.
  example.SetHealth("vm-a1", kHealthy);
  d = Decide(example.Build());
  EXPECT_EQ(d.modified_eligible, (BackendNames{"vm-a1", "vm-a2", "vm-d2"}));
}

// [FO-12] Row 1 and [FO-8]: healthy primaries only, never a backup.
TEST(FailoverTable, FO_12_RowOneKeepsHealthyPrimariesOnly) {
  const auto d = Decide(SpecExample().SetHealth("vm-a1", kUnhealthy).Build());
  EXPECT_EQ(d.eligible_kind, EligibleKind::kPrimaryHealthy);
  EXPECT_EQ(d.eligible, (BackendNames{"vm-a2", "vm-d1", "vm-d2"}));
  EXPECT_TRUE(Cites(d, Clause::FO_12));
  EXPECT_TRUE(Cites(d, Clause::FO_8));
}

// [FO-13] Row 2 and [FO-3]: backups only once too few primaries are healthy.
TEST(FailoverTable, FO_13_RowTwoTakesOnlyHealthyBackups) {
  const auto d = Decide(SpecExample()
                            .SetHealth("vm-a1", kUnhealthy)
                            .SetHealth("vm-a2", kUnhealthy)
                            .SetHealth("vm-d1", kUnhealthy)
                            .SetHealth("vm-c2", kUnhealthy)
                            .Build());
  EXPECT_EQ(d.eligible_kind, EligibleKind::kBackupHealthy);
  EXPECT_EQ(d.eligible, (BackendNames{"vm-b1", "vm-b2", "vm-c1"}));
  EXPECT_TRUE(Cites(d, Clause::FO_13));
}

// [FO-14] Row 3 and [FO-19]: all primaries as a last resort, backups excluded.
TEST(FailoverTable, FO_14_RowThreeLastResortIsAllPrimaries) {
  ScenarioBuilder b = SpecExample();
  for (const char* vm : {"vm-a1", "vm-a2", "vm-d1", "vm-d2", "vm-b1", "vm-b2", "vm-c1", "vm-c2"}) {
    b.SetHealth(vm, kUnhealthy);
  }
  const auto d = Decide(b.Build());
  EXPECT_EQ(d.eligible_kind, EligibleKind::kPrimaryLastResort);
  EXPECT_EQ(d.eligible, (BackendNames{"vm-a1", "vm-a2", "vm-d1", "vm-d2"}));
  EXPECT_TRUE(Cites(d, Clause::FO_19));
}

// [FO-20] Dropping configured: every VM unhealthy drops new connections.
TEST(FailoverTable, FO_20_DropWhenEverythingIsUnhealthy) {
  ScenarioBuilder b = SpecExample().DropTrafficIfUnhealthy();
  for (const char* vm : {"vm-a1", "vm-a2", "vm-d1", "vm-d2", "vm-b1", "vm-b2", "vm-c1", "vm-c2"}) {
    b.SetHealth(vm, kUnhealthy);
  }
  const auto d = Decide(b.Build());
  EXPECT_EQ(d.eligible_kind, EligibleKind::kDrop);
  EXPECT_TRUE(d.modified_eligible.empty());
  // With one backup healthy, row 2 applies and dropping is irrelevant.
  const auto row_two = Decide(b.SetHealth("vm-c1", kHealthy).Build());
  EXPECT_EQ(row_two.eligible_kind, EligibleKind::kBackupHealthy);
  EXPECT_EQ(row_two.modified_eligible, (BackendNames{"vm-c1"}));
}

struct TableCase {
  const char* ratio;
  int primaries;
  int healthy_primaries;
  int healthy_backups;
  bool drop;
  EligibleKind kind;
  std::size_t pool_size;
};

// The failover-ratio table worked through (FO-12 to FO-14, GAP-1, GAP-2), 4
// primaries and 4 backups, plus the rows around each boundary.
class FailoverRatioTable : public ::testing::TestWithParam<TableCase> {};

TEST_P(FailoverRatioTable, ActivePool) {
  const TableCase& c = GetParam();
  const auto d = Decide(ScenarioBuilder()
                            .Group("ig-p", "us-west1-a")
                            .Group("ig-b", "us-west1-b", kFailover)
                            .Vms("ig-p", c.primaries, c.healthy_primaries)
                            .Vms("ig-b", 4, c.healthy_backups)
                            .FailoverRatio(c.ratio)
                            .DropTrafficIfUnhealthy(c.drop)
                            .Build());
  ASSERT_TRUE(d.valid());
  EXPECT_EQ(d.eligible_kind, c.kind);
  EXPECT_EQ(d.eligible.size(), c.pool_size);
}

INSTANTIATE_TEST_SUITE_P(NotesWorkedExpectations, FailoverRatioTable,
                         ::testing::Values(
                             // [FO-17] ratio 0: one healthy primary prevents failover.
                             TableCase{"0", 4, 1, 4, false, EligibleKind::kPrimaryHealthy, 1},
                             TableCase{"0", 4, 0, 2, false, EligibleKind::kBackupHealthy, 2},
                             TableCase{"0", 4, 0, 0, false, EligibleKind::kPrimaryLastResort, 4},
                             TableCase{"0", 4, 0, 0, true, EligibleKind::kDrop, 0},
                             // GAP-2: 2 of 4 at 0.5 is not below the ratio.
                             TableCase{"0.5", 4, 2, 4, false, EligibleKind::kPrimaryHealthy, 2},
                             TableCase{"0.5", 4, 1, 4, false, EligibleKind::kBackupHealthy, 4},
                             // GAP-1: too few primaries, no healthy backup: the healthy primaries.
                             TableCase{"0.5", 4, 1, 0, false, EligibleKind::kPrimaryHealthy, 1},
                             TableCase{"0.5", 4, 1, 0, true, EligibleKind::kPrimaryHealthy, 1},
                             // [FO-15] ratio 1.0 requires every primary healthy.
                             TableCase{"1", 4, 3, 1, false, EligibleKind::kBackupHealthy, 1},
                             TableCase{"1", 4, 4, 0, false, EligibleKind::kPrimaryHealthy, 4},
                             // [FO-16] ratio 0.1 requires 10%: 1 of 10 stays, 0 of 10 fails over.
                             TableCase{"0.1", 10, 1, 4, false, EligibleKind::kPrimaryHealthy, 1},
                             TableCase{"0.1", 10, 0, 4, false, EligibleKind::kBackupHealthy, 4},
                             TableCase{"0.1", 11, 1, 4, false, EligibleKind::kBackupHealthy, 4},
                             // Non-zero ratio with no healthy primary and no healthy backup: row 3.
                             TableCase{"0.5", 4, 0, 0, false, EligibleKind::kPrimaryLastResort, 4},
                             TableCase{"0.5", 4, 0, 0, true, EligibleKind::kDrop, 0},
                             // The setting-up-failover test: ratio 0.75, 2 primaries.
                             TableCase{"0.75", 2, 1, 2, false, EligibleKind::kBackupHealthy, 2},
                             TableCase{"0.75", 2, 2, 2, false, EligibleKind::kPrimaryHealthy, 2},
                             // docs/contract.md §2.1: 0.07 with 100 primaries keeps them at exactly 7.
                             TableCase{"0.07", 100, 7, 1, false, EligibleKind::kPrimaryHealthy, 7},
                             TableCase{"0.07", 100, 6, 1, false, EligibleKind::kBackupHealthy, 1}),
                         [](const ::testing::TestParamInfo<TableCase>& param_info) {
                           // e.g. ratio0p5_P4_hP1_hB0_drop
                           std::string name = std::string("ratio") + param_info.param.ratio;
                           std::replace(name.begin(), name.end(), '.', 'p');
                           return name + "_P" + std::to_string(param_info.param.primaries) + "_hP" +
                                  std::to_string(param_info.param.healthy_primaries) + "_hB" +
                                  std::to_string(param_info.param.healthy_backups) +
                                  (param_info.param.drop ? "_drop" : "");
                         });

// [FO-15] [FO-16] [FO-17] The three bullets under the table, stated as checks
// on the minimum number of healthy primaries.
TEST(FailoverRatio, FO_15_FO_16_FO_17_RatioBullets) {
  for (int healthy = 0; healthy <= 10; ++healthy) {
    auto kind = [&](const char* ratio) {
      return Decide(ScenarioBuilder()
                        .Group("ig-p", "us-west1-a")
                        .Group("ig-b", "us-west1-b", kFailover)
                        .Vms("ig-p", 10, healthy)
                        .Vms("ig-b", 1, 1)
                        .FailoverRatio(ratio)
                        .Build())
          .eligible_kind;
    };
    SCOPED_TRACE(healthy);
    EXPECT_EQ(kind("1") == EligibleKind::kPrimaryHealthy, healthy == 10);   // FO-15
    EXPECT_EQ(kind("0.1") == EligibleKind::kPrimaryHealthy, healthy >= 1);  // FO-16
    EXPECT_EQ(kind("0") == EligibleKind::kBackupHealthy, healthy == 0);     // FO-17
  }
}

// [FO-1] [FO-2] Roles come from the backend: primary by default.
TEST(FailoverRoles, FO_1_FO_2_BackendsArePrimaryByDefault) {
  const auto vms = reference::ConfiguredBackends(SpecExample().Build());
  for (const auto& vm : vms) {
    EXPECT_EQ(vm.backup, vm.name[3] == 'b' || vm.name[3] == 'c') << vm.name;
  }
}

// [FO-7] [FO-8] [FO-9] [FO-10] [FO-18] The pool is one role at a time, for
// every health combination of a small service.
TEST(FailoverActivePool, FO_8_NeverMixesPrimaryAndBackup) {
  for (int mask = 0; mask < 16; ++mask) {
    ScenarioBuilder b = ScenarioBuilder()
                            .Group("ig-p", "us-west1-a")
                            .Group("ig-b", "us-west1-b", kFailover)
                            .Vm("p1", "ig-p", mask & 1)
                            .Vm("p2", "ig-p", mask & 2)
                            .Vm("b1", "ig-b", mask & 4)
                            .Vm("b2", "ig-b", mask & 8)
                            .FailoverRatio("0.5");
    const auto d = Decide(b.Build());
    bool primary = false;
    bool backup = false;
    for (const auto& name : d.eligible) (name[0] == 'p' ? primary : backup) = true;
    EXPECT_FALSE(primary && backup) << mask;
    EXPECT_TRUE(Cites(d, Clause::FO_18));
  }
}

// GAP-3 [FO-11]: an absent ratio is 0.0.
TEST(FailoverRatio, FO_11_DefaultRatioIsZero) {
  PassthroughScenario s = SpecExample().Build();
  s.failover_policy = FailoverPolicy{};
  s.instances[0].health = s.instances[1].health = s.instances[2].health = HealthState::kUnhealthy;
  EXPECT_EQ(Decide(s).eligible_kind, EligibleKind::kPrimaryHealthy);  // 1 of 4 > 0
}

// [FO-11] Out-of-range ratios are rejected; both ends are accepted.
TEST(FailoverValidation, FO_11_RatioRange) {
  for (const char* bad : {"-0.01", "1.0000001", "2", "1e300"}) {
    const auto d = Decide(SpecExample().FailoverRatio(bad).Build());
    ASSERT_FALSE(d.valid()) << bad;
    EXPECT_EQ(d.errors[0].code, ErrorCode::FAILOVER_RATIO_OUT_OF_RANGE);
  }
  for (const char* good : {"0", "1", "0.5"}) {
    EXPECT_TRUE(Decide(SpecExample().FailoverRatio(good).Build()).valid()) << good;
  }
}

// [FO-5] 250 primary VMs and 250 backup VMs at most; [FO-6] 50 groups per role.
TEST(FailoverValidation, FO_5_FO_6_Limits) {
  auto service = [](int primary_groups, int primaries_per_group, int failover_groups, int backups_per_group) {
    ScenarioBuilder b;
    for (int g = 0; g < primary_groups; ++g) {
      b.Group("p" + std::to_string(g), "us-west1-a").Vms("p" + std::to_string(g), primaries_per_group, 1);
    }
    for (int g = 0; g < failover_groups; ++g) {
      b.Group("f" + std::to_string(g), "us-west1-b", kFailover).Vms("f" + std::to_string(g), backups_per_group, 1);
    }
    return Decide(b.Build());
  };
  auto codes = [](const PassthroughDecision& d) {
    std::vector<ErrorCode> out;
    for (const auto& e : d.errors) out.push_back(e.code);
    return out;
  };
  EXPECT_TRUE(service(50, 5, 50, 5).valid());  // 250 and 250, 50 and 50
  EXPECT_EQ(codes(service(50, 5, 1, 1) /*ok*/), std::vector<ErrorCode>{});
  EXPECT_EQ(codes(service(1, 251, 1, 1)), std::vector<ErrorCode>{ErrorCode::TOO_MANY_PRIMARY_VMS});
  EXPECT_EQ(codes(service(1, 1, 1, 251)), std::vector<ErrorCode>{ErrorCode::TOO_MANY_BACKUP_VMS});
  EXPECT_EQ(codes(service(51, 1, 1, 1)), std::vector<ErrorCode>{ErrorCode::TOO_MANY_PRIMARY_GROUPS});
  EXPECT_EQ(codes(service(1, 1, 51, 1)), std::vector<ErrorCode>{ErrorCode::TOO_MANY_FAILOVER_GROUPS});
  // GAP-12: without failover the limits do not apply.
  EXPECT_TRUE(service(60, 5, 0, 0).valid());
}

// [TD-1] [TD-2] [TD-3] Without failover: healthy backends, else all of them.
TEST(EligibilityWithoutFailover, TD_1_TD_2_HealthyElseAllBackends) {
  ScenarioBuilder b =
      ScenarioBuilder().Group("ig-a", "us-west1-a").Vm("vm-1", "ig-a", kUnhealthy).Vm("vm-2", "ig-a", kHealthy);
  auto d = Decide(b.Build());
  EXPECT_EQ(d.eligible_kind, EligibleKind::kAllHealthy);
  EXPECT_EQ(d.eligible, BackendNames{"vm-2"});
  EXPECT_TRUE(Cites(d, Clause::TD_1));
  d = Decide(b.SetHealth("vm-2", kUnhealthy).Build());
  EXPECT_EQ(d.eligible_kind, EligibleKind::kAllLastResort);
  EXPECT_EQ(d.eligible, (BackendNames{"vm-1", "vm-2"}));
  EXPECT_TRUE(Cites(d, Clause::TD_2));
  EXPECT_TRUE(Cites(d, Clause::FO_18));  // [TD-3] the choice among modified eligible
}

// GAP-13: no backend VM at all: valid, nothing eligible.
TEST(EligibilityWithoutFailover, GAP_13_NoBackendsDropsConnections) {
  const auto d = Decide(ScenarioBuilder().Build());
  ASSERT_TRUE(d.valid());
  EXPECT_EQ(d.eligible_kind, EligibleKind::kAllLastResort);
  EXPECT_TRUE(d.modified_eligible.empty());
}

// GAP-5: a failoverPolicy without failover backends has no effect.
TEST(FailoverConfigured, GAP_5_PolicyWithoutFailoverBackendIsIgnored) {
  ScenarioBuilder b =
      ScenarioBuilder().Group("ig-a", "us-west1-a").Vms("ig-a", 2, 0).FailoverRatio("0.5").DropTrafficIfUnhealthy();
  const auto d = Decide(b.Build());
  EXPECT_EQ(d.eligible_kind, EligibleKind::kAllLastResort);
  EXPECT_EQ(d.eligible.size(), 2U);
}

// GAP-4: failover configured, no primary VM: healthy backups take over.
TEST(FailoverConfigured, GAP_4_NoPrimaryVms) {
  ScenarioBuilder b =
      ScenarioBuilder().Group("ig-p", "us-west1-a").Group("ig-b", "us-west1-b", kFailover).Vms("ig-b", 2, 1);
  EXPECT_EQ(Decide(b.FailoverRatio("0.5").Build()).eligible_kind, EligibleKind::kBackupHealthy);
  EXPECT_EQ(Decide(b.FailoverRatio("0").Build()).eligible_kind, EligibleKind::kBackupHealthy);
  const auto none = Decide(b.SetHealth("ig-b-0", kUnhealthy).Build());
  EXPECT_EQ(none.eligible_kind, EligibleKind::kPrimaryLastResort);
  EXPECT_TRUE(none.modified_eligible.empty());
}

}  // namespace
}  // namespace lbconform
