// The golden vectors: they lint clean, the reference reproduces every
// expectation (regen --check), and every built-in engine passes every vector
// in every profile it applies to.
#include <gtest/gtest.h>

#include <algorithm>

#include "documents/documents.h"
#include "engines/engines.h"
#include "vectors/checks.h"
#include "vectors/schema_check.h"
#include "vectors/testing/load_vectors.h"

namespace lbconform::vectors {
namespace {

using testing::LoadAll;

TEST(VectorsTest, LintIsClean) {
  const std::vector<VectorFile> files = LoadAll();
  ASSERT_GE(files.size(), 6U);
  for (const std::string& problem : Lint(files)) ADD_FAILURE() << problem;
}

TEST(VectorsTest, EveryFileMatchesItsJsonSchema) {
  const std::vector<VectorFile> files = LoadAll();
  for (const std::string& problem : LintSchema(files, DefaultVectorRoot())) ADD_FAILURE() << problem;
  // The schema is not vacuous: a test without a comment and with an unknown
  // result class violates it.
  nlohmann::json broken = nlohmann::json::parse(WriteVectorFile(files.front()));
  broken["testGroups"][0]["tests"][0].erase("comment");
  broken["testGroups"][0]["tests"][0]["result"] = "maybe";
  EXPECT_GE(SchemaProblems(broken, DefaultVectorRoot() / "schema" / "passthrough.schema.json").size(), 2U);
}

TEST(VectorsTest, RegenCheckFindsNothingToChange) {
  std::vector<VectorFile> files = LoadAll();
  const RegenReport report = Regen(files, *AvailableEngines().front(), /*write=*/false);
  EXPECT_GE(report.tests, 300);
  for (const std::string& problem : report.problems) ADD_FAILURE() << problem;
}

TEST(VectorsTest, LintCatchesABrokenFile) {
  std::vector<VectorFile> files = LoadAll();
  ASSERT_FALSE(files.empty());
  VectorTest& first = files.front().groups.front().tests.front();
  first.flags.push_back("UndefinedFlag");
  files.front().number_of_tests += 1;
  files.back().groups.back().tests.back().id = first.id;
  const auto problems = Lint(files);
  auto mentions = [&](const std::string& text) {
    return std::any_of(problems.begin(), problems.end(),
                       [&](const std::string& p) { return p.find(text) != std::string::npos; });
  };
  EXPECT_TRUE(mentions("UndefinedFlag is not defined"));
  EXPECT_TRUE(mentions("numberOfTests"));
  EXPECT_TRUE(mentions("id already used"));
}

TEST(VectorsTest, StrictLoaderRejectsUnknownKeysAndMissingComments) {
  std::string error;
  EXPECT_FALSE(ParseVectorFile(R"({"schema":"x"})", &error).has_value());
  const std::string good = WriteVectorFile(LoadAll().front());
  ASSERT_TRUE(ParseVectorFile(good, &error).has_value()) << error;
  std::string typo = good;
  typo.replace(typo.find("\"comment\""), 9, "\"coment\"");
  EXPECT_FALSE(ParseVectorFile(typo, &error).has_value());
  EXPECT_NE(error.find("unknown key"), std::string::npos) << error;
}

class EngineOnVectors : public ::testing::TestWithParam<const Engine*> {};

TEST_P(EngineOnVectors, PassesEveryVector) {
  int checked = 0;
  for (const VectorFile& file : LoadAll()) {
    if (!Implements(*GetParam(), file.kind)) continue;  // the runner reports such cases as unsupported
    for (const VectorGroup& group : file.groups) {
      for (const VectorTest& test : group.tests) {
        for (Profile profile : AllProfiles()) {
          if (!test.AppliesTo(profile)) continue;
          SCOPED_TRACE(test.id + " @ " + std::string(NameOf(profile)));
          std::string field;
          EXPECT_TRUE(ExpectationMatches(test, DecideVector(*GetParam(), test.input, profile), &field))
              << file.path.filename() << " tcId " << test.tc_id << ": " << field;
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(checked, 500);
}

INSTANTIATE_TEST_SUITE_P(AllEngines, EngineOnVectors, ::testing::ValuesIn(AvailableEngines()),
                         [](const ::testing::TestParamInfo<const Engine*>& param_info) {
                           std::string name(param_info.param->name());
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace
}  // namespace lbconform::vectors
