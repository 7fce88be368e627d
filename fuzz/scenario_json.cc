// Target: the scenario decoders of every kind (input limits, strict fields,
//   URLs, enums) and the reference engine behind them, on arbitrary bytes.
// Oracle: never a crash or hang (sanitizers, libFuzzer's timeout); a rejected
//   document has at least one error with a catalogue code; a decoded scenario
//   survives encode → decode → encode unchanged, and the reference decides it
//   without throwing and deterministically (each kind's round_trip_problem in
//   documents/documents.h).
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string_view>

#include "documents/documents.h"
#include "reference/reference_engine.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  using namespace lbconform;
  const std::string_view text(reinterpret_cast<const char*>(bytes), size);
  std::vector<Error> errors;
  const std::optional<nlohmann::json> document = ParseJsonDocument(text, errors);
  if (!document) {
    if (errors.empty() || !ErrorCodeFromName(NameOf(errors.front().code))) {
      std::fprintf(stderr, "scenario_json: text refused without a catalogue error\n");
      std::abort();
    }
    return 0;
  }
  static const reference::ReferenceEngine engine;
  const KindDocuments& kind = DocumentsOf(KindOf(*document));
  if (const std::optional<std::string> problem = kind.round_trip_problem(engine, *document)) {
    std::fprintf(stderr, "scenario_json: %s: %s\n", NameOf(kind.kind).data(), problem->c_str());
    std::abort();
  }
  return 0;
}
