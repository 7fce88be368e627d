#include "check/shard.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <set>

#include "check/check_result.h"
#include "check/finding_groups.h"
#include "documents/output_files.h"
#include "documents/scenario_json.h"
#include "model/exit_status.h"
#include "vectors/runner.h"
#include "vectors/schema_check.h"
#include "vectors/vector_file.h"

namespace lbconform {
namespace {

// ParseCount reads a decimal number of digits only (stoull would read "-2"
// as 2^64 - 2 and " 3" as 3); nullopt on anything else or on overflow.
std::optional<std::uint64_t> ParseCount(std::string_view text) {
  if (text.empty() || text.size() > 19) return std::nullopt;  // 19 digits always fit in 64 bits
  std::uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + static_cast<std::uint64_t>(c - '0');
  }
  return value;
}

// A Candidate is what one source says: an index, and a total unless the
// source names only an index (JOB_COMPLETION_INDEX beside --shard).
struct Candidate {
  std::string source;
  std::uint64_t index = 0;
  std::optional<std::uint64_t> count;
};

std::string Describe(const Candidate& c) {
  return c.count ? fmt::format("{} says {}/{}", c.source, c.index, *c.count)
                 : fmt::format("{} says index {}", c.source, c.index);
}

// Variable is an environment variable's value, empty counting as unset.
std::optional<std::string> Variable(const EnvironmentLookup& environment, const std::string& name) {
  std::optional<std::string> value = environment(name);
  if (value && value->empty()) return std::nullopt;
  return value;
}

// NumberOf reads a variable that must be a number; `error` names it otherwise.
std::optional<std::uint64_t> NumberOf(const std::string& name, const std::string& value, std::string& error) {
  const std::optional<std::uint64_t> number = ParseCount(value);
  if (!number) error = fmt::format("{}='{}' is not a non-negative integer", name, value);
  return number;
}

// PairSource reads an index/total pair of variables (Bazel, googletest).
// Returns false with `error` set on a bad pair; adds nothing when both are unset.
bool PairSource(const EnvironmentLookup& environment, const std::string& index_name, const std::string& total_name,
                std::vector<Candidate>& candidates, std::string& error) {
  const std::optional<std::string> index = Variable(environment, index_name);
  const std::optional<std::string> total = Variable(environment, total_name);
  if (!index && !total) return true;
  if (!index || !total) {
    error = fmt::format("{} is set but {} is not", index ? index_name : total_name, index ? total_name : index_name);
    return false;
  }
  const std::optional<std::uint64_t> i = NumberOf(index_name, *index, error);
  if (!i) return false;
  const std::optional<std::uint64_t> n = NumberOf(total_name, *total, error);
  if (!n) return false;
  candidates.push_back({index_name + "/" + total_name, *i, *n});
  return true;
}

// SlurmSource reads a SLURM job array: the index is the task ID less the
// array's first ID (SLURM_ARRAY_TASK_MIN, 0 when unset), the total is the
// number of tasks; a stepped (--array=0-15:4) or listed (--array=1,3,7) array
// has no such mapping and is refused.
bool SlurmSource(const EnvironmentLookup& environment, std::vector<Candidate>& candidates, std::string& error) {
  const std::optional<std::string> id = Variable(environment, "SLURM_ARRAY_TASK_ID");
  const std::optional<std::string> count = Variable(environment, "SLURM_ARRAY_TASK_COUNT");
  if (!id && !count) return true;
  if (!id || !count) {
    error = fmt::format("{} is set but {} is not", id ? "SLURM_ARRAY_TASK_ID" : "SLURM_ARRAY_TASK_COUNT",
                        id ? "SLURM_ARRAY_TASK_COUNT" : "SLURM_ARRAY_TASK_ID");
    return false;
  }
  const std::optional<std::uint64_t> task = NumberOf("SLURM_ARRAY_TASK_ID", *id, error);
  if (!task) return false;
  const std::optional<std::uint64_t> tasks = NumberOf("SLURM_ARRAY_TASK_COUNT", *count, error);
  if (!tasks) return false;
  std::uint64_t first = 0;
  if (const std::optional<std::string> min = Variable(environment, "SLURM_ARRAY_TASK_MIN")) {
    const std::optional<std::uint64_t> m = NumberOf("SLURM_ARRAY_TASK_MIN", *min, error);
    if (!m) return false;
    first = *m;
  }
  if (const std::optional<std::string> step = Variable(environment, "SLURM_ARRAY_TASK_STEP")) {
    const std::optional<std::uint64_t> s = NumberOf("SLURM_ARRAY_TASK_STEP", *step, error);
    if (!s) return false;
    if (*s != 1) {
      error = fmt::format(
          "SLURM_ARRAY_TASK_STEP={}: a stepped job array does not number its tasks 0..N-1; use --array=0-{} (or "
          "--shard I/N)",
          *s, *tasks == 0 ? 0 : *tasks - 1);
      return false;
    }
  }
  if (const std::optional<std::string> max = Variable(environment, "SLURM_ARRAY_TASK_MAX")) {
    const std::optional<std::uint64_t> m = NumberOf("SLURM_ARRAY_TASK_MAX", *max, error);
    if (!m) return false;
    if (*m < first || *m - first + 1 != *tasks) {
      error = fmt::format(
          "SLURM_ARRAY_TASK_MIN={} SLURM_ARRAY_TASK_MAX={} SLURM_ARRAY_TASK_COUNT={}: the job array is not one "
          "contiguous range of task IDs; use --array={}-{} (or --shard I/N)",
          first, *m, *tasks, first, *tasks == 0 ? first : first + *tasks - 1);
      return false;
    }
  }
  if (*task < first) {
    error = fmt::format("SLURM_ARRAY_TASK_ID={} is below SLURM_ARRAY_TASK_MIN={}", *task, first);
    return false;
  }
  candidates.push_back({"SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT", *task - first, *tasks});
  return true;
}

}  // namespace

IndexRange ShardRange(std::uint64_t total, std::uint64_t index, std::uint64_t count) {
  const std::uint64_t base = total / count;
  const std::uint64_t extra = total % count;  // the first `extra` shards take one more
  const std::uint64_t begin = base * index + std::min(index, extra);
  return {begin, begin + base + (index < extra ? 1 : 0)};
}

std::uint64_t CaseSeed(std::uint64_t run_seed, std::uint64_t case_index) {
  std::uint64_t z = run_seed + 0x9e3779b97f4a7c15ULL * (case_index + 1);  // wraps: arithmetic mod 2^64
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::optional<std::string> ProcessEnvironment(const std::string& name) {
  const char* value = std::getenv(name.c_str());
  if (value == nullptr) return std::nullopt;
  return std::string(value);
}

std::optional<Shard> ResolveShard(const ShardArguments& arguments, const EnvironmentLookup& environment,
                                  std::string& error) {
  std::vector<Candidate> candidates;
  if (!arguments.shard.empty()) {
    const std::size_t slash = arguments.shard.find('/');
    const std::optional<std::uint64_t> index =
        slash == std::string::npos ? std::nullopt : ParseCount(std::string_view(arguments.shard).substr(0, slash));
    const std::optional<std::uint64_t> count =
        slash == std::string::npos ? std::nullopt : ParseCount(std::string_view(arguments.shard).substr(slash + 1));
    if (!index || !count) {
      error = fmt::format("--shard wants I/N with 0 <= I < N, got '{}'", arguments.shard);
      return std::nullopt;
    }
    candidates.push_back({"--shard", *index, *count});
  }
  if (!PairSource(environment, "TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS", candidates, error) ||
      !PairSource(environment, "GTEST_SHARD_INDEX", "GTEST_TOTAL_SHARDS", candidates, error)) {
    return std::nullopt;
  }
  const std::optional<std::string> completion = Variable(environment, "JOB_COMPLETION_INDEX");
  if (!arguments.shards.empty()) {
    const std::optional<std::uint64_t> total = ParseCount(arguments.shards);
    if (!total) {
      error = fmt::format("--shards wants a positive integer, got '{}'", arguments.shards);
      return std::nullopt;
    }
    if (!completion) {
      error =
          "--shards N takes the shard's index from JOB_COMPLETION_INDEX (a Kubernetes Indexed Job), which is not "
          "set; elsewhere give --shard I/N";
      return std::nullopt;
    }
    const std::optional<std::uint64_t> index = NumberOf("JOB_COMPLETION_INDEX", *completion, error);
    if (!index) return std::nullopt;
    candidates.push_back({"JOB_COMPLETION_INDEX with --shards", *index, *total});
  } else if (completion) {
    if (arguments.shard.empty()) {
      error = fmt::format(
          "JOB_COMPLETION_INDEX={} is set (a Kubernetes Indexed Job): give --shards N, the Job's completions, "
          "or --shard I/N",
          *completion);
      return std::nullopt;
    }
    const std::optional<std::uint64_t> index = NumberOf("JOB_COMPLETION_INDEX", *completion, error);
    if (!index) return std::nullopt;
    candidates.push_back({"JOB_COMPLETION_INDEX", *index, std::nullopt});
  }
  if (!SlurmSource(environment, candidates, error)) return std::nullopt;

  if (candidates.empty()) return Shard{};
  for (const Candidate& c : candidates) {
    if (!c.count) continue;
    if (*c.count == 0) {
      error = fmt::format("{}: a total of 0 shards", Describe(c));
      return std::nullopt;
    }
    if (c.index >= *c.count) {
      error = fmt::format("{}: the index must be below the total (0-based)", Describe(c));
      return std::nullopt;
    }
  }
  const Candidate& first = candidates.front();
  std::vector<std::string> agreeing;
  for (std::size_t i = 1; i < candidates.size(); ++i) {
    const Candidate& c = candidates[i];
    if (c.index != first.index || (c.count && *c.count != *first.count)) {
      error = fmt::format("the shard's sources disagree: {}, {}", Describe(first), Describe(c));
      return std::nullopt;
    }
    agreeing.push_back(c.source);
  }
  Shard shard{first.index, *first.count, first.source};
  if (!agreeing.empty()) shard.source += fmt::format(" (agreeing: {})", fmt::join(agreeing, ", "));
  return shard;
}

std::optional<std::string> AcknowledgeBazelSharding(const EnvironmentLookup& environment) {
  const std::optional<std::string> path = Variable(environment, "TEST_SHARD_STATUS_FILE");
  if (!path || !Variable(environment, "TEST_TOTAL_SHARDS")) return std::nullopt;
  return WriteOutputFile(*path, "");
}

// ------------------------------ results

nlohmann::json EncodeShardResult(const ShardResult& result) {
  const ShardResult& r = result;
  const std::uint64_t findings = r.counts.value("findings", std::uint64_t{0});
  auto range = [](const IndexRange& span) { return nlohmann::json{{"begin", span.begin}, {"end", span.end}}; };
  nlohmann::json j = {
      {"shardResultVersion", kShardResultVersion},
      {"result", r.merged ? "merged" : "shard"},
      {"command", r.command},
      {"toolVersion", r.tool_version},
      {"parameters", r.parameters},
      {"spaceDigest", r.space_digest},
      {"space", {{"unit", r.unit}, {"size", r.space_size}}},
      {"shard", {{"index", r.shard.index}, {"count", r.shard.count}, {"source", r.shard.source}}},
      {"covered", range(r.covered)},
      {"stoppedAtFinding", r.stopped_at_finding},
      {"counts", r.counts},
      {"findings", r.findings},
      {"findingsOmitted", r.distinct_findings ? r.findings_omitted_by_shards
                                              : findings - std::min<std::uint64_t>(findings, r.findings.size())},
      {"informative", r.informative},
  };
  if (r.merged) {
    j["complete"] = r.complete;
    j["shards"] = r.shards;
  }
  if (r.distinct_findings) j["distinctFindings"] = *r.distinct_findings;
  if (!r.coverage.is_null()) j["coverage"] = r.coverage;
  return j;
}

namespace {

// Contradiction: what makes a decoded shard result contradict itself (rules
// of every command), or nullopt. `omitted` is its findingsOmitted.
std::optional<std::string> Contradiction(const ShardResult& r, std::uint64_t omitted) {
  if (r.shard.count == 0 || r.shard.index >= r.shard.count) {
    return fmt::format("shard {}/{} is not a shard (0 <= index < count)", r.shard.index, r.shard.count);
  }
  if (r.covered.begin > r.covered.end || r.covered.end > r.space_size) {
    return fmt::format("covered {}..{} is not within the space 0..{}", r.covered.begin, r.covered.end, r.space_size);
  }
  if (r.counts.at("checked").get<std::uint64_t>() != r.covered.end - r.covered.begin) {
    return fmt::format("counts.checked {} is not the size of covered {}..{}", r.counts.at("checked").dump(),
                       r.covered.begin, r.covered.end);
  }
  const std::uint64_t findings = r.counts.at("findings").get<std::uint64_t>();
  if (r.findings.size() > findings) return "more findings listed than counts.findings";
  if (omitted != findings - r.findings.size()) {
    return fmt::format("findingsOmitted {} is not counts.findings {} less the {} findings listed", omitted, findings,
                       r.findings.size());
  }
  if (omitted > 0 && r.findings.size() < kMaxStoredFindings) {
    return fmt::format("findingsOmitted {} while only {} findings are listed (findings are omitted past {})", omitted,
                       r.findings.size(), kMaxStoredFindings);
  }
  if (r.stopped_at_finding && findings == 0) return "stoppedAtFinding, yet counts.findings is 0";
  if (r.command == "check") return CheckResultContradiction(r);
  return std::nullopt;
}

}  // namespace

std::optional<ShardResult> DecodeShardResult(const nlohmann::json& j, std::string& error) {
  // The schema has been checked: the types are right. What is left are the
  // rules a schema cannot say.
  ShardResult r;
  if (j.value("result", "") != "shard") {
    error = "a merged result, not one shard's (merge takes the shards' own results)";
    return std::nullopt;
  }
  r.command = j.at("command").get<std::string>();
  r.tool_version = j.at("toolVersion").get<std::string>();
  r.parameters = j.at("parameters");
  r.space_digest = j.at("spaceDigest").get<std::string>();
  r.unit = j.at("space").at("unit").get<std::string>();
  r.space_size = j.at("space").at("size").get<std::uint64_t>();
  r.shard.index = j.at("shard").at("index").get<std::uint64_t>();
  r.shard.count = j.at("shard").at("count").get<std::uint64_t>();
  r.shard.source = j.at("shard").at("source").get<std::string>();
  r.covered.begin = j.at("covered").at("begin").get<std::uint64_t>();
  r.covered.end = j.at("covered").at("end").get<std::uint64_t>();
  r.stopped_at_finding = j.at("stoppedAtFinding").get<bool>();
  r.counts = j.at("counts");
  for (const nlohmann::json& f : j.at("findings")) r.findings.push_back(f);
  r.informative = j.at("informative");
  r.coverage = j.value("coverage", nlohmann::json());
  if (std::optional<std::string> problem = Contradiction(r, j.at("findingsOmitted").get<std::uint64_t>())) {
    error = "it contradicts itself: " + *problem;
    return std::nullopt;
  }
  return r;
}

std::optional<std::string> WriteShardResult(const std::string& path, const ShardResult& result) {
  return WriteOutputFile(path, DumpJson(EncodeShardResult(result), 2) + "\n");
}

// ------------------------------ merge

namespace {

// NotOneRun: why `inputs` are not the shards of one run; everything that
// defines a run must equal the first file's.
std::vector<std::string> NotOneRun(const std::vector<NamedShardResult>& inputs) {
  std::vector<std::string> problems;
  const ShardResult& first = inputs.front().result;
  const std::string& first_name = inputs.front().name;
  for (const NamedShardResult& input : inputs) {
    const ShardResult& r = input.result;
    auto differs = [&](const char* what, const std::string& mine, const std::string& theirs) {
      if (mine == theirs) return;
      problems.push_back(
          fmt::format("{} and {} are not one run: {} {} vs {}", first_name, input.name, what, theirs, mine));
    };
    differs("command", r.command, first.command);
    differs("tool version", r.tool_version, first.tool_version);
    differs("parameters", DumpJson(r.parameters), DumpJson(first.parameters));
    differs("space digest", r.space_digest, first.space_digest);
    differs("space", fmt::format("{} {}s", r.space_size, r.unit), fmt::format("{} {}s", first.space_size, first.unit));
    differs("shard count", std::to_string(r.shard.count), std::to_string(first.shard.count));
    std::set<std::string> mine, theirs;
    for (const auto& [key, value] : r.counts.items()) mine.insert(key);
    for (const auto& [key, value] : first.counts.items()) theirs.insert(key);
    differs("counts", fmt::format("{}", fmt::join(mine, ",")), fmt::format("{}", fmt::join(theirs, ",")));
  }
  return problems;
}

// ShardCoverage is each shard's result by index, what keeps them from
// covering the space exactly once, and the shards that stopped at a finding.
struct ShardCoverage {
  std::map<std::uint64_t, const NamedShardResult*> by_index;
  std::vector<std::string> problems;
  std::vector<std::string> stopped;
};

// CoverageOf: one result per shard index, each covering its own slice (a
// shard that stopped at a finding covers the start of its slice).
ShardCoverage CoverageOf(const std::vector<NamedShardResult>& inputs) {
  ShardCoverage coverage;
  const ShardResult& first = inputs.front().result;
  const std::uint64_t count = first.shard.count;
  for (const NamedShardResult& input : inputs) {
    const ShardResult& r = input.result;
    const auto [it, inserted] = coverage.by_index.emplace(r.shard.index, &input);
    if (!inserted) {
      coverage.problems.push_back(
          fmt::format("shard {}/{} is given twice ({} and {}): its slice would be counted twice", r.shard.index, count,
                      it->second->name, input.name));
      continue;
    }
    const IndexRange slice = ShardRange(first.space_size, r.shard.index, count);
    if (r.covered == slice) continue;
    if (r.covered.begin == slice.begin && r.covered.end < slice.end && r.stopped_at_finding &&
        r.counts.at("findings").get<std::uint64_t>() > 0) {
      coverage.stopped.push_back(fmt::format("shard {}/{} ({}) stopped at a finding after {}..{} of its slice {}..{}",
                                             r.shard.index, count, input.name, r.covered.begin, r.covered.end,
                                             slice.begin, slice.end));
      continue;
    }
    coverage.problems.push_back(fmt::format("shard {}/{} ({}) covered {}..{}, but its slice is {}..{}{}", r.shard.index,
                                            count, input.name, r.covered.begin, r.covered.end, slice.begin, slice.end,
                                            r.covered.end < slice.end ? " (stopped early: a --limit?)" : ""));
  }
  std::vector<std::uint64_t> missing;  // the first few, to name them
  for (std::uint64_t i = 0; i < count && missing.size() < 20; ++i) {
    if (!coverage.by_index.contains(i)) missing.push_back(i);
  }
  if (!missing.empty()) {
    const std::uint64_t absent = count - coverage.by_index.size();
    coverage.problems.push_back(fmt::format("{} of {} shards missing: {}{}", absent, count, fmt::join(missing, ", "),
                                            absent > missing.size() ? ", ..." : ""));
  }
  return coverage;
}

// Sum: the shards' counts and findings added up, in shard order; nullopt with
// `problem` when a sum passes 2^64 (no real run counts that much).
std::optional<ShardResult> Sum(const ShardResult& first, const ShardCoverage& coverage, std::string& problem) {
  const bool stopped_early = !coverage.stopped.empty();
  ShardResult merged;
  merged.merged = true;
  merged.command = first.command;
  merged.tool_version = first.tool_version;
  merged.parameters = first.parameters;
  merged.space_digest = first.space_digest;
  merged.unit = first.unit;
  merged.space_size = first.space_size;
  merged.shard = {0, first.shard.count, "merge"};
  // Stopped early, not one range: the shards' list says what was covered.
  merged.covered = stopped_early ? IndexRange{} : IndexRange{0, first.space_size};
  merged.complete = !stopped_early;
  merged.stopped_at_finding = stopped_early;
  merged.counts = nlohmann::json::object();
  for (const auto& [key, value] : first.counts.items()) merged.counts[key] = std::uint64_t{0};
  for (const auto& [index, input] : coverage.by_index) {
    const ShardResult& r = input->result;
    for (const auto& [key, value] : r.counts.items()) {
      const std::uint64_t sum = merged.counts[key].get<std::uint64_t>() + value.get<std::uint64_t>();
      if (sum < value.get<std::uint64_t>()) {
        problem = fmt::format("counts.{} summed over the shards passes 2^64: not the results of a run", key);
        return std::nullopt;
      }
      merged.counts[key] = sum;
    }
    merged.findings.insert(merged.findings.end(), r.findings.begin(), r.findings.end());
    merged.findings_omitted_by_shards += r.counts.at("findings").get<std::uint64_t>() - r.findings.size();
    merged.shards.push_back({{"index", r.shard.index},
                             {"source", r.shard.source},
                             {"covered", {{"begin", r.covered.begin}, {"end", r.covered.end}}},
                             {"counts", r.counts},
                             {"informative", r.informative}});
  }
  if (merged.command == "check") {  // one bug met in several shards is one finding
    merged.findings = DistinctResultFindings(merged.findings);
    merged.distinct_findings = merged.findings.size();
    std::vector<nlohmann::json> coverages;
    for (const auto& [index, input] : coverage.by_index) coverages.push_back(input->result.coverage);
    merged.coverage = UnionOfPairsReached(coverages);
  }
  return merged;
}

// DistinctFindingsText: merge's lines on a check's distinct findings.
std::string DistinctFindingsText(const ShardResult& merged) {
  if (!merged.distinct_findings) return "";
  std::string text = PairsReachedText(merged.coverage);
  text += fmt::format(
      "merge: distinct findings: {}{}\n", *merged.distinct_findings,
      merged.findings_omitted_by_shards > 0
          ? fmt::format(" (at least: the shards left {} findings unlisted)", merged.findings_omitted_by_shards)
          : "");
  for (const nlohmann::json& finding : merged.findings) {
    text +=
        fmt::format("  {:>8}  {}; smallest case: case {} (profile {}, {} bytes)\n", OccurrencesOfResultFinding(finding),
                    SignatureOfResultFinding(finding).Text(), finding.value("case", nlohmann::json()).dump(),
                    finding.value("profile", ""), ScenarioBytes(finding.value("scenario", nlohmann::json())));
  }
  return text;
}

}  // namespace

MergeOutcome MergeShardResults(const std::vector<NamedShardResult>& inputs) {
  MergeOutcome outcome;
  if (inputs.empty()) {
    outcome.status = MergeOutcome::Status::kMixedRuns;
    outcome.problems.push_back("no shard results given");
    return outcome;
  }
  outcome.problems = NotOneRun(inputs);
  if (!outcome.problems.empty()) {
    outcome.status = MergeOutcome::Status::kMixedRuns;
    return outcome;
  }
  ShardCoverage coverage = CoverageOf(inputs);
  if (!coverage.problems.empty()) {
    outcome.status = MergeOutcome::Status::kCoverage;
    outcome.problems = std::move(coverage.problems);
    return outcome;
  }
  std::string problem;
  std::optional<ShardResult> merged = Sum(inputs.front().result, coverage, problem);
  if (!merged) {
    outcome.status = MergeOutcome::Status::kMixedRuns;
    outcome.problems = {problem};
    return outcome;
  }
  outcome.problems = std::move(coverage.stopped);
  outcome.status = merged->counts.at("findings").get<std::uint64_t>() > 0 ? MergeOutcome::Status::kFindings
                                                                          : MergeOutcome::Status::kOk;
  outcome.merged = std::move(merged);
  return outcome;
}

namespace {

// LoadShardResult reads, validates and decodes one file; nullopt after
// saying why on `err`.
std::optional<ShardResult> LoadShardResult(const std::string& path, std::ostream& err) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored)) {
    err << fmt::format("lbconform: merge: '{}' is a directory, not a shard result\n", path);
    return std::nullopt;
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    err << fmt::format("lbconform: merge: cannot open '{}'\n", path);
    return std::nullopt;
  }
  std::string text;
  std::vector<char> chunk(1 << 16);
  while (text.size() <= kMaxInputBytes && file) {
    file.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    text.append(chunk.data(), static_cast<std::size_t>(file.gcount()));
  }
  if (file.bad()) {
    err << fmt::format("lbconform: merge: cannot read '{}'\n", path);
    return std::nullopt;
  }
  if (text.size() > kMaxInputBytes) {
    err << fmt::format("lbconform: merge: {} is larger than {} bytes\n", path, kMaxInputBytes);
    return std::nullopt;
  }
  if (!vectors::JsonDepthWithin(text, vectors::kMaxVectorFileDepth)) {
    err << fmt::format("lbconform: merge: {} nests deeper than {} levels: not a shard result\n", path,
                       vectors::kMaxVectorFileDepth);
    return std::nullopt;
  }
  const nlohmann::json document = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (document.is_discarded()) {
    err << fmt::format("lbconform: merge: {} is not JSON\n", path);
    return std::nullopt;
  }
  const std::filesystem::path schema = vectors::DefaultVectorRoot() / "schema" / "shard-result.schema.json";
  const std::vector<std::string> problems = vectors::SchemaProblems(document, schema);
  if (!problems.empty()) {
    err << fmt::format("lbconform: merge: {} is not a shard result (shardResultVersion {}):\n", path,
                       kShardResultVersion);
    for (std::size_t i = 0; i < problems.size() && i < 5; ++i) err << "  " << problems[i] << "\n";
    return std::nullopt;
  }
  std::string error;
  std::optional<ShardResult> result = DecodeShardResult(document, error);
  if (!result) err << fmt::format("lbconform: merge: {}: {}\n", path, error);
  return result;
}

std::string CountsText(const nlohmann::json& counts) {
  std::vector<std::string> parts;
  for (const auto& [key, value] : counts.items()) parts.push_back(fmt::format("{} {}", key, value.dump()));
  return fmt::format("{}", fmt::join(parts, ", "));
}

}  // namespace

int MergeCommand(const std::vector<std::string>& files, const std::string& output, std::ostream& out,
                 std::ostream& err) {
  std::vector<NamedShardResult> inputs;
  for (const std::string& path : files) {
    std::optional<ShardResult> result = LoadShardResult(path, err);
    if (!result) return kExitUsage;
    inputs.push_back({path, std::move(*result)});
  }
  const MergeOutcome outcome = MergeShardResults(inputs);
  if (outcome.status == MergeOutcome::Status::kMixedRuns || outcome.status == MergeOutcome::Status::kCoverage) {
    const bool mixed = outcome.status == MergeOutcome::Status::kMixedRuns;
    err << fmt::format("lbconform: merge: {}\n", mixed ? "the files are not the shards of one run"
                                                       : "the shards do not cover the space exactly once");
    for (const std::string& problem : outcome.problems) err << "  " << problem << "\n";
    if (!mixed) err << "lbconform: merge: nothing merged; run the missing shards (or drop the extra files)\n";
    return mixed ? kExitUsage : kExitIncomplete;
  }
  const ShardResult& merged = *outcome.merged;
  std::string text =
      fmt::format("merge: {} shards of {} {}: {} {}s, {}\nmerge: {}\n", merged.shard.count, merged.command,
                  DumpJson(merged.parameters), merged.space_size, merged.unit,
                  merged.complete ? "each covered exactly once" : "not all covered", CountsText(merged.counts));
  text += DistinctFindingsText(merged);
  for (const std::string& note : outcome.problems) text += "  " + note + "\n";
  if (!output.empty()) {
    if (const std::optional<std::string> problem = WriteShardResult(output, merged)) {
      err << fmt::format("lbconform: merge: cannot write {}: {}\n", output, *problem);
      return kExitWriteFailed;
    }
    text += fmt::format("merge: wrote {}\n", output);
  }
  if (const std::optional<std::string> problem = WriteOutput(out, text)) {
    err << "lbconform: " << *problem << "\n";
    return kExitWriteFailed;
  }
  return outcome.status == MergeOutcome::Status::kFindings ? kExitRejected : kExitOk;
}

}  // namespace lbconform
