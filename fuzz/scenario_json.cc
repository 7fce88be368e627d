// Target: the scenario decoder (input limits, strict fields, URLs, enums) and
//   the reference engine behind it, on arbitrary bytes.
// Oracle: never a crash or hang (sanitizers, libFuzzer's timeout); a rejected
//   document has at least one error with a catalogue code; a decoded scenario
//   survives encode → decode → encode unchanged, and the reference decides it
//   without throwing and deterministically.
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string_view>

#include "reference/reference_engine.h"
#include "reference/scenario_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  using namespace lbconform;
  const std::string_view text(reinterpret_cast<const char*>(bytes), size);
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
