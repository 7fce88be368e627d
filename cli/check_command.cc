#include "cli/check_command.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "check/check_command.h"
#include "engines/engines.h"
#include "model/exit_status.h"

namespace lbconform {
namespace {

// CheckArguments are `lbconform check`'s options as given.
struct CheckArguments {
  std::string impl;
  bool impl_given = false;
  std::string engine;
  std::vector<std::string> kinds, profiles;
  std::uint64_t cases = 0;
  double time_budget = 0;
  std::optional<std::uint64_t> seed;
  int max_size = 100;
  std::string out;
  bool no_shrink = false;
  bool keep_going = false;
  bool no_steering = false;
  std::string findings;
  int case_timeout_ms = 5000;
  int max_adapter_errors = 5;
  ShardArguments shard;       // --shard I/N, --shards N (or the batch system's variables)
  std::string result;         // --result FILE: the shard's JSON result, for `lbconform merge`
  std::string form = "auto";  // whole cases or sessions (vectors/README.md, "Sessions")
};

// Usage says a usage error; it returns nullopt for the caller to return.
std::nullopt_t Usage(std::ostream& err, const std::string& problem) {
  err << "lbconform: " << problem << "\n";
  return std::nullopt;
}

// ReadImplementation: an adapter's command, or a built-in engine, not both.
bool ReadImplementation(const CheckArguments& a, CheckInvocation& invocation, std::ostream& err) {
  if (a.impl_given && a.impl.find_first_not_of(" \t") == std::string::npos) {
    Usage(err, "--impl is empty; give the adapter's command");
    return false;
  }
  if (a.impl_given == !a.engine.empty()) {
    Usage(err, "check needs --impl CMD (an adapter) or --engine NAME (a built-in engine), not both");
    return false;
  }
  if (a.impl_given) {
    invocation.adapter_command = a.impl;
    return true;
  }
  invocation.engine = FindEngine(a.engine);
  if (invocation.engine == nullptr) Usage(err, fmt::format("unknown engine '{}'", a.engine));
  return invocation.engine != nullptr;
}

// ReadShard: the shard, when the check is one (--shard, the environment,
// --result); a shard needs a fixed number of cases and a seed.
bool ReadShard(const CheckArguments& a, CheckInvocation& invocation, std::ostream& err) {
  std::string problem;
  const std::optional<Shard> shard = ResolveShard(a.shard, ProcessEnvironment, problem);
  if (!shard) {
    Usage(err, problem);
    return false;
  }
  if (shard->count == 1 && a.result.empty()) return true;
  if (a.cases == 0) {
    Usage(err, "a sharded check (or --result) needs --cases N: the shards split a fixed number of cases");
    return false;
  }
  if (!a.seed) {
    Usage(err, "a sharded check (or --result) needs --seed S: every shard must draw the same cases");
    return false;
  }
  invocation.shard = shard;
  invocation.result_path = a.result;
  return true;
}

// ReadNames: the kinds and profiles named.
bool ReadNames(const CheckArguments& a, CheckInvocation& invocation, std::ostream& err) {
  for (const std::string& name : a.kinds) {
    const std::optional<ScenarioKind> kind = ScenarioKindFromName(name);
    if (!kind) {
      Usage(err, fmt::format("unknown kind '{}'", name));
      return false;
    }
    invocation.kinds.push_back(*kind);
  }
  for (const std::string& name : a.profiles) {
    const std::optional<Profile> profile = ProfileFromName(name);
    if (!profile) {
      Usage(err, fmt::format("unknown profile '{}'", name));
      return false;
    }
    invocation.profiles.push_back(*profile);
  }
  return true;
}

// Read: the invocation the arguments make; nullopt after saying what is wrong.
std::optional<CheckInvocation> Read(const CheckArguments& a, std::ostream& err) {
  CheckInvocation invocation;
  if (!ReadImplementation(a, invocation, err)) return std::nullopt;
  if (a.cases > 0 && a.time_budget > 0) return Usage(err, "give --cases or --time-budget, not both");
  if (!ReadShard(a, invocation, err) || !ReadNames(a, invocation, err)) return std::nullopt;
  invocation.case_timeout = std::chrono::milliseconds(a.case_timeout_ms);
  invocation.form = vectors::CaseFormFromName(a.form).value_or(vectors::CaseForm::kAuto);
  invocation.cases = a.cases;
  invocation.time_budget_seconds = a.time_budget;
  invocation.seed = a.seed;
  invocation.max_size = a.max_size;
  invocation.out = a.out;
  invocation.shrink = !a.no_shrink;
  invocation.keep_going = a.keep_going;
  invocation.steer = !a.no_steering;
  invocation.findings_dir = a.findings;
  invocation.max_adapter_errors = a.max_adapter_errors;
  invocation.progress = &err == &std::cerr && isatty(STDERR_FILENO) == 1;
  return invocation;
}

void AddCheckOptions(CLI::App& check, CheckArguments& a, std::uint64_t& seed) {
  check.add_option("--engine", a.engine, "Check a built-in engine instead of an adapter");
  check.add_option("--kind", a.kinds, "Only these kinds (default: every kind the implementation declares)");
  check.add_option("--profile", a.profiles, "Only these profiles (spec-docs, en-2026-04-02, api-10min)");
  check
      .add_option("--cases", a.cases,
                  fmt::format("Cases per kind (default {} unless --time-budget)", kDefaultCheckCases))
      ->check(Positive());
  check.add_option("--time-budget", a.time_budget, "Seconds for the whole check, shared by the kinds")
      ->check(Positive());
  check.add_option("--seed", seed, "Seed of the generated cases (default: random, printed)");
  check.add_option("--max-size", a.max_size, "Largest RapidCheck size (cases grow from 0 to it, then again)")
      ->check(CLI::Range(0, 1000))
      ->capture_default_str();
  check.add_option("--out", a.out, "Write each shrunk counterexample here, as a vector folder `run --vectors` replays");
  check.add_flag("--no-shrink", a.no_shrink, "Report the first disagreement as generated");
  check.add_flag("--no-steering", a.no_steering,
                 "Draw every case plain: do not aim every other case past the first 200 at the (clause, boundary "
                 "class) pairs those did not reach");
  check.add_flag("--keep-going", a.keep_going,
                 "Go on after a finding until the cases or the time budget end; a failure of a signature met "
                 "before (kind, failure class, the known misreadings answering alike) is counted, a new one shrunk; "
                 "the summary gives the distinct findings with their counts");
  check.add_option("--findings", a.findings,
                   "A findings store (a vector folder): replay its cases first and say which still fail and which "
                   "are fixed, then store the shrunk case of each new distinct finding there");
  check.add_option("--case-timeout", a.case_timeout_ms, "Milliseconds an adapter has per case")
      ->check(Positive())
      ->capture_default_str();
  check.add_option("--max-adapter-errors", a.max_adapter_errors, "Stop after this many adapter errors in a row")
      ->check(Positive())
      ->capture_default_str();
  check
      .add_option("--form", a.form,
                  "auto: sessions for the kinds the adapter serves as sessions, else whole cases; whole: whole "
                  "cases only; session: only what it serves as sessions")
      ->check(CLI::IsMember({"auto", "whole", "session"}))
      ->capture_default_str();
  AddShardOptions(check, a.shard);
  check.add_option("--result", a.result, "Write this shard's JSON result here, for `lbconform merge`");
}

}  // namespace

Command AddCheckCommand(CLI::App& app, Streams io) {
  auto arguments = std::make_shared<CheckArguments>();
  auto seed = std::make_shared<std::uint64_t>(0);
  CLI::App* check =
      app.add_subcommand("check",
                         "Check an implementation on generated scenarios; shrink the first disagreement of each kind "
                         "(--keep-going: each distinct one)");
  CLI::Option* impl =
      check->add_option("--impl", arguments->impl, "Adapter command (run by /bin/sh) speaking the protocol");
  AddCheckOptions(*check, *arguments, *seed);
  return {check, [=] {
            arguments->impl_given = impl->count() > 0;
            if (check->get_option("--seed")->count() > 0) arguments->seed = *seed;
            std::optional<CheckInvocation> invocation = Read(*arguments, io.err);
            if (!invocation) return kExitUsage;
            // Bazel's test protocol: a test that shards itself says so by
            // creating TEST_SHARD_STATUS_FILE, and writes its JUnit XML to
            // XML_OUTPUT_FILE (docs/campaigns.md).
            if (const std::optional<std::string> problem = AcknowledgeBazelSharding(ProcessEnvironment)) {
              io.err << "lbconform: check: cannot create TEST_SHARD_STATUS_FILE: " << *problem << "\n";
              return kExitWriteFailed;
            }
            invocation->junit_path = ProcessEnvironment("XML_OUTPUT_FILE").value_or("");
            return CheckCommand(*invocation, io.out, io.err);
          }};
}

}  // namespace lbconform
