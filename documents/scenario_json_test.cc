// The JSON edge: real gcloud output is accepted, every input error code is
// reachable, hostile documents give a clear error quickly, and a decoded
// scenario survives encode → decode unchanged.
#include "documents/scenario_json.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "reference/reference_engine.h"

namespace lbconform {
namespace {

using nlohmann::json;

json Minimal() {
  return json::parse(R"({
    "kind": "passthrough",
    "backendService": {"name": "be", "region": "us-west1",
      "backends": [{"group": "zones/us-west1-a/instanceGroups/ig-a"}]},
    "instances": [{"name": "vm-1", "zone": "us-west1-a", "group": "ig-a", "healthState": "HEALTHY"}],
    "client": {"type": "VM", "region": "us-west1", "zone": "us-west1-a"}
  })");
}

ErrorCode FirstError(const std::string& text) {
  const DecodedScenario decoded = DecodeScenario(text);
  EXPECT_FALSE(decoded.scenario.has_value()) << text.substr(0, 200);
  if (decoded.errors.empty()) return ErrorCode::MALFORMED_JSON;  // reported by the EXPECT above
  return decoded.errors.front().code;
}

ErrorCode FirstError(const json& document) { return FirstError(std::string(document.dump())); }
ErrorCode FirstError(const char* text) { return FirstError(std::string(text)); }

// GAP-58: every name's last segment must be non-empty, an instance's group
// reference too; empty segments inside a path are ignored.
TEST(ScenarioJson, TrailingSlashIsAnInvalidNameEverywhere) {
  for (const char* group : {"ig-a/", "", "/"}) {
    json document = Minimal();
    document["instances"][0]["group"] = group;
    EXPECT_EQ(FirstError(document), ErrorCode::INVALID_NAME) << group;
  }
  json document = Minimal();
  document["instances"][0]["group"] = "instanceGroups//ig-a";
  EXPECT_TRUE(DecodeScenario(document.dump()).scenario.has_value());
}

// GAP-59: a zonal instance URL and the zone field must agree.
TEST(ScenarioJson, InstanceUrlZoneMustMatchTheZoneField) {
  json document = Minimal();
  document["instances"][0]["name"] = "projects/p/zones/us-west1-b/instances/vm-1";
  EXPECT_EQ(FirstError(document), ErrorCode::INSTANCE_ZONE_MISMATCH);
  document["instances"][0]["name"] = "projects/p/zones/us-west1-a/instances/vm-1";
  EXPECT_TRUE(DecodeScenario(document.dump()).scenario.has_value());
}

TEST(ScenarioJson, MinimalScenarioDecodes) {
  const DecodedScenario decoded = DecodeScenario(Minimal().dump());
  ASSERT_TRUE(decoded.scenario.has_value()) << (decoded.errors.empty() ? "" : decoded.errors[0].message);
  EXPECT_EQ(decoded.scenario->instances.size(), 1U);
  EXPECT_EQ(decoded.scenario->zonal_affinity.spillover, Spillover::kDisabled);  // API default
  EXPECT_TRUE(decoded.scenario->failover_policy.failover_ratio.is_zero());      // API default
}

// The real shape of `gcloud compute backend-services describe --format=json`
// for the docs' failover setup: full URLs, fields lbconform does not model.
TEST(ScenarioJson, AcceptsGcloudDescribeOutput) {
  json document = Minimal();
  document["backendService"] = json::parse(R"({
    "backends": [
      {"balancingMode": "CONNECTION", "failover": false,
       "group": "https://www.googleapis.com/compute/v1/projects/p/zones/us-west1-a/instanceGroups/ig-a"},
      {"balancingMode": "CONNECTION", "failover": true,
       "group": "https://www.googleapis.com/compute/v1/projects/p/zones/us-west1-c/instanceGroups/ig-c"}],
    "connectionDraining": {"drainingTimeoutSec": 300},
    "creationTimestamp": "2026-01-01T00:00:00.000-08:00",
    "failoverPolicy": {"disableConnectionDrainOnFailover": false, "dropTrafficIfUnhealthy": false, "failoverRatio": 0.75},
    "fingerprint": "abc=",
    "healthChecks": ["https://www.googleapis.com/compute/v1/projects/p/global/healthChecks/hc-http-80"],
    "id": "123",
    "kind": "compute#backendService",
    "loadBalancingScheme": "INTERNAL",
    "name": "be-ilb",
    "network": "https://www.googleapis.com/compute/v1/projects/p/global/networks/lb-network",
    "networkPassThroughLbTrafficPolicy": {"zonalAffinity": {"spillover": "ZONAL_AFFINITY_SPILL_CROSS_ZONE", "spilloverRatio": 0.8}},
    "protocol": "TCP",
    "region": "https://www.googleapis.com/compute/v1/projects/p/regions/us-west1",
    "selfLink": "https://www.googleapis.com/compute/v1/projects/p/regions/us-west1/backendServices/be-ilb",
    "sessionAffinity": "NONE",
    "timeoutSec": 30
  })");
  document["instances"] = json::parse(R"([
    {"name": "https://www.googleapis.com/compute/v1/projects/p/zones/us-west1-a/instances/vm-a1",
     "group": "https://www.googleapis.com/compute/v1/projects/p/zones/us-west1-a/instanceGroups/ig-a",
     "healthState": "HEALTHY"},
    {"name": "vm-c1", "zone": "https://www.googleapis.com/compute/v1/projects/p/zones/us-west1-c",
     "group": "instanceGroups/ig-c", "healthState": "UNHEALTHY"}])");
  const DecodedScenario decoded = DecodeScenario(document.dump());
  ASSERT_TRUE(decoded.scenario.has_value()) << decoded.errors[0].path << ": " << decoded.errors[0].message;
  const PassthroughScenario& s = *decoded.scenario;
  EXPECT_EQ(s.region, "us-west1");
  EXPECT_EQ(s.instances[0].name, "vm-a1");
  EXPECT_EQ(s.instances[0].zone, "us-west1-a");  // from the instance URL
  EXPECT_EQ(s.instances[1].zone, "us-west1-c");
  EXPECT_EQ(s.instances[1].backend, 1U);
  EXPECT_EQ(s.failover_policy.failover_ratio.ToString(), "0.75");
  EXPECT_EQ(s.zonal_affinity.spillover_ratio.ToString(), "0.8");
}

// A document written as the encoder writes it, every field set away from its
// default, decodes and encodes back to itself: a field the decoder drops or
// misreads shows here, where decoding the encoder's own output twice would
// agree with itself.
TEST(ScenarioJson, RoundTripIsUnchanged) {
  const json document = json::parse(R"({
    "kind": "passthrough",
    "backendService": {
      "name": "be", "region": "us-west1", "loadBalancingScheme": "INTERNAL",
      "backends": [{"group": "zones/us-west1-a/instanceGroups/ig-a", "failover": false},
                   {"group": "zones/us-west1-b/instanceGroups/ig-b", "failover": true}],
      "failoverPolicy": {"failoverRatio": 0.07, "dropTrafficIfUnhealthy": true,
                         "disableConnectionDrainOnFailover": true},
      "networkPassThroughLbTrafficPolicy": {
        "zonalAffinity": {"spillover": "ZONAL_AFFINITY_SPILL_CROSS_ZONE", "spilloverRatio": 0.8}},
      "subsetting": {"policy": "CONSISTENT_HASH_SUBSETTING"}},
    "instances": [
      {"name": "vm-1", "zone": "us-west1-a", "group": "zones/us-west1-a/instanceGroups/ig-a", "healthState": "HEALTHY"},
      {"name": "vm-2", "zone": "us-west1-b", "group": "zones/us-west1-b/instanceGroups/ig-b",
       "healthState": "UNHEALTHY"}],
    "client": {"type": "VM", "region": "us-west1", "zone": "us-west1-a"},
    "deployment": {"packetMirroringCollector": true, "networkSecurityIntegration": true,
                   "symmetricHashing": {"peerZonalAffinityEnabled": true, "senderToReceiverSameZoneOnly": true}}
  })");
  const DecodedScenario decoded = DecodeScenario(document.dump());
  ASSERT_TRUE(decoded.scenario.has_value()) << decoded.errors[0].path << ": " << decoded.errors[0].message;
  EXPECT_EQ(EncodeScenario(*decoded.scenario), document);
  EXPECT_EQ(decoded.scenario->failover_policy.failover_ratio.ToString(), "0.07");
}

// ------------------------------ Every input error code

TEST(ScenarioJsonErrors, DocumentLevel) {
  EXPECT_EQ(FirstError("not json"), ErrorCode::MALFORMED_JSON);
  EXPECT_EQ(FirstError(""), ErrorCode::MALFORMED_JSON);
  EXPECT_EQ(FirstError(R"({"kind": NaN})"), ErrorCode::MALFORMED_JSON);
  EXPECT_EQ(FirstError(R"({"kind": "passthrough",})"), ErrorCode::MALFORMED_JSON);
  EXPECT_EQ(FirstError("[1, 2]"), ErrorCode::WRONG_TYPE);
  EXPECT_EQ(FirstError(R"({"kind": "passthrough", "kind": "x"})"), ErrorCode::DUPLICATE_KEY);
  EXPECT_EQ(FirstError(R"({"kind": "service-lb-policy"})"), ErrorCode::UNKNOWN_KIND);
  EXPECT_EQ(FirstError(R"({})"), ErrorCode::MISSING_FIELD);
}

TEST(ScenarioJsonErrors, HugeNumbersAreMalformedOrOutOfRange) {
  json document = Minimal();
  std::string text = document.dump();
  const std::string with_ratio =
      text.replace(text.find("\"backends\""), 0, "\"failoverPolicy\": {\"failoverRatio\": 1e999}, ");
  EXPECT_EQ(FirstError(with_ratio), ErrorCode::MALFORMED_JSON);
  document["backendService"]["failoverPolicy"] = {{"failoverRatio", 1e300}};
  document["backendService"]["backends"].push_back(
      {{"group", "zones/us-west1-b/instanceGroups/ig-b"}, {"failover", true}});
  const DecodedScenario decoded = DecodeScenario(document.dump());
  ASSERT_TRUE(decoded.scenario.has_value());
  const auto d = reference::ReferenceEngine().Decide(*decoded.scenario, Profile::kSpecDocs);
  ASSERT_FALSE(d.valid());
  EXPECT_EQ(d.errors[0].code, ErrorCode::FAILOVER_RATIO_OUT_OF_RANGE);
}

TEST(ScenarioJsonErrors, HugeIntegersKeepTheirMagnitude) {
  json document = Minimal();
  document["backendService"]["failoverPolicy"] = {{"failoverRatio", 18446744073709551615ULL}};
  const DecodedScenario decoded = DecodeScenario(document.dump());
  ASSERT_TRUE(decoded.scenario.has_value());
  EXPECT_GT(decoded.scenario->failover_policy.failover_ratio, Decimal::FromInteger(1));
  EXPECT_FALSE(decoded.scenario->failover_policy.failover_ratio.negative());
}

TEST(ScenarioJsonErrors, TenThousandDeepNestingIsRefusedQuickly) {
  const std::string deep = std::string(10'000, '[') + std::string(10'000, ']');
  EXPECT_EQ(FirstError(deep), ErrorCode::JSON_TOO_DEEP);
  std::string deep_object;
  for (int i = 0; i < 10'000; ++i) deep_object += "{\"a\":";
  deep_object += "1" + std::string(10'000, '}');
  EXPECT_EQ(FirstError(deep_object), ErrorCode::JSON_TOO_DEEP);
  // Brackets inside strings do not count.
  json document = Minimal();
  document["description"] = std::string(1000, '[');
  EXPECT_TRUE(DecodeScenario(document.dump()).scenario.has_value());
}

TEST(ScenarioJsonErrors, HundredMegabyteInputIsRefused) {
  const std::string huge(100 * 1024 * 1024, ' ');
  EXPECT_EQ(FirstError(huge), ErrorCode::INPUT_TOO_LARGE);
}

TEST(ScenarioJsonErrors, WrongTypes) {
  json document = Minimal();
  document["backendService"]["backends"][0]["failover"] = "yes";
  EXPECT_EQ(FirstError(document), ErrorCode::WRONG_TYPE);
  document = Minimal();
  document["backendService"]["failoverPolicy"] = {{"failoverRatio", "0.5"}};
  EXPECT_EQ(FirstError(document), ErrorCode::WRONG_TYPE);
  document = Minimal();
  document["instances"] = {{"name", "x"}};
  EXPECT_EQ(FirstError(document), ErrorCode::WRONG_TYPE);
  document = Minimal();
  document["backendService"]["backends"] = 3;
  EXPECT_EQ(FirstError(document), ErrorCode::WRONG_TYPE);
  document = Minimal();
  document["client"]["zone"] = 7;
  EXPECT_EQ(FirstError(document), ErrorCode::WRONG_TYPE);
}

TEST(ScenarioJsonErrors, MissingAndUnknownFields) {
  json document = Minimal();
  document["instances"][0].erase("healthState");
  EXPECT_EQ(FirstError(document), ErrorCode::MISSING_FIELD);
  document = Minimal();
  document["backendService"].erase("region");
  EXPECT_EQ(FirstError(document), ErrorCode::MISSING_FIELD);
  document = Minimal();
  document["instances"][0]["healthstate"] = "HEALTHY";  // a typo beside the real field
  EXPECT_EQ(FirstError(document), ErrorCode::UNKNOWN_FIELD);
  document = Minimal();
  document["client"]["zonee"] = "us-west1-a";
  EXPECT_EQ(FirstError(document), ErrorCode::UNKNOWN_FIELD);
  document = Minimal();
  document["clients"] = json::object();
  EXPECT_EQ(FirstError(document), ErrorCode::UNKNOWN_FIELD);
  document = Minimal();
  document["client"] = {{"type", "VM"}};
  EXPECT_EQ(FirstError(document), ErrorCode::MISSING_FIELD);
}

TEST(ScenarioJsonErrors, UnknownEnumValues) {
  for (const char* path : {"/instances/0/healthState", "/client/type",
                           "/backendService/networkPassThroughLbTrafficPolicy/zonalAffinity/spillover",
                           "/backendService/subsetting/policy", "/backendService/loadBalancingScheme"}) {
    json document = Minimal();
    document[json::json_pointer(path)] = "BOGUS";
    EXPECT_EQ(FirstError(document), ErrorCode::UNKNOWN_ENUM_VALUE) << path;
  }
  json document = Minimal();
  document["backendService"]["loadBalancingScheme"] = "EXTERNAL_MANAGED";
  EXPECT_EQ(FirstError(document), ErrorCode::UNSUPPORTED_LOAD_BALANCING_SCHEME);
}

TEST(ScenarioJsonErrors, NamesAndReferences) {
  json document = Minimal();
  document["instances"].push_back(document["instances"][0]);
  EXPECT_EQ(FirstError(document), ErrorCode::DUPLICATE_INSTANCE_NAME);
  document = Minimal();
  document["instances"][0]["name"] = "projects/p/zones/us-west1-a/instances/";
  EXPECT_EQ(FirstError(document), ErrorCode::INVALID_NAME);
  document = Minimal();
  document["backendService"]["backends"].push_back(
      {{"group", "https://x/projects/p/zones/us-west1-a/instanceGroups/ig-a"}});
  EXPECT_EQ(FirstError(document), ErrorCode::DUPLICATE_BACKEND_GROUP);
  document = Minimal();
  document["instances"][0]["group"] = "ig-z";
  EXPECT_EQ(FirstError(document), ErrorCode::UNKNOWN_GROUP_REFERENCE);
  document = Minimal();
  document["backendService"]["backends"].push_back({{"group", "zones/us-west1-b/instanceGroups/ig-a"}});
  EXPECT_EQ(FirstError(document), ErrorCode::AMBIGUOUS_GROUP_REFERENCE);
  document["instances"][0]["group"] = "zones/us-west1-a/instanceGroups/ig-a";
  EXPECT_TRUE(DecodeScenario(document.dump()).scenario.has_value());
}

// Group references keep their suffix semantics through the index: the
// duplicate names the first backend it clashes with, in either direction.
TEST(ScenarioJsonErrors, GroupReferencesMatchByTrailingSegments) {
  json document = Minimal();
  document["backendService"]["backends"] =
      json::array({{{"group", "projects/p/zones/us-west1-a/instanceGroups/ig-a"}},
                   {{"group", "zones/us-west1-b/instanceGroups/ig-b"}},
                   {{"group", "https://x/projects/p/zones/us-west1-b/instanceGroups/ig-b"}}});
  DecodedScenario decoded = DecodeScenario(document.dump());
  ASSERT_EQ(decoded.errors.size(), 1u);
  EXPECT_EQ(decoded.errors[0].code, ErrorCode::DUPLICATE_BACKEND_GROUP);
  EXPECT_EQ(decoded.errors[0].path, "/backendService/backends/2/group");
  EXPECT_NE(decoded.errors[0].message.find("as 'zones/us-west1-b/instanceGroups/ig-b'"), std::string::npos);
  document["backendService"]["backends"] = json::array(
      {{{"group", "zones/us-west1-a/instanceGroups/ig-a"}}, {{"group", "p/zones/us-west1-a/instanceGroups/ig-a"}}});
  decoded = DecodeScenario(document.dump());
  ASSERT_EQ(decoded.errors.size(), 1u);
  EXPECT_NE(decoded.errors[0].message.find("as 'zones/us-west1-a/instanceGroups/ig-a'"), std::string::npos);
  document["backendService"]["backends"] = json::array(
      {{{"group", "zones/us-west1-a/instanceGroups/ig-a"}}, {{"group", "zones/us-west1-a/instanceGroups/ig-b"}}});
  for (const char* reference :
       {"ig-a", "instanceGroups/ig-a", "//us-west1-a//instanceGroups/ig-a", "zones/us-west1-a/instanceGroups/ig-a"}) {
    document["instances"][0]["group"] = reference;
    decoded = DecodeScenario(document.dump());
    ASSERT_TRUE(decoded.scenario.has_value()) << reference;
    EXPECT_EQ(decoded.scenario->instances[0].backend, 0u) << reference;
  }
  document["instances"][0]["group"] = "instanceGroups";
  EXPECT_EQ(FirstError(document), ErrorCode::UNKNOWN_GROUP_REFERENCE);
  document["instances"][0]["group"] = "us-west1-a/instanceGroups";
  EXPECT_EQ(FirstError(document), ErrorCode::UNKNOWN_GROUP_REFERENCE);
  document["instances"][0]["group"] = "";
  EXPECT_EQ(FirstError(document), ErrorCode::INVALID_NAME);  // GAP-58
}

// A number with more digits than a double holds would be rounded silently
// (0.07000000000000000001 read as 0.07): it is refused. The shortest form, or
// any spelling of the same decimal, is accepted.
TEST(ScenarioJsonErrors, NumbersADoubleCannotHoldAreRefused) {
  const std::string text = Minimal().dump();
  auto with_ratio = [&](const std::string& ratio) {
    std::string t = text;
    return t.replace(t.find("\"backends\""), 0, "\"failoverPolicy\": {\"failoverRatio\": " + ratio + "}, ");
  };
  EXPECT_EQ(FirstError(with_ratio("0.07000000000000000001")), ErrorCode::INEXACT_NUMBER);
  EXPECT_EQ(FirstError(with_ratio("1.0000000000000000001")), ErrorCode::INEXACT_NUMBER);
  EXPECT_EQ(FirstError(with_ratio("0.1000000000000000055511151231257827")), ErrorCode::INEXACT_NUMBER);
  EXPECT_EQ(FirstError(with_ratio("1e-400")), ErrorCode::INEXACT_NUMBER);
  for (const char* same : {"0.07", "0.070000", "7e-2", "7.0E-2", "70e-3"}) {
    const DecodedScenario decoded = DecodeScenario(with_ratio(same));
    ASSERT_TRUE(decoded.scenario.has_value()) << same;
    EXPECT_EQ(decoded.scenario->failover_policy.failover_ratio, *Decimal::FromString("0.07")) << same;
  }
  std::vector<Error> errors;
  EXPECT_FALSE(ParseJsonDocument(R"({"a": [1, 2.50, -0.0, 1e300, 0.30000000000000004]})", errors) == std::nullopt)
      << errors.size();
}

// Duplicate keys are found per object however many objects come before:
// the check is one lookup per key, never a rescan of the parent.
TEST(ScenarioJsonErrors, DuplicateKeysAreFoundInEveryObjectOfALongArray) {
  std::string many = "[";
  for (int i = 0; i < 200'000; ++i) many += "{\"a\":1,\"b\":{}},";
  std::vector<Error> errors;
  const std::optional<json> parsed = ParseJsonDocument(many + "{\"a\":1}]", errors);
  ASSERT_TRUE(parsed.has_value());
  EXPECT_EQ(parsed->size(), 200'001u);
  EXPECT_EQ((*parsed)[7]["a"], 1);
  EXPECT_FALSE(ParseJsonDocument(many + "{\"a\":1,\"b\":2,\"a\":3}]", errors).has_value());
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].code, ErrorCode::DUPLICATE_KEY);
  errors.clear();
  EXPECT_FALSE(ParseJsonDocument(R"({"a": {"b": 1}, "c": {"b": 2, "d": [{"b": 3, "b": 4}]}})", errors).has_value());
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].code, ErrorCode::DUPLICATE_KEY);
  errors.clear();
  EXPECT_FALSE(ParseJsonDocument(R"({"a": null, "a": null})", errors).has_value());
  EXPECT_TRUE(ParseJsonDocument(R"({"a": {"a": {"a": []}}, "b": [{"a": 1}, {"a": 2}]})", errors).has_value());
}

TEST(ScenarioJsonErrors, ZonesAndRegions) {
  json document = Minimal();
  document["instances"][0]["zone"] = "us-east1-b";
  EXPECT_EQ(FirstError(document), ErrorCode::ZONE_NOT_IN_REGION);
  document = Minimal();
  document["client"]["zone"] = "europe-west1-b";
  EXPECT_EQ(FirstError(document), ErrorCode::ZONE_NOT_IN_REGION);
  document = Minimal();
  document["instances"][0]["zone"] = "us-west1-b";
  EXPECT_EQ(FirstError(document), ErrorCode::INSTANCE_ZONE_MISMATCH);
  // A VM client's region follows from its zone; other clients need no zone.
  document = Minimal();
  document["client"].erase("region");
  ASSERT_TRUE(DecodeScenario(document.dump()).scenario.has_value());
  EXPECT_EQ(DecodeScenario(document.dump()).scenario->client.region, "us-west1");
  document["client"] = {{"type", "VPN_TUNNEL"}};
  EXPECT_TRUE(DecodeScenario(document.dump()).scenario.has_value());
}

TEST(ScenarioJsonErrors, TooManyObjects) {
  json document = Minimal();
  json instances = json::array();
  for (std::size_t i = 0; i <= kMaxInstances; ++i) {
    instances.push_back(
        {{"name", "vm-" + std::to_string(i)}, {"zone", "us-west1-a"}, {"group", "ig-a"}, {"healthState", "HEALTHY"}});
  }
  document["instances"] = instances;
  EXPECT_EQ(FirstError(document), ErrorCode::TOO_MANY_OBJECTS);
}

// ------------------------------ Decisions

TEST(DecisionJson, EncodeDecodeKeepsNormativeFields) {
  const DecodedScenario decoded = DecodeScenario(Minimal().dump());
  const PassthroughDecision decision = reference::ReferenceEngine().Decide(*decoded.scenario, Profile::kSpecDocs);
  const json encoded = EncodeDecision(decision);
  EXPECT_EQ(encoded["valid"], true);
  EXPECT_EQ(encoded["eligible"]["kind"], "ALL_HEALTHY");
  EXPECT_EQ(encoded["modifiedEligible"], json::array({"vm-1"}));
  EXPECT_FALSE(encoded.contains("trace"));
  EXPECT_TRUE(EncodeDecision(decision, {.trace = true}).contains("trace"));
  std::string problem;
  const auto back = DecodeDecision(encoded, &problem);
  ASSERT_TRUE(back.has_value()) << problem;
  EXPECT_FALSE(NormativeDiff(decision, *back).has_value());
  EXPECT_FALSE(DecodeDecision(json::parse(R"({"valid": true})"), &problem).has_value());
  EXPECT_FALSE(problem.empty());
}

TEST(DecisionJson, InvalidDecisionCarriesCodes) {
  const json encoded = EncodeDecision(InvalidDecision({{ErrorCode::MALFORMED_JSON, "", "bad"}}));
  EXPECT_EQ(encoded["valid"], false);
  EXPECT_EQ(encoded["errors"][0]["code"], "MALFORMED_JSON");
  EXPECT_EQ(encoded.size(), 2U);  // nothing else is required
}

TEST(DecisionJson, DumpNeverThrowsOnInvalidUtf8) { EXPECT_FALSE(DumpJson(json(std::string("\xff\xfe"))).empty()); }

}  // namespace
}  // namespace lbconform
