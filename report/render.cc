#include "report/render.h"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>

namespace lbconform {
namespace {

std::string Join(const BackendNames& names) {
  if (names.empty()) return "(none)";
  return fmt::format("{}", fmt::join(names, ", "));
}

std::string Escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '|') {
      out += "\\|";
    } else {
      out += c;
    }
  }
  return out;
}

void RenderScenario(const PassthroughScenario& scenario, std::string& out) {
  bool failover = false;
  for (const BackendGroup& b : scenario.backends) failover = failover || b.failover;
  out +=
      fmt::format("Backend service {} in {}\n", scenario.name.empty() ? "(unnamed)" : scenario.name, scenario.region);
  if (failover) {
    out += fmt::format("  failover: ratio {}, dropTrafficIfUnhealthy {}\n",
                       scenario.failover_policy.failover_ratio.ToString(),
                       scenario.failover_policy.drop_traffic_if_unhealthy);
  } else if (scenario.failover_policy.present) {
    out += "  failoverPolicy present but no failover backend: failover is not configured (GAP-5)\n";
  } else {
    out += "  failover: not configured\n";
  }
  out += fmt::format("  zonal affinity: {}", NameOf(scenario.zonal_affinity.spillover));
  if (scenario.zonal_affinity.spillover == Spillover::kSpillCrossZone) {
    out += fmt::format(", spillover ratio {}", scenario.zonal_affinity.spillover_ratio.ToString());
  }
  out += "\n";
  for (std::size_t g = 0; g < scenario.backends.size(); ++g) {
    const BackendGroup& backend = scenario.backends[g];
    std::string members;
    for (const Instance& vm : scenario.instances) {
      if (vm.backend != g) continue;
      members += fmt::format("{}{} ({}, {})", members.empty() ? "" : "; ", vm.name, vm.zone,
                             vm.health == HealthState::kHealthy ? "healthy" : "UNHEALTHY");
    }
    out += fmt::format("  group {:<12} {:<8} {}\n", backend.name, backend.failover ? "failover" : "primary",
                       members.empty() ? "(no VMs)" : members);
  }
  out += fmt::format("Client: {}", NameOf(scenario.client.type));
  if (!scenario.client.zone.empty()) out += fmt::format(" in zone {}", scenario.client.zone);
  if (!scenario.client.region.empty()) out += fmt::format(" (region {})", scenario.client.region);
  out += "\n";
}

}  // namespace

namespace {

void RenderRejection(const std::vector<Error>& errors, std::string& out) {
  out += "REJECTED: the scenario is not a configuration the spec accepts.\n";
  for (const Error& e : errors) {
    const auto& info = AllErrorCodes()[static_cast<std::size_t>(e.code)];
    out += fmt::format("  {} at {}: {}\n", NameOf(e.code), e.path.empty() ? "/" : e.path, e.message);
    if (!info.clause.empty()) {
      if (auto clause = ClauseFromId(info.clause)) {
        out += fmt::format("    [{}] {}\n", info.clause, InfoOf(*clause).paraphrase);
      }
    }
  }
}

}  // namespace

std::string RenderExplanation(const PassthroughScenario* scenario, const PassthroughDecision& decision,
                              std::string_view engine, Profile profile) {
  std::string out = fmt::format("lbconform explain — engine {}, profile {}\n\n", engine, NameOf(profile));
  if (scenario != nullptr) {
    RenderScenario(*scenario, out);
    out += "\n";
  }
  if (!decision.valid()) {
    RenderRejection(decision.errors, out);
    return out;
  }
  out += "Steps\n";
  for (const TraceStep& step : decision.trace) {
    out += fmt::format("  [{}] {}\n", IdOf(step.clause), step.text);
  }
  out += "\nSets\n";
  const bool tested = decision.zonal_status == ZonalAffinityStatus::kNoZonalMatch ||
                      decision.zonal_status == ZonalAffinityStatus::kApplied;
  std::string configured;
  if (scenario != nullptr) {
    BackendNames all;
    for (const Instance& vm : scenario->instances) all.push_back(vm.name);
    std::sort(all.begin(), all.end());
    configured = Join(all);
  }
  out += fmt::format("  configured backends     {}\n", configured);
  out += fmt::format("  original eligible       {}: {}\n", NameOf(decision.eligible_kind), Join(decision.eligible));
  out += fmt::format("  zonal-match test        {}\n", tested ? Join(decision.test_backends) : "(not tested)");
  out += fmt::format("  zonally matched         {}\n", tested ? Join(decision.zonally_matched) : "(not tested)");
  out += fmt::format("  modified eligible       {}\n", Join(decision.modified_eligible));
  out += fmt::format("\nZonal affinity: {}", NameOf(decision.zonal_status));
  if (decision.outcome) out += fmt::format(", outcome {}", NameOf(*decision.outcome));
  if (decision.computed_ratio) {
    out +=
        fmt::format(", computed ratio {}/{}", decision.computed_ratio->numerator, decision.computed_ratio->denominator);
  }
  out += "\n";
  if (decision.modified_eligible.empty()) {
    out += "Result: new connections are DROPPED (no eligible backend).\n";
  } else {
    out += fmt::format("Result: a new connection goes to one of {} VM(s): {}\n", decision.modified_eligible.size(),
                       Join(decision.modified_eligible));
  }
  return out;
}

std::string RenderTimelineExplanation(const TimelineScenario* timeline, const TimelineDecision& decision,
                                      std::string_view engine, Profile profile) {
  std::string out = fmt::format("lbconform explain — timeline, engine {}, profile {}\n\n", engine, NameOf(profile));
  if (timeline != nullptr) {
    RenderScenario(timeline->initial, out);
    const ConnectionTracking& t = timeline->tracking;
    out += fmt::format("  connection tracking: {}, session affinity {}, persistence on unhealthy backends {}\n",
                       NameOf(t.tracking_mode), NameOf(t.session_affinity), NameOf(t.persistence));
    out += fmt::format("  connection draining on failover/failback: {}, {} s{}\n\n",
                       timeline->initial.failover_policy.disable_connection_drain_on_failover ? "disabled" : "enabled",
                       timeline->draining_timeout_sec.value_or(DrainingTimeoutSeconds(profile)),
                       timeline->draining_timeout_sec ? " (drainingTimeoutSec)" : " (profile, GAP-7)");
  }
  if (!decision.valid()) {
    RenderRejection(decision.errors, out);
    return out;
  }
  out += fmt::format("Before the first event: active pool {} [{}], new connections to [{}]\n",
                     NameOf(decision.initial.eligible_kind), Join(decision.initial.eligible),
                     Join(decision.initial.modified_eligible));
  for (std::size_t i = 0; i < decision.steps.size(); ++i) {
    const TimelineStep& step = decision.steps[i];
    const std::string what = timeline != nullptr && i < timeline->events.size()
                                 ? DescribeEvent(*timeline, timeline->events[i])
                                 : std::string("event");
    out += fmt::format("\nt={:<6} {}{}\n", step.at, what,
                       step.transition == Transition::kNone ? "" : fmt::format("  => {}", NameOf(step.transition)));
    for (const TraceStep& t : step.trace) out += fmt::format("         [{}] {}\n", IdOf(t.clause), t.text);
    out += fmt::format("         active pool {} [{}]; new connections to [{}]\n", NameOf(step.pool.eligible_kind),
                       Join(step.pool.eligible), Join(step.pool.modified_eligible));
    // Only what changed at this event; the full table closes the explanation.
    const std::vector<ConnectionStatus> none;
    const std::vector<ConnectionStatus>& before = i == 0 ? none : decision.steps[i - 1].connections;
    std::size_t unchanged = 0;
    for (const ConnectionStatus& c : step.connections) {
      auto was = std::find_if(before.begin(), before.end(), [&](const ConnectionStatus& b) { return b.id == c.id; });
      if (was != before.end() && *was == c) {
        ++unchanged;
        continue;
      }
      out += fmt::format("         {:<12} {:<4} -> {:<10} {}{}\n", c.id, NameOf(c.protocol), c.instance,
                         was == before.end() ? std::string(NameOf(c.state))
                                             : fmt::format("{} -> {}", NameOf(was->state), NameOf(c.state)),
                         c.draining_until ? fmt::format(" until t={}", *c.draining_until) : "");
    }
    if (unchanged > 0) out += fmt::format("         ({} other connection(s) unchanged)\n", unchanged);
  }
  if (!decision.steps.empty()) {
    out += "\nConnections after the last event\n";
    for (const ConnectionStatus& c : decision.steps.back().connections) {
      out += fmt::format("  {:<12} {:<4} -> {:<10} {}{}\n", c.id, NameOf(c.protocol), c.instance, NameOf(c.state),
                         c.draining_until ? fmt::format(" until t={}", *c.draining_until) : "");
    }
  }
  return out;
}

std::string RenderClausesMarkdown() {
  std::string out =
      "# Clause catalogue\n\n"
      "Generated from `model/clauses.def` by `lbconform catalogue clauses`; do not edit by hand.\n"
      "Every rule of the spec texts has an ID that code (`[FO-12]`), tests and vectors cite.\n"
      "A clause with a note under *Not in code* is deliberately not implemented as a rule, for the reason given.\n\n"
      "## Sources\n\n"
      "lbconform's specification is three Google Cloud documentation pages, each read as a machine\n"
      "translation into another language. A translation can be of an older revision of its page, and can\n"
      "lose text, so every clause below names both what it was read from: the public English page (a link,\n"
      "the section heading and the date the page was read) and the translated text's own section heading.\n"
      "*English only* marks a rule read from the English pages or the API reference alone: the translated\n"
      "texts say nothing about it, or lost the part that says it. The retrieval date is the \"Last updated\"\n"
      "date the pages showed when they were read. Of the failover page only the opening could be read in\n"
      "English; its other headings are given as the English headings that the zh-TW headings translate.\n\n"
      "| Page | Retrieved | Clauses |\n|---|---|---|\n";
  for (const SourceInfo& source : AllSources()) {
    int clauses = 0;
    for (const ClauseInfo& c : AllClauses()) clauses += c.source == source.source ? 1 : 0;
    out += fmt::format("| [{}]({}) (`{}`) | {} | {} |\n", source.title, source.url, source.key, source.retrieved,
                       clauses == 0 ? std::string("none; cited by vectors") : std::to_string(clauses));
  }
  out +=
      "\nThe translated texts, which are the spec:\n\n"
      "| Text | Translates | How it departs from the English page |\n|---|---|---|\n";
  for (const TranslationInfo& text : AllTranslations()) {
    const SourceInfo& page = InfoOf(text.source);
    out += fmt::format("| {} | [{}]({}) | {} |\n", text.language, page.title, page.url, Escape(text.note));
  }
  out +=
      "\nWhere a translated text and its English page disagree, lbconform follows the translated text\n"
      "(profile `spec-docs`, the default) and [gaps.md](gaps.md) records the disagreement and the reading\n"
      "chosen; `--profile en-2026-04-02` follows the English zonal-affinity page of 2026-04-02 instead\n"
      "(the ZA-EN clauses). ZA-1 to ZA-42 name the sections of the earlier revision that the Indonesian\n"
      "text translates, at the same address. Where a section is given with a parenthesis, it narrows the\n"
      "heading to a table row, a step or an example.\n";
  std::string_view area;
  for (const ClauseInfo& c : AllClauses()) {
    if (c.area != area) {
      area = c.area;
      out += fmt::format("\n## {}\n\n| ID | Rule | English source | Translated text | Not in code |\n", area);
      out += "|---|---|---|---|---|\n";
    }
    const SourceInfo& source = InfoOf(c.source);
    out += fmt::format("| {} | {} | [{}]({}) §{} (retrieved {}) | {} | {} |\n", c.id, Escape(c.paraphrase), source.key,
                       source.url, Escape(c.section), source.retrieved, Escape(TranslatedCitation(c)),
                       Escape(c.exception));
  }
  return out;
}

std::string RenderGapsMarkdown() {
  std::string out =
      "# Gaps and contradictions register\n\n"
      "Generated from `model/gaps.def` by `lbconform catalogue gaps`; do not edit by hand.\n"
      "Where the spec texts are silent or contradict each other or the API, this is the reading lbconform\n"
      "implements and why. Vectors that depend on a gap carry its flag: `acceptable` where the texts truly allow\n"
      "both readings, a profile where revisions of the texts differ, and otherwise `valid`, the reading being\n"
      "stated in the kind's specification (docs/spec/).\n";
  for (const GapInfo& g : AllGaps()) {
    out += fmt::format("\n## {}\n\n- **Clauses:** {}\n- **Question:** {}\n- **Reading:** {}\n- **Why:** {}\n", g.id,
                       g.clauses, g.question, g.reading, g.reason);
  }
  return out;
}

std::string RenderErrorCodesMarkdown() {
  std::string out =
      "# Error codes\n\n"
      "Generated from `model/errors.def` by `lbconform catalogue errors`; do not edit by hand.\n"
      "A rejected scenario's decision is `{\"valid\": false, \"errors\": [{\"code\", \"path\", \"message\"}]}`.\n"
      "Codes are normative; paths and messages are informative. *input* codes come from reading the\n"
      "document, *spec* codes from the texts' rules.\n\n"
      "| Code | Stage | Clause | Meaning |\n|---|---|---|---|\n";
  for (const ErrorCodeInfo& e : AllErrorCodes()) {
    out += fmt::format("| `{}` | {} | {} | {} |\n", e.name, e.stage, e.clause.empty() ? "—" : e.clause,
                       Escape(e.description));
  }
  return out;
}

}  // namespace lbconform
