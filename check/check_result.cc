#include "check/check_result.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <map>
#include <set>
#include <string_view>
#include <vector>

#include "check/coverage_pairs.h"
#include "check/finding_text.h"
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
  r.coverage = CoverageJson(result);
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

json CoverageJson(const CheckResult& result) {
  json coverage = json::object();
  for (const auto& [kind, kind_coverage] : result.coverage) {
    json reached = json::array();
    for (const auto& [label, count] : kind_coverage.pairs) reached.push_back(label);
    coverage[std::string(NameOf(kind))] = {{"pairs", check::CoveragePairsOf(kind).size()},
                                           {"reached", reached},
                                           {"notReached", PairsNotReached(kind, kind_coverage)}};
  }
  return coverage;
}

json UnionOfPairsReached(const std::vector<json>& coverages) {
  std::map<std::string, std::pair<std::set<std::string>, std::set<std::string>>> kinds;  // reached, seen
  std::map<std::string, std::uint64_t> universe;
  bool any = false;
  for (const json& coverage : coverages) {
    if (!coverage.is_object()) continue;
    any = true;
    for (const auto& [kind, pairs] : coverage.items()) {
      universe[kind] = std::max(universe[kind], pairs.at("pairs").get<std::uint64_t>());
      for (const json& label : pairs.at("reached")) kinds[kind].first.insert(label.get<std::string>());
      for (const json& label : pairs.at("notReached")) kinds[kind].second.insert(label.get<std::string>());
    }
  }
  if (!any) return json();
  json merged = json::object();
  for (const auto& [kind, sets] : kinds) {
    json not_reached = json::array();
    for (const std::string& label : sets.second) {
      if (!sets.first.contains(label)) not_reached.push_back(label);
    }
    merged[kind] = {{"pairs", universe[kind]}, {"reached", sets.first}, {"notReached", not_reached}};
  }
  return merged;
}

std::string PairsReachedText(const json& coverage) {
  if (!coverage.is_object()) return "";
  std::string text;
  for (const auto& [kind, pairs] : coverage.items()) {
    const json& not_reached = pairs.at("notReached");
    text +=
        fmt::format("merge: clauses reached {}/{} (clause, boundary class) pairs in {}{}\n", pairs.at("reached").size(),
                    pairs.at("pairs").get<std::uint64_t>(), kind, not_reached.empty() ? "" : "; not reached:");
    for (const json& label : not_reached) text += fmt::format("    {}\n", label.get<std::string>());
  }
  return text;
}

// CoverageContradiction: a kind checked, and the pairs reached and not
// reached of it, disjoint, making up its universe.
std::optional<std::string> CoverageContradiction(const ShardResult& r, const std::vector<std::string>& kinds) {
  if (r.coverage.is_null()) return std::nullopt;
  for (const auto& [kind, pairs] : r.coverage.items()) {
    if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end()) {
      return fmt::format("coverage names {}, a kind it did not check", kind);
    }
    std::set<std::string> reached;
    for (const json& label : pairs.at("reached")) reached.insert(label.get<std::string>());
    std::size_t not_reached = 0;
    for (const json& label : pairs.at("notReached")) {
      if (reached.contains(label.get<std::string>())) {
        return fmt::format("coverage of {} has {} both reached and not reached", kind, label.get<std::string>());
      }
      ++not_reached;
    }
    if (reached.size() != pairs.at("reached").size() ||
        reached.size() + not_reached != pairs.at("pairs").get<std::uint64_t>()) {
      return fmt::format("coverage of {}: {} reached and {} not reached are not its {} pairs, each once", kind,
                         pairs.at("reached").size(), not_reached, pairs.at("pairs").get<std::uint64_t>());
    }
  }
  return std::nullopt;
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
  if (auto problem = CoverageContradiction(r, kinds)) return problem;
  return FindingsContradiction(r, kinds, cases);
}

}  // namespace lbconform
