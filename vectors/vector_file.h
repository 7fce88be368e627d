// Golden vector files (docs/contract.md §5): Wycheproof-shaped JSON, read
// strictly — every key must be known, counts must match, flags must be
// defined — so a typo in a vector can never silently weaken the suite.
#ifndef LBCONFORM_VECTORS_VECTOR_FILE_H_
#define LBCONFORM_VECTORS_VECTOR_FILE_H_

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "documents/json_reader.h"
#include "model/model.h"

namespace lbconform::vectors {

inline constexpr const char* kSuiteVersion = "0.1.0";

enum class Result { kValid, kInvalid, kAcceptable };
std::string_view NameOf(Result result);

struct Note {
  std::string bug_type;
  std::string description;
};

struct VectorTest {
  int tc_id = 0;
  std::string id;  // stable slug, never reused
  std::string comment;
  std::vector<std::string> flags;
  std::vector<std::string> clauses;
  std::vector<std::string> statements;             // anchors of docs/spec/*.md the expectation depends on
  ScenarioKind kind = ScenarioKind::kPassthrough;  // the file's kind
  std::vector<Profile> profiles;                   // where it applies; every profile of the kind when empty
  bool hand_checked = false;                       // `regen` never rewrites `expected`
  nlohmann::json input;                            // the scenario document, verbatim
  Result result = Result::kValid;
  std::vector<nlohmann::json> expected;  // one decision; several when acceptable

  bool AppliesTo(Profile profile) const;
};

struct VectorGroup {
  std::string comment;
  std::vector<VectorTest> tests;
};

struct VectorFile {
  std::filesystem::path path;
  std::string schema;
  std::string suite_version;
  ScenarioKind kind = ScenarioKind::kPassthrough;
  int number_of_tests = 0;
  std::vector<std::string> header;
  std::map<std::string, Note> notes;  // flag → meaning
  std::vector<VectorGroup> groups;
};

// ParseVectorFile reads one file strictly; on failure returns nullopt and
// says why in `error` (with the JSON path).
std::optional<VectorFile> ParseVectorFile(std::string_view text, std::string* error);
std::optional<VectorFile> LoadVectorFile(const std::filesystem::path& path, std::string* error);

// WriteVectorFile is the canonical form (2-space indent, keys in schema
// order), so regenerated files diff cleanly.
std::string WriteVectorFile(const VectorFile& file);

// VectorFiles lists *.json under `root`'s origin folders (spec_examples,
// edge_cases, regressions), sorted by path. An origin that is not a folder,
// an unreadable folder or a broken entry (a symlink loop) is an error.
std::optional<std::vector<std::filesystem::path>> VectorFiles(const std::filesystem::path& root, std::string* error);

// kMaxVectorFileDepth bounds the nesting of a vector file: a scenario's
// limit plus the file's own levels, far below what would exhaust the stack.
inline constexpr int kMaxVectorFileDepth = 128;

// JsonDepthWithin is the documents' one check of nesting, for vector files.
using ::lbconform::JsonDepthWithin;

// LoadVectorDirectory loads every file of VectorFiles(root); on the first
// unreadable one returns nullopt and says why in `error`.
std::optional<std::vector<VectorFile>> LoadVectorDirectory(const std::filesystem::path& root, std::string* error);

// DefaultVectorRoot is, first found: $LBCONFORM_VECTORS_ROOT;
// $LBCONFORM_DATA_DIR/vectors; <binary's folder>/../share/lbconform/vectors
// (installed: PREFIX/bin/lbconform finds PREFIX/share/lbconform/vectors; a
// build tree has a link there to the source tree's vectors/).
std::filesystem::path DefaultVectorRoot();

}  // namespace lbconform::vectors

#endif  // LBCONFORM_VECTORS_VECTOR_FILE_H_
