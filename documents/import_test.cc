// `lbconform import` on real gcloud shapes: zones from instance URLs, groups
// without healthStatus, one report per forwarding rule, bad input.
#include "documents/import.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "documents/scenario_json.h"
#include "documents/slb_json.h"

namespace lbconform {
namespace {

using nlohmann::json;

json ReadExample(const char* name) {
  std::ifstream in(std::filesystem::path(LBCONFORM_SOURCE_DIR) / "examples" / "gcloud" / name);
  return json::parse(in);
}

TEST(ImportTest, BundledGcloudOutputBecomesADecodableScenario) {
  const ImportResult result = ImportGcloud(ReadExample("describe.json"), ReadExample("get-health.json"),
                                           {.client_type = "VM",
                                            .client_zone = "us-west1-a",
                                            .client_region = "",
                                            .forwarding_rule = "",
                                            .group = "",
                                            .clients = std::nullopt,
                                            .service_lb_policy = std::nullopt});
  ASSERT_TRUE(result.scenario.has_value()) << result.error;
  ASSERT_EQ(result.warnings.size(), 1U);  // ig-d has no healthStatus key
  EXPECT_NE(result.warnings[0].find("ig-d"), std::string::npos);
  const DecodedScenario decoded = DecodeScenarioDocument(*result.scenario);
  ASSERT_TRUE(decoded.scenario.has_value()) << decoded.errors[0].message;
  const PassthroughScenario& s = *decoded.scenario;
  ASSERT_EQ(s.instances.size(), 4U);
  EXPECT_EQ(s.instances[0].name, "vm-a1");
  EXPECT_EQ(s.instances[0].zone, "us-west1-a");
  EXPECT_EQ(s.instances[1].health, HealthState::kUnhealthy);
  EXPECT_EQ(s.instances[2].zone, "us-west1-c");
  EXPECT_TRUE(s.backends[s.instances[2].backend].failover);
  EXPECT_EQ(s.failover_policy.failover_ratio.ToString(), "0.75");
}

json TwoRules(const char* first, const char* second) {
  return json::parse(std::string(R"([{"backend": "https://x/projects/p/zones/us-west1-a/instanceGroups/ig-a",
    "status": {"healthStatus": [
      {"forwardingRule": "https://x/regions/us-west1/forwardingRules/fr-tcp", "healthState": ")") +
                     first + R"(",
       "instance": "https://x/projects/p/zones/us-west1-a/instances/vm-1"},
      {"forwardingRule": "https://x/regions/us-west1/forwardingRules/fr-udp", "healthState": ")" +
                     second + R"(",
       "instance": "https://x/projects/p/zones/us-west1-a/instances/vm-1"}]}}])");
}

json OneGroupService() {
  return json::parse(
      R"({"name": "be", "region": "https://x/projects/p/regions/us-west1", "loadBalancingScheme": "INTERNAL",
    "backends": [{"group": "https://x/projects/p/zones/us-west1-a/instanceGroups/ig-a"}]})");
}

TEST(ImportTest, OneReportPerForwardingRuleIsAggregated) {
  ImportOptions options;
  options.client_zone = "us-west1-a";
  const ImportResult agree = ImportGcloud(OneGroupService(), TwoRules("HEALTHY", "HEALTHY"), options);
  ASSERT_TRUE(agree.scenario.has_value());
  EXPECT_EQ((*agree.scenario)["instances"].size(), 1U);
  EXPECT_EQ((*agree.scenario)["instances"][0]["healthState"], "HEALTHY");
  EXPECT_TRUE(agree.warnings.empty());

  const ImportResult disagree = ImportGcloud(OneGroupService(), TwoRules("HEALTHY", "UNHEALTHY"), options);
  EXPECT_EQ((*disagree.scenario)["instances"][0]["healthState"], "UNHEALTHY");
  ASSERT_EQ(disagree.warnings.size(), 1U);

  options.forwarding_rule = "fr-tcp";
  const ImportResult picked = ImportGcloud(OneGroupService(), TwoRules("HEALTHY", "UNHEALTHY"), options);
  EXPECT_EQ((*picked.scenario)["instances"][0]["healthState"], "HEALTHY");
  EXPECT_TRUE(picked.warnings.empty());
}

TEST(ImportTest, BadInputIsAnErrorNotACrash) {
  ImportOptions options;
  EXPECT_FALSE(ImportGcloud(json::array(), json::array(), options).scenario.has_value());
  EXPECT_FALSE(ImportGcloud(OneGroupService(), json::object(), options).scenario.has_value());
  EXPECT_FALSE(ImportGcloud(OneGroupService(), json::parse(R"([{"status": {}}])"), options).scenario.has_value());
  EXPECT_FALSE(
      ImportGcloud(OneGroupService(), json::parse(R"([{"backend": "g", "status": {"healthStatus": 3}}])"), options)
          .scenario.has_value());
  const ImportResult no_zone = ImportGcloud(
      OneGroupService(),
      json::parse(
          R"([{"backend": "ig-a", "status": {"healthStatus": [{"instance": "vm-1", "healthState": "HEALTHY"}]}}])"),
      options);
  EXPECT_FALSE(no_zone.scenario.has_value());
  EXPECT_NE(no_zone.error.find("no zone"), std::string::npos);
}

TEST(ImportTest, NonVmClientsGetTheLoadBalancersRegion) {
  ImportOptions options;
  options.client_type = "VPN_TUNNEL";
  const ImportResult result = ImportGcloud(OneGroupService(), TwoRules("HEALTHY", "HEALTHY"), options);
  EXPECT_EQ((*result.scenario)["client"]["region"], "us-west1");
  EXPECT_TRUE(DecodeScenarioDocument(*result.scenario).scenario.has_value());
}

}  // namespace
}  // namespace lbconform

namespace lbconform {
namespace {

ImportOptions ClientIn(const char* zone) {
  ImportOptions options;
  options.client_zone = zone;
  return options;
}

std::string AllWarnings(const ImportResult& result) {
  std::string all;
  for (const std::string& w : result.warnings) all += w + "\n";
  return all;
}

// Issue 16: `describe --global` was refused as "not a regional backend
// service (no 'backends' or 'region')" although it has backends.
TEST(ImportRealShapes, GlobalBackendServiceIsRefusedSayingWhichKindItNeeds) {
  const ImportResult result =
      ImportGcloud(ReadExample("describe-global.json"), ReadExample("get-health.json"), ClientIn("us-west1-a"));
  ASSERT_FALSE(result.scenario.has_value());
  EXPECT_NE(result.error.find("web-backend is global"), std::string::npos) << result.error;
  EXPECT_NE(result.error.find("EXTERNAL_MANAGED"), std::string::npos) << result.error;
  EXPECT_NE(result.error.find("regional backend service with loadBalancingScheme INTERNAL"), std::string::npos);
  EXPECT_NE(result.error.find("service-lb-policy kind when you give --clients FILE"), std::string::npos);
}

TEST(ImportRealShapes, RegionalNonInternalSchemeIsNamed) {
  json describe = ReadExample("describe.json");
  describe["loadBalancingScheme"] = "EXTERNAL";
  const ImportResult result = ImportGcloud(describe, ReadExample("get-health.json"), ClientIn("us-west1-a"));
  ASSERT_FALSE(result.scenario.has_value());
  EXPECT_NE(result.error.find("loadBalancingScheme EXTERNAL"), std::string::npos) << result.error;
}

// The API's getHealth response for one group ({healthStatus: [...]}) was
// refused with exit 2; its group is the one backend in the VMs' zone.
TEST(ImportRealShapes, ApiGetHealthResponseIsAccepted) {
  const ImportResult result =
      ImportGcloud(ReadExample("describe.json"), ReadExample("get-health-api.json"), ClientIn("us-west1-a"));
  ASSERT_TRUE(result.scenario.has_value()) << result.error;
  const json& instances = (*result.scenario)["instances"];
  ASSERT_EQ(instances.size(), 2U);
  EXPECT_EQ(instances[0]["name"], "vm-a1");
  EXPECT_EQ(instances[0]["healthState"], "HEALTHY");
  EXPECT_EQ(instances[1]["healthState"], "UNHEALTHY");
  EXPECT_NE(instances[0]["group"].get<std::string>().find("ig-a"), std::string::npos);
  EXPECT_TRUE(DecodeScenarioDocument(*result.scenario).scenario.has_value());
}

TEST(ImportRealShapes, ApiGetHealthResponseInAZoneOfSeveralGroupsNeedsGroup) {
  json health = ReadExample("get-health-api.json");
  for (json& h : health["healthStatus"]) {
    std::string url = h["instance"];
    url.replace(url.find("us-west1-a"), 10, "us-west1-c");
    h["instance"] = url;
  }
  ImportOptions options = ClientIn("us-west1-a");
  const ImportResult ambiguous = ImportGcloud(ReadExample("describe.json"), health, options);
  ASSERT_FALSE(ambiguous.scenario.has_value());
  EXPECT_NE(ambiguous.error.find("--group"), std::string::npos) << ambiguous.error;
  options.group = "ig-d";
  const ImportResult named = ImportGcloud(ReadExample("describe.json"), health, options);
  ASSERT_TRUE(named.scenario.has_value()) << named.error;
  EXPECT_EQ((*named.scenario)["instances"][0]["group"], "ig-d");
  EXPECT_TRUE(DecodeScenarioDocument(*named.scenario).scenario.has_value());
}

// API dumps expand a backend's group into the instance group object.
TEST(ImportRealShapes, ExpandedGroupObjectsBecomeTheirSelfLink) {
  const ImportResult result = ImportGcloud(ReadExample("describe-api-expanded-group.json"),
                                           ReadExample("get-health-api.json"), ClientIn("us-west1-a"));
  ASSERT_TRUE(result.scenario.has_value()) << result.error;
  EXPECT_EQ((*result.scenario)["backendService"]["backends"][1]["group"],
            "https://www.googleapis.com/compute/v1/projects/my-project/zones/us-west1-c/instanceGroups/ig-c");
  const DecodedScenario decoded = DecodeScenarioDocument(*result.scenario);
  ASSERT_TRUE(decoded.scenario.has_value()) << decoded.errors[0].message;
  EXPECT_TRUE(decoded.scenario->backends[1].failover);
}

// DRAINING, TIMEOUT and UNKNOWN became UNHEALTHY silently.
TEST(ImportRealShapes, DrainingTimeoutAndUnknownAreUnhealthyWithAWarningEach) {
  const ImportResult result =
      ImportGcloud(ReadExample("describe.json"), ReadExample("get-health-states.json"), ClientIn("us-west1-a"));
  ASSERT_TRUE(result.scenario.has_value()) << result.error;
  for (const json& instance : (*result.scenario)["instances"]) {
    if (instance["name"] != "vm-a1") {
      EXPECT_EQ(instance["healthState"], "UNHEALTHY") << instance.dump();
    }
  }
  const std::string warnings = AllWarnings(result);
  EXPECT_NE(warnings.find("vm-a2 reported DRAINING: taken as UNHEALTHY"), std::string::npos) << warnings;
  EXPECT_NE(warnings.find("vm-c1 reported TIMEOUT: taken as UNHEALTHY"), std::string::npos) << warnings;
  EXPECT_NE(warnings.find("vm-c2 reported UNKNOWN: taken as UNHEALTHY"), std::string::npos) << warnings;
}

ImportOptions GlobalOptions() {
  ImportOptions options;
  options.clients = ReadExample("clients.json");
  options.service_lb_policy = ReadExample("service-lb-policy.json");
  return options;
}

// A global backend service with client locations is the service-lb-policy kind.
TEST(ImportRealShapes, GlobalBackendServiceWithClientsIsAServiceLbPolicyScenario) {
  const ImportResult result =
      ImportGcloud(ReadExample("describe-global.json"), ReadExample("get-health-global.json"), GlobalOptions());
  ASSERT_TRUE(result.scenario.has_value()) << result.error;
  const json& s = *result.scenario;
  EXPECT_EQ(s["kind"], "service-lb-policy");
  EXPECT_EQ(s["loadBalancer"], "GLOBAL_EXTERNAL_APPLICATION");
  EXPECT_EQ(s["backendGroups"][0], json::parse(R"({"group": "web-ig-b", "kind": "ZONAL_INSTANCE_GROUP",
                                                   "zone": "us-east1-b", "members": 3, "healthy": 2})"));
  EXPECT_EQ(s["backendGroups"][1]["healthy"], 1);  // web-c2 is DRAINING
  EXPECT_EQ(s["topology"], json::parse(R"({"regions": [{"name": "europe-west1", "zones": ["europe-west1-c"]},
                                                      {"name": "us-east1", "zones": ["us-east1-b"]}]})"));
  EXPECT_NE(AllWarnings(result).find("web-c2 reported DRAINING"), std::string::npos);
  const DecodedSlb decoded = DecodeSlbDocument(s);
  ASSERT_TRUE(decoded.scenario.has_value()) << decoded.errors[0].path << ": " << decoded.errors[0].message;
  EXPECT_TRUE(decoded.scenario->policy.present);
}

// GAP-57: a policy file whose name is not the one the backend service names
// is refused, not planned as if there were no policy.
TEST(ImportRealShapes, PolicyOfAnotherNameIsRefused) {
  ImportOptions options = GlobalOptions();
  (*options.service_lb_policy)["name"] = "projects/p/locations/global/serviceLbPolicies/not-the-one";
  const ImportResult result =
      ImportGcloud(ReadExample("describe-global.json"), ReadExample("get-health-global.json"), options);
  EXPECT_FALSE(result.scenario.has_value());
  EXPECT_NE(result.error.find("gives policy 'not-the-one'"), std::string::npos) << result.error;
}

TEST(ImportRealShapes, GlobalSchemesMapToTheirLoadBalancerOrAreRefused) {
  json describe = ReadExample("describe-global.json");
  describe["loadBalancingScheme"] = "INTERNAL_MANAGED";
  describe["protocol"] = "TCP";
  const ImportResult internal = ImportGcloud(describe, ReadExample("get-health-global.json"), GlobalOptions());
  ASSERT_TRUE(internal.scenario.has_value()) << internal.error;
  EXPECT_EQ((*internal.scenario)["loadBalancer"], "CROSS_REGION_INTERNAL_PROXY_NETWORK");
  describe["loadBalancingScheme"] = "EXTERNAL";
  const ImportResult classic = ImportGcloud(describe, ReadExample("get-health-global.json"), GlobalOptions());
  EXPECT_FALSE(classic.scenario.has_value());
  EXPECT_NE(classic.error.find("EXTERNAL_MANAGED and INTERNAL_MANAGED"), std::string::npos) << classic.error;
  ImportOptions bad_clients = GlobalOptions();
  bad_clients.clients = json::object();
  EXPECT_FALSE(ImportGcloud(ReadExample("describe-global.json"), ReadExample("get-health-global.json"), bad_clients)
                   .scenario.has_value());
  bad_clients.clients = json::parse(R"([{"name": "x", "requestsPerSecond": 1, "rttMs": {"nodash": 1}}])");
  EXPECT_FALSE(ImportGcloud(ReadExample("describe-global.json"), ReadExample("get-health-global.json"), bad_clients)
                   .scenario.has_value());
}

json HealthWith(const char* field, json value) {
  json health = json::parse(R"([{"backend": "https://x/projects/p/zones/us-west1-a/instanceGroups/ig-a",
    "status": {"healthStatus": [{"healthState": "HEALTHY", "instance": "https://x/projects/p/zones/us-west1-a/instances/vm-1"}]}}])");
  health[0]["status"]["healthStatus"][0][field] = std::move(value);
  return health;
}

// Issue 12: fields of another JSON type aborted `import` (an uncaught
// nlohmann type_error); each is now a plain error, or for a null health
// state, UNKNOWN.
TEST(ImportRealShapes, FieldsOfAnotherTypeAreErrorsNotCrashes) {
  ImportOptions options = ClientIn("us-west1-a");
  const ImportResult array_state = ImportGcloud(OneGroupService(), HealthWith("healthState", json::array()), options);
  EXPECT_FALSE(array_state.scenario.has_value());
  EXPECT_NE(array_state.error.find("'healthState' is array"), std::string::npos) << array_state.error;

  const ImportResult null_state = ImportGcloud(OneGroupService(), HealthWith("healthState", nullptr), options);
  ASSERT_TRUE(null_state.scenario.has_value()) << null_state.error;
  EXPECT_EQ((*null_state.scenario)["instances"][0]["healthState"], "UNHEALTHY");
  EXPECT_NE(AllWarnings(null_state).find("UNKNOWN"), std::string::npos);

  const ImportResult number_rule = ImportGcloud(OneGroupService(), HealthWith("forwardingRule", 7), options);
  EXPECT_FALSE(number_rule.scenario.has_value());
  EXPECT_NE(number_rule.error.find("'forwardingRule' is number"), std::string::npos) << number_rule.error;

  const ImportResult unknown_state = ImportGcloud(OneGroupService(), HealthWith("healthState", "SICK"), options);
  EXPECT_FALSE(unknown_state.scenario.has_value());
  EXPECT_NE(unknown_state.error.find("'SICK'"), std::string::npos);

  json named = OneGroupService();
  named["name"] = json::object();
  EXPECT_NE(ImportGcloud(named, HealthWith("port", 80), options).error.find("'name' is object"), std::string::npos);
  json numbered = OneGroupService();
  numbered["region"] = 5;
  EXPECT_NE(ImportGcloud(numbered, HealthWith("port", 80), options).error.find("'region' is number"),
            std::string::npos);
  json group_number = OneGroupService();
  group_number["backends"][0]["group"] = 3;
  EXPECT_FALSE(ImportGcloud(group_number, HealthWith("port", 80), options).scenario.has_value());
  EXPECT_FALSE(ImportGcloud(OneGroupService(), json::parse(R"([{"backend": 4}])"), options).scenario.has_value());
  EXPECT_FALSE(
      ImportGcloud(OneGroupService(), json::parse(R"([{"backend": "g", "status": 4}])"), options).scenario.has_value());
  EXPECT_FALSE(ImportGcloud(OneGroupService(), json::parse(R"({"healthStatus": [7]})"), options).scenario.has_value());
  EXPECT_FALSE(ImportGcloud(OneGroupService(), json::parse(R"({"healthStatus": [{"instance": []}]})"), options)
                   .scenario.has_value());
}

}  // namespace
}  // namespace lbconform
