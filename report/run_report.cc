// What a run says, as people and tools read it: the terminal summary, the Markdown summary, the JSON
// report (vectors/schema/report.schema.json), JUnit XML, the files of failing
// cases and a starting expectations file.
#include "report/run_report.h"

#include <fmt/format.h>

#include <ctime>
#include <set>

#include "documents/documents.h"
#include "documents/printable_text.h"

namespace lbconform::vectors {

using nlohmann::json;

namespace {

std::string Dump(const json& value, int indent = -1) {
  return value.dump(indent, ' ', false, json::error_handler_t::replace);
}

bool Failing(const CaseResult& r) {
  return r.disposition == Disposition::kFailed || r.disposition == Disposition::kAdapterError;
}

std::string Timestamp(std::chrono::system_clock::time_point when) {
  const std::time_t seconds = std::chrono::system_clock::to_time_t(when);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &utc);
  const auto millis = std::chrono::duration_cast<std::chrono::milliseconds>(when.time_since_epoch()).count() % 1000;
  return fmt::format("{}.{:03d}Z", text, millis);
}

// Seconds as JUnit writes them, from whole microseconds (no float).
std::string JUnitSeconds(std::chrono::microseconds duration) {
  const long long micros = duration.count();
  return fmt::format("{}.{:03d}", micros / 1'000'000, (micros % 1'000'000) / 1000);
}

// WhatFailed is what a failing or waived case got wrong, in a few words.
std::string WhatFailed(const CaseResult& r) {
  if (!r.field.empty()) return r.field + " differs";
  const std::size_t known = r.detail.rfind("; known: ");
  return "adapter error: " + Printable(known == std::string::npos ? r.detail : r.detail.substr(0, known), 200);
}

std::string InputText(const json& input) { return input.is_string() ? input.get<std::string>() : Dump(input); }

// FileStem names a case's files: its id with '/' as '.', then @profile.
std::string FileStem(const CaseResult& r) {
  std::string stem;
  for (const char c : r.id) {
    const bool plain =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    stem += plain ? c : '.';
  }
  return stem + "@" + std::string(NameOf(r.profile));
}

}  // namespace

std::string ReproduceCommand(const RunReport& report, const CaseResult& r) {
  return fmt::format("{} --id {} --profile {}", report.reproduce_command, ShellQuoted(r.id), NameOf(r.profile));
}

// ------------------------------ Terminal

std::string SummaryText(const RunReport& report) {
  // No case ran: the one reason, not a block per case.
  if (report.did_not_start) return TerminalText(report.stop_reason, 2000) + "\n";
  // Every text from the adapter or a vector file is TerminalText: no line of
  // it can move the cursor or pass for one of lbconform's own lines.
  std::string out =
      fmt::format("implementation {} {} — lbconform vectors {} ({})\n", TerminalText(report.implementation, 200),
                  TerminalText(report.implementation_version, 200), report.suite_version, report.vector_digest);
  constexpr int kShown = 25;
  int shown = 0;
  for (const CaseResult& r : report.results) {
    if (!Failing(r)) continue;
    if (++shown > kShown) continue;
    out += fmt::format("  {} {} @ {} [{} tcId {}] clauses {}\n",
                       r.disposition == Disposition::kFailed ? "FAIL " : "ERROR", TerminalText(r.id), NameOf(r.profile),
                       TerminalText(r.file), r.tc_id, TerminalText(fmt::format("{}", fmt::join(r.clauses, " "))));
    out += fmt::format("        why      {}\n", TerminalText(r.comment, 200));
    if (r.disposition == Disposition::kFailed) {
      out +=
          fmt::format("        field    {}\n        input    {}\n        expected {}\n        actual   {}\n",
                      TerminalText(r.field), TerminalText(InputText(r.input), 300), TerminalText(Dump(r.expected), 300),
                      TerminalText(r.actual_text.empty() ? Dump(r.actual) : r.actual_text, 300));
      if (!r.detail.empty()) out += fmt::format("        where    {}\n", TerminalText(r.detail, 1200));
    } else {
      out += fmt::format("        problem  {}\n        input    {}\n", TerminalText(r.detail, 300),
                         TerminalText(InputText(r.input), 300));
    }
    out += fmt::format("        rerun    {}\n", TerminalText(ReproduceCommand(report, r)));
  }
  if (shown > kShown) out += fmt::format("  … and {} more (see --report)\n", shown - kShown);
  for (const CaseResult& r : report.results) {
    if (r.disposition == Disposition::kKnownFailure) {
      out += fmt::format("  waived {} @ {} ({}): {}\n", TerminalText(r.id), NameOf(r.profile),
                         TerminalText(WhatFailed(r)), TerminalText(r.known_reason, 300));
    }
    if (r.unexpected_pass) {
      out += fmt::format("  UNEXPECTED PASS {} @ {}: {}\n", TerminalText(r.id), NameOf(r.profile),
                         TerminalText(r.detail, 300));
    }
  }
  // Clauses: those with a failure by name; the others counted.
  std::vector<std::string> failing_clauses;
  int clean_clauses = 0;
  for (const auto& [clause, c] : report.CountsByClause()) {
    if (c.Failed() > 0) {
      failing_clauses.push_back(fmt::format("{} {}/{}", TerminalText(clause), c.passed, c.passed + c.Failed()));
    } else if (c.passed > 0) {
      ++clean_clauses;
    }
  }
  if (!failing_clauses.empty()) out += fmt::format("  clauses failing: {}\n", fmt::join(failing_clauses, ", "));
  out += fmt::format("  clauses: {} with every checked case passed, {} with a failure\n", clean_clauses,
                     failing_clauses.size());
  for (const auto& [kind, c] : report.CountsByKind()) {
    if (KindImplemented(report, kind, c)) {
      out += fmt::format("  kind {:<21} {}/{} passed\n", NameOf(kind), c.passed, c.passed + c.Failed());
    } else {
      out += fmt::format("  kind {:<21} not implemented ({} cases skipped)\n", NameOf(kind), c.Skipped());
    }
  }
  for (const auto& [profile, c] : report.Counts()) {
    out += fmt::format(
        "  profile {:<14} {} passed, {} failed, {} adapter errors, {} unsupported, {} known failures, {} not reached\n",
        NameOf(profile), c.passed, c.failed, c.adapter_errors, c.unsupported, c.known_failures, c.skipped);
  }
  if (!report.Complete()) {
    out += fmt::format("  stopped early: {}; the cases after it are not reached\n", TerminalText(report.stop_reason));
  }
  out += "  " + TerminalText(report.Verdict()) + "\n";
  return out;
}

std::string ClosingLine(const std::vector<RunReport>& reports) {
  ProfileCounts all;
  for (const RunReport& report : reports) {
    const ProfileCounts t = report.Totals();
    all.passed += t.passed;
    all.failed += t.failed;
    all.adapter_errors += t.adapter_errors;
    all.unsupported += t.unsupported;
    all.known_failures += t.known_failures;
    all.skipped += t.skipped;
  }
  return fmt::format("run: {} passed, {} failed, {} skipped\n", all.passed, all.Failed(), all.Skipped());
}

// ------------------------------ Markdown

std::string SummaryMarkdown(const std::vector<RunReport>& reports) {
  std::string out;
  for (const RunReport& report : reports) {
    const ProfileCounts t = report.Totals();
    out += fmt::format("## lbconform: {} {}: {}\n\n", MarkdownText(report.implementation),
                       MarkdownText(report.implementation_version), MarkdownText(report.Verdict()));
    out += fmt::format(
        "**{} passed, {} failed, {} skipped** ({} adapter errors, {} unsupported, {} known failures, {} not reached); "
        "vectors {} (`{}`)\n\n",
        t.passed, t.Failed(), t.Skipped(), t.adapter_errors, t.unsupported, t.known_failures, t.skipped,
        report.suite_version, report.vector_digest);
    if (!report.Complete()) out += fmt::format("> Stopped early: {}.\n\n", MarkdownText(report.stop_reason));
    out += "| kind | implemented | passed | failed | skipped |\n|---|---|---:|---:|---:|\n";
    for (const auto& [kind, c] : report.CountsByKind()) {
      out += fmt::format("| {} | {} | {} | {} | {} |\n", NameOf(kind), KindImplemented(report, kind, c) ? "yes" : "no",
                         c.passed, c.Failed(), c.Skipped());
    }
    out += "\n| profile | passed | failed | skipped |\n|---|---:|---:|---:|\n";
    for (const auto& [profile, c] : report.Counts()) {
      out += fmt::format("| {} | {} | {} | {} |\n", NameOf(profile), c.passed, c.Failed(), c.Skipped());
    }
    out += "\n<details><summary>Per clause</summary>\n\n| clause | passed | failed | skipped |\n|---|---:|---:|---:|\n";
    for (const auto& [clause, c] : report.CountsByClause()) {
      out += fmt::format("| {}{} | {} | {} | {} |\n", c.Failed() > 0 ? "❌ " : "", MarkdownText(clause), c.passed,
                         c.Failed(), c.Skipped());
    }
    out += "\n</details>\n\n";
    if (t.Failed() > 0) {
      out += "| case | profile | clauses | what | rerun |\n|---|---|---|---|---|\n";
      int shown = 0;
      for (const CaseResult& r : report.results) {
        if (!Failing(r) || ++shown > 50) continue;
        const std::string what = r.disposition == Disposition::kFailed ? "`" + MarkdownCode(r.field) + "` differs"
                                                                       : "adapter error: " + MarkdownText(r.detail);
        out += fmt::format("| {} | {} | {} | {} | `{}` |\n", MarkdownText(r.id), NameOf(r.profile),
                           MarkdownText(fmt::format("{}", fmt::join(r.clauses, " "))), what,
                           MarkdownCode(ReproduceCommand(report, r)));
      }
      if (shown > 50) out += fmt::format("\n… and {} more in the JSON report.\n", shown - 50);
      out += "\n";
    }
    if (t.known_failures > 0) {
      out += fmt::format(
          "<details open><summary>Known failures waived by --expectations ({})</summary>\n\n"
          "| case | profile | what fails | reason |\n|---|---|---|---|\n",
          t.known_failures);
      int shown = 0;
      for (const CaseResult& r : report.results) {
        if (r.disposition != Disposition::kKnownFailure || ++shown > 50) continue;
        out += fmt::format("| {} | {} | {} | {} |\n", MarkdownText(r.id), NameOf(r.profile),
                           MarkdownText(WhatFailed(r)), MarkdownText(r.known_reason));
      }
      if (shown > 50) out += fmt::format("\n… and {} more in the JSON report.\n", shown - 50);
      out += "\n</details>\n\n";
    }
    for (const CaseResult& r : report.results) {
      if (r.unexpected_pass) {
        out += fmt::format("- unexpected pass: {} @ {} (listed as known: {})\n", MarkdownText(r.id), NameOf(r.profile),
                           MarkdownText(r.known_reason));
      }
    }
  }
  return out;
}

// ------------------------------ JSON

namespace {

json CountsJson(const ProfileCounts& c) {
  return {{"passed", c.passed},
          {"failed", c.failed},
          {"adapterErrors", c.adapter_errors},
          {"unsupported", c.unsupported},
          {"knownFailures", c.known_failures},
          {"notReached", c.skipped},
          {"unexpectedPasses", c.unexpected_passes}};
}

}  // namespace

json ReportJson(const RunReport& report) {
  json profiles = json::object();
  for (const auto& [profile, c] : report.Counts()) profiles[std::string(NameOf(profile))] = CountsJson(c);
  json kinds = json::object();
  for (const auto& [kind, c] : report.CountsByKind()) {
    json entry = CountsJson(c);
    entry["implemented"] = KindImplemented(report, kind, c);
    kinds[std::string(NameOf(kind))] = entry;
  }
  json clauses = json::object();
  for (const auto& [clause, c] : report.CountsByClause()) clauses[clause] = CountsJson(c);
  json results = json::array();
  for (const CaseResult& r : report.results) {
    json entry = {{"id", r.id},
                  {"profile", NameOf(r.profile)},
                  {"kind", NameOf(r.kind)},
                  {"file", r.file},
                  {"tcId", r.tc_id},
                  {"clauses", r.clauses},
                  {"flags", r.flags},
                  {"disposition", NameOf(r.disposition)},
                  {"durationMicros", r.duration.count()}};
    if (r.unexpected_pass) entry["unexpectedPass"] = true;
    if (!r.field.empty()) entry["field"] = r.field;
    if (!r.detail.empty()) entry["detail"] = Printable(r.detail, 4096);
    if (!r.known_reason.empty()) entry["knownFailureReason"] = Printable(r.known_reason, 4096);
    if (Failing(r) || r.disposition == Disposition::kKnownFailure) {
      entry["comment"] = r.comment;
      entry["reproduce"] = ReproduceCommand(report, r);
      if (r.input.is_string()) {
        entry["inputText"] = r.input;
      } else {
        entry["input"] = r.input;
      }
      entry["expected"] = r.expected;
      if (!r.actual_text.empty()) {
        entry["actualText"] = r.actual_text;
      } else if (!r.actual.is_null()) {
        entry["actual"] = r.actual;
      }
    }
    results.push_back(entry);
  }
  const ProfileCounts t = report.Totals();
  json declared = nullptr;
  if (report.declared_kinds) {
    declared = json::array();
    for (ScenarioKind kind : *report.declared_kinds) declared.push_back(NameOf(kind));
  }
  return {
      {"reportVersion", kReportVersion},
      {"implementation",
       {{"name", report.implementation}, {"version", report.implementation_version}, {"declaredKinds", declared}}},
      {"suiteVersion", report.suite_version},
      {"vectorDigest", report.vector_digest},
      {"startedAt", Timestamp(report.started)},
      {"finishedAt", Timestamp(report.finished)},
      {"complete", report.Complete()},
      {"stopReason", report.Complete() ? json(nullptr) : json(report.stop_reason)},
      {"conforms", report.RequiredPassed()},
      {"verdict", report.Verdict()},
      {"strictExpectations", report.strict_expectations},
      {"reproduce", report.reproduce_command + report.reproduce_selection},
      {"totals", {{"passed", t.passed}, {"failed", t.Failed()}, {"skipped", t.Skipped()}, {"counts", CountsJson(t)}}},
      {"kinds", kinds},
      {"profiles", profiles},
      {"clauses", clauses},
      {"results", results}};
}

json ExpectationsJson(const std::vector<RunReport>& reports) {
  json entries = json::array();
  std::set<std::pair<std::string, std::string>> seen;
  for (const RunReport& report : reports) {
    for (const CaseResult& r : report.results) {
      if (!Failing(r) && r.disposition != Disposition::kKnownFailure) continue;
      if (!seen.emplace(r.id, NameOf(r.profile)).second) continue;
      const std::string what = r.disposition == Disposition::kAdapterError
                                   ? "adapter error: " + Printable(r.detail, 120)
                                   : r.field + " differs";
      entries.push_back(
          {{"id", r.id}, {"profile", NameOf(r.profile)}, {"reason", "FILL IN why this fails (" + what + ")"}});
    }
  }
  return {{"knownFailures", entries}};
}

std::vector<SavedFailure> FailureFiles(const RunReport& report) {
  std::vector<SavedFailure> out;
  for (const CaseResult& r : report.results) {
    if (!Failing(r)) continue;
    const std::string stem = FileStem(r);
    SavedFailure saved;
    saved.scenario_name = stem + (r.input.is_string() ? ".txt" : ".json");
    saved.scenario_text = r.input.is_string() ? r.input.get<std::string>() : Dump(r.input, 2) + "\n";
    saved.expected_name = stem + ".expected.json";
    saved.expected_text = Dump(r.expected, 2) + "\n";
    out.push_back(std::move(saved));
  }
  return out;
}

// ------------------------------ JUnit

std::string JUnitXml(const std::vector<RunReport>& reports) {
  std::string suites;
  int tests = 0, failures = 0, errors = 0;
  std::chrono::microseconds total_time{0};
  for (const RunReport& report : reports) {
    for (Profile profile : AllProfiles()) {
      std::string cases;
      int t = 0, f = 0, e = 0, s = 0;
      std::chrono::microseconds suite_time{0};
      for (const CaseResult& r : report.results) {
        if (r.profile != profile) continue;
        ++t;
        suite_time += r.duration;
        cases += fmt::format("    <testcase classname=\"{}\" name=\"{}@{}\" time=\"{}\">", XmlText(r.file),
                             XmlText(r.id), NameOf(r.profile), JUnitSeconds(r.duration));
        switch (r.disposition) {
          case Disposition::kFailed:
            ++f;
            cases += fmt::format(
                "<failure message=\"{} differs\" type=\"mismatch\">clauses: {}\ninput: {}\nexpected: {}\nactual: "
                "{}\nrerun: {}</failure>",
                XmlText(r.field), XmlText(fmt::format("{}", fmt::join(r.clauses, " "))),
                XmlText(Printable(InputText(r.input), 4096)), XmlText(Dump(r.expected)),
                XmlText(r.actual_text.empty() ? Dump(r.actual) : r.actual_text), XmlText(ReproduceCommand(report, r)));
            break;
          case Disposition::kAdapterError:
            ++e;
            cases += fmt::format("<error message=\"{}\" type=\"adapter-error\">rerun: {}</error>", XmlText(r.detail),
                                 XmlText(ReproduceCommand(report, r)));
            break;
          case Disposition::kKnownFailure:
            ++s;
            cases += fmt::format("<skipped message=\"known failure, waived: {}\">{}\nrerun: {}</skipped>",
                                 XmlText(r.known_reason), XmlText(WhatFailed(r)), XmlText(ReproduceCommand(report, r)));
            break;
          case Disposition::kUnsupported:
          case Disposition::kSkipped:
            ++s;
            cases += fmt::format("<skipped message=\"{}{}\"/>", NameOf(r.disposition),
                                 r.detail.empty() ? "" : ": " + XmlText(r.detail));
            break;
          case Disposition::kPassed:
            break;
        }
        cases += "</testcase>\n";
      }
      if (t == 0) continue;
      suites += fmt::format(
          "  <testsuite name=\"{} / {}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"{}\" "
          "timestamp=\"{}\">\n{}  </testsuite>\n",
          XmlText(report.implementation), NameOf(profile), t, f, e, s, JUnitSeconds(suite_time),
          Timestamp(report.started).substr(0, 19), cases);
      tests += t;
      failures += f;
      errors += e;
      total_time += suite_time;
    }
  }
  return fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"lbconform\" tests=\"{}\" failures=\"{}\" "
      "errors=\"{}\" time=\"{}\">\n{}</testsuites>\n",
      tests, failures, errors, JUnitSeconds(total_time), suites);
}

}  // namespace lbconform::vectors
