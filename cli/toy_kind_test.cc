// The test-only toy kind (model/testing/toy_model.h) goes through every table
// of kinds: built with -DLBCONFORM_TOY_KIND (preset toy-kind), it is decided,
// explained, run as vectors, served by `lbconform adapter`, checked and
// shrunk by `lbconform check`, rendered in the HTML report and drawn by the
// properties (properties/kinds_test.cc is compiled into this test too), with
// no change to any command, the runner, the adapter or check beyond the rows
// the toy adds to the tables. docs/architecture.md, "Adding a scenario kind",
// counts the files it needed.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "check/case_generators.h"
#include "check/check.h"
#include "cli/testing/run_cli.h"
#include "documents/documents.h"
#include "documents/testing/toy_json.h"
#include "engines/engines.h"
#include "model/exit_status.h"
#include "readings/wrong_engines.h"
#include "vectors/runner.h"

namespace lbconform {
namespace {

using nlohmann::json;
using testing::CliRun;
using testing::Lbconform;

const json kToyDocument = {{"kind", "toy"}, {"numbers", {3, 1, 4}}, {"limit", 10}};
const json kToyDecision = {{"valid", true}, {"errors", json::array()}, {"total", 8}, {"overLimit", false}};

TEST(ToyKind, IsAKindOfTheCatalogue) {
  EXPECT_EQ(NameOf(ScenarioKind::kToy), "toy");
  EXPECT_EQ(ScenarioKindFromName("toy"), ScenarioKind::kToy);
  EXPECT_EQ(AllScenarioKinds().back(), ScenarioKind::kToy);
  EXPECT_EQ(kScenarioKindCount, 4u);
}

// The documents' table: the reference decides it; the optimized engine does
// not implement its interface, so it is no engine of the kind.
TEST(ToyKind, TheDocumentsTableDecidesIt) {
  const Engine& reference = *FindEngine("reference");
  EXPECT_EQ(DecideDocument(reference, kToyDocument, Profile::kSpecDocs), kToyDecision);
  EXPECT_EQ(DecideDocument(reference, kToyDocument.dump(), Profile::kSpecDocs), kToyDecision);
  const json over =
      DecideDocument(reference, {{"kind", "toy"}, {"numbers", {6, 5}}, {"limit", 10}}, Profile::kSpecDocs);
  EXPECT_EQ(over["overLimit"], true);
  const json rejected =
      DecideDocument(reference, {{"kind", "toy"}, {"numbers", {-1}}, {"limit", 1}}, Profile::kSpecDocs);
  EXPECT_EQ(rejected["valid"], false);
  EXPECT_EQ(rejected["errors"][0]["code"], "VALUE_OUT_OF_RANGE");
  EXPECT_TRUE(Implements(reference, ScenarioKind::kToy));
  EXPECT_EQ(EnginesOf<ToyEngine>().size(), 1u);
  EXPECT_EQ(DiffDecisionDocuments(ScenarioKind::kToy, kToyDecision, over), "total");
  EXPECT_TRUE(DocumentsOf(ScenarioKind::kToy).decode_errors(kToyDocument).empty());  // what `import` asks
  EXPECT_EQ(DocumentsOf(ScenarioKind::kToy).round_trip_problem(reference, kToyDocument), std::nullopt);
}

TEST(ToyKind, DecideAndExplainTakeItWithNoChange) {
  const CliRun decide = Lbconform({"decide", "-"}, kToyDocument.dump());
  ASSERT_EQ(decide.status, kExitOk) << decide.err;
  EXPECT_EQ(json::parse(decide.out), kToyDecision);
  const CliRun explain = Lbconform({"explain", "-"}, kToyDocument.dump());
  ASSERT_EQ(explain.status, kExitOk) << explain.err;
  EXPECT_NE(explain.out.find("Result: total 8, within the limit"), std::string::npos) << explain.out;
  const CliRun plot = Lbconform({"plot", "-"}, kToyDocument.dump());  // the toy has no picture
  EXPECT_EQ(plot.status, kExitUsage);
  EXPECT_NE(plot.err.find("plot takes a scenario of kind service-lb-policy\n"), std::string::npos) << plot.err;
}

// A vector folder of the toy kind: run on the engines, and its report page.
class ToyVectors : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = std::filesystem::temp_directory_path() /
            ("lbconform-toy-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
    std::filesystem::remove_all(root_);
    std::filesystem::create_directories(root_ / "edge_cases");
  }
  void TearDown() override { std::filesystem::remove_all(root_); }

  // Write: a vector file of the toy kind whose one test expects `expected`.
  void Write(const json& expected) const {
    const json test = {{"tcId", 1},
                       {"id", "toy/sum"},
                       {"comment", "3 + 1 + 4 is 8, within 10."},
                       {"flags", json::array()},
                       {"clauses", {"TD-3"}},
                       {"input", kToyDocument},
                       {"result", "valid"},
                       {"expected", expected}};
    const json file = {{"schema", "toy.schema.json"},
                       {"suiteVersion", "0.1.0"},
                       {"kind", "toy"},
                       {"numberOfTests", 1},
                       {"header", {"The toy kind."}},
                       {"notes", json::object()},
                       {"testGroups", {{{"comment", "Sums."}, {"tests", {test}}}}}};
    std::ofstream(root_ / "edge_cases" / "toy.json") << file.dump(1) << "\n";
  }

  std::filesystem::path root_;
};

TEST_F(ToyVectors, RunPassesOnTheReferenceAndSkipsTheOtherEngines) {
  Write(kToyDecision);
  const CliRun run = Lbconform({"run", "--vectors", root_.string(), "--engine", "reference"});
  ASSERT_EQ(run.status, kExitOk) << run.out << run.err;
  EXPECT_NE(run.out.find("run: 1 passed, 0 failed, 0 skipped"), std::string::npos) << run.out;
  // The optimized engine does not implement the kind: its case is unsupported,
  // and an engine with no case checked does not conform.
  const CliRun optimized = Lbconform({"run", "--vectors", root_.string(), "--engine", "optimized"});
  EXPECT_EQ(optimized.status, kExitRejected) << optimized.out;
  EXPECT_NE(optimized.out.find("kind toy                   not implemented (1 cases skipped)"), std::string::npos)
      << optimized.out;
}

// A failing case of the toy kind in the report page: its row, and the kind
// among the filter's choices.
TEST_F(ToyVectors, TheReportPageShowsAFailingCase) {
  json wrong = kToyDecision;
  wrong["total"] = 9;
  Write(wrong);
  const std::string report = (root_ / "report.json").string();
  const CliRun run = Lbconform({"run", "--vectors", root_.string(), "--engine", "reference", "--report", report});
  ASSERT_EQ(run.status, kExitRejected) << run.out << run.err;
  const std::string html = (root_ / "report.html").string();
  const CliRun rendered = Lbconform({"report", report, "-o", html});
  ASSERT_EQ(rendered.status, kExitOk) << rendered.err;
  std::ifstream in(html);
  const std::string page((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(page.find("<option>toy</option>"), std::string::npos);
  EXPECT_NE(page.find("data-kind=\"toy\""), std::string::npos);
}

TEST(ToyKind, TheAdapterDeclaresAndAnswersIt) {
  const json request = {{"type", "case"}, {"id", "t1"}, {"kind", "toy"}, {"input", kToyDocument}};
  const CliRun run =
      Lbconform({"adapter"}, "{\"type\":\"hello\",\"protocol\":1}\n" + request.dump() + "\n{\"type\":\"bye\"}\n");
  ASSERT_EQ(run.status, kExitOk) << run.err;
  std::istringstream out(run.out);
  std::string hello, result;
  std::getline(out, hello);
  std::getline(out, result);
  EXPECT_EQ(json::parse(hello)["kinds"].back(), "toy");
  EXPECT_EQ(json::parse(result)["output"], kToyDecision);
}

// No reading of the spec changes the toy kind: every misreading decides it
// as the reference does, and check asks none of them about it.
TEST(ToyKind, NoReadingChangesIt) {
  for (const readings::WrongEngineInfo& info : readings::AllMisreadings()) {
    EXPECT_FALSE(readings::ChangesKind(info, ScenarioKind::kToy)) << info.name;
  }
}

// A toy engine that reads "over the limit" as "at the limit or over".
class AtTheLimitIsOver final : public ToyEngine {
 public:
  std::string_view name() const override { return "at-the-limit-is-over"; }
  ToyDecision DecideToy(const ToyScenario& scenario) const override {
    ToyDecision d;
    for (std::int64_t n : scenario.numbers) d.total += n;
    d.over_limit = d.total >= scenario.limit;
    return d;
  }
};

TEST(ToyKind, CheckDrawsItAndShrinksAFinding) {
  ASSERT_TRUE(check::GenCheckCase(ScenarioKind::kToy, Profile::kSpecDocs).has_value());
  const CliRun agree = Lbconform({"check", "--engine", "reference", "--kind", "toy", "--cases", "300"});
  EXPECT_EQ(agree.status, kExitOk) << agree.out << agree.err;

  const AtTheLimitIsOver wrong;
  vectors::EngineImplementation implementation(wrong);
  CheckOptions options;
  options.kinds = {ScenarioKind::kToy};
  options.cases = 2000;
  options.seed = 1;
  std::ostringstream out, err;
  const CheckResult result = RunCheck(implementation, options, out, err);
  ASSERT_EQ(result.findings.size(), 1u) << out.str() << err.str();
  const CheckFinding& finding = result.findings.front();
  EXPECT_EQ(finding.kind, ScenarioKind::kToy);
  EXPECT_EQ(finding.field, "overLimit");
  // Shrunk to the smallest case at the limit: no numbers, limit 0.
  EXPECT_EQ(finding.scenario, json({{"kind", "toy"}, {"numbers", json::array()}, {"limit", 0}}));
  EXPECT_EQ(finding.SizeText(), "0 numbers");
}

}  // namespace
}  // namespace lbconform
