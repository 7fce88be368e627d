// What `lbconform check`'s generators reach and how small its shrinking gets:
// deliberately wrong engines, checked in-process with the default budget and
// seed 1, are found for their own misreading and shrunk to a small case.
// (check_test.cc runs a few of them as adapter processes.)
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <string_view>

#include "cli/check.h"
#include "vectors/runner.h"
#include "vectors/testing/wrong_engines.h"

namespace lbconform {
namespace {

struct Checked {
  CheckResult result;
  std::string out;
};

Checked CheckInProcess(std::string_view misreading, ScenarioKind kind, std::uint64_t seed = 1) {
  const vectors::testing::WrongEngine engine(vectors::testing::FindMisreading(misreading));
  vectors::EngineImplementation implementation(engine);
  CheckOptions options;
  options.kinds = {kind};
  options.cases = kDefaultCheckCases;
  options.seed = seed;
  std::ostringstream out, err;
  Checked checked{RunCheck(implementation, options, out, err), ""};
  checked.out = out.str() + err.str();
  return checked;
}

// The knobbed copy of the planner with no knob decides every generated case
// as the reference, the readings a scenario selects (GAP-25, GAP-28) included;
// so a knobbed misreading is found for its own knob.
TEST(CheckReach, KnobbedPlannerWithoutKnobsAgreesWithTheReference) {
  const Checked checked = CheckInProcess("knobs-off", ScenarioKind::kServiceLbPolicy);
  EXPECT_TRUE(checked.result.findings.empty()) << checked.out;
}

}  // namespace
}  // namespace lbconform
