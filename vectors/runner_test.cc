// The runner against adapters that misbehave on purpose: each run ends in a
// finished report within its timeouts, the misbehaving cases are adapter
// errors, the adapter is restarted and the other cases still pass; the exit
// statuses of `lbconform run` are the documented ones.
#include "vectors/runner.h"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "cli/commands.h"
#include "cli/testing/run_cli.h"
#include "documents/documents.h"
#include "readings/wrong_engines.h"
#include "reference/reference_engine.h"
#include "report/run_report.h"
#include "vectors/checks.h"
#include "vectors/run_signals.h"
#include "vectors/schema_check.h"
#include "vectors/testing/load_vectors.h"

namespace lbconform::vectors {
namespace {

using testing::LoadAll;

std::string Misbehaving(const std::string& mode) {
  return std::string("exec python3 ") + LBCONFORM_SOURCE_DIR + "/vectors/adapters/testing/misbehaving_adapter.py " +
         mode;
}

struct Outcome {
  RunReport report;
  double seconds;
};

// Fewer is one profile only (6 cases), for the slower misbehaviours;
// `only` narrows to one vector id.
// The start timeout leaves room for a slow Python start on a loaded machine.
struct Narrower {
  bool one_profile = false;
  std::string only;
  std::chrono::milliseconds case_timeout{800};
  std::chrono::milliseconds start_timeout{5000};
  int max_consecutive_adapter_errors = 5;
};

Narrower OneProfile(std::string only = "") {
  Narrower narrower;
  narrower.one_profile = true;
  narrower.only = std::move(only);
  return narrower;
}

Outcome RunWith(const std::string& command, std::chrono::seconds run_timeout = std::chrono::seconds(120),
                const Narrower& narrower = Narrower()) {
  AdapterOptions adapter;
  adapter.command = command;
  adapter.case_timeout = narrower.case_timeout;
  adapter.start_timeout = narrower.start_timeout;
  AdapterImplementation implementation(adapter);
  RunOptions options;
  options.id_patterns = {narrower.only.empty() ? "failover/spec-example/*" : narrower.only};  // 6 vectors × 2 profiles
  if (narrower.one_profile) options.profiles = {Profile::kSpecDocs};
  options.max_consecutive_adapter_errors = narrower.max_consecutive_adapter_errors;
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
  EXPECT_GE(passed, 6) << "the adapter was not restarted after misbehaving\n" << SummaryText(outcome.report);
  EXPECT_FALSE(outcome.report.RequiredPassed());
  // 12 cases, at most every other one waiting out the case timeout (the
  // adapter counts its cases from each start; a count, not a clock: a loaded
  // machine starts Python slowly).
  const auto timeouts =
      std::count_if(outcome.report.results.begin(), outcome.report.results.end(),
                    [](const CaseResult& r) { return r.detail.find("no answer within") != std::string::npos; });
  EXPECT_LE(timeouts, 6);
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
    Narrower quick_start;
    quick_start.start_timeout = std::chrono::milliseconds(1500);
    const Outcome outcome = RunWith(Misbehaving(mode), std::chrono::seconds(120), quick_start);
    int errors = 0;
    for (const auto& [profile, c] : outcome.report.Counts()) errors += c.adapter_errors;
    EXPECT_EQ(errors, 5) << mode;  // then five in a row stop the run
    // Three start attempts, then no more.
    EXPECT_NE(outcome.report.results[4].detail.find("not restarted"), std::string::npos) << mode;
    EXPECT_NE(outcome.report.results.back().detail.find("adapter errors in a row"), std::string::npos) << mode;
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

using lbconform::testing::Cli;

std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// SchemaProblemsOf is "" when `report` follows vectors/schema/report.schema.json.
std::string SchemaProblemsOf(const nlohmann::json& report) {
  std::string out;
  for (const std::string& p :
       SchemaProblems(report, std::string(LBCONFORM_SOURCE_DIR) + "/vectors/schema/report.schema.json")) {
    out += p + "\n";
  }
  return out;
}

// JUnitProblems is "" when the file is well-formed XML valid against the
// committed JUnit schema (xmllint), else xmllint's complaint.
std::string JUnitProblems(const std::string& path) {
  const std::string log = path + ".xmllint.log";
  const std::string command = "xmllint --noout --schema '" + std::string(LBCONFORM_SOURCE_DIR) +
                              "/vectors/schema/junit.xsd' '" + path + "' > '" + log + "' 2>&1";
  if (std::system(command.c_str()) == 0) return "";
  return "xmllint: " + ReadText(log);
}

TEST(RunCommandTest, ExitStatusesAreTheDocumentedOnes) {
  EXPECT_EQ(Cli({"run", "--id", "failover/*"}), kExitOk);
  EXPECT_EQ(Cli({"run", "--impl", Misbehaving("garbage"), "--id", "failover/spec-example/*", "--case-timeout", "800"}),
            kExitRejected);
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
  readings::WrongEngine wrong(readings::FindMisreading("drop-ignored"));
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
  std::ofstream(path)
      << R"({"knownFailures": [{"id": "failover/drop-all-unhealthy", "profile": "spec-docs", "reason": "pending"}]})";
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
  EXPECT_EQ(SchemaProblemsOf(doc), "");
  EXPECT_EQ(doc["results"].size(), doc["profiles"]["spec-docs"]["passed"].get<std::size_t>() +
                                       doc["profiles"]["en-2026-04-02"]["passed"].get<std::size_t>() +
                                       doc["profiles"]["api-10min"]["passed"].get<std::size_t>());
  std::ifstream j(junit);
  std::stringstream xml;
  xml << j.rdbuf();
  EXPECT_NE(xml.str().find("<testsuites name=\"lbconform\""), std::string::npos);
  EXPECT_NE(xml.str().find("failures=\"0\""), std::string::npos);
  EXPECT_EQ(JUnitProblems(junit), "");
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
    const bool passthrough =
        r.file.find("timeline") == std::string::npos && r.file.find("service_lb_policy") == std::string::npos;
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

// ------------------------------ A gate a CI can trust (issue 13)

// Vectors is the suite's vectors, loaded once per test process (loading is
// most of a test's time under the sanitizers).
const std::vector<VectorFile>& Vectors() {
  static const std::vector<VectorFile> files = LoadAll();
  return files;
}

// DropIgnoredCases is the options that run only the vectors the drop-ignored
// wrong engine fails (FO-20), in one profile.
RunOptions DropIgnoredCases() {
  RunOptions options;
  options.clauses = {"FO-20"};
  options.profiles = {Profile::kSpecDocs};
  return options;
}

// An implementation that answers `unsupported` to every case.
class DeclinesEverything final : public Implementation {
 public:
  std::string name() const override { return "declines-everything"; }
  std::string version() const override { return "0"; }
  Answer Decide(const CaseRequest&) override { return {Answer::Kind::kUnsupported, {}, "", ""}; }
};

int Count(const RunReport& report, Disposition disposition) {
  return static_cast<int>(std::count_if(report.results.begin(), report.results.end(),
                                        [&](const CaseResult& r) { return r.disposition == disposition; }));
}

TEST(RunGate, ClosingLineCountsSkippedCasesApartFromFailures) {
  const PassthroughOnly engine;
  EngineImplementation implementation(engine);
  RunOptions one_of_each_kind;
  one_of_each_kind.id_patterns = {"failover/spec-example/*", "timeline/failover-example/*", "slb/algorithm/*"};
  const RunReport report = RunVectors(Vectors(), implementation, one_of_each_kind);
  const int unsupported = Count(report, Disposition::kUnsupported);
  ASSERT_GT(unsupported, 0);
  EXPECT_EQ(ClosingLine({report}),
            fmt::format("run: {} passed, 0 failed, {} skipped\n", Count(report, Disposition::kPassed), unsupported));
  EXPECT_TRUE(report.RequiredPassed());
  EXPECT_NE(
      report.Verdict().find("CONFORMS for passthrough only (not implemented: passthrough-timeline, service-lb-policy)"),
      std::string::npos)
      << report.Verdict();
  std::string out;
  ASSERT_EQ(Cli({"run", "--engine", "reference", "--id", "failover/spec-example/*"}, &out), kExitOk);
  EXPECT_NE(out.find("\nrun: 12 passed, 0 failed, 0 skipped\n"), std::string::npos) << out;
}

TEST(RunGate, ARunTimeoutCountsTheRestAsSkippedNotFailed) {
  const Outcome outcome = RunWith(Misbehaving("hang"), std::chrono::seconds(2));
  const std::string line = ClosingLine({outcome.report});
  const ProfileCounts totals = outcome.report.Totals();
  EXPECT_EQ(line, fmt::format("run: {} passed, {} failed, {} skipped\n", totals.passed, totals.adapter_errors,
                              totals.skipped));
  EXPECT_GT(totals.skipped, 0);
  EXPECT_NE(SummaryText(outcome.report).find("stopped early: the whole-run timeout (2 s) expired"), std::string::npos);
}

TEST(RunGate, AnUnwritableOutputFailsLoudlyAndLeavesNoFile) {
  const std::string missing_dir = ::testing::TempDir() + "/no-such-dir";
  std::string err;
  // A missing folder for three outputs, a folder in the way of the fourth.
  EXPECT_EQ(Cli({"run", "--engine", "reference", "--id", "failover/spec-example/*", "--report", ::testing::TempDir(),
                 "--junit", missing_dir + "/junit.xml", "--summary-md", missing_dir + "/summary.md",
                 "--write-expectations", missing_dir + "/known.json"},
                nullptr, &err),
            kExitWriteFailed);
  for (const std::string& named : {::testing::TempDir() + ": it is a directory", missing_dir + "/junit.xml",
                                   missing_dir + "/summary.md", missing_dir + "/known.json"}) {
    EXPECT_NE(err.find(named), std::string::npos) << named << " is not named in: " << err;
  }
  EXPECT_FALSE(std::filesystem::exists(missing_dir));
}

// A stream whose every write fails, like standard output on /dev/full.
class FullDevice : public std::streambuf {
 protected:
  int_type overflow(int_type) override { return traits_type::eof(); }
  std::streamsize xsputn(const char*, std::streamsize) override { return 0; }
};

TEST(RunGate, AFullStandardOutputIsAnError) {
  const std::vector<const char*> argv = {"lbconform", "run",  "--engine",
                                         "reference", "--id", "failover/spec-example/*"};
  FullDevice device;
  std::ostream out(&device);
  std::istringstream in;
  std::ostringstream err;
  EXPECT_EQ(RunCli(static_cast<int>(argv.size()), argv.data(), in, out, err), kExitWriteFailed);
  EXPECT_NE(err.str().find("cannot write to standard output"), std::string::npos);
}

TEST(RunGate, NoCaseSelectedOrNoneCheckedIsNotConformance) {
  std::string out;
  EXPECT_EQ(Cli({"run", "--engine", "reference", "--id", "nomatch/*"}, &out), kExitRejected);
  EXPECT_NE(out.find("DOES NOT CONFORM: no case selected"), std::string::npos) << out;
  EXPECT_NE(out.find("run: 0 passed, 0 failed, 0 skipped"), std::string::npos) << out;
  const reference::ReferenceEngine reference;
  EngineImplementation implementation(reference);
  RunOptions no_clause, no_flag;
  no_clause.clauses = {"NO-SUCH-CLAUSE"};
  no_flag.flags = {"NoSuchFlag"};
  for (const RunOptions& options : {no_clause, no_flag}) {
    const RunReport report = RunVectors(Vectors(), implementation, options);
    EXPECT_FALSE(report.RequiredPassed());
    EXPECT_EQ(report.Verdict(), "DOES NOT CONFORM: no case selected");
  }
  DeclinesEverything declines;
  const RunReport report = RunVectors(Vectors(), declines, {});
  EXPECT_FALSE(report.RequiredPassed());
  EXPECT_NE(report.Verdict().find("no case was checked"), std::string::npos);
}

TEST(RunGate, JUnitNamesAreUniqueTimedAndValid) {
  const std::string junit = ::testing::TempDir() + "/gate-junit.xml";
  ASSERT_EQ(Cli({"run", "--engine", "reference", "--junit", junit}), kExitOk);
  const std::string xml = ReadText(junit);
  std::set<std::string> names;
  std::size_t cases = 0;
  for (std::size_t at = xml.find("<testcase "); at != std::string::npos; at = xml.find("<testcase ", at + 1)) {
    ++cases;
    const std::size_t end = xml.find('>', at);
    const std::string tag = xml.substr(at, end - at);
    EXPECT_NE(tag.find(" time=\""), std::string::npos) << tag;
    names.insert(tag.substr(0, tag.find(" time=")));
  }
  EXPECT_GT(cases, 800u);
  EXPECT_EQ(names.size(), cases) << "test cases share a name: tools that merge by name collapse them";
  const std::string root =
      xml.substr(xml.find("<testsuites"), xml.find('>', xml.find("<testsuites")) - xml.find("<testsuites"));
  EXPECT_EQ(root.find("skipped="), std::string::npos) << root;
  EXPECT_NE(root.find("time=\""), std::string::npos) << root;
  EXPECT_EQ(JUnitProblems(junit), "");
}

TEST(RunGate, JUnitStaysWellFormedWhateverTheAdapterSends) {
  const Outcome outcome = RunWith(Misbehaving("bad-bytes"), std::chrono::seconds(120), OneProfile());
  EXPECT_GE(Count(outcome.report, Disposition::kAdapterError), 1);
  RunReport crafted = outcome.report;
  // Ids cut in the middle of a character and holding U+FFFF or a control.
  crafted.results.front().id = std::string("cut-\xE2\x82") + "\xEF\xBF\xBF" + "\x01";
  crafted.results.front().detail = "\xC3";
  crafted.implementation = "impl \xF0\x9F";
  const std::string path = ::testing::TempDir() + "/hostile-junit.xml";
  std::ofstream(path) << JUnitXml({crafted});
  EXPECT_EQ(JUnitProblems(path), "");
  // The JSON report of the same run dumps without throwing and is valid UTF-8.
  EXPECT_EQ(SchemaProblemsOf(nlohmann::json::parse(ReportJson(outcome.report).dump())), "");
}

TEST(RunGate, AFailureSaysTheInputTheWhyAndHowToRerunIt) {
  readings::WrongEngine wrong(readings::FindMisreading("drop-ignored"));
  EngineImplementation implementation(wrong);
  RunOptions options = DropIgnoredCases();
  options.reproduce_command = "lbconform run --impl './my adapter'";
  const RunReport report = RunVectors(Vectors(), implementation, options);
  const auto failed = std::find_if(report.results.begin(), report.results.end(),
                                   [](const CaseResult& r) { return r.disposition == Disposition::kFailed; });
  ASSERT_NE(failed, report.results.end());
  const std::string text = SummaryText(report);
  EXPECT_NE(text.find("        why      " + failed->comment.substr(0, 40)), std::string::npos) << text;
  EXPECT_NE(text.find("        input    {"), std::string::npos) << text;
  EXPECT_NE(text.find(fmt::format("        rerun    lbconform run --impl './my adapter' --id {} --profile {}\n",
                                  ShellQuoted(failed->id), NameOf(failed->profile))),
            std::string::npos)
      << text;
  const nlohmann::json json = ReportJson(report);
  EXPECT_EQ(SchemaProblemsOf(json), "");
  // The Markdown summary gives per-clause counts; FO-20 fails.
  const std::string markdown = SummaryMarkdown({report});
  EXPECT_NE(markdown.find("| ❌ FO-20 |"), std::string::npos) << markdown.substr(0, 2000);
  EXPECT_GT(json["clauses"]["FO-20"]["failed"].get<int>(), 0);
  EXPECT_NE(text.find("clauses failing: "), std::string::npos);
}

TEST(RunGate, SavedFailuresAreStandaloneScenarios) {
  const std::string dir = ::testing::TempDir() + "/saved-failures";
  std::filesystem::remove_all(dir);
  // The built-in engines pass; a wrong one fails, so save through the API.
  readings::WrongEngine wrong(readings::FindMisreading("drop-ignored"));
  EngineImplementation implementation(wrong);
  const RunReport report = RunVectors(Vectors(), implementation, DropIgnoredCases());
  const std::vector<SavedFailure> saved = FailureFiles(report);
  ASSERT_FALSE(saved.empty());
  // Each scenario file, decided by the reference, gives its expected decision.
  const reference::ReferenceEngine reference;
  int checked = 0;
  for (const SavedFailure& s : saved) {
    const nlohmann::json expected = nlohmann::json::parse(s.expected_text);
    if (s.scenario_name.find("@spec-docs.json") == std::string::npos || !expected.is_object()) continue;
    const nlohmann::json input = nlohmann::json::parse(s.scenario_text);
    const ScenarioKind kind = KindOf(input);
    EXPECT_EQ(DiffDecisionDocuments(kind, expected, DecideVector(reference, input, Profile::kSpecDocs)), std::nullopt)
        << s.scenario_name;
    ++checked;
  }
  EXPECT_GT(checked, 0);
  std::string out;
  EXPECT_EQ(Cli({"run", "--engine", "reference", "--id", "failover/spec-example/*", "--save-failures", dir}, &out),
            kExitOk);
  EXPECT_TRUE(std::filesystem::is_directory(dir));
  EXPECT_TRUE(std::filesystem::is_empty(dir));
}

TEST(RunGate, ProgressReachesALogThatIsNotATerminal) {
  std::string err;
  ASSERT_EQ(Cli({"run", "--engine", "reference", "--id", "failover/spec-example/*"}, nullptr, &err), kExitOk);
  EXPECT_NE(err.find("run progress: reference: 1/12 cases\n"), std::string::npos) << err;
  EXPECT_NE(err.find("run progress: reference: 12/12 cases\n"), std::string::npos) << err;
}

TEST(RunGate, AnAdapterThatHangsOnEveryCaseIsStoppedAfterKErrorsInARow) {
  Narrower short_cases;
  short_cases.case_timeout = std::chrono::milliseconds(300);
  short_cases.max_consecutive_adapter_errors = 3;
  const Outcome outcome = RunWith(Misbehaving("hang-always"), std::chrono::seconds(120), short_cases);
  EXPECT_EQ(Count(outcome.report, Disposition::kAdapterError), 3);
  EXPECT_EQ(Count(outcome.report, Disposition::kSkipped), 9);
  EXPECT_FALSE(outcome.report.Complete());
  EXPECT_NE(outcome.report.results.back().detail.find("not reached: 3 adapter errors in a row"), std::string::npos)
      << outcome.report.results.back().detail;
  EXPECT_NE(SummaryText(outcome.report).find("stopped early: 3 adapter errors in a row"), std::string::npos);
  EXPECT_EQ(RunOptions().max_consecutive_adapter_errors, 5);  // the default
  std::string out;
  EXPECT_EQ(Cli({"run", "--impl", Misbehaving("hang-always"), "--id", "failover/spec-example/*", "--case-timeout",
                 "300", "--max-adapter-errors", "1"},
                &out),
            kExitIncomplete);
  EXPECT_NE(out.find("run: 0 passed, 1 failed, 11 skipped\n"), std::string::npos) << out;
}

TEST(RunGate, KnownFailuresThatPassAreReportedAndFailStrictRuns) {
  const std::string path = ::testing::TempDir() + "/stale-expectations.json";
  std::ofstream(path)
      << R"({"knownFailures": [{"id": "failover/spec-example/all-healthy", "reason": "fixed long ago"}]})";
  std::string out;
  EXPECT_EQ(Cli({"run", "--engine", "reference", "--id", "failover/spec-example/*", "--expectations", path}, &out),
            kExitOk);
  EXPECT_NE(out.find("UNEXPECTED PASS failover/spec-example/all-healthy @ spec-docs"), std::string::npos) << out;
  EXPECT_EQ(Cli({"run", "--engine", "reference", "--id", "failover/spec-example/*", "--expectations", path,
                 "--strict-expectations"},
                &out),
            kExitRejected);
  EXPECT_NE(out.find("known failures now pass (--strict-expectations)"), std::string::npos) << out;
}

TEST(RunGate, WrittenExpectationsListTheCurrentFailures) {
  readings::WrongEngine wrong(readings::FindMisreading("drop-ignored"));
  EngineImplementation implementation(wrong);
  const RunReport first = RunVectors(Vectors(), implementation, DropIgnoredCases());
  const std::string path = ::testing::TempDir() + "/written-expectations.json";
  std::ofstream(path) << ExpectationsJson({first}).dump(2);
  std::string error;
  const auto known = LoadExpectations(path, &error);
  ASSERT_TRUE(known.has_value()) << error;
  EXPECT_EQ(static_cast<int>(known->size()), first.Totals().Failed());
  EXPECT_NE(known->front().reason.find("FILL IN"), std::string::npos);
  RunOptions options = DropIgnoredCases();
  options.known_failures = *known;
  EXPECT_TRUE(RunVectors(Vectors(), implementation, options).RequiredPassed());
}

// ------------------------------ Hostile input to the runner (issue 12)

TEST(RunHostile, ADeepAnswerIsAnAdapterErrorAndTheReportIsWritten) {
  const Outcome outcome = RunWith(Misbehaving("deep"), std::chrono::seconds(120), OneProfile());
  EXPECT_GE(Count(outcome.report, Disposition::kAdapterError), 1);
  for (const CaseResult& r : outcome.report.results) {
    if (r.disposition == Disposition::kAdapterError) {
      EXPECT_NE(r.detail.find("deeper than 64"), std::string::npos) << r.detail;
    }
  }
  EXPECT_EQ(SchemaProblemsOf(ReportJson(outcome.report)), "");
}

TEST(RunHostile, AHugeAnswerIsKeptBoundedAndCompact) {
  Narrower patient = OneProfile();
  patient.case_timeout = std::chrono::milliseconds(5000);  // a 200 KB answer, read under the sanitizers
  const Outcome outcome = RunWith(Misbehaving("huge"), std::chrono::seconds(120), patient);
  // The padded answers are still correct decisions: they pass.
  EXPECT_EQ(Count(outcome.report, Disposition::kPassed), 6);
  RunReport failing = outcome.report;
  CaseResult& r = failing.results.front();
  r.input = nlohmann::json::object();
  r.disposition = Disposition::kFailed;
  r.field = "eligible";
  nlohmann::json big = {{"padding", std::string(300000, 'p')}};
  r.actual_text = Printable(big.dump(), kMaxStoredAnswerBytes);
  r.actual = nullptr;
  const std::string text = ReportJson(failing).dump(2);
  EXPECT_LT(text.size(), 2 * kMaxStoredAnswerBytes + 400000);
  EXPECT_EQ(SchemaProblemsOf(ReportJson(failing)), "");
}

TEST(RunHostile, ADoubledAnswerIsBlamedOnTheCaseThatDoubledIt) {
  const Outcome outcome = RunWith(Misbehaving("doubled"));
  const auto& results = outcome.report.results;
  ASSERT_EQ(results.size(), 12u);
  int errors = 0;
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (results[i].disposition != Disposition::kAdapterError) continue;
    ++errors;
    EXPECT_EQ(i % 3, 1u) << "case " << i << " was blamed: " << results[i].detail;
    EXPECT_NE(results[i].detail.find("answered this case twice"), std::string::npos) << results[i].detail;
  }
  EXPECT_GE(errors, 3);
  EXPECT_EQ(Count(outcome.report, Disposition::kPassed), 12 - errors);
}

TEST(RunHostile, TheHelloIsCheckedAndItsProblemsNamed) {
  const std::vector<std::pair<const char*, const char*>> modes = {{"huge-hello", "hello is longer than 4194304 bytes"},
                                                                  {"bad-kinds", "unknown kind \"teleport\""},
                                                                  {"protocol-2", "speaks protocol 2"}};
  for (const auto& [mode, says] : modes) {
    const Outcome outcome =
        RunWith(Misbehaving(mode), std::chrono::seconds(120), OneProfile("failover/spec-example/all-healthy"));
    ASSERT_EQ(outcome.report.results.size(), 1u);
    EXPECT_NE(outcome.report.results.front().detail.find(says), std::string::npos)
        << mode << ": " << outcome.report.results.front().detail;
  }
}

TEST(RunHostile, ASignalKillsTheAdapterAndWritesAnIncompleteReport) {
  const std::string pid_file = ::testing::TempDir() + "/sigterm-adapter.pid";
  const std::string report = ::testing::TempDir() + "/interrupted.json";
  std::filesystem::remove(pid_file);
  setenv("LBCONFORM_TEST_PID_FILE", pid_file.c_str(), 1);
  const int status =
      Cli({"run", "--impl", Misbehaving("sigterm-parent"), "--id", "failover/spec-example/*", "--report", report});
  unsetenv("LBCONFORM_TEST_PID_FILE");
  ClearRunSignal();
  EXPECT_EQ(status, 128 + SIGTERM);
  const nlohmann::json doc = nlohmann::json::parse(ReadText(report));
  EXPECT_EQ(doc["complete"], false);
  EXPECT_EQ(doc["stopReason"], fmt::format("interrupted by signal {}", SIGTERM));
  EXPECT_EQ(SchemaProblemsOf(doc), "");
  const pid_t adapter = std::stoi(ReadText(pid_file));
  EXPECT_NE(kill(adapter, 0), 0) << "the adapter " << adapter << " still runs";
}

TEST(RunHostile, NonsenseArgumentsAreRefused) {
  const std::string expectations_with_typo = ::testing::TempDir() + "/typo-expectations.json";
  std::ofstream(expectations_with_typo)
      << R"({"knownFailures": [{"id": "x", "reason": "r", "profiles": "spec-docs"}]})";
  const std::string expectations_with_extra = ::testing::TempDir() + "/extra-expectations.json";
  std::ofstream(expectations_with_extra) << R"({"knownFailures": [], "knownFailure": []})";
  const std::vector<std::vector<std::string>> refused = {
      {"run", "--case-timeout", "0"},
      {"run", "--case-timeout", "-5"},
      {"run", "--run-timeout", "0"},
      {"run", "--run-timeout", "-1"},
      {"run", "--engine", "reference", "--engine", "bogus"},
      {"run", "--impl", ""},
      {"run", "--impl", "   "},
      {"run", "--expectations", expectations_with_typo},
      {"run", "--expectations", expectations_with_extra},
      {"run", "--expectations", ::testing::TempDir()},
  };
  for (const auto& args : refused) {
    std::string err;
    EXPECT_EQ(Cli(args, nullptr, &err), kExitUsage) << args[1] << " " << args[2];
    EXPECT_FALSE(err.empty()) << args[1] << " " << args[2];
  }
}

// A vector folder with one edge_cases file of this text.
std::string FolderWith(const std::string& name, const std::string& text) {
  const std::string root = ::testing::TempDir() + "/vectors-" + name;
  std::filesystem::remove_all(root);
  std::filesystem::create_directories(root + "/edge_cases");
  std::ofstream(root + "/edge_cases/" + name + ".json") << text;
  return root;
}

std::string OneVectorFile(const std::string& tests, int count = 1) {
  return fmt::format(R"({{"schema": "passthrough.schema.json", "suiteVersion": "0.1.0", "kind": "passthrough",
    "numberOfTests": {}, "header": [], "notes": {{}}, "testGroups": [{{"comment": "c", "tests": [{}]}}]}})",
                     count, tests);
}

std::string VectorText(const std::string& tc_id, const std::string& id, const std::string& input = "{}") {
  return fmt::format(R"({{"tcId": {}, "id": "{}", "comment": "c", "flags": [], "clauses": ["FO-1"], "input": {},
    "result": "invalid", "expected": {{"valid": false, "errors": [{{"code": "MISSING_FIELD"}}]}}}})",
                     tc_id, id, input);
}

TEST(RunHostile, BadVectorFoldersAreErrorsNotCrashes) {
  const std::string deep = std::string(200000, '[') + std::string(200000, ']');
  const std::vector<std::pair<std::string, std::string>> folders = {
      {FolderWith("deep", OneVectorFile(VectorText("1", "a", "{\"x\": " + deep + "}"))), "nested deeper than 128"},
      {FolderWith("dupkey",
                  OneVectorFile(VectorText("1", "a").substr(0, VectorText("1", "a").size() - 1) + ", \"id\": \"b\"}")),
       "appears twice"},
      {FolderWith("duptc", OneVectorFile(VectorText("1", "a") + "," + VectorText("1", "b"), 2)), "duplicate tcId"},
      {FolderWith("dupid", OneVectorFile(VectorText("1", "a") + "," + VectorText("2", "a"), 2)), "id already used"},
      {FolderWith("bigtc", OneVectorFile(VectorText("4294967301", "a"))), "tcId: expected an integer from 1 to"},
      {FolderWith("bigcount", OneVectorFile(VectorText("1", "a"), 0)
                                  .replace(OneVectorFile(VectorText("1", "a"), 0).find("\"numberOfTests\": 0"), 18,
                                           "\"numberOfTests\": 4294967297")),
       "numberOfTests: expected an integer"},
  };
  for (const auto& [root, says] : folders) {
    for (const char* command : {"run", "vectors"}) {
      std::vector<std::string> args = command == std::string("run")
                                          ? std::vector<std::string>{"run", "--vectors", root}
                                          : std::vector<std::string>{"vectors", "lint", "--vectors", root};
      std::string out, err;
      const int status = Cli(args, &out, &err);
      EXPECT_NE(status, kExitOk) << root;
      if (command == std::string("run")) {
        EXPECT_EQ(status, kExitUsage) << root;
        EXPECT_NE(err.find(says), std::string::npos) << root << ": " << err;
      }
    }
  }
  // spec_examples a file, a .json symlink loop.
  const std::string file_root = ::testing::TempDir() + "/vectors-origin-file";
  std::filesystem::remove_all(file_root);
  std::filesystem::create_directories(file_root);
  std::ofstream(file_root + "/spec_examples") << "not a folder";
  const std::string loop_root = ::testing::TempDir() + "/vectors-loop";
  std::filesystem::remove_all(loop_root);
  std::filesystem::create_directories(loop_root + "/edge_cases");
  std::filesystem::create_symlink("loop.json", loop_root + "/edge_cases/loop.json");
  for (const auto& [root, says] :
       std::vector<std::pair<std::string, std::string>>{{file_root, "not a folder"}, {loop_root, "loop.json"}}) {
    for (const std::vector<std::string>& args : {std::vector<std::string>{"run", "--vectors", root},
                                                 std::vector<std::string>{"vectors", "lint", "--vectors", root}}) {
      std::string err;
      EXPECT_EQ(Cli(args, nullptr, &err), kExitUsage) << root;
      EXPECT_NE(err.find(says), std::string::npos) << root << ": " << err;
    }
  }
}

// ------------------------------ The HTML report

TEST(HtmlReportTest, FailuresSideBySideWithTheFieldMarkedAndServiceLbPlots) {
  const reference::ReferenceEngine reference;
  EngineImplementation implementation(reference);
  RunOptions options;
  options.id_patterns = {"slb/algorithm/waterfall-overflows", "failover/spec-example/all-healthy"};
  options.profiles = {Profile::kSpecDocs};
  RunReport report = RunVectors(Vectors(), implementation, options);
  ASSERT_EQ(report.results.size(), 2u);
  // Plant a difference in each: the page must show and mark it.
  for (CaseResult& r : report.results) {
    r.disposition = Disposition::kFailed;
    r.field = r.kind == ScenarioKind::kServiceLbPolicy ? "policy.loadBalancingAlgorithm" : "eligible.kind";
    r.actual = r.expected;
  }
  for (const VectorFile& file : Vectors()) {
    for (const VectorGroup& group : file.groups) {
      for (const VectorTest& test : group.tests) {
        for (CaseResult& r : report.results) {
          if (r.id == test.id) r.input = test.input;
        }
      }
    }
  }
  const nlohmann::json json = ReportJson(report);
  ASSERT_EQ(SchemaProblemsOf(json), "");
  const std::string path = ::testing::TempDir() + "/html-report.json";
  std::ofstream(path) << json.dump(2);
  std::string html;
  ASSERT_EQ(Cli({"report", path, "-o", "-"}, &html), kExitOk);
  EXPECT_NE(html.find("id=\"failing-rows-0\" data-count=\"2\""), std::string::npos);
  // The differing field, in expected and in actual, of both cases.
  std::size_t marks = 0;
  for (std::size_t at = html.find("<mark class=\"diff\">&quot;"); at != std::string::npos;
       at = html.find("<mark class=\"diff\">&quot;", at + 1)) {
    ++marks;
  }
  EXPECT_EQ(marks, 4u);
  EXPECT_NE(html.find("<figure class=\"plot\"><svg"), std::string::npos)
      << "no plan drawn for the service-lb-policy case";
  EXPECT_EQ(html.find("http://"), html.find("http://www.w3.org/2000/svg")) << "the page must need no network";
  // Not a report: refused with a reason.
  const std::string not_report = ::testing::TempDir() + "/not-a-report.json";
  std::ofstream(not_report) << R"({"reportVersion": 9})";
  std::string err;
  EXPECT_EQ(Cli({"report", not_report, "-o", "-"}, nullptr, &err), kExitUsage);
  EXPECT_NE(err.find("is not a report of lbconform run"), std::string::npos) << err;
}

// ------------------------------ Protocol schema

std::string ProtocolProblems(const nlohmann::json& message) {
  std::string out;
  for (const std::string& p :
       SchemaProblems(message, std::string(LBCONFORM_SOURCE_DIR) + "/vectors/schema/protocol.schema.json")) {
    out += p + "\n";
  }
  return out;
}

TEST(ProtocolSchema, TheRunnersMessagesAndTheBuiltInAdaptersAnswersFollowIt) {
  EXPECT_EQ(ProtocolProblems(nlohmann::json::parse(R"({"type":"hello","protocol":1})")), "");
  EXPECT_EQ(ProtocolProblems(nlohmann::json::parse(R"({"type":"bye"})")), "");
  std::string requests;
  int cases = 0;
  for (const VectorFile& file : Vectors()) {
    for (const VectorGroup& group : file.groups) {
      for (const VectorTest& test : group.tests) {
        if (cases >= 3 * 40 || (&test != &group.tests.front() && !test.input.is_string())) continue;
        const nlohmann::json message = CaseMessage({test.id + "@spec-docs", &test, Profile::kSpecDocs});
        EXPECT_EQ(ProtocolProblems(message), "") << test.id;
        requests += message.dump() + "\n";
        ++cases;
      }
    }
  }
  // The built-in adapter's hello and answers.
  const std::vector<const char*> argv = {"lbconform", "adapter"};
  std::istringstream in(R"({"type":"hello","protocol":1})"
                        "\n" +
                        requests +
                        R"({"type":"bye"})"
                        "\n");
  std::ostringstream out, err;
  ASSERT_EQ(RunCli(static_cast<int>(argv.size()), argv.data(), in, out, err), kExitOk);
  std::istringstream lines(out.str());
  std::string line;
  int answered = 0;
  while (std::getline(lines, line)) {
    EXPECT_EQ(ProtocolProblems(nlohmann::json::parse(line)), "") << line.substr(0, 200);
    ++answered;
  }
  EXPECT_EQ(answered, cases + 1);
  // And it refuses what is not a message.
  EXPECT_NE(ProtocolProblems(nlohmann::json::parse(R"({"type":"result","id":"x"})")), "");
  EXPECT_NE(ProtocolProblems(nlohmann::json::parse(
                R"({"type":"hello","protocol":1,"implementation":{"name":"a","version":"1"},"kinds":["teleport"]})")),
            "");
}

}  // namespace
}  // namespace lbconform::vectors
