// What `lbconform check` prints and writes of its findings and coverage: a
// finding's block, its vector file, a kind's coverage tables, and the
// accepted other readings taken.
#ifndef LBCONFORM_CHECK_FINDING_TEXT_H_
#define LBCONFORM_CHECK_FINDING_TEXT_H_

#include <cstdint>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "check/check.h"
#include "readings/wrong_engines.h"

namespace lbconform {

// Compact is a decision on one line, cut at `max_bytes`.
std::string Compact(const nlohmann::json& value, std::size_t max_bytes = 4000);

// ReproduceCommand reruns the check of `kind` up to case `index`.
std::string ReproduceCommand(const CheckOptions& options, ScenarioKind kind, std::uint64_t index);

// VectorText is the vector file of a finding, which `run --vectors` replays.
std::string VectorText(const CheckFinding& finding, std::uint64_t seed, const std::string& reproduce);

// PrintFinding prints a finding's block: the minimal scenario, how it fails,
// and how to reproduce it.
void PrintFinding(const CheckFinding& finding, const CheckOptions& options, const std::string& reproduce,
                  std::ostream& out);

// PrintMixFinding prints the two cases of a mix of the readings of a gap.
void PrintMixFinding(const CheckFinding& finding, const readings::WrongEngineInfo& reading,
                     const nlohmann::json& own_answer, const nlohmann::json& reading_answer, std::uint64_t at,
                     Profile own_profile, const CheckOptions& options, std::ostream& out);

// PairsNotReached: the labels of the (clause, boundary class) pairs of
// `kind` that no case of `coverage` reached.
std::vector<std::string> PairsNotReached(ScenarioKind kind, const KindCoverage& coverage);

// PrintPairsReached prints `clauses reached N/M` and the pairs not reached.
void PrintPairsReached(ScenarioKind kind, const KindCoverage& coverage, std::ostream& out);

// PrintCoverage prints a kind's counts, cases per clause and per boundary class.
void PrintCoverage(ScenarioKind kind, const KindCoverage& coverage, double seconds, std::ostream& out);

// DistinctFindingsSummary: with --keep-going, a line per distinct finding
// (its failing cases, its signature, its smallest case); empty without findings.
std::string DistinctFindingsSummary(const CheckResult& result);

// OtherReadingLabel: "GAP-5 (policy-configures-failover)".
std::string OtherReadingLabel(const readings::WrongEngineInfo& info);

// OtherReadingsSummary: a line per accepted other reading the implementation
// took, for the closing lines.
std::string OtherReadingsSummary(const CheckResult& result);

}  // namespace lbconform

#endif  // LBCONFORM_CHECK_FINDING_TEXT_H_
