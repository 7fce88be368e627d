#include "vectors/sessions.h"

#include <fmt/format.h>

#include <algorithm>

#include "documents/printable_text.h"
#include "documents/scenario_json.h"
#include "model/timeline_model.h"
#include "vectors/run_signals.h"

namespace lbconform::vectors {

using nlohmann::json;

namespace {

std::string MessageDump(const json& value) { return value.dump(-1, ' ', false, json::error_handler_t::replace); }

}  // namespace

// ------------------------------ Messages

std::string InterpretSessionsHello(const json& sessions, std::vector<ScenarioKind>& kinds, int& max_open) {
  if (!sessions.is_object()) return "the adapter's hello has a \"sessions\" that is not an object";
  const auto version = sessions.find("version");
  if (version == sessions.end() || *version != kSessionsVersion) {
    return fmt::format("the adapter speaks sessions version {}; this runner speaks sessions version {}",
                       version == sessions.end() ? std::string("(none)") : TerminalText(MessageDump(*version), 40),
                       kSessionsVersion);
  }
  const auto list = sessions.find("kinds");
  if (list == sessions.end() || !list->is_array()) {
    return "the adapter's hello has no \"sessions\".\"kinds\" list (the kinds it serves as sessions)";
  }
  for (const json& k : *list) {
    const std::optional<ScenarioKind> kind = k.is_string() ? ScenarioKindFromName(k.get<std::string>()) : std::nullopt;
    if (kind != ScenarioKind::kPassthroughTimeline) {
      return fmt::format(
          "the adapter's hello serves {} as sessions; only passthrough-timeline, the kind with events, can be",
          TerminalText(MessageDump(k), 80));
    }
    if (std::find(kinds.begin(), kinds.end(), *kind) == kinds.end()) kinds.push_back(*kind);
  }
  if (const auto most = sessions.find("maxOpen"); most != sessions.end()) {
    if (!most->is_number_integer() || most->get<std::int64_t>() < 1) {
      return "the adapter's hello has a \"sessions\".\"maxOpen\" that is not an integer of at least 1: " +
             TerminalText(MessageDump(*most), 40);
    }
    max_open = static_cast<int>(std::min<std::int64_t>(most->get<std::int64_t>(), kMaxOpenSessions));
  }
  return "";
}

namespace {

// The raw scanner of SplitRawTimeline. The text has parsed as strict JSON
// already, so it only needs to find where values begin and end.
std::size_t SkipSpace(std::string_view text, std::size_t at) {
  while (at < text.size() && (text[at] == ' ' || text[at] == '\t' || text[at] == '\n' || text[at] == '\r')) ++at;
  return at;
}

// SkipValue: the index just past the JSON value that starts at `at`.
std::size_t SkipValue(std::string_view text, std::size_t at) {
  int depth = 0;
  bool in_string = false;
  for (; at < text.size(); ++at) {
    const char c = text[at];
    if (in_string) {
      if (c == '\\') {
        ++at;
      } else if (c == '"') {
        in_string = false;
        if (depth == 0) return at + 1;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      if (depth == 0) return at;  // the end of the container holding a scalar
      if (--depth == 0) return at + 1;
    } else if (depth == 0 && (c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r')) {
      return at;
    }
  }
  return at;
}

}  // namespace

std::optional<RawMember> FindRawMember(std::string_view text, std::string_view key) {
  std::size_t at = SkipSpace(text, 0);
  if (at >= text.size() || text[at] != '{') return std::nullopt;
  at = SkipSpace(text, at + 1);
  const std::string quoted = "\"" + std::string(key) + "\"";
  while (at < text.size() && text[at] == '"') {
    const std::size_t key_end = SkipValue(text, at);
    const bool found = text.substr(at, key_end - at) == quoted;
    at = SkipSpace(text, key_end);
    if (at >= text.size() || text[at] != ':') return std::nullopt;
    at = SkipSpace(text, at + 1);
    const std::size_t value_end = SkipValue(text, at);
    if (found) return RawMember{at, value_end};
    at = SkipSpace(text, value_end);
    if (at < text.size() && text[at] == ',') at = SkipSpace(text, at + 1);
  }
  return std::nullopt;
}

std::vector<std::string_view> RawElements(std::string_view array) {
  std::vector<std::string_view> elements;
  if (array.size() < 2 || array.front() != '[') return elements;
  std::size_t element = SkipSpace(array, 1);
  while (element < array.size() - 1) {
    const std::size_t element_end = SkipValue(array, element);
    elements.push_back(array.substr(element, element_end - element));
    element = SkipSpace(array, element_end);
    if (element < array.size() && array[element] == ',') element = SkipSpace(array, element + 1);
  }
  return elements;
}

namespace {

// SplitRawTimeline cuts raw text at its top-level "events" array. False when
// the key is spelt with escapes or the text is not an object (sent whole).
bool SplitRawTimeline(const std::shared_ptr<const std::string>& owned, SplitInput& split) {
  const std::string_view text = *owned;
  const std::optional<RawMember> events = FindRawMember(text, "events");
  if (!events || text[events->begin] != '[') return false;
  split.text_before_events = std::string(text.substr(0, events->begin));
  split.text_after_events = std::string(text.substr(events->end));
  split.event_texts = RawElements(text.substr(events->begin, events->end - events->begin));
  return true;
}

SplitInput SplitTextTimeline(const std::string& text) {
  SplitInput split;
  split.open_input = text;
  split.whole = true;
  std::vector<Error> errors;
  std::optional<json> parsed = ParseJsonDocument(text, errors);
  if (!parsed || !errors.empty() || !parsed->is_object()) return split;
  const auto events = parsed->find("events");
  if (events == parsed->end() || !events->is_array()) return split;
  SplitInput raw;
  raw.text = std::make_shared<const std::string>(text);
  if (!SplitRawTimeline(raw.text, raw) || raw.event_texts.size() != events->size()) return split;
  raw.parsed = std::make_shared<const json>(std::move(*parsed));
  for (const json& event : raw.parsed->at("events")) {
    if (raw.events.size() > kMaxTimelineEvents) break;
    raw.events.push_back(&event);
  }
  raw.event_texts.resize(raw.events.size());
  raw.open_input = raw.text_before_events + "[]" + raw.text_after_events;
  return raw;
}

}  // namespace

SplitInput SplitTimeline(const json& input) {
  if (input.is_string()) return SplitTextTimeline(input.get<std::string>());
  SplitInput split;
  const auto events = input.is_object() ? input.find("events") : input.end();
  if (!input.is_object() || events == input.end() || !events->is_array()) {
    split.open_input = input;
    split.whole = true;
    return split;
  }
  split.open_input = input;
  split.open_input["events"] = json::array();
  // The event after the last a timeline may have is sent, to be rejected;
  // nothing after it.
  for (const json& event : *events) {
    if (split.events.size() > kMaxTimelineEvents) break;
    split.events.push_back(&event);
  }
  return split;
}

json CutDocument(const SplitInput& split, std::size_t events) {
  if (split.text) {
    std::string cut = split.text_before_events + "[";
    for (std::size_t i = 0; i < events && i < split.event_texts.size(); ++i) {
      if (i > 0) cut += ',';
      cut += split.event_texts[i];
    }
    return cut + "]" + split.text_after_events;
  }
  json cut = split.open_input;
  for (std::size_t i = 0; i < events && i < split.events.size(); ++i) cut["events"].push_back(*split.events[i]);
  return cut;
}

std::string OpenMessageText(const std::string& session, ScenarioKind kind, Profile profile, const json& input) {
  json message = {
      {"type", "open"}, {"session", session}, {"seq", 0}, {"kind", NameOf(kind)}, {"profile", NameOf(profile)}};
  message[input.is_string() ? "inputText" : "input"] = input;
  return MessageDump(message);
}

std::string EventMessageText(const std::string& session, std::uint64_t seq, const json& event) {
  return "{\"event\":" + MessageDump(event) + ",\"seq\":" + std::to_string(seq) +
         ",\"session\":" + MessageDump(session) + ",\"type\":\"event\"}";
}

std::string EventMessageText(const std::string& session, std::uint64_t seq, const SplitInput& split,
                             std::size_t index) {
  if (!split.text) return EventMessageText(session, seq, *split.events[index]);
  return "{\"event\":" + std::string(split.event_texts[index]) + ",\"seq\":" + std::to_string(seq) +
         ",\"session\":" + MessageDump(session) + ",\"type\":\"event\"}";
}

std::string QueryMessageText(const std::string& session, std::uint64_t seq) {
  return "{\"seq\":" + std::to_string(seq) + ",\"session\":" + MessageDump(session) + ",\"type\":\"query\"}";
}

std::string CloseMessageText(const std::string& session, std::uint64_t seq) {
  return "{\"seq\":" + std::to_string(seq) + ",\"session\":" + MessageDump(session) + ",\"type\":\"close\"}";
}

namespace {

// WhoseAnswer: a problem when `answer` is not for message `seq` of `session`.
std::string WhoseAnswer(const json& answer, const std::string& session, std::uint64_t seq) {
  const auto named = answer.find("session");
  if (named == answer.end() || *named != session) {
    return fmt::format("the answer is for another session ({}) where session {}'s answer to seq {} was due",
                       named == answer.end() ? std::string("no session") : TerminalText(MessageDump(*named), 120),
                       TerminalText(session, 120), seq);
  }
  const auto number = answer.find("seq");
  if (number == answer.end() || !number->is_number_integer()) return "the answer has no integer \"seq\"";
  if (*number != seq) {
    const bool earlier = number->is_number_unsigned() && number->get<std::uint64_t>() < seq;
    return fmt::format("{} seq {} of the session where seq {} was due", earlier ? "a second answer to" : "an answer to",
                       TerminalText(MessageDump(*number), 40), seq);
  }
  return "";
}

}  // namespace

SessionAnswer InterpretSessionAnswer(const std::string& line, const std::string& session, std::uint64_t seq,
                                     Awaited awaited) {
  auto problem = [](std::string text) { return SessionAnswer{SessionAnswer::Kind::kProblem, json(), std::move(text)}; };
  std::vector<Error> errors;
  std::optional<json> parsed = ParseJsonDocument(line, errors);
  if (!parsed) {
    return problem(fmt::format("the answer is not JSON ({}): {}",
                               errors.empty() ? "" : TerminalText(errors.front().message, 200),
                               TerminalText(line, 120)));
  }
  json& answer = *parsed;
  if (!answer.is_object()) return problem("the answer is not a JSON object: " + TerminalText(line, 120));
  if (std::string whose = WhoseAnswer(answer, session, seq); !whose.empty()) return problem(std::move(whose));
  const char* type = awaited == Awaited::kClosed ? "closed" : "state";
  if (answer.value("type", json()) != type) {
    return problem(fmt::format("the answer's type is {} where a \"{}\" was due",
                               TerminalText(MessageDump(answer.value("type", json())), 40), type));
  }
  if (awaited == Awaited::kClosed) return {SessionAnswer::Kind::kClosed, json(), ""};
  if (const auto why = answer.find("error"); why != answer.end()) {
    if (!why->is_string()) return problem("the answer's \"error\" is not a string");
    return {SessionAnswer::Kind::kDropped, json(), TerminalText(why->get<std::string>(), 300)};
  }
  if (const auto u = answer.find("unsupported"); u != answer.end() && *u == true) {
    if (awaited == Awaited::kOpenState) return {SessionAnswer::Kind::kUnsupported, json(), ""};
    return problem("\"unsupported\" to a message that is not an open");
  }
  const auto output = answer.find("output");
  if (output == answer.end() || !output->is_object()) return problem("the state has no output object");
  if (output->value("valid", json(true)) == false) {
    json rejected = output->value("errors", json::array());
    return {SessionAnswer::Kind::kRejected, rejected.is_array() ? std::move(rejected) : json::array(), ""};
  }
  return {SessionAnswer::Kind::kState, std::move(*output), ""};
}

json SessionTranscript::Decision() const {
  if (rejected) return {{"valid", false}, {"errors", errors}};
  auto state = [](json value) {
    value.erase("valid");
    value.erase("errors");
    return value;
  };
  json decision = {{"valid", true}, {"errors", json::array()}, {"initial", state(initial)}, {"steps", json::array()}};
  for (const json& step : steps) decision["steps"].push_back(state(step));
  return decision;
}

std::optional<CaseForm> CaseFormFromName(std::string_view name) {
  if (name == "auto") return CaseForm::kAuto;
  if (name == "whole") return CaseForm::kWhole;
  if (name == "session") return CaseForm::kSession;
  return std::nullopt;
}

// ------------------------------ Driving sessions

struct SessionImplementation::Session {
  CaseRequest request;
  SplitInput split;
  std::string id;
  SessionTranscript transcript;
  std::uint64_t start = 0;     // the adapter start it was opened on; 0: not open
  std::uint64_t last_seq = 0;  // of the message sent last
  Awaited awaited = Awaited::kOpenState;
  bool in_flight = false;
  AdapterProcess::Clock::time_point sent_at{};
  std::string write_problem;  // writing the message in flight failed
  bool interrupted = false;   // a stop signal came while writing it
  bool done = false;
  Answer answer;

  // Reset forgets what an adapter since killed was told.
  void Reset() {
    transcript = SessionTranscript{id, 0, std::nullopt, json(), json(), {}, std::nullopt};
    start = 0;
    last_seq = 0;
    in_flight = false;
    write_problem.clear();
  }
  // What the message in flight is, for problems: "event 3 of 7 (seq 3)".
  std::string Place() const {
    std::string what = "the close";
    if (awaited == Awaited::kOpenState) {
      what = "the open";
    } else if (awaited == Awaited::kState && last_seq <= split.events.size()) {
      what = fmt::format("event {} of {}", last_seq, split.events.size());
    } else if (awaited == Awaited::kState) {
      what = "the query";
    }
    return fmt::format("session {}, {} (seq {})", TerminalText(id, 200), what, last_seq);
  }
};

SessionImplementation::SessionImplementation(AdapterImplementation& adapter, CaseForm form)
    : adapter_(adapter), form_(form) {}

SessionImplementation::~SessionImplementation() = default;

std::optional<std::vector<ScenarioKind>> SessionImplementation::kinds() const {
  const std::optional<std::vector<ScenarioKind>> whole = adapter_.kinds();
  if (!whole || form_ == CaseForm::kWhole) return whole;
  if (form_ == CaseForm::kSession) return adapter_.session_kinds();
  std::vector<ScenarioKind> both = *whole;
  for (ScenarioKind kind : adapter_.session_kinds()) {
    if (std::find(both.begin(), both.end(), kind) == both.end()) both.push_back(kind);
  }
  return both;
}

bool SessionImplementation::AsSession(const CaseRequest& request) const {
  const std::vector<ScenarioKind>& served = adapter_.session_kinds();
  return form_ != CaseForm::kWhole && std::find(served.begin(), served.end(), request.test->kind) != served.end();
}

std::string SessionImplementation::NewSessionId(const std::string& case_id) {
  return fmt::format("{}#{}", case_id, ++next_id_);
}

Answer SessionImplementation::Decide(const CaseRequest& request) {
  Abandon();
  Submit(request);
  return Collect();
}

void SessionImplementation::Submit(const CaseRequest& request) {
  if (!adapter_.kinds()) {
    std::string problem;  // a start that fails is the first case's adapter error, as a whole case's
    adapter_.Introduce(&problem);
  }
  if (!AsSession(request) && form_ == CaseForm::kSession) {  // only sessions are asked for
    order_.push_back(false);
    whole_answers_.push_back({Answer::Kind::kUnsupported, json(), ""});
    return;
  }
  if (!AsSession(request)) {
    RunSessionsToEnd();  // no session message is in flight while a whole case is
    adapter_.Submit(request);
    order_.push_back(false);
    return;
  }
  while (adapter_.in_flight() > 0) whole_answers_.push_back(adapter_.Collect());
  auto session = std::make_unique<Session>();
  session->request = request;
  session->split = SplitTimeline(request.test->input);
  session->id = NewSessionId(request.case_id);
  session->Reset();
  sessions_.push_back(std::move(session));
  order_.push_back(true);
  Activate();
}

Answer SessionImplementation::Collect() {
  if (order_.empty()) return {Answer::Kind::kProblem, json(), "no case was submitted"};
  const bool is_session = order_.front();
  order_.pop_front();
  if (!is_session) {
    if (whole_answers_.empty()) return adapter_.Collect();
    Answer answer = std::move(whole_answers_.front());
    whole_answers_.pop_front();
    return answer;
  }
  Session& session = *sessions_.front();
  while (!session.done) Pump();
  Answer answer = std::move(session.answer);
  sessions_.pop_front();
  return answer;
}

void SessionImplementation::RunSessionsToEnd() {
  while (std::any_of(sessions_.begin(), sessions_.end(), [](const auto& s) { return !s->done; })) Pump();
}

void SessionImplementation::Abandon() {
  // A session with a message in flight would answer into the next case's.
  if (!in_flight_.empty() && process_ != nullptr) process_->Kill();
  in_flight_.clear();
  sessions_.clear();
  order_.clear();
  whole_answers_.clear();
  adapter_.Abandon();
}

void SessionImplementation::Finish() {
  Abandon();
  adapter_.Finish();
}

void SessionImplementation::Finished(Session& session, Answer answer) {
  session.done = true;
  session.in_flight = false;
  session.answer = std::move(answer);
}

// Activate opens the oldest sessions not yet open, up to the adapter's maxOpen.
void SessionImplementation::Activate() {
  const int most = std::min(adapter_.max_open_sessions(), kMaxOpenSessions);
  const bool stop = PendingRunSignal() != 0;
  for (const auto& each : sessions_) {
    Session& session = *each;
    if (session.done || session.start != 0) continue;
    if (stop) {  // no adapter is started for what will not be judged
      Finished(session, {Answer::Kind::kInterrupted, json(), "interrupted by a signal"});
      continue;
    }
    const auto open = std::count_if(sessions_.begin(), sessions_.end(),
                                    [&](const auto& s) { return !s->done && s->start != 0 && s->start == start_; });
    if (open >= most) return;
    if (!SendNext(session)) continue;
  }
}

// SendNext writes the session's next message: open, each event, the query,
// close. False when the adapter could not be started (the session is done).
bool SessionImplementation::SendNext(Session& session) {
  std::string problem;
  AdapterProcess* process = adapter_.Channel(session.request.run_deadline, &problem);
  process_ = process != nullptr ? process : process_;
  if (process == nullptr) {
    const bool stop = PendingRunSignal() != 0;
    Finished(session, {stop ? Answer::Kind::kInterrupted : Answer::Kind::kProblem, json(), problem,
                       AdapterProblem::kNotStarted});
    return false;
  }
  if (adapter_.starts() != start_) {  // started afresh: nothing is open on it
    for (const auto& s : sessions_) {
      if (!s->done && s.get() != &session) s->Reset();
    }
    in_flight_.clear();
    start_ = adapter_.starts();
    last_answer_at_ = AdapterProcess::Clock::now();
  }
  const SessionTranscript& t = session.transcript;
  std::string text;
  if (session.start == 0) {
    session.start = start_;
    session.last_seq = 0;
    session.awaited = Awaited::kOpenState;
    text = OpenMessageText(session.id, session.request.test->kind, session.request.profile, session.split.open_input);
  } else {
    session.last_seq += 1;
    session.awaited = Awaited::kState;
    if (t.rejected || t.queried) {
      session.awaited = Awaited::kClosed;
      text = CloseMessageText(session.id, session.last_seq);
    } else if (t.steps.size() < session.split.events.size()) {
      text = EventMessageText(session.id, session.last_seq, session.split, t.steps.size());
      ++events_sent_;
    } else {
      text = QueryMessageText(session.id, session.last_seq);
    }
  }
  session.sent_at = AdapterProcess::Clock::now();
  const AdapterOptions& options = adapter_.options();
  const auto deadline = std::min(session.sent_at + options.case_timeout, session.request.run_deadline);
  const std::size_t max_buffered = (in_flight_.size() + 1) * (options.max_line_bytes + 1);
  switch (process->WriteLineReading(text, deadline, max_buffered)) {
    case AdapterProcess::Status::kOk:
      break;
    case AdapterProcess::Status::kInterrupted:
      session.interrupted = true;
      break;
    default:
      session.write_problem = "the adapter stopped reading its input";
      break;
  }
  session.in_flight = true;
  in_flight_.push_back(&session);
  return true;
}

// Restart blames `blamed` for `problem`, kills the adapter, and starts every
// other open session afresh on the next start.
void SessionImplementation::Restart(Session* blamed, const std::string& problem, AdapterProblem problem_class) {
  std::string exit;
  if (process_ != nullptr) {
    process_->Kill();
    exit = process_->exit_description();
  }
  const std::string text =
      fmt::format("{}: {}{}", blamed->Place(), problem, exit.empty() ? "" : " (adapter " + exit + ")");
  Finished(*blamed, {Answer::Kind::kProblem, json(), text, problem_class});
  for (const auto& s : sessions_) {
    if (!s->done) s->Reset();
  }
  in_flight_.clear();
  Activate();
}

// Pump reads the answer due (the oldest message in flight), records it, and
// sends that session's next message.
void SessionImplementation::Pump() {
  if (in_flight_.empty()) Activate();
  if (in_flight_.empty()) return;
  Session& session = *in_flight_.front();
  if (session.interrupted) {
    Restart(&session, "interrupted by a signal");
    session.answer.kind = Answer::Kind::kInterrupted;
    return;
  }
  if (!session.write_problem.empty()) return Restart(&session, session.write_problem, AdapterProblem::kStoppedReading);
  AdapterProcess* process = process_;
  if (process == nullptr || !process->running() || adapter_.starts() != start_) {
    return Restart(&session, "the adapter is not running", AdapterProblem::kNotStarted);
  }
  const AdapterOptions& options = adapter_.options();
  const auto deadline =
      std::min(std::max(session.sent_at, last_answer_at_) + options.case_timeout, session.request.run_deadline);
  std::string line;
  switch (process->ReadLine(line, deadline, options.max_line_bytes)) {
    case AdapterProcess::Status::kOk:
      break;
    case AdapterProcess::Status::kInterrupted:
      Restart(&session, "interrupted by a signal");
      session.answer.kind = Answer::Kind::kInterrupted;
      return;
    case AdapterProcess::Status::kTimeout:
      return Restart(&session, fmt::format("no answer within {} ms", options.case_timeout.count()),
                     AdapterProblem::kTimeout);
    case AdapterProcess::Status::kClosed:
      return Restart(&session, "the adapter closed its output (crashed or exited)", AdapterProblem::kClosed);
    case AdapterProcess::Status::kTooLong:
      return Restart(&session, fmt::format("an output line longer than {} bytes", options.max_line_bytes),
                     AdapterProblem::kLineTooLong);
  }
  last_answer_at_ = AdapterProcess::Clock::now();
  in_flight_.pop_front();
  session.in_flight = false;
  SessionAnswer answer = InterpretSessionAnswer(line, session.id, session.last_seq, session.awaited);
  SessionTranscript& t = session.transcript;
  const bool at_open = session.awaited == Awaited::kOpenState;
  switch (answer.kind) {
    case SessionAnswer::Kind::kProblem:
      return Restart(&session, answer.problem);
    case SessionAnswer::Kind::kDropped:
      Finished(session, {Answer::Kind::kProblem, json(),
                         fmt::format("{}: the adapter dropped the session: {}", session.Place(), answer.problem)});
      return Activate();
    case SessionAnswer::Kind::kUnsupported:
      Finished(session, {Answer::Kind::kUnsupported, json(), ""});
      return Activate();
    case SessionAnswer::Kind::kClosed: {
      auto transcript = std::make_shared<SessionTranscript>(std::move(t));
      Answer done{Answer::Kind::kDecision, transcript->Decision(), ""};
      done.session = std::move(transcript);
      Finished(session, std::move(done));
      return Activate();
    }
    case SessionAnswer::Kind::kRejected:
      t.rejected = at_open ? 0 : t.steps.size() + 1;
      t.errors = std::move(answer.output);
      if (at_open) {  // a rejected open is not open: nothing to close
        auto transcript = std::make_shared<SessionTranscript>(std::move(t));
        Answer done{Answer::Kind::kDecision, transcript->Decision(), ""};
        done.session = std::move(transcript);
        Finished(session, std::move(done));
        return Activate();
      }
      break;
    case SessionAnswer::Kind::kState:
      if (at_open) {
        t.initial = std::move(answer.output);
      } else if (t.steps.size() < session.split.events.size()) {
        t.steps.push_back(std::move(answer.output));
        t.events_sent = t.steps.size();
      } else {
        t.queried = std::move(answer.output);
      }
      break;
  }
  SendNext(session);
}

}  // namespace lbconform::vectors
