// The service-LB-policy misreadings: the reference's planner, asked what each
// misreading would ask, or its plan distorted the way the misreading would.
#include "reference/reference_engine.h"
#include "vectors/testing/wrong_engines.h"

namespace lbconform::vectors::testing {
namespace {

SlbDecision ReferencePlan(const SlbScenario& scenario) {
  return reference::ReferenceEngine(/*trace=*/false).Plan(scenario);
}

// AskedAs: a misreading that changes the scenario before the reference plans it.
WrongEngineInfo AskedAs(const char* name, const char* misreads, const char* reading,
                        std::function<void(SlbScenario&)> reread) {
  WrongEngineInfo info{name, misreads, reading, Expectation::kCaught, {}, {}, {}};
  info.slb = [reread](const SlbScenario& scenario) {
    SlbScenario s = scenario;
    reread(s);
    return ReferencePlan(s);
  };
  return info;
}

WrongEngineInfo ThresholdDefaultFifty() {
  WrongEngineInfo info{
      "threshold-default-fifty", "SLB-22 GAP-30", "the API's classic default of 50", Expectation::kCaught, {}, {}, {}};
  info.slb = [](const SlbScenario& scenario) {
    SlbScenario s = scenario;
    if (!s.policy.failover_health_threshold) s.policy.failover_health_threshold = 50;
    SlbDecision d = ReferencePlan(s);
    // It reports the default of 70, but plans with 50.
    if (d.valid() && !scenario.policy.failover_health_threshold) d.policy.failover_health_threshold = 70;
    return d;
  };
  return info;
}

}  // namespace

const std::vector<WrongEngineInfo>& SlbMisreadings() {
  static const std::vector<WrongEngineInfo> kAll = {
      AskedAs("preferred-ignored", "SLB-30", "preferred backends treated as DEFAULT",
              [](SlbScenario& s) {
                for (SlbBackend& b : s.backends) b.preference = Preference::kDefault;
              }),
      AskedAs("strict-overflows", "SLB-27", "STRICT isolation read as NEAREST",
              [](SlbScenario& s) {
                if (s.policy.isolation_mode == IsolationMode::kStrict &&
                    s.policy.isolation_granularity == IsolationGranularity::kRegion) {
                  s.policy.isolation_granularity = IsolationGranularity::kUnspecified;
                }
              }),
      ThresholdDefaultFifty(),
      AskedAs("isolation-without-granularity", "SLB-28", "an isolation mode enforced without REGION granularity",
              [](SlbScenario& s) {
                if (s.policy.isolation_mode != IsolationMode::kUnspecified)
                  s.policy.isolation_granularity = IsolationGranularity::kRegion;
              }),
  };
  return kAll;
}

}  // namespace lbconform::vectors::testing
