#include "check/shrink_failure.h"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <optional>
#include <utility>

#include "vectors/run_signals.h"

namespace lbconform {

using nlohmann::json;

namespace {

// WhyStop: why shrinking must stop before the next candidate, or empty.
std::string WhyStop(const ShrinkLimits& limits, const ShrinkProgress& progress) {
  if (vectors::PendingRunSignal() != 0) return "interrupted by a signal";
  if (limits.deadline.Passed()) return "the time budget ran out";
  if (progress.tries >= limits.max_tries) return fmt::format("after {} tries, the most check makes", progress.tries);
  return "";
}

}  // namespace

json ShrinkWhile(rc::Shrinkable<check::CheckCase> current, const std::function<ShrinkVerdict(json&)>& judge,
                 const ShrinkLimits& limits, ShrinkProgress& progress, const std::function<void()>& after_round) {
  json document = current.value().document;
  bool progressed = limits.enabled;
  while (progressed && progress.cut_short.empty()) {
    progressed = false;
    rc::Seq<rc::Shrinkable<check::CheckCase>> shrinks = current.shrinks();
    while (rc::Maybe<rc::Shrinkable<check::CheckCase>> next = shrinks.next()) {
      progress.cut_short = WhyStop(limits, progress);
      if (!progress.cut_short.empty()) break;
      json candidate;
      try {
        candidate = next->value().document;
      } catch (const std::exception&) {
        continue;  // a generator gave up on this one
      }
      ++progress.tries;
      const ShrinkVerdict verdict = judge(candidate);
      if (verdict == ShrinkVerdict::kStop) break;
      if (verdict == ShrinkVerdict::kKeep) {
        current = *next;
        document = std::move(candidate);
        ++progress.steps;
        progressed = true;
        break;
      }
    }
    if (after_round) after_round();
  }
  return document;
}

ShrunkFailure ShrinkFailure(vectors::Implementation& implementation, ScenarioKind kind, Profile profile,
                            const rc::Shrinkable<check::CheckCase>& drawn, Outcome outcome, const std::string& case_id,
                            const ShrinkLimits& limits, const std::function<void(const ShrinkProgress&)>& after_round) {
  ShrunkFailure shrunk;
  shrunk.outcome = std::move(outcome);
  const FailureClass failure = shrunk.outcome.failure;
  const auto judge = [&](json& candidate) {
    Outcome tried = Ask(implementation, kind, profile, candidate,
                        fmt::format("{}/shrink-{}", case_id, shrunk.progress.tries), limits.deadline);
    if (tried.kind == Outcome::Kind::kOutOfTime || tried.kind == Outcome::Kind::kInterrupted) {
      shrunk.progress.cut_short =
          tried.kind == Outcome::Kind::kOutOfTime ? "the time budget ran out" : "interrupted by a signal";
      return ShrinkVerdict::kStop;
    }
    if (tried.FailsAs(failure)) {
      shrunk.outcome = std::move(tried);
      shrunk.passing_neighbours.clear();
      return ShrinkVerdict::kKeep;
    }
    if (tried.kind == Outcome::Kind::kAdapterError) {
      ++shrunk.other_errors[tried.failure.Signature()];
      if (shrunk.first_other_error.empty()) shrunk.first_other_error = tried.field;
    }
    if (tried.kind == Outcome::Kind::kAgree) shrunk.passing_neighbours.push_back(std::move(tried.clauses));
    return ShrinkVerdict::kPass;
  };
  shrunk.document = ShrinkWhile(drawn, judge, limits, shrunk.progress, [&] {
    if (after_round) after_round(shrunk.progress);
  });
  return shrunk;
}

std::set<Clause> ClausesAtStake(const std::set<Clause>& here, const std::vector<std::set<Clause>>& neighbours) {
  std::optional<std::set<Clause>> closest;
  for (const std::set<Clause>& neighbour : neighbours) {
    std::set<Clause> apart;
    std::set_difference(here.begin(), here.end(), neighbour.begin(), neighbour.end(),
                        std::inserter(apart, apart.end()));
    if (!apart.empty() && (!closest || apart.size() < closest->size())) closest = std::move(apart);
  }
  return closest.value_or(std::set<Clause>{});
}

}  // namespace lbconform
