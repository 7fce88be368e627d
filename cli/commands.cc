#include "cli/commands.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cli/engines.h"
#include "cli/exhaustive.h"
#include "cli/render.h"
#include "reference/scenario_json.h"

namespace lbconform {
namespace {

// ReadInput reads a file (or `-` for `in`) up to one byte past the input
// limit, so that a huge input is refused without reading all of it.
std::optional<std::string> ReadInput(const std::string& path, std::istream& in, std::ostream& err) {
  std::ifstream file;
  std::istream* source = &in;
  if (path != "-") {
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
  return text;
}

struct DecideOptions {
  std::string input = "-";
  std::string engine = "reference";
  std::string profile = "spec-docs";
  bool trace = false;
  bool pretty = false;
};

int Decide(const DecideOptions& options, bool explain, std::istream& in, std::ostream& out,
           std::ostream& err) {
  const Engine* engine = FindEngine(options.engine);
  if (engine == nullptr) {
    std::vector<std::string_view> names;
    for (const Engine* e : AvailableEngines()) names.push_back(e->name());
    std::string why;
    if (options.engine == "optimized" && SelectedOptimizedEngine(&why) == nullptr) {
      err << fmt::format("lbconform: engine 'optimized' is unavailable: {}\n", why);
      return kExitUsage;
    }
    err << fmt::format("lbconform: unknown engine '{}' (available: {})\n", options.engine,
                       fmt::join(names, ", "));
    return kExitUsage;
  }
  const std::optional<Profile> profile = ProfileFromName(options.profile);
  if (!profile) {
    err << fmt::format("lbconform: unknown profile '{}' (spec-docs, en-2026-04-02)\n", options.profile);
    return kExitUsage;
  }
  const std::optional<std::string> text = ReadInput(options.input, in, err);
  if (!text) return kExitUsage;

  DecodedScenario decoded = DecodeScenario(*text);
  const PassthroughDecision decision = decoded.scenario ? engine->Decide(*decoded.scenario, *profile)
                                                        : InvalidDecision(decoded.errors);
  if (explain) {
    out << RenderExplanation(decoded.scenario ? &*decoded.scenario : nullptr, decision, engine->name(),
                             *profile);
  } else {
    out << DumpJson(EncodeDecision(decision, {.trace = options.trace}), options.pretty ? 2 : -1) << "\n";
  }
  return decision.valid() ? kExitOk : kExitRejected;
}

void AddDecideOptions(CLI::App& command, DecideOptions& options) {
  command.add_option("input", options.input, "Scenario JSON file, or - for standard input")
      ->capture_default_str();
  command.add_option("--engine", options.engine, "Engine to decide with (see `lbconform engines`)")
      ->capture_default_str();
  command.add_option("--profile", options.profile, "Spec revision: spec-docs or en-2026-04-02")
      ->capture_default_str();
}

struct ExhaustiveOptions {
  std::string scope = "ci";
  std::string shard = "0/1";
  int zones = -1;
  int max_vms_per_cell = -1;
  std::uint64_t limit = 0;
};

// ParseShard reads "I/N" with 0 <= I < N (0-based, as Bazel's TEST_SHARD_INDEX).
bool ParseShard(const std::string& text, std::uint64_t& index, std::uint64_t& count) {
  const std::size_t slash = text.find('/');
  if (slash == std::string::npos) return false;
  try {
    std::size_t used = 0;
    index = std::stoull(text.substr(0, slash), &used);
    if (used != slash) return false;
    count = std::stoull(text.substr(slash + 1), &used);
    if (used != text.size() - slash - 1) return false;
  } catch (const std::exception&) {
    return false;
  }
  return count > 0 && index < count;
}

int Exhaustive(const ExhaustiveOptions& options, std::ostream& out, std::ostream& err) {
  ExhaustiveScope scope;
  if (!NamedScope(options.scope, scope)) {
    err << fmt::format("lbconform: unknown scope '{}' (ci, campaign)\n", options.scope);
    return kExitUsage;
  }
  if (options.zones >= 0) scope.zones = options.zones;
  if (options.max_vms_per_cell >= 0) scope.max_vms_per_cell = options.max_vms_per_cell;
  std::uint64_t shard = 0;
  std::uint64_t shards = 1;
  if (!ParseShard(options.shard, shard, shards)) {
    err << fmt::format("lbconform: --shard wants I/N with 0 <= I < N, got '{}'\n", options.shard);
    return kExitUsage;
  }
  const std::uint64_t total = ScopeSize(scope);
  const IndexRange range = ShardRange(total, shard, shards);
  const std::uint64_t begin = range.begin;
  std::uint64_t end = range.end;
  if (options.limit > 0) end = std::min(end, begin + options.limit);
  std::string why;
  if (SelectedOptimizedEngine(&why) == nullptr) {
    err << "lbconform: " << why << "\n";
    return kExitUsage;
  }
  const std::vector<const Engine*> engines = AvailableEngines();
  std::vector<std::string_view> names;
  for (const Engine* e : engines) names.push_back(e->name());
  const bool terminal = &err == &std::cerr && isatty(STDERR_FILENO) == 1;
  const auto start = std::chrono::steady_clock::now();
  const ExhaustiveResult result = RunExhaustive(
      scope, begin, end, engines, [&](const std::string& text) { out << "DISAGREEMENT " << text; },
      [&](std::uint64_t done) {
        if (!terminal) return;
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        err << fmt::format("\rexhaustive: {}/{} ({:.1f}%), {:.0f}/s   ", done, end - begin,
                           100.0 * static_cast<double>(done) / static_cast<double>(std::max<std::uint64_t>(1, end - begin)),
                           static_cast<double>(done) / std::max(seconds, 1e-9))
            << std::flush;
      });
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (terminal) err << "\n";
  out << fmt::format(
      "exhaustive: scope {} ({} zones, <= {} VMs per cell), shard {}/{}: {} scenarios checked "
      "(indices {}..{} of {}), {} disagreements, {} rejected alike by every engine; engines {}; {:.1f} s\n",
      options.scope, scope.zones, scope.max_vms_per_cell, shard, shards, result.checked, begin, end, total,
      result.disagreements, result.invalid, fmt::join(names, ", "), seconds);
  return result.disagreements == 0 ? kExitOk : kExitRejected;
}

}  // namespace

int RunCli(int argc, const char* const* argv, std::istream& in, std::ostream& out, std::ostream& err) {
  CLI::App app{"lbconform: conformance suite for Google Cloud load-balancer backend selection"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "lbconform 0.1.0");

  DecideOptions decide_options;
  CLI::App* decide = app.add_subcommand("decide", "Decide one scenario; print the decision JSON");
  AddDecideOptions(*decide, decide_options);
  decide->add_flag("--trace", decide_options.trace, "Include the informative step trace");
  decide->add_flag("--pretty", decide_options.pretty, "Indent the JSON");

  DecideOptions explain_options;
  CLI::App* explain = app.add_subcommand("explain", "Explain one decision step by step, with clause IDs");
  AddDecideOptions(*explain, explain_options);

  app.add_subcommand("engines", "List the engines of this build");

  ExhaustiveOptions exhaustive_options;
  CLI::App* exhaustive =
      app.add_subcommand("exhaustive", "Check every scenario of a scope on every engine against the reference");
  exhaustive->add_option("--scope", exhaustive_options.scope, "ci (11 million scenarios) or campaign (105 million)")
      ->capture_default_str();
  exhaustive->add_option("--shard", exhaustive_options.shard, "I/N: check the I-th of N slices (0-based)")
      ->capture_default_str();
  exhaustive->add_option("--zones", exhaustive_options.zones, "Override the scope's number of zones (1-5)")
      ->check(CLI::Range(1, 5));
  exhaustive->add_option("--max-vms-per-cell", exhaustive_options.max_vms_per_cell,
                         "Override the scope's VMs per (role, zone) cell (0-6)")
      ->check(CLI::Range(0, 6));
  exhaustive->add_option("--limit", exhaustive_options.limit, "Stop after this many scenarios of the shard");

  std::string catalogue_name;
  std::string catalogue_format = "markdown";
  CLI::App* catalogue = app.add_subcommand("catalogue", "Print the clause, gap or error-code catalogue");
  catalogue->add_option("which", catalogue_name, "clauses, gaps or errors")
      ->required()
      ->check(CLI::IsMember({"clauses", "gaps", "errors"}));
  catalogue->add_option("--format", catalogue_format, "markdown or json")
      ->check(CLI::IsMember({"markdown", "json"}))
      ->capture_default_str();

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int status = app.exit(e, out, err);
    return status == 0 ? kExitOk : kExitUsage;
  }

  if (decide->parsed()) return Decide(decide_options, /*explain=*/false, in, out, err);
  if (explain->parsed()) return Decide(explain_options, /*explain=*/true, in, out, err);
  if (exhaustive->parsed()) return Exhaustive(exhaustive_options, out, err);
  if (app.got_subcommand("engines")) {
    for (const Engine* engine : AvailableEngines()) {
      out << engine->name();
      if (const auto* o = dynamic_cast<const optimized::OptimizedEngine*>(engine)) {
        out << " (kernel " << o->active_kernel() << ")";
      }
      out << "\n";
    }
    return kExitOk;
  }
  if (catalogue->parsed()) {
    if (catalogue_format == "markdown") {
      if (catalogue_name == "clauses") out << RenderClausesMarkdown();
      if (catalogue_name == "gaps") out << RenderGapsMarkdown();
      if (catalogue_name == "errors") out << RenderErrorCodesMarkdown();
      return kExitOk;
    }
    nlohmann::json rows = nlohmann::json::array();
    if (catalogue_name == "clauses") {
      for (const ClauseInfo& c : AllClauses()) {
        rows.push_back({{"id", c.id}, {"area", c.area}, {"source", c.source},
                        {"paraphrase", c.paraphrase}, {"exception", c.exception}});
      }
    } else if (catalogue_name == "gaps") {
      for (const GapInfo& g : AllGaps()) {
        rows.push_back({{"id", g.id}, {"clauses", g.clauses}, {"question", g.question},
                        {"reading", g.reading}, {"reason", g.reason}});
      }
    } else {
      for (const ErrorCodeInfo& e : AllErrorCodes()) {
        rows.push_back({{"code", e.name}, {"stage", e.stage}, {"clause", e.clause},
                        {"description", e.description}});
      }
    }
    out << DumpJson(rows, 2) << "\n";
    return kExitOk;
  }
  return kExitUsage;
}

}  // namespace lbconform
