// Shrinking a failed case of `lbconform check`: RapidCheck's tree of smaller
// cases (with check's own shrinks, shrinks.h) walked greedily, the
// implementation asked each candidate as in the property. A smaller case
// replaces the failure only when it fails the same way (its FailureClass);
// the time budget, a signal or the most tries allowed cut shrinking short.
#ifndef LBCONFORM_CHECK_SHRINK_FAILURE_H_
#define LBCONFORM_CHECK_SHRINK_FAILURE_H_

#include <rapidcheck.h>

#include <cstdint>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "check/case_generators.h"
#include "check/deadline.h"
#include "check/judge.h"
#include "vectors/runner.h"

namespace lbconform {

struct ShrinkLimits {
  bool enabled = true;  // --no-shrink: the case as drawn
  std::uint64_t max_tries = 5000;
  Deadline deadline = Deadline::Never();
};

struct ShrinkProgress {
  std::uint64_t steps = 0;  // smaller cases kept
  std::uint64_t tries = 0;  // smaller cases asked
  std::string cut_short;    // why it stopped before the smallest case, or empty
};

// What a candidate was: kept (still holds), passed over, or the end of
// shrinking (out of time, interrupted; `cut_short` says why).
enum class ShrinkVerdict { kKeep, kPass, kStop };

// ShrinkWhile walks the smaller cases of `current` greedily, keeping the first
// of each round that `judge` keeps; `after_round` reports progress. Returns
// the smallest document kept.
nlohmann::json ShrinkWhile(rc::Shrinkable<check::CheckCase> current,
                           const std::function<ShrinkVerdict(nlohmann::json&)>& judge, const ShrinkLimits& limits,
                           ShrinkProgress& progress, const std::function<void()>& after_round = {});

// ShrunkFailure is what shrinking one failure found.
struct ShrunkFailure {
  nlohmann::json document;  // the smallest case that fails as the one drawn did
  Outcome outcome;          // how it was answered
  ShrinkProgress progress;
  // Adapter errors of another class met on the way, by class, and the first's words.
  std::map<std::string, std::uint64_t> other_errors;
  std::string first_other_error;
  // The clauses of the reference's trace on each smaller case answered right
  // since the last case kept: the passing neighbours of `document`.
  std::vector<std::set<Clause>> passing_neighbours;
};

// ShrinkFailure shrinks case `case_id`, drawn as `drawn` and answered as
// `outcome`, keeping smaller cases that fail as it did.
ShrunkFailure ShrinkFailure(vectors::Implementation& implementation, ScenarioKind kind, Profile profile,
                            const rc::Shrinkable<check::CheckCase>& drawn, Outcome outcome, const std::string& case_id,
                            const ShrinkLimits& limits, const std::function<void(const ShrinkProgress&)>& after_round);

// ClausesAtStake: the clauses of `here` that the passing neighbour closest to
// it (fewest clauses apart) does not cite; empty without such a neighbour.
std::set<Clause> ClausesAtStake(const std::set<Clause>& here, const std::vector<std::set<Clause>>& neighbours);

}  // namespace lbconform

#endif  // LBCONFORM_CHECK_SHRINK_FAILURE_H_
