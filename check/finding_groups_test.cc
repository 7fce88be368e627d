// One bug met many times is one finding: the signature that groups findings
// (check --keep-going, merge), and merge's grouping of the shards' findings.
#include "check/finding_groups.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "check/shard.h"
#include "cli/testing/run_cli.h"
#include "model/exit_status.h"

namespace lbconform {
namespace {

using nlohmann::json;

TEST(FindingSignature, OneFindingWhenKindFailureAndMisreadingsAgree) {
  const FindingSignature found{"passthrough", "disagreement at eligible.kind", {"float-ratio", "ratio-rounded"}};
  EXPECT_TRUE(found.SameFinding(found));
  EXPECT_TRUE(found.SameFinding({"passthrough", "disagreement at eligible.kind", {"float-ratio"}}));
  EXPECT_TRUE(found.SameFinding({"passthrough", "disagreement at eligible.kind", {"a-other", "ratio-rounded"}}));
  // Another kind, another first field, another misreading: another finding.
  EXPECT_FALSE(found.SameFinding({"passthrough-timeline", "disagreement at eligible.kind", {"float-ratio"}}));
  EXPECT_FALSE(found.SameFinding({"passthrough", "disagreement at eligible.backends", {"float-ratio"}}));
  EXPECT_FALSE(found.SameFinding({"passthrough", "adapter error: no answer in time", {"float-ratio"}}));
  EXPECT_FALSE(found.SameFinding({"passthrough", "disagreement at eligible.kind", {"spill-strictly-greater"}}));
  // Explained by no known misreading: one finding per kind and failure, apart from the explained ones.
  const FindingSignature unexplained{"passthrough", "disagreement at eligible.kind", {}};
  EXPECT_TRUE(unexplained.SameFinding({"passthrough", "disagreement at eligible.kind", {}}));
  EXPECT_FALSE(unexplained.SameFinding(found));
  EXPECT_FALSE(found.SameFinding(unexplained));
  EXPECT_EQ(found.Text(), "passthrough: disagreement at eligible.kind; answers like float-ratio, ratio-rounded");
}

json Finding(std::uint64_t at, const std::string& signature, std::vector<std::string> misreadings, std::uint64_t count,
             std::size_t vms) {
  json instances = json::array();
  for (std::size_t i = 0; i < vms; ++i) instances.push_back({{"name", "vm-" + std::to_string(i)}});
  return {{"kind", "passthrough"},
          {"profile", "spec-docs"},
          {"case", at},
          {"signature", signature},
          {"misreadings", misreadings},
          {"count", count},
          {"scenario", {{"instances", instances}}}};
}

TEST(DistinctResultFindings, KeepsTheSmallestCaseAndSumsTheCounts) {
  const std::vector<json> findings = {
      Finding(0, "disagreement at eligible.kind", {"float-ratio", "ratio-rounded"}, 40, 3),
      Finding(4, "disagreement at eligible.kind", {"float-ratio"}, 30, 1),
      Finding(9, "disagreement at eligible.kind", {}, 2, 1),
      Finding(11, "disagreement at eligible.kind", {"float-ratio", "z-other"}, 5, 2),
  };
  const std::vector<json> distinct = DistinctResultFindings(findings);
  ASSERT_EQ(distinct.size(), 2u);
  EXPECT_EQ(distinct[0]["count"], 75);
  EXPECT_EQ(distinct[0]["case"], 4);  // the smallest case of the three
  EXPECT_EQ(distinct[0]["misreadings"], json({"float-ratio"}));
  EXPECT_EQ(distinct[1]["count"], 2);
  EXPECT_EQ(distinct[1]["case"], 9);
}

// A check shard of 4 that kept going, with one finding of `count` failing cases.
ShardResult KeptGoing(std::uint64_t index, std::uint64_t count, std::size_t vms) {
  ShardResult r;
  r.command = "check";
  r.tool_version = "0.1.0";
  r.parameters = {
      {"implementation", "x"}, {"kinds", {"passthrough"}}, {"profiles", json::array()}, {"seed", 1}, {"cases", 40},
      {"maxSize", 100},        {"shrink", true},           {"keepGoing", true}};
  r.space_digest = "check-0.1.0:passthrough";
  r.unit = "case";
  r.space_size = 40;
  r.shard = {index, 4, "--shard"};
  r.covered = ShardRange(40, index, 4);
  r.counts = {{"checked", 10},      {"findings", 1},      {"agreed", 10 - count}, {"unsupported", 0},
              {"adapterErrors", 0}, {"otherReadings", 0}, {"failingCases", count}};
  r.findings = {Finding(r.covered.begin + 1, "disagreement at eligible.kind", {"float-ratio"}, count, vms)};
  return r;
}

TEST(Merge, OneBugMetInEveryShardIsOneFinding) {
  std::vector<NamedShardResult> shards;
  for (std::uint64_t i = 0; i < 4; ++i) {
    ShardResult shard = KeptGoing(i, i + 1, i == 2 ? 1 : 3);
    std::string error;
    ASSERT_TRUE(DecodeShardResult(EncodeShardResult(shard), error)) << error;
    shards.push_back({"shard-" + std::to_string(i), std::move(shard)});
  }
  const MergeOutcome outcome = MergeShardResults(shards);
  ASSERT_EQ(outcome.status, MergeOutcome::Status::kFindings);
  ASSERT_TRUE(outcome.merged);
  EXPECT_EQ(outcome.merged->distinct_findings, 1u);
  ASSERT_EQ(outcome.merged->findings.size(), 1u);
  EXPECT_EQ(outcome.merged->findings[0]["count"], 1 + 2 + 3 + 4);
  EXPECT_EQ(outcome.merged->findings[0]["case"], 21);  // shard 2's, the smallest
  EXPECT_EQ(outcome.merged->counts["failingCases"], 10);
  EXPECT_EQ(EncodeShardResult(*outcome.merged)["distinctFindings"], 1);

  // Through the command: the line a campaign reads.
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "lbconform-merge-distinct-test";
  std::filesystem::create_directories(dir);
  std::vector<std::string> arguments = {"merge"};
  for (const NamedShardResult& shard : shards) {
    arguments.push_back((dir / (shard.name + ".json")).string());
    ASSERT_EQ(WriteShardResult(arguments.back(), shard.result), std::nullopt);
  }
  const testing::CliRun run = testing::Lbconform(arguments);
  EXPECT_EQ(run.status, kExitRejected) << run.out << run.err;
  EXPECT_NE(run.out.find("merge: distinct findings: 1\n"), std::string::npos) << run.out;
  std::filesystem::remove_all(dir);
}

TEST(ShardResult, AKeptGoingCheckCountsItsFailingCases) {
  std::string error;
  ShardResult r = KeptGoing(0, 3, 1);
  r.counts["failingCases"] = 2;  // fewer than its finding's count
  EXPECT_FALSE(DecodeShardResult(EncodeShardResult(r), error));
  r.counts.erase("failingCases");
  EXPECT_FALSE(DecodeShardResult(EncodeShardResult(r), error));
  EXPECT_NE(error.find("failingCases"), std::string::npos) << error;
}

}  // namespace
}  // namespace lbconform
