#include "vectors/runner.h"

#include <fmt/format.h>
#include <fnmatch.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "documents/documents.h"
#include "vectors/checks.h"

namespace lbconform::vectors {

using nlohmann::json;

// ------------------------------ Built-in engines

// An engine answers `unsupported` for the kinds it does not decide, as an
// adapter that does not declare a kind would.
Answer EngineImplementation::Decide(const CaseRequest& request) {
  if (!Implements(engine_, request.test->kind)) return {Answer::Kind::kUnsupported, json(), ""};
  return {Answer::Kind::kDecision, DecideVector(engine_, request.test->input, request.profile), ""};
}

// ------------------------------ Adapters

Answer AdapterImplementation::Fail(std::string problem) {
  process_.Kill();  // restart before the next case
  if (!process_.exit_description().empty()) problem += " (adapter " + process_.exit_description() + ")";
  return {Answer::Kind::kProblem, json(), std::move(problem)};
}

HelloInfo InterpretHello(const std::string& line) {
  HelloInfo info;
  const json hello = json::parse(line, nullptr, false);
  if (hello.is_discarded() || !hello.is_object() || !hello.contains("type") || hello["type"] != "hello" ||
      !hello.contains("protocol") || hello["protocol"] != 1) {
    info.problem = "the adapter's first line is not {\"type\":\"hello\",\"protocol\":1,…}";
    return info;
  }
  info.ok = true;
  info.name = "adapter";
  info.version = "?";
  if (auto it = hello.find("implementation"); it != hello.end() && it->is_object()) {
    if (auto n = it->find("name"); n != it->end() && n->is_string()) info.name = n->get<std::string>();
    if (auto v = it->find("version"); v != it->end() && v->is_string()) info.version = v->get<std::string>();
  }
  return info;
}

Answer InterpretAnswer(const std::string& line, const std::string& case_id) {
  auto problem = [](std::string text) { return Answer{Answer::Kind::kProblem, json(), std::move(text)}; };
  const json answer = json::parse(line, nullptr, false);
  if (answer.is_discarded() || !answer.is_object()) return problem("the answer is not a JSON object: " + line.substr(0, 120));
  if (!answer.contains("type") || answer["type"] != "result") return problem("the answer's type is not \"result\"");
  if (!answer.contains("id") || answer["id"] != case_id) {
    return problem("the answer is for another case: " +
                   (answer.contains("id") ? answer["id"].dump().substr(0, 120) : std::string("no id")));
  }
  if (auto u = answer.find("unsupported"); u != answer.end() && *u == true) return {Answer::Kind::kUnsupported, json(), ""};
  if (!answer.contains("output") || !answer["output"].is_object()) return problem("the answer has no output object");
  return {Answer::Kind::kDecision, answer["output"], ""};
}

bool AdapterImplementation::EnsureStarted(AdapterProcess::Clock::time_point run_deadline, std::string* problem) {
  if (process_.running()) return true;
  if (given_up_) {
    *problem = "the adapter failed to start " + std::to_string(options_.max_consecutive_start_failures) +
               " times in a row; not restarted";
    return false;
  }
  auto give_up_maybe = [&] {
    if (++start_failures_ >= options_.max_consecutive_start_failures) given_up_ = true;
    process_.Kill();
  };
  std::string error;
  if (!process_.Start(&error)) {
    *problem = "cannot start the adapter: " + error;
    give_up_maybe();
    return false;
  }
  const auto deadline = std::min(AdapterProcess::Clock::now() + options_.start_timeout, run_deadline);
  std::string line;
  if (process_.WriteLine(R"({"type":"hello","protocol":1})", deadline) != AdapterProcess::Status::kOk) {
    *problem = "the adapter did not read the hello";
    give_up_maybe();
    return false;
  }
  const auto status = process_.ReadLine(line, deadline, options_.max_line_bytes);
  if (status != AdapterProcess::Status::kOk) {
    *problem = status == AdapterProcess::Status::kTimeout ? "no hello from the adapter in time"
                                                          : "the adapter closed its output before the hello";
    give_up_maybe();
    return false;
  }
  const HelloInfo hello = InterpretHello(line);
  if (!hello.ok) {
    *problem = hello.problem;
    give_up_maybe();
    return false;
  }
  name_ = hello.name;
  version_ = hello.version;
  start_failures_ = 0;
  return true;
}

Answer AdapterImplementation::Decide(const CaseRequest& request) {
  std::string problem;
  if (!EnsureStarted(request.run_deadline, &problem)) return {Answer::Kind::kProblem, json(), problem};
  json message = {{"type", "case"}, {"id", request.case_id}, {"kind", NameOf(request.test->kind)},
                  {"profile", NameOf(request.profile)}};
  if (request.test->input.is_string()) {
    message["inputText"] = request.test->input;
  } else {
    message["input"] = request.test->input;
  }
  const auto deadline = std::min(AdapterProcess::Clock::now() + options_.case_timeout, request.run_deadline);
  if (process_.WriteLine(message.dump(), deadline) != AdapterProcess::Status::kOk) {
    return Fail("the adapter stopped reading its input");
  }
  std::string line;
  switch (process_.ReadLine(line, deadline, options_.max_line_bytes)) {
    case AdapterProcess::Status::kOk: break;
    case AdapterProcess::Status::kTimeout:
      return Fail(fmt::format("no answer within {} ms", options_.case_timeout.count()));
    case AdapterProcess::Status::kClosed: return Fail("the adapter closed its output (crashed or exited)");
    case AdapterProcess::Status::kTooLong:
      return Fail(fmt::format("an output line longer than {} bytes", options_.max_line_bytes));
  }
  Answer answer = InterpretAnswer(line, request.case_id);
  if (answer.kind == Answer::Kind::kProblem) return Fail(std::move(answer.problem));
  return answer;
}

void AdapterImplementation::Finish() {
  if (process_.running()) {
    process_.WriteLine(R"({"type":"bye"})", AdapterProcess::Clock::now() + std::chrono::milliseconds(200));
  }
  process_.Kill();
}

// ------------------------------ Running

std::string_view NameOf(Disposition disposition) {
  switch (disposition) {
    case Disposition::kPassed: return "passed";
    case Disposition::kFailed: return "failed";
    case Disposition::kAdapterError: return "adapter-error";
    case Disposition::kUnsupported: return "unsupported";
    case Disposition::kKnownFailure: return "known-failure";
    case Disposition::kSkipped: return "skipped";
  }
  return "?";
}

std::optional<std::vector<KnownFailure>> LoadExpectations(const std::string& path, std::string* error) {
  std::ifstream in(path);
  if (!in) {
    *error = "cannot open " + path;
    return std::nullopt;
  }
  const json doc = json::parse(in, nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("knownFailures") || !doc["knownFailures"].is_array()) {
    *error = path + ": expected {\"knownFailures\": [{\"id\": …, \"reason\": …}]}";
    return std::nullopt;
  }
  std::vector<KnownFailure> out;
  for (const json& k : doc["knownFailures"]) {
    if (!k.is_object() || !k.contains("id") || !k["id"].is_string() || !k.contains("reason") || !k["reason"].is_string() ||
        k["reason"].get<std::string>().empty()) {
      *error = path + ": every known failure needs an id and a reason";
      return std::nullopt;
    }
    KnownFailure known{k["id"].get<std::string>(), std::nullopt, k["reason"].get<std::string>()};
    if (k.contains("profile")) {
      known.profile = k["profile"].is_string() ? ProfileFromName(k["profile"].get<std::string>()) : std::nullopt;
      if (!known.profile) {
        *error = path + ": unknown profile for " + known.id;
        return std::nullopt;
      }
    }
    out.push_back(known);
  }
  return out;
}

namespace {

bool Selected(const VectorTest& test, const RunOptions& options) {
  if (!options.id_patterns.empty() &&
      std::none_of(options.id_patterns.begin(), options.id_patterns.end(),
                   [&](const std::string& p) { return fnmatch(p.c_str(), test.id.c_str(), 0) == 0; })) {
    return false;
  }
  auto any_of = [](const std::vector<std::string>& wanted, const std::vector<std::string>& have) {
    return wanted.empty() || std::any_of(wanted.begin(), wanted.end(), [&](const std::string& w) {
             return std::find(have.begin(), have.end(), w) != have.end();
           });
  };
  return any_of(options.clauses, test.clauses) && any_of(options.flags, test.flags);
}

std::string RelativeName(const VectorFile& file) {
  return file.path.parent_path().filename().string() + "/" + file.path.filename().string();
}

}  // namespace

std::string VectorDigest(const std::vector<VectorFile>& files) {
  std::uint64_t hash = 14695981039346656037ULL;
  for (const VectorFile& file : files) {
    for (const unsigned char c : WriteVectorFile(file)) {
      hash ^= c;
      hash *= 1099511628211ULL;
    }
  }
  return fmt::format("fnv1a64:{:016x}", hash);
}

RunReport RunVectors(const std::vector<VectorFile>& files, Implementation& implementation, const RunOptions& options) {
  RunReport report;
  report.vector_digest = VectorDigest(files);
  const std::vector<Profile> profiles =
      options.profiles.empty() ? std::vector<Profile>(AllProfiles().begin(), AllProfiles().end()) : options.profiles;
  struct Work {
    const VectorFile* file;
    const VectorTest* test;
    Profile profile;
  };
  std::vector<Work> work;
  for (Profile profile : profiles) {
    for (const VectorFile& file : files) {
      for (const VectorGroup& group : file.groups) {
        for (const VectorTest& test : group.tests) {
          if (test.AppliesTo(profile) && Selected(test, options)) work.push_back({&file, &test, profile});
        }
      }
    }
  }
  const auto deadline = std::chrono::steady_clock::now() + options.run_timeout;
  for (std::size_t i = 0; i < work.size(); ++i) {
    const Work& w = work[i];
    CaseResult result{w.test->id, RelativeName(*w.file), w.test->tc_id, w.profile, w.test->clauses, w.test->flags,
                      Disposition::kSkipped, "", "", w.test->expected.size() == 1 ? w.test->expected.front() : json(w.test->expected), json()};
    if (std::chrono::steady_clock::now() >= deadline) {
      report.timed_out = true;
      result.detail = "the whole-run timeout expired first";
      report.results.push_back(std::move(result));
      continue;
    }
    const Answer answer =
        implementation.Decide({w.test->id + "@" + std::string(NameOf(w.profile)), w.test, w.profile, deadline});
    switch (answer.kind) {
      case Answer::Kind::kUnsupported:
        result.disposition = Disposition::kUnsupported;
        break;
      case Answer::Kind::kProblem:
        result.disposition = Disposition::kAdapterError;
        result.detail = answer.problem;
        break;
      case Answer::Kind::kDecision:
        result.actual = answer.decision;
        result.disposition = ExpectationMatches(*w.test, answer.decision, &result.field) ? Disposition::kPassed
                                                                                          : Disposition::kFailed;
        break;
    }
    if (result.disposition == Disposition::kFailed || result.disposition == Disposition::kAdapterError) {
      for (const KnownFailure& known : options.known_failures) {
        if (known.id == w.test->id && (!known.profile || *known.profile == w.profile)) {
          result.detail = (result.detail.empty() ? "" : result.detail + "; ") + "known: " + known.reason;
          result.disposition = Disposition::kKnownFailure;
        }
      }
    }
    report.results.push_back(std::move(result));
    if (options.progress) options.progress(i + 1, work.size());
  }
  implementation.Finish();
  report.implementation = implementation.name();
  report.implementation_version = implementation.version();
  return report;
}

std::map<Profile, ProfileCounts> RunReport::Counts() const {
  std::map<Profile, ProfileCounts> counts;
  for (const CaseResult& r : results) {
    ProfileCounts& c = counts[r.profile];
    switch (r.disposition) {
      case Disposition::kPassed: ++c.passed; break;
      case Disposition::kFailed: ++c.failed; break;
      case Disposition::kAdapterError: ++c.adapter_errors; break;
      case Disposition::kUnsupported: ++c.unsupported; break;
      case Disposition::kKnownFailure: ++c.known_failures; break;
      case Disposition::kSkipped: ++c.skipped; break;
    }
  }
  return counts;
}

bool RunReport::RequiredPassed() const {
  if (timed_out) return false;
  return std::none_of(results.begin(), results.end(), [](const CaseResult& r) {
    return r.disposition == Disposition::kFailed || r.disposition == Disposition::kAdapterError;
  });
}

// ------------------------------ Reports

std::string SummaryText(const RunReport& report) {
  std::string out = fmt::format("{} {} — lbconform vectors {} ({})\n", report.implementation,
                                report.implementation_version, report.suite_version, report.vector_digest);
  int shown = 0;
  for (const CaseResult& r : report.results) {
    if (r.disposition != Disposition::kFailed && r.disposition != Disposition::kAdapterError) continue;
    if (++shown > 25) continue;
    out += fmt::format("  {} {} @ {} [{} tcId {}] clauses {}\n", r.disposition == Disposition::kFailed ? "FAIL " : "ERROR",
                       r.id, NameOf(r.profile), r.file, r.tc_id, fmt::join(r.clauses, " "));
    if (r.disposition == Disposition::kFailed) {
      out += fmt::format("        field {}\n        expected {}\n        actual   {}\n", r.field,
                         r.expected.dump().substr(0, 300), r.actual.dump().substr(0, 300));
    } else {
      out += fmt::format("        {}\n", r.detail);
    }
  }
  if (shown > 25) out += fmt::format("  … and {} more (see --report)\n", shown - 25);
  for (const CaseResult& r : report.results) {
    if (r.disposition == Disposition::kKnownFailure) {
      out += fmt::format("  known {} @ {}: {}\n", r.id, NameOf(r.profile), r.detail);
    }
  }
  for (const auto& [profile, c] : report.Counts()) {
    out += fmt::format("  profile {:<14} {} passed, {} failed, {} adapter errors, {} unsupported, {} known failures, {} skipped\n",
                       NameOf(profile), c.passed, c.failed, c.adapter_errors, c.unsupported, c.known_failures, c.skipped);
  }
  if (report.timed_out) out += "  the whole-run timeout expired: the run is incomplete\n";
  out += report.RequiredPassed() ? "  CONFORMS\n" : "  DOES NOT CONFORM\n";
  return out;
}

json ReportJson(const RunReport& report) {
  json profiles = json::object();
  for (const auto& [profile, c] : report.Counts()) {
    profiles[std::string(NameOf(profile))] = {{"passed", c.passed}, {"failed", c.failed},
                                              {"adapterErrors", c.adapter_errors}, {"unsupported", c.unsupported},
                                              {"knownFailures", c.known_failures}, {"skipped", c.skipped}};
  }
  json results = json::array();
  for (const CaseResult& r : report.results) {
    json entry = {{"id", r.id},          {"profile", NameOf(r.profile)}, {"file", r.file},
                  {"tcId", r.tc_id},     {"clauses", r.clauses},         {"flags", r.flags},
                  {"disposition", NameOf(r.disposition)}};
    if (!r.field.empty()) entry["field"] = r.field;
    if (!r.detail.empty()) entry["detail"] = r.detail;
    if (r.disposition == Disposition::kFailed || r.disposition == Disposition::kKnownFailure) {
      entry["expected"] = r.expected;
      entry["actual"] = r.actual;
    }
    results.push_back(entry);
  }
  return {{"implementation", {{"name", report.implementation}, {"version", report.implementation_version}}},
          {"suiteVersion", report.suite_version},
          {"vectorDigest", report.vector_digest},
          {"complete", !report.timed_out},
          {"conforms", report.RequiredPassed()},
          {"profiles", profiles},
          {"results", results}};
}

namespace {

std::string Xml(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
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
  int tests = 0, failures = 0, errors = 0, skipped = 0;
  for (const RunReport& report : reports) {
    for (Profile profile : AllProfiles()) {
      std::string cases;
      int t = 0, f = 0, e = 0, s = 0;
      for (const CaseResult& r : report.results) {
        if (r.profile != profile) continue;
        ++t;
        cases += fmt::format("    <testcase classname=\"{}\" name=\"{}\">", Xml(r.file), Xml(r.id));
        switch (r.disposition) {
          case Disposition::kFailed:
            ++f;
            cases += fmt::format("<failure message=\"{} differs\">clauses: {}\nexpected: {}\nactual: {}</failure>",
                                 Xml(r.field), Xml(fmt::format("{}", fmt::join(r.clauses, " "))), Xml(r.expected.dump()),
                                 Xml(r.actual.dump()));
            break;
          case Disposition::kAdapterError:
            ++e;
            cases += fmt::format("<error message=\"{}\"/>", Xml(r.detail));
            break;
          case Disposition::kUnsupported:
          case Disposition::kKnownFailure:
          case Disposition::kSkipped:
            ++s;
            cases += fmt::format("<skipped message=\"{}{}\"/>", NameOf(r.disposition), r.detail.empty() ? "" : ": " + Xml(r.detail));
            break;
          case Disposition::kPassed:
            break;
        }
        cases += "</testcase>\n";
      }
      if (t == 0) continue;
      suites += fmt::format("  <testsuite name=\"{} / {}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">\n{}  </testsuite>\n",
                            Xml(report.implementation), NameOf(profile), t, f, e, s, cases);
      tests += t;
      failures += f;
      errors += e;
      skipped += s;
    }
  }
  return fmt::format("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"lbconform\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">\n{}</testsuites>\n",
                     tests, failures, errors, skipped, suites);
}

}  // namespace lbconform::vectors
