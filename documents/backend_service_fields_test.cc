// Fields a backendService may have, and the did-you-mean behind every
// "unknown …" message.
#include "documents/backend_service_fields.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "documents/suggest.h"

namespace lbconform {
namespace {

using nlohmann::json;

json WithService(json service) { return {{"kind", "passthrough"}, {"backendService", std::move(service)}}; }

json EveryV1Field() {
  std::ifstream in(std::filesystem::path(LBCONFORM_SOURCE_DIR) / "examples" / "gcloud" /
                   "describe-every-v1-field.json");
  return json::parse(in);
}

TEST(BackendServiceFields, EveryFieldOfTheV1ApiIsKnown) {
  EXPECT_EQ(BackendServiceFieldWarnings(WithService(EveryV1Field())), std::vector<std::string>());
  for (const char* example : {"describe.json", "describe-global.json"}) {
    std::ifstream in(std::filesystem::path(LBCONFORM_SOURCE_DIR) / "examples" / "gcloud" / example);
    EXPECT_EQ(BackendServiceFieldWarnings(WithService(json::parse(in))), std::vector<std::string>()) << example;
  }
}

TEST(BackendServiceFields, TyposAreNamedWithTheFieldMeantAtEveryLevel) {
  json service = EveryV1Field();
  service["failover_ratio"] = 0.5;
  service["failoverPolicy"]["failoverRatoi"] = 0.5;
  service["backends"][0]["failOver"] = true;
  service["networkPassThroughLbTrafficPolicy"]["zonalAffinity"]["spilloverratio"] = 0.5;
  service["connectionTrackingPolicy"]["idleTimeout"] = 60;
  service["zzz"] = 1;
  const std::vector<std::string> warnings = BackendServiceFieldWarnings(WithService(service));
  ASSERT_EQ(warnings.size(), 6U);
  auto has = [&](const std::string& part) {
    return std::any_of(warnings.begin(), warnings.end(),
                       [&](const std::string& w) { return w.find(part) != std::string::npos; });
  };
  EXPECT_TRUE(
      has("/backendService/failover_ratio: 'failover_ratio' is not a field of the Compute API's "
          "BackendService (did you mean 'failoverPolicy.failoverRatio'?)"));
  EXPECT_TRUE(
      has("/backendService/failoverPolicy/failoverRatoi: 'failoverRatoi' is not a field of the Compute API's "
          "BackendService (did you mean 'failoverRatio'?)"));
  EXPECT_TRUE(
      has("/backendService/backends/0/failOver: 'failOver' is not a field of the Compute API's "
          "BackendService (did you mean 'failover'?)"));
  EXPECT_TRUE(has("(did you mean 'spilloverRatio'?)"));
  EXPECT_TRUE(has("(did you mean 'idleTimeoutSec'?)"));
  EXPECT_TRUE(has("/backendService/zzz: 'zzz' is not a field of the Compute API's BackendService; it is ignored"));
}

TEST(BackendServiceFields, WarningsAreAddedOnlyWhenThereAreSome) {
  const json decision = {{"valid", true}};
  EXPECT_EQ(WithFieldWarnings(decision, WithService(EveryV1Field())), decision);
  json service = EveryV1Field();
  service["failover_ratio"] = 0.5;
  EXPECT_EQ(WithFieldWarnings(decision, WithService(service))["warnings"].size(), 1U);
  EXPECT_EQ(WithFieldWarnings(decision, json::array()), decision);  // not a scenario: nothing to say
  EXPECT_EQ(WithFieldWarnings(decision, WithService(json::array())), decision);
}

TEST(Suggest, EditDistanceCountsInsertionsDeletionsSubstitutionsAndSwaps) {
  EXPECT_EQ(EditDistance("", ""), 0U);
  EXPECT_EQ(EditDistance("decide", "decide"), 0U);
  EXPECT_EQ(EditDistance("decid", "decide"), 1U);
  EXPECT_EQ(EditDistance("--versoin", "--version"), 1U);  // one swap
  EXPECT_EQ(EditDistance("kitten", "sitting"), 3U);
  EXPECT_EQ(EditDistance("", "abc"), 3U);
}

TEST(Suggest, ClosestNameIsATypoOrAUniquePrefixOrNothing) {
  const std::vector<std::string> commands = {"decide", "explain", "exhaustive", "engines", "run"};
  EXPECT_EQ(ClosestName("decied", commands), "decide");
  EXPECT_EQ(ClosestName("rn", commands), "run");
  EXPECT_EQ(ClosestName("exha", commands), "exhaustive");  // unique prefix
  EXPECT_EQ(ClosestName("frobnicate", commands), std::nullopt);
  EXPECT_EQ(ClosestName("e", commands), std::nullopt);  // ambiguous prefix
  EXPECT_EQ(DidYouMean("spec-doc", {"spec-docs", "api-10min"}), "; did you mean 'spec-docs'?");
  EXPECT_EQ(DidYouMean("zzzzzz", {"spec-docs"}), "");
}

// The serviceLbPolicy's fields are the Network Services API's: its proto field
// names are accepted silently, a typo is named with the field meant.
TEST(ScenarioWarnings, ServiceLbPolicyTyposAreNamed) {
  json document = {{"kind", "service-lb-policy"},
                   {"serviceLbPolicy",
                    {{"name", "pol"},
                     {"load_balancing_algorithm", "WATERFALL_BY_ZONE"},
                     {"loadBalancingAlgoritm", "SPRAY_TO_REGION"},
                     {"failover_config", {{"failoverHealthTreshold", 60}}}}}};
  const std::vector<std::string> warnings = ScenarioWarnings(document);
  ASSERT_EQ(warnings.size(), 2U);
  EXPECT_NE(warnings[0].find("'loadBalancingAlgoritm' is not a field of the Network Services API's ServiceLbPolicy "
                             "(did you mean 'loadBalancingAlgorithm'?)"),
            std::string::npos)
      << warnings[0];
  EXPECT_NE(warnings[1].find("/serviceLbPolicy/failover_config/failoverHealthTreshold"), std::string::npos)
      << warnings[1];
}

// What a decision does not model is said: an haPolicy, and which draining
// timeout a timeline without drainingTimeoutSec gets (GAP-7).
TEST(ScenarioWarnings, HaPolicyAndDrainingTimeoutAreSaid) {
  json document = WithService({{"region", "us-west1"}, {"haPolicy", {{"fastIPMove", "DISABLED"}}}});
  const std::vector<std::string> warnings = ScenarioWarnings(document);
  ASSERT_EQ(warnings.size(), 1U);
  EXPECT_NE(warnings[0].find("lbconform does not model it"), std::string::npos) << warnings[0];
  EXPECT_FALSE(DrainingTimeoutNote(document).has_value());
  document["kind"] = "passthrough-timeline";
  ASSERT_TRUE(DrainingTimeoutNote(document).has_value());
  EXPECT_NE(DrainingTimeoutNote(document)->find("--profile api-10min"), std::string::npos);
  document["drainingTimeoutSec"] = 600;
  EXPECT_FALSE(DrainingTimeoutNote(document).has_value());
}

}  // namespace
}  // namespace lbconform
