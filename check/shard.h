// Campaigns beyond one machine (docs/campaigns.md): which slice of a
// command's space this process checks (`--shard I/N`, or the variables a
// batch system sets), the JSON result each shard writes
// (vectors/schema/shard-result.schema.json), and `lbconform merge`, which
// checks that the shards of one run cover its space exactly once and sums
// them.
//
// A command's space is the integers [0, size): scenario indices for
// `exhaustive` (CaseAt), case indices for `check` (case i is generated from
// CaseSeed(run seed, i)). Shard I of N checks ShardRange(size, I, N), so a
// shard rerun checks the same cases and the union of the N shards is the
// unsharded run.
#ifndef LBCONFORM_CHECK_SHARD_H_
#define LBCONFORM_CHECK_SHARD_H_

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace lbconform {

// IndexRange is [begin, end).
struct IndexRange {
  std::uint64_t begin = 0;
  std::uint64_t end = 0;
  bool operator==(const IndexRange&) const = default;
};

// ShardRange is the slice of shard `index` of `count` over [0, total):
// contiguous, in index order, the first total % count shards one longer; the
// slices of all shards partition [0, total). Requires index < count.
IndexRange ShardRange(std::uint64_t total, std::uint64_t index, std::uint64_t count);

// CaseSeed is the seed of case `case_index` of a run seeded `run_seed`: the
// (case_index + 1)-th output of SplitMix64 started at `run_seed`, so any case
// is generated alone, whatever the shard that holds it.
std::uint64_t CaseSeed(std::uint64_t run_seed, std::uint64_t case_index);

// Shard is the slice this process checks and what chose it.
struct Shard {
  std::uint64_t index = 0;
  std::uint64_t count = 1;
  std::string source = "unsharded";  // "--shard", "GTEST_SHARD_INDEX/GTEST_TOTAL_SHARDS", ...
  bool operator==(const Shard&) const = default;
};

// ShardArguments are the command-line half of the choice (cli/ reads them,
// with the same words for `exhaustive` and `check`); empty = not given.
struct ShardArguments {
  std::string shard;   // --shard I/N
  std::string shards;  // --shards N, the total for Kubernetes' JOB_COMPLETION_INDEX
};

// EnvironmentLookup reads one environment variable; nullopt when unset.
// Tests pass a map; commands pass ProcessEnvironment.
using EnvironmentLookup = std::function<std::optional<std::string>(const std::string& name)>;
std::optional<std::string> ProcessEnvironment(const std::string& name);

// ResolveShard picks the shard from, in this order of precedence for the
// name it reports:
//   --shard I/N
//   TEST_SHARD_INDEX / TEST_TOTAL_SHARDS          (Bazel)
//   GTEST_SHARD_INDEX / GTEST_TOTAL_SHARDS        (googletest, and runners that speak it)
//   JOB_COMPLETION_INDEX with --shards N          (Kubernetes Indexed Job)
//   SLURM_ARRAY_TASK_ID / SLURM_ARRAY_TASK_COUNT  (SLURM job array; the index is
//       ID - SLURM_ARRAY_TASK_MIN, so --array=1-4 works; a stepped or listed
//       array is refused)
// and "unsharded" (0/1) when none is present. An empty variable counts as
// unset. Every present source must name the same shard. nullopt with `error`
// (a usage error, exit 2) on a non-number, a total of 0, an index not below
// its total, half of a pair, --shards without JOB_COMPLETION_INDEX (or the
// reverse without --shard), or two sources that disagree.
std::optional<Shard> ResolveShard(const ShardArguments& arguments, const EnvironmentLookup& environment,
                                  std::string& error);

// AcknowledgeBazelSharding creates the file TEST_SHARD_STATUS_FILE names,
// which tells Bazel the test shards itself; nullopt, or what went wrong.
std::optional<std::string> AcknowledgeBazelSharding(const EnvironmentLookup& environment);

// ShardResult is one shard's result, or (merged) the sum of a run's shards.
// Two shards belong to the same run when command, toolVersion, parameters,
// spaceDigest, space size and shard count are equal.
//
// `exhaustive` fills it in cli/commands.cc. For `check`: unit "case", the
// space the case indices 0..cases-1 (of each kind checked); shard I/N
// generates the cases ShardRange(cases, I, N), each from its own seed;
// parameters hold what defines the run (implementation, kinds, profiles,
// seed, cases, max size); counts "checked" (cases) and "findings"
// (disagreements). A shard that stops at its first finding sets
// stopped_at_finding and covers the start of its slice; one stopped by a
// time budget covers what it reached, which merge reports as a gap.
inline constexpr int kShardResultVersion = 1;
inline constexpr std::size_t kMaxStoredFindings = 100;  // per shard; counts stay exact

struct ShardResult {
  std::string command;                                    // "exhaustive", "check"
  std::string tool_version;                               // the suite version
  nlohmann::json parameters = nlohmann::json::object();   // what defines the run (scope; kind/profile/seed/cases)
  std::string space_digest;                               // identifies the enumeration of the space
  std::string unit;                                       // what an index numbers: "scenario", "case"
  std::uint64_t space_size = 0;                           // the space is [0, space_size)
  Shard shard;                                            // merged: 0/count, source "merge"
  IndexRange covered;                                     // what was checked
  bool stopped_at_finding = false;                        // covered ends early because a finding stopped it
  nlohmann::json counts = nlohmann::json::object();       // non-negative integers, "checked" and "findings" among them
  std::vector<nlohmann::json> findings;                   // details, at most kMaxStoredFindings per shard
  nlohmann::json informative = nlohmann::json::object();  // not compared (e.g. the optimized kernel)
  // check: per kind, the (clause, boundary class) pairs its cases reached and
  // those they did not (check/coverage_pairs.h); merge unions them. Null for
  // exhaustive.
  nlohmann::json coverage;
  // Merged results only:
  bool merged = false;
  bool complete = true;                // the shards covered the whole space
  std::vector<nlohmann::json> shards;  // {index, source, covered, counts} of each
  // Merged check results: the findings are one per signature
  // (check/finding_groups.h), and the shards' findings left unlisted.
  std::optional<std::uint64_t> distinct_findings;
  std::uint64_t findings_omitted_by_shards = 0;
};

// EncodeShardResult is the result's JSON (keys sorted: a rerun gives the same
// bytes; there is no time in it).
nlohmann::json EncodeShardResult(const ShardResult& result);

// DecodeShardResult reads a shard result (not a merged one); nullopt with
// `error` when it breaks a rule the schema cannot say: one lbconform could
// not have written (a count that contradicts another, a check's space that
// is not its kinds × cases, …) is not certified.
std::optional<ShardResult> DecodeShardResult(const nlohmann::json& document, std::string& error);

// WriteShardResult writes the JSON to `path` atomically; nullopt or what went wrong.
std::optional<std::string> WriteShardResult(const std::string& path, const ShardResult& result);

// MergeOutcome is what merging shard results found.
struct MergeOutcome {
  enum class Status {
    kOk,         // exactly once, no finding
    kFindings,   // exactly once (or stopped at findings), a finding: exit 1
    kMixedRuns,  // not one run, or a file that is not a shard result: exit 2
    kCoverage,   // a gap, an overlap, a duplicate or missing shard: exit 3
  };
  Status status = Status::kOk;
  std::vector<std::string> problems;  // for kMixedRuns and kCoverage, and notes for kFindings
  std::optional<ShardResult> merged;  // unless kMixedRuns or kCoverage
};

// NamedShardResult is a decoded result and the file it came from.
struct NamedShardResult {
  std::string name;
  ShardResult result;
};

MergeOutcome MergeShardResults(const std::vector<NamedShardResult>& inputs);

// MergeCommand is `lbconform merge FILE... [-o FILE]`; returns the exit
// status (0, 1 findings, 2 usage or mixed runs, 3 coverage, 4 write failed).
int MergeCommand(const std::vector<std::string>& files, const std::string& output, std::ostream& out,
                 std::ostream& err);

}  // namespace lbconform

#endif  // LBCONFORM_CHECK_SHARD_H_
