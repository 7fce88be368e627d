// Target: every engine's passthrough-timeline decisions (reference, optimized
//   with each kernel) on bounded timelines decoded from bytes (fuzz_utils.h).
// Oracle: every engine returns the reference's decision, and the reference's
//   decision keeps the timeline invariants (invariants/timeline_invariants.h):
//   no connection moves, no new connection outside the modified eligible set,
//   nothing survives a failover with draining off, no drain past its timeout.
//   A violation prints the timeline JSON and aborts.
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "documents/timeline_json.h"
#include "engines/engines.h"
#include "fuzz/fuzz_utils.h"
#include "invariants/timeline_invariants.h"
#include "reference/reference_engine.h"

namespace {

using namespace lbconform;

[[noreturn]] void Report(const std::string& what, const TimelineScenario& t, Profile profile,
                         const TimelineDecision& reference_decision) {
  std::fprintf(stderr, "timeline: %s (profile %s)\ntimeline: %s\nreference: %s\n", what.c_str(),
               std::string(NameOf(profile)).c_str(), DumpJson(EncodeTimeline(t)).c_str(),
               DumpJson(EncodeTimelineDecision(reference_decision)).c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  FuzzedDataProvider data(bytes, size);
  const TimelineScenario timeline = fuzz::ConsumeTimeline(data);
  const Profile profile = fuzz::ConsumeTimelineProfile(data);
  static const reference::ReferenceEngine reference(/*trace=*/false);
  const TimelineDecision expected = reference.DecideTimeline(timeline, profile);
  if (auto violation = properties::TimelineViolation(timeline, profile, expected))
    Report(*violation, timeline, profile, expected);
  static const std::vector<const TimelineEngine*> engines = EnginesOf<TimelineEngine>();
  for (const TimelineEngine* engine : engines) {
    if (engine->name() == "reference") continue;
    const TimelineDecision actual = engine->DecideTimeline(timeline, profile);
    if (!SameTimelineDecision(expected, actual)) {
      Report(std::string(engine->name()) + " disagrees on " +
                 NormativeTimelineDiff(expected, actual).value_or("a non-normative field"),
             timeline, profile, expected);
    }
  }
  return 0;
}
