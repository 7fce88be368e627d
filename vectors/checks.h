// `lbconform vectors lint` and `lbconform vectors regen`.
#ifndef LBCONFORM_VECTORS_CHECKS_H_
#define LBCONFORM_VECTORS_CHECKS_H_

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "model/model.h"
#include "vectors/vector_file.h"

namespace lbconform::vectors {

// Document-level error codes no vector file can carry (a 16 MiB input); unit
// tests cover them (reference/scenario_json_test.cc).
inline constexpr const char* kCodesWithoutVectors[] = {"INPUT_TOO_LARGE", "TOO_MANY_OBJECTS"};

// SpecStatement is one statement anchor of an implementer's specification
// (docs/spec/README.md, "Statement anchors"): its ID and the file that
// defines it, as the build read them (vectors/statements.cmake).
struct SpecStatement {
  std::string_view id;        // "PT-2.6-a"
  std::string_view document;  // "passthrough.md", under docs/spec/
};
std::span<const SpecStatement> SpecStatements();

// Statements no vector file can carry an input for, and the unit test that
// holds them instead.
struct StatementWithoutVector {
  const char* id;
  const char* tested_by;
};
inline constexpr StatementWithoutVector kStatementsWithoutVectors[] = {
    {"PT-2-h", "a document over 16 MiB: documents/scenario_json_test.cc, cli/commands_test.cc"}};

// LintScope: the suite's own vectors, or a vector folder of your own (the
// findings `check --out` and `check --findings` write), which need not cite
// a statement nor cover the catalogue.
enum class LintScope { kSuite, kOwnFolder };

// Lint checks one set of files together: unique ids across files and tcIds
// within a file, numberOfTests, every flag defined and used, `acceptable`
// carries a flag, clauses, statements and error codes exist, and for the
// suite, every vector cites a statement of its kind's specification, and
// every clause of the catalogue, every statement (but
// kStatementsWithoutVectors) and every error code (but kCodesWithoutVectors)
// has a vector.
std::vector<std::string> Lint(const std::vector<VectorFile>& files, LintScope scope = LintScope::kSuite);

// IdentityProblems are the problems that make a run's results ambiguous: an id
// used twice across files, a tcId twice in one file, a numberOfTests that is
// not the count. `run` refuses such a vector set as `lint` does.
std::vector<std::string> IdentityProblems(const std::vector<VectorFile>& files);

// LintSchema validates every file, as written on disk, against
// vectors/schema/<file's schema>.
std::vector<std::string> LintSchema(const std::vector<VectorFile>& files, const std::filesystem::path& root);

// DecideVector is the built-in engine's decision document for a vector's
// input (an object, or raw text for malformed documents).
nlohmann::json DecideVector(const Engine& engine, const nlohmann::json& input, Profile profile);

// SchemaFileOf is the JSON Schema a vector file of `kind` must name.
std::string SchemaFileOf(ScenarioKind kind);

// ExpectationMatches tells whether `actual` satisfies the test for a result
// class: valid — the normative fields equal; invalid — rejected with the
// expected code; acceptable — one of the listed decisions. On a mismatch,
// `field` names the normative field that differs.
bool ExpectationMatches(const VectorTest& test, const nlohmann::json& actual, std::string* field);

// Regen recomputes every expectation with the reference. A test whose
// expectation differs is reported; with `write`, tests that are not
// hand-checked get the reference's decision (hand-checked ones never change).
struct RegenReport {
  int tests = 0;
  int rewritten = 0;
  std::vector<std::string> problems;  // differences that remain
};
RegenReport Regen(std::vector<VectorFile>& files, const Engine& reference, bool write);

}  // namespace lbconform::vectors

#endif  // LBCONFORM_VECTORS_CHECKS_H_
