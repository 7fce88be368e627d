// check's shrinks in the scenario's own terms (check_shrinks.h) keep every
// scenario consistent: each index points at what is still there, so that a
// candidate encodes, and a valid scenario's candidates are still decided.
#include "check/shrinks.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "check/scenario_generators.h"
#include "reference/reference_engine.h"

namespace lbconform::check {
namespace {

// At most this many candidates of each drawn scenario (the first ones: chunks).
constexpr std::size_t kCandidates = 40;

template <typename T, typename Check>
void ForCandidates(rc::Seq<T> shrinks, Check check) {
  std::size_t seen = 0;
  while (rc::Maybe<T> candidate = shrinks.next()) {
    check(*candidate);
    if (++seen == kCandidates) break;
  }
}

RC_GTEST_PROP(CheckShrinks, PassthroughCandidatesNameExistingGroups, ()) {
  const PassthroughScenario s = *GenScenario({});
  ForCandidates(PassthroughShrinks(s, Profile::kSpecDocs), [&](const PassthroughScenario& c) {
    RC_ASSERT(c.instances.size() <= s.instances.size());
    RC_ASSERT(c.backends.size() <= s.backends.size());
    for (const Instance& vm : c.instances) RC_ASSERT(vm.backend < c.backends.size());
  });
}

RC_GTEST_PROP(CheckShrinks, TimelineCandidatesNameExistingVmsAndConnections, ()) {
  const TimelineScenario t = *rc::gen::arbitrary<TimelineScenario>();
  const reference::ReferenceEngine reference(/*trace=*/false);
  const bool valid = reference.DecideTimeline(t, Profile::kSpecDocs).valid();
  ForCandidates(TimelineShrinks(t), [&](const TimelineScenario& c) {
    RC_ASSERT(c.events.size() <= t.events.size());
    std::size_t connects = 0;
    for (const Instance& vm : c.initial.instances) RC_ASSERT(vm.backend < c.initial.backends.size());
    for (const TimelineEvent& e : c.events) {
      if (e.type == EventType::kHealth || e.type == EventType::kConnect)
        RC_ASSERT(e.instance < c.initial.instances.size());
      if (e.type == EventType::kConnect) RC_ASSERT(e.connection == connects++);
      if (e.type == EventType::kClose) RC_ASSERT(e.connection < connects);
    }
    RC_ASSERT(connects == c.connection_ids.size());
    // Removing events, VMs or groups breaks no validation rule a valid timeline kept.
    if (valid) RC_ASSERT(reference.DecideTimeline(c, Profile::kSpecDocs).valid());
  });
}

RC_GTEST_PROP(CheckShrinks, SlbCandidatesKeepTheTopologyWhole, ()) {
  const SlbScenario s = *GenSlbScenario(/*allow_invalid=*/true);
  ForCandidates(SlbShrinks(s), [&](const SlbScenario& c) {
    RC_ASSERT(c.zones.size() == c.zone_region.size());
    for (std::size_t r : c.zone_region) RC_ASSERT(r < c.regions.size());
    for (const ClientLocation& client : c.clients) RC_ASSERT(client.rtt_micros.size() == c.zones.size());
    for (const SlbBackend& b : c.backends) {
      RC_ASSERT(std::find(c.zones.begin(), c.zones.end(), b.zone) != c.zones.end());
    }
  });
}

}  // namespace
}  // namespace lbconform::check
