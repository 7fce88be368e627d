// The table of scenario kinds at the documents layer: for each kind (see
// model/kinds.def), whether an engine decides it, how a document of that kind
// is decided and encoded, how its decisions are read and compared on their
// normative fields, and the round-trip oracle of the fuzzers. The CLI, the
// runner, the adapter, the vector tools and fuzz/scenario_json go through it,
// so none of them names a kind.
#ifndef LBCONFORM_DOCUMENTS_DOCUMENTS_H_
#define LBCONFORM_DOCUMENTS_DOCUMENTS_H_

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "documents/scenario_json.h"

namespace lbconform {

// DecisionValidity is what every kind's decision says first: whether it is
// valid, and its error codes.
struct DecisionValidity {
  bool valid = false;
  std::vector<ErrorCode> codes;
};

struct KindDocuments {
  ScenarioKind kind;
  // implemented_by: whether `engine` implements this kind's interface.
  bool (*implemented_by)(const Engine& engine);
  // decide decodes `document` (a JSON value naming this kind), decides it with
  // `engine`, which must implement the kind, and encodes the decision; a
  // rejected document is a `valid: false` decision.
  nlohmann::json (*decide)(const Engine& engine, const nlohmann::json& document, Profile profile,
                           EncodeOptions options);
  // read_validity reads a decision document of this kind: nullopt (and why)
  // when it is not one.
  std::optional<DecisionValidity> (*read_validity)(const nlohmann::json& decision, std::string* problem);
  // diff compares two decisions on their normative fields: nullopt when they
  // agree, else the first field that differs.
  std::optional<std::string> (*diff)(const nlohmann::json& expected, const nlohmann::json& actual);
  // round_trip_problem: a decoded scenario must survive encode → decode
  // unchanged and `engine` must decide both copies alike under every profile;
  // a rejected one must say why. nullopt when all holds, else the problem.
  std::optional<std::string> (*round_trip_problem)(const Engine& engine, const nlohmann::json& document);
  // decode_errors: what is wrong with a scenario document of this kind as a
  // document (no engine asked); empty when it decodes (`lbconform import`
  // says at once whether what it wrote decodes).
  std::vector<Error> (*decode_errors)(const nlohmann::json& document);
};

// DocumentsOf is the table's entry for `kind`.
const KindDocuments& DocumentsOf(ScenarioKind kind);

// Implements tells whether `engine` decides scenarios of `kind`; KindsOf
// lists every kind it decides, in catalogue order.
bool Implements(const Engine& engine, ScenarioKind kind);
std::vector<ScenarioKind> KindsOf(const Engine& engine);

// DocumentKind is the kind a scenario document names, when it is an object
// whose `kind` is known; text, other JSON and unknown kinds give nullopt.
std::optional<ScenarioKind> DocumentKind(const nlohmann::json& document);
// KindOf is DocumentKind or, failing that, passthrough: the passthrough
// decoder reports what is wrong with a document that names no known kind.
ScenarioKind KindOf(const nlohmann::json& document);

// DecideDocument decides any scenario: a JSON document, or a JSON string
// holding the raw text of one (vectors of malformed input). Bad input is a
// `valid: false` decision, never an exception. `engine` must implement the
// document's kind (std::invalid_argument otherwise).
nlohmann::json DecideDocument(const Engine& engine, const nlohmann::json& input, Profile profile,
                              EncodeOptions options = {});

// ReadDecisionValidity and DiffDecisionDocuments dispatch to `kind`'s entry.
std::optional<DecisionValidity> ReadDecisionValidity(ScenarioKind kind, const nlohmann::json& decision,
                                                     std::string* problem);
std::optional<std::string> DiffDecisionDocuments(ScenarioKind kind, const nlohmann::json& expected,
                                                 const nlohmann::json& actual);

}  // namespace lbconform

#endif  // LBCONFORM_DOCUMENTS_DOCUMENTS_H_
