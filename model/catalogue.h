// The three registries every part of lbconform shares: clauses, error codes
// and the gaps register (clauses.def, errors.def, gaps.def).
#ifndef LBCONFORM_MODEL_CATALOGUE_H_
#define LBCONFORM_MODEL_CATALOGUE_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace lbconform {

// Clause is one rule of the spec texts, e.g. `Clause::FO_12` ("FO-12").
enum class Clause {
#define LB_CLAUSE(symbol, id, area, source, paraphrase, exception) symbol,
#include "model/clauses.def"
#undef LB_CLAUSE
};

struct ClauseInfo {
  Clause clause;
  std::string_view id;
  std::string_view area;
  std::string_view source;
  std::string_view paraphrase;
  std::string_view exception;  // empty when the reference cites it in code
};

std::span<const ClauseInfo> AllClauses();
const ClauseInfo& InfoOf(Clause clause);
std::string_view IdOf(Clause clause);
std::optional<Clause> ClauseFromId(std::string_view id);

// ErrorCode is one entry of the documented error-code catalogue.
enum class ErrorCode {
#define LB_ERROR(symbol, stage, clause, description) symbol,
#include "model/errors.def"
#undef LB_ERROR
};

struct ErrorCodeInfo {
  ErrorCode code;
  std::string_view name;
  std::string_view stage;
  std::string_view clause;
  std::string_view description;
};

std::span<const ErrorCodeInfo> AllErrorCodes();
std::string_view NameOf(ErrorCode code);
std::optional<ErrorCode> ErrorCodeFromName(std::string_view name);

struct GapInfo {
  std::string_view id;
  std::string_view clauses;  // space-separated clause IDs
  std::string_view question;
  std::string_view reading;
  std::string_view reason;
};

std::span<const GapInfo> AllGaps();

// Profile selects a spec revision where revisions differ (CONTRACT.md §5).
enum class Profile {
  kSpecDocs,     // "spec-docs": the texts in ../shared/spec/docs (default)
  kEn20260402,   // "en-2026-04-02": the English zonal-affinity page of 2026-04-02
  kApi10Min,     // "api-10min": the API's fixed 10-minute connection draining (GAP-7)
};

std::string_view NameOf(Profile profile);
std::optional<Profile> ProfileFromName(std::string_view name);
std::span<const Profile> AllProfiles();

// ScenarioKind is a scenario document's `kind` (model/kinds.def).
enum class ScenarioKind {
#define LB_KIND(symbol, name, ...) symbol,
#include "model/kinds.def"
#undef LB_KIND
};

std::string_view NameOf(ScenarioKind kind);
std::optional<ScenarioKind> ScenarioKindFromName(std::string_view name);
std::span<const ScenarioKind> AllScenarioKinds();
// ProfilesOf lists the profiles under which a kind's decisions can differ.
std::span<const Profile> ProfilesOf(ScenarioKind kind);

// DrainingTimeoutSeconds is the connection draining timeout of a profile
// (GAP-7): 300 s in the failover text, 600 s in the API.
std::int64_t DrainingTimeoutSeconds(Profile profile);

}  // namespace lbconform

#endif  // LBCONFORM_MODEL_CATALOGUE_H_
