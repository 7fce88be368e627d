// The golden vectors: they lint clean, the reference reproduces every
// expectation (regen --check), and every built-in engine passes every vector
// in every profile it applies to.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>

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
  for (const std::string& problem : SuiteCoverage(files)) ADD_FAILURE() << problem;
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

// Coverage is the suite's rule alone: one file of it covers some clauses,
// and lints clean but for the coverage it lacks.
TEST(VectorsTest, SuiteCoverageNamesWhatNoVectorCovers) {
  const std::vector<VectorFile> files = LoadAll();
  const std::vector<VectorFile> one = {files.front()};
  EXPECT_EQ(Lint(one), std::vector<std::string>{});
  const auto problems = SuiteCoverage(one);
  EXPECT_TRUE(std::any_of(problems.begin(), problems.end(), [](const std::string& p) {
    return p.find("coverage: no vector cites clause") != std::string::npos;
  }));
  EXPECT_EQ(SuiteCoverage(files), std::vector<std::string>{});
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

// Lint holds the vectors and the statements of docs/spec/ to each other in
// both directions: removing every citation of a statement, or every statement
// of a vector, makes it fail.
TEST(VectorsTest, LintFailsWhenAStatementLosesItsLastCitation) {
  std::vector<VectorFile> files = LoadAll();
  ASSERT_TRUE(Lint(files).empty());
  ASSERT_TRUE(SuiteCoverage(files).empty());
  const std::string removed = "PT-2.6-a";
  int citations = 0;
  for (VectorFile& file : files) {
    for (VectorGroup& group : file.groups) {
      for (VectorTest& test : group.tests) {
        citations += static_cast<int>(std::erase(test.statements, removed));
      }
    }
  }
  ASSERT_GT(citations, 0);
  VectorTest& uncited = files.front().groups.front().tests.front();
  uncited.statements.clear();
  files.back().groups.back().tests.back().statements.push_back("PT-99-z");
  // Any folder's lint checks the statements cited; the suite's coverage, that
  // every vector cites one and every statement is cited.
  std::vector<std::string> problems = Lint(files);
  const std::vector<std::string> coverage = SuiteCoverage(files);
  problems.insert(problems.end(), coverage.begin(), coverage.end());
  auto mentions = [&](const std::string& text) {
    return std::any_of(problems.begin(), problems.end(),
                       [&](const std::string& p) { return p.find(text) != std::string::npos; });
  };
  EXPECT_TRUE(mentions("no vector cites statement PT-2.6-a (docs/spec/passthrough.md#PT-2.6-a)"));
  EXPECT_TRUE(mentions(uncited.id + "): cites no statement"));
  EXPECT_TRUE(mentions("statement PT-99-z is not an anchor of docs/spec/"));
}

// The statements compiled in are the anchors of the files, each written in
// the one form docs/spec/README.md gives, each once.
TEST(VectorsTest, SpecStatementsAreTheAnchorsOfTheDocs) {
  const std::regex any_anchor(R"re(<a id="([^"]*)")re");
  const std::regex canonical(R"re(<a id="((PT|TL|SL)-[0-9]+(\.[0-9]+)*-[a-z]+)" href="#\1">\1</a>)re");
  std::set<std::string> in_docs;
  for (const char* document : {"passthrough.md", "passthrough-timeline.md", "service-lb-policy.md"}) {
    std::ifstream in(std::filesystem::path(LBCONFORM_SOURCE_DIR) / "docs" / "spec" / document);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_FALSE(text.empty()) << document;
    std::size_t anchors = 0, canonical_anchors = 0;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), any_anchor); it != std::sregex_iterator(); ++it) {
      ++anchors;
      EXPECT_TRUE(in_docs.insert((*it)[1]).second) << (*it)[1] << " is defined twice";
    }
    for (auto it = std::sregex_iterator(text.begin(), text.end(), canonical); it != std::sregex_iterator(); ++it) {
      ++canonical_anchors;
    }
    EXPECT_EQ(anchors, canonical_anchors) << document << ": an anchor is not written <a id=\"X\" href=\"#X\">X</a>";
  }
  std::set<std::string> built;
  for (const SpecStatement& statement : SpecStatements()) built.insert(std::string(statement.id));
  EXPECT_EQ(built, in_docs) << "reconfigure: vectors/statements.cmake reads the docs when CMake runs";
  EXPECT_GT(built.size(), 200U);
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
