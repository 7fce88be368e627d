// What a run counted: the counts of each disposition by profile, kind and
// clause, the verdict, and the shell quoting every reproduce command uses.
// The renderings of a run (text, Markdown, JSON, JUnit) are report/'s.
#include <fmt/format.h>

#include <algorithm>

#include "vectors/runner.h"

namespace lbconform::vectors {

bool KindImplemented(const RunReport& report, ScenarioKind kind, const ProfileCounts& counts) {
  if (report.declared_kinds) {
    return std::find(report.declared_kinds->begin(), report.declared_kinds->end(), kind) !=
           report.declared_kinds->end();
  }
  return counts.unsupported < counts.Total();
}

void ProfileCounts::Add(Disposition disposition, bool unexpected_pass) {
  switch (disposition) {
    case Disposition::kPassed:
      ++passed;
      break;
    case Disposition::kFailed:
      ++failed;
      break;
    case Disposition::kAdapterError:
      ++adapter_errors;
      break;
    case Disposition::kUnsupported:
      ++unsupported;
      break;
    case Disposition::kKnownFailure:
      ++known_failures;
      break;
    case Disposition::kSkipped:
      ++skipped;
      break;
  }
  if (unexpected_pass) ++unexpected_passes;
}

std::map<Profile, ProfileCounts> RunReport::Counts() const {
  std::map<Profile, ProfileCounts> counts;
  for (const CaseResult& r : results) counts[r.profile].Add(r.disposition, r.unexpected_pass);
  return counts;
}

std::map<ScenarioKind, ProfileCounts> RunReport::CountsByKind() const {
  std::map<ScenarioKind, ProfileCounts> counts;
  for (const CaseResult& r : results) counts[r.kind].Add(r.disposition, r.unexpected_pass);
  return counts;
}

std::map<std::string, ProfileCounts> RunReport::CountsByClause() const {
  std::map<std::string, ProfileCounts> counts;
  for (const CaseResult& r : results) {
    for (const std::string& clause : r.clauses) counts[clause].Add(r.disposition, r.unexpected_pass);
  }
  return counts;
}

ProfileCounts RunReport::Totals() const {
  ProfileCounts totals;
  for (const CaseResult& r : results) totals.Add(r.disposition, r.unexpected_pass);
  return totals;
}

bool RunReport::RequiredPassed() const {
  const ProfileCounts totals = Totals();
  return Complete() && totals.passed + totals.Failed() > 0 && totals.Failed() == 0 &&
         !(strict_expectations && totals.unexpected_passes > 0);
}

std::string RunReport::Verdict() const {
  const ProfileCounts totals = Totals();
  if (results.empty()) return "DOES NOT CONFORM: no case selected";
  if (!Complete()) return "DOES NOT CONFORM: the run is incomplete (" + stop_reason + ")";
  if (totals.Failed() > 0) return fmt::format("DOES NOT CONFORM: {} failed", totals.Failed());
  if (totals.passed == 0) return "DOES NOT CONFORM: no case was checked (every case unsupported, known or skipped)";
  if (strict_expectations && totals.unexpected_passes > 0) {
    return fmt::format("DOES NOT CONFORM: {} known failures now pass (--strict-expectations)",
                       totals.unexpected_passes);
  }
  std::vector<std::string_view> implemented, missing;
  for (const auto& [kind, counts] : CountsByKind()) {
    (KindImplemented(*this, kind, counts) ? implemented : missing).push_back(NameOf(kind));
  }
  if (missing.empty()) return "CONFORMS";
  return fmt::format("CONFORMS for {} only (not implemented: {})", fmt::join(implemented, ", "),
                     fmt::join(missing, ", "));
}

std::string ShellQuoted(std::string_view text) {
  const bool plain = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::string_view("-_./=:@,+").find(c) != std::string_view::npos;
  });
  if (plain) return std::string(text);
  std::string out = "'";
  for (const char c : text) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

}  // namespace lbconform::vectors
