// `lbconform check --keep-going`: a finding does not end the check; one bug
// met on many cases is one finding with a count and its smallest case. And
// `check --findings DIR`, the store replayed first on the next run.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "check/check.h"
#include "cli/testing/run_cli.h"
#include "model/exit_status.h"
#include "readings/wrong_engines.h"
#include "vectors/runner.h"

namespace lbconform {
namespace {

CheckResult CheckWrongEngine(const char* name, bool keep_going, std::uint64_t cases, std::string* out_text) {
  const readings::WrongEngine engine(readings::FindMisreading(name));
  vectors::EngineImplementation implementation(engine);
  CheckOptions options;
  options.kinds = {ScenarioKind::kPassthrough};
  options.cases = cases;
  options.seed = 3;
  options.keep_going = keep_going;
  std::ostringstream out, err;
  CheckResult result = RunCheck(implementation, options, out, err);
  implementation.Finish();
  *out_text = out.str() + err.str();
  return result;
}

TEST(KeepGoing, ChecksEveryCaseAndCountsOneBugOnce) {
  constexpr std::uint64_t kCases = 300;
  std::string stopped_text, kept_text;
  const CheckResult stopped = CheckWrongEngine("float-ratio", false, kCases, &stopped_text);
  ASSERT_EQ(stopped.findings.size(), 1u) << stopped_text;
  EXPECT_LT(stopped.coverage.at(ScenarioKind::kPassthrough).cases, kCases);  // stopped at its finding

  const CheckResult kept = CheckWrongEngine("float-ratio", true, kCases, &kept_text);
  EXPECT_EQ(kept.coverage.at(ScenarioKind::kPassthrough).cases, kCases) << kept_text;
  ASSERT_EQ(kept.findings.size(), 1u) << kept_text;
  const CheckFinding& finding = kept.findings.front();
  EXPECT_EQ(finding.case_index, stopped.findings.front().case_index);  // the same first finding, shrunk alike
  EXPECT_EQ(finding.scenario, stopped.findings.front().scenario);
  EXPECT_GT(finding.occurrences, 1u) << kept_text;  // met again, counted, not reported again
  EXPECT_LE(finding.occurrences, kCases);
  const auto& names = finding.misreading_names;
  EXPECT_NE(std::find(names.begin(), names.end(), "float-ratio"), names.end()) << kept_text;
  EXPECT_EQ(finding.Signature().failure, finding.failure.Signature());
}

// The store: a first run stores its finding; the next run replays it first
// and says it still fails (storing nothing new for the same signature) or
// that it is fixed; `run` replays the store and `vectors lint` accepts it.
TEST(FindingsStore, ReplaysStoredFindingsFirst) {
  namespace fs = std::filesystem;
  const fs::path store = fs::temp_directory_path() / ("lbconform-findings-store-" + std::to_string(getpid()));
  fs::remove_all(store);
  const std::string wrong = std::string(LBCONFORM_WRONG_ADAPTER) + " float-ratio";
  auto check = [&](const std::string& impl, const char* seed) {
    return testing::Lbconform({"check", "--impl", impl, "--kind", "passthrough", "--cases", "300", "--seed", seed,
                               "--keep-going", "--findings", store.string()});
  };
  const testing::CliRun first = check(wrong, "3");
  EXPECT_EQ(first.status, kExitRejected) << first.out << first.err;
  EXPECT_NE(first.out.find("findings store " + store.string() + ": empty"), std::string::npos) << first.out;
  EXPECT_NE(first.out.find("1 new finding stored"), std::string::npos) << first.out;
  ASSERT_EQ(std::distance(fs::directory_iterator(store / "regressions"), fs::directory_iterator()), 1);

  const testing::CliRun again = check(wrong, "4");
  EXPECT_EQ(again.status, kExitRejected);
  EXPECT_NE(again.out.find("1 stored case replayed first"), std::string::npos) << again.out;
  EXPECT_NE(again.out.find("1 still fails, 0 fixed"), std::string::npos) << again.out;
  EXPECT_EQ(again.out.find("new finding stored"), std::string::npos) << again.out;  // its signature is stored
  EXPECT_EQ(std::distance(fs::directory_iterator(store / "regressions"), fs::directory_iterator()), 1);

  const testing::CliRun fixed = check(std::string(LBCONFORM_BINARY) + " adapter", "4");
  EXPECT_EQ(fixed.status, kExitOk) << fixed.out << fixed.err;
  EXPECT_NE(fixed.out.find("0 still fail, 1 fixed"), std::string::npos) << fixed.out;

  EXPECT_EQ(testing::Cli({"run", "--vectors", store.string(), "--impl", wrong}), kExitRejected);
  std::string lint;
  EXPECT_EQ(testing::Cli({"vectors", "lint", "--vectors", store.string()}, &lint), kExitOk) << lint;
  fs::remove_all(store);
  // A store that is not a folder is a usage error, not an empty store.
  std::ofstream(store.string()) << "not a folder";
  EXPECT_EQ(check(wrong, "3").status, kExitUsage);
  fs::remove_all(store);
}

}  // namespace
}  // namespace lbconform
