#include "check/finding_groups.h"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>

#include "documents/scenario_json.h"

namespace lbconform {

using nlohmann::json;

bool FindingSignature::SameFinding(const FindingSignature& other) const {
  if (kind != other.kind || failure != other.failure) return false;
  if (misreadings.empty() || other.misreadings.empty()) return misreadings.empty() && other.misreadings.empty();
  return !CommonMisreadings(misreadings, other.misreadings).empty();
}

std::string FindingSignature::Text() const {
  if (misreadings.empty()) return fmt::format("{}: {}", kind, failure);
  return fmt::format("{}: {}; answers like {}", kind, failure, fmt::join(misreadings, ", "));
}

std::vector<std::string> CommonMisreadings(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::vector<std::string> common;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(common));
  return common;
}

FindingSignature SignatureOfResultFinding(const json& finding) {
  FindingSignature signature{finding.value("kind", ""), finding.value("signature", ""), {}};
  const json misreadings = finding.value("misreadings", json::array());
  for (const json& name : misreadings) {
    if (name.is_string()) signature.misreadings.push_back(name.get<std::string>());
  }
  std::sort(signature.misreadings.begin(), signature.misreadings.end());
  signature.misreadings.erase(std::unique(signature.misreadings.begin(), signature.misreadings.end()),
                              signature.misreadings.end());
  return signature;
}

std::uint64_t OccurrencesOfResultFinding(const json& finding) {
  const json count = finding.value("count", json(1));
  return count.is_number_unsigned() ? count.get<std::uint64_t>() : 1;
}

std::size_t ScenarioBytes(const json& scenario) { return DumpJson(scenario).size(); }

std::vector<json> DistinctResultFindings(const std::vector<json>& findings) {
  std::vector<json> distinct;
  std::vector<FindingSignature> signatures;
  for (const json& finding : findings) {
    const FindingSignature signature = SignatureOfResultFinding(finding);
    const auto same = std::find_if(signatures.begin(), signatures.end(),
                                   [&](const FindingSignature& s) { return s.SameFinding(signature); });
    if (same == signatures.end()) {
      json first = finding;
      first["count"] = OccurrencesOfResultFinding(finding);
      first["misreadings"] = signature.misreadings;
      distinct.push_back(std::move(first));
      signatures.push_back(signature);
      continue;
    }
    json& kept = distinct[static_cast<std::size_t>(same - signatures.begin())];
    const std::uint64_t count = OccurrencesOfResultFinding(kept) + OccurrencesOfResultFinding(finding);
    same->misreadings = CommonMisreadings(same->misreadings, signature.misreadings);
    if (ScenarioBytes(finding.value("scenario", json())) < ScenarioBytes(kept.value("scenario", json()))) {
      kept = finding;
    }
    kept["count"] = count;
    kept["misreadings"] = same->misreadings;
  }
  return distinct;
}

}  // namespace lbconform
