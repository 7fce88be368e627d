#include "check/check_command.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <memory>
#include <ostream>
#include <random>

#include "check/check_result.h"
#include "check/finding_text.h"
#include "check/findings_store.h"
#include "documents/output_files.h"
#include "model/exit_status.h"
#include "vectors/run_signals.h"
#include "vectors/runner.h"

namespace lbconform {

namespace {

// Started is the implementation checked and, for an adapter, the process
// behind its sessions.
struct Started {
  std::unique_ptr<vectors::AdapterImplementation> process;
  std::unique_ptr<vectors::Implementation> implementation;
};

// StartImplementation: the built-in engine, or the adapter started and its
// hello read; no implementation after saying why it did not start.
Started StartImplementation(const CheckInvocation& invocation, std::ostream& err) {
  Started started;
  if (invocation.engine != nullptr) {
    started.implementation = std::make_unique<vectors::EngineImplementation>(*invocation.engine);
    return started;
  }
  vectors::AdapterOptions adapter;
  adapter.command = invocation.adapter_command;
  adapter.case_timeout = invocation.case_timeout;
  started.process = std::make_unique<vectors::AdapterImplementation>(adapter);
  std::string problem;
  if (!started.process->Introduce(&problem)) {
    err << "lbconform: " << problem << "\n";
    return started;
  }
  started.implementation = std::make_unique<vectors::SessionImplementation>(*started.process, invocation.form);
  return started;
}

std::string KindNames(const std::vector<ScenarioKind>& kinds) {
  if (kinds.empty()) return "none";
  std::vector<std::string_view> names;
  for (ScenarioKind kind : kinds) names.push_back(NameOf(kind));
  return fmt::format("{}", fmt::join(names, ", "));
}

// ChooseKinds: the kinds asked for, each one the implementation declares, or
// else every kind it declares; nullopt after saying why, `status` the exit
// status.
std::optional<std::vector<ScenarioKind>> ChooseKinds(const CheckInvocation& invocation,
                                                     const vectors::Implementation& implementation, std::ostream& err,
                                                     int& status) {
  const std::vector<ScenarioKind> declared = implementation.kinds().value_or(std::vector<ScenarioKind>{});
  for (ScenarioKind kind : invocation.kinds) {
    if (std::find(declared.begin(), declared.end(), kind) == declared.end()) {
      err << fmt::format("lbconform: {} does not implement kind {} (it declares: {})\n", implementation.name(),
                         NameOf(kind), KindNames(declared));
      status = kExitUsage;
      return std::nullopt;
    }
  }
  if (!invocation.kinds.empty()) return invocation.kinds;
  if (declared.empty()) {
    err << fmt::format("lbconform: {} declares no kind; nothing to check\n", implementation.name());
    status = kExitIncomplete;
    return std::nullopt;
  }
  return declared;
}

// SkipKinds drops the kinds with no case to draw (no profile of theirs
// selected, no case generator): the shards' space is the kinds checked.
// Returns the lines that say so.
std::string SkipKinds(std::vector<ScenarioKind>& kinds, const std::vector<Profile>& profiles) {
  std::string said;
  std::erase_if(kinds, [&](ScenarioKind kind) {
    const std::string why = SkippedBecause(kind, profiles);
    if (!why.empty()) said += fmt::format("check: {}: {}; skipped\n", NameOf(kind), why);
    return !why.empty();
  });
  return said;
}

std::string CommandToReproduce(const CheckInvocation& invocation) {
  std::string command = invocation.engine == nullptr
                            ? "lbconform check --impl " + vectors::ShellQuoted(invocation.adapter_command)
                            : "lbconform check --engine " + std::string(invocation.engine->name());
  for (Profile profile : invocation.profiles) command += fmt::format(" --profile {}", NameOf(profile));
  if (invocation.form == vectors::CaseForm::kWhole) command += " --form whole";
  if (invocation.form == vectors::CaseForm::kSession) command += " --form session";
  if (invocation.max_size != 100) command += fmt::format(" --max-size {}", invocation.max_size);
  if (!invocation.steer) command += " --no-steering";
  return command;
}

// Plan: the options RunCheck takes, for `kinds`; nullopt (a usage error, said)
// when kinds × cases, the numbers of the cases, would pass 2^64.
std::optional<CheckOptions> Plan(const CheckInvocation& invocation, std::vector<ScenarioKind> kinds,
                                 std::ostream& err) {
  if (!kinds.empty() && invocation.cases > std::numeric_limits<std::uint64_t>::max() / kinds.size()) {
    err << fmt::format(
        "lbconform: --cases {} for {} kinds is more than 2^64 cases in all, more than check numbers; give fewer\n",
        invocation.cases, kinds.size());
    return std::nullopt;
  }
  CheckOptions options;
  options.kinds = std::move(kinds);
  options.profiles = invocation.profiles;
  options.cases = invocation.cases;
  options.time_budget_seconds = invocation.time_budget_seconds;
  options.seed = invocation.seed ? *invocation.seed : std::random_device{}() * 0x100000000ULL + std::random_device{}();
  options.max_size = invocation.max_size;
  options.out = invocation.out;
  options.shrink = invocation.shrink;
  options.max_consecutive_adapter_errors = invocation.max_adapter_errors;
  options.case_timeout = invocation.case_timeout;
  options.reproduce_command = CommandToReproduce(invocation);
  options.progress = invocation.progress;
  options.keep_going = invocation.keep_going;
  options.steer = invocation.steer;
  if (invocation.shard) {
    options.slice =
        ShardRange(invocation.cases * options.kinds.size(), invocation.shard->index, invocation.shard->count);
  }
  return options;
}

// ClosingLine: the cases, the findings, the seed and the time, alone on a
// line for CI to read, and why the check is not green when it found nothing.
std::string ClosingLine(const CheckInvocation& invocation, const CheckOptions& options, const CheckResult& result,
                        const std::string& nothing_checked) {
  std::uint64_t cases = 0;
  for (const auto& [kind, coverage] : result.coverage) cases += coverage.cases;
  const std::string shard_text =
      invocation.shard
          ? fmt::format(", shard {}/{} ({}), cases {}..{} of {}", invocation.shard->index, invocation.shard->count,
                        invocation.shard->source, options.slice->begin, result.stopped_at.value_or(options.slice->end),
                        invocation.cases * options.kinds.size())
          : "";
  std::string why_not_green;
  if (!result.stop_reason.empty()) why_not_green = "; stopped early: " + result.stop_reason;
  if (!nothing_checked.empty()) why_not_green = "; nothing was checked: " + nothing_checked;
  std::string found = fmt::format("{} {} found", result.findings.size(),
                                  result.findings.size() == 1 ? "disagreement" : "disagreements");
  if (options.keep_going) {
    std::uint64_t failing = 0;
    for (const CheckFinding& finding : result.findings) failing += finding.occurrences;
    found = fmt::format("{} distinct {} in {} failing {}", result.findings.size(),
                        result.findings.size() == 1 ? "finding" : "findings", failing, failing == 1 ? "case" : "cases");
  }
  return fmt::format("\ncheck: {} cases, {}, seed {}{}, {:.1f} s{}\n", cases, found, options.seed, shard_text,
                     result.seconds, why_not_green);
}

int ExitStatus(const CheckResult& result, const std::string& nothing_checked) {
  if (result.stop_signal != 0) return 128 + result.stop_signal;
  if (result.output_failed) return kExitWriteFailed;
  if (!result.stop_reason.empty()) return kExitIncomplete;
  return result.findings.empty() && nothing_checked.empty() ? kExitOk : kExitRejected;
}

}  // namespace

std::string NothingChecked(const CheckResult& result) {
  if (!result.findings.empty() || !result.stop_reason.empty() || result.stop_signal != 0) return "";
  std::uint64_t cases = 0, unsupported = 0, compared = 0;
  for (const auto& [kind, coverage] : result.coverage) {
    cases += coverage.cases;
    unsupported += coverage.unsupported;
    compared += coverage.cases - coverage.unsupported - coverage.adapter_errors;
  }
  if (compared > 0) return "";
  if (result.coverage.empty()) return "every kind was skipped (no profile of it selected, or no case generator)";
  if (cases == 0) return "no case was answered before the time budget ran out";
  if (unsupported == cases) return "every case was answered `unsupported`";
  return "no answer could be compared";
}

int CheckCommand(const CheckInvocation& invocation, std::ostream& out, std::ostream& err) {
  const Started started = StartImplementation(invocation, err);
  if (started.implementation == nullptr) return kExitIncomplete;
  vectors::Implementation* const implementation = started.implementation.get();
  int status = kExitOk;
  std::optional<std::vector<ScenarioKind>> kinds = ChooseKinds(invocation, *implementation, err, status);
  if (!kinds) return status;
  const std::string skipped = SkipKinds(*kinds, invocation.profiles);
  const std::optional<CheckOptions> options = Plan(invocation, std::move(*kinds), err);
  if (!options) return kExitUsage;
  if (auto problem = WriteOutput(out, fmt::format("check: {} {}, seed {}\n{}", implementation->name(),
                                                  implementation->version(), options->seed, skipped))) {
    err << "lbconform: " << *problem << "\n";
    return kExitWriteFailed;
  }
  CheckResult result;
  StoreReplay replay;
  if (!options->kinds.empty()) {  // RunCheck would check every kind declared
    const vectors::RunSignals signals;
    if (!invocation.findings_dir.empty()) {
      std::string problem;
      std::optional<StoreReplay> replayed =
          ReplayStore(*implementation, invocation.findings_dir, options->kinds, out, problem);
      if (!replayed) {
        err << fmt::format("lbconform: check: cannot read the findings store {}: {}\n", invocation.findings_dir,
                           problem);
        implementation->Finish();
        return kExitUsage;
      }
      replay = std::move(*replayed);
    }
    result = RunCheck(*implementation, *options, out, err);
  }
  implementation->Finish();
  if (!invocation.findings_dir.empty() && !options->kinds.empty()) {
    const std::optional<std::vector<std::string>> stored =
        StoreFindings(invocation.findings_dir, *options, result, replay, err);
    if (!stored) return kExitWriteFailed;
    if (!stored->empty()) {
      out << fmt::format("\ncheck: findings store {}: {} new {} stored: {}\n", invocation.findings_dir, stored->size(),
                         stored->size() == 1 ? "finding" : "findings", fmt::join(*stored, ", "));
    }
  }
  // A shard whose slice is empty had nothing to check, by design.
  const bool empty_slice = options->slice && options->slice->begin == options->slice->end;
  const std::string nothing_checked = empty_slice ? "" : NothingChecked(result);
  const std::string distinct = options->keep_going ? DistinctFindingsSummary(result) : "";
  if (auto problem = WriteOutput(
          out, distinct + OtherReadingsSummary(result) + ClosingLine(invocation, *options, result, nothing_checked))) {
    err << "lbconform: " << *problem << "\n";
    return kExitWriteFailed;
  }
  if (!out) return kExitWriteFailed;
  // No result without a kind checked: it would have no space to merge.
  if (!invocation.result_path.empty() && !options->kinds.empty() && result.stop_signal == 0 &&
      result.stop_reason.empty()) {
    const ShardResult shard_result =
        CheckShardResult(implementation->name(), *options, invocation.cases, *invocation.shard, result);
    if (const std::optional<std::string> problem = WriteShardResult(invocation.result_path, shard_result)) {
      err << fmt::format("lbconform: check: cannot write {}: {}\n", invocation.result_path, *problem);
      return kExitWriteFailed;
    }
  }
  if (!invocation.junit_path.empty() && !options->kinds.empty()) {
    const std::string xml = CheckJUnitXml(implementation->name(), *options, result, replay.StillFailing());
    if (const std::optional<std::string> problem = WriteOutputFile(invocation.junit_path, xml)) {
      err << fmt::format("lbconform: check: cannot write the JUnit XML {}: {}\n", invocation.junit_path, *problem);
      return kExitWriteFailed;
    }
  }
  const int status_of_run = ExitStatus(result, nothing_checked);
  // A stored case that still fails is a finding too.
  return status_of_run == kExitOk && replay.StillFailing() > 0 ? kExitRejected : status_of_run;
}

}  // namespace lbconform
