// The reference engine: the spec's rules, literally, in the spec's order.
#ifndef LBCONFORM_REFERENCE_REFERENCE_ENGINE_H_
#define LBCONFORM_REFERENCE_REFERENCE_ENGINE_H_

#include "model/model.h"
#include "model/slb_model.h"
#include "model/timeline_model.h"
#include "reference/failover.h"
#ifdef LBCONFORM_TOY_KIND
#include "model/testing/toy_model.h"
#endif

namespace lbconform::reference {

// DecideNewConnection runs steps 2.1-2.3 [TD-3] for a scenario that has
// passed ValidateScenario: where a new connection may go right now.
PassthroughDecision DecideNewConnection(const PassthroughScenario& scenario, Profile profile, Trace& trace);

class ReferenceEngine final : public PassthroughEngine,
                              public TimelineEngine,
                              public SlbEngine
#ifdef LBCONFORM_TOY_KIND
    ,
                              public ToyEngine  // reference/testing/toy.cc
#endif
{
 public:
  // trace: build the informative step trace (off for bulk checking).
  explicit ReferenceEngine(bool trace = true) : trace_(trace ? TraceDetail::kText : TraceDetail::kNone) {}
  explicit ReferenceEngine(TraceDetail trace) : trace_(trace) {}
  std::string_view name() const override { return "reference"; }
  PassthroughDecision Decide(const PassthroughScenario& scenario, Profile profile) const override;
  TimelineDecision DecideTimeline(const TimelineScenario& timeline, Profile profile) const override;
  SlbDecision Plan(const SlbScenario& scenario) const override;
#ifdef LBCONFORM_TOY_KIND
  ToyDecision DecideToy(const ToyScenario& scenario) const override;
#endif

 private:
  TraceDetail trace_;
};

}  // namespace lbconform::reference

#endif  // LBCONFORM_REFERENCE_REFERENCE_ENGINE_H_
