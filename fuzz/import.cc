// Target: `lbconform import` (documents/import.cc) on arbitrary JSON: the
//   describe output, the health output (gcloud's list or the API's
//   getHealth response) and the options, as one array
//   [describe, health, {clientZone, clientType, forwardingRule, group,
//   clients, serviceLbPolicy}] (a global service with clients is the
//   service-lb-policy kind).
// Oracle: never an exception, crash or hang; exactly one of a scenario and
//   an error; an imported scenario is a JSON object whose decoding either
//   succeeds or names an error, and survives encode → decode (its kind's
//   round-trip oracle, documents/documents.h).
#include "documents/import.h"

#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string_view>

#include "documents/documents.h"
#include "documents/scenario_json.h"
#include "engines/engines.h"

namespace {

std::string StringOr(const nlohmann::json& options, const char* key) {
  const auto it = options.find(key);
  return it != options.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  using namespace lbconform;
  const std::string_view text(reinterpret_cast<const char*>(bytes), size);
  std::vector<Error> errors;
  const std::optional<nlohmann::json> document = ParseJsonDocument(text, errors);
  if (!document || !document->is_array() || document->size() < 2) return 0;
  ImportOptions options;
  if (document->size() > 2 && (*document)[2].is_object()) {
    const nlohmann::json& o = (*document)[2];
    options.client_zone = StringOr(o, "clientZone");
    options.forwarding_rule = StringOr(o, "forwardingRule");
    options.group = StringOr(o, "group");
    if (const std::string type = StringOr(o, "clientType"); !type.empty()) options.client_type = type;
    if (o.contains("clients")) options.clients = o["clients"];
    if (o.contains("serviceLbPolicy")) options.service_lb_policy = o["serviceLbPolicy"];
  }
  ImportResult result;
  try {
    result = ImportGcloud((*document)[0], (*document)[1], options);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "import: exception: %s\n", e.what());
    std::abort();
  }
  if (result.scenario.has_value() == !result.error.empty()) {
    std::fprintf(stderr, "import: a scenario and an error, or neither (error '%s')\n", result.error.c_str());
    std::abort();
  }
  if (!result.scenario) return 0;
  if (!result.scenario->is_object()) {
    std::fprintf(stderr, "import: the scenario is not an object\n");
    std::abort();
  }
  // The kind's row of the documents' table: decoded, or rejected with an
  // error, and unchanged by encode → decode.
  static const Engine& reference = *FindEngine("reference");
  if (const std::optional<std::string> problem =
          DocumentsOf(KindOf(*result.scenario)).round_trip_problem(reference, *result.scenario)) {
    std::fprintf(stderr, "import: the imported scenario: %s\n", problem->c_str());
    std::abort();
  }
  DumpJson(*result.scenario);
  return 0;
}
