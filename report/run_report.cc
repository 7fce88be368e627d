// What a run says, as people and tools read it: the terminal summary, the Markdown summary, the JSON
// report (vectors/schema/report.schema.json), JUnit XML, the files of failing
// cases and a starting expectations file.
#include "report/run_report.h"

#include <fmt/format.h>

#include <ctime>
#include <set>

#include "documents/documents.h"

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
  std::string out = fmt::format("{} {} — lbconform vectors {} ({})\n", report.implementation,
                                report.implementation_version, report.suite_version, report.vector_digest);
  constexpr int kShown = 25;
  int shown = 0;
  for (const CaseResult& r : report.results) {
    if (!Failing(r)) continue;
    if (++shown > kShown) continue;
    out +=
        fmt::format("  {} {} @ {} [{} tcId {}] clauses {}\n", r.disposition == Disposition::kFailed ? "FAIL " : "ERROR",
                    r.id, NameOf(r.profile), r.file, r.tc_id, fmt::join(r.clauses, " "));
    out += fmt::format("        why      {}\n", Printable(r.comment, 200));
    if (r.disposition == Disposition::kFailed) {
      out += fmt::format("        field    {}\n        input    {}\n        expected {}\n        actual   {}\n",
                         r.field, Printable(InputText(r.input), 300), Printable(Dump(r.expected), 300),
                         Printable(r.actual_text.empty() ? Dump(r.actual) : r.actual_text, 300));
      if (!r.detail.empty()) out += fmt::format("        where    {}\n", Printable(r.detail, 1200));
    } else {
      out += fmt::format("        problem  {}\n        input    {}\n", Printable(r.detail, 300),
                         Printable(InputText(r.input), 300));
    }
    out += fmt::format("        rerun    {}\n", ReproduceCommand(report, r));
  }
  if (shown > kShown) out += fmt::format("  … and {} more (see --report)\n", shown - kShown);
  for (const CaseResult& r : report.results) {
    if (r.disposition == Disposition::kKnownFailure) {
      out += fmt::format("  known {} @ {}: {}\n", r.id, NameOf(r.profile), Printable(r.detail, 300));
    }
    if (r.unexpected_pass) out += fmt::format("  UNEXPECTED PASS {} @ {}: {}\n", r.id, NameOf(r.profile), r.detail);
  }
  // Clauses: those with a failure by name; the others counted.
  std::vector<std::string> failing_clauses;
  int clean_clauses = 0;
  for (const auto& [clause, c] : report.CountsByClause()) {
    if (c.Failed() > 0) {
      failing_clauses.push_back(fmt::format("{} {}/{}", clause, c.passed, c.passed + c.Failed()));
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
    out += fmt::format("  stopped early: {}; the cases after it are not reached\n", report.stop_reason);
  }
  out += "  " + report.Verdict() + "\n";
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

namespace {

std::string MarkdownCell(std::string_view text) {
  std::string out;
  for (const char c : Printable(text, 400)) {
    if (c == '|') {
      out += "\\|";
    } else if (c == '\n' || c == '\r') {
      out += ' ';
    } else if (c == '`') {
      out += '\'';
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::string SummaryMarkdown(const std::vector<RunReport>& reports) {
  std::string out;
  for (const RunReport& report : reports) {
    const ProfileCounts t = report.Totals();
    out += fmt::format("## lbconform: {} {}: {}\n\n", MarkdownCell(report.implementation),
                       MarkdownCell(report.implementation_version), report.Verdict());
    out += fmt::format(
        "**{} passed, {} failed, {} skipped** ({} adapter errors, {} unsupported, {} known failures, {} not reached); "
        "vectors {} (`{}`)\n\n",
        t.passed, t.Failed(), t.Skipped(), t.adapter_errors, t.unsupported, t.known_failures, t.skipped,
        report.suite_version, report.vector_digest);
    if (!report.Complete()) out += fmt::format("> Stopped early: {}.\n\n", MarkdownCell(report.stop_reason));
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
      out += fmt::format("| {}{} | {} | {} | {} |\n", c.Failed() > 0 ? "❌ " : "", clause, c.passed, c.Failed(),
                         c.Skipped());
    }
    out += "\n</details>\n\n";
    if (t.Failed() > 0) {
      out += "| case | profile | clauses | what | rerun |\n|---|---|---|---|---|\n";
      int shown = 0;
      for (const CaseResult& r : report.results) {
        if (!Failing(r) || ++shown > 50) continue;
        const std::string what = r.disposition == Disposition::kFailed ? "`" + MarkdownCell(r.field) + "` differs"
                                                                       : "adapter error: " + MarkdownCell(r.detail);
        out += fmt::format("| {} | {} | {} | {} | `{}` |\n", MarkdownCell(r.id), NameOf(r.profile),
                           fmt::join(r.clauses, " "), what, MarkdownCell(ReproduceCommand(report, r)));
      }
      if (shown > 50) out += fmt::format("\n… and {} more in the JSON report.\n", shown - 50);
      out += "\n";
    }
    for (const CaseResult& r : report.results) {
      if (r.unexpected_pass) out += fmt::format("- unexpected pass: {} @ {}\n", MarkdownCell(r.id), NameOf(r.profile));
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
      {"reproduce", report.reproduce_command},
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

namespace {

// Xml is text fit for an XML 1.0 attribute or element: valid UTF-8 with the
// characters XML forbids (C0 controls but tab and newline, U+FFFE, U+FFFF)
// replaced, and the markup characters escaped.
std::string Xml(std::string_view text) {
  const std::string valid = Printable(text, std::string::npos - 8);
  std::string out;
  for (std::size_t i = 0; i < valid.size(); ++i) {
    const char c = valid[i];
    if (c == '\xEF' && i + 2 < valid.size() && valid[i + 1] == '\xBF' &&
        (valid[i + 2] == '\xBE' || valid[i + 2] == '\xBF')) {
      out += "\xEF\xBF\xBD";
      i += 2;
      continue;
    }
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') {
          out += ' ';
        } else {
          out += c;
        }
    }
  }
  return out;
}

}  // namespace

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
        cases += fmt::format("    <testcase classname=\"{}\" name=\"{}@{}\" time=\"{}\">", Xml(r.file), Xml(r.id),
                             NameOf(r.profile), JUnitSeconds(r.duration));
        switch (r.disposition) {
          case Disposition::kFailed:
            ++f;
            cases += fmt::format(
                "<failure message=\"{} differs\" type=\"mismatch\">clauses: {}\ninput: {}\nexpected: {}\nactual: "
                "{}\nrerun: {}</failure>",
                Xml(r.field), Xml(fmt::format("{}", fmt::join(r.clauses, " "))),
                Xml(Printable(InputText(r.input), 4096)), Xml(Dump(r.expected)),
                Xml(r.actual_text.empty() ? Dump(r.actual) : r.actual_text), Xml(ReproduceCommand(report, r)));
            break;
          case Disposition::kAdapterError:
            ++e;
            cases += fmt::format("<error message=\"{}\" type=\"adapter-error\">rerun: {}</error>", Xml(r.detail),
                                 Xml(ReproduceCommand(report, r)));
            break;
          case Disposition::kUnsupported:
          case Disposition::kKnownFailure:
          case Disposition::kSkipped:
            ++s;
            cases += fmt::format("<skipped message=\"{}{}\"/>", NameOf(r.disposition),
                                 r.detail.empty() ? "" : ": " + Xml(r.detail));
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
          Xml(report.implementation), NameOf(profile), t, f, e, s, JUnitSeconds(suite_time),
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
