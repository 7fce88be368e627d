#include "model/catalogue.h"

#include <array>
#include <cstddef>
#include <string>

namespace lbconform {
namespace {

constexpr SourceInfo kSources[] = {
#define LB_SOURCE(symbol, key, url, title, retrieved) {Source::symbol, key, url, title, retrieved},
#include "model/clauses.def"
};

constexpr TranslationInfo kTranslations[] = {
#define LB_TRANSLATION(symbol, language, source, note) {Translation::symbol, language, Source::source, note},
#include "model/clauses.def"
};

constexpr ClauseInfo kClauses[] = {
#define LB_CLAUSE(symbol, id, area, source, section, translation, translated_section, paraphrase, exception) \
  {Clause::symbol,     id,         area,     Source::source, section, Translation::translation,              \
   translated_section, paraphrase, exception},
#include "model/clauses.def"
};

constexpr ErrorCodeInfo kErrorCodes[] = {
#define LB_ERROR(symbol, stage, clause, description) {ErrorCode::symbol, #symbol, stage, clause, description},
#include "model/errors.def"
#undef LB_ERROR
};

constexpr GapInfo kGaps[] = {
#define LB_GAP(symbol, id, clauses, question, reading, reason) {id, clauses, question, reading, reason},
#include "model/gaps.def"
#undef LB_GAP
};

constexpr std::array kProfiles = {Profile::kSpecDocs, Profile::kEn20260402, Profile::kApi10Min};

}  // namespace

std::span<const SourceInfo> AllSources() { return kSources; }

const SourceInfo& InfoOf(Source source) { return kSources[static_cast<std::size_t>(source)]; }

std::span<const TranslationInfo> AllTranslations() { return kTranslations; }

const TranslationInfo* FindTranslation(Translation translation) {
  for (const TranslationInfo& info : kTranslations) {
    if (info.translation == translation) return &info;
  }
  return nullptr;  // ENGLISH_ONLY
}

std::span<const ClauseInfo> AllClauses() { return kClauses; }

const ClauseInfo& InfoOf(Clause clause) { return kClauses[static_cast<std::size_t>(clause)]; }

std::string_view IdOf(Clause clause) { return InfoOf(clause).id; }

std::optional<Clause> ClauseFromId(std::string_view id) {
  for (const ClauseInfo& info : kClauses) {
    if (info.id == id) return info.clause;
  }
  return std::nullopt;
}

std::string TranslatedCitation(const ClauseInfo& clause) {
  const TranslationInfo* text = FindTranslation(clause.translation);
  if (text == nullptr) return "English only";
  std::string out(text->language);
  out += " \"";
  out += InfoOf(text->source).title;
  out += "\" §";
  out += clause.translated_section;
  return out;
}

std::span<const ErrorCodeInfo> AllErrorCodes() { return kErrorCodes; }

std::string_view NameOf(ErrorCode code) { return kErrorCodes[static_cast<std::size_t>(code)].name; }

std::optional<ErrorCode> ErrorCodeFromName(std::string_view name) {
  for (const ErrorCodeInfo& info : kErrorCodes) {
    if (info.name == name) return info.code;
  }
  return std::nullopt;
}

std::span<const GapInfo> AllGaps() { return kGaps; }

std::string_view NameOf(Profile profile) {
  switch (profile) {
    case Profile::kSpecDocs:
      return "spec-docs";
    case Profile::kEn20260402:
      return "en-2026-04-02";
    case Profile::kApi10Min:
      return "api-10min";
  }
  return "?";
}

std::optional<Profile> ProfileFromName(std::string_view name) {
  for (Profile p : kProfiles) {
    if (NameOf(p) == name) return p;
  }
  return std::nullopt;
}

std::span<const Profile> AllProfiles() { return kProfiles; }

namespace {

struct KindInfo {
  ScenarioKind kind;
  std::string_view name;
  std::span<const Profile> profiles;
};

#define LB_KIND(symbol, name, ...) constexpr Profile symbol##Profiles[] = {__VA_ARGS__};
#include "model/kinds.def"
#undef LB_KIND

constexpr KindInfo kKinds[] = {
#define LB_KIND(symbol, name, ...) {ScenarioKind::symbol, name, symbol##Profiles},
#include "model/kinds.def"
#undef LB_KIND
};

constexpr ScenarioKind kScenarioKinds[] = {
#define LB_KIND(symbol, name, ...) ScenarioKind::symbol,
#include "model/kinds.def"
#undef LB_KIND
};

static_assert(OneRowPerKind(kKinds), "model/catalogue.cc: a row per kind of model/kinds.def, in its order");

const KindInfo& InfoOf(ScenarioKind kind) { return RowOf(kKinds, kind); }

}  // namespace

std::string_view NameOf(ScenarioKind kind) { return InfoOf(kind).name; }

std::optional<ScenarioKind> ScenarioKindFromName(std::string_view name) {
  for (const KindInfo& info : kKinds) {
    if (info.name == name) return info.kind;
  }
  return std::nullopt;
}

std::span<const ScenarioKind> AllScenarioKinds() { return kScenarioKinds; }

std::span<const Profile> ProfilesOf(ScenarioKind kind) { return InfoOf(kind).profiles; }

std::int64_t DrainingTimeoutSeconds(Profile profile) {
  return profile == Profile::kApi10Min ? 600 : 300;  // [FO-21] and GAP-7
}

}  // namespace lbconform
