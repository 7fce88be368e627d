// The command line people expect (issue 16): unknown commands, options and
// profiles with a did-you-mean, `help [COMMAND]`, every command's example
// and exit statuses, --version, directories refused as input, field
// warnings on stderr and in the decision, and the bash completion.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/testing/run_cli.h"
#include "vectors/vector_file.h"

namespace lbconform {
namespace {

using testing::CliRun;
using testing::Lbconform;

std::string Example(const std::string& name) {
  return (std::filesystem::path(LBCONFORM_SOURCE_DIR) / "examples" / name).string();
}

bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Before: "A subcommand is required" for all three.
TEST(CliUsability, UnknownCommandSaysSoWithTheNearestCommand) {
  const CliRun typo = Lbconform({"decid", "x.json"});
  EXPECT_EQ(typo.status, kExitUsage);
  EXPECT_TRUE(Contains(typo.err, "unknown command 'decid'; did you mean 'decide'?")) << typo.err;
  const CliRun far = Lbconform({"frobnicate"});
  EXPECT_EQ(far.status, kExitUsage);
  EXPECT_TRUE(Contains(far.err, "unknown command 'frobnicate'")) << far.err;
  EXPECT_TRUE(Contains(far.err, "commands: decide")) << far.err;
  EXPECT_FALSE(Contains(far.err, "A subcommand is required")) << far.err;
}

TEST(CliUsability, UnknownOptionSaysSoWithTheNearestOption) {
  const CliRun version = Lbconform({"--versoin"});
  EXPECT_EQ(version.status, kExitUsage);
  EXPECT_TRUE(Contains(version.err, "unknown option '--versoin'; did you mean '--version'?")) << version.err;
  const CliRun pretty = Lbconform({"decide", "--prety", Example("failover-spec-example.json")});
  EXPECT_EQ(pretty.status, kExitUsage);
  EXPECT_TRUE(Contains(pretty.err, "unknown option '--prety' for 'decide'; did you mean '--pretty'?")) << pretty.err;
  const CliRun run = Lbconform({"run", "--imp=node a.js"});
  EXPECT_EQ(run.status, kExitUsage);
  EXPECT_TRUE(Contains(run.err, "did you mean '--impl'?")) << run.err;
}

TEST(CliUsability, UnknownProfileListsTheProfilesAndTheNearest) {
  for (const char* command : {"decide", "explain", "run"}) {
    std::vector<std::string> args = {command, "--profile", "spec-doc"};
    if (std::string(command) != "run") args.push_back(Example("failover-spec-example.json"));
    const CliRun result = Lbconform(args);
    EXPECT_EQ(result.status, kExitUsage) << command;
    EXPECT_TRUE(Contains(result.err, "unknown profile 'spec-doc'; did you mean 'spec-docs'?")) << result.err;
    EXPECT_TRUE(Contains(result.err, "profiles: spec-docs, en-2026-04-02, api-10min")) << result.err;
  }
}

TEST(CliUsability, UnknownEngineSuggestsTheNearest) {
  const CliRun result = Lbconform({"decide", "--engine", "optimised", Example("failover-spec-example.json")});
  EXPECT_EQ(result.status, kExitUsage);
  EXPECT_TRUE(Contains(result.err, "unknown engine 'optimised'; did you mean 'optimized'?")) << result.err;
}

TEST(CliUsability, HelpPrintsTheCommandsOrOneCommand) {
  const CliRun all = Lbconform({"help"});
  EXPECT_EQ(all.status, kExitOk);
  EXPECT_TRUE(Contains(all.out, "decide")) << all.out;
  EXPECT_TRUE(Contains(all.out, "import")) << all.out;
  EXPECT_TRUE(Contains(all.out, "Usage: lbconform")) << all.out;
  const CliRun run = Lbconform({"help", "run"});
  EXPECT_EQ(run.status, kExitOk);
  EXPECT_TRUE(Contains(run.out, "--impl")) << run.out;
  const CliRun unknown = Lbconform({"help", "rnu"});
  EXPECT_EQ(unknown.status, kExitUsage);
  EXPECT_TRUE(Contains(unknown.err, "did you mean 'run'?")) << unknown.err;
  EXPECT_EQ(Lbconform({}).status, kExitUsage);
}

// Every command `lbconform help` lists, read from that list (issue 25: `help
// report` had neither, and the list here named the commands by hand).
TEST(CliUsability, EveryCommandsHelpHasAnExampleAndItsExitStatuses) {
  const std::string top = Lbconform({"help"}).out;
  std::vector<std::string> commands;
  std::istringstream lines(top.substr(top.find("Subcommands:\n") + 13));
  for (std::string line; std::getline(lines, line) && line.starts_with("  ");) {
    commands.push_back(line.substr(2, line.find(' ', 2) - 2));
  }
  EXPECT_GE(commands.size(), 15U) << top;
  EXPECT_NE(std::find(commands.begin(), commands.end(), "report"), commands.end()) << top;
  for (const std::string& command : commands) {
    const CliRun help = Lbconform({command, "--help"});
    EXPECT_EQ(help.status, kExitOk) << command;
    EXPECT_TRUE(Contains(help.out, "Example:\n  lbconform ")) << command << "\n" << help.out;
    EXPECT_TRUE(Contains(help.out, "Exit status:\n  0 ")) << command << "\n" << help.out;
  }
}

// Before: "lbconform 0.1.0" only.
TEST(CliUsability, VersionNamesTheSuiteVersionAndTheVectorDigest) {
  const CliRun version = Lbconform({"--version"});
  EXPECT_EQ(version.status, kExitOk);
  EXPECT_TRUE(Contains(version.out, std::string("lbconform ") + vectors::kSuiteVersion)) << version.out;
  EXPECT_TRUE(Contains(version.out, "vectors: fnv1a64:")) << version.out;
}

// Before: MALFORMED_JSON and exit 1 (the README says 2).
TEST(CliUsability, ADirectoryIsAnUnreadableFile) {
  for (const char* command : {"decide", "explain"}) {
    const CliRun result = Lbconform({command, Example("gcloud")});
    EXPECT_EQ(result.status, kExitUsage) << command;
    EXPECT_TRUE(Contains(result.err, "is a directory")) << result.err;
    EXPECT_TRUE(result.out.empty()) << result.out;
  }
  EXPECT_EQ(Lbconform({"decide", Example("no-such-file.json")}).status, kExitUsage);
}

std::string EveryFieldScenario() {
  std::ifstream in(Example("gcloud/describe-every-v1-field.json"));
  nlohmann::json scenario = {
      {"kind", "passthrough"},
      {"backendService", nlohmann::json::parse(in)},
      {"instances", {{{"name", "vm-a1"}, {"zone", "us-west1-a"}, {"group", "ig-a"}, {"healthState", "HEALTHY"}}}},
      {"client", {{"type", "VM"}, {"zone", "us-west1-a"}}}};
  return scenario.dump();
}

TEST(CliUsability, EveryFieldOfTheV1BackendServiceDecidesWithoutWarnings) {
  const CliRun result = Lbconform({"decide", "-"}, EveryFieldScenario());
  ASSERT_EQ(result.status, kExitOk) << result.out << result.err;
  EXPECT_TRUE(result.err.empty()) << result.err;
  EXPECT_FALSE(nlohmann::json::parse(result.out).contains("warnings")) << result.out;
}

// Before: `failover_ratio` was ignored in silence and the decision changed.
TEST(CliUsability, AFieldTheApiDoesNotDefineIsNamedOnStderrAndInTheDecision) {
  nlohmann::json scenario = nlohmann::json::parse(EveryFieldScenario());
  const CliRun clean = Lbconform({"decide", "-"}, scenario.dump());
  scenario["backendService"]["failover_ratio"] = 0.9;
  scenario["backendService"]["failoverPolicy"]["dropTraficIfUnhealthy"] = true;
  const CliRun typo = Lbconform({"decide", "-"}, scenario.dump());
  ASSERT_EQ(typo.status, kExitOk) << typo.err;
  EXPECT_TRUE(Contains(typo.err,
                       "warning: /backendService/failover_ratio: 'failover_ratio' is not a field of the "
                       "Compute API's BackendService (did you mean 'failoverPolicy.failoverRatio'?)"))
      << typo.err;
  EXPECT_TRUE(Contains(typo.err, "(did you mean 'dropTrafficIfUnhealthy'?)")) << typo.err;
  nlohmann::json decision = nlohmann::json::parse(typo.out);
  ASSERT_EQ(decision["warnings"].size(), 2U) << typo.out;
  decision.erase("warnings");
  EXPECT_EQ(decision, nlohmann::json::parse(clean.out));  // nothing normative changes
  const CliRun explained = Lbconform({"explain", "-"}, scenario.dump());
  EXPECT_TRUE(Contains(explained.err, "failover_ratio")) << explained.err;
}

TEST(CliUsability, BashCompletionCompletesCommandsOptionsAndProfiles) {
  const CliRun completion = Lbconform({"completion", "bash"});
  ASSERT_EQ(completion.status, kExitOk);
  EXPECT_TRUE(Contains(completion.out, "complete -o default -F _lbconform lbconform")) << completion.out;
  EXPECT_TRUE(Contains(completion.out, "decide) words=\"")) << completion.out;
  EXPECT_TRUE(Contains(completion.out, "--profile) COMPREPLY=($(compgen -W \"spec-docs en-2026-04-02 api-10min\""))
      << completion.out;
}

}  // namespace
}  // namespace lbconform

namespace lbconform {
namespace {

using testing::CliRun;
using testing::Lbconform;

bool Has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string TempPath(const std::string& name) { return ::testing::TempDir() + "/" + name; }

std::string ReadAll(const std::string& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Issue 25: a missing adapter command gave a block of ERROR lines per case,
// each with an unrelated input and clauses, and exit 1.
TEST(CliIssue25, AnAdapterThatDoesNotStartIsOneLineAndExit3) {
  const std::string report = TempPath("dead-adapter.json");
  const CliRun run =
      Lbconform({"run", "--impl", "no-such-adapter-command", "--profile", "spec-docs", "--report", report});
  EXPECT_EQ(run.status, kExitIncomplete) << run.out;
  EXPECT_TRUE(Has(run.out,
                  "the adapter did not start: it exited before its hello (exit 127: /bin/sh did not find "
                  "the command); command: no-such-adapter-command\nrun: 0 passed, 0 failed, "))
      << run.out;
  EXPECT_FALSE(Has(run.out, "ERROR")) << run.out;
  const nlohmann::json json = nlohmann::json::parse(ReadAll(report));
  EXPECT_FALSE(json["complete"].get<bool>());
  EXPECT_TRUE(Has(json["stopReason"], "the adapter did not start"));
}

// Issue 25: the reproduce command of a run with --expectations left it out,
// so the rerun failed where the run had passed.
TEST(CliIssue25, ReproduceKeepsEveryOptionThatChangesTheVerdict) {
  const std::string expectations = TempPath("known.json");
  std::ofstream(expectations) << R"({"knownFailures": [{"id": "failover/spec-example/all-healthy", "reason": "r"}]})";
  const std::string report = TempPath("reproduce.json");
  const CliRun run =
      Lbconform({"run", "--engine", "reference", "--profile", "spec-docs", "--id", "failover/*", "--expectations",
                 expectations, "--strict-expectations", "--case-timeout", "900", "--report", report});
  const nlohmann::json json = nlohmann::json::parse(ReadAll(report));
  const std::string reproduce = json["reproduce"];
  const std::vector<std::string> options = {"--engine reference",    "--expectations " + expectations,
                                            "--strict-expectations", "--case-timeout 900",
                                            "--profile spec-docs",   "--id 'failover/*'"};
  for (const std::string& option : options) {
    EXPECT_TRUE(Has(reproduce, option)) << option << " is not in: " << reproduce;
  }
  for (const nlohmann::json& r : json["results"]) {
    if (r.contains("reproduce")) {
      EXPECT_TRUE(Has(r["reproduce"], "--expectations")) << r["reproduce"];
    }
  }
}

// Issue 25: `import | explain -` showed a refused import as MALFORMED_JSON.
TEST(CliIssue25, ExplainSaysStandardInputIsEmpty) {
  for (const char* command : {"explain", "decide"}) {
    const CliRun run = Lbconform({command, "-"}, "");
    EXPECT_EQ(run.status, kExitUsage) << command;
    EXPECT_TRUE(Has(run.err, "standard input is empty")) << run.err;
    EXPECT_FALSE(Has(run.out, "MALFORMED_JSON")) << run.out;
  }
}

TEST(CliIssue25, ImportReadsGcloudYamlAndAsksWhatIf) {
  const std::string gcloud = std::string(LBCONFORM_SOURCE_DIR) + "/examples/gcloud/";
  const CliRun run =
      Lbconform({"import", "--describe", gcloud + "describe.yaml", "--health", gcloud + "get-health.yaml",
                 "--client-zone", "us-west1-a", "--set-health", "vm-c2=UNHEALTHY"});
  ASSERT_EQ(run.status, kExitOk) << run.err;
  const CliRun explained = Lbconform({"explain", "-"}, run.out);
  EXPECT_TRUE(Has(explained.out, "vm-c2 (us-west1-c, UNHEALTHY)")) << explained.out;
  const CliRun malformed =
      Lbconform({"import", "--describe", gcloud + "describe.yaml", "--health", gcloud + "get-health.yaml",
                 "--client-zone", "us-west1-a", "--set-health", "vm-c2"});
  EXPECT_EQ(malformed.status, kExitUsage);
  EXPECT_TRUE(Has(malformed.err, "expected VM=STATE")) << malformed.err;
}

TEST(CliIssue25, ReportWritesAShieldsBadge) {
  const std::string report = TempPath("badge-report.json");
  const std::string badge = TempPath("badge.json");
  Lbconform({"run", "--engine", "reference", "--profile", "spec-docs", "--report", report});
  const CliRun run = Lbconform({"report", report, "--badge", badge});
  ASSERT_EQ(run.status, kExitOk) << run.err;
  const nlohmann::json json = nlohmann::json::parse(ReadAll(badge));
  EXPECT_EQ(json["schemaVersion"], 1);
  EXPECT_EQ(json["color"], "brightgreen");
  const std::string message = json["message"];
  EXPECT_TRUE(message.starts_with("3/3 kinds, ")) << message;
  const nlohmann::json totals = nlohmann::json::parse(ReadAll(report))["totals"];
  const std::string passed = std::to_string(totals["passed"].get<int>());
  EXPECT_TRUE(Has(message, passed + "/" + passed + " passed")) << message;
}

}  // namespace
}  // namespace lbconform
