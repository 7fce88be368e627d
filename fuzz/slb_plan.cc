// Target: every engine's service-lb-policy plan (the reference planner, the
//   optimized planner) on bounded scenarios decoded from bytes (fuzz_utils.h).
// Oracle: each engine returns the reference's plan (validity and codes, then
//   every field), and the reference's plan keeps the normative invariants
//   (invariants/slb_invariants.h): exact conservation, never half or more
//   drained, drained backends get nothing, STRICT stays and drops only what
//   its region cannot serve, preferred before default, WATERFALL_BY_ZONE
//   nearest zone first. A violation prints the scenario JSON and aborts.
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "documents/slb_json.h"
#include "engines/engines.h"
#include "fuzz/fuzz_utils.h"
#include "invariants/slb_invariants.h"
#include "reference/reference_engine.h"

namespace {

using namespace lbconform;

[[noreturn]] void Report(const std::string& what, const SlbScenario& s, const SlbDecision& reference_plan) {
  std::fprintf(stderr, "slb_plan: %s\nscenario: %s\nreference: %s\n", what.c_str(),
               DumpJson(EncodeSlbScenario(s)).c_str(), DumpJson(EncodeSlbDecision(reference_plan)).c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  FuzzedDataProvider data(bytes, size);
  const SlbScenario s = fuzz::ConsumeSlbScenario(data);
  static const reference::ReferenceEngine reference(/*trace=*/false);
  const SlbDecision expected = reference.Plan(s);
  if (auto violation = properties::SlbViolation(s, expected)) Report(*violation, s, expected);
  static const std::vector<const SlbEngine*> engines = EnginesOf<SlbEngine>();
  for (const SlbEngine* engine : engines) {
    if (engine->name() == "reference") continue;
    const SlbDecision actual = engine->Plan(s);
    if (!SameSlbDecision(expected, actual)) {
      Report(std::string(engine->name()) + " disagrees on " +
                 NormativeSlbDiff(expected, actual).value_or("a non-normative field"),
             s, expected);
    }
  }
  return 0;
}
