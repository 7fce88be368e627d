// Shards: where a process's shard comes from (flags, the variables batch
// systems set, their conflicts), case seeds, the shard result's schema, and
// what merge accepts and refuses. The same, run as processes, is
// cli/testing/shards_test.py.
#include "check/shard.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <sstream>

#include "cli/commands.h"
#include "cli/testing/run_cli.h"
#include "vectors/schema_check.h"

namespace lbconform {
namespace {

using Env = std::map<std::string, std::string>;

struct Resolved {
  std::optional<Shard> shard;
  std::string error;
};

Resolved Resolve(const Env& env, const std::string& shard_flag = "", const std::string& shards_flag = "") {
  Resolved out;
  out.shard = ResolveShard(
      {shard_flag, shards_flag},
      [&env](const std::string& name) -> std::optional<std::string> {
        const auto it = env.find(name);
        if (it == env.end()) return std::nullopt;
        return it->second;
      },
      out.error);
  return out;
}

void ExpectShard(const Resolved& r, std::uint64_t index, std::uint64_t count, const std::string& source) {
  ASSERT_TRUE(r.shard) << r.error;
  EXPECT_EQ(r.shard->index, index);
  EXPECT_EQ(r.shard->count, count);
  EXPECT_EQ(r.shard->source, source);
}

void ExpectError(const Resolved& r, const std::string& needle) {
  ASSERT_FALSE(r.shard) << "accepted as " << r.shard->index << "/" << r.shard->count << " from " << r.shard->source;
  EXPECT_NE(r.error.find(needle), std::string::npos) << r.error;
}

TEST(ResolveShard, NothingGivenIsUnsharded) { ExpectShard(Resolve({}), 0, 1, "unsharded"); }

TEST(ResolveShard, EachSourceAlone) {
  ExpectShard(Resolve({}, "2/5"), 2, 5, "--shard");
  ExpectShard(Resolve({{"TEST_SHARD_INDEX", "1"}, {"TEST_TOTAL_SHARDS", "4"}}), 1, 4,
              "TEST_SHARD_INDEX/TEST_TOTAL_SHARDS");
  ExpectShard(Resolve({{"GTEST_SHARD_INDEX", "3"}, {"GTEST_TOTAL_SHARDS", "4"}}), 3, 4,
              "GTEST_SHARD_INDEX/GTEST_TOTAL_SHARDS");
  ExpectShard(Resolve({{"JOB_COMPLETION_INDEX", "0"}}, "", "8"), 0, 8, "JOB_COMPLETION_INDEX with --shards");
  ExpectShard(Resolve({{"SLURM_ARRAY_TASK_ID", "2"}, {"SLURM_ARRAY_TASK_COUNT", "4"}}), 2, 4,
              "SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT");
}

// sbatch --array=1-4 numbers its tasks 1..4: the shard is ID - MIN.
TEST(ResolveShard, SlurmArraysThatDoNotStartAtZero) {
  const Env array_1_to_4 = {{"SLURM_ARRAY_TASK_ID", "1"},
                            {"SLURM_ARRAY_TASK_COUNT", "4"},
                            {"SLURM_ARRAY_TASK_MIN", "1"},
                            {"SLURM_ARRAY_TASK_MAX", "4"},
                            {"SLURM_ARRAY_TASK_STEP", "1"}};
  ExpectShard(Resolve(array_1_to_4), 0, 4, "SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT");
  Env last = array_1_to_4;
  last["SLURM_ARRAY_TASK_ID"] = "4";
  ExpectShard(Resolve(last), 3, 4, "SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT");
  // Without MIN, 1..4 would put task 4 past the end: refused, not wrapped.
  ExpectError(Resolve({{"SLURM_ARRAY_TASK_ID", "4"}, {"SLURM_ARRAY_TASK_COUNT", "4"}}), "below the total");
  // --array=0-15:4 (tasks 0, 4, 8, 12) and --array=1,3,7 have no 0..N-1 numbering.
  ExpectError(Resolve({{"SLURM_ARRAY_TASK_ID", "4"},
                       {"SLURM_ARRAY_TASK_COUNT", "4"},
                       {"SLURM_ARRAY_TASK_MIN", "0"},
                       {"SLURM_ARRAY_TASK_MAX", "12"},
                       {"SLURM_ARRAY_TASK_STEP", "4"}}),
              "stepped");
  ExpectError(Resolve({{"SLURM_ARRAY_TASK_ID", "3"},
                       {"SLURM_ARRAY_TASK_COUNT", "3"},
                       {"SLURM_ARRAY_TASK_MIN", "1"},
                       {"SLURM_ARRAY_TASK_MAX", "7"}}),
              "not one contiguous range");
  ExpectError(Resolve({{"SLURM_ARRAY_TASK_ID", "0"}, {"SLURM_ARRAY_TASK_COUNT", "4"}, {"SLURM_ARRAY_TASK_MIN", "1"}}),
              "below SLURM_ARRAY_TASK_MIN");
}

TEST(ResolveShard, SourcesThatAgreeAreNamedTogether) {
  ExpectShard(Resolve({{"TEST_SHARD_INDEX", "1"},
                       {"TEST_TOTAL_SHARDS", "4"},
                       {"GTEST_SHARD_INDEX", "1"},
                       {"GTEST_TOTAL_SHARDS", "4"}},
                      "1/4"),
              1, 4, "--shard (agreeing: TEST_SHARD_INDEX/TEST_TOTAL_SHARDS, GTEST_SHARD_INDEX/GTEST_TOTAL_SHARDS)");
  // An Indexed Job's index beside an explicit --shard is checked against it.
  ExpectShard(Resolve({{"JOB_COMPLETION_INDEX", "2"}}, "2/4"), 2, 4, "--shard (agreeing: JOB_COMPLETION_INDEX)");
}

TEST(ResolveShard, SourcesThatDisagreeAreAUsageError) {
  ExpectError(Resolve({{"GTEST_SHARD_INDEX", "2"}, {"GTEST_TOTAL_SHARDS", "4"}}, "1/4"),
              "disagree: --shard says 1/4, GTEST_SHARD_INDEX/GTEST_TOTAL_SHARDS says 2/4");
  ExpectError(Resolve({{"TEST_SHARD_INDEX", "1"},
                       {"TEST_TOTAL_SHARDS", "4"},
                       {"SLURM_ARRAY_TASK_ID", "1"},
                       {"SLURM_ARRAY_TASK_COUNT", "8"}}),
              "disagree");
  ExpectError(Resolve({{"JOB_COMPLETION_INDEX", "3"}}, "2/4"), "JOB_COMPLETION_INDEX says index 3");
}

TEST(ResolveShard, BadValuesAreAUsageError) {
  for (const char* bad : {"", "1", "4/4", "5/4", "0/0", "-1/4", "1/-4", "a/4", "1/4x", " 1/4", "1/ 4", "1//4",
                          "99999999999999999999/4", "0/99999999999999999999"}) {
    if (*bad == '\0') continue;  // empty is "not given"
    ExpectError(Resolve({}, bad), "");
  }
  ExpectError(Resolve({{"GTEST_SHARD_INDEX", "4"}, {"GTEST_TOTAL_SHARDS", "4"}}), "below the total");
  ExpectError(Resolve({{"GTEST_SHARD_INDEX", "0"}, {"GTEST_TOTAL_SHARDS", "0"}}), "a total of 0");
  ExpectError(Resolve({{"TEST_SHARD_INDEX", "one"}, {"TEST_TOTAL_SHARDS", "4"}}), "TEST_SHARD_INDEX='one'");
  ExpectError(Resolve({{"TEST_SHARD_INDEX", "1"}, {"TEST_TOTAL_SHARDS", "4.0"}}), "TEST_TOTAL_SHARDS='4.0'");
  ExpectError(Resolve({{"GTEST_SHARD_INDEX", "1"}}), "GTEST_SHARD_INDEX is set but GTEST_TOTAL_SHARDS is not");
  ExpectError(Resolve({{"SLURM_ARRAY_TASK_COUNT", "4"}}), "SLURM_ARRAY_TASK_COUNT is set but SLURM_ARRAY_TASK_ID");
  ExpectError(Resolve({{"JOB_COMPLETION_INDEX", "1"}}), "give --shards N");
  ExpectError(Resolve({}, "", "4"), "JOB_COMPLETION_INDEX");
  ExpectError(Resolve({{"JOB_COMPLETION_INDEX", "4"}}, "", "4"), "below the total");
  ExpectError(Resolve({{"JOB_COMPLETION_INDEX", "0"}}, "", "x"), "--shards wants");
  ExpectError(Resolve({{"JOB_COMPLETION_INDEX", "-1"}}, "", "4"), "JOB_COMPLETION_INDEX='-1'");
}

TEST(ResolveShard, EmptyVariablesCountAsUnset) {
  ExpectShard(Resolve({{"GTEST_SHARD_INDEX", ""}, {"GTEST_TOTAL_SHARDS", ""}, {"JOB_COMPLETION_INDEX", ""}}), 0, 1,
              "unsharded");
}

// SplitMix64's published outputs for seeds 0 and 1234567.
TEST(CaseSeed, IsTheSplitMix64Stream) {
  EXPECT_EQ(CaseSeed(0, 0), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(CaseSeed(1234567, 0), 6457827717110365317ULL);
  EXPECT_EQ(CaseSeed(1234567, 1), 3203168211198807973ULL);
  EXPECT_EQ(CaseSeed(1234567, 4), 16408922859458223821ULL);
  EXPECT_NE(CaseSeed(1, 0), CaseSeed(0, 0));
}

// ------------------------------ results and merge

std::filesystem::path SchemaPath() {
  return std::filesystem::path(LBCONFORM_SOURCE_DIR) / "vectors" / "schema" / "shard-result.schema.json";
}

ShardResult ResultOf(std::uint64_t index, std::uint64_t count, std::uint64_t size = 10, std::uint64_t findings = 0) {
  ShardResult r;
  r.command = "exhaustive";
  r.tool_version = "0.1.0";
  r.parameters = {{"scope", "test"}};
  r.space_digest = "fnv1a64:0000000000000001";
  r.unit = "scenario";
  r.space_size = size;
  r.shard = {index, count, "--shard"};
  r.covered = ShardRange(size, index, count);
  r.counts = {{"checked", r.covered.end - r.covered.begin}, {"findings", findings}, {"rejectedAlike", 1}};
  for (std::uint64_t f = 0; f < findings; ++f) r.findings.push_back({{"index", r.covered.begin + f}});
  return r;
}

std::vector<NamedShardResult> Shards(std::uint64_t count, std::uint64_t size = 10) {
  std::vector<NamedShardResult> out;
  for (std::uint64_t i = 0; i < count; ++i) out.push_back({"shard-" + std::to_string(i), ResultOf(i, count, size)});
  return out;
}

TEST(ShardResult, FollowsItsSchemaAndRoundTrips) {
  ShardResult r = ResultOf(1, 4, 10, 2);
  const nlohmann::json j = EncodeShardResult(r);
  EXPECT_EQ(vectors::SchemaProblems(j, SchemaPath()), std::vector<std::string>{});
  std::string error;
  const std::optional<ShardResult> back = DecodeShardResult(j, error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(EncodeShardResult(*back), j);
  const MergeOutcome merged = MergeShardResults(Shards(3));
  ASSERT_TRUE(merged.merged);
  EXPECT_EQ(vectors::SchemaProblems(EncodeShardResult(*merged.merged), SchemaPath()), std::vector<std::string>{});
}

// The schema can fail: broken copies are refused.
TEST(ShardResult, SchemaRefusesBrokenResults) {
  const nlohmann::json good = EncodeShardResult(ResultOf(0, 2));
  auto broken = [&](const std::function<void(nlohmann::json&)>& edit) {
    nlohmann::json j = good;
    edit(j);
    return vectors::SchemaProblems(j, SchemaPath());
  };
  EXPECT_FALSE(broken([](nlohmann::json& j) { j.erase("covered"); }).empty());
  EXPECT_FALSE(broken([](nlohmann::json& j) { j["counts"]["checked"] = -1; }).empty());
  EXPECT_FALSE(broken([](nlohmann::json& j) { j["counts"].erase("findings"); }).empty());
  EXPECT_FALSE(broken([](nlohmann::json& j) { j["shard"]["count"] = 0; }).empty());
  EXPECT_FALSE(broken([](nlohmann::json& j) { j["command"] = "run"; }).empty());
  EXPECT_FALSE(broken([](nlohmann::json& j) { j["complete"] = true; }).empty());    // a shard is not merged
  EXPECT_FALSE(broken([](nlohmann::json& j) { j["result"] = "merged"; }).empty());  // merged needs its shards
}

TEST(ShardResult, DecodeRefusesWhatTheSchemaCannotSay) {
  std::string error;
  nlohmann::json j = EncodeShardResult(ResultOf(0, 2));
  j["counts"]["checked"] = 4;  // covered is 0..5
  EXPECT_FALSE(DecodeShardResult(j, error));
  EXPECT_NE(error.find("counts.checked"), std::string::npos) << error;
  j = EncodeShardResult(ResultOf(0, 2));
  j["shard"]["index"] = 2;
  EXPECT_FALSE(DecodeShardResult(j, error));
  j = EncodeShardResult(ResultOf(0, 2));
  j["covered"]["end"] = 11;
  EXPECT_FALSE(DecodeShardResult(j, error));
}

TEST(Merge, SumsShardsThatCoverTheSpaceExactlyOnce) {
  std::vector<NamedShardResult> shards = Shards(4, 10);
  shards[2].result = ResultOf(2, 4, 10, 2);
  std::swap(shards[0], shards[3]);  // any order
  const MergeOutcome outcome = MergeShardResults(shards);
  ASSERT_EQ(outcome.status, MergeOutcome::Status::kFindings);
  const ShardResult& m = *outcome.merged;
  EXPECT_EQ(m.counts, nlohmann::json({{"checked", 10}, {"findings", 2}, {"rejectedAlike", 4}}));
  EXPECT_EQ(m.findings.size(), 2U);
  EXPECT_EQ(m.covered, (IndexRange{0, 10}));
  EXPECT_TRUE(m.complete);
  EXPECT_EQ(m.shards.size(), 4U);
  EXPECT_EQ(m.shards.front()["index"], 0);  // in shard order
  EXPECT_EQ(MergeShardResults(Shards(4)).status, MergeOutcome::Status::kOk);
  EXPECT_EQ(MergeShardResults(Shards(1)).status, MergeOutcome::Status::kOk);
  // More shards than indices: the empty slices are shards too.
  EXPECT_EQ(MergeShardResults(Shards(5, 3)).status, MergeOutcome::Status::kOk);
}

bool Mentions(const MergeOutcome& outcome, const std::string& needle) {
  for (const std::string& p : outcome.problems) {
    if (p.find(needle) != std::string::npos) return true;
  }
  return false;
}

TEST(Merge, RefusesAMissingShard) {
  std::vector<NamedShardResult> shards = Shards(4);
  shards.erase(shards.begin() + 2);
  const MergeOutcome outcome = MergeShardResults(shards);
  EXPECT_EQ(outcome.status, MergeOutcome::Status::kCoverage);
  EXPECT_TRUE(Mentions(outcome, "1 of 4 shards missing: 2")) << fmt::format("{}", fmt::join(outcome.problems, "|"));
  EXPECT_FALSE(outcome.merged);
}

TEST(Merge, RefusesAShardGivenTwice) {
  std::vector<NamedShardResult> shards = Shards(4);
  shards.push_back({"again", ResultOf(1, 4)});
  const MergeOutcome outcome = MergeShardResults(shards);
  EXPECT_EQ(outcome.status, MergeOutcome::Status::kCoverage);
  EXPECT_TRUE(Mentions(outcome, "shard 1/4 is given twice (shard-1 and again)"));
}

TEST(Merge, RefusesAShardThatDidNotCoverItsSlice) {
  std::vector<NamedShardResult> shards = Shards(4);
  shards[1].result.covered.end -= 1;  // --limit
  shards[1].result.counts["checked"] = 2;
  MergeOutcome outcome = MergeShardResults(shards);
  EXPECT_EQ(outcome.status, MergeOutcome::Status::kCoverage);
  EXPECT_TRUE(Mentions(outcome, "shard 1/4 (shard-1) covered 3..5, but its slice is 3..6"));
  // An overlap: a slice reaching into the next one.
  shards = Shards(4);
  shards[1].result.covered.end += 1;
  outcome = MergeShardResults(shards);
  EXPECT_EQ(outcome.status, MergeOutcome::Status::kCoverage);
}

// check stops a shard at its first finding: that is a finding, not a gap.
TEST(Merge, AShardStoppedAtAFindingIsAFinding) {
  std::vector<NamedShardResult> shards = Shards(2);
  shards[1].result.covered.end = 7;
  shards[1].result.counts = {{"checked", 2}, {"findings", 1}, {"rejectedAlike", 0}};
  shards[1].result.findings = {{{"index", 6}}};
  shards[1].result.stopped_at_finding = true;
  const MergeOutcome outcome = MergeShardResults(shards);
  ASSERT_EQ(outcome.status, MergeOutcome::Status::kFindings);
  EXPECT_FALSE(outcome.merged->complete);
  EXPECT_TRUE(Mentions(outcome, "stopped at a finding"));
  EXPECT_EQ(vectors::SchemaProblems(EncodeShardResult(*outcome.merged), SchemaPath()), std::vector<std::string>{});
  // Stopping early without a finding is a gap.
  shards[1].result.counts["findings"] = 0;
  shards[1].result.findings.clear();
  EXPECT_EQ(MergeShardResults(shards).status, MergeOutcome::Status::kCoverage);
}

TEST(Merge, RefusesShardsOfDifferentRuns) {
  const std::vector<std::function<void(ShardResult&)>> edits = {
      [](ShardResult& r) { r.parameters["scope"] = "other"; },
      [](ShardResult& r) { r.tool_version = "0.2.0"; },
      [](ShardResult& r) { r.command = "check"; },
      [](ShardResult& r) { r.space_digest = "fnv1a64:0000000000000002"; },
      [](ShardResult& r) { r.space_size = 11; },
      [](ShardResult& r) { r.counts.erase("rejectedAlike"); },
  };
  for (std::size_t e = 0; e < edits.size(); ++e) {
    std::vector<NamedShardResult> shards = Shards(2);
    edits[e](shards[1].result);
    EXPECT_EQ(MergeShardResults(shards).status, MergeOutcome::Status::kMixedRuns) << "edit " << e;
  }
  // Shards of a 2-way and a 4-way split do not mix, even when they would tile.
  std::vector<NamedShardResult> shards = Shards(4);
  shards.erase(shards.begin(), shards.begin() + 2);
  shards.insert(shards.begin(), {"half", ResultOf(0, 2)});
  EXPECT_EQ(MergeShardResults(shards).status, MergeOutcome::Status::kMixedRuns);
  EXPECT_EQ(MergeShardResults({}).status, MergeOutcome::Status::kMixedRuns);
}

// Before: the sum wrapped to 1 and merge reported 1 rejected case.
TEST(Merge, RefusesCountsThatPassSixtyFourBits) {
  std::vector<NamedShardResult> shards = Shards(2);
  shards[0].result.counts["rejectedAlike"] = std::numeric_limits<std::uint64_t>::max();
  shards[1].result.counts["rejectedAlike"] = 2;
  const MergeOutcome outcome = MergeShardResults(shards);
  EXPECT_EQ(outcome.status, MergeOutcome::Status::kMixedRuns);
  EXPECT_TRUE(Mentions(outcome, "counts.rejectedAlike summed over the shards passes 2^64"));
}

// A shard result that contradicts itself is refused (issue 22, item 6):
// before, merge summed each of these into a clean total.
TEST(ShardResult, DecodeRefusesAResultThatContradictsItself) {
  const std::vector<std::pair<std::string, std::function<void(nlohmann::json&)>>> edits = {
      {"findingsOmitted", [](nlohmann::json& j) { j["findingsOmitted"] = 3; }},
      {"stoppedAtFinding", [](nlohmann::json& j) { j["stoppedAtFinding"] = true; }},
      {"findingsOmitted",
       [](nlohmann::json& j) {  // omitted while fewer than the cap are listed
         j["counts"]["findings"] = 2;
         j["findings"] = nlohmann::json::array({nlohmann::json::object()});
         j["findingsOmitted"] = 1;
       }},
      {"counts.findings", [](nlohmann::json& j) { j["counts"]["findings"] = 9; }},  // more than checked
  };
  for (const auto& [needle, edit] : edits) {
    nlohmann::json j = EncodeShardResult(ResultOf(0, 2));
    edit(j);
    EXPECT_EQ(vectors::SchemaProblems(j, SchemaPath()), std::vector<std::string>{}) << j.dump();
    std::string error;
    EXPECT_FALSE(DecodeShardResult(j, error)) << j.dump();
    EXPECT_NE(error.find(needle), std::string::npos) << error;
  }
}

// A check shard's result as `check --result` writes it (two kinds, 3 cases each).
ShardResult CheckShard(std::uint64_t index, std::uint64_t count) {
  ShardResult r;
  r.command = "check";
  r.tool_version = "0.1.0";
  r.parameters = {{"implementation", "x"},
                  {"kinds", {"passthrough", "service-lb-policy"}},
                  {"profiles", {}},
                  {"seed", 1},
                  {"cases", 3},
                  {"maxSize", 100},
                  {"shrink", true}};
  r.space_digest = "check-0.1.0:passthrough,service-lb-policy";
  r.unit = "case";
  r.space_size = 6;
  r.shard = {index, count, "--shard"};
  r.covered = ShardRange(6, index, count);
  const std::uint64_t checked = r.covered.end - r.covered.begin;
  r.counts = {{"checked", checked}, {"findings", 0},      {"agreed", checked},
              {"unsupported", 0},   {"adapterErrors", 0}, {"otherReadings", 0}};
  return r;
}

// A check shard whose --cases × kinds overflowed (issue 22, item 5) is not
// certified by merge, nor one whose space is not its kinds × cases.
TEST(Merge, RefusesACheckShardWhoseSpaceIsNotKindsTimesCases) {
  std::string error;
  ASSERT_TRUE(DecodeShardResult(EncodeShardResult(CheckShard(0, 1)), error)) << error;
  ShardResult overflowed = CheckShard(0, 1);
  overflowed.parameters["cases"] = std::uint64_t{9223372036854775808ULL};  // × 2 kinds = 2^64, stored as 0
  overflowed.space_size = 0;
  overflowed.covered = {0, 0};
  overflowed.counts = {{"checked", 0},     {"findings", 0},      {"agreed", 0},
                       {"unsupported", 0}, {"adapterErrors", 0}, {"otherReadings", 0}};
  EXPECT_FALSE(DecodeShardResult(EncodeShardResult(overflowed), error));
  EXPECT_NE(error.find("kinds × cases"), std::string::npos) << error;
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "lbconform-merge-overflow-test";
  std::filesystem::create_directories(dir);
  const std::string file = (dir / "overflowed.json").string();
  ASSERT_EQ(WriteShardResult(file, overflowed), std::nullopt);
  const testing::CliRun run = testing::Lbconform({"merge", file});
  EXPECT_EQ(run.status, kExitUsage) << run.out << run.err;
  std::filesystem::remove_all(dir);
  // A stopped shard's finding must lie where it stopped.
  ShardResult stopped = CheckShard(0, 2);
  stopped.covered = {0, 2};
  stopped.stopped_at_finding = true;
  stopped.counts["checked"] = 2;
  stopped.counts["agreed"] = 1;
  stopped.counts["findings"] = 1;
  stopped.findings = {{{"kind", "passthrough"}, {"case", 1}}};
  ASSERT_TRUE(DecodeShardResult(EncodeShardResult(stopped), error)) << error;
  stopped.findings = {{{"kind", "service-lb-policy"}, {"case", 1}}};
  EXPECT_FALSE(DecodeShardResult(EncodeShardResult(stopped), error));
  EXPECT_NE(error.find("outside what the shard covered"), std::string::npos) << error;
}

// Merge unions the shards' coverage: a pair is reached when some shard
// reached it; a coverage that does not split its universe is refused.
TEST(Merge, UnionsTheShardsCoverage) {
  std::vector<NamedShardResult> shards;
  const char* reached[] = {"FO-12  a", "FO-13  b"};
  for (std::uint64_t i = 0; i < 2; ++i) {
    ShardResult r = CheckShard(i, 2);
    r.coverage = {
        {"passthrough", {{"pairs", 3}, {"reached", {reached[i]}}, {"notReached", {reached[1 - i], "ZA-9  c"}}}}};
    std::string error;
    ASSERT_TRUE(DecodeShardResult(EncodeShardResult(r), error)) << error;
    shards.push_back({"shard" + std::to_string(i), r});
  }
  const MergeOutcome outcome = MergeShardResults(shards);
  ASSERT_TRUE(outcome.merged.has_value());
  const nlohmann::json& merged = outcome.merged->coverage.at("passthrough");
  EXPECT_EQ(merged.at("reached"), nlohmann::json({"FO-12  a", "FO-13  b"}));
  EXPECT_EQ(merged.at("notReached"), nlohmann::json({"ZA-9  c"}));
  EXPECT_EQ(merged.at("pairs"), 3);

  ShardResult both = CheckShard(0, 1);
  both.coverage = {{"passthrough", {{"pairs", 2}, {"reached", {"FO-12  a"}}, {"notReached", {"FO-12  a"}}}}};
  std::string error;
  EXPECT_FALSE(DecodeShardResult(EncodeShardResult(both), error));
  EXPECT_NE(error.find("both reached and not reached"), std::string::npos) << error;
  ShardResult short_of_universe = CheckShard(0, 1);
  short_of_universe.coverage = {{"passthrough", {{"pairs", 5}, {"reached", {"FO-12  a"}}, {"notReached", {}}}}};
  EXPECT_FALSE(DecodeShardResult(EncodeShardResult(short_of_universe), error));
  ShardResult other_kind = CheckShard(0, 1);
  other_kind.coverage = {{"passthrough-timeline", {{"pairs", 0}, {"reached", {}}, {"notReached", {}}}}};
  EXPECT_FALSE(DecodeShardResult(EncodeShardResult(other_kind), error));
  EXPECT_NE(error.find("a kind it did not check"), std::string::npos) << error;
}

// ------------------------------ lbconform merge, in-process

using testing::CliRun;
using testing::Lbconform;

TEST(MergeCommand, RefusesFilesThatAreNotShardResults) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "lbconform-merge-test";
  std::filesystem::create_directories(dir);
  const std::string not_json = (dir / "not.json").string();
  WriteShardResult((dir / "good.json").string(), ResultOf(0, 1));
  std::ofstream(not_json) << "{";
  std::ofstream((dir / "other.json").string()) << R"({"reportVersion": 1})";
  for (const std::string& bad :
       {not_json, (dir / "other.json").string(), (dir / "missing.json").string(), dir.string()}) {
    const CliRun run = Lbconform({"merge", bad});
    EXPECT_EQ(run.status, kExitUsage) << bad;
    EXPECT_NE(run.err.find("lbconform: merge: "), std::string::npos) << run.err;
  }
  const CliRun ok = Lbconform({"merge", (dir / "good.json").string(), "-o", (dir / "merged.json").string()});
  EXPECT_EQ(ok.status, kExitOk) << ok.err;
  EXPECT_NE(ok.out.find("checked 10"), std::string::npos) << ok.out;
  // A merged result is not a shard: merging it again is refused.
  EXPECT_EQ(Lbconform({"merge", (dir / "merged.json").string()}).status, kExitUsage);
  EXPECT_NE(Lbconform({"help", "merge"}).out.find("3      coverage"), std::string::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace lbconform
