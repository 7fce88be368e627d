// Every command's help lists exactly the exit statuses of its table
// (cli/exit_statuses.cc), and each of them is reached by an invocation; RunCli
// calls out any status a command ends with that its table lacks, and every
// in-process CLI test checks for that (cli/testing/run_cli.h).
#include "cli/exit_statuses.h"

#include <gtest/gtest.h>
#include <signal.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/testing/run_cli.h"
#include "vectors/run_signals.h"

namespace lbconform {
namespace {

namespace fs = std::filesystem;
using testing::Lbconform;

std::string Source(const std::string& path) { return std::string(LBCONFORM_SOURCE_DIR) + "/" + path; }

// CommandsOfTheHelp are the subcommands `lbconform help` lists.
std::vector<std::string> CommandsOfTheHelp() {
  const std::string help = Lbconform({"help"}).out;
  std::vector<std::string> names;
  const std::regex row("^  ([a-z]+) ");
  std::istringstream lines(help.substr(help.find("Subcommands:")));
  for (std::string line; std::getline(lines, line);) {
    std::smatch match;
    if (std::regex_search(line, match, row)) names.push_back(match[1]);
  }
  return names;
}

// StatusesOfTheHelp are the statuses in the "Exit status:" block of `lbconform
// help command`, as the table writes them (128 + N as kExitBySignal).
std::set<int> StatusesOfTheHelp(const std::string& command) {
  const std::string help = Lbconform({"help", command}).out;
  std::set<int> statuses;
  const std::size_t block = help.find("Exit status:\n");
  if (block == std::string::npos) return statuses;
  std::istringstream lines(help.substr(block + 13));
  const std::regex row("^  (\\d+|128\\+N) +\\S");
  for (std::string line; std::getline(lines, line);) {
    std::smatch match;
    if (!std::regex_search(line, match, row)) break;
    statuses.insert(match[1] == "128+N" ? kExitBySignal : std::stoi(match[1]));
  }
  return statuses;
}

TEST(ExitStatuses, EveryCommandsHelpListsExactlyItsTable) {
  const std::vector<std::string> commands = CommandsOfTheHelp();
  ASSERT_GE(commands.size(), 15u);
  for (const std::string& command : commands) {
    std::set<int> table;
    for (const ExitStatusRow& row : ExitStatusesOf(command)) table.insert(row.status);
    EXPECT_FALSE(table.empty()) << command << " has no row in cli/exit_statuses.cc";
    EXPECT_EQ(StatusesOfTheHelp(command), table) << command;
    EXPECT_TRUE(table.count(kExitUsage)) << command << ": every command parses options";
  }
  EXPECT_EQ(CommandsWithExitStatuses().size(), commands.size());
}

TEST(ExitStatuses, ASignalsStatusIsDeclaredOnlyWhereTheTableSaysSo) {
  EXPECT_TRUE(ExitStatusDeclared("run", 128 + SIGTERM));
  EXPECT_TRUE(ExitStatusDeclared("check", 128 + SIGINT));
  EXPECT_FALSE(ExitStatusDeclared("decide", 128 + SIGTERM));
  EXPECT_FALSE(ExitStatusDeclared("run", 5));
  EXPECT_FALSE(ExitStatusDeclared("no-such-command", 0));
}

// ------------------------------ Each status, reached

// A stream whose every write fails, as standard output on /dev/full.
class FullBuffer : public std::streambuf {
 protected:
  int_type overflow(int_type) override { return traits_type::eof(); }
  std::streamsize xsputn(const char*, std::streamsize) override { return 0; }
};

struct Invocation {
  Invocation(std::vector<std::string> arguments, std::string input = "", bool failing_output = false)
      : args(std::move(arguments)), stdin_text(std::move(input)), output_fails(failing_output) {}
  std::vector<std::string> args;
  std::string stdin_text;
  bool output_fails;  // standard output cannot be written
};

int Invoke(const Invocation& invocation, std::string& err_text) {
  std::vector<const char*> argv = {"lbconform"};
  for (const std::string& a : invocation.args) argv.push_back(a.c_str());
  std::istringstream in(invocation.stdin_text);
  std::ostringstream out, err;
  FullBuffer full;
  std::ostream failing(&full);
  std::ostream& destination = invocation.output_fails ? failing : out;
  const int status = RunCli(static_cast<int>(argv.size()), argv.data(), in, destination, err);
  vectors::ClearRunSignal();
  err_text = err.str();
  return status;
}

// Scratch is a fresh folder for the invocations' files.
fs::path Scratch() {
  const fs::path dir = fs::path(::testing::TempDir()) / "exit-statuses";
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string Write(const fs::path& path, const std::string& text) {
  std::ofstream(path) << text;
  return path.string();
}

// An adapter (sh) that answers its hello, then runs `on_case` at its first case.
std::string ShAdapter(const std::string& on_case) {
  return "read line; echo '{\"type\":\"hello\",\"protocol\":1,\"kinds\":[\"passthrough\"]}'; read line; " + on_case;
}

using Reached = std::map<std::string, std::map<int, Invocation>>;

// Shards writes shard results to merge: a whole run, half of a run, and a
// run with a finding.
struct Shards {
  std::string whole, half, with_finding;
};

Shards MakeShards(const fs::path& dir) {
  const std::vector<std::string> scope = {"exhaustive", "--scope", "ci", "--zones", "1", "--max-vms-per-cell", "0"};
  Shards shards{(dir / "whole.json").string(), (dir / "half.json").string(), (dir / "finding.json").string()};
  auto with = [&](std::vector<std::string> more) {
    std::vector<std::string> args = scope;
    args.insert(args.end(), more.begin(), more.end());
    return args;
  };
  Lbconform(with({"--result", shards.whole}));
  Lbconform(with({"--shard", "0/2", "--result", shards.half}));
  std::ifstream in(shards.whole);
  nlohmann::json shard = nlohmann::json::parse(in);
  shard["counts"]["findings"] = 1;
  shard["findings"] = nlohmann::json::array({{{"index", 5}}});
  Write(shards.with_finding, shard.dump());
  return shards;
}

Reached Invocations(const fs::path& dir) {
  const std::string example = Source("examples/failover-spec-example.json");
  const std::string plan = Source("examples/service-lb-policy/three-regions.json");
  const std::string nowhere = (dir / "no-such-folder" / "file").string();
  const std::string report = (dir / "report.json").string();
  Lbconform({"run", "--engine", "reference", "--id", "failover/spec-example/all-healthy", "--report", report});
  const Shards shards = MakeShards(dir);
  // A folder of one's own: clean, and with a file twice.
  fs::create_directories(dir / "mine" / "spec_examples");
  fs::copy_file(Source("vectors/spec_examples/failover.json"), dir / "mine" / "spec_examples" / "failover.json");
  fs::create_directories(dir / "twice" / "spec_examples");
  fs::copy_file(Source("vectors/spec_examples/failover.json"), dir / "twice" / "spec_examples" / "a.json");
  fs::copy_file(Source("vectors/spec_examples/failover.json"), dir / "twice" / "spec_examples" / "b.json");
  nlohmann::json describe = nlohmann::json::parse(std::ifstream(Source("examples/gcloud/describe.json")));
  describe["failoverPolicy"]["failoverRatio"] = "lots";
  const std::string bad_describe = Write(dir / "describe-bad.json", describe.dump());
  const std::vector<std::string> import = {"import",        "--health",   Source("examples/gcloud/get-health.json"),
                                           "--client-zone", "us-west1-a", "--describe"};
  auto plus = [](std::vector<std::string> args, std::vector<std::string> more) {
    args.insert(args.end(), more.begin(), more.end());
    return args;
  };
  const std::string all_healthy = "failover/spec-example/all-healthy";
  const std::string term_parent = ShAdapter("kill -TERM $PPID; sleep 5");
  return {
      {"decide",
       {{kExitOk, {{"decide", example}}},
        {kExitRejected, {{"decide", "-"}, "{}"}},
        {kExitUsage, {{"decide", nowhere}}},
        {kExitWriteFailed, {{"decide", example}, "", true}}}},
      {"explain",
       {{kExitOk, {{"explain", example}}},
        {kExitRejected, {{"explain", "-"}, "{}"}},
        {kExitUsage, {{"explain", nowhere}}},
        {kExitWriteFailed, {{"explain", example}, "", true}}}},
      {"plot",
       {{kExitOk, {{"plot", plan, "-o", "-"}}},
        {kExitRejected, {{"plot", "-", "-o", "-"}, "{\"kind\":\"service-lb-policy\"}"}},
        {kExitUsage, {{"plot", example}}},
        {kExitWriteFailed, {{"plot", plan, "-o", nowhere}}}}},
      {"engines",
       {{kExitOk, {{"engines"}}}, {kExitUsage, {{"engines", "--bogus"}}}, {kExitWriteFailed, {{"engines"}, "", true}}}},
      {"exhaustive",
       {{kExitOk, {{"exhaustive", "--limit", "10"}}},
        {kExitUsage, {{"exhaustive", "--shard", "1/-2"}}},
        {kExitWriteFailed, {{"exhaustive", "--limit", "10", "--result", nowhere}}}}},
      {"merge",
       {{kExitOk, {{"merge", shards.whole}}},
        {kExitRejected, {{"merge", shards.with_finding}}},
        {kExitUsage, {{"merge", nowhere}}},
        {kExitIncomplete, {{"merge", shards.half}}},
        {kExitWriteFailed, {{"merge", shards.whole, "-o", nowhere}}}}},
      {"catalogue",
       {{kExitOk, {{"catalogue", "gaps"}}},
        {kExitUsage, {{"catalogue", "nope"}}},
        {kExitWriteFailed, {{"catalogue", "gaps"}, "", true}}}},
      {"run",
       {{kExitOk, {{"run", "--engine", "reference", "--id", all_healthy}}},
        {kExitRejected, {{"run", "--engine", "reference", "--id", "no-such-vector"}}},
        {kExitUsage, {{"run", "--case-timeout", "0"}}},
        {kExitIncomplete, {{"run", "--impl", "sleep 30", "--run-timeout", "1", "--id", "failover/spec-example/*"}}},
        {kExitWriteFailed, {{"run", "--engine", "reference", "--id", all_healthy, "--report", nowhere}}},
        {kExitBySignal, {{"run", "--impl", term_parent, "--id", all_healthy}}}}},
      {"check",
       {{kExitOk, {{"check", "--engine", "reference", "--kind", "passthrough", "--cases", "5", "--seed", "1"}}},
        {kExitRejected,
         {{"check", "--impl", ShAdapter("echo '{\"type\":\"result\",\"id\":\"another\",\"unsupported\":true}'; cat"),
           "--cases", "5", "--seed", "1", "--no-shrink"}}},
        {kExitUsage, {{"check"}}},
        {kExitIncomplete, {{"check", "--impl", "exit 3"}}},
        {kExitWriteFailed,
         {{"check", "--engine", "reference", "--kind", "passthrough", "--cases", "5", "--seed", "1", "--result",
           nowhere}}},
        {kExitBySignal, {{"check", "--impl", term_parent, "--cases", "5", "--seed", "1"}}}}},
      {"adapter",
       {{kExitOk, {{"adapter"}, "{\"type\":\"bye\"}\n"}},
        {kExitUsage, {{"adapter", "--engine", "bogus"}}},
        {kExitWriteFailed, {{"adapter"}, "{\"type\":\"hello\",\"protocol\":1}\n", true}}}},
      {"vectors",
       {{kExitOk, {{"vectors", "lint", "--vectors", (dir / "mine").string()}}},
        {kExitRejected, {{"vectors", "lint", "--vectors", (dir / "twice").string()}}},
        {kExitUsage, {{"vectors", "lint", "--vectors", nowhere}}},
        {kExitWriteFailed, {{"vectors", "lint", "--vectors", (dir / "mine").string()}, "", true}}}},
      {"import",
       {{kExitOk, {plus(import, {Source("examples/gcloud/describe.json")})}},
        {kExitRejected, {plus(import, {bad_describe})}},
        {kExitUsage, {plus(import, {nowhere})}},
        {kExitWriteFailed, {plus(import, {Source("examples/gcloud/describe.json"), "-o", nowhere})}}}},
      {"report",
       {{kExitOk, {{"report", report, "-o", "-"}}},
        {kExitUsage, {{"report", nowhere}}},
        {kExitWriteFailed, {{"report", report, "-o", nowhere}}}}},
      {"help", {{kExitOk, {{"help"}}}, {kExitUsage, {{"help", "nope"}}}, {kExitWriteFailed, {{"help"}, "", true}}}},
      {"completion",
       {{kExitOk, {{"completion", "bash"}}},
        {kExitUsage, {{"completion", "powershell"}}},
        {kExitWriteFailed, {{"completion", "bash", "-o", nowhere}}}}},
  };
}

// Statuses a correct build does not reach, each with the reason.
const std::map<std::pair<std::string, int>, std::string> kNotReached = {
    {{"exhaustive", kExitRejected}, "an engine that disagrees with the reference (properties/ plant them)"},
};

TEST(ExitStatuses, EveryStatusOfEveryCommandIsReached) {
  const Reached reached = Invocations(Scratch());
  for (const std::string& command : CommandsOfTheHelp()) {
    for (const ExitStatusRow& row : ExitStatusesOf(command)) {
      SCOPED_TRACE(command + " " + std::to_string(row.status));
      if (kNotReached.count({command, row.status}) > 0) continue;
      const auto of_command = reached.find(command);
      ASSERT_NE(of_command, reached.end()) << "no invocation of " << command;
      const auto invocation = of_command->second.find(row.status);
      ASSERT_NE(invocation, of_command->second.end()) << "no invocation ends with this status";
      std::string err;
      const int status = Invoke(invocation->second, err);
      EXPECT_EQ(row.status == kExitBySignal ? status > 128 : status == row.status, true)
          << "ended with " << status << ": " << err;
      EXPECT_EQ(err.find("internal error"), std::string::npos) << err;
    }
  }
}

}  // namespace
}  // namespace lbconform
