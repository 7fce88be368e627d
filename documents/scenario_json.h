// JSON at the edge: scenario and decision documents (docs/contract.md §2–§3).
// Only this file and its .cc know nlohmann/json; engines never see it.
#ifndef LBCONFORM_DOCUMENTS_SCENARIO_JSON_H_
#define LBCONFORM_DOCUMENTS_SCENARIO_JSON_H_

#include <cstddef>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "model/model.h"

namespace lbconform {

inline constexpr std::size_t kMaxInputBytes = 16 * 1024 * 1024;
inline constexpr std::size_t kMaxInstances = 10'000;
inline constexpr std::size_t kMaxBackends = 1'000;

struct DecodedScenario {
  std::optional<PassthroughScenario> scenario;  // set when errors is empty
  std::vector<Error> errors;
};

// ParseJsonDocument parses `text` with the input limits (size, depth,
// duplicate keys, numbers a double holds exactly); on failure it returns
// nullopt and appends one error. Its time is linear in the text's size.
// Its depth limit is kMaxJsonDepth (documents/json_reader.h), or `max_depth`
// for envelopes around a document (adapter protocol messages).
std::optional<nlohmann::json> ParseJsonDocument(std::string_view text, std::vector<Error>& errors);
std::optional<nlohmann::json> ParseJsonDocument(std::string_view text, std::vector<Error>& errors, int max_depth);

// DecodeScenario reads a scenario document. Bad input yields errors, never an
// exception or a crash.
DecodedScenario DecodeScenario(std::string_view text);
DecodedScenario DecodeScenarioDocument(const nlohmann::json& document);

// DecideDecoded is the engine's decision for a decoded document, or the
// rejection the decoder reported.
PassthroughDecision DecideDecoded(const PassthroughEngine& engine, const DecodedScenario& decoded, Profile profile);

// ZoneInUrl is Z for ".../zones/Z/...", else "".
std::string ZoneInUrl(std::string_view url);

// EncodeScenario writes a scenario that DecodeScenario reads back unchanged.
nlohmann::json EncodeScenario(const PassthroughScenario& scenario);

struct EncodeOptions {
  bool trace = false;  // include the informative step trace
  // When set, receives the clause of every trace step, encoded or not: what
  // `lbconform check` counts, without paying for the trace's JSON.
  std::set<Clause>* trace_clauses = nullptr;
};

// CollectTraceClauses adds the clause of each step to `options.trace_clauses`.
void CollectTraceClauses(const std::vector<TraceStep>& trace, EncodeOptions options);

nlohmann::json EncodeDecision(const PassthroughDecision& decision, EncodeOptions options = {});

// DecodeDecision reads a decision document (an adapter's output, a vector's
// expectation). Fields other than the normative ones are optional.
std::optional<PassthroughDecision> DecodeDecision(const nlohmann::json& document, std::string* problem);

// DumpJson is nlohmann's dump with invalid UTF-8 replaced, never throwing.
std::string DumpJson(const nlohmann::json& value, int indent = -1);

}  // namespace lbconform

#endif  // LBCONFORM_DOCUMENTS_SCENARIO_JSON_H_
