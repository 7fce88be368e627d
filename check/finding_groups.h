// One bug met many times is one finding: `lbconform check --keep-going` and
// `lbconform merge` group findings by a signature, count the failing cases of
// each and keep the smallest case (docs/campaigns.md, "Keep going").
//
// Two findings are one when their kind and failure class (the first
// normative field that differs, or the adapter error's class) are equal and
// the known misreadings that answer like them overlap, or neither has one.
// The misreadings kept are those that explain every case of the group (the
// intersection), and the clauses are the ones they misread. The clauses at
// stake of a shrunk case do not split a group: they depend on where
// shrinking ended, and a repeat is not shrunk.
#ifndef LBCONFORM_CHECK_FINDING_GROUPS_H_
#define LBCONFORM_CHECK_FINDING_GROUPS_H_

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace lbconform {

struct FindingSignature {
  std::string kind;                      // the scenario kind's name
  std::string failure;                   // FailureClass::Signature(), or a mix's "mixed readings of GAP-N"
  std::vector<std::string> misreadings;  // names of the known misreadings answering alike, sorted

  // SameFinding: the same kind and failure, and misreadings that overlap (or none on either side).
  bool SameFinding(const FindingSignature& other) const;
  // Text: "passthrough: disagreement at eligible.kind; answers like float-division".
  std::string Text() const;
};

// CommonMisreadings: the names in both sorted lists.
std::vector<std::string> CommonMisreadings(const std::vector<std::string>& a, const std::vector<std::string>& b);

// The JSON of a check finding in a shard result: kind, signature,
// misreadings, count (failing cases, 1 when absent) and scenario.
FindingSignature SignatureOfResultFinding(const nlohmann::json& finding);
std::uint64_t OccurrencesOfResultFinding(const nlohmann::json& finding);

// ScenarioBytes: how large a finding's case is, to keep the smallest: the
// bytes of its scenario's compact JSON.
std::size_t ScenarioBytes(const nlohmann::json& scenario);

// DistinctResultFindings groups the findings of a check's shards: one per
// signature, the first one's case replaced by a smaller one met later, the
// counts summed and the misreadings narrowed to those common to all.
std::vector<nlohmann::json> DistinctResultFindings(const std::vector<nlohmann::json>& findings);

}  // namespace lbconform

#endif  // LBCONFORM_CHECK_FINDING_GROUPS_H_
