// Deliberately wrong engines, for tests only: each is a compact, independent
// implementation of the passthrough rules with exactly one misreading of one
// rule. For timelines they take the reference's decision and, for the
// timeline misreadings, distort it the way that misreading would. The suite
// must catch every one (wrong_engines_test.cc).
#ifndef LBCONFORM_VECTORS_TESTING_WRONG_ENGINES_H_
#define LBCONFORM_VECTORS_TESTING_WRONG_ENGINES_H_

#include <string>
#include <vector>

#include "model/model.h"
#include "model/slb_model.h"
#include "model/timeline_model.h"

namespace lbconform::vectors::testing {

enum class Misreading {
  kNone,                           // the baseline: must pass every vector
  kFailoverAtOrBelow,              // boundary: fail over when healthy/total <= ratio (gcloud's wording)
  kFloatRatio,                     // arithmetic: compare healthy < ratio * total in binary floating point
  kRatioZeroNeverFailsOver,        // ratio 0 read as "healthy/total < 0": never fails over
  kDefaultFailoverRatioHalf,       // default: an absent failoverRatio means 0.5
  kLastResortIncludesBackups,      // table row 3: every VM, backups too, as the last resort
  kDropIgnored,                    // dropTrafficIfUnhealthy has no effect
  kFailoverKeepsHealthyPrimaries,  // table row 2: the pool mixes healthy primaries into the backups
  kNoFailoverUnhealthyDrops,       // TD-2 missed: no healthy backend drops the connection
  kTestBackendsAreEligible,        // zonal-match table: test against the eligible set, not the configured one
  kVpnIsCompatible,                // compatibility: VPN tunnels get zonal affinity
  kAnyRegionIsCompatible,          // compatibility: VM clients in other regions get zonal affinity
  kSpillStrictlyGreater,           // boundary: computed ratio > spillover ratio refines
  kSpillZeroAlwaysLocal,           // the API's summary: ratio 0 always keeps traffic in the zone
  kStayKeepsOriginalWhenEmpty,     // STAY with an empty intersection keeps the original set
  kSubsettingAccepted,             // incompatibility: zonal affinity with subsetting accepted
  kLimitOffByOne,                  // limit: 250 primary VMs already rejected
  kDrainingIsReset,                // timeline: failover resets connections even with draining on
  kConnectAnywhere,                // timeline: a new connection lands on any VM, eligible or not
  kFailbackNotReported,            // timeline: a failback is not recognised as one
  kDrainingAlwaysTenMinutes,       // timeline: the API's 10 minutes whatever the profile
  kPreferredIgnored,               // service LB policy: preferred backends treated as DEFAULT
  kStrictOverflows,                // service LB policy: STRICT isolation read as NEAREST
  kThresholdDefaultFifty,          // service LB policy: the API's classic default of 50
  kIsolationWithoutGranularity,    // service LB policy: an isolation mode enforced without REGION granularity
};

struct WrongEngineInfo {
  Misreading misreading;
  const char* name;
  const char* rule;  // the clause misread
};

const std::vector<WrongEngineInfo>& AllMisreadings();

class WrongEngine final : public PassthroughEngine, public TimelineEngine, public SlbEngine {
 public:
  explicit WrongEngine(WrongEngineInfo info) : info_(info), name_(std::string("wrong-") + info.name) {}
  std::string_view name() const override { return name_; }
  PassthroughDecision Decide(const PassthroughScenario& scenario, Profile profile) const override;
  TimelineDecision DecideTimeline(const TimelineScenario& timeline, Profile profile) const override;
  SlbDecision Plan(const SlbScenario& scenario) const override;

 private:
  WrongEngineInfo info_;
  std::string name_;
};

}  // namespace lbconform::vectors::testing

#endif  // LBCONFORM_VECTORS_TESTING_WRONG_ENGINES_H_
