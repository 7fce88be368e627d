// `lbconform check` against real adapter processes: deliberately wrong
// engines behind the protocol are found and shrunk small, the shrunk case is
// a vector file that `run --vectors` replays, and the reference finds nothing.
#include "check/check.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "check/readings_match.h"
#include "cli/commands.h"
#include "cli/testing/run_cli.h"
#include "readings/wrong_engines.h"
#include "reference/reference_engine.h"
#include "vectors/checks.h"
#include "vectors/vector_file.h"

namespace lbconform {
namespace {

namespace fs = std::filesystem;

using testing::Cli;

std::string WrongAdapter(const std::string& name) { return std::string(LBCONFORM_WRONG_ADAPTER) + " " + name; }

fs::path ScratchDir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("lbconform-check-test-" + std::to_string(getpid())) / name;
  fs::remove_all(dir);
  return dir;
}

struct Planted {
  const char* engine;
  ScenarioKind kind;
};

class WrongAdapterTest : public ::testing::TestWithParam<Planted> {};

// Each wrong engine, run as an adapter process, is found; its shrunk case is
// small and, written as a vector file, fails the wrong adapter and passes the
// built-in reference adapter under `run`.
#ifdef LBCONFORM_SANITIZED
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

TEST_P(WrongAdapterTest, FoundShrunkAndReplayed) {
  const Planted planted = GetParam();
  // Under sanitizers, two of the six document misreadings (the adapter's document path is the same).
  for (const char* also :
       {"scheme-absent-is-external", "same-zone-default-true", "peer-default-true", "zone-in-region-by-prefix"}) {
    if (kSanitized && std::string(planted.engine) == also) GTEST_SKIP() << "one of six alike, under sanitizers";
  }
  const fs::path dir = ScratchDir(planted.engine);
  vectors::AdapterOptions adapter;
  adapter.command = WrongAdapter(planted.engine);
  vectors::AdapterImplementation implementation(adapter);
  CheckOptions options;
  options.kinds = {planted.kind};
  options.cases = 2000;
  options.seed = 1;
  options.out = dir.string();
  std::ostringstream out, err;
  const CheckResult result = RunCheck(implementation, options, out, err);
  implementation.Finish();
  ASSERT_EQ(result.findings.size(), 1u) << out.str() << err.str();
  const CheckFinding& finding = result.findings.front();
  EXPECT_LT(finding.case_index, 2000u);
  if (planted.kind == ScenarioKind::kPassthrough) {
    EXPECT_LE(finding.Vms(), 4u) << out.str();
  }
  if (planted.kind == ScenarioKind::kPassthroughTimeline) {
    EXPECT_LE(finding.scenario["events"].size(), 6u) << out.str();
  }
  EXPECT_NE(out.str().find("minimal scenario:"), std::string::npos);
  EXPECT_NE(out.str().find("seed 1; reproduce: lbconform check --kind "), std::string::npos) << out.str();
  // The finding names the misreading that answers alike, there and in the vector's comment.
  const std::string named = std::string("`") + planted.engine + "`";
  EXPECT_TRUE(std::any_of(finding.answers_like.begin(), finding.answers_like.end(), [&](const std::string& alike) {
    return alike.starts_with(named);
  })) << out.str();
  EXPECT_NE(out.str().find("your implementation answers like " + named), std::string::npos) << out.str();
  ASSERT_FALSE(finding.vector_path.empty());

  // The written file is a vector file of the suite's own shape.
  std::string error;
  const auto files = vectors::LoadVectorDirectory(dir, &error);
  ASSERT_TRUE(files) << error;
  ASSERT_EQ(files->size(), 1u);
  EXPECT_EQ(vectors::LintSchema(*files, vectors::DefaultVectorRoot()), std::vector<std::string>{});
  EXPECT_NE(files->front().header.front().find("Source: generated"), std::string::npos);
  EXPECT_NE(files->front().groups.front().tests.front().comment.find("It answers like " + named), std::string::npos);

  std::string run_out;
  EXPECT_EQ(Cli({"run", "--vectors", dir.string(), "--impl", WrongAdapter(planted.engine)}, &run_out), kExitRejected)
      << run_out;
  EXPECT_EQ(Cli({"run", "--vectors", dir.string(), "--engine", "reference"}, &run_out), kExitOk) << run_out;
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Check, WrongAdapterTest,
                         ::testing::Values(Planted{"float-ratio", ScenarioKind::kPassthrough},
                                           Planted{"failover-at-or-below", ScenarioKind::kPassthrough},
                                           Planted{"spill-strictly-greater", ScenarioKind::kPassthrough},
                                           Planted{"draining-is-reset", ScenarioKind::kPassthroughTimeline},
                                           Planted{"strict-overflows", ScenarioKind::kServiceLbPolicy},
                                           // Misreadings of the document format: the adapter reads the
                                           // document itself, and check writes documents in the forms
                                           // that show them.
                                           Planted{"scheme-absent-is-external", ScenarioKind::kPassthrough},
                                           Planted{"same-zone-default-true", ScenarioKind::kPassthrough},
                                           Planted{"peer-default-true", ScenarioKind::kPassthrough},
                                           Planted{"group-by-last-segment", ScenarioKind::kPassthrough},
                                           Planted{"zone-in-region-by-prefix", ScenarioKind::kPassthrough},
                                           Planted{"client-region-required", ScenarioKind::kPassthrough}),
                         [](const ::testing::TestParamInfo<Planted>& planted) {
                           std::string name = planted.param.engine;
                           for (char& c : name) c = c == '-' ? '_' : c;
                           return name;
                         });

// The built-in reference behind the protocol agrees on every kind.
TEST(Check, ReferenceAdapterFindsNothing) {
  std::string out, err;
  const int status =
      Cli({"check", "--impl", std::string(LBCONFORM_BINARY) + " adapter", "--cases", "100", "--seed", "5"}, &out, &err);
  EXPECT_EQ(status, kExitOk) << out << err;
  EXPECT_NE(out.find("check: 300 cases, 0 disagreements found, seed 5"), std::string::npos) << out;
  EXPECT_NE(out.find("coverage: service-lb-policy: 100 cases"), std::string::npos) << out;
  EXPECT_NE(out.find("cases per boundary class:"), std::string::npos);
  EXPECT_NE(out.find("clauses reached "), std::string::npos) << out;
}

// The same seed draws the same cases: the finding is at the same case.
TEST(Check, SeedReproducesTheFinding) {
  std::string first, second;
  const std::vector<std::string> args = {
      "check", "--impl", WrongAdapter("drop-ignored"), "--kind", "passthrough", "--seed", "9", "--no-shrink"};
  EXPECT_EQ(Cli(args, &first), kExitRejected);
  EXPECT_EQ(Cli(args, &second), kExitRejected);
  const auto at = [](const std::string& text) { return text.substr(text.find("DISAGREEMENT"), 60); };
  ASSERT_NE(first.find("DISAGREEMENT"), std::string::npos) << first;
  EXPECT_EQ(at(first), at(second));
  EXPECT_NE(first.find("shrunk in 0 steps"), std::string::npos) << first;
}

TEST(Check, UsageErrors) {
  std::string err;
  EXPECT_EQ(Cli({"check"}, nullptr, &err), kExitUsage);
  EXPECT_EQ(Cli({"check", "--engine", "reference", "--impl", "x"}, nullptr, &err), kExitUsage);
  EXPECT_EQ(Cli({"check", "--engine", "reference", "--kind", "nope"}, nullptr, &err), kExitUsage);
  EXPECT_NE(err.find("unknown kind 'nope'"), std::string::npos) << err;
  EXPECT_EQ(Cli({"check", "--engine", "reference", "--cases", "5", "--time-budget", "1"}, nullptr, &err), kExitUsage);
  EXPECT_EQ(Cli({"check", "--engine", "no-such-engine"}, nullptr, &err), kExitUsage);
  EXPECT_EQ(Cli({"check", "--impl", " "}, nullptr, &err), kExitUsage);
}

// An adapter that never says hello: the check cannot run (incomplete).
TEST(Check, AdapterThatDoesNotStartIsIncomplete) {
  std::string err;
  EXPECT_EQ(Cli({"check", "--impl", "exit 3", "--cases", "5"}, nullptr, &err), kExitIncomplete);
  EXPECT_NE(err.find("hello"), std::string::npos) << err;
}

// A finding whose vector file cannot be written: exit status 4.
TEST(Check, UnwritableOutIsExitFour) {
  std::string out, err;
  EXPECT_EQ(Cli({"check", "--impl", WrongAdapter("drop-ignored"), "--kind", "passthrough", "--seed", "1", "--out",
                 "/dev/null/found"},
                &out, &err),
            kExitWriteFailed)
      << out << err;
  EXPECT_NE(err.find("/dev/null/found"), std::string::npos) << err;
}

TEST(Check, HelpHasAnExampleAndExitStatuses) {
  std::string out;
  EXPECT_EQ(Cli({"help", "check"}, &out), kExitOk);
  EXPECT_NE(out.find("Example:"), std::string::npos);
  EXPECT_NE(out.find("0      nothing found\n  1      a disagreement"), std::string::npos) << out;
}

}  // namespace
}  // namespace lbconform

namespace lbconform {
namespace {

// Four shards of a check, merged, are the unsharded check: the same cases,
// each once, and the same totals; a shard rerun gives the same result.
TEST(Check, FourShardsMergeToTheUnshardedRun) {
  const fs::path dir = ScratchDir("shards");
  fs::create_directories(dir);
  const std::vector<std::string> common = {"check", "--engine", "reference", "--cases", "40", "--seed", "3"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = common;
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
  std::string out;
  ASSERT_EQ(Cli(with({"--result", (dir / "all.json").string()}), &out), kExitOk) << out;
  std::vector<std::string> merge = {"merge"};
  for (int i = 0; i < 4; ++i) {
    const std::string file = (dir / ("s" + std::to_string(i) + ".json")).string();
    ASSERT_EQ(Cli(with({"--shard", std::to_string(i) + "/4", "--result", file}), &out), kExitOk) << out;
    merge.push_back(file);
  }
  const std::string again = (dir / "s1-again.json").string();
  ASSERT_EQ(Cli(with({"--shard", "1/4", "--result", again})), kExitOk);
  auto read = [](const std::string& path) {
    std::ifstream in(path);
    return nlohmann::json::parse(in);
  };
  EXPECT_EQ(read(again), read((dir / "s1.json").string()));
  merge.insert(merge.end(), {"-o", (dir / "merged.json").string()});
  ASSERT_EQ(Cli(merge, &out), kExitOk) << out;
  const nlohmann::json all = read((dir / "all.json").string());
  const nlohmann::json merged = read((dir / "merged.json").string());
  EXPECT_EQ(merged["counts"], all["counts"]);
  EXPECT_EQ(merged["covered"], all["covered"]);
  EXPECT_EQ(all["counts"]["checked"], 120);
  std::string err;
  EXPECT_EQ(Cli(with({"--shard", "1/4"}), nullptr, &err), kExitOk);
  EXPECT_EQ(Cli({"check", "--engine", "reference", "--shard", "1/4"}, nullptr, &err), kExitUsage);
  EXPECT_NE(err.find("needs --cases"), std::string::npos) << err;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace lbconform

namespace lbconform {
namespace {

using readings::KindsChanged;

// The accepted other reading of a gap, implemented whole, is no finding: its
// cases are counted for its gap (vectors/README.md, rules 3 and 4). One
// reading a kind, those that many cases show (scripts/check-wrong-engines
// runs them all).
TEST(CheckReadings, AcceptedReadingsAreNotFindings) {
  std::vector<const char*> names = {"policy-configures-failover", "empty-primary-pool-has-no-role",
                                    "spray-to-world-rejected"};
  if (kSanitized) names.resize(1);  // the timeline and plan readings cost 19 s there
  for (const char* name : names) {
    const readings::WrongEngineInfo& info = readings::FindMisreading(name);
    ASSERT_EQ(info.expectation, readings::Expectation::kAccepted) << name;
    const readings::WrongEngine engine(info);
    vectors::EngineImplementation implementation(engine);
    CheckOptions options;
    options.kinds = KindsChanged(info);
    options.cases = 200;
    options.seed = 1;
    std::ostringstream out, err;
    const CheckResult result = RunCheck(implementation, options, out, err);
    EXPECT_TRUE(result.findings.empty()) << name << "\n" << out.str();
    const std::string label = GapOf(info) + " (" + info.name + ")";
    std::uint64_t taken = 0;
    for (const auto& [kind, coverage] : result.coverage) {
      if (coverage.other_readings.contains(label)) taken += coverage.other_readings.at(label);
    }
    EXPECT_GT(taken, 0u) << name << " took no case\n" << out.str();
    EXPECT_NE(out.str().find("answered by the other reading of " + label), std::string::npos) << out.str();
  }
}

// An implementation that takes the other reading of GAP-5 on some cases and
// lbconform's on others mixes readings: a finding, with a case of each.
TEST(CheckReadings, MixingTheReadingsOfAGapIsAFinding) {
  const readings::WrongEngineInfo& other = readings::FindMisreading("policy-configures-failover");
  readings::WrongEngineInfo mixed = other;
  mixed.name = "mixes-gap-5";
  mixed.passthrough = [other](const PassthroughScenario& s, Profile profile) {
    if (s.instances.size() % 2 == 0) return other.passthrough(s, profile);
    return reference::ReferenceEngine(/*trace=*/false).Decide(s, profile);
  };
  const readings::WrongEngine engine(mixed);
  vectors::EngineImplementation implementation(engine);
  CheckOptions options;
  options.kinds = {ScenarioKind::kPassthrough};
  options.cases = 2000;
  options.seed = 1;
  std::ostringstream out, err;
  const CheckResult result = RunCheck(implementation, options, out, err);
  ASSERT_EQ(result.findings.size(), 1u) << out.str();
  const CheckFinding& finding = result.findings.front();
  EXPECT_EQ(finding.mixed_reading, "policy-configures-failover");
  EXPECT_EQ(finding.mixed_gap, "GAP-5");
  EXPECT_NE(finding.case_index, finding.lbconform_case_index);
  EXPECT_EQ(finding.scenario["instances"].size() % 2, 0u) << out.str();
  EXPECT_EQ(finding.lbconform_case_scenario["instances"].size() % 2, 1u) << out.str();
  EXPECT_NE(out.str().find("MIXED READINGS of GAP-5"), std::string::npos) << out.str();
  EXPECT_TRUE(finding.vector_path.empty());
}

}  // namespace
}  // namespace lbconform
