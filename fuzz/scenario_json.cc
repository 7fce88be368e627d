// Target: the scenario decoders (input limits, strict fields, URLs, enums),
//   passthrough, passthrough-timeline and service-lb-policy, and the reference engine behind
//   them, on arbitrary bytes.
// Oracle: never a crash or hang (sanitizers, libFuzzer's timeout); a rejected
//   document has at least one error with a catalogue code; a decoded scenario
//   survives encode → decode → encode unchanged, and the reference decides it
//   without throwing and deterministically.
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string_view>

#include "reference/reference_engine.h"
#include "documents/scenario_json.h"
#include "documents/documents.h"
#include "documents/slb_json.h"
#include "documents/timeline_json.h"

namespace {

using namespace lbconform;

// CheckTimeline: the same oracle for a timeline document.
void CheckTimeline(const nlohmann::json& document) {
  const DecodedTimeline decoded = DecodeTimelineDocument(document);
  if (!decoded.timeline) {
    if (decoded.errors.empty()) std::abort();
    return;
  }
  const nlohmann::json encoded = EncodeTimeline(*decoded.timeline);
  const DecodedTimeline again = DecodeTimelineDocument(encoded);
  if (!again.timeline || EncodeTimeline(*again.timeline) != encoded) {
    std::fprintf(stderr, "scenario_json: timeline round trip changed it\n%s\n", DumpJson(encoded).c_str());
    std::abort();
  }
  const reference::ReferenceEngine engine;
  for (Profile profile : AllProfiles()) {
    const TimelineDecision first = engine.DecideTimeline(*decoded.timeline, profile);
    if (!SameTimelineDecision(first, engine.DecideTimeline(*again.timeline, profile))) std::abort();
    volatile std::size_t sink = DumpJson(EncodeTimelineDecision(first, {.trace = true}, &*decoded.timeline)).size();
    (void)sink;
  }
}

// CheckSlb: the same oracle for a service-lb-policy document.
void CheckSlb(const nlohmann::json& document) {
  const DecodedSlb decoded = DecodeSlbDocument(document);
  if (!decoded.scenario) {
    if (decoded.errors.empty()) std::abort();
    return;
  }
  const nlohmann::json encoded = EncodeSlbScenario(*decoded.scenario);
  const DecodedSlb again = DecodeSlbDocument(encoded);
  const reference::ReferenceEngine engine;
  const SlbDecision first = engine.Plan(*decoded.scenario);
  if (!again.scenario || !SameSlbDecision(first, engine.Plan(*again.scenario))) {
    std::fprintf(stderr, "scenario_json: service-lb-policy round trip changed the plan\n%s\n", DumpJson(encoded).c_str());
    std::abort();
  }
  volatile std::size_t sink = DumpJson(EncodeSlbDecision(first, {.trace = true}, &*decoded.scenario)).size();
  (void)sink;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(bytes), size);
  {
    std::vector<Error> ignored;
    const std::optional<nlohmann::json> document = ParseJsonDocument(text, ignored);
    if (document && DocumentKind(*document) == ScenarioKind::kPassthroughTimeline) {
      CheckTimeline(*document);
      return 0;
    }
    if (document && DocumentKind(*document) == ScenarioKind::kServiceLbPolicy) {
      CheckSlb(*document);
      return 0;
    }
  }
  const DecodedScenario decoded = DecodeScenario(text);
  if (!decoded.scenario) {
    if (decoded.errors.empty()) {
      std::fprintf(stderr, "scenario_json: rejected without an error\n");
      std::abort();
    }
    if (!ErrorCodeFromName(NameOf(decoded.errors.front().code))) std::abort();
    return 0;
  }
  const nlohmann::json encoded = EncodeScenario(*decoded.scenario);
  const DecodedScenario again = DecodeScenario(encoded.dump());
  if (!again.scenario || EncodeScenario(*again.scenario) != encoded) {
    std::fprintf(stderr, "scenario_json: round trip changed the scenario\n%s\n", DumpJson(encoded).c_str());
    std::abort();
  }
  const reference::ReferenceEngine engine;
  for (Profile profile : AllProfiles()) {
    const PassthroughDecision first = engine.Decide(*decoded.scenario, profile);
    const PassthroughDecision second = engine.Decide(*again.scenario, profile);
    if (!SameDecision(first, second)) {
      std::fprintf(stderr, "scenario_json: the same scenario decided twice differs\n");
      std::abort();
    }
    volatile std::size_t sink = DumpJson(EncodeDecision(first, {.trace = true})).size();
    (void)sink;
  }
  return 0;
}
