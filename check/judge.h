// One case of `lbconform check`, asked and judged: the reference decides it
// (PreparedCase), the implementation answers, and Judge says whether they
// agree and, when not, how the case fails (its FailureClass).
#ifndef LBCONFORM_CHECK_JUDGE_H_
#define LBCONFORM_CHECK_JUDGE_H_

#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "check/deadline.h"
#include "check/failure_class.h"
#include "model/catalogue.h"
#include "vectors/runner.h"
#include "vectors/vector_file.h"

namespace lbconform {

struct Outcome {
  // kOtherReading: a disagreement that is the accepted other reading of a gap.
  // kOutOfTime: the time budget ran out before the answer came.
  enum class Kind { kAgree, kDisagree, kAdapterError, kUnsupported, kInterrupted, kOtherReading, kOutOfTime };
  Kind kind = Kind::kAgree;
  nlohmann::json expected;   // the reference's decision, without its trace
  std::set<Clause> clauses;  // the clauses of the reference's trace
  nlohmann::json actual;     // empty when the answer was the expected line
  std::string field;         // the first normative field that differs, or the adapter's problem
  FailureClass failure;      // how it fails (kDisagree, kAdapterError)
  // Through a session: the events sent, and where the first step differs
  // (vectors/sessions.h).
  std::size_t session_events = 0;
  std::string session_detail;

  bool Failed() const { return kind == Kind::kDisagree || kind == Kind::kAdapterError; }
  bool FailsAs(const FailureClass& other) const { return Failed() && failure == other; }
};

// PreparedCase is a case decided by the reference, ready to be sent.
struct PreparedCase {
  std::string case_id;
  Profile profile = Profile::kSpecDocs;
  vectors::VectorTest test;  // input: the document; expected: filled only for the slow comparison
  nlohmann::json expected;   // the reference's decision, without its trace
  std::set<Clause> clauses;  // the clauses of the reference's trace
  // The built-in adapter's answer line for the expected decision: an answer
  // equal to it agrees without being parsed.
  std::string expected_answer_line;
};

// Prepare has the reference decide `document` as case `case_id`.
void Prepare(PreparedCase& prepared, ScenarioKind kind, Profile profile, nlohmann::json document, std::string case_id);
// RequestOf is the request that asks the implementation the case, by `deadline`.
vectors::CaseRequest RequestOf(const PreparedCase& prepared, const Deadline& deadline);
// Judge compares the implementation's answer with the reference's decision
// (moved out of `prepared`); a problem after `deadline` is out of time.
Outcome Judge(PreparedCase& prepared, vectors::Answer answer, const Deadline& deadline);
// Ask decides one case on both sides, unpipelined (shrinking, asking again);
// `document` is moved out and back.
Outcome Ask(vectors::Implementation& implementation, ScenarioKind kind, Profile profile, nlohmann::json& document,
            const std::string& case_id, const Deadline& deadline);

// ReferenceTraceClauses: the clauses of the reference's trace on `document`.
std::set<Clause> ReferenceTraceClauses(const nlohmann::json& document, Profile profile);

// ClauseIds are the clauses' IDs in byte order, as the coverage table and
// the vectors list them.
std::vector<std::string> ClauseIds(const std::set<Clause>& clauses);

}  // namespace lbconform

#endif  // LBCONFORM_CHECK_JUDGE_H_
