#include "check/check_result.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <string_view>
#include <vector>

#include "documents/printable_text.h"
#include "vectors/vector_file.h"

namespace lbconform {

using nlohmann::json;

namespace {

// SpaceDigest: case index kind × cases + i is drawn from (seed, kind, i) by the
// generators of this version.
std::string SpaceDigest(const std::string& tool_version, const std::vector<std::string>& kinds) {
  return fmt::format("check-{}:{}", tool_version, fmt::join(kinds, ","));
}

// NonNegative reads a non-negative integer; nullopt for anything else.
std::optional<std::uint64_t> NonNegative(const json& value) {
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  if (value.is_number_integer() && value.get<std::int64_t>() >= 0) return value.get<std::uint64_t>();
  return std::nullopt;
}

// CountOf reads counts.<key>; nullopt when absent.
std::optional<std::uint64_t> CountOf(const ShardResult& r, const char* key) {
  const auto it = r.counts.find(key);
  return it == r.counts.end() ? std::nullopt : NonNegative(*it);
}

// FailingCasesContradiction: a check that kept going counts its failing
// cases, at least one per distinct finding and at least those listed.
std::optional<std::string> FailingCasesContradiction(const ShardResult& r, std::uint64_t checked) {
  const bool keep_going = r.parameters.value("keepGoing", false);
  const std::optional<std::uint64_t> failing = CountOf(r, "failingCases");
  if (!keep_going) {
    if (r.counts.contains("failingCases")) return "counts.failingCases without parameters.keepGoing";
    return std::nullopt;
  }
  if (!failing) return "counts.failingCases is missing (parameters.keepGoing)";
  const std::uint64_t findings = *CountOf(r, "findings");
  if (*failing > checked || *failing < findings) {
    return fmt::format("counts.failingCases {} is not between counts.findings {} and counts.checked {}", *failing,
                       findings, checked);
  }
  std::uint64_t listed = 0;
  for (const json& finding : r.findings) {
    const std::optional<std::uint64_t> count = NonNegative(finding.value("count", json()));
    if (!count || *count == 0) return fmt::format("a finding has no count: {}", finding.dump().substr(0, 200));
    listed += *count;
  }
  if (listed > *failing) {
    return fmt::format("the findings listed count {} failing cases, more than counts.failingCases {}", listed,
                       *failing);
  }
  return std::nullopt;
}

// CountsContradiction: a check's counts are disjoint parts of what it checked.
std::optional<std::string> CountsContradiction(const ShardResult& r) {
  const std::uint64_t checked = *CountOf(r, "checked");
  std::uint64_t parts = 0;
  for (const char* key : {"agreed", "unsupported", "adapterErrors", "otherReadings", "findings"}) {
    const std::optional<std::uint64_t> count = CountOf(r, key);
    if (!count) return fmt::format("counts.{} is missing", key);
    if (*count > checked) return fmt::format("counts.{} {} is more than counts.checked {}", key, *count, checked);
    if (std::string_view(key) != "findings") parts += *count;  // a finding is also an adapter error or neither
  }
  if (parts > checked) {
    return fmt::format(
        "counts.agreed, unsupported, adapterErrors and otherReadings add up to {}, more than "
        "counts.checked {}",
        parts, checked);
  }
  return FailingCasesContradiction(r, checked);
}

// FindingsContradiction: every finding listed lies in what the shard covered.
std::optional<std::string> FindingsContradiction(const ShardResult& r, const std::vector<std::string>& kinds,
                                                 std::uint64_t cases) {
  for (const json& finding : r.findings) {
    const auto kind = std::find(kinds.begin(), kinds.end(), finding.value("kind", ""));
    const std::optional<std::uint64_t> at = NonNegative(finding.value("case", json()));
    if (kind == kinds.end() || !at || *at >= cases) {
      return fmt::format("a finding names no case of the run: {}", finding.dump().substr(0, 200));
    }
    const std::uint64_t index = static_cast<std::uint64_t>(kind - kinds.begin()) * cases + *at;
    if (index < r.covered.begin || index >= r.covered.end) {
      return fmt::format("finding {} case {} (index {}) lies outside what the shard covered, {}..{}", *kind, *at, index,
                         r.covered.begin, r.covered.end);
    }
  }
  return std::nullopt;
}

// JUnitKindCase: the test case of one kind, failing with its findings.
std::string JUnitKindCase(ScenarioKind kind, const KindCoverage& coverage, const CheckOptions& options,
                          const CheckResult& result, int& failures) {
  std::string details;
  std::uint64_t distinct = 0, failing = 0;
  for (const CheckFinding& finding : result.findings) {
    if (finding.kind != kind) continue;
    ++distinct;
    failing += finding.occurrences;
    details += fmt::format("{} failing {}: {}; first case {} (profile {}), shrunk to {}{}\n", finding.occurrences,
                           finding.occurrences == 1 ? "case" : "cases", finding.Signature().Text(), finding.case_index,
                           NameOf(finding.profile), finding.SizeText(),
                           finding.vector_path.empty() ? "" : "; vector " + finding.vector_path);
  }
  const std::string name = fmt::format("    <testcase classname=\"lbconform.check\" name=\"{}\">", NameOf(kind));
  const std::string out = fmt::format("<system-out>{} cases: {} agreed, {} unsupported, {} adapter errors</system-out>",
                                      coverage.cases, coverage.agreed, coverage.unsupported, coverage.adapter_errors);
  if (distinct == 0) return name + out + "</testcase>\n";
  ++failures;
  return fmt::format(
      "{}<failure message=\"{} distinct {} in {} failing {}\" type=\"disagreement\">{}seed {}; rerun: "
      "{}</failure>{}</testcase>\n",
      name, distinct, distinct == 1 ? "finding" : "findings", failing, failing == 1 ? "case" : "cases",
      XmlText(details), options.seed, XmlText(options.reproduce_command), out);
}

}  // namespace

std::string CheckJUnitXml(const std::string& implementation, const CheckOptions& options, const CheckResult& result,
                          std::uint64_t stored_still_failing) {
  std::string cases;
  int tests = 0, failures = 0, errors = 0;
  for (const auto& [kind, coverage] : result.coverage) {
    ++tests;
    cases += JUnitKindCase(kind, coverage, options, result, failures);
  }
  if (!result.stop_reason.empty() || result.stop_signal != 0) {
    ++tests;
    ++errors;
    const std::string why = result.stop_signal != 0 ? fmt::format("ended by signal {}", result.stop_signal)
                                                    : "stopped early: " + result.stop_reason;
    cases += fmt::format(
        "    <testcase classname=\"lbconform.check\" name=\"complete\"><error message=\"{}\" "
        "type=\"incomplete\"/></testcase>\n",
        XmlText(why));
  }
  if (stored_still_failing > 0) {
    ++tests;
    ++failures;
    cases += fmt::format(
        "    <testcase classname=\"lbconform.check\" name=\"findings store\"><failure message=\"{} stored "
        "{} still {}\" type=\"disagreement\"/></testcase>\n",
        stored_still_failing, stored_still_failing == 1 ? "case" : "cases",
        stored_still_failing == 1 ? "fails" : "fail");
  }
  return fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites tests=\"{0}\" failures=\"{1}\" "
      "errors=\"{2}\">\n  <testsuite name=\"lbconform check {3}\" tests=\"{0}\" failures=\"{1}\" "
      "errors=\"{2}\" skipped=\"0\" time=\"{4:.3f}\">\n{5}  </testsuite>\n</testsuites>\n",
      tests, failures, errors, XmlText(implementation), result.seconds, cases);
}

ShardResult CheckShardResult(const std::string& implementation, const CheckOptions& options, std::uint64_t cases,
                             const Shard& shard, const CheckResult& result) {
  ShardResult r;
  r.command = "check";
  r.tool_version = vectors::kSuiteVersion;
  std::vector<std::string> kind_names, profile_names;
  for (ScenarioKind kind : options.kinds) kind_names.emplace_back(NameOf(kind));
  for (Profile profile : options.profiles) profile_names.emplace_back(NameOf(profile));
  r.parameters = {{"implementation", implementation},
                  {"kinds", kind_names},
                  {"profiles", profile_names},
                  {"seed", options.seed},
                  {"cases", cases},
                  {"maxSize", options.max_size},
                  {"shrink", options.shrink}};
  if (options.keep_going) r.parameters["keepGoing"] = true;
  if (!options.steer) r.parameters["steering"] = false;
  r.space_digest = SpaceDigest(vectors::kSuiteVersion, kind_names);
  r.unit = "case";
  r.space_size = cases * options.kinds.size();  // CheckCommand refused a product past 2^64
  r.shard = shard;
  r.covered = {options.slice->begin, result.stopped_at.value_or(options.slice->end)};
  r.stopped_at_finding = result.stopped_at.has_value();
  std::uint64_t checked = 0, agreed = 0, unsupported = 0, adapter_errors = 0, other_readings = 0;
  for (const auto& [kind, coverage] : result.coverage) {
    for (const auto& [label, count] : coverage.other_readings) other_readings += count;
    checked += coverage.cases;
    agreed += coverage.agreed;
    unsupported += coverage.unsupported;
    adapter_errors += coverage.adapter_errors;
  }
  r.counts = {{"checked", checked},         {"findings", result.findings.size()}, {"agreed", agreed},
              {"unsupported", unsupported}, {"adapterErrors", adapter_errors},    {"otherReadings", other_readings}};
  std::uint64_t failing = 0;
  for (const CheckFinding& f : result.findings) failing += f.occurrences;
  if (options.keep_going) r.counts["failingCases"] = failing;
  for (const CheckFinding& f : result.findings) {
    if (r.findings.size() == kMaxStoredFindings) break;  // counted, not listed
    const FindingSignature signature = f.Signature();
    r.findings.push_back({{"kind", NameOf(f.kind)},
                          {"profile", NameOf(f.profile)},
                          {"case", f.case_index},
                          {"field", f.field},
                          {"signature", signature.failure},
                          {"misreadings", signature.misreadings},
                          {"clauses", f.clauses},
                          {"count", f.occurrences},
                          {"scenario", f.scenario},
                          {"vector", f.vector_path}});
  }
  return r;
}

std::optional<std::string> CheckResultContradiction(const ShardResult& r) {
  const json& kinds_json = r.parameters.value("kinds", json());
  const json& cases_json = r.parameters.value("cases", json());
  if (!kinds_json.is_array() || kinds_json.empty() ||
      !std::all_of(kinds_json.begin(), kinds_json.end(), [](const json& k) { return k.is_string(); })) {
    return "parameters.kinds is not a list of kinds";
  }
  const std::uint64_t cases = NonNegative(cases_json).value_or(0);
  if (cases == 0) return "parameters.cases is not a positive integer";
  const std::vector<std::string> kinds = kinds_json.get<std::vector<std::string>>();
  if (cases > std::numeric_limits<std::uint64_t>::max() / kinds.size() || cases * kinds.size() != r.space_size) {
    return fmt::format("the space of {} cases is not its {} kinds × cases {} (a count past 2^64?)", r.space_size,
                       kinds.size(), cases);
  }
  if (r.unit != "case") return fmt::format("a check's space counts cases, not {}s", r.unit);
  if (r.space_digest != SpaceDigest(r.tool_version, kinds)) {
    return fmt::format("spaceDigest {} is not that of its kinds", r.space_digest);
  }
  if (auto problem = CountsContradiction(r)) return problem;
  return FindingsContradiction(r, kinds, cases);
}

}  // namespace lbconform
