#include "cli/commands.h"

#include <dlfcn.h>
#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "check/shard.h"
#include "cli/check_command.h"
#include "cli/command.h"
#include "cli/completion.h"
#include "cli/exhaustive.h"
#include "cli/exit_statuses.h"
#include "documents/backend_service_fields.h"
#include "documents/documents.h"
#include "documents/gcloud_yaml.h"
#include "documents/import.h"
#include "documents/output_files.h"
#include "documents/printable_text.h"
#include "documents/scenario_json.h"
#include "documents/suggest.h"
#include "engines/engines.h"
#include "reference/reference_engine.h"
#include "report/badge.h"
#include "report/explain_kinds.h"
#include "report/html_report.h"
#include "report/render.h"
#include "report/run_report.h"
#include "vectors/builtin_adapter.h"
#include "vectors/checks.h"
#include "vectors/run_signals.h"
#include "vectors/runner.h"
#include "vectors/schema_check.h"
#include "vectors/sessions.h"

namespace lbconform {
namespace {

// ReadInput reads a file (or `-` for `in`) up to one byte past the input
// limit, so that a huge input is refused without reading all of it.
std::optional<std::string> ReadInput(const std::string& path, std::istream& in, std::ostream& err) {
  std::ifstream file;
  std::istream* source = &in;
  if (path != "-") {
    std::error_code ignored;
    if (std::filesystem::is_directory(path, ignored)) {
      err << fmt::format("lbconform: '{}' is a directory, not a scenario file\n", path);
      return std::nullopt;
    }
    file.open(path, std::ios::binary);
    if (!file) {
      err << fmt::format("lbconform: cannot open '{}'\n", path);
      return std::nullopt;
    }
    source = &file;
  }
  std::string text;
  std::vector<char> chunk(1 << 16);
  while (text.size() <= kMaxInputBytes && *source) {
    source->read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    text.append(chunk.data(), static_cast<std::size_t>(source->gcount()));
  }
  if (source->bad()) {
    err << fmt::format("lbconform: cannot read '{}'\n", path);
    return std::nullopt;
  }
  return text;
}

// Print writes a command's whole answer to standard output: `status` once it
// is written, else a usage error said on `err` (/dev/full, a closed pipe), so
// a lost answer never looks like a decision.
int Print(std::ostream& out, std::ostream& err, std::string_view text, int status) {
  if (const std::optional<std::string> problem = WriteOutput(out, text)) {
    err << "lbconform: " << *problem << "\n";
    return kExitWriteFailed;
  }
  return status;
}

struct DecideOptions {
  std::string input = "-";
  std::string engine = "reference";
  std::string profile = "spec-docs";
  bool trace = false;
  bool pretty = false;
};

// FindDecidingEngine is the engine called `name`, or nullptr after saying why
// not on `err`.
const Engine* FindDecidingEngine(const std::string& name, std::ostream& err) {
  if (const Engine* engine = FindEngine(name)) return engine;
  std::string why;
  if (name == "optimized" && SelectedOptimizedEngine(&why) == nullptr) {
    err << fmt::format("lbconform: engine 'optimized' is unavailable: {}\n", why);
    return nullptr;
  }
  std::vector<std::string> names;
  for (const Engine* e : AvailableEngines()) names.emplace_back(e->name());
  err << fmt::format("lbconform: unknown engine '{}'{} (available: {})\n", name, DidYouMean(name, names),
                     fmt::join(names, ", "));
  return nullptr;
}

// DecideOrExplain prints one scenario's decision: JSON (`decide`) or the
// step-by-step explanation (`explain`). The document is parsed once and its
// kind picks the entry of the tables of kinds; anything that is not JSON is
// rejected as a passthrough document would be.
int DecideOrExplain(const DecideOptions& options, bool explain, std::istream& in, std::ostream& out,
                    std::ostream& err) {
  const Engine* engine = FindDecidingEngine(options.engine, err);
  if (engine == nullptr) return kExitUsage;
  const std::optional<Profile> profile = ProfileFromName(options.profile);
  if (!profile) {
    err << fmt::format("lbconform: unknown profile '{}' (spec-docs, en-2026-04-02, api-10min)\n", options.profile);
    return kExitUsage;
  }
  const std::optional<std::string> text = ReadInput(options.input, in, err);
  if (!text) return kExitUsage;
  // Nothing came (a larger text of white space is an oversized document).
  if (options.input == "-" && text->size() <= kMaxInputBytes &&
      text->find_first_not_of(" \t\r\n") == std::string::npos) {
    err << fmt::format(
        "lbconform: standard input is empty: no scenario to {} (when it comes through a pipe, the command before "
        "it wrote nothing; see its message above)\n",
        explain ? "explain" : "decide");
    return kExitUsage;
  }

  std::vector<Error> parse_errors;
  const std::optional<nlohmann::json> document = ParseJsonDocument(*text, parse_errors);
  if (!document) {
    const PassthroughDecision rejected = InvalidDecision(std::move(parse_errors));
    return Print(out, err,
                 explain ? RenderExplanation(nullptr, rejected, engine->name(), *profile)
                         : DumpJson(EncodeDecision(rejected, {.trace = options.trace}), options.pretty ? 2 : -1) + "\n",
                 kExitRejected);
  }
  for (const std::string& warning : ScenarioWarnings(*document)) err << "lbconform: warning: " << warning << "\n";
  if (const auto note = DrainingTimeoutNote(*document)) err << "lbconform: note: " << *note << "\n";
  const ScenarioKind kind = KindOf(*document);
  if (!Implements(*engine, kind)) {
    err << fmt::format("lbconform: engine '{}' does not decide scenarios of kind {}\n", engine->name(), NameOf(kind));
    return kExitUsage;
  }
  if (explain) {
    const Shown shown = CommandsOf(kind).explain(*engine, *document, *profile);
    return Print(out, err, shown.text, shown.valid ? kExitOk : kExitRejected);
  }
  const nlohmann::json decision = DocumentsOf(kind).decide(*engine, *document, *profile, {.trace = options.trace});
  return Print(out, err, DumpJson(decision, options.pretty ? 2 : -1) + "\n",
               decision.value("valid", false) ? kExitOk : kExitRejected);
}

void AddDecideOptions(CLI::App& command, DecideOptions& options) {
  command.add_option("input", options.input, "Scenario JSON file, or - for standard input")->capture_default_str();
  command.add_option("--engine", options.engine, "Engine to decide with (see `lbconform engines`)")
      ->capture_default_str();
  command
      .add_option("--profile", options.profile,
                  "Spec revision: spec-docs, en-2026-04-02, or api-10min (timelines: 10-minute draining)")
      ->capture_default_str();
}

struct ExhaustiveOptions {
  std::string scope = "ci";
  ShardArguments shard;
  std::string result;  // --result FILE: the shard's JSON result
  int zones = -1;
  int max_vms_per_cell = -1;
  std::uint64_t limit = 0;
};

int Exhaustive(const ExhaustiveOptions& options, std::ostream& out, std::ostream& err) {
  ExhaustiveScope scope;
  if (!NamedScope(options.scope, scope)) {
    err << fmt::format("lbconform: unknown scope '{}' (ci, campaign)\n", options.scope);
    return kExitUsage;
  }
  if (options.zones >= 0) scope.zones = options.zones;
  if (options.max_vms_per_cell >= 0) scope.max_vms_per_cell = options.max_vms_per_cell;
  std::string shard_error;
  const std::optional<Shard> shard = ResolveShard(options.shard, ProcessEnvironment, shard_error);
  if (!shard) {
    err << "lbconform: exhaustive: " << shard_error << "\n";
    return kExitUsage;
  }
  if (const std::optional<std::string> problem = AcknowledgeBazelSharding(ProcessEnvironment)) {
    err << "lbconform: exhaustive: cannot create TEST_SHARD_STATUS_FILE: " << *problem << "\n";
    return kExitWriteFailed;
  }
  const std::uint64_t total = ScopeSize(scope);
  const IndexRange range = ShardRange(total, shard->index, shard->count);
  const std::uint64_t begin = range.begin;
  std::uint64_t end = range.end;
  if (options.limit > 0) end = std::min(end, begin + options.limit);
  std::string why;
  const optimized::OptimizedEngine* optimized_engine = SelectedOptimizedEngine(&why);
  if (optimized_engine == nullptr) {
    err << "lbconform: " << why << "\n";
    return kExitUsage;
  }
  // The reference without its informative trace: the same rules, faster.
  static const reference::ReferenceEngine untraced_reference(/*trace=*/false);
  std::vector<const PassthroughEngine*> engines = EnginesOf<PassthroughEngine>();
  engines.front() = &untraced_reference;
  std::vector<std::string> names;
  for (const PassthroughEngine* e : engines) names.emplace_back(e->name());
  std::vector<nlohmann::json> findings;
  const bool terminal = &err == &std::cerr && isatty(STDERR_FILENO) == 1;
  const auto start = std::chrono::steady_clock::now();
  const ExhaustiveResult result = RunExhaustive(
      scope, begin, end, engines,
      [&](const ExhaustiveFinding& finding) {
        out << "DISAGREEMENT " << FindingText(finding);
        if (findings.size() < kMaxStoredFindings) findings.push_back(FindingJson(finding));
      },
      [&](std::uint64_t done) {
        if (!terminal) return;
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        err << fmt::format(
                   "\rexhaustive: {}/{} ({:.1f}%), {:.0f}/s   ", done, end - begin,
                   100.0 * static_cast<double>(done) / static_cast<double>(std::max<std::uint64_t>(1, end - begin)),
                   static_cast<double>(done) / std::max(seconds, 1e-9))
            << std::flush;
      });
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (terminal) err << "\n";
  out << fmt::format(
      "exhaustive: scope {} ({} zones, <= {} VMs per cell), shard {}/{} from {}: {} scenarios checked "
      "(indices {}..{} of {}), {} disagreements, {} rejected alike by every engine; engines {}; {:.1f} s\n",
      options.scope, scope.zones, scope.max_vms_per_cell, shard->index, shard->count, shard->source, result.checked,
      begin, end, total, result.disagreements, result.invalid, fmt::join(names, ", "), seconds);
  if (!out.flush()) {
    err << "lbconform: cannot write to standard output\n";
    return kExitWriteFailed;
  }
  if (!options.result.empty()) {
    ShardResult shard_result;
    shard_result.command = "exhaustive";
    shard_result.tool_version = vectors::kSuiteVersion;
    shard_result.parameters = ExhaustiveParameters(options.scope, scope);
    shard_result.space_digest = ExhaustiveSpaceDigest(scope);
    shard_result.unit = "scenario";
    shard_result.space_size = total;
    shard_result.shard = *shard;
    shard_result.covered = {begin, end};
    shard_result.counts = {
        {"checked", result.checked}, {"findings", result.disagreements}, {"rejectedAlike", result.invalid}};
    shard_result.findings = std::move(findings);
    shard_result.informative = {{"engines", names}, {"optimizedKernel", optimized_engine->active_kernel()}};
    if (const std::optional<std::string> problem = WriteShardResult(options.result, shard_result)) {
      err << fmt::format("lbconform: exhaustive: cannot write {}: {}\n", options.result, *problem);
      return kExitWriteFailed;
    }
  }
  return result.disagreements == 0 ? kExitOk : kExitRejected;
}

// ------------------------------ vectors, run, adapter

std::optional<std::vector<vectors::VectorFile>> LoadVectors(const std::string& root, std::ostream& err) {
  const std::filesystem::path dir = root.empty() ? vectors::DefaultVectorRoot() : std::filesystem::path(root);
  std::string error;
  auto files = vectors::LoadVectorDirectory(dir, &error);
  if (!files) {
    err << "lbconform: " << error << "\n";
    return std::nullopt;
  }
  if (files->empty()) {
    err << fmt::format("lbconform: no vector files under {}\n", dir.string());
    return std::nullopt;
  }
  return files;
}

struct RunCommandOptions {
  std::string impl;
  bool impl_given = false;
  std::string vectors;
  std::vector<std::string> engines;
  std::vector<std::string> profiles;
  std::vector<std::string> ids, clauses, flags;
  std::string expectations;
  bool strict_expectations = false;
  std::string write_expectations;
  std::string report;
  std::string junit;
  std::string summary_md;
  std::string save_failures;
  int case_timeout_ms = 5000;
  int run_timeout_s = 1800;
  int max_adapter_errors = 5;
  std::string form = "auto";  // whole cases or sessions (vectors/README.md, "Sessions")
};

// RunOutputs writes what `run` was asked to write, each file whole or not at
// all; every failure is said on `err`. True when all were written.
bool WriteRunOutputs(const RunCommandOptions& o, const std::vector<vectors::RunReport>& reports, std::ostream& err) {
  bool ok = true;
  auto write = [&](const std::string& path, const std::string& text) {
    if (path.empty()) return;
    if (auto problem = WriteOutputFile(path, text)) {
      err << "lbconform: " << *problem << "\n";
      ok = false;
    }
  };
  if (!o.report.empty()) {
    nlohmann::json all = nlohmann::json::array();
    for (const auto& r : reports) all.push_back(vectors::ReportJson(r));
    write(o.report, DumpJson(reports.size() == 1 ? all[0] : all, 2) + "\n");
  }
  write(o.junit, vectors::JUnitXml(reports));
  write(o.summary_md, vectors::SummaryMarkdown(reports));
  write(o.write_expectations, DumpJson(vectors::ExpectationsJson(reports), 2) + "\n");
  if (!o.save_failures.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(o.save_failures, ec);
    if (ec) {
      err << fmt::format("lbconform: cannot create {}: {}\n", o.save_failures, ec.message());
      return false;
    }
    const std::filesystem::path dir(o.save_failures);
    for (const auto& report : reports) {
      for (const vectors::SavedFailure& saved : vectors::FailureFiles(report)) {
        write((dir / saved.scenario_name).string(), saved.scenario_text);
        write((dir / saved.expected_name).string(), saved.expected_text);
      }
    }
  }
  return ok;
}

// RunProgress reports progress on standard error: on a terminal, one line
// redrawn; elsewhere (a CI log), a line at the start, at every tenth (at
// least every 10 cases) and at the end.
std::function<void(std::size_t, std::size_t)> RunProgress(const std::string& name, bool terminal, std::ostream& err) {
  return [&err, name, terminal](std::size_t done, std::size_t total) {
    if (terminal) {
      if (done % 16 == 0 || done == total) err << fmt::format("\r{}: {}/{} cases ", name, done, total) << std::flush;
      return;
    }
    const std::size_t step = std::max<std::size_t>(10, total / 10);
    if (done == 1 || done % step == 0 || done == total) {
      err << fmt::format("run progress: {}: {}/{} cases\n", name, done, total) << std::flush;
    }
  };
}

// VerdictOptions are the options, beside the implementation, that change a
// run's verdict, as `run` takes them: the rerun command of each case keeps them.
std::string VerdictOptions(const RunCommandOptions& o) {
  const RunCommandOptions defaults;
  std::string options;
  if (!o.vectors.empty()) options += " --vectors " + vectors::ShellQuoted(o.vectors);
  if (!o.expectations.empty()) options += " --expectations " + vectors::ShellQuoted(o.expectations);
  if (o.strict_expectations) options += " --strict-expectations";
  if (o.case_timeout_ms != defaults.case_timeout_ms) options += fmt::format(" --case-timeout {}", o.case_timeout_ms);
  if (o.run_timeout_s != defaults.run_timeout_s) options += fmt::format(" --run-timeout {}", o.run_timeout_s);
  if (o.max_adapter_errors != defaults.max_adapter_errors) {
    options += fmt::format(" --max-adapter-errors {}", o.max_adapter_errors);
  }
  if (o.form != defaults.form) options += " --form " + o.form;
  return options;
}

// SelectionOptions are the options that chose the run's cases: with
// VerdictOptions they rerun the whole run.
std::string SelectionOptions(const RunCommandOptions& o) {
  std::string options;
  for (const std::string& profile : o.profiles) options += " --profile " + vectors::ShellQuoted(profile);
  for (const std::string& id : o.ids) options += " --id " + vectors::ShellQuoted(id);
  for (const std::string& clause : o.clauses) options += " --clause " + vectors::ShellQuoted(clause);
  for (const std::string& flag : o.flags) options += " --flag " + vectors::ShellQuoted(flag);
  return options;
}

int Run(const RunCommandOptions& o, std::ostream& out, std::ostream& err) {
  if (o.impl_given && o.impl.find_first_not_of(" \t") == std::string::npos) {
    err << "lbconform: --impl is empty; give the adapter's command, or leave --impl out to run the built-in engines\n";
    return kExitUsage;
  }
  if (o.impl_given && !o.engines.empty()) {
    err << "lbconform: --engine picks built-in engines; it cannot go with --impl\n";
    return kExitUsage;
  }
  for (const std::string& name : o.engines) {
    if (FindEngine(name) == nullptr) {
      FindDecidingEngine(name, err);  // says why
      return kExitUsage;
    }
  }
  vectors::RunOptions options;
  for (const std::string& name : o.profiles) {
    auto p = ProfileFromName(name);
    if (!p) {
      err << fmt::format("lbconform: unknown profile '{}'\n", name);
      return kExitUsage;
    }
    options.profiles.push_back(*p);
  }
  if (!o.expectations.empty()) {
    std::string error;
    auto known = vectors::LoadExpectations(o.expectations, &error);
    if (!known) {
      err << "lbconform: " << error << "\n";
      return kExitUsage;
    }
    options.known_failures = *known;
  }
  auto files = LoadVectors(o.vectors, err);
  if (!files) return kExitUsage;
  if (const auto problems = vectors::IdentityProblems(*files); !problems.empty()) {
    for (const std::string& p : problems) err << "lbconform: " << p << "\n";
    err << "lbconform: the vector set is ambiguous; `lbconform vectors lint` lists every problem\n";
    return kExitUsage;
  }
  options.id_patterns = o.ids;
  options.clauses = o.clauses;
  options.flags = o.flags;
  options.strict_expectations = o.strict_expectations;
  options.run_timeout = std::chrono::seconds(o.run_timeout_s);
  options.max_consecutive_adapter_errors = o.max_adapter_errors;
  options.stop_signal = [] { return vectors::PendingRunSignal(); };
  const std::string verdict_options = VerdictOptions(o);
  options.reproduce_selection = SelectionOptions(o);
  const bool terminal = &err == &std::cerr && isatty(STDERR_FILENO) == 1;
  std::unique_ptr<vectors::AdapterImplementation> adapter_process;  // behind its sessions
  std::vector<std::unique_ptr<vectors::Implementation>> implementations;
  std::vector<std::string> reproduce;
  if (o.impl_given) {
    vectors::AdapterOptions adapter;
    adapter.command = o.impl;
    adapter.case_timeout = std::chrono::milliseconds(o.case_timeout_ms);
    adapter_process = std::make_unique<vectors::AdapterImplementation>(adapter);
    implementations.push_back(std::make_unique<vectors::SessionImplementation>(
        *adapter_process, vectors::CaseFormFromName(o.form).value_or(vectors::CaseForm::kAuto)));
    reproduce.push_back("lbconform run --impl " + vectors::ShellQuoted(o.impl) + verdict_options);
  } else {
    for (const Engine* engine : AvailableEngines()) {
      if (!o.engines.empty() && std::find(o.engines.begin(), o.engines.end(), engine->name()) == o.engines.end())
        continue;
      implementations.push_back(std::make_unique<vectors::EngineImplementation>(*engine));
      reproduce.push_back("lbconform run --engine " + std::string(engine->name()) + verdict_options);
    }
  }
  std::vector<vectors::RunReport> reports;
  bool written = true;
  {
    const vectors::RunSignals signals;
    for (std::size_t i = 0; i < implementations.size() && vectors::PendingRunSignal() == 0; ++i) {
      options.progress = RunProgress(implementations[i]->name(), terminal, err);
      options.reproduce_command = reproduce[i];
      reports.push_back(vectors::RunVectors(*files, *implementations[i], options));
      if (terminal) err << "\n";
      if (auto problem = WriteOutput(out, vectors::SummaryText(reports.back())); problem && written) {
        err << "lbconform: " << *problem << "\n";
        written = false;
      }
    }
  }
  const bool output_failed_before = !written;
  written = WriteRunOutputs(o, reports, err) && written;
  if (auto problem = WriteOutput(out, vectors::ClosingLine(reports)); problem && !output_failed_before) {
    err << "lbconform: " << *problem << "\n";
    written = false;
  }
  if (const int signal_number = vectors::PendingRunSignal(); signal_number != 0) return 128 + signal_number;
  if (!written) return kExitWriteFailed;
  const bool incomplete = std::any_of(reports.begin(), reports.end(), [](const auto& r) { return !r.Complete(); });
  const bool conforms = std::all_of(reports.begin(), reports.end(), [](const auto& r) { return r.RequiredPassed(); });
  if (incomplete) return kExitIncomplete;
  return conforms ? kExitOk : kExitRejected;
}

// Report renders a run's JSON report as one HTML page (`output`, unless empty)
// and as a shields.io badge (`badge`, when given).
int Report(const std::string& input, const std::string& output, const std::string& badge, std::istream& in,
           std::ostream& out, std::ostream& err) {
  const std::optional<std::string> text = ReadInput(input, in, err);
  if (!text) return kExitUsage;
  if (text->size() > kMaxInputBytes) {
    err << fmt::format("lbconform: {} is larger than {} bytes\n", input, kMaxInputBytes);
    return kExitUsage;
  }
  if (!vectors::JsonDepthWithin(*text, vectors::kMaxVectorFileDepth)) {
    err << fmt::format("lbconform: {} nests deeper than {} levels: not a report of lbconform run\n", input,
                       vectors::kMaxVectorFileDepth);
    return kExitUsage;
  }
  const nlohmann::json report = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (report.is_discarded()) {
    err << fmt::format("lbconform: {} is not JSON\n", input);
    return kExitUsage;
  }
  const std::filesystem::path schema = vectors::DefaultVectorRoot() / "schema" / "report.schema.json";
  const nlohmann::json each = report.is_array() ? report : nlohmann::json::array({report});
  for (const nlohmann::json& one : each) {
    const std::vector<std::string> problems = vectors::SchemaProblems(one, schema);
    if (problems.empty()) continue;
    err << fmt::format("lbconform: {} is not a report of lbconform run (reportVersion {}):\n", input,
                       vectors::kReportVersion);
    for (std::size_t i = 0; i < problems.size() && i < 5; ++i) err << "  " << problems[i] << "\n";
    return kExitUsage;
  }
  if (!badge.empty()) {
    const std::string badge_text = DumpJson(ShieldsBadge(report), 2) + "\n";
    if (auto problem = badge == "-" ? WriteOutput(out, badge_text) : WriteOutputFile(badge, badge_text)) {
      err << "lbconform: " << *problem << "\n";
      return kExitWriteFailed;
    }
  }
  if (output.empty()) return kExitOk;
  const std::string html = HtmlReport(report);
  if (output == "-") {
    if (auto problem = WriteOutput(out, html)) {
      err << "lbconform: " << *problem << "\n";
      return kExitWriteFailed;
    }
    return kExitOk;
  }
  if (auto problem = WriteOutputFile(output, html)) {
    err << "lbconform: " << *problem << "\n";
    return kExitWriteFailed;
  }
  if (auto problem = WriteOutput(out, fmt::format("report: wrote {} ({} bytes)\n", output, html.size()))) {
    err << "lbconform: " << *problem << "\n";
    return kExitWriteFailed;
  }
  return kExitOk;
}

// Adapter serves the protocol with a built-in engine
// (vectors/builtin_adapter.h); an unknown engine is a usage error.
int Adapter(const std::string& engine_name, bool sessions, std::istream& in, std::ostream& out, std::ostream& err) {
  const Engine* engine = FindDecidingEngine(engine_name, err);
  if (engine == nullptr) return kExitUsage;
  // Unsynchronised with C's stdio, std::cin reads its pipe in blocks instead
  // of a character at a time (nothing has been read or written yet).
  if (&in == &std::cin && &out == &std::cout) std::ios::sync_with_stdio(false);
  // The answers carry no trace: the reference need not write one.
  if (!vectors::ServeAdapterProtocol(*Untraced(engine), in, out, vectors::ServeOptions{{}, sessions})) {
    err << "lbconform: cannot write to standard output\n";
    return kExitWriteFailed;
  }
  return kExitOk;
}

// RewriteExpectations puts each test's `result` and `expected` into the file
// as it is on disk, leaving every other byte where it was (key order, inputs),
// and writes the file only when its text changes, whole or not at all: true if
// written, false if unchanged, nullopt with `problem` on failure.
std::optional<bool> RewriteExpectations(const vectors::VectorFile& file, std::string& problem) {
  using nlohmann::ordered_json;
  std::ifstream in(file.path, std::ios::binary);
  const std::string before((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ordered_json root = ordered_json::parse(before, nullptr, /*allow_exceptions=*/false);
  if (root.is_discarded() || !root.contains("testGroups")) {
    problem = "cannot read it back";
    return std::nullopt;
  }
  std::map<std::int64_t, const vectors::VectorTest*> by_tc_id;
  for (const auto& group : file.groups) {
    for (const auto& test : group.tests) by_tc_id[test.tc_id] = &test;
  }
  for (ordered_json& group : root["testGroups"]) {
    for (ordered_json& test : group["tests"]) {
      const auto found = by_tc_id.find(test.value("tcId", std::int64_t{-1}));
      if (found == by_tc_id.end()) continue;
      const vectors::VectorTest& t = *found->second;
      const nlohmann::json expected =
          t.result == vectors::Result::kAcceptable ? nlohmann::json(t.expected) : t.expected.front();
      // Compared as values, so an unchanged expectation keeps its key order.
      if (test.value("result", "") == NameOf(t.result) &&
          nlohmann::json::parse(test.value("expected", ordered_json()).dump()) == expected) {
        continue;
      }
      test["result"] = std::string(NameOf(t.result));
      test["expected"] = ordered_json::parse(expected.dump());
    }
  }
  const std::string after = root.dump(1, ' ', /*ensure_ascii=*/false) + "\n";
  if (after == before) return false;
  if (auto failure = WriteOutputFile(file.path.string(), after)) {
    problem = *failure;
    return std::nullopt;
  }
  return true;
}

int VectorsCommand(const std::string& action, const std::string& root, bool check, std::ostream& out,
                   std::ostream& err) {
  auto files = LoadVectors(root, err);
  if (!files) return kExitUsage;
  int tests = 0;
  for (const auto& f : *files) tests += f.number_of_tests;
  if (action == "lint") {
    // A suite (the default folder, or one with a schema/ of its own) is
    // linted against its schemas and must cover every clause and error code;
    // a folder of the user's (what `check --out` writes) against the
    // installed schemas, with no suite-wide coverage.
    const std::filesystem::path folder = root.empty() ? vectors::DefaultVectorRoot() : std::filesystem::path(root);
    std::error_code ignored;
    const bool suite = std::filesystem::is_directory(folder / "schema", ignored);
    auto problems = vectors::Lint(*files);
    const auto schema_problems = vectors::LintSchema(*files, suite ? folder : vectors::DefaultVectorRoot());
    problems.insert(problems.end(), schema_problems.begin(), schema_problems.end());
    if (suite) {
      const auto coverage_problems = vectors::SuiteCoverage(*files);
      problems.insert(problems.end(), coverage_problems.begin(), coverage_problems.end());
    }
    std::string text;
    for (const std::string& p : problems) text += "lint: " + TerminalText(p) + "\n";
    text += fmt::format("lint: {} files, {} vectors, {} problems{}\n", files->size(), tests, problems.size(),
                        suite ? "" : " (a folder of your own: the installed schemas, no suite-wide coverage)");
    return Print(out, err, text, problems.empty() ? kExitOk : kExitRejected);
  }
  const vectors::RegenReport report = vectors::Regen(*files, *AvailableEngines().front(), /*write=*/!check);
  std::string text;
  for (const std::string& p : report.problems) text += "regen: " + TerminalText(p) + "\n";
  std::size_t files_written = 0;
  if (!check && report.rewritten > 0) {
    for (const auto& f : *files) {
      std::string problem;
      const std::optional<bool> written = RewriteExpectations(f, problem);
      if (!written) {
        (void)WriteOutput(out, text);  // what was found, before the failure
        err << fmt::format("lbconform: vectors regen: {}: {}\n", f.path.string(), problem);
        return kExitWriteFailed;
      }
      files_written += *written ? 1 : 0;
    }
  }
  text += fmt::format("regen{}: {} vectors, {} rewritten in {} files, {} differ from the reference\n",
                      check ? " --check" : "", report.tests, report.rewritten, files_written, report.problems.size());
  return Print(out, err, text, report.problems.empty() ? kExitOk : kExitRejected);
}

int Import(const std::string& describe_path, const std::string& health_path, const std::string& clients_path,
           const std::string& policy_path, const ImportOptions& options, const std::string& output, std::istream& in,
           std::ostream& out, std::ostream& err) {
  auto read = [&](const std::string& path) -> std::optional<nlohmann::json> {
    const std::optional<std::string> text = ReadInput(path, in, err);
    if (!text) return std::nullopt;
    std::vector<Error> errors;
    auto document = ParseJsonOrYaml(*text, errors);
    if (!document) err << fmt::format("lbconform: {}: {}\n", path, errors.front().message);
    return document;
  };
  const auto describe = read(describe_path);
  const auto health = describe ? read(health_path) : std::nullopt;
  if (!describe || !health) return kExitUsage;
  ImportOptions with_files = options;
  if (!clients_path.empty() && !(with_files.clients = read(clients_path))) return kExitUsage;
  if (!policy_path.empty() && !(with_files.service_lb_policy = read(policy_path))) return kExitUsage;
  const ImportResult result = ImportGcloud(*describe, *health, with_files);
  for (const std::string& w : result.warnings) err << "lbconform: warning: " << w << "\n";
  if (!result.scenario) {
    err << "lbconform: " << result.error << "\n";
    return kExitUsage;
  }
  const std::string text = DumpJson(*result.scenario, 2) + "\n";
  const std::optional<std::string> problem =
      output.empty() || output == "-" ? WriteOutput(out, text) : WriteOutputFile(output, text);
  if (problem) {
    err << "lbconform: " << *problem << "\n";
    return kExitWriteFailed;
  }
  // Say at once whether the scenario decodes, so surprises show up here.
  std::vector<Error> errors;
  if (const std::optional<nlohmann::json> written = ParseJsonDocument(text, errors)) {
    errors = DocumentsOf(KindOf(*written)).decode_errors(*written);
  }
  if (!errors.empty()) {
    err << fmt::format("lbconform: warning: the imported scenario does not decode: {} at {}: {}\n",
                       NameOf(errors.front().code), errors.front().path, errors.front().message);
    return kExitRejected;
  }
  return kExitOk;
}

// Plot writes the SVG of a decision, for the kinds that have a picture.
int Plot(const DecideOptions& options, const std::string& output, std::istream& in, std::ostream& out,
         std::ostream& err) {
  const Engine* engine = FindDecidingEngine(options.engine, err);
  if (engine == nullptr) return kExitUsage;
  const std::optional<std::string> text = ReadInput(options.input, in, err);
  if (!text) return kExitUsage;
  std::vector<Error> errors;
  const std::optional<nlohmann::json> document = ParseJsonDocument(*text, errors);
  const std::optional<ScenarioKind> kind = document ? DocumentKind(*document) : std::nullopt;
  if (!kind || CommandsOf(*kind).plot == nullptr) {
    std::vector<std::string_view> drawable;
    for (ScenarioKind k : AllScenarioKinds()) {
      if (CommandsOf(k).plot != nullptr) drawable.push_back(NameOf(k));
    }
    err << fmt::format("lbconform: plot takes a scenario of kind {}\n", fmt::join(drawable, " or "));
    return kExitUsage;
  }
  if (!Implements(*engine, *kind)) {
    err << fmt::format("lbconform: engine '{}' does not decide scenarios of kind {}\n", engine->name(), NameOf(*kind));
    return kExitUsage;
  }
  const Shown shown =
      CommandsOf(*kind).plot(*engine, *document, ProfileFromName(options.profile).value_or(Profile::kSpecDocs));
  if (!shown.valid) return Print(out, err, shown.text, kExitRejected);
  if (output == "-") return Print(out, err, shown.text, kExitOk);
  if (const std::optional<std::string> problem = WriteOutputFile(output, shown.text)) {
    err << fmt::format("lbconform: cannot write {}: {}\n", output, *problem);
    return kExitWriteFailed;
  }
  return Print(out, err, fmt::format("plot: wrote {} ({} bytes)\n", output, shown.text.size()), kExitOk);
}

// ------------------------------ the command line

// UsageInsteadOfWaiting prints the command's help when no file was given and
// standard input is a terminal: a person who typed the bare command is not
// about to type JSON (an explicit `-` still reads the terminal).
bool UsageInsteadOfWaiting(const CLI::App& command, Streams io) {
  if (command.get_option("input")->count() > 0 || &io.in != &std::cin || isatty(STDIN_FILENO) != 1) return false;
  io.err << command.help() << "lbconform: give a scenario file, or - with the scenario on standard input\n";
  return true;
}

Command AddDecideCommand(CLI::App& app, Streams io) {
  auto options = std::make_shared<DecideOptions>();
  CLI::App* decide = app.add_subcommand("decide", "Decide one scenario; print the decision JSON");
  AddDecideOptions(*decide, *options);
  decide->add_flag("--trace", options->trace, "Include the informative step trace");
  decide->add_flag("--pretty", options->pretty, "Indent the JSON");
  return {decide, [=] {
            if (UsageInsteadOfWaiting(*decide, io)) return kExitUsage;
            return DecideOrExplain(*options, /*explain=*/false, io.in, io.out, io.err);
          }};
}

Command AddExplainCommand(CLI::App& app, Streams io) {
  auto options = std::make_shared<DecideOptions>();
  CLI::App* explain = app.add_subcommand("explain", "Explain one decision step by step, with clause IDs");
  AddDecideOptions(*explain, *options);
  return {explain, [=] {
            if (UsageInsteadOfWaiting(*explain, io)) return kExitUsage;
            return DecideOrExplain(*options, /*explain=*/true, io.in, io.out, io.err);
          }};
}

Command AddPlotCommand(CLI::App& app, Streams io) {
  auto options = std::make_shared<DecideOptions>();
  auto output = std::make_shared<std::string>("plan.svg");
  CLI::App* plot =
      app.add_subcommand("plot", "Draw a service-lb-policy plan as an SVG (regions, zones, backends, flows)");
  AddDecideOptions(*plot, *options);
  plot->add_option("-o,--output", *output, "SVG file to write, or - for standard output")->capture_default_str();
  return {plot, [=] { return Plot(*options, *output, io.in, io.out, io.err); }};
}

Command AddEnginesCommand(CLI::App& app, Streams io) {
  CLI::App* engines = app.add_subcommand("engines", "List the engines of this build");
  return {engines, [=] {
            std::string text;
            for (const Engine* engine : AvailableEngines()) {
              text += engine->name();
              if (const auto* o = dynamic_cast<const optimized::OptimizedEngine*>(engine)) {
                text += fmt::format(" (kernel {})", o->active_kernel());
              }
              text += "\n";
            }
            return Print(io.out, io.err, text, kExitOk);
          }};
}

Command AddExhaustiveCommand(CLI::App& app, Streams io) {
  auto options = std::make_shared<ExhaustiveOptions>();
  CLI::App* exhaustive =
      app.add_subcommand("exhaustive", "Check every scenario of a scope on every engine against the reference");
  exhaustive->add_option("--scope", options->scope, "ci (11 million scenarios) or campaign (105 million)")
      ->capture_default_str();
  AddShardOptions(*exhaustive, options->shard);
  exhaustive->add_option("--result", options->result,
                         "Write the shard's JSON result here, for `lbconform merge` "
                         "(vectors/schema/shard-result.schema.json)");
  exhaustive->add_option("--zones", options->zones, "Override the scope's number of zones (1-5)")
      ->check(CLI::Range(1, 5));
  exhaustive
      ->add_option("--max-vms-per-cell", options->max_vms_per_cell,
                   "Override the scope's VMs per (role, zone) cell (0-6)")
      ->check(CLI::Range(0, 6));
  exhaustive->add_option("--limit", options->limit, "Stop after this many scenarios of the shard")
      ->check(CLI::NonNegativeNumber);  // CLI11 reads "-1" into an unsigned as 2^64 - 1
  return {exhaustive, [=] { return Exhaustive(*options, io.out, io.err); }};
}

Command AddMergeCommand(CLI::App& app, Streams io) {
  auto files = std::make_shared<std::vector<std::string>>();
  auto output = std::make_shared<std::string>();
  CLI::App* merge = app.add_subcommand(
      "merge", "Check that shard results (exhaustive --result) cover their run exactly once, and sum them");
  merge->add_option("results", *files, "The shards' JSON results, one per shard")->required();
  merge->add_option("-o,--output", *output, "Write the merged JSON result here");
  return {merge, [=] { return MergeCommand(*files, *output, io.out, io.err); }};
}

// Catalogue prints the clause, gap or error-code catalogue.
int Catalogue(const std::string& which, const std::string& format, std::ostream& out, std::ostream& err) {
  if (format == "markdown") {
    if (which == "clauses") return Print(out, err, RenderClausesMarkdown(), kExitOk);
    if (which == "gaps") return Print(out, err, RenderGapsMarkdown(), kExitOk);
    return Print(out, err, RenderErrorCodesMarkdown(), kExitOk);
  }
  nlohmann::json rows = nlohmann::json::array();
  if (which == "clauses") {
    for (const ClauseInfo& c : AllClauses()) {
      const SourceInfo& source = InfoOf(c.source);
      const TranslationInfo* text = FindTranslation(c.translation);
      nlohmann::json translated = nullptr;  // English only
      if (text != nullptr) {
        translated = {
            {"language", text->language}, {"page", InfoOf(text->source).title}, {"section", c.translated_section}};
      }
      rows.push_back(
          {{"id", c.id},
           {"area", c.area},
           {"source",
            {{"url", source.url}, {"title", source.title}, {"section", c.section}, {"retrieved", source.retrieved}}},
           {"translated", translated},
           {"translatedCitation", TranslatedCitation(c)},
           {"paraphrase", c.paraphrase},
           {"exception", c.exception}});
    }
  } else if (which == "gaps") {
    for (const GapInfo& g : AllGaps()) {
      rows.push_back({{"id", g.id},
                      {"clauses", g.clauses},
                      {"question", g.question},
                      {"reading", g.reading},
                      {"reason", g.reason}});
    }
  } else {
    for (const ErrorCodeInfo& e : AllErrorCodes()) {
      rows.push_back({{"code", e.name}, {"stage", e.stage}, {"clause", e.clause}, {"description", e.description}});
    }
  }
  return Print(out, err, DumpJson(rows, 2) + "\n", kExitOk);
}

Command AddCatalogueCommand(CLI::App& app, Streams io) {
  auto which = std::make_shared<std::string>();
  auto format = std::make_shared<std::string>("markdown");
  CLI::App* catalogue = app.add_subcommand("catalogue", "Print the clause, gap or error-code catalogue");
  catalogue->add_option("which", *which, "clauses, gaps or errors")
      ->required()
      ->check(CLI::IsMember({"clauses", "gaps", "errors"}));
  catalogue->add_option("--format", *format, "markdown or json")
      ->check(CLI::IsMember({"markdown", "json"}))
      ->capture_default_str();
  return {catalogue, [=] { return Catalogue(*which, *format, io.out, io.err); }};
}

Command AddRunCommand(CLI::App& app, Streams io) {
  auto o = std::make_shared<RunCommandOptions>();
  CLI::App* run = app.add_subcommand("run", "Run the golden vectors on the built-in engines or on an adapter");
  CLI::Option* impl = run->add_option("--impl", o->impl, "Adapter command (run by /bin/sh) speaking the protocol");
  run->add_option("--vectors", o->vectors, "Vector folder (default: the suite's vectors/)");
  run->add_option("--engine", o->engines, "Only these built-in engines");
  run->add_option("--profile", o->profiles, "Only these profiles (spec-docs, en-2026-04-02, api-10min)");
  run->add_option("--id", o->ids, "Only vectors whose id matches this glob");
  run->add_option("--clause", o->clauses, "Only vectors citing this clause");
  run->add_option("--flag", o->flags, "Only vectors carrying this flag");
  run->add_option("--expectations", o->expectations, "Known failures: {\"knownFailures\": [{id, profile?, reason}]}");
  run->add_flag("--strict-expectations", o->strict_expectations, "A known failure that passes fails the run");
  run->add_option("--write-expectations", o->write_expectations,
                  "Write the current failures here as a starting expectations file");
  run->add_option("--report", o->report, "Write the JSON report here (vectors/schema/report.schema.json)");
  run->add_option("--junit", o->junit, "Write JUnit XML here");
  run->add_option("--summary-md", o->summary_md, "Write a Markdown summary here (for a CI job summary)");
  run->add_option("--save-failures", o->save_failures,
                  "Write each failing case here as a scenario file and its expected decision");
  run->add_option("--case-timeout", o->case_timeout_ms, "Milliseconds an adapter has per case")
      ->check(Positive())
      ->capture_default_str();
  run->add_option("--run-timeout", o->run_timeout_s, "Seconds for the whole run")
      ->check(Positive())
      ->capture_default_str();
  run->add_option("--max-adapter-errors", o->max_adapter_errors,
                  "Stop after this many adapter errors in a row with no good answer between them")
      ->check(Positive())
      ->capture_default_str();
  run->add_option("--form", o->form,
                  "auto: sessions for the kinds the adapter serves as sessions, else whole cases; whole: whole cases "
                  "only; session: only what it serves as sessions")
      ->check(CLI::IsMember({"auto", "whole", "session"}))
      ->capture_default_str();
  return {run, [=] {
            o->impl_given = impl->count() > 0;
            return Run(*o, io.out, io.err);
          }};
}

Command AddReportCommand(CLI::App& app, Streams io) {
  auto input = std::make_shared<std::string>();
  auto output = std::make_shared<std::string>("report.html");
  CLI::App* report =
      app.add_subcommand("report", "Render a JSON report of `lbconform run` as one self-contained HTML page");
  report->add_option("report", *input, "The JSON report (run --report FILE), or - for standard input")->required();
  CLI::Option* output_option =
      report->add_option("-o,--output", *output, "HTML file to write, or - for standard output")->capture_default_str();
  auto badge = std::make_shared<std::string>();
  report->add_option("--badge", *badge,
                     "Write a shields.io endpoint badge here (conforming kinds, passed/total); without -o, only it");
  return {report, [=] {
            const bool page = output_option->count() > 0 || badge->empty();
            return Report(*input, page ? *output : "", *badge, io.in, io.out, io.err);
          }};
}

Command AddAdapterCommand(CLI::App& app, Streams io) {
  auto engine = std::make_shared<std::string>("reference");
  auto sessions = std::make_shared<bool>(false);
  CLI::App* adapter =
      app.add_subcommand("adapter", "Serve the adapter protocol on stdin/stdout with a built-in engine");
  adapter->add_option("--engine", *engine, "Engine to answer with")->capture_default_str();
  adapter->add_flag("--sessions", *sessions,
                    "Also serve timelines as sessions, event by event (each event replays the history so far)");
  return {adapter, [=] { return Adapter(*engine, *sessions, io.in, io.out, io.err); }};
}

Command AddVectorsCommand(CLI::App& app, Streams io) {
  auto action = std::make_shared<std::string>();
  auto root = std::make_shared<std::string>();
  auto check = std::make_shared<bool>(false);
  CLI::App* vectors_cmd = app.add_subcommand("vectors", "Check or regenerate the golden vectors");
  vectors_cmd->add_option("action", *action, "lint or regen")->required()->check(CLI::IsMember({"lint", "regen"}));
  vectors_cmd->add_option("--vectors", *root,
                          "Vector folder (default: the suite's vectors/); one without schema/ (check --out, check "
                          "--findings) is linted as a folder of your own: the installed schemas, no coverage or "
                          "statement rule");
  vectors_cmd->add_flag("--check", *check, "regen: report differences, write nothing");
  return {vectors_cmd, [=] { return VectorsCommand(*action, *root, *check, io.out, io.err); }};
}

Command AddImportCommand(CLI::App& app, Streams io) {
  struct ImportArguments {
    std::string describe, health, clients, policy, output;
    std::vector<std::string> set_health;
    ImportOptions options;
  };
  auto a = std::make_shared<ImportArguments>();
  CLI::App* import_cmd = app.add_subcommand("import", "Build a scenario from gcloud describe and get-health output");
  import_cmd
      ->add_option(
          "--describe", a->describe,
          "gcloud compute backend-services describe NAME --region R, as YAML (gcloud's default) or --format=json "
          "(or the API's BackendService)")
      ->required();
  import_cmd
      ->add_option(
          "--health", a->health,
          "gcloud compute backend-services get-health NAME --region R, as YAML or JSON (or the API's getHealth "
          "response)")
      ->required();
  import_cmd->add_option(
      "--group", a->options.group,
      "The instance group of an API getHealth response (it names none), when the service has several");
  import_cmd->add_option("--client-zone", a->options.client_zone, "The client VM's zone");
  import_cmd->add_option("--client-region", a->options.client_region, "The client's region (default: from the zone)");
  import_cmd
      ->add_option("--client-type", a->options.client_type, "VM, VPN_TUNNEL, INTERCONNECT_ATTACHMENT or PSC_ENDPOINT")
      ->capture_default_str();
  import_cmd->add_option("--forwarding-rule", a->options.forwarding_rule,
                         "Use only this forwarding rule's health reports");
  import_cmd
      ->add_option("--set-health", a->set_health,
                   "What if: VM=STATE replaces a VM's reported health (HEALTHY, UNHEALTHY, DRAINING); repeatable")
      ->check(CLI::Validator(
          [](std::string& value) -> std::string {
            const std::size_t equals = value.find('=');
            if (equals == 0 || equals == std::string::npos || equals + 1 == value.size()) {
              return "expected VM=STATE, e.g. vm-a1=UNHEALTHY";
            }
            return "";
          },
          "VM=STATE"));
  import_cmd->add_option(
      "--clients", a->clients,
      "Global backend services: a JSON list of client locations {name, requestsPerSecond, rttMs: {zone: ms}}; "
      "the scenario is then of kind service-lb-policy");
  import_cmd->add_option("--service-lb-policy", a->policy,
                         "gcloud network-services service-lb-policies describe NAME --location=global --format=json");
  import_cmd->add_option("-o,--output", a->output, "Write the scenario here (default: standard output)");
  return {import_cmd, [=] {
            for (const std::string& change : a->set_health) {
              const std::size_t equals = change.find('=');
              a->options.set_health.emplace_back(change.substr(0, equals), change.substr(equals + 1));
            }
            return Import(a->describe, a->health, a->clients, a->policy, a->options, a->output, io.in, io.out, io.err);
          }};
}

// ------------------------------ help, did-you-mean, version, completion

std::vector<std::string> ProfileNames() {
  std::vector<std::string> names;
  for (Profile profile : AllProfiles()) names.emplace_back(NameOf(profile));
  return names;
}

// FindCommand is the subcommand called `name`, or nullptr (CLI11 2.1 has no
// non-throwing lookup).
template <typename AppType>
AppType* FindCommand(AppType& app, const std::string& name) {
  for (AppType* command : app.get_subcommands([](AppType*) { return true; })) {
    if (command->get_name() == name) return command;
  }
  return nullptr;
}

std::vector<std::string> CommandNames(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* command : app.get_subcommands([](const CLI::App*) { return true; })) {
    names.push_back(command->get_name());
  }
  return names;
}

// KnownProfile checks a --profile value, naming the valid ones and the
// nearest when the value is a typo.
CLI::Validator KnownProfile() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        if (ProfileFromName(value)) return "";
        return fmt::format("unknown profile '{}'{} (profiles: {})", value, DidYouMean(value, ProfileNames()),
                           fmt::join(ProfileNames(), ", "));
      },
      "PROFILE");
}

// CheckProfileNames puts KnownProfile on every subcommand's --profile.
void CheckProfileNames(CLI::App& app) {
  for (CLI::App* command : app.get_subcommands([](CLI::App*) { return true; })) {
    if (CLI::Option* profile = command->get_option_no_throw("--profile")) profile->check(KnownProfile());
  }
}

// AllocatorText names the malloc this process runs on: mimalloc when the
// binary is linked with it (cmake/Dependencies.cmake), else the C library's.
std::string AllocatorText() {
  void* const symbol = dlsym(RTLD_DEFAULT, "mi_version");
  if (symbol == nullptr) return "the C library's malloc";
  int (*mi_version)() = nullptr;
  std::memcpy(&mi_version, &symbol, sizeof symbol);
  const int version = mi_version();  // e.g. 209 for 2.0.9
  return fmt::format("mimalloc {}.{}.{}", version / 100, version / 10 % 10, version % 10);
}

// VersionText is the suite version and the digest of the vectors this binary
// finds, so a report can be matched to the vectors that produced it, and the
// allocator it runs on (its speed depends on it).
std::string VersionText() {
  const std::filesystem::path root = vectors::DefaultVectorRoot();
  std::string error;
  const auto files = vectors::LoadVectorDirectory(root, &error);
  const std::string allocator = "allocator: " + AllocatorText();
  if (!files || files->empty()) {
    return fmt::format("lbconform {}\nvectors: none found at {}\n{}", vectors::kSuiteVersion, root.string(), allocator);
  }
  int tests = 0;
  for (const vectors::VectorFile& file : *files) tests += file.number_of_tests;
  return fmt::format("lbconform {}\nvectors: {} ({} vectors in {} files at {})\n{}", vectors::kSuiteVersion,
                     vectors::VectorDigest(*files), tests, files->size(), root.string(), allocator);
}

// SetHelpFooters gives each subcommand's help an example and its exit
// statuses (cli/exit_statuses.cc).
void SetHelpFooters(CLI::App& app) {
  const std::vector<std::pair<const char*, std::string>> examples = {
      {"decide", "  lbconform decide --pretty scenario.json\n  lbconform import ... | lbconform decide -"},
      {"explain", "  lbconform explain --profile en-2026-04-02 scenario.json"},
      {"plot", "  lbconform plot plan.json -o plan.svg"},
      {"engines", "  lbconform engines"},
      {"exhaustive",
       "  lbconform exhaustive --scope campaign --shard 0/4 --result shard-0.json\n"
       "The shard comes from --shard I/N, else from the environment: TEST_SHARD_INDEX/TEST_TOTAL_SHARDS,\n"
       "GTEST_SHARD_INDEX/GTEST_TOTAL_SHARDS, JOB_COMPLETION_INDEX with --shards N, or\n"
       "SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT (less SLURM_ARRAY_TASK_MIN); sources must agree."},
      {"merge",
       "  lbconform exhaustive --scope ci --shard 0/4 --result shard-0.json   (and 1/4, 2/4, 3/4)\n"
       "  lbconform merge shard-*.json -o merged.json\n"
       "The files must be the shards of one run (same command, parameters, version, shard count) and cover\n"
       "its space exactly once: every shard I of N present once, each covering its whole slice."},
      {"catalogue", "  lbconform catalogue gaps --format json"},
      {"run", "  lbconform run --impl 'node my-adapter.js' --report report.json --junit junit.xml"},
      {"report",
       "  lbconform run --impl 'node adapter.js' --report report.json\n"
       "  lbconform report report.json -o report.html\n"
       "  lbconform report report.json --badge badge.json     # a shields.io endpoint: conforming kinds, passed/total"},
      {"check",
       "  lbconform check --impl 'python3 my_adapter.py' --time-budget 60 --out found/\n"
       "  lbconform run --vectors found/ --impl 'python3 my_adapter.py'    # replay what it found"},
      {"adapter", "  lbconform run --impl 'lbconform adapter --engine optimized'"},
      {"vectors",
       "  lbconform vectors lint\n"
       "  lbconform vectors lint --vectors found/    # a folder of your own: the installed schemas"},
      {"import",
       "  lbconform import --describe describe.yaml --health get-health.yaml --client-zone us-west1-a -o "
       "scenario.json\n"
       "  lbconform import --describe describe.yaml --health get-health.yaml --client-zone us-west1-a \\\n"
       "      --set-health vm-a1=UNHEALTHY | lbconform explain -      # what if vm-a1 fails?"},
      {"help", "  lbconform help run"},
      {"completion",
       "  lbconform completion bash > ~/.local/share/bash-completion/completions/lbconform\n"
       "  lbconform completion zsh > ~/.zfunc/_lbconform       # with fpath+=(~/.zfunc) before compinit\n"
       "  lbconform completion fish > ~/.config/fish/completions/lbconform.fish"},
  };
  for (const auto& [name, example] : examples) {
    if (CLI::App* command = FindCommand(app, name))
      command->footer("Example:\n" + example + "\n" + ExitStatusHelp(name));
  }
}

Command AddHelpCommand(CLI::App& app, Streams io) {
  auto topic = std::make_shared<std::string>();
  CLI::App* help = app.add_subcommand("help", "Print the help of lbconform or of one command");
  help->add_option("command", *topic, "The command to explain");
  CLI::App* top = &app;
  return {help, [=] {
            if (topic->empty()) {
              // App::help() would print the parsed subcommand's (this one's) help.
              return Print(io.out, io.err,
                           top->get_formatter()->make_help(top, "lbconform", CLI::AppFormatMode::Normal), kExitOk);
            }
            CLI::App* command = FindCommand(*top, *topic);
            if (command == nullptr) {
              io.err << fmt::format("lbconform: unknown command '{}'{}\n", *topic,
                                    DidYouMean(*topic, CommandNames(*top)));
              return kExitUsage;
            }
            return Print(io.out, io.err, command->help(), kExitOk);
          }};
}

Command AddCompletionCommand(CLI::App& app, Streams io) {
  auto shell = std::make_shared<std::string>();
  auto output = std::make_shared<std::string>("-");
  CLI::App* completion = app.add_subcommand("completion", "Print a shell completion script (bash, zsh or fish)");
  completion->add_option("shell", *shell, "bash, zsh or fish")
      ->required()
      ->check(CLI::IsMember({"bash", "zsh", "fish"}));
  completion->add_option("-o,--output", *output, "Write the script here (default: standard output)");
  CLI::App* top = &app;
  return {completion, [io, top, shell, output] {
            CompletionValues values;
            for (const Engine* engine : AvailableEngines()) values.engines.emplace_back(engine->name());
            values.profiles = ProfileNames();
            const std::string script = *shell == "zsh"    ? ZshCompletion(*top, values)
                                       : *shell == "fish" ? FishCompletion(*top, values)
                                                          : BashCompletion(*top, values);
            const std::optional<std::string> problem =
                *output == "-" ? WriteOutput(io.out, script) : WriteOutputFile(*output, script);
            if (problem) {
              io.err << "lbconform: " << *problem << "\n";
              return kExitWriteFailed;
            }
            return kExitOk;
          }};
}

// UnknownWord says which command or option of argv lbconform does not know,
// with the nearest known one; nullopt when every word is known. The option
// names of the command that argv names are the candidates.
std::optional<std::string> UnknownWord(const CLI::App& app, int argc, const char* const* argv) {
  if (argc < 2) return std::nullopt;
  const std::string first = argv[1];
  const CLI::App* command = nullptr;
  if (!first.starts_with("-")) {
    command = FindCommand(app, first);
    if (command == nullptr) {
      return fmt::format("unknown command '{}'{} (commands: {})", first, DidYouMean(first, CommandNames(app)),
                         fmt::join(CommandNames(app), ", "));
    }
  }
  const CLI::App& scope = command != nullptr ? *command : app;
  std::vector<std::string> options;
  for (const CLI::Option* option : scope.get_options()) {
    for (const std::string& name : option->get_lnames()) options.push_back("--" + name);
    for (const std::string& name : option->get_snames()) options.push_back("-" + name);
  }
  for (int i = command != nullptr ? 2 : 1; i < argc; ++i) {
    std::string word = argv[i];
    if (word == "--") break;
    if (!word.starts_with("-") || word == "-") continue;
    // A negative number is an option's value (`--limit -1`), for CLI11 to check.
    if (std::isdigit(static_cast<unsigned char>(word[1])) != 0) continue;
    word = word.substr(0, word.find('='));
    if (std::find(options.begin(), options.end(), word) != options.end()) continue;
    if (!word.starts_with("--") && word.size() > 2) continue;  // -ofile: CLI11's own business
    const std::string where = command != nullptr ? fmt::format(" for '{}'", command->get_name()) : "";
    return fmt::format("unknown option '{}'{}{}", word, where, DidYouMean(word, options));
  }
  return std::nullopt;
}

}  // namespace

int RunCli(int argc, const char* const* argv, std::istream& in, std::ostream& out, std::ostream& err) {
  CLI::App app{"lbconform: conformance suite for Google Cloud load-balancer backend selection"};
  app.require_subcommand(1);
  app.set_version_flag(
      "--version", [] { return VersionText(); }, "Print the suite version and the vectors' digest");
  app.footer("Run `lbconform help COMMAND` for a command's options, an example and its exit statuses.");
  const Streams io{in, out, err};
  const std::vector<Command> commands = {
      AddDecideCommand(app, io),    AddPlotCommand(app, io),       AddExplainCommand(app, io),
      AddEnginesCommand(app, io),   AddExhaustiveCommand(app, io), AddMergeCommand(app, io),
      AddCatalogueCommand(app, io), AddRunCommand(app, io),        AddCheckCommand(app, io),
      AddAdapterCommand(app, io),   AddVectorsCommand(app, io),    AddImportCommand(app, io),
      AddReportCommand(app, io),    AddHelpCommand(app, io),       AddCompletionCommand(app, io),
  };
  CheckProfileNames(app);
  SetHelpFooters(app);
  if (argc < 2) {
    err << app.help();
    return kExitUsage;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() != 0) {
      if (const std::optional<std::string> unknown = UnknownWord(app, argc, argv)) {
        err << "lbconform: " << *unknown << "\nRun `lbconform help` for the commands and their options.\n";
        return kExitUsage;
      }
    }
    const int status = app.exit(e, out, err);
    return status == 0 ? kExitOk : kExitUsage;
  }
  for (const Command& command : commands) {
    if (!command.app->parsed()) continue;
    const int status = command.action();
    if (!ExitStatusDeclared(command.app->get_name(), status)) {
      err << fmt::format(
          "lbconform: internal error: `{0}` ended with exit status {1}, which `lbconform help {0}` does not list\n",
          command.app->get_name(), status);
    }
    return status;
  }
  return kExitUsage;
}

}  // namespace lbconform
