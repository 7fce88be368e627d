// The runner against adapters that misbehave on purpose: each run ends in a
// finished report within its timeouts, the misbehaving cases are adapter
// errors, the adapter is restarted and the other cases still pass; the exit
// statuses of `lbconform run` are the documented ones.
#include "vectors/runner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>

#include "cli/commands.h"
#include "documents/documents.h"
#include "reference/reference_engine.h"
#include "vectors/checks.h"
#include "vectors/testing/load_vectors.h"
#include "vectors/testing/wrong_engines.h"

namespace lbconform::vectors {
namespace {

using testing::LoadAll;

std::string Misbehaving(const std::string& mode) {
  return std::string("exec python3 ") + LBCONFORM_SOURCE_DIR + "/vectors/adapters/testing/misbehaving_adapter.py " + mode;
}

struct Outcome {
  RunReport report;
  double seconds;
};

Outcome RunWith(const std::string& command, std::chrono::seconds run_timeout = std::chrono::seconds(120)) {
  AdapterOptions adapter;
  adapter.command = command;
  adapter.case_timeout = std::chrono::milliseconds(800);
  adapter.start_timeout = std::chrono::milliseconds(1500);
  AdapterImplementation implementation(adapter);
  RunOptions options;
  options.id_patterns = {"failover/spec-example/*"};  // 6 vectors × 2 profiles
  options.run_timeout = run_timeout;
  const std::vector<VectorFile> files = LoadAll();  // not part of what is timed
  const auto start = std::chrono::steady_clock::now();
  RunReport report = RunVectors(files, implementation, options);
  return {std::move(report), std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()};
}

class MisbehavingAdapter : public ::testing::TestWithParam<const char*> {};

TEST_P(MisbehavingAdapter, RunFinishesAndReportsTheBadCases) {
  const Outcome outcome = RunWith(Misbehaving(GetParam()));
  const auto counts = outcome.report.Counts();
  int passed = 0, errors = 0, total = 0;
  for (const auto& [profile, c] : counts) {
    passed += c.passed;
    errors += c.adapter_errors;
    total += c.passed + c.failed + c.adapter_errors + c.unsupported + c.known_failures + c.skipped;
  }
  EXPECT_EQ(total, 12);
  EXPECT_FALSE(outcome.report.timed_out);
  EXPECT_GE(errors, 1) << "the misbehaviour went unnoticed";
  EXPECT_GE(passed, 6) << "the adapter was not restarted after misbehaving";
  EXPECT_FALSE(outcome.report.RequiredPassed());
  // 12 cases, at most a third of them waiting out the 0.8 s case timeout.
  EXPECT_LT(outcome.seconds, 12 * 0.8 / 3 + 10);
  for (const CaseResult& r : outcome.report.results) {
    if (r.disposition == Disposition::kAdapterError) {
      EXPECT_FALSE(r.detail.empty());
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Modes, MisbehavingAdapter,
                         ::testing::Values("hang", "crash", "garbage", "wrong-id", "flood", "close-stdout"),
                         [](const ::testing::TestParamInfo<const char*>& param_info) {
                           std::string name = param_info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(MisbehavingAdapterTest, AdapterThatNeverStartsIsGivenUpQuickly) {
  for (const char* mode : {"exit-at-once", "hang-at-hello"}) {
    const Outcome outcome = RunWith(Misbehaving(mode));
    int errors = 0;
    for (const auto& [profile, c] : outcome.report.Counts()) errors += c.adapter_errors;
    EXPECT_EQ(errors, 12) << mode;
    EXPECT_LT(outcome.seconds, 3 * 1.5 + 5) << mode;  // three start attempts, then no more
    EXPECT_NE(outcome.report.results.back().detail.find("not restarted"), std::string::npos) << mode;
  }
}

TEST(MisbehavingAdapterTest, WholeRunTimeoutEndsAHangingRun) {
  const Outcome outcome = RunWith(Misbehaving("hang"), std::chrono::seconds(2));
  EXPECT_TRUE(outcome.report.timed_out);
  // No case and no restart outlasts the run's deadline. The margin is for
  // killing, reaping and a loaded sanitizer build; a hang would be an hour.
  EXPECT_LT(outcome.seconds, 2 + 4.0);
  const auto counts = outcome.report.Counts();
  int skipped = 0;
  for (const auto& [profile, c] : counts) skipped += c.skipped;
  EXPECT_GT(skipped, 0);
  EXPECT_FALSE(outcome.report.RequiredPassed());
}

int Cli(std::vector<std::string> args, std::string* out_text = nullptr) {
  args.insert(args.begin(), "lbconform");
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());
  std::istringstream in;
  std::ostringstream out, err;
  const int status = RunCli(static_cast<int>(argv.size()), argv.data(), in, out, err);
  if (out_text != nullptr) *out_text = out.str();
  return status;
}

TEST(RunCommandTest, ExitStatusesAreTheDocumentedOnes) {
  EXPECT_EQ(Cli({"run", "--id", "failover/*"}), kExitOk);
  EXPECT_EQ(Cli({"run", "--impl", Misbehaving("garbage"), "--id", "failover/spec-example/*", "--case-timeout", "800"}), kExitRejected);
  EXPECT_EQ(Cli({"run", "--impl", Misbehaving("hang"), "--id", "failover/spec-example/*", "--case-timeout", "500",
                 "--run-timeout", "1"}),
            kExitIncomplete);
  EXPECT_EQ(Cli({"run", "--vectors", "/nonexistent"}), kExitUsage);
  EXPECT_EQ(Cli({"run", "--profile", "latest"}), kExitUsage);
}

TEST(RunCommandTest, ExpectationsTurnFailuresIntoKnownFailures) {
  // A deterministic wrong implementation: its failures, listed as known with a
  // reason, no longer fail the run, and are counted apart.
  const auto files = LoadAll();
  testing::WrongEngine wrong({testing::Misreading::kDropIgnored, "drop-ignored", "FO-20"});
  EngineImplementation implementation(wrong);
  const RunReport first = RunVectors(files, implementation, {});
  ASSERT_FALSE(first.RequiredPassed());
  RunOptions options;
  int failures = 0;
  for (const CaseResult& r : first.results) {
    if (r.disposition != Disposition::kFailed) continue;
    options.known_failures.push_back({r.id, r.profile, "drop is not implemented yet"});
    ++failures;
  }
  const RunReport second = RunVectors(files, implementation, options);
  EXPECT_TRUE(second.RequiredPassed());
  int known = 0;
  for (const auto& [profile, c] : second.Counts()) known += c.known_failures;
  EXPECT_EQ(known, failures);
  EXPECT_NE(SummaryText(second).find("drop is not implemented yet"), std::string::npos);

  const std::string path = ::testing::TempDir() + "/expectations.json";
  std::ofstream(path) << R"({"knownFailures": [{"id": "failover/drop-all-unhealthy", "profile": "spec-docs", "reason": "pending"}]})";
  std::string error;
  const auto loaded = LoadExpectations(path, &error);
  ASSERT_TRUE(loaded.has_value()) << error;
  EXPECT_EQ(loaded->front().profile, Profile::kSpecDocs);
  const std::string missing_reason = ::testing::TempDir() + "/bad.json";
  std::ofstream(missing_reason) << R"({"knownFailures": [{"id": "x"}]})";
  EXPECT_EQ(Cli({"run", "--expectations", missing_reason}), kExitUsage);
}

TEST(RunCommandTest, ReportsAreWritten) {
  const std::string report = ::testing::TempDir() + "/report.json";
  const std::string junit = ::testing::TempDir() + "/junit.xml";
  ASSERT_EQ(Cli({"run", "--engine", "reference", "--report", report, "--junit", junit}), kExitOk);
  std::ifstream r(report);
  const auto doc = nlohmann::json::parse(r);
  EXPECT_EQ(doc["conforms"], true);
  EXPECT_EQ(doc["suiteVersion"], kSuiteVersion);
  EXPECT_GT(doc["profiles"]["spec-docs"]["passed"].get<int>(), 300);
  EXPECT_EQ(doc["results"].size(), doc["profiles"]["spec-docs"]["passed"].get<std::size_t>() +
                                       doc["profiles"]["en-2026-04-02"]["passed"].get<std::size_t>() +
                                       doc["profiles"]["api-10min"]["passed"].get<std::size_t>());
  std::ifstream j(junit);
  std::stringstream xml;
  xml << j.rdbuf();
  EXPECT_NE(xml.str().find("<testsuites name=\"lbconform\""), std::string::npos);
  EXPECT_NE(xml.str().find("failures=\"0\""), std::string::npos);
}

// An engine decides only the kinds whose interface it implements; the runner
// answers `unsupported` for the others and the table of kinds says so.
class PassthroughOnly final : public PassthroughEngine {
 public:
  std::string_view name() const override { return "passthrough-only"; }
  PassthroughDecision Decide(const PassthroughScenario& scenario, Profile profile) const override {
    return reference_.Decide(scenario, profile);
  }

 private:
  reference::ReferenceEngine reference_;
};

TEST(EngineKinds, AnEngineDecidesOnlyTheKindsItImplements) {
  const PassthroughOnly engine;
  EXPECT_EQ(KindsOf(engine), std::vector<ScenarioKind>{ScenarioKind::kPassthrough});
  EXPECT_FALSE(Implements(engine, ScenarioKind::kServiceLbPolicy));
  EngineImplementation implementation(engine);
  const RunReport report = RunVectors(LoadAll(), implementation, {});
  int decided = 0, unsupported = 0;
  for (const CaseResult& r : report.results) {
    const bool passthrough = r.file.find("timeline") == std::string::npos &&
                             r.file.find("service_lb_policy") == std::string::npos;
    if (r.disposition == Disposition::kUnsupported) {
      ++unsupported;
      EXPECT_FALSE(passthrough) << r.id;
    } else {
      ++decided;
      EXPECT_TRUE(passthrough) << r.id;
    }
  }
  EXPECT_GT(decided, 300);
  EXPECT_GT(unsupported, 90);
}

}  // namespace
}  // namespace lbconform::vectors
