// The registries hold together: every clause is cited by the reference's code
// and by a test (or says why not), every error code is tested, the gaps name
// real clauses, and the rendered Markdown in docs/ is up to date.
#include "model/catalogue.h"

#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

namespace lbconform {
namespace {

namespace fs = std::filesystem;

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// Every folder that holds tests, bottom layer first.
const std::vector<std::string> kTestFolders = {"model",   "documents", "reference", "optimized", "invariants",
                                               "engines", "vectors",   "cli",       "properties"};

// Sources concatenates the files under `dirs` whose names satisfy `keep`.
std::string Sources(const std::vector<std::string>& dirs, bool tests) {
  std::string all;
  for (const std::string& dir : dirs) {
    const fs::path root = fs::path(LBCONFORM_SOURCE_DIR) / dir;
    if (!fs::exists(root)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
      const std::string name = entry.path().filename().string();
      const bool is_test = name.ends_with("_test.cc");
      const bool is_code = (name.ends_with(".cc") || name.ends_with(".h")) && !is_test;
      if (entry.is_regular_file() && (tests ? is_test : is_code)) all += ReadFile(entry.path()) + "\n";
    }
  }
  return all;
}

// Mentions finds `id` (FO-12) or its symbol form (FO_12) as a whole token:
// not preceded by a letter or digit, not followed by a digit.
bool Mentions(const std::string& text, std::string_view id) {
  std::string symbol(id);
  for (char& c : symbol) c = c == '-' ? '_' : c;
  for (const std::string& needle : {std::string(id), symbol}) {
    for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) {
      const bool clean_left = at == 0 || !std::isalnum(static_cast<unsigned char>(text[at - 1]));
      const std::size_t end = at + needle.size();
      const bool clean_right = end == text.size() || !std::isdigit(static_cast<unsigned char>(text[end]));
      if (clean_left && clean_right) return true;
    }
  }
  return false;
}

TEST(CatalogueTest, EveryClauseIsCitedByCodeAndTestsOrExplained) {
  const std::string code = Sources({"reference"}, /*tests=*/false);
  const std::string tests = Sources(kTestFolders, /*tests=*/true);
  int cited = 0;
  for (const ClauseInfo& clause : AllClauses()) {
    SCOPED_TRACE(std::string(clause.id));
    if (!clause.exception.empty()) continue;
    EXPECT_TRUE(Mentions(code, std::string("[") + std::string(clause.id) + "]"))
        << clause.id << " is not cited as [" << clause.id << "] in reference/";
    EXPECT_TRUE(Mentions(tests, clause.id)) << clause.id << " is not named by any test";
    ++cited;
  }
  EXPECT_GT(cited, 60);
}

TEST(CatalogueTest, ClauseIdsAreUniqueAndWellFormed) {
  std::set<std::string_view> ids;
  for (const ClauseInfo& clause : AllClauses()) {
    EXPECT_TRUE(ids.insert(clause.id).second) << clause.id;
    EXPECT_EQ(ClauseFromId(clause.id), clause.clause);
    EXPECT_FALSE(clause.paraphrase.empty());
  }
  EXPECT_FALSE(ClauseFromId("FO-999").has_value());
}

// IsPublicGooglePage accepts the two hosts of Google Cloud's documentation,
// which also serve the API references.
bool IsPublicGooglePage(std::string_view url) {
  for (std::string_view host : {"https://cloud.google.com/", "https://docs.cloud.google.com/"}) {
    if (url.starts_with(host) && url.size() > host.size()) return true;
  }
  return false;
}

// IsIsoDate accepts YYYY-MM-DD with a month 01-12 and a day 01-31.
bool IsIsoDate(std::string_view date) {
  if (date.size() != 10 || date[4] != '-' || date[7] != '-') return false;
  for (std::size_t i : {0u, 1u, 2u, 3u, 5u, 6u, 8u, 9u}) {
    if (!std::isdigit(static_cast<unsigned char>(date[i]))) return false;
  }
  const int month = (date[5] - '0') * 10 + (date[6] - '0');
  const int day = (date[8] - '0') * 10 + (date[9] - '0');
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

TEST(CatalogueTest, EverySourceIsAPublicGooglePageWithARetrievalDate) {
  std::set<std::string_view> keys;
  for (const SourceInfo& source : AllSources()) {
    SCOPED_TRACE(std::string(source.key));
    EXPECT_TRUE(keys.insert(source.key).second) << "duplicate key";
    EXPECT_TRUE(IsPublicGooglePage(source.url)) << source.url;
    EXPECT_FALSE(source.title.empty());
    EXPECT_TRUE(IsIsoDate(source.retrieved)) << source.retrieved;
    EXPECT_EQ(&InfoOf(source.source), &source);
  }
  EXPECT_GE(AllSources().size(), 5u);
}

TEST(CatalogueTest, EveryTranslationNamesItsLanguageAndPage) {
  EXPECT_EQ(FindTranslation(Translation::ENGLISH_ONLY), nullptr);
  for (const TranslationInfo& text : AllTranslations()) {
    EXPECT_NE(text.translation, Translation::ENGLISH_ONLY);
    EXPECT_EQ(FindTranslation(text.translation), &text);
    EXPECT_FALSE(text.language.empty());
    EXPECT_NE(text.language, "en") << "a translation is not English";
    EXPECT_FALSE(text.note.empty());
  }
  EXPECT_EQ(AllTranslations().size(), 3u);  // the failover, zonal-affinity and service-lb-policy texts
}

TEST(CatalogueTest, EveryClauseNamesItsEnglishSectionAndTranslatedSection) {
  int english_only = 0;
  for (const ClauseInfo& clause : AllClauses()) {
    SCOPED_TRACE(std::string(clause.id));
    const SourceInfo& source = InfoOf(clause.source);
    EXPECT_TRUE(IsPublicGooglePage(source.url)) << source.url;
    EXPECT_TRUE(IsIsoDate(source.retrieved)) << source.retrieved;
    EXPECT_FALSE(clause.section.empty()) << "no English section";
    const std::string citation = TranslatedCitation(clause);
    if (clause.translation == Translation::ENGLISH_ONLY) {
      EXPECT_TRUE(clause.translated_section.empty()) << "English only, yet a translated section";
      EXPECT_EQ(citation, "English only");
      ++english_only;
    } else {
      EXPECT_FALSE(clause.translated_section.empty()) << "no translated section";
      const TranslationInfo* text = FindTranslation(clause.translation);
      ASSERT_NE(text, nullptr);
      EXPECT_TRUE(citation.starts_with(std::string(text->language) + " \"")) << citation;
      EXPECT_TRUE(citation.ends_with(std::string(clause.translated_section))) << citation;
    }
    for (std::string_view text : {clause.section, clause.translated_section}) {
      EXPECT_EQ(text.find(".txt"), std::string_view::npos) << "a section is a heading, not a file: " << text;
      EXPECT_EQ(text.find("docs/"), std::string_view::npos) << "a section is a heading, not a file: " << text;
    }
  }
  EXPECT_GT(english_only, 0);
  EXPECT_LT(english_only, static_cast<int>(AllClauses().size()) / 2);
}

TEST(CatalogueTest, EveryErrorCodeIsTestedAndNamesARealClause) {
  const std::string tests = Sources(kTestFolders, /*tests=*/true);
  for (const ErrorCodeInfo& error : AllErrorCodes()) {
    SCOPED_TRACE(std::string(error.name));
    EXPECT_NE(tests.find(std::string(error.name)), std::string::npos) << "no test mentions " << error.name;
    EXPECT_EQ(ErrorCodeFromName(error.name), error.code);
    if (!error.clause.empty()) {
      EXPECT_TRUE(ClauseFromId(error.clause).has_value());
    }
    EXPECT_TRUE(error.stage == "input" || error.stage == "spec");
  }
}

TEST(CatalogueTest, GapsNameRealClausesAndAreTested) {
  const std::string tests = Sources(kTestFolders, /*tests=*/true);
  // A vector file names a gap in the note of a flag (lint keeps every flag in
  // use) or in a test's comment.
  std::string vectors;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(LBCONFORM_SOURCE_DIR) / "vectors")) {
    const bool is_schema = entry.path().parent_path().filename() == "schema";
    if (entry.is_regular_file() && entry.path().extension() == ".json" && !is_schema) {
      vectors += ReadFile(entry.path()) + "\n";
    }
  }
  ASSERT_FALSE(vectors.empty());
  for (const GapInfo& gap : AllGaps()) {
    SCOPED_TRACE(std::string(gap.id));
    EXPECT_TRUE(Mentions(tests, gap.id) || Mentions(vectors, gap.id))
        << gap.id << " is named by no test and no vector file";
    std::istringstream clauses{std::string(gap.clauses)};
    std::string id;
    int count = 0;
    while (clauses >> id) {
      EXPECT_TRUE(ClauseFromId(id).has_value()) << id;
      ++count;
    }
    EXPECT_GT(count, 0);
    EXPECT_FALSE(gap.reading.empty());
    EXPECT_FALSE(gap.reason.empty());
  }
}

TEST(CatalogueTest, ProfilesRoundTrip) {
  for (Profile p : AllProfiles()) EXPECT_EQ(ProfileFromName(NameOf(p)), p);
  EXPECT_FALSE(ProfileFromName("latest").has_value());
}

}  // namespace
}  // namespace lbconform
