// Any scenario document, whatever its kind: the dispatch by `kind` that lets
// the CLI, the vectors and the runner take every kind the same way.
#ifndef LBCONFORM_DOCUMENTS_DOCUMENTS_H_
#define LBCONFORM_DOCUMENTS_DOCUMENTS_H_

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <vector>

#include "documents/scenario_json.h"

namespace lbconform {

// DocumentKind is the kind a scenario document names, when it is an object
// whose `kind` is known; text, other JSON and unknown kinds give nullopt (the
// passthrough decoder then reports the problem).
std::optional<ScenarioKind> DocumentKind(const nlohmann::json& document);

// DecideDocument decides any scenario: a JSON document, or a JSON string
// holding the raw text of one (vectors of malformed input). Bad input is a
// `valid: false` decision, never an exception.
nlohmann::json DecideDocument(const Engine& engine, const nlohmann::json& input, Profile profile,
                              EncodeOptions options = {});

// DecisionValidity reads a decision document of `kind`: nullopt (and why)
// when it is not one; otherwise whether it is valid and its error codes.
struct DecisionValidity {
  bool valid = false;
  std::vector<ErrorCode> codes;
};
std::optional<DecisionValidity> ReadDecisionValidity(ScenarioKind kind, const nlohmann::json& decision,
                                                     std::string* problem);

// DiffDecisionDocuments compares two decisions of `kind` on their normative
// fields: nullopt when they agree, else the first field that differs.
std::optional<std::string> DiffDecisionDocuments(ScenarioKind kind, const nlohmann::json& expected,
                                                 const nlohmann::json& actual);

}  // namespace lbconform

#endif  // LBCONFORM_DOCUMENTS_DOCUMENTS_H_
