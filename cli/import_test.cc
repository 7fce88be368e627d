// `lbconform import` on real gcloud shapes: zones from instance URLs, groups
// without healthStatus, one report per forwarding rule, bad input.
#include "cli/import.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "documents/scenario_json.h"

namespace lbconform {
namespace {

using nlohmann::json;

json ReadExample(const char* name) {
  std::ifstream in(std::filesystem::path(LBCONFORM_SOURCE_DIR) / "examples" / "gcloud" / name);
  return json::parse(in);
}

TEST(ImportTest, BundledGcloudOutputBecomesADecodableScenario) {
  const ImportResult result = ImportGcloud(ReadExample("describe.json"), ReadExample("get-health.json"),
                                           {.client_type = "VM", .client_zone = "us-west1-a", .client_region = "", .forwarding_rule = ""});
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
      {"forwardingRule": "https://x/regions/us-west1/forwardingRules/fr-tcp", "healthState": ")") + first + R"(",
       "instance": "https://x/projects/p/zones/us-west1-a/instances/vm-1"},
      {"forwardingRule": "https://x/regions/us-west1/forwardingRules/fr-udp", "healthState": ")" + second + R"(",
       "instance": "https://x/projects/p/zones/us-west1-a/instances/vm-1"}]}}])");
}

json OneGroupService() {
  return json::parse(R"({"name": "be", "region": "https://x/projects/p/regions/us-west1", "loadBalancingScheme": "INTERNAL",
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
  EXPECT_FALSE(ImportGcloud(OneGroupService(), json::parse(R"([{"backend": "g", "status": {"healthStatus": 3}}])"), options)
                   .scenario.has_value());
  const ImportResult no_zone = ImportGcloud(
      OneGroupService(), json::parse(R"([{"backend": "ig-a", "status": {"healthStatus": [{"instance": "vm-1", "healthState": "HEALTHY"}]}}])"),
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
