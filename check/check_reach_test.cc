// What `lbconform check`'s generators reach and how small its shrinking gets:
// deliberately wrong engines, checked in-process with the default budget and
// seed 1, are found for their own misreading and shrunk to a small case.
// (check_test.cc runs a few of them as adapter processes.)
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <string_view>

#include "check/check.h"
#include "readings/wrong_engines.h"
#include "vectors/runner.h"

namespace lbconform {
namespace {

struct Checked {
  CheckResult result;
  std::string out;
};

Checked CheckInProcess(std::string_view misreading, ScenarioKind kind, std::uint64_t seed = 1) {
  const readings::WrongEngine engine(readings::FindMisreading(misreading));
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

// Each misreading below was missed within the default budget, or shrunk to
// a large case, before check's generators reached its boundary and its
// shrinks worked in the scenario's own terms.
struct Reach {
  const char* engine;
  ScenarioKind kind;
  std::size_t max_vms;  // passthrough and timelines: VMs of the shrunk case
  std::size_t max_events;
  std::size_t max_backends;  // service LB policies
  std::size_t max_clients;
  std::size_t groups = 0;  // when not 0: exactly this many groups
};

void PrintTo(const Reach& reach, std::ostream* os) { *os << reach.engine; }

class CheckReachTest : public ::testing::TestWithParam<Reach> {};

TEST_P(CheckReachTest, FoundAndShrunkSmall) {
  const Reach reach = GetParam();
  const Checked checked = CheckInProcess(reach.engine, reach.kind);
  ASSERT_EQ(checked.result.findings.size(), 1u) << checked.out;
  const CheckFinding& finding = checked.result.findings.front();
  const nlohmann::json& s = finding.scenario;
  auto count = [](const nlohmann::json& object, const char* key) {
    return object.contains(key) && object[key].is_array() ? object[key].size() : 0;
  };
  EXPECT_LE(count(s, "instances"), reach.max_vms) << finding.SizeText();
  EXPECT_LE(count(s, "events"), reach.max_events) << finding.SizeText();
  EXPECT_LE(count(s, "backendGroups"), reach.max_backends) << finding.SizeText();
  EXPECT_LE(count(s, "clients"), reach.max_clients) << finding.SizeText();
  if (reach.groups != 0) {
    ASSERT_TRUE(s.contains("backendService"));
    EXPECT_EQ(count(s["backendService"], "backends"), reach.groups) << finding.SizeText();
  }
}

constexpr auto kPassthrough = ScenarioKind::kPassthrough;
constexpr auto kTimeline = ScenarioKind::kPassthroughTimeline;
constexpr auto kSlb = ScenarioKind::kServiceLbPolicy;

INSTANTIATE_TEST_SUITE_P(
    Check, CheckReachTest,
    ::testing::Values(
        // The 50-group limit: found, and shrunk to the limit plus one, each group's VM removed.
        Reach{"group-limit-counts-all", kPassthrough, 4, 0, 0, 0, 51},
        Reach{"limits-without-failover", kPassthrough, 4, 0, 0, 0, 51},
        // Misreadings that need nothing of the 250-VM limit shrink away from it.
        Reach{"ratio-of-unhealthy", kPassthrough, 4, 0, 0, 0},
        Reach{"keep-includes-unhealthy-primaries", kPassthrough, 4, 0, 0, 0},
        // The first fraction whose double's shortest decimal lies above it is
        // 5/6: 6 primaries and a healthy backup, or 6 VMs in the client's zone
        // (check_shrinks.h); float32 already parts at 1/2.
        Reach{"float-division", kPassthrough, 7, 0, 0, 0}, Reach{"spill-float-division", kPassthrough, 6, 0, 0, 0},
        Reach{"spill-float32", kPassthrough, 2, 0, 0, 0},
        // Timelines: two transitions while a connection drains; shrunk to a few events.
        Reach{"transition-restarts-drain", kTimeline, 4, 6, 0, 0},
        Reach{"connect-before-same-time-events", kTimeline, 4, 6, 0, 0},
        Reach{"failback-not-reported", kTimeline, 4, 6, 0, 0},
        Reach{"zero-second-drain-is-reset", kTimeline, 4, 6, 0, 0},
        // Service LB policies: unsupported load balancers and backend types,
        // undrain at exactly 35%, UTILIZATION without maxUtilization.
        Reach{"classic-application-supported", kSlb, 0, 0, 4, 2}, Reach{"regional-mig-supported", kSlb, 0, 0, 4, 2},
        Reach{"gce-vm-ip-neg-supported", kSlb, 0, 0, 4, 2}, Reach{"undrain-above-35", kSlb, 0, 0, 4, 2},
        Reach{"utilization-default-0.8", kSlb, 0, 0, 4, 2}, Reach{"any-scheme", kSlb, 0, 0, 4, 2}),
    [](const ::testing::TestParamInfo<Reach>& reach) {
      std::string name = reach.param.engine;
      for (char& c : name) c = (c == '-' || c == '.') ? '_' : c;
      return name;
    });

}  // namespace
}  // namespace lbconform
