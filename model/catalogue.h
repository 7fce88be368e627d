// The three registries every part of lbconform shares: clauses, error codes
// and the gaps register (clauses.def, errors.def, gaps.def).
#ifndef LBCONFORM_MODEL_CATALOGUE_H_
#define LBCONFORM_MODEL_CATALOGUE_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace lbconform {

// Source is a public English page the clauses were read from (clauses.def).
enum class Source {
#define LB_SOURCE(symbol, key, url, title, retrieved) symbol,
#include "model/clauses.def"
};

struct SourceInfo {
  Source source;
  std::string_view key;        // short name, e.g. "failover-overview"
  std::string_view url;        // https://cloud.google.com/...
  std::string_view title;      // the page's English title
  std::string_view retrieved;  // YYYY-MM-DD
};

std::span<const SourceInfo> AllSources();
const SourceInfo& InfoOf(Source source);

// Translation is one of the translated texts that make up the spec, or
// ENGLISH_ONLY for a rule read from English pages alone.
enum class Translation {
  ENGLISH_ONLY,
#define LB_TRANSLATION(symbol, language, source, note) symbol,
#include "model/clauses.def"
};

struct TranslationInfo {
  Translation translation;
  std::string_view language;  // BCP 47, e.g. "zh-TW"
  Source source;              // the English page it translates
  std::string_view note;      // how it departs from that page
};

// AllTranslations lists the translated texts; ENGLISH_ONLY is not one.
std::span<const TranslationInfo> AllTranslations();
// FindTranslation is null for ENGLISH_ONLY.
const TranslationInfo* FindTranslation(Translation translation);

// Clause is one rule of the spec texts, e.g. `Clause::FO_12` ("FO-12").
enum class Clause {
#define LB_CLAUSE(symbol, id, area, source, section, translation, translated_section, paraphrase, exception) symbol,
#include "model/clauses.def"
};

struct ClauseInfo {
  Clause clause;
  std::string_view id;
  std::string_view area;
  Source source;                        // the English page
  std::string_view section;             // its section heading
  Translation translation;              // the translated text read, or ENGLISH_ONLY
  std::string_view translated_section;  // that text's own heading; empty for ENGLISH_ONLY
  std::string_view paraphrase;
  std::string_view exception;  // empty when the reference cites it in code
};

std::span<const ClauseInfo> AllClauses();
const ClauseInfo& InfoOf(Clause clause);
std::string_view IdOf(Clause clause);
std::optional<Clause> ClauseFromId(std::string_view id);
// TranslatedCitation names the translated text by language and page with its
// section, e.g. `zh-TW "Failover for …" §容錯移轉率`, or "English only".
std::string TranslatedCitation(const ClauseInfo& clause);

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

// Profile selects a spec revision where revisions differ (docs/contract.md §5).
enum class Profile {
  kSpecDocs,    // "spec-docs": the translated spec texts (default; docs/clauses.md)
  kEn20260402,  // "en-2026-04-02": the English zonal-affinity page of 2026-04-02
  kApi10Min,    // "api-10min": the API's fixed 10-minute connection draining (GAP-7)
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

// kScenarioKindCount is the number of kinds in kinds.def.
inline constexpr std::size_t kScenarioKindCount = 0
#define LB_KIND(symbol, name, ...) +1
#include "model/kinds.def"
#undef LB_KIND
    ;

// Every table of kinds (documents, renderings, check's generators, readings,
// properties) has one row per kind, in kinds.def's order, and says so at
// compile time:
//   static_assert(OneRowPerKind(kRows), "file.cc: a row per kind of model/kinds.def, in its order");
// so a kind added to kinds.def without its row does not build.
template <typename Row, std::size_t N>
constexpr bool OneRowPerKind(const Row (&rows)[N]) {
  if (N != kScenarioKindCount) return false;
  for (std::size_t i = 0; i < N; ++i) {
    if (static_cast<std::size_t>(rows[i].kind) != i) return false;
  }
  return true;
}

// RowOf is `kind`'s row of such a table; a value outside the enumeration
// throws std::out_of_range instead of reading past the table's end.
template <typename Row, std::size_t N>
const Row& RowOf(const Row (&rows)[N], ScenarioKind kind) {
  const auto index = static_cast<std::size_t>(kind);
  if (index >= N) throw std::out_of_range("a scenario kind outside model/kinds.def");
  return rows[index];
}

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
