// JudgeSession (vectors/sessions.h): how a case run as a session is judged
// (vectors/README.md, "How a session is judged").
#include <fmt/format.h>

#include <cstddef>
#include <set>

#include "documents/documents.h"
#include "documents/timeline_json.h"
#include "reference/reference_engine.h"
#include "vectors/checks.h"
#include "vectors/sessions.h"

namespace lbconform::vectors {

using nlohmann::json;

namespace {

const reference::ReferenceEngine& UntracedReference() {
  static const reference::ReferenceEngine engine(reference::TraceDetail::kNone);
  return engine;
}

struct Rejection {
  std::size_t at = 0;  // 0 the open, k the k-th event
  json errors;
};

// ReferenceRejection: the first message whose cut document the reference
// rejects, or nullopt when it accepts the whole timeline. A rejected cut
// stays rejected with more events (an event is judged by what came before
// it, as a session is), so the first is found by bisection: a 2,000-event
// timeline rejected at its end takes 12 decisions, not 2,000.
std::optional<Rejection> ReferenceRejection(const json& input, Profile profile) {
  const json whole = DecideVector(UntracedReference(), input, profile);
  if (whole.value("valid", false)) return std::nullopt;
  const SplitInput split = SplitTimeline(input);
  if (split.whole) return Rejection{0, whole.value("errors", json::array())};
  // Invariant: the cut of `accepted` events is accepted (or accepted is -1),
  // the cut of `rejected` events is rejected, with its errors in `errors`.
  std::ptrdiff_t accepted = -1;
  std::size_t rejected = split.events.size();
  json errors = whole.value("errors", json::array());
  while (static_cast<std::ptrdiff_t>(rejected) - accepted > 1) {
    const std::size_t k = static_cast<std::size_t>(accepted + (static_cast<std::ptrdiff_t>(rejected) - accepted) / 2);
    const json cut = DecideVector(UntracedReference(), CutDocument(split, k), profile);
    if (cut.value("valid", false)) {
      accepted = static_cast<std::ptrdiff_t>(k);
    } else {
      rejected = k;
      errors = cut.value("errors", json::array());
    }
  }
  return Rejection{rejected, std::move(errors)};
}

std::string MessageName(std::size_t at) { return at == 0 ? "the open" : fmt::format("event {}", at); }

std::string Codes(const json& errors) {
  std::vector<std::string> codes;
  if (errors.is_array()) {
    for (const json& e : errors) {
      if (e.is_object() && e.contains("code") && e["code"].is_string()) codes.push_back(e["code"].get<std::string>());
    }
  }
  return codes.empty() ? std::string("no code") : fmt::format("{}", fmt::join(codes, ", "));
}

bool HasCode(const json& errors, const std::string& code) {
  if (!errors.is_array()) return false;
  return std::any_of(errors.begin(), errors.end(),
                     [&](const json& e) { return e.is_object() && e.value("code", json()) == code; });
}

// StepDetail names the first step that differs (from `field`), its event, the
// events up to it, and the clauses the reference's trace cites at that step.
std::string StepDetail(const json& input, Profile profile, const std::string& field) {
  std::size_t step = 0;
  if (std::sscanf(field.c_str(), "steps[%zu]", &step) != 1) {
    return field.rfind("initial", 0) == 0 ? "through a session: the state after the open differs" : "";
  }
  const DecodedTimeline decoded = DecodeTimelineDocument(input);
  if (!decoded.timeline || step >= decoded.timeline->events.size()) return "";
  const TimelineScenario& timeline = *decoded.timeline;
  auto describe = [&](std::size_t i) {
    const TimelineEvent& e = timeline.events[i];
    return fmt::format("{}. t={} {}", i + 1, e.at, DescribeEvent(timeline, e));
  };
  std::string detail = fmt::format("through a session: the first step that differs is step {} of {} ({})", step + 1,
                                   timeline.events.size(), describe(step));
  constexpr std::size_t kShown = 12;
  const std::size_t first = step + 1 > kShown ? step + 1 - kShown : 0;
  detail += "; the events up to it:";
  if (first > 0) detail += fmt::format(" ({} earlier)", first);
  for (std::size_t i = first; i <= step; ++i) detail += " " + describe(i) + ";";
  const TimelineDecision traced =
      reference::ReferenceEngine(reference::TraceDetail::kClauses).DecideTimeline(timeline, profile);
  std::set<std::string> clauses;
  if (step < traced.steps.size()) {
    for (const TraceStep& t : traced.steps[step].trace) clauses.emplace(IdOf(t.clause));
  }
  detail += clauses.empty() ? " the reference's trace cites no clause at that step"
                            : fmt::format(" clauses of that step (the reference's trace): {}", fmt::join(clauses, " "));
  return detail;
}

// The fast comparison: the normative fields of two states as JSON, without
// decoding them (most sessions agree; a difference is then named by the
// decoders). False also when a field is spelled otherwise (310.0 for 310).
const json& Field(const json& object, const char* key) {
  static const json kAbsent;
  const auto it = object.find(key);
  return it == object.end() ? kAbsent : *it;
}

bool SamePool(const json& e, const json& a) {
  const json& ee = Field(e, "eligible");
  const json& ae = Field(a, "eligible");
  const json& ez = Field(e, "zonalAffinity");
  const json& az = Field(a, "zonalAffinity");
  return ee.is_object() && ae.is_object() && ez.is_object() && az.is_object() &&
         Field(ee, "kind") == Field(ae, "kind") && Field(ee, "backends") == Field(ae, "backends") &&
         Field(ez, "status") == Field(az, "status") && Field(ez, "outcome") == Field(az, "outcome") &&
         Field(e, "modifiedEligible") == Field(a, "modifiedEligible");
}

bool SameState(const json& e, const json& a) {
  if (!e.is_object() || !a.is_object() || !SamePool(e, a) || Field(e, "at") != Field(a, "at")) return false;
  const json& ec = Field(e, "connections");
  const json& ac = Field(a, "connections");
  if (!ec.is_array() || !ac.is_array() || ec.size() != ac.size()) return ec.is_null() && ac.is_null();
  for (std::size_t i = 0; i < ec.size(); ++i) {
    if (!ec[i].is_object() || !ac[i].is_object()) return false;
    for (const char* key : {"id", "instance", "state", "drainingUntil"}) {
      if (Field(ec[i], key) != Field(ac[i], key)) return false;
    }
  }
  return true;
}

bool FastAgrees(const json& expected, const SessionTranscript& t) {
  if (!expected.is_object() || Field(expected, "valid") != true || !SamePool(Field(expected, "initial"), t.initial))
    return false;
  const json& steps = Field(expected, "steps");
  if (!steps.is_array() || steps.size() != t.steps.size()) return false;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    if (!SameState(steps[i], t.steps[i]) || Field(steps[i], "transition") != Field(t.steps[i], "transition"))
      return false;
  }
  if (!t.queried) return true;
  return t.steps.empty() ? SamePool(t.initial, *t.queried) : SameState(t.steps.back(), *t.queried);
}

// QueryDifference: the field where the query's state differs from the state
// after the last open or event, or empty.
std::string QueryDifference(const SessionTranscript& t) {
  if (!t.queried) return "";
  auto as_step = [](json state) {
    state["transition"] = "NONE";
    return state;
  };
  json expected = {{"valid", true}, {"errors", json::array()}, {"initial", t.initial}, {"steps", json::array()}};
  json actual = expected;
  if (t.steps.empty()) {
    actual["initial"] = *t.queried;
  } else {
    expected["steps"].push_back(as_step(t.steps.back()));
    actual["steps"].push_back(as_step(*t.queried));
  }
  VectorTest test;
  test.kind = ScenarioKind::kPassthroughTimeline;
  test.result = Result::kValid;
  test.expected = {expected};
  std::string field;
  if (ExpectationMatches(test, actual, &field)) return "";
  const std::string prefix = "steps[0].";
  return field.rfind(prefix, 0) == 0 ? field.substr(prefix.size()) : field;
}

// JudgeRejection: a session the adapter rejected at `t.rejected`, against the
// reference's cut documents.
SessionJudgment JudgeRejection(const VectorTest& test, Profile profile, const SessionTranscript& t) {
  SessionJudgment j;
  const std::optional<Rejection> expected = ReferenceRejection(test.input, profile);
  const std::size_t at = *t.rejected;
  if (!expected) {
    j.field = "valid";
    j.detail = fmt::format("through a session: {} was rejected ({}), and lbconform accepts every event",
                           MessageName(at), Codes(t.errors));
    return j;
  }
  if (expected->at != at) {
    j.field = "valid";
    j.detail = fmt::format("through a session: {} was rejected ({}), where lbconform rejects {} ({})", MessageName(at),
                           Codes(t.errors), MessageName(expected->at), Codes(expected->errors));
    return j;
  }
  const std::string code = expected->errors.empty() ? "" : expected->errors[0].value("code", "");
  if (!HasCode(t.errors, code)) {
    j.field = "errors[0].code";
    j.detail = fmt::format("through a session: {} was rejected with {}, where lbconform says {}", MessageName(at),
                           Codes(t.errors), code);
    return j;
  }
  if (at > 0) {  // the steps before the rejection are those of the timeline cut before it
    VectorTest before;
    before.kind = ScenarioKind::kPassthroughTimeline;
    before.result = Result::kValid;
    before.expected = {DecideVector(UntracedReference(), CutDocument(SplitTimeline(test.input), at - 1), profile)};
    SessionTranscript accepted = t;
    accepted.rejected.reset();
    if (!ExpectationMatches(before, accepted.Decision(), &j.field)) {
      j.detail = StepDetail(test.input, profile, j.field) + fmt::format(" (before {}, rejected)", MessageName(at));
      return j;
    }
  }
  j.passed = true;
  return j;
}

}  // namespace

SessionJudgment JudgeSession(const VectorTest& test, Profile profile, const SessionTranscript& t) {
  if (t.rejected) return JudgeRejection(test, profile, t);
  SessionJudgment j;
  if (test.result == Result::kInvalid) {
    if (const std::optional<Rejection> expected = ReferenceRejection(test.input, profile)) {
      j.field = "valid";
      j.detail = fmt::format("through a session: {} was accepted, and lbconform rejects it ({})",
                             MessageName(expected->at), Codes(expected->errors));
      return j;
    }
  }
  if (test.result != Result::kInvalid &&
      std::any_of(test.expected.begin(), test.expected.end(), [&](const json& e) { return FastAgrees(e, t); })) {
    j.passed = true;
    return j;
  }
  if (!ExpectationMatches(test, t.Decision(), &j.field)) {
    j.detail = StepDetail(test.input, profile, j.field);
    return j;
  }
  if (const std::string differs = QueryDifference(t); !differs.empty()) {
    j.field = "query: " + differs;
    j.detail = fmt::format(
        "through a session: the state read by the query differs from the state after {} at {} (reading the state "
        "must not change it)",
        t.steps.empty() ? std::string("the open") : fmt::format("event {}", t.steps.size()), differs);
    return j;
  }
  j.passed = true;
  return j;
}

}  // namespace lbconform::vectors
