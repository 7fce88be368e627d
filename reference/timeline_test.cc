// The passthrough-timeline rules of the reference: connection tracking (CT-*),
// persistence on unhealthy backends, draining and resets on failover and
// failback (FO-21, FO-22), and each timeline gap's reading.
#include "reference/timeline.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "documents/documents.h"
#include "documents/timeline_json.h"
#include "model/testing/timeline_builder.h"
#include "reference/reference_engine.h"

namespace lbconform {
namespace {

using testing::ConnectionIn;
using testing::kFailover;
using testing::kHealthy;
using testing::kUnhealthy;
using testing::ScenarioBuilder;
using testing::TimelineBuilder;

constexpr ConnectionState kActive = ConnectionState::kActive;
constexpr ConnectionState kDraining = ConnectionState::kDraining;
constexpr ConnectionState kClosed = ConnectionState::kClosed;
constexpr ConnectionState kReset = ConnectionState::kReset;
constexpr ConnectionState kRefused = ConnectionState::kRefused;

TimelineDecision DecideTimeline(const TimelineScenario& timeline, Profile profile = Profile::kSpecDocs) {
  return reference::ReferenceEngine().DecideTimeline(timeline, profile);
}

bool Cites(const TimelineStep& step, Clause clause) {
  return std::any_of(step.trace.begin(), step.trace.end(), [&](const TraceStep& t) { return t.clause == clause; });
}

// The failover text's example: ig-a and ig-d primary, ig-b and ig-c failover,
// two VMs each, ratio 0.5; a TCP connection open on each primary.
TimelineBuilder WorkedExample() {
  TimelineBuilder b(ScenarioBuilder()
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
                        .FailoverRatio("0.5")
                        .Build());
  b.Connect(0, "c-a1", "vm-a1").Connect(0, "c-a2", "vm-a2").Connect(0, "c-d1", "vm-d1").Connect(0, "c-d2", "vm-d2");
  b.Health(60, "vm-a1", kUnhealthy).Health(60, "vm-d1", kUnhealthy);   // steps 4, 5
  b.Health(120, "vm-a2", kUnhealthy);                                  // step 6: failover
  b.Connect(130, "c-b1", "vm-b1").Connect(140, "c-d2-late", "vm-d2");  // steps 7, 8
  b.Health(1000, "vm-a2", kHealthy);                                   // step 9: failback
  b.Health(1200, "vm-a1", kHealthy).Advance(2000);                     // steps 10, 11
  return b;
}

// Two primaries in one zone and one backup elsewhere; ratio 0 (the default).
ScenarioBuilder SmallFailover() {
  return ScenarioBuilder()
      .Group("ig-p", "us-west1-a")
      .Group("ig-f", "us-west1-b", kFailover)
      .Vm("p1", "ig-p", kHealthy)
      .Vm("p2", "ig-p", kHealthy)
      .Vm("f1", "ig-f", kHealthy)
      .FailoverRatio("0");
}

// ------------------------------ The worked example over time

// [FO-24] [FO-25] [FO-26] [FO-27] [FO-9] [FO-21] The whole example with
// draining on: connections on VMs that leave the pool drain for 300 s, only at
// the failover or failback, those on VMs already unhealthy included (GAP-17).
TEST(TimelineWorkedExample, FO_21_DrainingOnFailoverAndFailback) {
  const TimelineDecision d = DecideTimeline(WorkedExample().Build());
  ASSERT_TRUE(d.valid());
  ASSERT_EQ(d.steps.size(), 12U);
  // a1 and d1 fail: no failover; their TCP connections persist [CT-3].
  EXPECT_EQ(d.steps[5].transition, Transition::kNone);
  EXPECT_EQ(d.steps[5].pool.modified_eligible, (BackendNames{"vm-a2", "vm-d2"}));
  EXPECT_EQ(ConnectionIn(d.steps[5], "c-a1").state, kActive);
  // a2 fails: failover; every primary connection drains, d2's too.
  const TimelineStep& failover = d.steps[6];
  EXPECT_EQ(failover.transition, Transition::kFailover);
  EXPECT_EQ(failover.pool.eligible_kind, EligibleKind::kBackupHealthy);
  for (const char* id : {"c-a1", "c-a2", "c-d1", "c-d2"}) {
    EXPECT_EQ(ConnectionIn(failover, id).state, kDraining) << id;
    EXPECT_EQ(ConnectionIn(failover, id).draining_until, 420) << id;
  }
  EXPECT_TRUE(Cites(failover, Clause::FO_9));
  EXPECT_TRUE(Cites(failover, Clause::FO_21));
  // A new connection to the healthy but removed vm-d2 is refused [CT-2].
  EXPECT_EQ(ConnectionIn(d.steps[8], "c-d2-late").state, kRefused);
  // a2 recovers: failback; the primaries' drains ended at 420; b1 drains.
  const TimelineStep& failback = d.steps[9];
  EXPECT_EQ(failback.transition, Transition::kFailback);
  EXPECT_EQ(failback.pool.modified_eligible, (BackendNames{"vm-a2", "vm-d2"}));
  EXPECT_EQ(ConnectionIn(failback, "c-a2").state, kClosed);
  EXPECT_EQ(ConnectionIn(failback, "c-b1").state, kDraining);
  EXPECT_EQ(ConnectionIn(failback, "c-b1").draining_until, 1300);
  // a1 recovers: three primaries; by t=2000 b1's drain has ended.
  EXPECT_EQ(d.steps[10].pool.modified_eligible, (BackendNames{"vm-a1", "vm-a2", "vm-d2"}));
  EXPECT_EQ(ConnectionIn(d.steps[11], "c-b1").state, kClosed);
}

// [FO-22] Draining disabled: failover and failback reset the connections.
TEST(TimelineWorkedExample, FO_22_DrainingDisabledResets) {
  const TimelineDecision d = DecideTimeline(WorkedExample().DisableDrain().Build());
  ASSERT_TRUE(d.valid());
  for (const char* id : {"c-a1", "c-a2", "c-d1", "c-d2"}) EXPECT_EQ(ConnectionIn(d.steps[6], id).state, kReset) << id;
  EXPECT_TRUE(Cites(d.steps[6], Clause::FO_22));
  EXPECT_EQ(ConnectionIn(d.steps[9], "c-b1").state, kReset);
}

// GAP-7: 300 s in spec-docs and en-2026-04-02, 600 s in api-10min; a
// timeline's drainingTimeoutSec overrides the profile.
TEST(TimelineWorkedExample, GAP_7_DrainingTimeoutByProfile) {
  EXPECT_EQ(ConnectionIn(DecideTimeline(WorkedExample().Build(), Profile::kEn20260402).steps[6], "c-a1").draining_until,
            420);
  EXPECT_EQ(ConnectionIn(DecideTimeline(WorkedExample().Build(), Profile::kApi10Min).steps[6], "c-a1").draining_until,
            720);
  EXPECT_EQ(
      ConnectionIn(DecideTimeline(WorkedExample().DrainingTimeout(45).Build(), Profile::kApi10Min).steps[6], "c-a1")
          .draining_until,
      165);
}

// ------------------------------ Connection tracking

// [CT-1] A connection keeps its VM whatever happens to the pool.
TEST(TimelineTracking, CT_1_ConnectionNeverMoves) {
  const TimelineDecision d = DecideTimeline(WorkedExample().Build());
  for (const TimelineStep& step : d.steps) {
    for (const ConnectionStatus& c : step.connections) EXPECT_EQ(c.instance, "vm-" + c.id.substr(2, 2)) << c.id;
  }
}

// [CT-2] New connections only to modified eligible backends; none when dropped.
TEST(TimelineTracking, CT_2_NewConnectionsOnlyToModifiedEligible) {
  const auto healthy_p1 = SmallFailover().SetHealth("p2", kUnhealthy).Build();
  const TimelineDecision d =
      DecideTimeline(TimelineBuilder(healthy_p1).Connect(0, "c1", "p2").Connect(0, "c2", "p1").Build());
  EXPECT_EQ(ConnectionIn(d.steps[1], "c1").state, kRefused);
  EXPECT_EQ(ConnectionIn(d.steps[1], "c2").state, kActive);
  EXPECT_TRUE(Cites(d.steps[0], Clause::CT_2));
  const auto dropped = SmallFailover()
                           .SetHealth("p1", kUnhealthy)
                           .SetHealth("p2", kUnhealthy)
                           .SetHealth("f1", kUnhealthy)
                           .DropTrafficIfUnhealthy()
                           .Build();
  EXPECT_EQ(ConnectionIn(DecideTimeline(TimelineBuilder(dropped).Connect(0, "c1", "p1").Build()).steps[0], "c1").state,
            kRefused);
}

// [ZA-2] Zonal affinity changes where new connections go, never where
// established connections are.
TEST(TimelineTracking, ZA_2_EstablishedConnectionsIgnoreZonalAffinity) {
  const auto initial = ScenarioBuilder()
                           .Group("ig-a", "us-west1-a")
                           .Group("ig-c", "us-west1-c")
                           .Vm("vm-a1", "ig-a", kUnhealthy)
                           .Vm("vm-c1", "ig-c", kHealthy)
                           .ZonalAffinity(Spillover::kSpillCrossZone, "0.5")
                           .ClientVm("us-west1-a")
                           .Build();
  const TimelineDecision d = DecideTimeline(TimelineBuilder(initial)
                                                .Connect(0, "c1", "vm-c1")
                                                .Health(10, "vm-a1", kHealthy)
                                                .Connect(20, "c2", "vm-c1")
                                                .Build());
  EXPECT_EQ(d.steps[1].pool.modified_eligible, BackendNames{"vm-a1"});
  EXPECT_EQ(ConnectionIn(d.steps[2], "c1").state, kActive);
  EXPECT_EQ(ConnectionIn(d.steps[2], "c2").state, kRefused);
}

// ------------------------------ Persistence on unhealthy backends

struct PersistenceCase {
  const char* name;
  ConnectionTracking tracking;
  ConnectionProtocol protocol;
  ConnectionState expected;
  Clause clause;
};

class Persistence : public ::testing::TestWithParam<PersistenceCase> {};

// [CT-3] [CT-4] [CT-5] [CT-6] vm-1 becomes unhealthy while vm-2 stays healthy.
TEST_P(Persistence, CT_3_CT_4_CT_5_CT_6_OnAnUnhealthyVm) {
  const PersistenceCase& c = GetParam();
  const auto initial =
      ScenarioBuilder().Group("ig", "us-west1-a").Vm("vm-1", "ig", kHealthy).Vm("vm-2", "ig", kHealthy).Build();
  const TimelineDecision d = DecideTimeline(TimelineBuilder(initial)
                                                .Tracking(c.tracking)
                                                .Connect(0, "c1", "vm-1", c.protocol)
                                                .Health(10, "vm-1", kUnhealthy)
                                                .Build());
  ASSERT_TRUE(d.valid());
  EXPECT_EQ(ConnectionIn(d.steps[1], "c1").state, c.expected);
  EXPECT_EQ(reference::MayPersistOnUnhealthy(c.tracking, c.protocol, false), c.expected == kActive);
  if (c.expected == kClosed) {
    EXPECT_TRUE(Cites(d.steps[1], c.clause));
  }
}

constexpr auto kTcp = ConnectionProtocol::kTcp;
constexpr auto kUdp = ConnectionProtocol::kUdp;
constexpr auto kSctp = ConnectionProtocol::kSctp;
const ConnectionTracking kDefault;
const ConnectionTracking kPerSession3Tuple{SessionAffinity::kClientIpProto, TrackingMode::kPerSession,
                                           PersistenceOnUnhealthy::kDefaultForProtocol, std::nullopt};
const ConnectionTracking kPerSession5Tuple{SessionAffinity::kClientIpPortProto, TrackingMode::kPerSession,
                                           PersistenceOnUnhealthy::kDefaultForProtocol, std::nullopt};
const ConnectionTracking kNever{SessionAffinity::kNone, TrackingMode::kPerConnection,
                                PersistenceOnUnhealthy::kNeverPersist, std::nullopt};
const ConnectionTracking kAlways{SessionAffinity::kClientIp, TrackingMode::kPerSession,
                                 PersistenceOnUnhealthy::kAlwaysPersist, std::nullopt};

INSTANTIATE_TEST_SUITE_P(
    Cases, Persistence,
    ::testing::Values(PersistenceCase{"default_tcp", kDefault, kTcp, kActive, Clause::CT_3},
                      PersistenceCase{"default_sctp", kDefault, kSctp, kActive, Clause::CT_3},
                      PersistenceCase{"default_udp", kDefault, kUdp, kClosed, Clause::CT_3},
                      PersistenceCase{"per_session_3_tuple", kPerSession3Tuple, kTcp, kClosed, Clause::CT_3},
                      PersistenceCase{"per_session_5_tuple", kPerSession5Tuple, kTcp, kActive, Clause::CT_3},
                      PersistenceCase{"never", kNever, kTcp, kClosed, Clause::CT_4},
                      PersistenceCase{"always_udp", kAlways, kUdp, kActive, Clause::CT_3}),
    [](const ::testing::TestParamInfo<PersistenceCase>& param_info) { return std::string(param_info.param.name); });

// [CT-4] GAP-21: NEVER_PERSIST keeps connections when every VM is unhealthy.
TEST(TimelinePersistence, CT_4_NeverPersistUnlessAllUnhealthy) {
  EXPECT_TRUE(reference::MayPersistOnUnhealthy(kNever, kTcp, /*every_backend_unhealthy=*/true));
  const auto initial =
      SmallFailover().SetHealth("p1", kUnhealthy).SetHealth("p2", kUnhealthy).DropTrafficIfUnhealthy().Build();
  const TimelineDecision d = DecideTimeline(
      TimelineBuilder(initial).Tracking(kNever).Connect(0, "c1", "f1").Health(10, "f1", kUnhealthy).Build());
  EXPECT_EQ(d.steps[1].pool.eligible_kind, EligibleKind::kDrop);
  EXPECT_EQ(d.steps[1].transition, Transition::kNone);  // GAP-20
  EXPECT_EQ(ConnectionIn(d.steps[1], "c1").state, kActive);
}

// GAP-21: no exception for a last-resort pool. Every VM is unhealthy, so the
// pool (PRIMARY_LAST_RESORT) holds p1 and takes new connections to it; the UDP
// connection opened there is ACTIVE at its own event and does not persist past
// the next one, even an `advance` (CT-3: "they do not persist for UDP").
TEST(TimelinePersistence, GAP_21_UdpInALastResortPoolDoesNotPersist) {
  const auto initial =
      SmallFailover().SetHealth("p1", kUnhealthy).SetHealth("p2", kUnhealthy).SetHealth("f1", kUnhealthy).Build();
  const TimelineDecision d =
      DecideTimeline(TimelineBuilder(initial).Connect(0, "t1", "p1").Connect(0, "u1", "p1", kUdp).Advance(10).Build());
  ASSERT_EQ(d.steps[1].pool.eligible_kind, EligibleKind::kPrimaryLastResort);
  EXPECT_EQ(ConnectionIn(d.steps[1], "u1").state, kActive);
  EXPECT_EQ(ConnectionIn(d.steps[2], "u1").state, kClosed);
  EXPECT_EQ(ConnectionIn(d.steps[2], "t1").state, kActive);  // TCP persists (CT-3)
  EXPECT_TRUE(Cites(d.steps[2], Clause::CT_3));
}

// ------------------------------ Draining edges

// [FO-21] GAP-23: a drain lasts up to its end time, then the connection closes.
TEST(TimelineDraining, FO_21_EndsExactlyAtTheTimeout) {
  const TimelineDecision d = DecideTimeline(TimelineBuilder(SmallFailover().Build())
                                                .DrainingTimeout(300)
                                                .Connect(0, "c1", "p1")
                                                .Health(10, "p1", kUnhealthy)
                                                .Health(10, "p2", kUnhealthy)
                                                .Advance(309)
                                                .Advance(310)
                                                .Build());
  EXPECT_EQ(d.steps[2].transition, Transition::kFailover);
  EXPECT_EQ(ConnectionIn(d.steps[3], "c1").state, kDraining);
  EXPECT_EQ(ConnectionIn(d.steps[4], "c1").state, kClosed);
}

// GAP-18: at failover a UDP connection closes at once, draining or not.
TEST(TimelineDraining, GAP_18_UdpClosesAtFailover) {
  const TimelineDecision d = DecideTimeline(TimelineBuilder(SmallFailover().Build())
                                                .Connect(0, "u1", "p2", kUdp)
                                                .Health(10, "p1", kUnhealthy)
                                                .Health(10, "p2", kUnhealthy)
                                                .Build());
  EXPECT_EQ(ConnectionIn(d.steps[2], "u1").state, kClosed);
}

// GAP-19: a VM back in the pool carries its draining connections as ACTIVE.
TEST(TimelineDraining, GAP_19_DrainingVmRejoinsThePool) {
  const TimelineDecision d = DecideTimeline(TimelineBuilder(SmallFailover().Build())
                                                .Connect(0, "c1", "p1")
                                                .Health(10, "p2", kUnhealthy)
                                                .Health(10, "p1", kUnhealthy)
                                                .Health(100, "p1", kHealthy)
                                                .Build());
  EXPECT_EQ(ConnectionIn(d.steps[2], "c1").state, kDraining);
  EXPECT_EQ(d.steps[3].transition, Transition::kFailback);
  EXPECT_EQ(ConnectionIn(d.steps[3], "c1").state, kActive);
}

// GAP-22: a draining connection outlives neither persistence nor a later
// change of the draining flag; it ends at its end time.
TEST(TimelineDraining, GAP_22_DrainingIgnoresPersistenceAndLaterConfig) {
  FailoverPolicyChange no_drain;
  no_drain.disable_connection_drain_on_failover = true;
  // Ratio 1.0: p2 failing fails over, and c1 on the healthy p1 drains.
  const TimelineDecision d = DecideTimeline(TimelineBuilder(SmallFailover().FailoverRatio("1.0").Build())
                                                .Tracking(kNever)
                                                .DrainingTimeout(300)
                                                .Connect(0, "c1", "p1")
                                                .Health(10, "p2", kUnhealthy)
                                                .Health(15, "p1", kUnhealthy)
                                                .Config(20, no_drain)
                                                .Advance(300)
                                                .Build());
  EXPECT_EQ(d.steps[1].transition, Transition::kFailover);
  for (std::size_t i = 1; i < d.steps.size(); ++i) EXPECT_EQ(ConnectionIn(d.steps[i], "c1").state, kDraining) << i;
}

// [FO-10] [FO-11] A config event changes the ratio and the draining flag.
TEST(TimelineDraining, ConfigEventTriggersFailoverWithItsOwnDrainSetting) {
  FailoverPolicyChange change;
  change.failover_ratio = testing::Dec("1.0");
  change.disable_connection_drain_on_failover = true;
  const TimelineDecision d = DecideTimeline(TimelineBuilder(SmallFailover().Build())
                                                .Connect(0, "c1", "p1")
                                                .Health(10, "p1", kUnhealthy)
                                                .Config(20, change)
                                                .Build());
  EXPECT_EQ(d.steps[1].transition, Transition::kNone);
  EXPECT_EQ(d.steps[2].transition, Transition::kFailover);
  EXPECT_EQ(ConnectionIn(d.steps[2], "c1").state, kReset);
}

// [CT-1] The client closes a draining connection.
TEST(TimelineDraining, CT_1_ClientCloses) {
  const TimelineDecision d = DecideTimeline(TimelineBuilder(SmallFailover().Build())
                                                .Connect(0, "c1", "p1")
                                                .Health(10, "p1", kUnhealthy)
                                                .Health(10, "p2", kUnhealthy)
                                                .Close(20, "c1")
                                                .Build());
  EXPECT_EQ(ConnectionIn(d.steps[3], "c1").state, kClosed);
}

// ------------------------------ Validation

// [CT-7] [CT-8] The idle timeout's range and when it can be set.
TEST(TimelineValidation, CT_7_CT_8_IdleTimeout) {
  ConnectionTracking tracking = kPerSession3Tuple;
  auto codes = [&](std::int64_t idle) {
    tracking.idle_timeout_sec = idle;
    const TimelineDecision d = DecideTimeline(TimelineBuilder(SmallFailover().Build()).Tracking(tracking).Build());
    std::vector<ErrorCode> out;
    for (const Error& e : d.errors) out.push_back(e.code);
    return out;
  };
  EXPECT_TRUE(codes(600).empty());
  EXPECT_TRUE(codes(57'600).empty());
  EXPECT_EQ(codes(599), std::vector<ErrorCode>{ErrorCode::IDLE_TIMEOUT_OUT_OF_RANGE});
  EXPECT_EQ(codes(57'601), std::vector<ErrorCode>{ErrorCode::IDLE_TIMEOUT_OUT_OF_RANGE});
  tracking.session_affinity = SessionAffinity::kNone;
  EXPECT_EQ(codes(900), std::vector<ErrorCode>{ErrorCode::IDLE_TIMEOUT_NOT_SETTABLE});
  // GAP-62: 600 s is the default the API reports for a 5-tuple service that
  // never set it (an imported describe carries it): not a setting.
  EXPECT_TRUE(codes(600).empty());
}

// [FO-11] A config event cannot set a ratio outside [0, 1].
TEST(TimelineValidation, FO_11_ConfigRatioOutOfRange) {
  FailoverPolicyChange change;
  change.failover_ratio = testing::Dec("1.5");
  const TimelineDecision d = DecideTimeline(TimelineBuilder(SmallFailover().Build()).Config(0, change).Build());
  ASSERT_FALSE(d.valid());
  EXPECT_EQ(d.errors.front().code, ErrorCode::FAILOVER_RATIO_OUT_OF_RANGE);
  EXPECT_EQ(d.errors.front().path, "/events/0/failoverPolicy/failoverRatio");
}

// ------------------------------ JSON

nlohmann::json SmallTimelineJson() {
  return nlohmann::json::parse(R"({
    "kind": "passthrough-timeline",
    "backendService": {"region": "us-west1", "backends": [{"group": "zones/us-west1-a/instanceGroups/ig"}],
                       "sessionAffinity": "CLIENT_IP",
                       "connectionTrackingPolicy": {"trackingMode": "PER_SESSION", "idleTimeoutSec": 900,
                                                    "connectionPersistenceOnUnhealthyBackends": "NEVER_PERSIST"}},
    "instances": [{"name": "vm-1", "zone": "us-west1-a", "group": "ig", "healthState": "HEALTHY"}],
    "client": {"type": "VM", "zone": "us-west1-a"},
    "drainingTimeoutSec": 120,
    "events": [{"at": 0, "type": "connect", "connection": "c1", "instance": "vm-1", "protocol": "UDP"},
               {"at": 5, "type": "config", "failoverPolicy": {"failoverRatio": 0.25}},
               {"at": 9, "type": "close", "connection": "c1"}]})");
}

TEST(TimelineJson, DecodesEveryFieldAndRoundTrips) {
  const DecodedTimeline decoded = DecodeTimelineDocument(SmallTimelineJson());
  ASSERT_TRUE(decoded.timeline) << decoded.errors.front().message;
  const TimelineScenario& t = *decoded.timeline;
  EXPECT_EQ(t.tracking.session_affinity, SessionAffinity::kClientIp);
  EXPECT_EQ(t.tracking.tracking_mode, TrackingMode::kPerSession);
  EXPECT_EQ(t.tracking.persistence, PersistenceOnUnhealthy::kNeverPersist);
  EXPECT_EQ(t.tracking.idle_timeout_sec, 900);
  EXPECT_EQ(t.draining_timeout_sec, 120);
  ASSERT_EQ(t.events.size(), 3U);
  EXPECT_EQ(t.events[0].protocol, ConnectionProtocol::kUdp);
  EXPECT_EQ(*t.events[1].failover_policy.failover_ratio, testing::Dec("0.25"));
  EXPECT_FALSE(t.events[1].failover_policy.drop_traffic_if_unhealthy.has_value());
  EXPECT_EQ(t.events[2].connection, 0U);
  const DecodedTimeline again = DecodeTimelineDocument(EncodeTimeline(t));
  ASSERT_TRUE(again.timeline);
  EXPECT_EQ(EncodeTimeline(*again.timeline), EncodeTimeline(t));
}

TEST(TimelineJson, DecisionRoundTripsAndDiffsNameTheField) {
  const reference::ReferenceEngine engine;
  const nlohmann::json decision = DecideDocument(engine, SmallTimelineJson(), Profile::kSpecDocs);
  ASSERT_TRUE(decision["valid"].get<bool>()) << decision.dump();
  std::string why;
  const auto decoded = DecodeTimelineDecision(decision, &why);
  ASSERT_TRUE(decoded) << why;
  EXPECT_EQ(EncodeTimelineDecision(*decoded)["steps"][2]["connections"], decision["steps"][2]["connections"]);
  EXPECT_FALSE(DiffDecisionDocuments(ScenarioKind::kPassthroughTimeline, decision, decision));
  nlohmann::json changed = decision;
  changed["steps"][1]["connections"][0]["state"] = "CLOSED";
  EXPECT_EQ(DiffDecisionDocuments(ScenarioKind::kPassthroughTimeline, decision, changed),
            "steps[1].connections[0].state");
}

struct BadTimeline {
  const char* name;
  const char* pointer;  // JSON pointer of the value to replace
  const char* value;    // JSON
  ErrorCode code;
};

class BadTimelineInput : public ::testing::TestWithParam<BadTimeline> {};

TEST_P(BadTimelineInput, IsRejectedWithItsCode) {
  nlohmann::json doc = SmallTimelineJson();
  doc[nlohmann::json::json_pointer(GetParam().pointer)] = nlohmann::json::parse(GetParam().value);
  const DecodedTimeline decoded = DecodeTimelineDocument(doc);
  ASSERT_FALSE(decoded.timeline);
  EXPECT_EQ(decoded.errors.front().code, GetParam().code) << decoded.errors.front().message;
}

INSTANTIATE_TEST_SUITE_P(
    Cases, BadTimelineInput,
    ::testing::Values(
        BadTimeline{"negative_time", "/events/0/at", "-1", ErrorCode::TIME_OUT_OF_RANGE},
        BadTimeline{"fractional_time", "/events/0/at", "0.5", ErrorCode::TIME_OUT_OF_RANGE},
        BadTimeline{"huge_time", "/events/0/at", "18446744073709551615", ErrorCode::TIME_OUT_OF_RANGE},
        BadTimeline{"time_as_text", "/events/0/at", "\"0\"", ErrorCode::WRONG_TYPE},
        BadTimeline{"huge_draining", "/drainingTimeoutSec", "1e12", ErrorCode::TIME_OUT_OF_RANGE},
        BadTimeline{"out_of_order", "/events/2/at", "4", ErrorCode::EVENTS_OUT_OF_ORDER},
        BadTimeline{"unknown_instance", "/events/0/instance", "\"vm-9\"", ErrorCode::UNKNOWN_INSTANCE_REFERENCE},
        BadTimeline{"unknown_connection", "/events/2/connection", "\"c9\"", ErrorCode::UNKNOWN_CONNECTION},
        BadTimeline{"duplicate_connection", "/events/1",
                    R"({"at": 5, "type": "connect", "connection": "c1", "instance": "vm-1"})",
                    ErrorCode::DUPLICATE_CONNECTION_ID},
        BadTimeline{"unknown_type", "/events/1/type", "\"reboot\"", ErrorCode::UNKNOWN_ENUM_VALUE},
        BadTimeline{"unknown_tracking_mode", "/backendService/connectionTrackingPolicy/trackingMode", "\"PER_PACKET\"",
                    ErrorCode::UNKNOWN_ENUM_VALUE},
        BadTimeline{"idle_as_float", "/backendService/connectionTrackingPolicy/idleTimeoutSec", "600.5",
                    ErrorCode::WRONG_TYPE},
        BadTimeline{"strict_config", "/events/1/failoverPolicy/failoverRation", "0.5", ErrorCode::UNKNOWN_FIELD},
        BadTimeline{"events_not_array", "/events", "{}", ErrorCode::WRONG_TYPE}),
    [](const ::testing::TestParamInfo<BadTimeline>& param_info) { return std::string(param_info.param.name); });

TEST(TimelineJson, TooManyEventsAreRefused) {
  nlohmann::json doc = SmallTimelineJson();
  doc["events"] = nlohmann::json::array();
  for (std::size_t i = 0; i <= kMaxTimelineEvents; ++i) doc["events"].push_back({{"at", 0}, {"type", "advance"}});
  const DecodedTimeline decoded = DecodeTimelineDocument(doc);
  ASSERT_FALSE(decoded.timeline);
  EXPECT_EQ(decoded.errors.front().code, ErrorCode::TOO_MANY_OBJECTS);
}

// Every step lists the pool and every connection so far: 2,000 connections
// then 8,000 events would be 18 million connection states (5 GB before the
// bound), 10,000 events on 10,000 instances 10^8 pool entries. The sum of
// instances plus connections over the steps is bounded at
// kMaxTimelineStepEntries and refused at the event that passes it.
TEST(TimelineJson, TooManyStepEntriesAreRefused) {
  nlohmann::json doc = SmallTimelineJson();
  const std::size_t instances = doc["instances"].size();
  doc["events"] = nlohmann::json::array();
  for (int c = 0; c < 2'000; ++c) {
    doc["events"].push_back(
        {{"at", 0}, {"type", "connect"}, {"connection", "c" + std::to_string(c)}, {"instance", "vm-1"}});
  }
  while (doc["events"].size() < kMaxTimelineEvents) doc["events"].push_back({{"at", 1}, {"type", "advance"}});
  std::size_t entries = 0;
  std::size_t first_over = 0;
  while ((entries += instances + first_over + 1) <= kMaxTimelineStepEntries) ++first_over;
  const DecodedTimeline decoded = DecodeTimelineDocument(doc);
  ASSERT_FALSE(decoded.timeline);
  EXPECT_EQ(decoded.errors.front().code, ErrorCode::TOO_MANY_OBJECTS);
  EXPECT_EQ(decoded.errors.front().path, "/events/" + std::to_string(first_over) + "/at");
  nlohmann::json first = nlohmann::json::array();  // up to the last event within the bound
  for (std::size_t i = 0; i < first_over; ++i) first.push_back(doc["events"][i]);
  doc["events"] = first;
  EXPECT_TRUE(DecodeTimelineDocument(doc).timeline.has_value());
}

TEST(TimelineJson, DecideDocumentDispatchesOnKind) {
  const reference::ReferenceEngine engine;
  EXPECT_TRUE(DecideDocument(engine, SmallTimelineJson(), Profile::kSpecDocs).contains("steps"));
  nlohmann::json passthrough = SmallTimelineJson();
  passthrough.erase("events");
  passthrough.erase("drainingTimeoutSec");
  passthrough["kind"] = "passthrough";
  EXPECT_TRUE(DecideDocument(engine, passthrough, Profile::kSpecDocs).contains("modifiedEligible"));
  EXPECT_EQ(DecideDocument(engine, "{\"kind\": ", Profile::kSpecDocs)["errors"][0]["code"], "MALFORMED_JSON");
}

}  // namespace
}  // namespace lbconform
