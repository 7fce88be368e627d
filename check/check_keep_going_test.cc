// `lbconform check --keep-going`: a finding does not end the check; one bug
// met on many cases is one finding with a count and its smallest case.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "check/check.h"
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

}  // namespace
}  // namespace lbconform
