// The result a shard of `lbconform check` writes (--result FILE, for
// `lbconform merge`; vectors/schema/shard-result.schema.json), and the rules
// only a check's result keeps, which merge checks so as not to certify a
// result lbconform could not have written.
#ifndef LBCONFORM_CHECK_CHECK_RESULT_H_
#define LBCONFORM_CHECK_CHECK_RESULT_H_

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "check/check.h"
#include "check/shard.h"

namespace lbconform {

// CheckShardResult is the result of shard `shard` of a check of
// `options.kinds` × `cases` cases (options.slice its slice).
ShardResult CheckShardResult(const std::string& implementation, const CheckOptions& options, std::uint64_t cases,
                             const Shard& shard, const CheckResult& result);

// CheckJUnitXml is the check as JUnit XML, for test runners that read it
// (Bazel's XML_OUTPUT_FILE): one test case per kind checked, failing with its
// distinct findings (signature, failing cases, the first case, the vector
// written); an error test case when the check stopped early or was ended by
// a signal, and a failing one when stored findings (--findings) still fail.
// Text an adapter chose is written as ASCII, so the file is valid XML
// whatever it answered.
std::string CheckJUnitXml(const std::string& implementation, const CheckOptions& options, const CheckResult& result,
                          std::uint64_t stored_still_failing);

// The coverage of a check's result ("coverage": per kind, the number of
// (clause, boundary class) pairs of its universe, those reached and those not
// reached; check/coverage_pairs.h).
nlohmann::json CoverageJson(const CheckResult& result);
// UnionOfPairsReached: the shards' coverages merged: a pair is reached when
// some shard reached it. Null when no shard has one.
nlohmann::json UnionOfPairsReached(const std::vector<nlohmann::json>& coverages);
// PairsReachedText: merge's lines, "merge: clauses reached N/M ... in KIND".
std::string PairsReachedText(const nlohmann::json& coverage);

// CheckResultContradiction: what makes a decoded check result contradict
// itself (its space is not its kinds × cases, a count past what it checked, a
// finding outside what it covered, …), or nullopt.
std::optional<std::string> CheckResultContradiction(const ShardResult& result);

}  // namespace lbconform

#endif  // LBCONFORM_CHECK_CHECK_RESULT_H_
