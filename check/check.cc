#include "check/check.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <deque>
#include <filesystem>
#include <limits>
#include <map>
#include <memory>
#include <ostream>
#include <random>
#include <set>

#include "check/case_generators.h"
#include "check/readings_match.h"
#include "documents/documents.h"
#include "documents/output_files.h"
#include "documents/scenario_json.h"
#include "engines/engines.h"
#include "model/exit_status.h"
#include "reference/reference_engine.h"
#include "vectors/builtin_adapter.h"
#include "vectors/checks.h"
#include "vectors/run_signals.h"
#include "vectors/sessions.h"
#include "vectors/vector_file.h"

namespace lbconform {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

// The reference as check runs it: each decision records the clauses of its
// trace (for the coverage table) but not the trace's text.
const reference::ReferenceEngine& ClauseTracedReference() {
  static const reference::ReferenceEngine engine(reference::TraceDetail::kClauses);
  return engine;
}

// CaseSeed gives each (seed, kind, case) its own random stream, so that any
// case is drawn alike whatever ran before it.
std::uint64_t CaseSeed(std::uint64_t seed, ScenarioKind kind, std::uint64_t index) {
  auto mix = [](std::uint64_t z) {  // SplitMix64's finalizer
    z += 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  };
  return mix(mix(seed ^ mix(static_cast<std::uint64_t>(kind) + 1)) ^ index);
}

// ClauseIds are the clauses' IDs in byte order, as the coverage table and
// the vectors list them.
std::vector<std::string> ClauseIds(const std::set<Clause>& clauses) {
  std::set<std::string> ids;
  for (Clause clause : clauses) ids.emplace(IdOf(clause));
  return {ids.begin(), ids.end()};
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

struct Outcome {
  // kOtherReading: a disagreement that is the accepted other reading of a gap.
  enum class Kind { kAgree, kDisagree, kAdapterError, kUnsupported, kInterrupted, kOtherReading } kind = Kind::kAgree;
  json expected;             // the reference's decision, without its trace
  std::set<Clause> clauses;  // the clauses of the reference's trace
  json actual;               // empty when the answer was the expected line
  std::string field;         // or the adapter's problem
  // Through a session: the events sent, and where the first step differs
  // (vectors/sessions.h).
  std::size_t session_events = 0;
  std::string session_detail;
  bool Failed() const { return kind == Kind::kDisagree || kind == Kind::kAdapterError; }
};

// SameFailure: a shrunk candidate of a session fails the same way as the case
// it comes from: the same kind of failure at the same field, whatever the step
// or connection (a session that now crashes, or differs elsewhere, is another
// failure).
bool SameFailure(const Outcome& original, const Outcome& candidate) {
  auto shape = [](const std::string& field) {
    std::string out;
    bool in_index = false;
    for (const char c : field) {
      if (c == '[') in_index = true;
      if (!in_index) out += c;
      if (c == ']') in_index = false;
    }
    return out;
  };
  return original.kind == candidate.kind &&
         (original.kind != Outcome::Kind::kDisagree || shape(original.field) == shape(candidate.field));
}

// PreparedCase is a case decided by the reference, ready to be sent.
struct PreparedCase {
  std::string case_id;
  Profile profile = Profile::kSpecDocs;
  vectors::VectorTest test;  // input: the document; expected: filled only for the slow comparison
  json expected;             // the reference's decision, without its trace
  std::set<Clause> clauses;  // the clauses of the reference's trace
  // The built-in adapter's answer line for the expected decision: an answer
  // equal to it agrees without being parsed.
  std::string expected_answer_line;
};

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

vectors::CaseRequest RequestOf(const PreparedCase& prepared) {
  vectors::CaseRequest request{prepared.case_id, &prepared.test, prepared.profile};
  request.expected_answer_line = &prepared.expected_answer_line;
  return request;
}

// Judge compares the implementation's answer with the reference's decision.
Outcome Judge(PreparedCase& prepared, vectors::Answer answer) {
  Outcome outcome;
  switch (answer.kind) {
    case vectors::Answer::Kind::kInterrupted:
      outcome.kind = Outcome::Kind::kInterrupted;
      break;
    case vectors::Answer::Kind::kUnsupported:
      outcome.kind = Outcome::Kind::kUnsupported;
      break;
    case vectors::Answer::Kind::kProblem:
      outcome.kind = Outcome::Kind::kAdapterError;
      outcome.field = "adapter error: " + answer.problem;
      break;
    case vectors::Answer::Kind::kDecision: {
      if (answer.as_expected) break;  // outcome.kind is kAgree
      outcome.actual = std::move(answer.decision);
      if (answer.session) {  // a session: judged message by message (vectors/sessions.h)
        prepared.test.expected = {prepared.expected};
        const vectors::SessionJudgment judged = vectors::JudgeSession(prepared.test, prepared.profile, *answer.session);
        outcome.field = judged.field;
        outcome.session_detail = judged.detail;
        outcome.session_events = answer.session->events_sent;
        outcome.kind = judged.passed ? Outcome::Kind::kAgree : Outcome::Kind::kDisagree;
        break;
      }
      bool agree = SameIgnoringTrace(prepared.expected, outcome.actual);
      if (!agree) {
        prepared.test.expected = {prepared.expected};
        agree = vectors::ExpectationMatches(prepared.test, outcome.actual, &outcome.field);
      }
      outcome.kind = agree ? Outcome::Kind::kAgree : Outcome::Kind::kDisagree;
      break;
    }
  }
  outcome.expected = std::move(prepared.expected);
  outcome.clauses = std::move(prepared.clauses);
  return outcome;
}

// Evaluate decides one case on both sides, unpipelined (shrinking).
Outcome Evaluate(vectors::Implementation& implementation, ScenarioKind kind, Profile profile, json& document,
                 const std::string& case_id) {
  PreparedCase prepared;
  Prepare(prepared, kind, profile, std::move(document), case_id);
  vectors::Answer answer = implementation.Decide(RequestOf(prepared));
  Outcome outcome = Judge(prepared, std::move(answer));
  document = std::move(prepared.test.input);
  return outcome;
}

// How many cases check keeps in flight: the implementation decides one while
// check draws and decides the next ones with the reference.
constexpr std::size_t kCheckPipelineDepth = 8;

std::size_t ArraySize(const json& document, const char* key) {
  const auto it = document.find(key);
  return it != document.end() && it->is_array() ? it->size() : 0;
}

std::string Plural(std::size_t n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

// ClausesOfVector are the clauses a generated vector cites: the reference's
// trace, or for a rejected scenario the clause of its first error code, or
// else (an input error, no clause) the clauses the misreadings alike misread.
std::vector<std::string> ClausesOfVector(const std::vector<std::string>& traced, const json& expected,
                                         const std::vector<std::string>& misread) {
  if (!traced.empty()) return traced;
  if (expected.contains("errors") && expected["errors"].is_array() && !expected["errors"].empty()) {
    const std::string code = expected["errors"][0].value("code", "");
    for (const ErrorCodeInfo& info : AllErrorCodes()) {
      if (info.name == code && !info.clause.empty()) return {std::string(info.clause)};
    }
  }
  return misread;
}

std::string VectorText(const CheckFinding& finding, std::uint64_t seed, const std::string& reproduce) {
  vectors::VectorFile file;
  file.schema = vectors::SchemaFileOf(finding.kind);
  file.suite_version = vectors::kSuiteVersion;
  file.kind = finding.kind;
  file.number_of_tests = 1;
  file.header = {
      fmt::format("Source: generated by lbconform check (seed {}, case {}), shrunk.", seed, finding.case_index),
      "Reproduce: " + reproduce};
  vectors::VectorTest test;
  test.tc_id = 1;
  test.id = fmt::format("generated/{}/seed-{}-case-{}", NameOf(finding.kind), seed, finding.case_index);
  test.comment = fmt::format(
      "Source: generated, seed {}, case {}, profile {}; the implementation checked differed at {}. Shrunk in {} "
      "steps.",
      seed, finding.case_index, NameOf(finding.profile), finding.field, finding.shrink_steps);
  for (const std::string& alike : finding.answers_like) test.comment += " It answers like " + alike + ".";
  test.clauses = ClausesOfVector(finding.clauses, finding.expected, finding.misread_clauses);
  test.kind = finding.kind;
  test.profiles = {finding.profile};
  test.input = finding.scenario;
  test.result = finding.expected.value("valid", false) ? vectors::Result::kValid : vectors::Result::kInvalid;
  test.expected = {finding.expected};
  file.groups.push_back({"A counterexample found by lbconform check.", {test}});
  return vectors::WriteVectorFile(file);
}

std::string Compact(const json& value, std::size_t max_bytes = 4000) {
  return vectors::Printable(DumpJson(value), max_bytes);
}

// ------------------------------ The readings of the gaps (check/readings_match.h)

std::string OtherReadingLabel(const readings::WrongEngineInfo& info) {
  return fmt::format("{} ({})", GapOf(info), info.name);
}

using DrawnCase = std::pair<rc::Shrinkable<check::CheckCase>, Profile>;

// ClassifyReading: a disagreement that the accepted other reading of a gap
// answers alike is that reading's case, not a finding; and every answer tells
// the readings which one the implementation took.
void ClassifyReading(CheckReadings& known, std::uint64_t index, Profile profile, const json& document, Outcome& outcome,
                     KindCoverage& coverage) {
  if (known.empty()) return;
  if (outcome.kind == Outcome::Kind::kAgree) {
    known.Agreed(index, profile, document, outcome.expected);
  } else if (outcome.kind == Outcome::Kind::kDisagree) {
    if (const readings::WrongEngineInfo* reading = known.OtherReading(index, profile, document, outcome.actual)) {
      outcome.kind = Outcome::Kind::kOtherReading;
      ++coverage.other_readings[OtherReadingLabel(*reading)];
    }
  } else {
    known.NotAgreed(index);
  }
}

// OtherReadingsSummary: a line per accepted other reading the implementation
// took, for the summary at the end.
std::string OtherReadingsSummary(const CheckResult& result) {
  std::map<std::string, std::uint64_t> totals;
  for (const auto& [kind, coverage] : result.coverage) {
    for (const auto& [label, count] : coverage.other_readings) totals[label] += count;
  }
  std::string text;
  for (const auto& [label, count] : totals) {
    text += fmt::format("\ncheck: {} answered by the other reading of {}: accepted (vectors/README.md, rule 3)",
                        Plural(count, "case", "cases"), label);
  }
  return text.empty() ? text : text + "\n";
}

void PrintOtherReadings(const KindCoverage& coverage, std::ostream& out) {
  if (coverage.other_readings.empty()) return;
  out << "  cases answered by the accepted other reading of a gap (not findings):\n";
  for (const auto& [label, count] : coverage.other_readings) {
    out << fmt::format("    {:>8}  answered by the other reading of {}\n", count, label);
  }
}

// DrawCase draws case `index` of a kind again, as the check's loop drew it.
std::optional<DrawnCase> DrawCase(const std::vector<rc::Gen<check::CheckCase>>& generators,
                                  const std::vector<Profile>& profiles, const CheckOptions& options, ScenarioKind kind,
                                  std::uint64_t index) {
  const std::size_t p = static_cast<std::size_t>(index % profiles.size());
  const int size = static_cast<int>(index % static_cast<std::uint64_t>(options.max_size + 1));
  rc::Shrinkable<check::CheckCase> drawn = generators[p](rc::Random(CaseSeed(options.seed, kind, index)), size);
  try {
    (void)drawn.value();
  } catch (const std::exception&) {
    return std::nullopt;
  }
  return DrawnCase{std::move(drawn), profiles[p]};
}

// ShrinkWhile walks RapidCheck's tree of smaller cases greedily, keeping a
// smaller case while `holds` it (the implementation decides each candidate,
// as in the property); `after_round` reports progress.
json ShrinkWhile(rc::Shrinkable<check::CheckCase> current, const std::function<bool(json&)>& holds,
                 const CheckOptions& options, CheckFinding& finding, const std::function<void()>& after_round = {}) {
  json document = current.value().document;
  bool progressed = options.shrink;
  while (progressed && finding.shrink_tries < options.max_shrink_tries && vectors::PendingRunSignal() == 0) {
    progressed = false;
    rc::Seq<rc::Shrinkable<check::CheckCase>> shrinks = current.shrinks();
    while (rc::Maybe<rc::Shrinkable<check::CheckCase>> next = shrinks.next()) {
      if (finding.shrink_tries >= options.max_shrink_tries || vectors::PendingRunSignal() != 0) break;
      json candidate;
      try {
        candidate = next->value().document;
      } catch (const std::exception&) {
        continue;
      }
      ++finding.shrink_tries;
      if (holds(candidate)) {
        current = *next;
        document = std::move(candidate);
        ++finding.shrink_steps;
        progressed = true;
        break;
      }
    }
    if (after_round) after_round();
  }
  return document;
}

// MixFinding shrinks and prints the two cases of a mix: one answered as the
// accepted other reading of a gap, one answered as lbconform reads it where
// that reading answers otherwise.
CheckFinding MixFinding(vectors::Implementation& implementation, ScenarioKind kind, const ReadingMix& mix,
                        const std::vector<rc::Gen<check::CheckCase>>& generators, const std::vector<Profile>& profiles,
                        const CheckOptions& options, std::uint64_t at, std::ostream& out) {
  const readings::WrongEngine reading(*mix.reading);
  CheckFinding finding;
  finding.kind = kind;
  finding.profile = mix.other_case.profile;
  finding.case_index = mix.other_case.index;
  finding.mixed_reading = mix.reading->name;
  finding.mixed_gap = mix.gap;
  finding.lbconform_case_index = mix.lbconform_case.index;
  std::uint64_t asked = 0;
  auto ask = [&](Profile profile, const json& document) {
    json copy = document;  // Evaluate moves the document out and back
    return Evaluate(implementation, kind, profile, copy,
                    fmt::format("check/{}/{}/mix-{}@{}", NameOf(kind), options.seed, ++asked, NameOf(profile)));
  };
  const auto takes_other = [&](Profile profile) {
    return [&, profile](const json& document) {
      const Outcome o = ask(profile, document);
      return o.kind == Outcome::Kind::kDisagree &&
             SameNormativeAnswer(kind, AnswerOfReading(reading, kind, document, profile), o.actual);
    };
  };
  const auto takes_lbconform = [&](Profile profile) {
    return [&, profile](const json& document) {
      const Outcome o = ask(profile, document);
      return o.kind == Outcome::Kind::kAgree &&
             !SameNormativeAnswer(kind, o.expected, AnswerOfReading(reading, kind, document, profile));
    };
  };
  const std::optional<DrawnCase> other = DrawCase(generators, profiles, options, kind, mix.other_case.index);
  const std::optional<DrawnCase> own = DrawCase(generators, profiles, options, kind, mix.lbconform_case.index);
  finding.scenario = other ? ShrinkWhile(other->first, takes_other(mix.other_case.profile), options, finding)
                           : mix.other_case.document;
  finding.lbconform_case_scenario =
      own ? ShrinkWhile(own->first, takes_lbconform(mix.lbconform_case.profile), options, finding)
          : mix.lbconform_case.document;
  const Outcome other_outcome = ask(mix.other_case.profile, finding.scenario);
  const Outcome own_outcome = ask(mix.lbconform_case.profile, finding.lbconform_case_scenario);
  finding.expected = other_outcome.expected;
  finding.actual = other_outcome.actual;
  finding.field = fmt::format("mixes the two readings of {}", mix.gap);
  std::set<Clause> clauses = other_outcome.clauses;
  clauses.insert(own_outcome.clauses.begin(), own_outcome.clauses.end());
  finding.clauses = ClauseIds(clauses);

  const std::string reproduce =
      fmt::format("{} --kind {} --seed {} --cases {}", options.reproduce_command, NameOf(kind), options.seed, at + 1);
  out << fmt::format(
      "\ncheck: {}: MIXED READINGS of {} at case {}: the other reading `{}` ({}) on case {}, lbconform's on case {}; "
      "shrunk in {} steps ({} cases tried)\n",
      NameOf(kind), mix.gap, at, mix.reading->name, mix.reading->reading, mix.other_case.index,
      mix.lbconform_case.index, finding.shrink_steps, finding.shrink_tries);
  out << fmt::format("case {} (profile {}), answered as the other reading of {}:\n", mix.other_case.index,
                     NameOf(mix.other_case.profile), mix.gap)
      << DumpJson(finding.scenario, 2) << "\n";
  out << "lbconform's reading: " << Compact(finding.expected) << "\n";
  out << "your answer:         " << Compact(finding.actual) << "\n";
  out << fmt::format("case {} (profile {}), answered as lbconform reads {}, where the other reading differs:\n",
                     mix.lbconform_case.index, NameOf(mix.lbconform_case.profile), mix.gap)
      << DumpJson(finding.lbconform_case_scenario, 2) << "\n";
  out << "your answer:         " << Compact(own_outcome.expected) << "\n";
  out << "the other reading:   "
      << Compact(AnswerOfReading(reading, kind, finding.lbconform_case_scenario, mix.lbconform_case.profile)) << "\n";
  out << fmt::format(
      "a reading of a gap is accepted everywhere or nowhere (vectors/README.md, rule 4): answer every case as one "
      "reading of {} does\n",
      mix.gap);
  out << fmt::format(
      "clauses in the reference's trace: {}\n",
      finding.clauses.empty() ? std::string("(none)") : fmt::format("{}", fmt::join(finding.clauses, ", ")));
  out << fmt::format("seed {}; reproduce: {}\n", options.seed, reproduce);
  out << "no vector file: a vector judges one case alone, and each of these answers alone is accepted\n";
  return finding;
}

}  // namespace

std::size_t CheckFinding::Vms() const { return ArraySize(scenario, "instances"); }

std::string CheckFinding::SizeText() const {
  std::vector<std::string> parts;
  if (scenario.contains("instances")) parts.push_back(Plural(ArraySize(scenario, "instances"), "VM", "VMs"));
  if (scenario.contains("backendService") && scenario["backendService"].is_object() &&
      kind != ScenarioKind::kServiceLbPolicy)
    parts.push_back(Plural(ArraySize(scenario["backendService"], "backends"), "group", "groups"));
  if (scenario.contains("events")) parts.push_back(Plural(ArraySize(scenario, "events"), "event", "events"));
  if (scenario.contains("backendGroups"))
    parts.push_back(Plural(ArraySize(scenario, "backendGroups"), "backend", "backends"));
  if (scenario.contains("clients") && scenario["clients"].is_array())
    parts.push_back(Plural(ArraySize(scenario, "clients"), "client", "clients"));
  return parts.empty() ? "an empty scenario" : fmt::format("{}", fmt::join(parts, ", "));
}

CheckResult RunCheck(vectors::Implementation& implementation, const CheckOptions& options, std::ostream& out,
                     std::ostream& err) {
  CheckResult result;
  result.seed = options.seed;
  const auto start = Clock::now();
  const std::vector<ScenarioKind> kinds = options.kinds.empty()
                                              ? implementation.kinds().value_or(std::vector<ScenarioKind>(
                                                    AllScenarioKinds().begin(), AllScenarioKinds().end()))
                                              : options.kinds;
  const std::uint64_t cases_per_kind =
      options.cases > 0
          ? options.cases
          : (options.time_budget_seconds > 0 ? std::numeric_limits<std::uint64_t>::max() : kDefaultCheckCases);
  int consecutive_errors = 0;
  for (std::size_t k = 0; k < kinds.size() && result.stop_reason.empty() && !result.stopped_at; ++k) {
    const ScenarioKind kind = kinds[k];
    std::vector<Profile> profiles;
    for (Profile p : ProfilesOf(kind)) {
      if (options.profiles.empty() ||
          std::find(options.profiles.begin(), options.profiles.end(), p) != options.profiles.end())
        profiles.push_back(p);
    }
    if (profiles.empty()) {
      out << fmt::format("check: {}: no profile of this kind selected; skipped\n", NameOf(kind));
      continue;
    }
    // A time budget is shared out: each kind may use what the kinds before it left.
    const auto kind_deadline =
        options.time_budget_seconds > 0
            ? start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(
                          options.time_budget_seconds * static_cast<double>(k + 1) / static_cast<double>(kinds.size())))
            : Clock::time_point::max();
    std::vector<rc::Gen<check::CheckCase>> generators;
    for (Profile p : profiles) {
      if (std::optional<rc::Gen<check::CheckCase>> gen = check::GenCheckCase(kind, p))
        generators.push_back(std::move(*gen));
    }
    if (generators.empty()) {
      out << fmt::format("check: {}: no case generator for this kind yet (check/case_generators.cc); skipped\n",
                         NameOf(kind));
      continue;
    }
    KindCoverage& coverage = result.coverage[kind];
    const auto kind_start = Clock::now();
    std::uint64_t first_case = 0, end_case = cases_per_kind;
    if (options.slice) {  // this kind's part of the shard's slice of [0, kinds × cases)
      const std::uint64_t kind_begin = k * cases_per_kind;
      first_case = std::clamp(options.slice->begin, kind_begin, kind_begin + cases_per_kind) - kind_begin;
      end_case = std::clamp(options.slice->end, kind_begin, kind_begin + cases_per_kind) - kind_begin;
    }
    CheckReadings known_readings(kind, first_case, [&](std::uint64_t index) -> std::optional<ReadingCase> {
      std::optional<DrawnCase> again = DrawCase(generators, profiles, options, kind, index);
      if (!again) return std::nullopt;
      return ReadingCase{index, again->second, again->first.value().document};
    });
    // Cases are drawn, decided by the reference and submitted up to
    // kCheckPipelineDepth ahead, and judged in order: the results are those of
    // one case at a time, and the cases after a finding are discarded.
    struct InFlight {
      std::uint64_t index = 0;
      rc::Shrinkable<check::CheckCase> drawn;
      std::vector<std::string> boundaries;
      PreparedCase prepared;
    };
    std::deque<InFlight> window;  // a deque: the submitted tests stay where they are
    std::uint64_t next_case = first_case;
    bool drawing = true;
    while (true) {
      while (drawing && window.size() < kCheckPipelineDepth) {
        if (next_case >= end_case || Clock::now() >= kind_deadline) {
          drawing = false;
          break;
        }
        if (const int signal_number = vectors::PendingRunSignal(); signal_number != 0) {
          result.stop_signal = signal_number;
          result.stop_reason = fmt::format("interrupted by signal {}", signal_number);
          drawing = false;
          break;
        }
        const std::uint64_t i = next_case++;
        const std::size_t p = static_cast<std::size_t>(i % profiles.size());
        const Profile profile = profiles[p];
        const int size = static_cast<int>(i % static_cast<std::uint64_t>(options.max_size + 1));
        rc::Shrinkable<check::CheckCase> drawn = generators[p](rc::Random(CaseSeed(options.seed, kind, i)), size);
        check::CheckCase drawn_case;
        try {
          drawn_case = drawn.value();
        } catch (const std::exception&) {
          continue;  // a generator gave up on this draw (RapidCheck's GenerationFailure)
        }
        InFlight& entry = window.emplace_back(InFlight{i, std::move(drawn), std::move(drawn_case.boundaries), {}});
        Prepare(entry.prepared, kind, profile, std::move(drawn_case.document),
                fmt::format("check/{}/{}/{}@{}", NameOf(kind), options.seed, i, NameOf(profile)));
        implementation.Submit(RequestOf(entry.prepared));
      }
      // Interrupted: the cases in flight are not measured.
      if (window.empty() || !result.stop_reason.empty()) break;
      vectors::Answer answer = implementation.Collect();
      if (answer.as_expected) ++result.answers_as_expected;
      InFlight head = std::move(window.front());
      window.pop_front();
      const std::uint64_t i = head.index;
      const Profile profile = head.prepared.profile;
      const std::string case_id = head.prepared.case_id;
      Outcome outcome = Judge(head.prepared, std::move(answer));
      if (outcome.kind == Outcome::Kind::kInterrupted) {
        result.stop_signal = vectors::PendingRunSignal();
        result.stop_reason = fmt::format("interrupted by signal {}", result.stop_signal);
        break;
      }
      ClassifyReading(known_readings, i, profile, head.prepared.test.input, outcome, coverage);
      ++coverage.cases;
      coverage.session_events += outcome.session_events;
      for (Clause c : outcome.clauses) ++coverage.clauses[std::string(IdOf(c))];
      for (const std::string& b : head.boundaries) ++coverage.boundaries[b];
      if (outcome.kind == Outcome::Kind::kUnsupported) ++coverage.unsupported;
      if (outcome.kind == Outcome::Kind::kAgree) ++coverage.agreed;
      if (outcome.kind == Outcome::Kind::kAdapterError) {
        ++coverage.adapter_errors;
        if (++consecutive_errors >= options.max_consecutive_adapter_errors) {
          result.stop_reason = fmt::format("{} adapter errors in a row", consecutive_errors);
        }
      } else {
        consecutive_errors = 0;
      }
      if (options.progress && (i % 64 == 0)) {
        err << fmt::format("\rcheck: {}: {} cases ", NameOf(kind), i + 1) << std::flush;
      }
      if (known_readings.mix()) {
        implementation.Abandon();  // the cases after the finding are not checked
        result.findings.push_back(
            MixFinding(implementation, kind, *known_readings.mix(), generators, profiles, options, i, out));
        if (options.slice) result.stopped_at = k * cases_per_kind + i + 1;
        break;  // one finding per kind
      }
      if (!outcome.Failed()) continue;
      if (!result.stop_reason.empty()) break;
      implementation.Abandon();  // the cases after the finding are not checked

      // Shrink: RapidCheck's tree of smaller cases, walked greedily; the
      // implementation decides each candidate, as in the property.
      CheckFinding finding;
      finding.kind = kind;
      finding.profile = profile;
      finding.case_index = i;
      json current_document = ShrinkWhile(
          head.drawn,
          [&](json& candidate) {
            Outcome tried = Evaluate(implementation, kind, profile, candidate,
                                     fmt::format("{}/shrink-{}", case_id, finding.shrink_tries));
            if (!tried.Failed()) return false;
            if (!outcome.session_detail.empty() && !SameFailure(outcome, tried)) return false;
            outcome = std::move(tried);
            return true;
          },
          options, finding,
          [&] {
            if (options.progress) {
              err << fmt::format("\rcheck: {}: shrinking, {} steps, {} tries ", NameOf(kind), finding.shrink_steps,
                                 finding.shrink_tries)
                  << std::flush;
            }
          });
      finding.scenario = current_document;
      finding.expected = outcome.expected;
      finding.actual = outcome.actual;
      finding.field = outcome.field;
      finding.clauses = ClauseIds(outcome.clauses);
      for (const readings::WrongEngineInfo* alike :
           MisreadingsAnswering(kind, finding.scenario, profile, finding.actual)) {
        finding.answers_like.push_back(AlikeText(*alike));
        for (const std::string& clause : ClausesMisread(*alike)) {
          if (std::find(finding.misread_clauses.begin(), finding.misread_clauses.end(), clause) ==
              finding.misread_clauses.end())
            finding.misread_clauses.push_back(clause);
        }
      }
      if (options.progress) err << "\n";

      std::string reproduce = fmt::format("{} --kind {} --seed {} --cases {}", options.reproduce_command, NameOf(kind),
                                          options.seed, i + 1);
      if (!options.out.empty()) {
        const std::filesystem::path dir = std::filesystem::path(options.out) / "regressions";
        std::error_code ec;
        std::filesystem::create_directories(dir, ec);
        const std::filesystem::path path =
            dir / fmt::format("check-{}-seed-{}-case-{}.json", NameOf(kind), options.seed, i);
        if (ec) {
          err << fmt::format("lbconform: cannot create {}: {}\n", dir.string(), ec.message());
          result.output_failed = true;
        } else if (auto problem = WriteFileAtomically(path.string(), VectorText(finding, options.seed, reproduce))) {
          err << "lbconform: " << *problem << "\n";
          result.output_failed = true;
        } else {
          finding.vector_path = path.string();
        }
      }
      out << fmt::format(
          "\ncheck: {}: DISAGREEMENT at case {} (profile {}); shrunk in {} steps ({} cases tried) to {}\n",
          NameOf(kind), i, NameOf(profile), finding.shrink_steps, finding.shrink_tries, finding.SizeText());
      out << "minimal scenario:\n" << DumpJson(finding.scenario, 2) << "\n";
      out << "differs at: " << finding.field << "\n";
      if (!outcome.session_detail.empty()) out << "where:      " << outcome.session_detail << "\n";
      out << "expected:   " << Compact(finding.expected) << "\n";
      out << "actual:     " << (finding.actual.is_null() ? std::string("(no answer)") : Compact(finding.actual))
          << "\n";
      for (const std::string& alike : finding.answers_like) out << "your implementation answers like " << alike << "\n";
      out << fmt::format(
          "clauses in the reference's trace: {}\n",
          finding.clauses.empty() ? std::string("(none)") : fmt::format("{}", fmt::join(finding.clauses, ", ")));
      out << fmt::format("seed {}; reproduce: {}\n", options.seed, reproduce);
      if (!finding.vector_path.empty()) {
        out << fmt::format("wrote {}; replay: lbconform run --vectors {} --impl …\n", finding.vector_path,
                           vectors::ShellQuoted(options.out));
      }
      result.findings.push_back(std::move(finding));
      if (options.slice) result.stopped_at = k * cases_per_kind + i + 1;
      break;  // one finding per kind
    }
    implementation.Abandon();
    if (options.progress) err << "\r" << std::flush;
    const double seconds = std::chrono::duration<double>(Clock::now() - kind_start).count();
    out << fmt::format(
        "\ncoverage: {}: {} cases in {:.1f} s ({:.0f}/s): {} agreed, {} unsupported, {} adapter errors\n", NameOf(kind),
        coverage.cases, seconds, static_cast<double>(coverage.cases) / std::max(seconds, 1e-9), coverage.agreed,
        coverage.unsupported, coverage.adapter_errors);
    if (coverage.session_events > 0) {
      out << fmt::format("  through sessions: {} events ({:.0f} events/s)\n", coverage.session_events,
                         static_cast<double>(coverage.session_events) / std::max(seconds, 1e-9));
    }
    PrintOtherReadings(coverage, out);
    out << "  cases per clause (the reference's trace):\n";
    for (const auto& [clause, count] : coverage.clauses) out << fmt::format("    {:<12} {:>8}\n", clause, count);
    out << "  cases per boundary class:\n";
    for (const auto& [boundary, count] : coverage.boundaries) out << fmt::format("    {:>8}  {}\n", count, boundary);
  }
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return result;
}

int CheckCommand(const CheckCommandOptions& o, std::ostream& out, std::ostream& err) {
  if (o.impl_given && o.impl.find_first_not_of(" \t") == std::string::npos) {
    err << "lbconform: --impl is empty; give the adapter's command\n";
    return kExitUsage;
  }
  if (o.impl_given == !o.engine.empty()) {
    err << "lbconform: check needs --impl CMD (an adapter) or --engine NAME (a built-in engine), not both\n";
    return kExitUsage;
  }
  if (o.cases > 0 && o.time_budget > 0) {
    err << "lbconform: give --cases or --time-budget, not both\n";
    return kExitUsage;
  }
  std::string shard_error;
  const std::optional<Shard> shard = ResolveShard(o.shard, ProcessEnvironment, shard_error);
  if (!shard) {
    err << "lbconform: " << shard_error << "\n";
    return kExitUsage;
  }
  const bool sharded = shard->count > 1 || !o.result.empty();
  if (sharded && o.cases == 0) {
    err << "lbconform: a sharded check (or --result) needs --cases N: the shards split a fixed number of cases\n";
    return kExitUsage;
  }
  if (sharded && !o.seed) {
    err << "lbconform: a sharded check (or --result) needs --seed S: every shard must draw the same cases\n";
    return kExitUsage;
  }
  CheckOptions options;
  for (const std::string& name : o.kinds) {
    const auto kind = ScenarioKindFromName(name);
    if (!kind) {
      err << fmt::format("lbconform: unknown kind '{}'\n", name);
      return kExitUsage;
    }
    options.kinds.push_back(*kind);
  }
  for (const std::string& name : o.profiles) {
    const auto profile = ProfileFromName(name);
    if (!profile) {
      err << fmt::format("lbconform: unknown profile '{}'\n", name);
      return kExitUsage;
    }
    options.profiles.push_back(*profile);
  }
  options.cases = o.cases;
  options.time_budget_seconds = o.time_budget;
  options.seed = o.seed ? *o.seed : std::random_device{}() * 0x100000000ULL + std::random_device{}();
  options.max_size = o.max_size;
  options.out = o.out;
  options.shrink = !o.no_shrink;
  options.max_consecutive_adapter_errors = o.max_adapter_errors;
  std::string command =
      o.impl_given ? "lbconform check --impl " + vectors::ShellQuoted(o.impl) : "lbconform check --engine " + o.engine;
  for (const std::string& p : o.profiles) command += " --profile " + p;
  if (o.form != "auto") command += " --form " + o.form;
  if (o.max_size != 100) command += fmt::format(" --max-size {}", o.max_size);
  options.reproduce_command = command;
  options.progress = &err == &std::cerr && isatty(2) == 1;

  std::unique_ptr<vectors::AdapterImplementation> process;  // behind its sessions
  std::unique_ptr<vectors::Implementation> implementation;
  if (o.impl_given) {
    vectors::AdapterOptions adapter;
    adapter.command = o.impl;
    adapter.case_timeout = std::chrono::milliseconds(o.case_timeout_ms);
    process = std::make_unique<vectors::AdapterImplementation>(adapter);
    std::string problem;
    if (!process->Introduce(&problem)) {
      err << "lbconform: " << problem << "\n";
      return kExitIncomplete;
    }
    implementation = std::make_unique<vectors::SessionImplementation>(
        *process, vectors::CaseFormFromName(o.form).value_or(vectors::CaseForm::kAuto));
  } else {
    const Engine* engine = FindEngine(o.engine);
    if (engine == nullptr) {
      err << fmt::format("lbconform: unknown engine '{}'\n", o.engine);
      return kExitUsage;
    }
    implementation = std::make_unique<vectors::EngineImplementation>(*engine);
  }
  const std::vector<ScenarioKind> declared = implementation->kinds().value_or(std::vector<ScenarioKind>{});
  for (ScenarioKind kind : options.kinds) {
    if (std::find(declared.begin(), declared.end(), kind) == declared.end()) {
      err << fmt::format(
          "lbconform: {} does not implement kind {} (it declares: {})\n", implementation->name(), NameOf(kind),
          declared.empty() ? std::string("none") : [&] {
            std::vector<std::string_view> names;
            for (ScenarioKind d : declared) names.push_back(NameOf(d));
            return fmt::format("{}", fmt::join(names, ", "));
          }());
      return kExitUsage;
    }
  }
  if (options.kinds.empty()) options.kinds = declared;
  const std::uint64_t space_size = o.cases * options.kinds.size();
  if (sharded) options.slice = ShardRange(space_size, shard->index, shard->count);
  if (options.kinds.empty()) {
    err << fmt::format("lbconform: {} declares no kind; nothing to check\n", implementation->name());
    return kExitIncomplete;
  }
  if (auto problem = WriteOutput(out, fmt::format("check: {} {}, seed {}\n", implementation->name(),
                                                  implementation->version(), options.seed))) {
    err << "lbconform: " << *problem << "\n";
    return kExitWriteFailed;
  }
  CheckResult result;
  {
    const vectors::RunSignals signals;
    result = RunCheck(*implementation, options, out, err);
  }
  implementation->Finish();
  std::uint64_t cases = 0;
  for (const auto& [kind, coverage] : result.coverage) cases += coverage.cases;
  const std::string shard_text =
      sharded ? fmt::format(", shard {}/{} ({}), cases {}..{} of {}", shard->index, shard->count, shard->source,
                            options.slice->begin, result.stopped_at.value_or(options.slice->end), space_size)
              : "";
  std::string closing =
      OtherReadingsSummary(result) +
      fmt::format("\ncheck: {} cases, {} {} found, seed {}{}, {:.1f} s{}\n", cases, result.findings.size(),
                  result.findings.size() == 1 ? "disagreement" : "disagreements", result.seed, shard_text,
                  result.seconds, result.stop_reason.empty() ? "" : "; stopped early: " + result.stop_reason);
  if (auto problem = WriteOutput(out, closing)) {
    err << "lbconform: " << *problem << "\n";
    return kExitWriteFailed;
  }
  if (!out) return kExitWriteFailed;
  if (!o.result.empty() && result.stop_signal == 0 && result.stop_reason.empty()) {
    ShardResult shard_result;
    shard_result.command = "check";
    shard_result.tool_version = vectors::kSuiteVersion;
    std::vector<std::string> kind_names, profile_names;
    for (ScenarioKind kind : options.kinds) kind_names.emplace_back(NameOf(kind));
    for (Profile profile : options.profiles) profile_names.emplace_back(NameOf(profile));
    shard_result.parameters = {{"implementation", implementation->name()},
                               {"kinds", kind_names},
                               {"profiles", profile_names},
                               {"seed", options.seed},
                               {"cases", o.cases},
                               {"maxSize", options.max_size},
                               {"shrink", options.shrink}};
    // Case index kind × cases + i is drawn from (seed, kind, i) by the generators of this version.
    shard_result.space_digest = fmt::format("check-{}:{}", vectors::kSuiteVersion, fmt::join(kind_names, ","));
    shard_result.unit = "case";
    shard_result.space_size = space_size;
    shard_result.shard = *shard;
    shard_result.covered = {options.slice->begin, result.stopped_at.value_or(options.slice->end)};
    shard_result.stopped_at_finding = result.stopped_at.has_value();
    std::uint64_t agreed = 0, unsupported = 0, adapter_errors = 0, other_readings = 0;
    for (const auto& [kind, coverage] : result.coverage) {
      for (const auto& [label, count] : coverage.other_readings) other_readings += count;
      agreed += coverage.agreed;
      unsupported += coverage.unsupported;
      adapter_errors += coverage.adapter_errors;
    }
    shard_result.counts = {
        {"checked", cases},           {"findings", result.findings.size()}, {"agreed", agreed},
        {"unsupported", unsupported}, {"adapterErrors", adapter_errors},    {"otherReadings", other_readings}};
    for (const CheckFinding& f : result.findings) {
      shard_result.findings.push_back({{"kind", NameOf(f.kind)},
                                       {"profile", NameOf(f.profile)},
                                       {"case", f.case_index},
                                       {"field", f.field},
                                       {"scenario", f.scenario},
                                       {"vector", f.vector_path}});
    }
    if (const std::optional<std::string> problem = WriteShardResult(o.result, shard_result)) {
      err << fmt::format("lbconform: check: cannot write {}: {}\n", o.result, *problem);
      return kExitWriteFailed;
    }
  }
  if (result.stop_signal != 0) return 128 + result.stop_signal;
  if (result.output_failed) return kExitWriteFailed;
  if (!result.stop_reason.empty()) return kExitIncomplete;
  return result.findings.empty() ? kExitOk : kExitRejected;
}

}  // namespace lbconform
