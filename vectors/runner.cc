#include "vectors/runner.h"

#include <fmt/format.h>
#include <fnmatch.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "documents/documents.h"
#include "documents/scenario_json.h"
#include "vectors/checks.h"
#include "vectors/run_signals.h"
#include "vectors/sessions.h"

namespace lbconform::vectors {

using nlohmann::json;

namespace {

// Dump is compact JSON that never throws (strings from an adapter are valid
// UTF-8 once parsed, but be safe).
std::string Dump(const json& value) { return value.dump(-1, ' ', false, json::error_handler_t::replace); }

// ParseAnswerLine parses one line of an adapter with the scenario documents'
// limits (depth, duplicate keys), so that no answer can exhaust the stack of
// the code that copies, compares or prints it.
std::optional<json> ParseAnswerLine(const std::string& line, std::string* why) {
  std::vector<Error> errors;
  std::optional<json> parsed = ParseJsonDocument(line, errors);
  if (!parsed && why != nullptr) *why = errors.empty() ? "not JSON" : TerminalText(errors.front().message, 200);
  return parsed;
}

}  // namespace

// ------------------------------ Built-in engines

// An engine answers `unsupported` for the kinds it does not decide, as an
// adapter that does not declare a kind would.
Answer EngineImplementation::Decide(const CaseRequest& request) {
  if (!Implements(engine_, request.test->kind)) return {Answer::Kind::kUnsupported, json(), ""};
  return {Answer::Kind::kDecision, DecideVector(engine_, request.test->input, request.profile), ""};
}

std::optional<std::vector<ScenarioKind>> EngineImplementation::kinds() const { return KindsOf(engine_); }

// ------------------------------ Adapters

std::string_view NameOf(AdapterProblem problem) {
  switch (problem) {
    case AdapterProblem::kOther:
      return "other";
    case AdapterProblem::kNotStarted:
      return "did not start";
    case AdapterProblem::kStoppedReading:
      return "stopped reading";
    case AdapterProblem::kTimeout:
      return "no answer in time";
    case AdapterProblem::kClosed:
      return "closed its output";
    case AdapterProblem::kLineTooLong:
      return "line too long";
    case AdapterProblem::kNotJson:
      return "not JSON";
    case AdapterProblem::kNotAnAnswer:
      return "not an answer";
    case AdapterProblem::kWrongId:
      return "wrong id";
  }
  return "?";
}

Answer AdapterImplementation::Fail(std::string problem, AdapterProblem problem_class) {
  process_.Kill();  // restart before the next case
  if (!process_.exit_description().empty()) problem += " (adapter " + process_.exit_description() + ")";
  return {Answer::Kind::kProblem, json(), std::move(problem), problem_class};
}

HelloInfo InterpretHello(const std::string& line) {
  HelloInfo info;
  std::string why;
  const std::optional<json> parsed = ParseAnswerLine(line, &why);
  if (!parsed) {
    info.problem = "the adapter's hello is not JSON (" + why + "): " + TerminalText(line, 120);
    return info;
  }
  const json& hello = *parsed;
  if (!hello.is_object() || hello.value("type", json()) != "hello") {
    info.problem = "the adapter's first line is not {\"type\":\"hello\",\"protocol\":1,…}: " + TerminalText(line, 120);
    return info;
  }
  if (!hello.contains("protocol") || hello["protocol"] != 1) {
    info.problem = "the adapter speaks protocol " +
                   (hello.contains("protocol") ? TerminalText(Dump(hello["protocol"]), 40) : std::string("(none)")) +
                   "; this runner speaks protocol 1";
    return info;
  }
  info.name = "adapter";
  info.version = "?";
  if (auto it = hello.find("implementation"); it != hello.end() && it->is_object()) {
    if (auto n = it->find("name"); n != it->end() && n->is_string())
      info.name = TerminalText(n->get<std::string>(), 200);
    if (auto v = it->find("version"); v != it->end() && v->is_string())
      info.version = TerminalText(v->get<std::string>(), 200);
  }
  const auto kinds = hello.find("kinds");
  if (kinds == hello.end() || !kinds->is_array()) {
    info.problem = "the adapter's hello has no \"kinds\" list (the kinds it implements, e.g. [\"passthrough\"])";
    return info;
  }
  for (const json& k : *kinds) {
    const std::optional<ScenarioKind> kind = k.is_string() ? ScenarioKindFromName(k.get<std::string>()) : std::nullopt;
    if (!kind) {
      std::vector<std::string_view> known;
      for (ScenarioKind each : AllScenarioKinds()) known.push_back(NameOf(each));
      info.problem = fmt::format("the adapter's hello declares an unknown kind {} (kinds: {})",
                                 TerminalText(Dump(k), 80), fmt::join(known, ", "));
      return info;
    }
    if (std::find(info.kinds.begin(), info.kinds.end(), *kind) == info.kinds.end()) info.kinds.push_back(*kind);
  }
  if (const auto sessions = hello.find("sessions"); sessions != hello.end() && !sessions->is_null()) {
    info.problem = InterpretSessionsHello(*sessions, info.session_kinds, info.max_open_sessions);
    if (!info.problem.empty()) return info;
  }
  info.ok = true;
  return info;
}

Answer InterpretAnswer(const std::string& line, const std::string& case_id) {
  auto problem = [](std::string text, AdapterProblem problem_class) {
    return Answer{Answer::Kind::kProblem, json(), std::move(text), problem_class};
  };
  std::string why;
  std::optional<json> parsed = ParseAnswerLine(line, &why);
  if (!parsed)
    return problem("the answer is not JSON (" + why + "): " + TerminalText(line, 120), AdapterProblem::kNotJson);
  json& answer = *parsed;
  if (!answer.is_object())
    return problem("the answer is not a JSON object: " + TerminalText(line, 120), AdapterProblem::kNotAnAnswer);
  if (!answer.contains("type") || answer["type"] != "result")
    return problem("the answer's type is not \"result\"", AdapterProblem::kNotAnAnswer);
  if (!answer.contains("id") || answer["id"] != case_id) {
    return problem("the answer is for another case: " +
                       (answer.contains("id") ? TerminalText(Dump(answer["id"]), 120) : std::string("no id")),
                   AdapterProblem::kWrongId);
  }
  if (auto u = answer.find("unsupported"); u != answer.end() && *u == true)
    return {Answer::Kind::kUnsupported, json(), ""};
  if (!answer.contains("output") || !answer["output"].is_object())
    return problem("the answer has no output object", AdapterProblem::kNotAnAnswer);
  return {Answer::Kind::kDecision, std::move(answer["output"]), ""};
}

json CaseMessage(const CaseRequest& request) {
  json message = {{"type", "case"},
                  {"id", request.case_id},
                  {"kind", NameOf(request.test->kind)},
                  {"profile", NameOf(request.profile)}};
  if (request.test->input.is_string()) {
    message["inputText"] = request.test->input;
  } else {
    message["input"] = request.test->input;
  }
  return message;
}

std::string CaseMessageText(const CaseRequest& request) {
  // The keys in CaseMessage's (sorted) order.
  std::string text = "{\"id\":" + json(request.case_id).dump();
  text += request.test->input.is_string() ? ",\"inputText\":" : ",\"input\":";
  text += request.test->input.dump();
  text += ",\"kind\":" + json(NameOf(request.test->kind)).dump();
  text += ",\"profile\":" + json(NameOf(request.profile)).dump();
  text += ",\"type\":\"case\"}";
  return text;
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
  previous_case_id_.clear();
  ++starts_;
  input_broken_ = false;
  const auto deadline = std::min(AdapterProcess::Clock::now() + options_.start_timeout, run_deadline);
  std::string line;
  if (process_.WriteLine(R"({"type":"hello","protocol":1})", deadline) != AdapterProcess::Status::kOk) {
    *problem = "the adapter did not read the hello";
    give_up_maybe();
    return false;
  }
  switch (process_.ReadLine(line, deadline, options_.max_line_bytes)) {
    case AdapterProcess::Status::kOk:
      break;
    case AdapterProcess::Status::kTimeout:
      *problem = "no hello from the adapter in time";
      break;
    case AdapterProcess::Status::kClosed:
      *problem = "the adapter closed its output before the hello";
      break;
    case AdapterProcess::Status::kTooLong:
      *problem = fmt::format("the adapter's hello is longer than {} bytes", options_.max_line_bytes);
      break;
    case AdapterProcess::Status::kInterrupted:
      *problem = "interrupted by a signal";
      break;
  }
  if (!problem->empty()) {
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
  kinds_ = hello.kinds;
  session_kinds_ = hello.session_kinds;
  max_open_sessions_ = hello.max_open_sessions;
  start_failures_ = 0;
  last_answer_at_ = AdapterProcess::Clock::now();
  return true;
}

AdapterProcess* AdapterImplementation::Channel(AdapterProcess::Clock::time_point run_deadline, std::string* problem) {
  if (!submitted_.empty()) Abandon();
  return EnsureStarted(run_deadline, problem) ? &process_ : nullptr;
}

namespace {

// HowItEnded says what an adapter's exit status (AdapterProcess's "exit N",
// "signal N") means when it ended before its hello.
std::string HowItEnded(const std::string& exit_description) {
  if (exit_description == "exit 127") return "exit 127: /bin/sh did not find the command";
  if (exit_description == "exit 126") return "exit 126: the command is not executable";
  if (exit_description.empty()) return "still running";
  return exit_description;
}

}  // namespace

bool AdapterImplementation::Start(AdapterProcess::Clock::time_point deadline, std::string* problem) {
  if (EnsureStarted(deadline, problem)) return true;
  // EnsureStarted has killed and reaped it: how it ended is known.
  const std::string how = HowItEnded(process_.exit_description());
  // Whether the hello could not be written or its answer read, an adapter that
  // exited (rather than was killed) ended before its hello.
  const bool exited = how.rfind("exit ", 0) == 0 || how.rfind("signal ", 0) == 0;
  if (problem->find("closed its output before the hello") != std::string::npos ||
      (exited && problem->find("did not read the hello") != std::string::npos)) {
    *problem = fmt::format("it exited before its hello ({})", how);
  } else if (problem->find("hello is not JSON") != std::string::npos ||
             problem->find("first line is not") != std::string::npos) {
    *problem += " (standard output carries protocol lines only: write logs to standard error)";
  }
  *problem = "the adapter did not start: " + *problem + "; command: " + options_.command;
  return false;
}

Answer AdapterImplementation::Decide(const CaseRequest& request) {
  Abandon();  // no answer still due may be read as this one's
  std::string problem;
  if (!EnsureStarted(request.run_deadline, &problem)) {
    if (PendingRunSignal() != 0) return {Answer::Kind::kInterrupted, json(), problem};
    return {Answer::Kind::kProblem, json(), problem, AdapterProblem::kNotStarted};
  }
  const auto deadline = std::min(AdapterProcess::Clock::now() + options_.case_timeout, request.run_deadline);
  switch (process_.WriteLine(CaseMessageText(request), deadline)) {
    case AdapterProcess::Status::kOk:
      break;
    case AdapterProcess::Status::kInterrupted:
      process_.Kill();
      return Answer{Answer::Kind::kInterrupted, json(), "interrupted by a signal"};
    default:
      return Fail("the adapter stopped reading its input", AdapterProblem::kStoppedReading);
  }
  return ReadAnswer(request, deadline);
}

Answer AdapterImplementation::ReadAnswer(const CaseRequest& request, AdapterProcess::Clock::time_point deadline) {
  const std::string& case_id = request.case_id;
  std::string line;
  switch (process_.ReadLine(line, deadline, options_.max_line_bytes)) {
    case AdapterProcess::Status::kOk:
      break;
    case AdapterProcess::Status::kInterrupted:
      process_.Kill();
      return Answer{Answer::Kind::kInterrupted, json(), "interrupted by a signal"};
    case AdapterProcess::Status::kTimeout:
      return Fail(fmt::format("no answer within {} ms", options_.case_timeout.count()), AdapterProblem::kTimeout);
    case AdapterProcess::Status::kClosed:
      return Fail("the adapter closed its output (crashed or exited)", AdapterProblem::kClosed);
    case AdapterProcess::Status::kTooLong:
      return Fail(fmt::format("an output line longer than {} bytes", options_.max_line_bytes),
                  AdapterProblem::kLineTooLong);
  }
  if (request.expected_answer_line != nullptr && line == *request.expected_answer_line) {
    previous_case_id_ = case_id;
    Answer answer{Answer::Kind::kDecision, json(), ""};
    answer.as_expected = true;
    return answer;
  }
  Answer answer = InterpretAnswer(line, case_id);
  if (answer.kind != Answer::Kind::kProblem) {
    previous_case_id_ = case_id;
    return answer;
  }
  // The case before's id: a second answer to it, or this case's answer under
  // the wrong id; the two cannot be told apart, and waiting for another line
  // would only wait out the case timeout. Said at once.
  if (!previous_case_id_.empty() && InterpretAnswer(line, previous_case_id_).kind != Answer::Kind::kProblem) {
    return Fail(fmt::format("the answer carries the id of the case before ({}), not this case's: a second answer to "
                            "that case, or this case's answer under a wrong id",
                            TerminalText(Dump(json(previous_case_id_)), 120)),
                AdapterProblem::kWrongId);
  }
  return Fail(std::move(answer.problem), answer.problem_class);
}

Answer Implementation::Collect() {
  if (submitted_.empty()) return {Answer::Kind::kProblem, json(), "no case was submitted"};
  const CaseRequest request = std::move(submitted_.front());
  submitted_.pop_front();
  return Decide(request);
}

void AdapterImplementation::Submit(const CaseRequest& request) {
  // Written at once only behind cases written to this same start of the
  // adapter; otherwise (not started, a case before to be sent again) it is
  // sent when collected, as Decide sends it.
  const bool behind_written = std::all_of(sent_.begin(), sent_.end(), [&](const Sent& s) {
    return s.start == starts_ && s.problem.empty() && !s.interrupted;
  });
  Sent sent;
  sent.at = AdapterProcess::Clock::now();
  if (behind_written && process_.running() && !input_broken_) {
    const auto deadline = std::min(sent.at + options_.case_timeout, request.run_deadline);
    // Room for the answers of the cases in flight, each up to a line's limit.
    const std::size_t max_buffered = (sent_.size() + 1) * (options_.max_line_bytes + 1);
    switch (process_.WriteLineReading(CaseMessageText(request), deadline, max_buffered)) {
      case AdapterProcess::Status::kOk:
        break;
      case AdapterProcess::Status::kInterrupted:
        sent.interrupted = true;
        input_broken_ = true;
        break;
      default:
        sent.problem = "the adapter stopped reading its input";
        input_broken_ = true;
        break;
    }
    sent.start = starts_;
  }
  submitted_.push_back(request);
  sent_.push_back(std::move(sent));
}

Answer AdapterImplementation::Collect() {
  if (submitted_.empty()) return {Answer::Kind::kProblem, json(), "no case was submitted"};
  const CaseRequest request = std::move(submitted_.front());
  submitted_.pop_front();
  const Sent sent = std::move(sent_.front());
  sent_.pop_front();
  // A case written to an adapter since restarted is sent again (as the
  // oldest case, nothing is in flight before it).
  if (sent.start == 0 || sent.start != starts_ || !process_.running()) {
    std::deque<CaseRequest> later = std::move(submitted_);
    std::deque<Sent> later_sent = std::move(sent_);
    submitted_.clear();
    sent_.clear();
    Answer answer = Decide(request);
    submitted_ = std::move(later);
    sent_ = std::move(later_sent);
    return answer;
  }
  if (sent.interrupted) {
    process_.Kill();
    return Answer{Answer::Kind::kInterrupted, json(), "interrupted by a signal"};
  }
  if (!sent.problem.empty()) return Fail(sent.problem, AdapterProblem::kStoppedReading);
  // The adapter has had this case since it answered the one before.
  const auto deadline = std::min(std::max(sent.at, last_answer_at_) + options_.case_timeout, request.run_deadline);
  Answer answer = ReadAnswer(request, deadline);
  last_answer_at_ = AdapterProcess::Clock::now();
  return answer;
}

void AdapterImplementation::Abandon() {
  const bool answers_due = std::any_of(sent_.begin(), sent_.end(), [&](const Sent& s) { return s.start == starts_; });
  submitted_.clear();
  sent_.clear();
  // Answers still due would be read as the next cases' answers: start afresh.
  if (process_.running() && (answers_due || input_broken_)) process_.Kill();
}

void AdapterImplementation::Finish() {
  Abandon();
  if (process_.running()) {
    process_.WriteLine(R"({"type":"bye"})", AdapterProcess::Clock::now() + std::chrono::milliseconds(200));
  }
  process_.Kill();
}

// ------------------------------ Running

std::string_view NameOf(Disposition disposition) {
  switch (disposition) {
    case Disposition::kPassed:
      return "passed";
    case Disposition::kFailed:
      return "failed";
    case Disposition::kAdapterError:
      return "adapter-error";
    case Disposition::kUnsupported:
      return "unsupported";
    case Disposition::kKnownFailure:
      return "known-failure";
    case Disposition::kSkipped:
      return "skipped";
  }
  return "?";
}

std::optional<std::vector<KnownFailure>> LoadExpectations(const std::string& path, std::string* error) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    *error = "cannot read " + path + (std::filesystem::exists(path, ec) ? ": not a regular file" : ": no such file");
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  std::string text;
  std::vector<char> chunk(1 << 16);
  while (in && text.size() <= kMaxInputBytes) {
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    text.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
  }
  if (in.bad()) {
    *error = "cannot read " + path;
    return std::nullopt;
  }
  std::vector<Error> errors;
  const std::optional<json> parsed = ParseJsonDocument(text, errors);
  if (!parsed) {
    *error = path + ": " + (errors.empty() ? "not JSON" : errors.front().message);
    return std::nullopt;
  }
  const json& doc = *parsed;
  if (!doc.is_object() || !doc.contains("knownFailures") || !doc["knownFailures"].is_array()) {
    *error = path + ": expected {\"knownFailures\": [{\"id\": …, \"reason\": …}]}";
    return std::nullopt;
  }
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    if (it.key() != "knownFailures") {
      *error = path + ": unknown key \"" + it.key() + "\" (expected only knownFailures)";
      return std::nullopt;
    }
  }
  std::vector<KnownFailure> out;
  for (const json& k : doc["knownFailures"]) {
    if (!k.is_object() || !k.contains("id") || !k["id"].is_string() || !k.contains("reason") ||
        !k["reason"].is_string() || k["reason"].get<std::string>().empty()) {
      *error = path + ": every known failure needs an id and a reason";
      return std::nullopt;
    }
    for (auto it = k.begin(); it != k.end(); ++it) {
      if (it.key() != "id" && it.key() != "profile" && it.key() != "reason") {
        *error = path + ": unknown key \"" + it.key() + "\" in the entry for " + k["id"].get<std::string>() +
                 " (expected id, profile, reason)";
        return std::nullopt;
      }
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

// Depth is how deeply `value` nests (a parsed answer: at most kMaxJsonDepth).
int Depth(const json& value) {
  int deepest = 0;
  if (value.is_structured()) {
    for (const json& child : value) deepest = std::max(deepest, Depth(child));
    return deepest + 1;
  }
  return 0;
}

// An answer nested deeper than this is kept as text, so that the report that
// holds it stays within what `lbconform report` reads.
constexpr int kMaxStoredAnswerDepth = 40;

// KeepAnswer stores what an adapter said, bounded: a large or deep answer is
// kept as the start of its compact text.
void KeepAnswer(CaseResult& result, const json& decision) {
  const std::string text = Dump(decision);
  if (text.size() <= kMaxStoredAnswerBytes && Depth(decision) <= kMaxStoredAnswerDepth) {
    result.actual = decision;
  } else {
    result.actual_text = Printable(text, kMaxStoredAnswerBytes);
  }
}

// Work is one case of a run: a vector under one profile.
struct Work {
  const VectorFile* file;
  const VectorTest* test;
  Profile profile;
};

// WorkOf lists the run's cases: profile by profile, each selected vector
// that applies to the profile, in file order.
std::vector<Work> WorkOf(const std::vector<VectorFile>& files, const RunOptions& options) {
  const std::vector<Profile> profiles =
      options.profiles.empty() ? std::vector<Profile>(AllProfiles().begin(), AllProfiles().end()) : options.profiles;
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
  return work;
}

// CaseOf is a case's result before it is run: what the vector says.
CaseResult CaseOf(const Work& w) {
  CaseResult result;
  result.id = w.test->id;
  result.file = RelativeName(*w.file);
  result.tc_id = w.test->tc_id;
  result.kind = w.test->kind;
  result.profile = w.profile;
  result.clauses = w.test->clauses;
  result.flags = w.test->flags;
  result.comment = w.test->comment;
  result.expected = w.test->expected.size() == 1 ? w.test->expected.front() : json(w.test->expected);
  return result;
}

// NoteStop records in `report` why the run stops before the next case: a
// signal, or the whole-run timeout.
void NoteStop(RunReport& report, const RunOptions& options, std::chrono::steady_clock::time_point deadline) {
  if (!report.stop_reason.empty()) return;
  if (const int signal_number = options.stop_signal ? options.stop_signal() : 0; signal_number != 0) {
    report.stop_signal = signal_number;
    report.stop_reason = fmt::format("interrupted by signal {}", signal_number);
  } else if (std::chrono::steady_clock::now() >= deadline) {
    report.timed_out = true;
    report.stop_reason = fmt::format("the whole-run timeout ({} s) expired", options.run_timeout.count());
  }
}

// Judge sets a case's disposition from the answer; false when the answer
// says the run was interrupted.
bool Judge(CaseResult& result, const Answer& answer, const VectorTest& test, Profile profile, bool kind_declared) {
  switch (answer.kind) {
    case Answer::Kind::kInterrupted:
      return false;
    case Answer::Kind::kUnsupported:
      result.disposition = Disposition::kUnsupported;
      if (!kind_declared) result.detail = "kind not implemented (not declared)";
      break;
    case Answer::Kind::kProblem:
      result.disposition = Disposition::kAdapterError;
      result.detail = answer.problem;
      break;
    case Answer::Kind::kDecision:
      KeepAnswer(result, answer.decision);
      if (answer.session) {  // run as a session: judged message by message
        const SessionJudgment judged = JudgeSession(test, profile, *answer.session);
        result.disposition = judged.passed ? Disposition::kPassed : Disposition::kFailed;
        result.field = judged.field;
        result.detail = judged.detail;
        break;
      }
      result.disposition =
          ExpectationMatches(test, answer.decision, &result.field) ? Disposition::kPassed : Disposition::kFailed;
      break;
  }
  return true;
}

// ApplyKnownFailures: a failure the expectations list is a known failure;
// a listed case that passes says so.
void ApplyKnownFailures(CaseResult& result, const Work& w, const RunOptions& options) {
  for (const KnownFailure& known : options.known_failures) {
    if (known.id != w.test->id || (known.profile && *known.profile != w.profile)) continue;
    if (result.disposition == Disposition::kFailed || result.disposition == Disposition::kAdapterError) {
      result.detail = (result.detail.empty() ? "" : result.detail + "; ") + "known: " + known.reason;
      result.disposition = Disposition::kKnownFailure;
      result.known_reason = known.reason;
    } else if (result.disposition == Disposition::kPassed) {
      result.unexpected_pass = true;
      result.known_reason = known.reason;
      result.detail = "listed as a known failure (" + known.reason + ") but passes: remove it from the expectations";
    }
  }
  if (result.disposition == Disposition::kFailed || result.disposition == Disposition::kAdapterError ||
      result.disposition == Disposition::kKnownFailure) {
    result.input = w.test->input;
  }
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
  report.started = std::chrono::system_clock::now();
  report.vector_digest = options.vector_digest.empty() ? VectorDigest(files) : options.vector_digest;
  report.reproduce_command = options.reproduce_command;
  report.reproduce_selection = options.reproduce_selection;
  report.strict_expectations = options.strict_expectations;
  const std::vector<Work> work = WorkOf(files, options);
  const auto deadline = std::chrono::steady_clock::now() + options.run_timeout;
  if (std::string problem; !work.empty() && !implementation.Start(deadline, &problem)) {
    report.did_not_start = true;
    report.stop_reason = problem;
  }
  int consecutive_errors = 0;
  for (std::size_t i = 0; i < work.size(); ++i) {
    const Work& w = work[i];
    CaseResult result = CaseOf(w);
    NoteStop(report, options, deadline);
    if (!report.stop_reason.empty()) {
      result.detail = "not reached: " + report.stop_reason;
      report.results.push_back(std::move(result));
      continue;
    }
    const std::optional<std::vector<ScenarioKind>> declared = implementation.kinds();
    const bool kind_declared =
        !declared || std::find(declared->begin(), declared->end(), w.test->kind) != declared->end();
    const auto case_start = std::chrono::steady_clock::now();
    const Answer answer =
        kind_declared
            ? implementation.Decide({w.test->id + "@" + std::string(NameOf(w.profile)), w.test, w.profile, deadline})
            : Answer{Answer::Kind::kUnsupported, json(), ""};
    result.duration =
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - case_start);
    if (!Judge(result, answer, *w.test, w.profile, kind_declared)) {
      report.stop_signal = PendingRunSignal();
      report.stop_reason = fmt::format("interrupted by signal {}", report.stop_signal);
      result.detail = "not reached: " + report.stop_reason;
      report.results.push_back(std::move(result));
      continue;
    }
    consecutive_errors = result.disposition == Disposition::kAdapterError ? consecutive_errors + 1 : 0;
    ApplyKnownFailures(result, w, options);
    report.results.push_back(std::move(result));
    if (options.max_consecutive_adapter_errors > 0 && consecutive_errors >= options.max_consecutive_adapter_errors &&
        i + 1 < work.size()) {
      report.stop_reason =
          fmt::format("{} adapter errors in a row with no good answer between them", consecutive_errors);
    }
    if (options.progress) options.progress(i + 1, work.size());
  }
  implementation.Finish();
  report.implementation = implementation.name();
  report.implementation_version = implementation.version();
  report.declared_kinds = implementation.kinds();
  report.finished = std::chrono::system_clock::now();
  return report;
}

}  // namespace lbconform::vectors
