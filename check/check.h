// `lbconform check`: generated scenarios, decided by the reference and by an
// implementation (an adapter over the protocol of `run`, or a built-in
// engine), compared on the normative fields; the first disagreement of each
// kind is shrunk with RapidCheck's shrinking to a minimal scenario, printed,
// and written as a vector file that `lbconform run --vectors DIR` replays.
// With keep_going, each failure of a new signature (check/finding_groups.h)
// is shrunk and the check goes on; a repeat is counted.
#ifndef LBCONFORM_CHECK_CHECK_H_
#define LBCONFORM_CHECK_CHECK_H_

#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "check/failure_class.h"
#include "check/finding_groups.h"
#include "check/shard.h"
#include "model/model.h"
#include "vectors/runner.h"

namespace lbconform {

struct CheckOptions {
  std::vector<ScenarioKind> kinds;  // empty: every kind the implementation declares
  std::vector<Profile> profiles;    // empty: every profile of each kind
  std::uint64_t cases = 0;          // per kind; 0 with no time budget: kDefaultCheckCases
  double time_budget_seconds = 0;   // for all kinds together; 0: none
  std::uint64_t seed = 0;
  int max_size = 100;  // RapidCheck's size grows from 0 to this and wraps
  std::string out;     // where shrunk cases are written (a vector folder), or empty
  bool shrink = true;
  int max_consecutive_adapter_errors = 5;
  std::uint64_t max_shrink_tries = 5000;
  // An adapter's time per case: once the time budget is spent, asking a
  // finding again (to tell a flaky adapter) takes at most this.
  std::chrono::milliseconds case_timeout{5000};
  // The command that reproduces this check, without --cases and --seed.
  std::string reproduce_command = "lbconform check";
  // Whether standard error is a terminal (a progress line is redrawn there).
  bool progress = false;
  // A shard of a campaign: the slice of the space [0, kinds × cases) this
  // process checks (index kind × cases + case); the first finding stops it
  // unless keep_going.
  std::optional<IndexRange> slice;
  // Go on after a finding until the cases or the time budget end: a failure
  // of a signature met before is counted, a new one shrunk and reported.
  bool keep_going = false;
  // Steer generation toward the (clause, boundary class) pairs the kind's
  // first cases do not reach (check/case_drawer.h); it changes the cases
  // drawn, so it is one of the run's parameters.
  bool steer = true;
};

inline constexpr std::uint64_t kDefaultCheckCases = 2000;

// CheckFinding is one kind's shrunk counterexample.
struct CheckFinding {
  ScenarioKind kind = ScenarioKind::kPassthrough;
  Profile profile = Profile::kSpecDocs;
  std::uint64_t case_index = 0;    // the case that first failed (0-based)
  std::uint64_t shrink_steps = 0;  // smaller failing cases found
  std::uint64_t shrink_tries = 0;  // cases tried while shrinking
  // Why shrinking stopped before the smallest case ("the time budget ran
  // out"), or empty.
  std::string shrink_cut_short;
  FailureClass failure;     // how it fails: every smaller case kept failed the same way
  nlohmann::json scenario;  // the minimal failing scenario
  nlohmann::json expected;  // the reference's decision (no trace)
  nlohmann::json actual;    // the implementation's (null after an adapter error)
  std::string field;        // the normative field that differs, or the adapter's problem
  std::string where;        // through a session: the first step that differs, the events up to it
  // The clauses at stake: those of the reference's trace here that it does
  // not cite on a smaller case answered right (when shrinking met one), else
  // the whole trace.
  std::vector<std::string> clauses;
  bool clauses_at_stake = false;  // `clauses` is narrowed to those at stake
  std::string vector_path;        // the vector file written, if any
  // Adapter errors of another class met while shrinking, by class, and the
  // first one's words: not this failure, so said apart.
  std::map<std::string, std::uint64_t> other_errors_while_shrinking;
  std::string first_other_error;
  // Asked again before it was reported, the implementation answered
  // otherwise (`second_answer` says how), or not in time.
  bool nondeterministic = false;
  std::string second_answer;
  // The known misreadings (readings/) whose answer on the case is `actual`,
  // and the clauses they misread (a vector's clauses when the trace has none).
  std::vector<std::string> answers_like;
  std::vector<std::string> misread_clauses;
  // A mix of the two readings of a gap (vectors/README.md, rule 4): the
  // accepted reading taken on `scenario`, and the case answered as lbconform
  // reads the gap where that reading answers otherwise. No vector file: a
  // vector judges one case alone, and each answer alone is accepted.
  std::string mixed_reading;  // the accepted reading's name, or empty
  std::string mixed_gap;
  std::uint64_t lbconform_case_index = 0;
  nlohmann::json lbconform_case_scenario;
  // The failing cases of this signature (--keep-going counts the repeats),
  // and the names of the misreadings that answer like every one of them.
  std::uint64_t occurrences = 1;
  std::vector<std::string> misreading_names;
  // Signature: what makes two findings one (check/finding_groups.h).
  FindingSignature Signature() const;
  // SizeText says how large the scenario is ("2 VMs, 1 group").
  std::string SizeText() const;
  // Vms is the number of VMs (instances) of a passthrough scenario or timeline.
  std::size_t Vms() const;
};

struct KindCoverage {
  std::uint64_t cases = 0, agreed = 0, unsupported = 0, adapter_errors = 0;
  // Cases answered by the accepted other reading of a gap, by "GAP-N (reading)".
  std::map<std::string, std::uint64_t> other_readings;
  std::map<std::string, std::uint64_t> clauses;     // cases whose reference trace cites it
  std::map<std::string, std::uint64_t> boundaries;  // cases reaching each boundary class
  // Cases reaching each (clause, boundary class) pair of the kind's universe
  // (check/coverage_pairs.h), by label; and the cases aimed at a pair, and
  // those that reached it.
  std::map<std::string, std::uint64_t> pairs;
  std::uint64_t aimed = 0, aimed_hits = 0;
  std::uint64_t session_events = 0;  // events sent in sessions (vectors/sessions.h)
};

struct CheckResult {
  std::uint64_t seed = 0;
  std::map<ScenarioKind, KindCoverage> coverage;
  std::vector<CheckFinding> findings;
  std::string stop_reason;  // set when the check stopped early (adapter errors in a row)
  int stop_signal = 0;
  bool output_failed = false;  // a vector file could not be written
  double seconds = 0;
  std::optional<std::uint64_t> stopped_at;  // sharded: the space index after the finding that stopped it
  // Answers that were the expected answer line byte for byte, so agreed
  // without being parsed (the hot path; the built-in adapter's answers are).
  std::uint64_t answers_as_expected = 0;
};

// SkippedBecause says why check has no case of `kind` to draw when
// `profiles` are selected (empty: all): none of its profiles selected, or no
// case generator yet; empty when it has cases.
std::string SkippedBecause(ScenarioKind kind, const std::vector<Profile>& profiles);

// RunCheck checks `implementation` and prints the findings and the coverage
// tables on `out`.
CheckResult RunCheck(vectors::Implementation& implementation, const CheckOptions& options, std::ostream& out,
                     std::ostream& err);

}  // namespace lbconform

#endif  // LBCONFORM_CHECK_CHECK_H_
