// JSON for the test-only toy kind (model/testing/toy_model.h): the scenario
// {"kind": "toy", "numbers": [...], "limit": N} and the decision
// {"valid", "errors", "total", "overLimit"}, and the functions of its row in
// the documents' table of kinds.
#ifndef LBCONFORM_DOCUMENTS_TESTING_TOY_JSON_H_
#define LBCONFORM_DOCUMENTS_TESTING_TOY_JSON_H_

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "documents/scenario_json.h"
#include "model/testing/toy_model.h"

namespace lbconform {

struct DecodedToy {
  std::optional<ToyScenario> scenario;  // set when errors is empty
  std::vector<Error> errors;
};

DecodedToy DecodeToyDocument(const nlohmann::json& document);
nlohmann::json EncodeToyScenario(const ToyScenario& scenario);
nlohmann::json EncodeToyDecision(const ToyDecision& decision);
std::optional<ToyDecision> DecodeToyDecision(const nlohmann::json& document, std::string* problem);

// The row's decide and round trip (documents/documents.cc).
nlohmann::json DecideToyDocument(const Engine& engine, const nlohmann::json& document, Profile profile,
                                 EncodeOptions options);
std::optional<std::string> ToyRoundTrip(const Engine& engine, const nlohmann::json& document);

}  // namespace lbconform

#endif  // LBCONFORM_DOCUMENTS_TESTING_TOY_JSON_H_
