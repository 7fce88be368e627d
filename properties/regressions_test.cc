// Replays properties/regressions/*.json: every counterexample a property ever
// found (and hand-picked boundary cases), each through every engine, which
// must agree with the reference and with the file's expected decision.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "documents/scenario_json.h"
#include "engines/engines.h"

namespace lbconform {
namespace {

namespace fs = std::filesystem;

TEST(PropertyRegressions, EveryEngineAgreesOnEveryKeptCounterexample) {
  const fs::path dir = fs::path(LBCONFORM_SOURCE_DIR) / "properties" / "regressions";
  int replayed = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".json") continue;
    SCOPED_TRACE(entry.path().filename().string());
    std::ifstream in(entry.path());
    const nlohmann::json file = nlohmann::json::parse(in);
    const auto profile = ProfileFromName(file.at("profile").get<std::string>());
    ASSERT_TRUE(profile.has_value());
    const DecodedScenario decoded = DecodeScenarioDocument(file.at("scenario"));
    ASSERT_TRUE(decoded.scenario.has_value()) << decoded.errors[0].message;
    std::string problem;
    const auto expected = DecodeDecision(file.at("expected"), &problem);
    ASSERT_TRUE(expected.has_value()) << problem;
    for (const PassthroughEngine* engine : EnginesOf<PassthroughEngine>()) {
      const PassthroughDecision actual = engine->Decide(*decoded.scenario, *profile);
      EXPECT_EQ(NormativeDiff(*expected, actual), std::nullopt) << engine->name();
    }
    ++replayed;
  }
  EXPECT_GT(replayed, 0);
  std::cout << "replayed " << replayed << " regression scenarios\n";
}

}  // namespace
}  // namespace lbconform
