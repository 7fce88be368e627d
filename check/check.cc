#include "check/check.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <deque>
#include <filesystem>
#include <limits>
#include <optional>
#include <ostream>
#include <set>
#include <utility>

#include "check/case_drawer.h"
#include "check/case_generators.h"
#include "check/coverage_pairs.h"
#include "check/deadline.h"
#include "check/finding_text.h"
#include "check/judge.h"
#include "check/readings_match.h"
#include "check/shrink_failure.h"
#include "documents/output_files.h"
#include "vectors/run_signals.h"

namespace lbconform {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

// How many cases check keeps in flight: the implementation decides one while
// check draws and decides the next ones with the reference.
constexpr std::size_t kCheckPipelineDepth = 8;

std::size_t ArraySize(const json& document, const char* key) {
  const auto it = document.find(key);
  return it != document.end() && it->is_array() ? it->size() : 0;
}

// SelectedProfiles: the profiles of `kind` among `selected` (empty: all).
std::vector<Profile> SelectedProfiles(ScenarioKind kind, const std::vector<Profile>& selected) {
  std::vector<Profile> profiles;
  for (Profile p : ProfilesOf(kind)) {
    if (selected.empty() || std::find(selected.begin(), selected.end(), p) != selected.end()) profiles.push_back(p);
  }
  return profiles;
}

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

// AnswerText says how a case was answered, for a second answer.
std::string AnswerText(const Outcome& outcome) {
  switch (outcome.kind) {
    case Outcome::Kind::kAgree:
      return Compact(outcome.actual.is_null() ? outcome.expected : outcome.actual) + " (as the reference decides)";
    case Outcome::Kind::kAdapterError:
      return "(no answer: " + outcome.field + ")";
    case Outcome::Kind::kUnsupported:
      return "unsupported";
    default:
      return Compact(outcome.actual);
  }
}

// CheckRun is what the kinds of one check share.
struct CheckRun {
  vectors::Implementation& implementation;
  const CheckOptions& options;
  CheckResult& result;
  std::ostream& out;
  std::ostream& err;
  Clock::time_point start;
  std::uint64_t cases_per_kind = 0;
  std::size_t kinds = 0;
  int consecutive_errors = 0;  // adapter errors in a row, across kinds
};

// KindDeadline: a time budget is shared out; each kind may use what the
// kinds before it left.
Deadline KindDeadline(const CheckRun& run, std::size_t position) {
  if (run.options.time_budget_seconds <= 0) return Deadline::Never();
  return Deadline::After(
      run.options.time_budget_seconds * static_cast<double>(position + 1) / static_cast<double>(run.kinds), run.start);
}

// KindCheck checks one kind: it draws the kind's cases and sends them ahead,
// judges the answers in order, and shrinks, asks again and reports its first
// failure (or mix of readings).
class KindCheck {
 public:
  KindCheck(CheckRun& run, ScenarioKind kind, std::size_t position)
      : run_(run), options_(run.options), kind_(kind), position_(position), deadline_(KindDeadline(run, position)) {}
  void Run();

 private:
  // A case drawn and sent, its answer not yet judged.
  struct InFlight {
    std::uint64_t index = 0;
    rc::Shrinkable<check::CheckCase> drawn;
    std::vector<std::string> boundaries;
    PreparedCase prepared;
    std::string aimed_at;  // the pair the case was aimed at, steering
    bool hit = false;
  };

  bool Ready();
  void SetSlice();
  void DrawAhead();
  bool DrawOne();
  bool JudgeNext();
  bool KeepGoing(const InFlight& head, Outcome outcome);
  CheckFinding* KnownFinding(const FindingSignature& signature);
  void DrawAgainAfter(std::uint64_t index);
  void Count(const InFlight& head, const Outcome& outcome);
  void ReportFailure(const InFlight& head, Outcome outcome);
  CheckFinding Shrunk(const InFlight& head, Outcome outcome);
  void AskAgain(CheckFinding& finding, const std::string& case_id);
  void NameMisreadings(CheckFinding& finding) const;
  void WriteVector(CheckFinding& finding, const std::string& reproduce);
  void ReportMix(const ReadingMix& mix, std::uint64_t at);
  void StopAt(std::uint64_t index);
  ShrinkLimits Limits() const { return {options_.shrink, options_.max_shrink_tries, deadline_}; }

  CheckRun& run_;
  const CheckOptions& options_;
  const ScenarioKind kind_;
  const std::size_t position_;  // among the kinds checked
  const Deadline deadline_;
  std::optional<check::CaseDrawer> drawer_;
  KindCoverage* coverage_ = nullptr;
  std::optional<CheckReadings> readings_;
  std::uint64_t first_case_ = 0, end_case_ = 0, next_case_ = 0;
  bool drawing_ = true;
  bool mix_reported_ = false;  // with keep_going, a kind's mix of readings is reported once
  // Cases are drawn, decided by the reference and submitted up to
  // kCheckPipelineDepth ahead, and judged in order: the results are those of
  // one case at a time, and the cases after a finding are discarded. A deque:
  // the submitted tests stay where they are.
  std::deque<InFlight> window_;
};

void KindCheck::Run() {
  if (!Ready()) return;
  coverage_ = &run_.result.coverage[kind_];
  const auto started = Clock::now();
  SetSlice();
  readings_.emplace(kind_, first_case_, [this](std::uint64_t index) -> std::optional<ReadingCase> {
    std::optional<check::DrawnCase> again = drawer_->Draw(index);
    if (!again) return std::nullopt;
    return ReadingCase{index, again->profile, std::move(again->value.document)};
  });
  while (true) {
    DrawAhead();
    // Interrupted: the cases in flight are not measured.
    if (window_.empty() || !run_.result.stop_reason.empty()) break;
    if (!JudgeNext()) break;
  }
  run_.implementation.Abandon();
  if (options_.progress) run_.err << "\r" << std::flush;
  PrintCoverage(kind_, *coverage_, std::chrono::duration<double>(Clock::now() - started).count(), run_.out);
}

// Ready: the kind's profiles and generators; false (said) when it has none.
bool KindCheck::Ready() {
  if (const std::string why = SkippedBecause(kind_, options_.profiles); !why.empty()) {
    run_.out << fmt::format("check: {}: {}; skipped\n", NameOf(kind_), why);
    return false;
  }
  std::vector<Profile> profiles = SelectedProfiles(kind_, options_.profiles);
  std::vector<rc::Gen<check::CheckCase>> generators;
  for (Profile p : profiles) generators.push_back(*check::GenCheckCase(kind_, p));
  drawer_.emplace(kind_, std::move(profiles), std::move(generators), options_.seed, options_.max_size, options_.steer);
  return true;
}

// SetSlice: the cases of this kind to check; sharded, this kind's part of the
// shard's slice of [0, kinds × cases).
void KindCheck::SetSlice() {
  const std::uint64_t cases = run_.cases_per_kind;
  first_case_ = 0;
  end_case_ = cases;
  if (options_.slice) {
    const std::uint64_t kind_begin = position_ * cases;
    first_case_ = std::clamp(options_.slice->begin, kind_begin, kind_begin + cases) - kind_begin;
    end_case_ = std::clamp(options_.slice->end, kind_begin, kind_begin + cases) - kind_begin;
  }
  next_case_ = first_case_;
}

void KindCheck::DrawAhead() {
  while (drawing_ && window_.size() < kCheckPipelineDepth) drawing_ = DrawOne();
}

// DrawOne draws the next case, has the reference decide it and sends it;
// false when drawing ends (the slice done, the time budget spent, a signal).
bool KindCheck::DrawOne() {
  if (next_case_ >= end_case_ || deadline_.Passed()) return false;
  if (const int signal_number = vectors::PendingRunSignal(); signal_number != 0) {
    run_.result.stop_signal = signal_number;
    run_.result.stop_reason = fmt::format("interrupted by signal {}", signal_number);
    return false;
  }
  const std::uint64_t i = next_case_++;
  std::optional<check::DrawnCase> drawn = drawer_->Draw(i);
  if (!drawn) return true;  // the generator gave up on this draw
  check::CheckCase drawn_case = std::move(drawn->value);
  const Profile profile = drawn->profile;
  InFlight& entry = window_.emplace_back(
      InFlight{i, std::move(drawn->drawn), std::move(drawn_case.boundaries), {}, drawn->aimed_at, drawn->hit});
  Prepare(entry.prepared, kind_, profile, std::move(drawn_case.document),
          fmt::format("check/{}/{}/{}@{}", NameOf(kind_), options_.seed, i, NameOf(profile)));
  run_.implementation.Submit(RequestOf(entry.prepared, deadline_));
  return true;
}

// JudgeNext judges the oldest case in flight; false once the kind is done.
bool KindCheck::JudgeNext() {
  vectors::Answer answer = run_.implementation.Collect();
  if (answer.as_expected) ++run_.result.answers_as_expected;
  InFlight head = std::move(window_.front());
  window_.pop_front();
  Outcome outcome = Judge(head.prepared, std::move(answer), deadline_);
  if (outcome.kind == Outcome::Kind::kInterrupted) {
    run_.result.stop_signal = vectors::PendingRunSignal();
    run_.result.stop_reason = fmt::format("interrupted by signal {}", run_.result.stop_signal);
    return false;
  }
  // The time budget ran out while the adapter had the case: not judged.
  if (outcome.kind == Outcome::Kind::kOutOfTime) return false;
  ClassifyReading(*readings_, head.index, head.prepared.profile, head.prepared.test.input, outcome, *coverage_);
  Count(head, outcome);
  if (readings_->mix() && !mix_reported_) {
    run_.implementation.Abandon();  // the cases after the finding are not checked
    ReportMix(*readings_->mix(), head.index);
    mix_reported_ = true;
    if (!options_.keep_going) return false;  // one finding per kind
    DrawAgainAfter(head.index);
  }
  if (!outcome.Failed()) return true;
  if (!run_.result.stop_reason.empty()) return false;
  if (options_.keep_going) return KeepGoing(head, std::move(outcome));
  ReportFailure(head, std::move(outcome));
  return false;  // one finding per kind
}

// KeepGoing: a failure of a signature met before is counted; a new one is
// shrunk and reported, and the cases after it are drawn again and asked.
bool KindCheck::KeepGoing(const InFlight& head, Outcome outcome) {
  const std::vector<std::string> alike =
      MisreadingNamesAnswering(kind_, head.prepared.test.input, head.prepared.profile, outcome.actual);
  const FindingSignature signature{std::string(NameOf(kind_)), outcome.failure.Signature(), alike};
  if (CheckFinding* known = KnownFinding(signature)) {
    ++known->occurrences;
    known->misreading_names = CommonMisreadings(known->misreading_names, alike);
    return true;
  }
  ReportFailure(head, std::move(outcome));
  CheckFinding& found = run_.result.findings.back();
  found.misreading_names = CommonMisreadings(found.misreading_names, alike);
  DrawAgainAfter(head.index);
  return run_.result.stop_reason.empty();
}

// KnownFinding: this kind's finding of the same signature, or null.
CheckFinding* KindCheck::KnownFinding(const FindingSignature& signature) {
  for (CheckFinding& finding : run_.result.findings) {
    if (finding.kind == kind_ && finding.Signature().SameFinding(signature)) return &finding;
  }
  return nullptr;
}

// DrawAgainAfter: the cases in flight were abandoned while a finding was
// shrunk; drawing resumes after case `index` (a case is a function of its
// index, so they are drawn alike).
void KindCheck::DrawAgainAfter(std::uint64_t index) {
  window_.clear();
  next_case_ = index + 1;
  drawing_ = true;
}

void KindCheck::Count(const InFlight& head, const Outcome& outcome) {
  KindCoverage& coverage = *coverage_;
  ++coverage.cases;
  coverage.session_events += outcome.session_events;
  for (Clause c : outcome.clauses) ++coverage.clauses[std::string(IdOf(c))];
  for (const std::string& b : head.boundaries) ++coverage.boundaries[b];
  for (const std::string& pair : check::PairsReached(kind_, head.boundaries, outcome.clauses)) ++coverage.pairs[pair];
  if (!head.aimed_at.empty()) {
    ++coverage.aimed;
    if (head.hit) ++coverage.aimed_hits;
  }
  if (outcome.kind == Outcome::Kind::kUnsupported) ++coverage.unsupported;
  if (outcome.kind == Outcome::Kind::kAgree) ++coverage.agreed;
  if (outcome.kind == Outcome::Kind::kAdapterError) {
    ++coverage.adapter_errors;
    if (++run_.consecutive_errors >= options_.max_consecutive_adapter_errors) {
      run_.result.stop_reason = fmt::format("{} adapter errors in a row", run_.consecutive_errors);
    }
  } else {
    run_.consecutive_errors = 0;
  }
  if (options_.progress && (head.index % 64 == 0)) {
    run_.err << fmt::format("\rcheck: {}: {} cases ", NameOf(kind_), head.index + 1) << std::flush;
  }
}

// ReportFailure: the failed case shrunk, asked again, named, written and printed.
void KindCheck::ReportFailure(const InFlight& head, Outcome outcome) {
  run_.implementation.Abandon();  // the cases after the finding are not checked
  CheckFinding finding = Shrunk(head, std::move(outcome));
  AskAgain(finding, head.prepared.case_id);
  NameMisreadings(finding);
  if (options_.progress) run_.err << "\n";
  const std::string reproduce = ReproduceCommand(options_, kind_, head.index);
  WriteVector(finding, reproduce);
  PrintFinding(finding, options_, reproduce, run_.out);
  run_.result.findings.push_back(std::move(finding));
  StopAt(head.index);
}

// Shrunk: the smallest case that fails as `head` did, as a finding.
CheckFinding KindCheck::Shrunk(const InFlight& head, Outcome outcome) {
  CheckFinding finding;
  finding.kind = kind_;
  finding.profile = head.prepared.profile;
  finding.case_index = head.index;
  ShrunkFailure shrunk = ShrinkFailure(run_.implementation, kind_, finding.profile, head.drawn, std::move(outcome),
                                       head.prepared.case_id, Limits(), [&](const ShrinkProgress& progress) {
                                         if (!options_.progress) return;
                                         run_.err << fmt::format("\rcheck: {}: shrinking, {} steps, {} tries ",
                                                                 NameOf(kind_), progress.steps, progress.tries)
                                                  << std::flush;
                                       });
  finding.shrink_steps = shrunk.progress.steps;
  finding.shrink_tries = shrunk.progress.tries;
  finding.shrink_cut_short = shrunk.progress.cut_short;
  finding.failure = shrunk.outcome.failure;
  finding.scenario = std::move(shrunk.document);
  finding.expected = std::move(shrunk.outcome.expected);
  finding.actual = std::move(shrunk.outcome.actual);
  finding.field = shrunk.outcome.field;
  finding.where = shrunk.outcome.session_detail;
  finding.other_errors_while_shrinking = std::move(shrunk.other_errors);
  finding.first_other_error = shrunk.first_other_error;
  const std::set<Clause> at_stake = ClausesAtStake(shrunk.outcome.clauses, shrunk.passing_neighbours);
  finding.clauses_at_stake = !at_stake.empty();
  finding.clauses = ClauseIds(finding.clauses_at_stake ? at_stake : shrunk.outcome.clauses);
  return finding;
}

// AskAgain asks the shrunk case once more before it is reported: an
// implementation that answers it otherwise is non-deterministic, and its
// vector may pass on replay. Past the time budget, it takes one case timeout
// at most.
void KindCheck::AskAgain(CheckFinding& finding, const std::string& case_id) {
  json document = finding.scenario;
  const Deadline within = Deadline::At(std::max(deadline_.at(), Clock::now() + options_.case_timeout));
  const Outcome again = Ask(run_.implementation, kind_, finding.profile, document, case_id + "/again", within);
  if (again.kind == Outcome::Kind::kInterrupted) return;
  if (again.kind == Outcome::Kind::kOutOfTime) {
    finding.second_answer = "(no answer before the time budget and a case timeout ran out)";
    return;
  }
  const bool same = again.FailsAs(finding.failure) && (again.kind == Outcome::Kind::kAdapterError ||
                                                       SameNormativeAnswer(kind_, finding.actual, again.actual));
  if (same) return;
  finding.nondeterministic = true;
  finding.second_answer = AnswerText(again);
}

// NameMisreadings: the known misreadings whose answer on the case is the
// implementation's, and the clauses they misread.
void KindCheck::NameMisreadings(CheckFinding& finding) const {
  for (const readings::WrongEngineInfo* alike :
       MisreadingsAnswering(kind_, finding.scenario, finding.profile, finding.actual)) {
    finding.answers_like.push_back(AlikeText(*alike));
    finding.misreading_names.emplace_back(alike->name);
    for (const std::string& clause : ClausesMisread(*alike)) {
      if (std::find(finding.misread_clauses.begin(), finding.misread_clauses.end(), clause) ==
          finding.misread_clauses.end())
        finding.misread_clauses.push_back(clause);
    }
  }
  std::sort(finding.misreading_names.begin(), finding.misreading_names.end());
  finding.misreading_names.erase(std::unique(finding.misreading_names.begin(), finding.misreading_names.end()),
                                 finding.misreading_names.end());
}

// WriteVector writes the finding as a vector file under --out/regressions.
void KindCheck::WriteVector(CheckFinding& finding, const std::string& reproduce) {
  if (options_.out.empty()) return;
  const std::filesystem::path dir = std::filesystem::path(options_.out) / "regressions";
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  const std::filesystem::path path =
      dir / fmt::format("check-{}-seed-{}-case-{}.json", NameOf(kind_), options_.seed, finding.case_index);
  if (ec) {
    run_.err << fmt::format("lbconform: cannot create {}: {}\n", dir.string(), ec.message());
    run_.result.output_failed = true;
  } else if (auto problem = WriteOutputFile(path.string(), VectorText(finding, options_.seed, reproduce))) {
    run_.err << "lbconform: " << *problem << "\n";
    run_.result.output_failed = true;
  } else {
    finding.vector_path = path.string();
  }
}

// ReportMix shrinks and prints the two cases of a mix: one answered as the
// accepted other reading of a gap, one answered as lbconform reads it where
// that reading answers otherwise.
void KindCheck::ReportMix(const ReadingMix& mix, std::uint64_t at) {
  const readings::WrongEngine reading(*mix.reading);
  CheckFinding finding;
  finding.kind = kind_;
  finding.profile = mix.other_case.profile;
  finding.case_index = mix.other_case.index;
  finding.mixed_reading = mix.reading->name;
  finding.mixed_gap = mix.gap;
  finding.lbconform_case_index = mix.lbconform_case.index;
  std::uint64_t asked = 0;
  ShrinkProgress progress;
  auto ask = [&](Profile profile, const json& document, const Deadline& deadline) {
    json copy = document;  // Ask moves the document out and back
    return Ask(run_.implementation, kind_, profile, copy,
               fmt::format("check/{}/{}/mix-{}@{}", NameOf(kind_), options_.seed, ++asked, NameOf(profile)), deadline);
  };
  auto takes_other = [&](const Outcome& o, Profile profile, const json& document) {
    return o.kind == Outcome::Kind::kDisagree &&
           SameNormativeAnswer(kind_, AnswerOfReading(reading, kind_, document, profile), o.actual);
  };
  auto takes_lbconform = [&](const Outcome& o, Profile profile, const json& document) {
    return o.kind == Outcome::Kind::kAgree &&
           !SameNormativeAnswer(kind_, o.expected, AnswerOfReading(reading, kind_, document, profile));
  };
  auto shrink = [&](const ReadingCase& drawn, const auto& holds) {
    const std::optional<check::DrawnCase> again = drawer_->Draw(drawn.index);
    if (!again) return drawn.document;
    return ShrinkWhile(
        again->drawn,
        [&](json& document) {
          const Outcome o = ask(drawn.profile, document, deadline_);
          if (o.kind == Outcome::Kind::kOutOfTime || o.kind == Outcome::Kind::kInterrupted) {
            progress.cut_short = o.kind == Outcome::Kind::kOutOfTime ? "the time budget ran out" : "interrupted";
            return ShrinkVerdict::kStop;
          }
          return holds(o, drawn.profile, document) ? ShrinkVerdict::kKeep : ShrinkVerdict::kPass;
        },
        Limits(), progress);
  };
  finding.scenario = shrink(mix.other_case, takes_other);
  finding.lbconform_case_scenario = shrink(mix.lbconform_case, takes_lbconform);
  const Outcome other = ask(mix.other_case.profile, finding.scenario, Deadline::Never());
  const Outcome own = ask(mix.lbconform_case.profile, finding.lbconform_case_scenario, Deadline::Never());
  finding.shrink_steps = progress.steps;
  finding.shrink_tries = progress.tries;
  finding.shrink_cut_short = progress.cut_short;
  finding.expected = other.expected;
  finding.actual = other.actual;
  finding.field = fmt::format("mixes the two readings of {}", mix.gap);
  // Asked again, each case must still be answered as it was.
  finding.nondeterministic = !takes_other(other, mix.other_case.profile, finding.scenario) ||
                             !takes_lbconform(own, mix.lbconform_case.profile, finding.lbconform_case_scenario);
  std::set<Clause> clauses = other.clauses;
  clauses.insert(own.clauses.begin(), own.clauses.end());
  finding.clauses = ClauseIds(clauses);
  finding.misreading_names = {mix.reading->name};
  PrintMixFinding(finding, *mix.reading, own.expected,
                  AnswerOfReading(reading, kind_, finding.lbconform_case_scenario, mix.lbconform_case.profile), at,
                  mix.lbconform_case.profile, options_, run_.out);
  run_.result.findings.push_back(std::move(finding));
  StopAt(at);
}

// StopAt: a shard stops at its first finding, after case `index` of this
// kind, unless it keeps going.
void KindCheck::StopAt(std::uint64_t index) {
  if (options_.slice && !options_.keep_going) run_.result.stopped_at = position_ * run_.cases_per_kind + index + 1;
}

// KindsToCheck: the kinds asked for, else those the implementation declares.
std::vector<ScenarioKind> KindsToCheck(const vectors::Implementation& implementation, const CheckOptions& options) {
  if (!options.kinds.empty()) return options.kinds;
  return implementation.kinds().value_or(
      std::vector<ScenarioKind>(AllScenarioKinds().begin(), AllScenarioKinds().end()));
}

std::uint64_t CasesPerKind(const CheckOptions& options) {
  if (options.cases > 0) return options.cases;
  return options.time_budget_seconds > 0 ? std::numeric_limits<std::uint64_t>::max() : kDefaultCheckCases;
}

}  // namespace

std::string SkippedBecause(ScenarioKind kind, const std::vector<Profile>& profiles) {
  const std::vector<Profile> selected = SelectedProfiles(kind, profiles);
  if (selected.empty()) return "no profile of this kind selected";
  if (!check::GenCheckCase(kind, selected.front())) {
    return "no case generator for this kind yet (check/case_generators.cc)";
  }
  return "";
}

FindingSignature CheckFinding::Signature() const {
  const std::string failure_text =
      mixed_reading.empty() ? failure.Signature() : fmt::format("mixed readings of {}", mixed_gap);
  return {std::string(NameOf(kind)), failure_text, misreading_names};
}

std::size_t CheckFinding::Vms() const { return ArraySize(scenario, "instances"); }

std::string CheckFinding::SizeText() const { return check::CaseSizeText(kind, scenario); }

CheckResult RunCheck(vectors::Implementation& implementation, const CheckOptions& options, std::ostream& out,
                     std::ostream& err) {
  CheckResult result;
  result.seed = options.seed;
  const std::vector<ScenarioKind> kinds = KindsToCheck(implementation, options);
  CheckRun run{implementation, options, result, out, err, Clock::now(), CasesPerKind(options), kinds.size()};
  for (std::size_t k = 0; k < kinds.size() && result.stop_reason.empty() && !result.stopped_at; ++k) {
    KindCheck(run, kinds[k], k).Run();
  }
  result.seconds = std::chrono::duration<double>(Clock::now() - run.start).count();
  return result;
}

}  // namespace lbconform
