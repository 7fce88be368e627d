// The service-lb-policy rules of the reference (SLB-*), one test per claim of
// the text, on JSON documents so that the decoder is exercised too.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "documents/slb_json.h"
#include "reference/reference_engine.h"

namespace lbconform {
namespace {

using nlohmann::json;

// Base: one global external ALB, regions east (zones e-a, e-b) and west
// (w-a), one client location near east-a, RATE backends of 100 per instance.
json Base() {
  return json::parse(R"({
    "kind": "service-lb-policy",
    "loadBalancer": "GLOBAL_EXTERNAL_APPLICATION",
    "backendService": {"name": "bs", "loadBalancingScheme": "EXTERNAL_MANAGED",
                       "serviceLbPolicy": "projects/p/locations/global/serviceLbPolicies/pol",
                       "backends": []},
    "serviceLbPolicy": {"name": "projects/p/locations/global/serviceLbPolicies/pol"},
    "backendGroups": [],
    "topology": {"regions": [{"name": "east", "zones": ["east-a", "east-b"]}, {"name": "west", "zones": ["west-a"]}]},
    "clients": [{"name": "c1", "requestsPerSecond": 100, "rttMs": {"east-a": 1, "east-b": 2, "west-a": 50}}]
  })");
}

// AddBackend appends a RATE backend of `members` × `rate`.
void AddBackend(json& doc, const std::string& name, const std::string& zone, int members, int healthy,
                double rate = 100, const std::string& preference = "DEFAULT") {
  doc["backendService"]["backends"].push_back({{"group", "zones/" + zone + "/instanceGroups/" + name},
                                               {"balancingMode", "RATE"},
                                               {"maxRatePerInstance", rate},
                                               {"preference", preference}});
  doc["backendGroups"].push_back(
      {{"group", name}, {"kind", "ZONAL_INSTANCE_GROUP"}, {"zone", zone}, {"members", members}, {"healthy", healthy}});
}

SlbDecision Plan(const json& doc) {
  const DecodedSlb decoded = DecodeSlbDocument(doc);
  if (!decoded.scenario) return InvalidSlbDecision(decoded.errors);
  return reference::ReferenceEngine().Plan(*decoded.scenario);
}

Milli Assigned(const SlbDecision& d, const std::string& backend) {
  for (const BackendState& b : d.backends) {
    if (b.name == backend) return b.assigned;
  }
  ADD_FAILURE() << "no backend " << backend;
  return -1;
}

const BackendState& State(const SlbDecision& d, const std::string& backend) {
  for (const BackendState& b : d.backends) {
    if (b.name == backend) return b;
  }
  throw std::invalid_argument(backend);
}

ErrorCode FirstError(const json& doc) {
  const SlbDecision d = Plan(doc);
  EXPECT_FALSE(d.valid());
  return d.valid() ? ErrorCode::MALFORMED_JSON : d.errors.front().code;
}

constexpr Milli k(std::int64_t units) { return units * 1000; }

// ------------------------------ Validation

TEST(SlbValidation, SLB_1_OnlyFourLoadBalancers) {
  json doc = Base();
  AddBackend(doc, "b1", "east-a", 1, 1);
  for (const char* lb : {"GLOBAL_EXTERNAL_APPLICATION", "GLOBAL_EXTERNAL_PROXY_NETWORK"}) {
    doc["loadBalancer"] = lb;
    EXPECT_TRUE(Plan(doc).valid()) << lb;
  }
  doc["loadBalancer"] = "REGIONAL_EXTERNAL_APPLICATION";
  EXPECT_EQ(FirstError(doc), ErrorCode::UNSUPPORTED_LOAD_BALANCER);
  doc["loadBalancer"] = "CLASSIC_APPLICATION";
  EXPECT_EQ(FirstError(doc), ErrorCode::UNSUPPORTED_LOAD_BALANCER);
  doc["loadBalancer"] = "MAGIC";
  EXPECT_EQ(FirstError(doc), ErrorCode::UNKNOWN_ENUM_VALUE);
}

TEST(SlbValidation, SLB_2_SchemeMatchesTheLoadBalancer) {
  json doc = Base();
  AddBackend(doc, "b1", "east-a", 1, 1);
  doc["loadBalancer"] = "CROSS_REGION_INTERNAL_APPLICATION";
  EXPECT_EQ(FirstError(doc), ErrorCode::SCHEME_NOT_ALLOWED);
  doc["backendService"]["loadBalancingScheme"] = "INTERNAL_MANAGED";
  EXPECT_TRUE(Plan(doc).valid());
}

TEST(SlbValidation, SLB_3_SLB_4_SLB_5_SLB_6_BackendKinds) {
  for (const char* kind : {"ZONAL_INSTANCE_GROUP", "ZONAL_NEG_GCE_VM_IP_PORT", "HYBRID_NEG"}) {
    json doc = Base();
    AddBackend(doc, "b1", "east-a", 1, 1);
    doc["backendGroups"][0]["kind"] = kind;
    EXPECT_TRUE(Plan(doc).valid()) << kind;
  }
  for (const char* kind : {"REGIONAL_MANAGED_INSTANCE_GROUP", "ZONAL_NEG_GCE_VM_IP", "SERVERLESS_NEG", "INTERNET_NEG",
                           "PRIVATE_SERVICE_CONNECT_NEG"}) {
    json doc = Base();
    AddBackend(doc, "b1", "east-a", 1, 1);
    doc["backendGroups"][0]["kind"] = kind;
    EXPECT_EQ(FirstError(doc), ErrorCode::UNSUPPORTED_BACKEND_KIND) << kind;
  }
}

TEST(SlbValidation, SLB_32_OnePolicyPerBackendService) {
  json doc = Base();
  AddBackend(doc, "b1", "east-a", 1, 1);
  doc["backendService"]["serviceLbPolicy"] = {"projects/p/locations/global/serviceLbPolicies/pol",
                                              "projects/p/locations/global/serviceLbPolicies/other"};
  EXPECT_EQ(FirstError(doc), ErrorCode::MULTIPLE_SERVICE_LB_POLICIES);
}

// GAP-57: a backend service naming one policy while the scenario gives
// another is a named policy not given; GAP-58: a reference is a name.
TEST(SlbValidation, NamedPolicyMustBeTheOneGiven) {
  json doc = Base();
  AddBackend(doc, "b1", "east-a", 1, 1);
  doc["serviceLbPolicy"]["name"] = "projects/p/locations/global/serviceLbPolicies/other";
  EXPECT_EQ(FirstError(doc), ErrorCode::MISSING_FIELD);
  doc = Base();
  AddBackend(doc, "b1", "east-a", 1, 1);
  doc["backendService"]["serviceLbPolicy"] = "projects/p/locations/global/serviceLbPolicies/pol/";
  EXPECT_EQ(FirstError(doc), ErrorCode::INVALID_NAME);
}

TEST(SlbValidation, SLB_33_CapacityScaler) {
  json doc = Base();
  AddBackend(doc, "b1", "east-a", 1, 1);
  for (double ok : {0.1, 0.5, 1.0}) {
    doc["backendService"]["backends"][0]["capacityScaler"] = ok;
    EXPECT_TRUE(Plan(doc).valid()) << ok;
  }
  for (double bad : {0.05, 1.5, -0.1, 0.0}) {  // 0 is refused on the only backend
    doc["backendService"]["backends"][0]["capacityScaler"] = bad;
    EXPECT_EQ(FirstError(doc), ErrorCode::CAPACITY_SCALER_OUT_OF_RANGE) << bad;
  }
  AddBackend(doc, "b2", "east-b", 1, 1);
  doc["backendService"]["backends"][0]["capacityScaler"] = 0;
  EXPECT_TRUE(Plan(doc).valid());
}

TEST(SlbValidation, SLB_34_BalancingModeGivesTheTargetCapacity) {
  json doc = Base();
  AddBackend(doc, "rate", "east-a", 4, 4, 25);
  doc["backendService"]["backends"].push_back({{"group", "zones/east-a/instanceGroups/group-rate"},
                                               {"balancingMode", "RATE"},
                                               {"maxRate", 70},
                                               {"capacityScaler", 0.5}});
  doc["backendGroups"].push_back(
      {{"group", "group-rate"}, {"kind", "ZONAL_INSTANCE_GROUP"}, {"zone", "east-a"}, {"members", 2}});
  doc["backendService"]["backends"].push_back(
      {{"group", "zones/east-b/instanceGroups/util"}, {"balancingMode", "UTILIZATION"}, {"maxUtilization", 0.5}});
  doc["backendGroups"].push_back({{"group", "util"},
                                  {"kind", "ZONAL_INSTANCE_GROUP"},
                                  {"zone", "east-b"},
                                  {"members", 3},
                                  {"loadPerMemberAtFullUtilization", 40}});
  doc["backendService"]["backends"].push_back({{"group", "zones/east-b/networkEndpointGroups/conn"},
                                               {"balancingMode", "CONNECTION"},
                                               {"maxConnectionsPerEndpoint", 10}});
  doc["backendGroups"].push_back(
      {{"group", "conn"}, {"kind", "ZONAL_NEG_GCE_VM_IP_PORT"}, {"zone", "east-b"}, {"members", 5}});
  const SlbDecision d = Plan(doc);
  ASSERT_TRUE(d.valid());
  EXPECT_EQ(State(d, "rate").effective_capacity, k(100));       // 4 × 25
  EXPECT_EQ(State(d, "group-rate").effective_capacity, k(35));  // 70 × 0.5
  EXPECT_EQ(State(d, "util").effective_capacity, k(60));        // 3 × 40 × 0.5
  EXPECT_EQ(State(d, "conn").effective_capacity, k(50));        // 5 × 10
  doc["backendService"]["backends"][3]["balancingMode"] = "CUSTOM_METRICS";
  EXPECT_EQ(FirstError(doc), ErrorCode::UNSUPPORTED_BALANCING_MODE);
  doc["backendService"]["backends"][3]["balancingMode"] = "CONNECTION";
  doc["backendService"]["backends"][2]["maxUtilization"] = 1.2;
  EXPECT_EQ(FirstError(doc), ErrorCode::MAX_UTILIZATION_OUT_OF_RANGE);
}

TEST(SlbValidation, InputErrorsHaveTheirCodes) {
  json doc = Base();
  AddBackend(doc, "b1", "east-a", 2, 1);
  json bad = doc;
  bad["clients"][0]["rttMs"].erase("west-a");
  EXPECT_EQ(FirstError(bad), ErrorCode::MISSING_RTT);
  bad = doc;
  bad["backendGroups"][0]["zone"] = "south-a";
  EXPECT_EQ(FirstError(bad), ErrorCode::ZONE_NOT_IN_TOPOLOGY);
  bad = doc;
  bad["topology"]["regions"][1]["zones"][0] = "east-a";
  EXPECT_EQ(FirstError(bad), ErrorCode::DUPLICATE_NAME);
  bad = doc;
  bad["backendGroups"][0]["healthy"] = 3;
  EXPECT_EQ(FirstError(bad), ErrorCode::HEALTHY_COUNT_OUT_OF_RANGE);
  bad = doc;
  bad["clients"][0]["requestsPerSecond"] = 0.0001;
  EXPECT_EQ(FirstError(bad), ErrorCode::VALUE_OUT_OF_RANGE);
  bad = doc;
  bad["clients"][0]["requestsPerSecond"] = -1;
  EXPECT_EQ(FirstError(bad), ErrorCode::VALUE_OUT_OF_RANGE);
  // A capacity that would overflow int64 (10^10 per member × 10^6 members
  // planned as -8446744073709551.616 before) is refused at the members.
  bad = doc;
  bad["backendService"]["backends"][0]["maxRatePerInstance"] = 1e10;
  bad["backendGroups"][0]["members"] = 1'000'000;
  bad["backendGroups"][0]["healthy"] = 1'000'000;
  EXPECT_EQ(FirstError(bad), ErrorCode::VALUE_OUT_OF_RANGE);
  bad["backendGroups"][0]["members"] = 100;  // 10^12 exactly: the largest capacity
  bad["backendGroups"][0]["healthy"] = 100;
  EXPECT_TRUE(Plan(bad).valid());
  bad["backendGroups"][0]["health"] = json::array({{{"at", 0}, {"members", 101}, {"healthy", 1}}});
  EXPECT_EQ(FirstError(bad), ErrorCode::VALUE_OUT_OF_RANGE);
  bad = doc;
  bad["clients"][0]["requestsPerSecond"] = 1e12;
  EXPECT_TRUE(Plan(bad).valid());
  bad["clients"][0]["requestsPerSecond"] = 1000000000000.001;
  EXPECT_EQ(FirstError(bad), ErrorCode::VALUE_OUT_OF_RANGE);
  bad = doc;
  bad["backendGroups"][0]["health"] = json::array({{{"at", 10}, {"healthy", 1}}, {{"at", 5}, {"healthy", 1}}});
  EXPECT_EQ(FirstError(bad), ErrorCode::EVENTS_OUT_OF_ORDER);
  bad = doc;
  bad["serviceLbPolicy"]["failoverConfig"] = {{"failoverHealthThreshold", 70.5}};
  EXPECT_EQ(FirstError(bad), ErrorCode::WRONG_TYPE);
}

// ------------------------------ The policy

TEST(SlbPolicy, SLB_7_DefaultAlgorithmIsWaterfallByRegion) {
  json doc = Base();
  AddBackend(doc, "b1", "east-a", 1, 1);
  EXPECT_EQ(Plan(doc).policy.algorithm, Algorithm::kWaterfallByRegion);
  doc.erase("serviceLbPolicy");
  doc["backendService"].erase("serviceLbPolicy");
  EXPECT_EQ(Plan(doc).policy.algorithm, Algorithm::kWaterfallByRegion);
}

// [SLB-22] [SLB-35] GAP-30: the default threshold is 70, the range 1-99, and
// the comparison strict.
TEST(SlbPolicy, SLB_22_SLB_35_FailoverThreshold) {
  json doc = Base();
  AddBackend(doc, "b1", "east-a", 10, 7);
  AddBackend(doc, "b2", "east-b", 10, 6);
  const SlbDecision d = Plan(doc);
  EXPECT_EQ(d.policy.failover_health_threshold, 70);
  EXPECT_FALSE(State(d, "b1").below_failover_threshold);  // exactly 70%
  EXPECT_TRUE(State(d, "b2").below_failover_threshold);
  for (int bad : {-1, 100}) {
    doc["serviceLbPolicy"]["failoverConfig"] = {{"failoverHealthThreshold", bad}};
    EXPECT_EQ(FirstError(doc), ErrorCode::FAILOVER_THRESHOLD_OUT_OF_RANGE) << bad;
  }
  doc["serviceLbPolicy"]["failoverConfig"] = {{"failoverHealthThreshold", 60}};
  EXPECT_FALSE(State(Plan(doc), "b2").below_failover_threshold);
  // GAP-61: a proto3 int32 of 0 is unset, so the default of 70 applies.
  doc["serviceLbPolicy"]["failoverConfig"] = {{"failoverHealthThreshold", 0}};
  const SlbDecision zero = Plan(doc);
  ASSERT_TRUE(zero.valid());
  EXPECT_EQ(zero.policy.failover_health_threshold, 70);
  EXPECT_TRUE(State(zero, "b2").below_failover_threshold);
}

// GAP-61: the proto field names are the API's too (proto3 JSON); one field
// under both names is given twice.
TEST(SlbPolicy, ProtoFieldNamesAreAccepted) {
  json doc = Base();
  AddBackend(doc, "b1", "east-a", 1, 1);
  doc["serviceLbPolicy"]["load_balancing_algorithm"] = "WATERFALL_BY_ZONE";
  doc["serviceLbPolicy"]["failover_config"] = {{"failover_health_threshold", 60}};
  doc["serviceLbPolicy"]["isolation_config"] = {{"isolation_granularity", "REGION"}, {"isolation_mode", "NEAREST"}};
  const SlbDecision d = Plan(doc);
  ASSERT_TRUE(d.valid());
  EXPECT_EQ(d.policy.algorithm, Algorithm::kWaterfallByZone);
  EXPECT_EQ(d.policy.failover_health_threshold, 60);
  EXPECT_TRUE(d.policy.isolation_enforced);
  doc["serviceLbPolicy"]["loadBalancingAlgorithm"] = "SPRAY_TO_REGION";
  EXPECT_EQ(FirstError(doc), ErrorCode::DUPLICATE_KEY);
}

// [SLB-20] [SLB-21] [SLB-24] GAP-29: a backend below the threshold keeps
// nothing while others have room, and is the last resort when they are full.
TEST(SlbPolicy, SLB_20_SLB_21_SLB_24_BelowThresholdIsTheLastResort) {
  json doc = Base();
  AddBackend(doc, "ok", "east-a", 1, 1);     // capacity 100
  AddBackend(doc, "weak", "east-b", 10, 5);  // capacity 1000, 50% healthy
  AddBackend(doc, "far", "west-a", 1, 1);    // capacity 100, another region
  doc["clients"][0]["requestsPerSecond"] = 150;
  SlbDecision d = Plan(doc);
  EXPECT_EQ(Assigned(d, "ok"), k(100));
  EXPECT_EQ(Assigned(d, "far"), k(50));  // a failover backend with room, before the weak one
  EXPECT_EQ(Assigned(d, "weak"), 0);
  doc["clients"][0]["requestsPerSecond"] = 500;
  d = Plan(doc);
  EXPECT_EQ(Assigned(d, "weak"), k(300));  // "may still send traffic there"
}

// [SLB-28] Without granularity REGION, isolation is not enforced.
TEST(SlbPolicy, SLB_28_IsolationNeedsRegionGranularity) {
  json doc = Base();
  AddBackend(doc, "b1", "east-a", 1, 1);
  doc["serviceLbPolicy"]["isolationConfig"] = {{"isolationMode", "NEAREST"}};
  EXPECT_FALSE(Plan(doc).policy.isolation_enforced);
  doc["serviceLbPolicy"]["isolationConfig"]["isolationGranularity"] = "REGION";
  EXPECT_TRUE(Plan(doc).policy.isolation_enforced);
}

// [SLB-29] STRICT only on the cross-region internal load balancers.
TEST(SlbPolicy, SLB_29_StrictOnlyCrossRegionInternal) {
  json doc = Base();
  AddBackend(doc, "b1", "east-a", 1, 1);
  doc["serviceLbPolicy"]["isolationConfig"] = {{"isolationGranularity", "REGION"}, {"isolationMode", "STRICT"}};
  EXPECT_EQ(FirstError(doc), ErrorCode::STRICT_ISOLATION_NOT_AVAILABLE);
  doc["loadBalancer"] = "CROSS_REGION_INTERNAL_PROXY_NETWORK";
  doc["backendService"]["loadBalancingScheme"] = "INTERNAL_MANAGED";
  EXPECT_TRUE(Plan(doc).valid());
}

// ------------------------------ Algorithms

// [SLB-8] [SLB-10] [SLB-11] Proportional fill of the closest region, overflow
// to the next; SPRAY_TO_REGION has the same aggregate.
TEST(SlbAlgorithms, SLB_8_SLB_10_SLB_11_RegionFill) {
  for (const char* algorithm : {"WATERFALL_BY_REGION", "SPRAY_TO_REGION"}) {
    json doc = Base();
    doc["serviceLbPolicy"]["loadBalancingAlgorithm"] = algorithm;
    AddBackend(doc, "small", "east-a", 1, 1);  // 100
    AddBackend(doc, "large", "east-b", 3, 3);  // 300
    AddBackend(doc, "far", "west-a", 5, 5);    // 500
    doc["clients"][0]["requestsPerSecond"] = 200;
    SlbDecision d = Plan(doc);
    EXPECT_EQ(Assigned(d, "small"), k(50)) << algorithm;
    EXPECT_EQ(Assigned(d, "large"), k(150)) << algorithm;
    EXPECT_EQ(d.clients[0].regions_served, std::vector<std::string>{"east"});
    doc["clients"][0]["requestsPerSecond"] = 450;
    d = Plan(doc);
    EXPECT_EQ(Assigned(d, "far"), k(50)) << algorithm;
    EXPECT_EQ(d.clients[0].regions_served, (std::vector<std::string>{"east", "west"}));
  }
}

// [SLB-12] [SLB-13] WATERFALL_BY_ZONE fills the nearest zone first.
TEST(SlbAlgorithms, SLB_12_SLB_13_WaterfallByZone) {
  json doc = Base();
  doc["serviceLbPolicy"]["loadBalancingAlgorithm"] = "WATERFALL_BY_ZONE";
  AddBackend(doc, "near", "east-a", 1, 1);  // 100
  AddBackend(doc, "next", "east-b", 3, 3);  // 300
  doc["clients"][0]["requestsPerSecond"] = 150;
  const SlbDecision d = Plan(doc);
  EXPECT_EQ(Assigned(d, "near"), k(100));
  EXPECT_EQ(Assigned(d, "next"), k(50));
}

// [SLB-36] GAP-33: SPRAY_TO_WORLD spreads over every region at once.
TEST(SlbAlgorithms, SLB_36_SprayToWorld) {
  json doc = Base();
  doc["serviceLbPolicy"]["loadBalancingAlgorithm"] = "SPRAY_TO_WORLD";
  AddBackend(doc, "near", "east-a", 1, 1);
  AddBackend(doc, "far", "west-a", 1, 1);
  const SlbDecision d = Plan(doc);
  EXPECT_EQ(Assigned(d, "near"), k(50));
  EXPECT_EQ(Assigned(d, "far"), k(50));
}

// [SLB-30] [SLB-31] Preferred backends fill first, by round-trip time.
TEST(SlbAlgorithms, SLB_30_SLB_31_PreferredFirstByRtt) {
  json doc = Base();
  AddBackend(doc, "default-near", "east-a", 10, 10);
  AddBackend(doc, "pref-far", "west-a", 1, 1, 100, "PREFERRED");
  AddBackend(doc, "pref-near", "east-b", 1, 1, 30, "PREFERRED");
  doc["clients"][0]["requestsPerSecond"] = 200;
  const SlbDecision d = Plan(doc);
  EXPECT_EQ(Assigned(d, "pref-near"), k(30));
  EXPECT_EQ(Assigned(d, "pref-far"), k(100));
  EXPECT_EQ(Assigned(d, "default-near"), k(70));
}

// ------------------------------ Isolation

// [SLB-25] [SLB-26] NEAREST keeps traffic in the closest region even over
// capacity (GAP-34), and moves on only when that region cannot serve (GAP-32).
TEST(SlbIsolation, SLB_25_SLB_26_Nearest) {
  json doc = Base();
  doc["serviceLbPolicy"]["isolationConfig"] = {{"isolationGranularity", "REGION"}};
  AddBackend(doc, "east", "east-a", 1, 1);
  AddBackend(doc, "west", "west-a", 10, 10);
  doc["clients"][0]["requestsPerSecond"] = 300;
  SlbDecision d = Plan(doc);
  EXPECT_EQ(d.policy.isolation_mode, IsolationMode::kNearest);
  EXPECT_EQ(Assigned(d, "east"), k(300));
  EXPECT_EQ(Assigned(d, "west"), 0);
  doc["backendGroups"][0]["healthy"] = 0;
  d = Plan(doc);
  EXPECT_EQ(d.clients[0].regions_served, std::vector<std::string>{"west"});
}

// [SLB-27] GAP-32 GAP-34: STRICT drops when the closest region has no backend
// that can serve.
TEST(SlbIsolation, SLB_27_StrictDrops) {
  json doc = Base();
  doc["loadBalancer"] = "CROSS_REGION_INTERNAL_APPLICATION";
  doc["backendService"]["loadBalancingScheme"] = "INTERNAL_MANAGED";
  doc["serviceLbPolicy"]["isolationConfig"] = {{"isolationGranularity", "REGION"}, {"isolationMode", "STRICT"}};
  AddBackend(doc, "east", "east-a", 1, 0);
  AddBackend(doc, "west", "west-a", 10, 10);
  const SlbDecision d = Plan(doc);
  EXPECT_EQ(d.clients[0].dropped, k(100));
  EXPECT_TRUE(d.clients[0].regions_served.empty());
  EXPECT_EQ(Assigned(d, "west"), 0);
}

// ------------------------------ Auto-capacity drain and undrain

json DrainBase() {
  json doc = Base();
  doc["serviceLbPolicy"]["autoCapacityDrain"] = {{"enable", true}};
  for (int i = 0; i < 5; ++i) AddBackend(doc, "b" + std::to_string(i), i % 2 == 0 ? "east-a" : "east-b", 4, 4);
  return doc;
}

// [SLB-14] [SLB-15] [SLB-18] Fewer than 25% healthy: drained, capacity 0.
TEST(SlbDrain, SLB_14_SLB_15_SLB_18_CandidatesAreDrained) {
  json doc = DrainBase();
  doc["backendGroups"][0]["healthy"] = 0;
  doc["backendGroups"][1]["healthy"] = 1;  // exactly 25%: not a candidate
  const SlbDecision d = Plan(doc);
  EXPECT_TRUE(State(d, "b0").drain_candidate);
  EXPECT_TRUE(State(d, "b0").drained);
  EXPECT_EQ(State(d, "b0").effective_capacity, 0);
  EXPECT_EQ(Assigned(d, "b0"), 0);
  EXPECT_FALSE(State(d, "b1").drain_candidate);
  doc["serviceLbPolicy"]["autoCapacityDrain"]["enable"] = false;
  EXPECT_FALSE(State(Plan(doc), "b0").drained);
}

// [SLB-15] [SLB-16] GAP-25: below half of all backends, or nothing.
TEST(SlbDrain, SLB_15_SLB_16_NeverHalfOrMore) {
  json doc = DrainBase();
  doc["backendGroups"][0]["healthy"] = 0;
  doc["backendGroups"][1]["healthy"] = 0;
  EXPECT_TRUE(State(Plan(doc), "b1").drained);  // 2 of 5 < 50%
  doc["backendGroups"][2]["healthy"] = 0;
  const SlbDecision d = Plan(doc);  // 3 of 5: nothing drained
  for (const BackendState& b : d.backends) EXPECT_FALSE(b.drained) << b.name;
  doc["readings"] = {{"drainOverHalf", "DRAIN_UP_TO_HALF"}};
  const SlbDecision partial = Plan(doc);
  EXPECT_EQ(
      std::count_if(partial.backends.begin(), partial.backends.end(), [](const BackendState& b) { return b.drained; }),
      2);
}

// [SLB-16] [SLB-17] GAP-26: zero-capacity backends are never candidates.
TEST(SlbDrain, SLB_16_SLB_17_ZeroCapacityIsNoCandidate) {
  json doc = DrainBase();
  doc["backendGroups"][0]["members"] = 0;
  doc["backendGroups"][0]["healthy"] = 0;
  doc["backendService"]["backends"][1]["capacityScaler"] = 0;
  doc["backendGroups"][1]["healthy"] = 0;
  doc["backendGroups"][2]["healthy"] = 0;
  doc["backendGroups"][3]["healthy"] = 0;
  const SlbDecision d = Plan(doc);
  EXPECT_FALSE(State(d, "b0").drain_candidate);
  EXPECT_FALSE(State(d, "b1").drain_candidate);
  EXPECT_TRUE(State(d, "b2").drained);  // 2 candidates of 5
  EXPECT_TRUE(State(d, "b3").drained);
}

// [SLB-17] GAP-60: a backend without members has zero capacity, even with a
// per-group maximum, and gets no load.
TEST(SlbCapacity, SLB_17_NoMembersIsZeroCapacity) {
  json doc = Base();
  AddBackend(doc, "empty", "east-a", 0, 0);
  AddBackend(doc, "b2", "east-b", 1, 1);
  doc["backendService"]["backends"][0].erase("maxRatePerInstance");
  doc["backendService"]["backends"][0]["maxRate"] = 500;
  const SlbDecision d = Plan(doc);
  ASSERT_TRUE(d.valid());
  EXPECT_EQ(State(d, "empty").effective_capacity, 0);
  EXPECT_EQ(Assigned(d, "empty"), 0);
  EXPECT_EQ(Assigned(d, "b2"), 100'000);
}

// [SLB-19] GAP-27: 35% or more for 60 s undrains; 59 s does not.
TEST(SlbDrain, SLB_19_UndrainAfterSixtySeconds) {
  json doc = DrainBase();
  doc["backendGroups"][0]["health"] = json::array({{{"at", 0}, {"healthy", 0}}, {{"at", 100}, {"healthy", 2}}});
  doc["at"] = 159;
  EXPECT_TRUE(State(Plan(doc), "b0").drained);
  doc["at"] = 160;
  EXPECT_FALSE(State(Plan(doc), "b0").drained);
  // A dip below 35% restarts the 60 s.
  doc["backendGroups"][0]["health"] = json::array({{{"at", 0}, {"healthy", 0}},
                                                   {{"at", 100}, {"healthy", 2}},
                                                   {{"at", 130}, {"healthy", 1}},
                                                   {{"at", 140}, {"healthy", 2}}});
  doc["at"] = 190;
  EXPECT_TRUE(State(Plan(doc), "b0").drained);  // 1 of 4 = 25%: not a candidate, still drained (hysteresis)
  doc["at"] = 200;
  EXPECT_FALSE(State(Plan(doc), "b0").drained);
}

// ------------------------------ Conservation and JSON

TEST(SlbPlan, AssignedPlusDroppedIsOfferedExactly) {
  json doc = Base();
  AddBackend(doc, "a", "east-a", 3, 3, 33.333);
  AddBackend(doc, "b", "east-b", 7, 7, 11.111);
  doc["clients"][0]["requestsPerSecond"] = 12345.679;
  const SlbDecision d = Plan(doc);
  EXPECT_EQ(d.assigned() + d.dropped(), d.offered());
  EXPECT_EQ(d.offered(), 12'345'679);
}

TEST(SlbJson, DecisionRoundTripsAndScenarioReencodes) {
  json doc = DrainBase();
  doc["backendGroups"][0]["healthy"] = 0;
  const DecodedSlb decoded = DecodeSlbDocument(doc);
  ASSERT_TRUE(decoded.scenario);
  const SlbDecision d = reference::ReferenceEngine().Plan(*decoded.scenario);
  std::string why;
  const auto back = DecodeSlbDecision(EncodeSlbDecision(d, {}, &*decoded.scenario), &why);
  ASSERT_TRUE(back) << why;
  EXPECT_FALSE(NormativeSlbDiff(d, *back));
  const DecodedSlb again = DecodeSlbDocument(EncodeSlbScenario(*decoded.scenario));
  ASSERT_TRUE(again.scenario) << again.errors.front().message;
  EXPECT_TRUE(SameSlbDecision(d, reference::ReferenceEngine().Plan(*again.scenario)));
}

// [SLB-13] GAP-50: zonesServed tells the algorithms apart inside a region:
// 60 fits in the nearest zone, so WATERFALL_BY_ZONE serves only east-a while
// the other two spread over both zones of east; nearest zone first.
TEST(SlbZones, SLB_13_ZonesServedPerAlgorithm) {
  for (const char* algorithm : {"WATERFALL_BY_REGION", "SPRAY_TO_REGION", "WATERFALL_BY_ZONE"}) {
    json doc = Base();
    doc["serviceLbPolicy"]["loadBalancingAlgorithm"] = algorithm;
    AddBackend(doc, "b", "east-b", 1, 1);
    AddBackend(doc, "a", "east-a", 1, 1);
    AddBackend(doc, "w", "west-a", 1, 1);
    doc["clients"][0]["requestsPerSecond"] = 60;
    const SlbDecision d = Plan(doc);
    const bool by_zone = std::string(algorithm) == "WATERFALL_BY_ZONE";
    EXPECT_EQ(d.clients[0].zones_served,
              by_zone ? std::vector<std::string>{"east-a"} : (std::vector<std::string>{"east-a", "east-b"}))
        << algorithm;
  }
}

// [SLB-25] [SLB-27] GAP-34: STRICT overloads its closest region rather than
// dropping the excess; it drops only when that region cannot serve at all.
TEST(SlbIsolation, SLB_25_SLB_27_StrictOverCapacityOverloads) {
  json doc = Base();
  doc["loadBalancer"] = "CROSS_REGION_INTERNAL_APPLICATION";
  doc["backendService"]["loadBalancingScheme"] = "INTERNAL_MANAGED";
  doc["serviceLbPolicy"]["isolationConfig"] = {{"isolationGranularity", "REGION"}, {"isolationMode", "STRICT"}};
  AddBackend(doc, "e", "east-a", 1, 1);
  AddBackend(doc, "w", "west-a", 10, 10);
  doc["clients"][0]["requestsPerSecond"] = 300;
  const SlbDecision d = Plan(doc);
  EXPECT_EQ(d.clients[0].dropped, 0);
  EXPECT_EQ(Assigned(d, "e"), k(300));
  EXPECT_EQ(d.clients[0].regions_served, std::vector<std::string>{"east"});
}

// GAP-53: UTILIZATION without maxUtilization is an error, not a silent 0.8.
TEST(SlbCapacity, SLB_34_UtilizationNeedsMaxUtilization) {
  json doc = Base();
  doc["backendService"]["backends"].push_back(
      {{"group", "zones/east-a/instanceGroups/u"}, {"balancingMode", "UTILIZATION"}});
  doc["backendGroups"].push_back({{"group", "u"},
                                  {"kind", "ZONAL_INSTANCE_GROUP"},
                                  {"zone", "east-a"},
                                  {"members", 2},
                                  {"loadPerMemberAtFullUtilization", 10}});
  const SlbDecision d = Plan(doc);
  ASSERT_FALSE(d.valid());
  EXPECT_EQ(d.errors.at(0).code, ErrorCode::MISSING_FIELD);
  EXPECT_EQ(d.errors.at(0).path, "/backendService/backends/0/maxUtilization");
}

}  // namespace
}  // namespace lbconform
