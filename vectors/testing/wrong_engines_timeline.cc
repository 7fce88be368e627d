// The timeline misreadings: the reference's timeline, distorted the way each
// misreading would distort it.
#include "reference/reference_engine.h"
#include "vectors/testing/wrong_engines.h"

namespace lbconform::vectors::testing {
namespace {

TimelineDecision ReferenceTimeline(const TimelineScenario& timeline, Profile profile) {
  return reference::ReferenceEngine(/*trace=*/false).DecideTimeline(timeline, profile);
}

// Distorted: a timeline misreading that rewrites each connection of each step.
WrongEngineInfo Distorted(const char* name, const char* misreads, const char* reading,
                          std::function<void(ConnectionStatus&)> distort) {
  WrongEngineInfo info{name, misreads, reading, Expectation::kCaught, {}, {}, {}};
  info.timeline = [distort](const TimelineScenario& timeline, Profile profile) {
    TimelineDecision d = ReferenceTimeline(timeline, profile);
    for (TimelineStep& step : d.steps) {
      for (ConnectionStatus& c : step.connections) distort(c);
    }
    return d;
  };
  return info;
}

WrongEngineInfo FailbackNotReported() {
  WrongEngineInfo info{
      "failback-not-reported", "FO-9", "a failback is not recognised as one", Expectation::kCaught, {}, {}, {}};
  info.timeline = [](const TimelineScenario& timeline, Profile profile) {
    TimelineDecision d = ReferenceTimeline(timeline, profile);
    for (TimelineStep& step : d.steps) {
      if (step.transition == Transition::kFailback) step.transition = Transition::kNone;
    }
    return d;
  };
  return info;
}

WrongEngineInfo DrainingAlwaysTenMinutes() {
  WrongEngineInfo info{"draining-always-ten-minutes",
                       "FO-21 GAP-7",
                       "the API's 10 minutes whatever the profile",
                       Expectation::kCaught,
                       {},
                       {},
                       {}};
  info.timeline = [](const TimelineScenario& timeline, Profile) {
    return ReferenceTimeline(timeline, Profile::kApi10Min);
  };
  return info;
}

}  // namespace

const std::vector<WrongEngineInfo>& TimelineMisreadings() {
  static const std::vector<WrongEngineInfo> kAll = {
      Distorted("draining-is-reset", "FO-21", "failover resets connections even with draining on",
                [](ConnectionStatus& c) {
                  if (c.state != ConnectionState::kDraining) return;
                  c.state = ConnectionState::kReset;
                  c.draining_until.reset();
                }),
      Distorted("connect-anywhere", "CT-2", "a new connection lands on any VM, eligible or not",
                [](ConnectionStatus& c) {
                  if (c.state == ConnectionState::kRefused) c.state = ConnectionState::kActive;
                }),
      FailbackNotReported(),
      DrainingAlwaysTenMinutes(),
  };
  return kAll;
}

}  // namespace lbconform::vectors::testing
