#include "vectors/checks.h"

#include <fmt/format.h>

#include <fstream>
#include <functional>
#include <map>
#include <set>

#include "documents/documents.h"
#include "documents/scenario_json.h"
#include "documents/timeline_json.h"
#include "vectors/schema_check.h"

namespace lbconform::vectors {

using nlohmann::json;

std::span<const SpecStatement> SpecStatements() {
  static constexpr SpecStatement kStatements[] = {
#define LB_STATEMENT(id, document) {id, document},
#include "spec_statements.inc"
#undef LB_STATEMENT
  };
  return kStatements;
}

namespace {

// StatementFitsKind: a vector cites the statements of its own kind's
// specification, and a timeline also the passthrough kind's, whose rules it
// shares (passthrough-timeline.md §2.2).
bool StatementFitsKind(std::string_view id, ScenarioKind kind) {
  switch (kind) {
    case ScenarioKind::kPassthrough:
      return id.starts_with("PT-");
    case ScenarioKind::kPassthroughTimeline:
      return id.starts_with("TL-") || id.starts_with("PT-");
    case ScenarioKind::kServiceLbPolicy:
      return id.starts_with("SL-");
  }
  return false;
}

// StatementProblems: the statements a vector cites, checked; the cited ones
// are added to `covered`.
void StatementProblems(const VectorTest& t, const std::map<std::string_view, std::string_view>& known,
                       std::set<std::string>& covered, LintScope scope,
                       const std::function<void(const std::string&)>& problem) {
  if (t.statements.empty() && scope == LintScope::kSuite) problem("cites no statement of docs/spec/ (statements)");
  for (const std::string& id : t.statements) {
    if (!known.contains(id)) {
      problem("statement " + id + " is not an anchor of docs/spec/");
    } else if (!StatementFitsKind(id, t.kind)) {
      problem("statement " + id + " belongs to " + std::string(known.at(id)) + ", not to this kind");
    }
    covered.insert(id);
  }
}

}  // namespace

std::vector<std::string> Lint(const std::vector<VectorFile>& files, LintScope scope) {
  std::vector<std::string> problems;
  std::map<std::string, std::string> id_to_file;
  std::set<std::string> clauses_covered;
  std::set<std::string> codes_covered;
  std::set<std::string> statements_covered;
  std::map<std::string_view, std::string_view> statements;
  for (const SpecStatement& statement : SpecStatements()) statements.emplace(statement.id, statement.document);
  for (const VectorFile& file : files) {
    const std::string name = file.path.filename().string();
    auto problem = [&](const std::string& text) { problems.push_back(name + ": " + text); };
    if (file.suite_version != kSuiteVersion) problem("suiteVersion is not " + std::string(kSuiteVersion));
    if (file.schema != SchemaFileOf(file.kind)) problem("schema must be " + SchemaFileOf(file.kind));
    std::set<int> tc_ids;
    std::set<std::string> flags_used;
    int count = 0;
    for (const VectorGroup& group : file.groups) {
      for (const VectorTest& t : group.tests) {
        ++count;
        const std::string where = fmt::format("tcId {} ({})", t.tc_id, t.id);
        if (!tc_ids.insert(t.tc_id).second) problem(where + ": duplicate tcId");
        if (auto [it, fresh] = id_to_file.emplace(t.id, name); !fresh)
          problem(where + ": id already used in " + it->second);
        for (const std::string& flag : t.flags) {
          flags_used.insert(flag);
          if (!file.notes.contains(flag)) problem(where + ": flag " + flag + " is not defined in notes");
        }
        if (t.result == Result::kAcceptable && t.flags.empty()) problem(where + ": acceptable needs a flag saying why");
        if (t.clauses.empty()) problem(where + ": no clause");
        for (const std::string& clause : t.clauses) {
          if (!ClauseFromId(clause)) problem(where + ": unknown clause " + clause);
          clauses_covered.insert(clause);
        }
        StatementProblems(t, statements, statements_covered, scope,
                          [&](const std::string& text) { problem(where + ": " + text); });
        for (const json& e : t.expected) {
          std::string why;
          auto decision = ReadDecisionValidity(file.kind, e, &why);
          if (!decision) {
            problem(where + ": expected is not a decision: " + why);
            continue;
          }
          // An acceptable test may allow a rejection among its outcomes.
          if (t.result != Result::kAcceptable && (t.result == Result::kInvalid) == decision->valid) {
            problem(where + ": result " + std::string(NameOf(t.result)) + " contradicts expected.valid");
          }
          for (ErrorCode code : decision->codes) codes_covered.insert(std::string(NameOf(code)));
        }
      }
    }
    if (count != file.number_of_tests)
      problem(fmt::format("numberOfTests is {}, the file has {}", file.number_of_tests, count));
    for (const auto& [flag, note] : file.notes) {
      if (!flags_used.contains(flag)) problem("flag " + flag + " is defined but never used");
      if (note.description.empty()) problem("flag " + flag + " has no description");
    }
  }
  if (scope == LintScope::kOwnFolder) return problems;  // a folder of your own covers what it found
  for (const ClauseInfo& clause : AllClauses()) {
    if (clause.exception.empty() && !clauses_covered.contains(std::string(clause.id))) {
      problems.push_back("coverage: no vector cites clause " + std::string(clause.id));
    }
  }
  for (const SpecStatement& statement : SpecStatements()) {
    const bool exempt = std::any_of(std::begin(kStatementsWithoutVectors), std::end(kStatementsWithoutVectors),
                                    [&](const StatementWithoutVector& s) { return statement.id == s.id; });
    if (!exempt && !statements_covered.contains(std::string(statement.id))) {
      problems.push_back(fmt::format("coverage: no vector cites statement {} (docs/spec/{}#{})", statement.id,
                                     statement.document, statement.id));
    }
  }
  for (const ErrorCodeInfo& code : AllErrorCodes()) {
    const std::string name(code.name);
    const bool exempt = std::any_of(std::begin(kCodesWithoutVectors), std::end(kCodesWithoutVectors),
                                    [&](const char* c) { return name == c; });
    if (!exempt && !codes_covered.contains(name)) problems.push_back("coverage: no vector expects error " + name);
  }
  return problems;
}

std::vector<std::string> IdentityProblems(const std::vector<VectorFile>& files) {
  std::vector<std::string> problems;
  std::map<std::string, std::string> id_to_file;
  for (const VectorFile& file : files) {
    const std::string name = file.path.filename().string();
    std::set<int> tc_ids;
    int count = 0;
    for (const VectorGroup& group : file.groups) {
      for (const VectorTest& t : group.tests) {
        ++count;
        const std::string where = fmt::format("{}: tcId {} ({})", name, t.tc_id, t.id);
        if (!tc_ids.insert(t.tc_id).second) problems.push_back(where + ": duplicate tcId");
        if (auto [it, fresh] = id_to_file.emplace(t.id, name); !fresh) {
          problems.push_back(where + ": id already used in " + it->second);
        }
      }
    }
    if (count != file.number_of_tests) {
      problems.push_back(fmt::format("{}: numberOfTests is {}, the file has {}", name, file.number_of_tests, count));
    }
  }
  return problems;
}

std::vector<std::string> LintSchema(const std::vector<VectorFile>& files, const std::filesystem::path& root) {
  std::vector<std::string> problems;
  for (const VectorFile& file : files) {
    std::ifstream in(file.path);
    const json document = json::parse(in, nullptr, false);
    for (const std::string& p : SchemaProblems(document, root / "schema" / file.schema)) {
      problems.push_back(file.path.filename().string() + ": schema: " + p);
    }
  }
  return problems;
}

json DecideVector(const Engine& engine, const json& input, Profile profile) {
  return DecideDocument(engine, input, profile);
}

std::string SchemaFileOf(ScenarioKind kind) { return std::string(NameOf(kind)) + ".schema.json"; }

bool ExpectationMatches(const VectorTest& test, const json& actual_json, std::string* field) {
  std::string why;
  const auto actual = ReadDecisionValidity(test.kind, actual_json, &why);
  if (!actual) {
    if (field != nullptr) *field = "decision (" + why + ")";
    return false;
  }
  std::string first_field;
  for (const json& e : test.expected) {
    const auto expected = ReadDecisionValidity(test.kind, e, nullptr);
    if (!expected) continue;
    if (test.result == Result::kInvalid) {
      if (actual->valid) {
        first_field = "valid";
        continue;
      }
      const ErrorCode wanted = expected->codes.front();
      if (std::find(actual->codes.begin(), actual->codes.end(), wanted) != actual->codes.end()) return true;
      first_field = "errors[].code";
      continue;
    }
    const auto diff = DiffDecisionDocuments(test.kind, e, actual_json);
    if (!diff) return true;
    if (first_field.empty()) first_field = *diff;
  }
  if (field != nullptr) *field = first_field;
  return false;
}

RegenReport Regen(std::vector<VectorFile>& files, const Engine& reference, bool write) {
  RegenReport report;
  for (VectorFile& file : files) {
    for (VectorGroup& group : file.groups) {
      for (VectorTest& t : group.tests) {
        ++report.tests;
        for (Profile profile : AllProfiles()) {
          if (!t.AppliesTo(profile)) continue;
          const json decision = DecideVector(reference, t.input, profile);
          std::string field;
          if (ExpectationMatches(t, decision, &field)) continue;
          // The reference differs from the file.
          if (write && !t.hand_checked && t.result != Result::kAcceptable) {
            t.expected = {decision};
            t.result = decision.at("valid").get<bool>() ? Result::kValid : Result::kInvalid;
            ++report.rewritten;
            continue;
          }
          report.problems.push_back(
              fmt::format("{} tcId {} ({}), profile {}: the reference differs in {}{}", file.path.filename().string(),
                          t.tc_id, t.id, NameOf(profile), field,
                          t.hand_checked ? " (hand-checked: fix the code or the vector by hand)" : ""));
        }
      }
    }
  }
  return report;
}

}  // namespace lbconform::vectors
