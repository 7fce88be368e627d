#include "check/judge.h"

#include <utility>

#include "documents/documents.h"
#include "reference/reference_engine.h"
#include "vectors/builtin_adapter.h"
#include "vectors/checks.h"
#include "vectors/sessions.h"

namespace lbconform {

using nlohmann::json;

namespace {

// The reference as check runs it: each decision records the clauses of its
// trace (for the coverage table) but not the trace's text.
const reference::ReferenceEngine& ClauseTracedReference() {
  static const reference::ReferenceEngine engine(reference::TraceDetail::kClauses);
  return engine;
}

// SameIgnoringTrace tells whether `actual` is `expected` but for the
// informative traces: then they agree on every normative field, and the
// decoders need not run (the common case, and the hot path).
bool SameIgnoringTrace(const json& expected, const json& actual) {
  // The encoder writes signed integers, the parser reads unsigned ones: the
  // same number, and still the fast path (floats are left to the decoders).
  if (expected.is_number_integer() && actual.is_number_integer()) {
    if (expected.is_number_unsigned() == actual.is_number_unsigned()) return expected == actual;
    const json& signed_one = expected.is_number_unsigned() ? actual : expected;
    const json& unsigned_one = expected.is_number_unsigned() ? expected : actual;
    const auto value = signed_one.get<std::int64_t>();
    return value >= 0 && static_cast<std::uint64_t>(value) == unsigned_one.get<std::uint64_t>();
  }
  if (expected.type() != actual.type()) return false;
  if (expected.is_object()) {
    std::size_t matched = 0;
    for (auto it = expected.begin(); it != expected.end(); ++it) {
      if (it.key() == "trace") continue;
      const auto other = actual.find(it.key());
      if (other == actual.end() || !SameIgnoringTrace(*it, *other)) return false;
      ++matched;
    }
    return matched == actual.size() - (actual.contains("trace") ? 1 : 0);
  }
  if (expected.is_array()) {
    if (expected.size() != actual.size()) return false;
    for (std::size_t i = 0; i < expected.size(); ++i) {
      if (!SameIgnoringTrace(expected[i], actual[i])) return false;
    }
    return true;
  }
  return expected == actual;
}

// JudgeDecision: agreement, or the class of the disagreement.
void JudgeDecision(PreparedCase& prepared, Outcome& outcome) {
  bool agree = SameIgnoringTrace(prepared.expected, outcome.actual);
  if (!agree) {
    prepared.test.expected = {prepared.expected};
    agree = vectors::ExpectationMatches(prepared.test, outcome.actual, &outcome.field);
  }
  if (agree) {
    outcome.kind = Outcome::Kind::kAgree;
    return;
  }
  outcome.kind = Outcome::Kind::kDisagree;
  outcome.failure = DisagreementClass(outcome.field);
}

// JudgeSessionAnswer: a case run as a session is judged message by message
// (vectors/sessions.h).
void JudgeSessionAnswer(PreparedCase& prepared, const vectors::SessionTranscript& session, Outcome& outcome) {
  prepared.test.expected = {prepared.expected};
  const vectors::SessionJudgment judged = vectors::JudgeSession(prepared.test, prepared.profile, session);
  outcome.field = judged.field;
  outcome.session_detail = judged.detail;
  outcome.session_events = session.events_sent;
  outcome.kind = judged.passed ? Outcome::Kind::kAgree : Outcome::Kind::kDisagree;
  if (!judged.passed) outcome.failure = DisagreementClass(judged.field);
}

}  // namespace

std::vector<std::string> ClauseIds(const std::set<Clause>& clauses) {
  std::set<std::string> ids;
  for (Clause clause : clauses) ids.emplace(IdOf(clause));
  return {ids.begin(), ids.end()};
}

std::set<Clause> ReferenceTraceClauses(const json& document, Profile profile) {
  std::set<Clause> clauses;
  (void)DecideDocument(ClauseTracedReference(), document, profile, {.trace_clauses = &clauses});
  return clauses;
}

void Prepare(PreparedCase& prepared, ScenarioKind kind, Profile profile, json document, std::string case_id) {
  prepared.case_id = std::move(case_id);
  prepared.profile = profile;
  prepared.clauses.clear();
  prepared.expected = DecideDocument(ClauseTracedReference(), document, profile, {.trace_clauses = &prepared.clauses});
  prepared.expected_answer_line = vectors::ResultLineText(prepared.case_id, prepared.expected);
  prepared.test.kind = kind;
  prepared.test.input = std::move(document);
  prepared.test.result = prepared.expected.value("valid", false) ? vectors::Result::kValid : vectors::Result::kInvalid;
}

vectors::CaseRequest RequestOf(const PreparedCase& prepared, const Deadline& deadline) {
  vectors::CaseRequest request{prepared.case_id, &prepared.test, prepared.profile, deadline.at()};
  request.expected_answer_line = &prepared.expected_answer_line;
  return request;
}

Outcome Judge(PreparedCase& prepared, vectors::Answer answer, const Deadline& deadline) {
  Outcome outcome;
  switch (answer.kind) {
    case vectors::Answer::Kind::kInterrupted:
      outcome.kind = Outcome::Kind::kInterrupted;
      break;
    case vectors::Answer::Kind::kUnsupported:
      outcome.kind = Outcome::Kind::kUnsupported;
      break;
    case vectors::Answer::Kind::kProblem:
      // Cut off by the time budget, the answer says nothing of the adapter.
      if (deadline.Passed()) {
        outcome.kind = Outcome::Kind::kOutOfTime;
        break;
      }
      outcome.kind = Outcome::Kind::kAdapterError;
      outcome.field = "adapter error: " + answer.problem;
      outcome.failure = AdapterErrorClass(answer.problem_class);
      break;
    case vectors::Answer::Kind::kDecision:
      if (answer.as_expected) break;  // outcome.kind is kAgree
      outcome.actual = std::move(answer.decision);
      if (answer.session) {
        JudgeSessionAnswer(prepared, *answer.session, outcome);
      } else {
        JudgeDecision(prepared, outcome);
      }
      break;
  }
  outcome.expected = std::move(prepared.expected);
  outcome.clauses = std::move(prepared.clauses);
  return outcome;
}

Outcome Ask(vectors::Implementation& implementation, ScenarioKind kind, Profile profile, json& document,
            const std::string& case_id, const Deadline& deadline) {
  PreparedCase prepared;
  Prepare(prepared, kind, profile, std::move(document), case_id);
  vectors::Answer answer = implementation.Decide(RequestOf(prepared, deadline));
  Outcome outcome = Judge(prepared, std::move(answer), deadline);
  document = std::move(prepared.test.input);
  return outcome;
}

}  // namespace lbconform
