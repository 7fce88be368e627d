#include "vectors/builtin_adapter.h"

#include <fmt/format.h>

#include <istream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "documents/documents.h"
#include "documents/json_reader.h"
#include "documents/scenario_json.h"
#include "documents/timeline_json.h"
#include "model/catalogue.h"
#include "model/timeline_model.h"
#include "vectors/checks.h"
#include "vectors/runner.h"
#include "vectors/sessions.h"
#include "vectors/vector_file.h"

namespace lbconform::vectors {

namespace {

// The most sessions the built-in adapter holds open (its hello's maxOpen).
constexpr int kMaxServedSessions = 64;

// DecideCase: the document reading's answer, when it gives one, or the
// engine's decision.
nlohmann::json DecideCase(const Engine& engine, const DocumentReading& read_document, const nlohmann::json& input,
                          Profile profile) {
  if (read_document && input.is_object()) {
    if (std::optional<nlohmann::json> answer = read_document(input, profile)) return *answer;
  }
  return DecideVector(engine, input, profile);
}

enum class LineRead { kLine, kTooLong, kEnd };

// ReadProtocolLine reads one line (without its newline) into `line`, keeping
// at most `max_bytes` of it: a longer line is read to its end and dropped
// (kTooLong), so that no line, however long, holds more memory than the limit.
LineRead ReadProtocolLine(std::istream& in, std::string& line, std::size_t max_bytes) {
  line.clear();
  bool too_long = false;
  bool any = false;
  char chunk[1 << 16];
  while (true) {
    in.getline(chunk, sizeof chunk);  // up to a newline, or a chunk less one byte
    const auto extracted = static_cast<std::size_t>(in.gcount());
    any = any || extracted > 0;
    // Not failed: a newline was read (and counted), or the input ended after
    // some characters. Failed before the end: the chunk is full, the line goes on.
    const bool ended = !in.fail();
    const std::size_t stored = ended && !in.eof() ? extracted - 1 : extracted;
    if (!too_long && line.size() + stored > max_bytes) {
      too_long = true;
      std::string().swap(line);  // its memory goes back now, not at the next line
    }
    if (!too_long) line.append(chunk, stored);
    if (ended || in.eof()) break;
    in.clear();
  }
  if (!any) return LineRead::kEnd;
  return too_long ? LineRead::kTooLong : LineRead::kLine;
}

// ReplayedSessions serves sessions from an engine that decides whole
// timelines: each event's own text is appended to the session's document
// text and the whole history decided again (time quadratic in the events,
// exact: an event is read as the same text in a whole case would be).
class ReplayedSessions {
 public:
  explicit ReplayedSessions(const Engine& engine) : engine_(engine) {}
  // Answer is the answer to a session message of type `type` ("open", …),
  // `line` its text.
  nlohmann::json Answer(const std::string& type, const nlohmann::json& message, std::string_view line);

 private:
  struct Served {
    Profile profile = Profile::kSpecDocs;
    std::string text_before_events, events_text, text_after_events;  // the document: before [events] after
    nlohmann::json state;
    bool rejected = false;
  };
  nlohmann::json Open(const std::string& id, const nlohmann::json& message, nlohmann::json answer);
  // LastState is the state after the served document's last event, or the
  // invalid decision that rejects the document.
  nlohmann::json LastState(const Served& served) const;
  const Engine& engine_;
  std::map<std::string, Served> open_;
};

nlohmann::json ReplayedSessions::Answer(const std::string& type, const nlohmann::json& message, std::string_view line) {
  const nlohmann::json id = message.value("session", nlohmann::json());
  nlohmann::json answer = {
      {"type", type == "close" ? "closed" : "state"}, {"session", id}, {"seq", message.value("seq", nlohmann::json())}};
  if (!id.is_string()) return {{"type", "error"}, {"message", "a session message needs a string 'session'"}};
  if (type == "open") return Open(id.get<std::string>(), message, std::move(answer));
  const auto found = open_.find(id.get<std::string>());
  if (type == "close") {
    if (found != open_.end()) open_.erase(found);
    return answer;
  }
  if (found == open_.end()) {
    answer["error"] = "no session " + id.get<std::string>() + " is open";
    return answer;
  }
  Served& served = found->second;
  if (type == "query") {
    answer["output"] = served.state;
    answer["output"].erase("transition");
    return answer;
  }
  if (served.rejected) {
    answer["error"] = "the session was rejected; only close is left";
    return answer;
  }
  const std::optional<RawMember> event = FindRawMember(line, "event");
  if (!event) {
    answer["error"] = "an event message needs an 'event'";
    return answer;
  }
  if (!served.events_text.empty()) served.events_text += ',';
  served.events_text += line.substr(event->begin, event->end - event->begin);
  nlohmann::json state = LastState(served);
  if (!state.value("valid", true)) {
    served.rejected = true;
    answer["output"] = std::move(state);
    return answer;
  }
  served.state = std::move(state);
  answer["output"] = served.state;
  return answer;
}

nlohmann::json ReplayedSessions::LastState(const Served& served) const {
  // Decided as a whole case would be, but only the last step is written:
  // writing every step again at each event was most of the replay's time.
  std::vector<Error> errors;
  const std::optional<nlohmann::json> document =
      ParseJsonDocument(served.text_before_events + "[" + served.events_text + "]" + served.text_after_events, errors);
  TimelineDecision decision;
  if (document) {
    DecodedTimeline decoded = DecodeTimelineDocument(*document);
    decision = decoded.timeline
                   ? dynamic_cast<const TimelineEngine&>(engine_).DecideTimeline(*decoded.timeline, served.profile)
                   : InvalidTimelineDecision(std::move(decoded.errors));
  } else {
    decision = InvalidTimelineDecision(std::move(errors));
  }
  if (!decision.valid())
    return {{"valid", false}, {"errors", EncodeDecision(InvalidDecision(decision.errors))["errors"]}};
  decision.steps.erase(decision.steps.begin(), decision.steps.end() - 1);
  return EncodeTimelineDecision(decision)["steps"][0];
}

nlohmann::json ReplayedSessions::Open(const std::string& id, const nlohmann::json& message, nlohmann::json answer) {
  const auto profile = ProfileFromName(message.value("profile", nlohmann::json("spec-docs")).is_string()
                                           ? message.value("profile", std::string("spec-docs"))
                                           : std::string());
  const bool text = message.contains("inputText");
  const nlohmann::json input = message.value(text ? "inputText" : "input", nlohmann::json());
  const std::optional<ScenarioKind> named = input.is_object() ? DocumentKind(input) : std::nullopt;
  if (message.value("kind", nlohmann::json()) != NameOf(ScenarioKind::kPassthroughTimeline) || !profile ||
      !Implements(engine_, ScenarioKind::kPassthroughTimeline) ||
      (named && *named != ScenarioKind::kPassthroughTimeline) || (!text && !input.is_object())) {
    answer["unsupported"] = true;
    return answer;
  }
  if (open_.count(id) > 0 || open_.size() >= static_cast<std::size_t>(kMaxServedSessions)) {
    answer["error"] = open_.count(id) > 0 ? "session " + id + " is open already" : "too many sessions open";
    return answer;
  }
  nlohmann::json decision = DecideVector(engine_, input, *profile);
  if (!decision.value("valid", false)) {
    answer["output"] = {{"valid", false}, {"errors", decision["errors"]}};
    return answer;
  }
  // A valid document is a JSON object with an `events` array; its text is
  // kept in pieces so that each event's text goes between them.
  std::string document = input.is_string() ? input.get<std::string>() : DumpJson(input);
  std::optional<RawMember> events = FindRawMember(document, "events");
  if (!events) {  // no `events`, or spelt with escapes: cut the document written again
    nlohmann::json parsed = nlohmann::json::parse(document);
    if (!parsed.contains("events")) parsed["events"] = nlohmann::json::array();
    document = DumpJson(parsed);
    events = FindRawMember(document, "events");
    if (!events) return {{"type", "error"}, {"message", "the timeline's events cannot be found"}};
  }
  std::string events_text;
  for (std::string_view event :
       RawElements(std::string_view(document).substr(events->begin, events->end - events->begin))) {
    if (!events_text.empty()) events_text += ',';
    events_text += event;
  }
  const nlohmann::json& steps = decision["steps"];
  Served served{*profile,
                document.substr(0, events->begin),
                std::move(events_text),
                document.substr(events->end),
                steps.empty() ? decision["initial"] : steps.back(),
                false};
  answer["output"] = served.state;
  open_.emplace(id, std::move(served));
  return answer;
}

}  // namespace

std::string ResultLineText(const nlohmann::json& id, const nlohmann::json& output) {
  return "{\"id\":" + DumpJson(id) + ",\"output\":" + DumpJson(output) + ",\"type\":\"result\"}";
}

bool ServeAdapterProtocol(const Engine& engine, std::istream& in, std::ostream& out) {
  return ServeAdapterProtocol(engine, in, out, ServeOptions{});
}

bool ServeAdapterProtocol(const Engine& engine, std::istream& in, std::ostream& out,
                          const DocumentReading& read_document) {
  return ServeAdapterProtocol(engine, in, out, ServeOptions{read_document, false});
}

bool ServeAdapterProtocol(const Engine& engine_ref, std::istream& in, std::ostream& out, const ServeOptions& options) {
  const Engine* engine = &engine_ref;
  const DocumentReading& read_document = options.read_document;
  ReplayedSessions sessions(engine_ref);
  nlohmann::json hello = {
      {"type", "hello"},
      {"protocol", 1},
      {"implementation", {{"name", "lbconform-" + std::string(engine->name())}, {"version", kSuiteVersion}}}};
  std::vector<std::string_view> kinds;
  for (ScenarioKind kind : KindsOf(*engine)) kinds.push_back(NameOf(kind));
  hello["kinds"] = kinds;
  if (options.sessions && Implements(*engine, ScenarioKind::kPassthroughTimeline)) {
    hello["sessions"] = {
        {"version", 1}, {"kinds", {NameOf(ScenarioKind::kPassthroughTimeline)}}, {"maxOpen", kMaxServedSessions}};
  }
  auto answer = [&](const nlohmann::json& message) {
    out << DumpJson(message) << "\n";
    out.flush();
    return static_cast<bool>(out);  // a closed pipe ends the loop
  };
  auto text_field = [](const nlohmann::json& message, const char* key,
                       const char* fallback) -> std::optional<std::string> {
    const auto it = message.find(key);
    if (it == message.end() || it->is_null()) return std::string(fallback);
    if (!it->is_string()) return std::nullopt;
    return it->get<std::string>();
  };
  std::string line;
  for (LineRead read; (read = ReadProtocolLine(in, line, kMaxProtocolLineBytes)) != LineRead::kEnd;) {
    if (read == LineRead::kTooLong) {
      if (!answer({{"type", "error"},
                   {"message", fmt::format("unreadable message: a line longer than {} bytes (the protocol's limit)",
                                           kMaxProtocolLineBytes)}})) {
        return false;
      }
      continue;
    }
    std::vector<Error> errors;
    // One level more than a scenario: the envelope around a case's input.
    const std::optional<nlohmann::json> message = ParseJsonDocument(line, errors, kMaxJsonDepth + 1);
    if (!message || !message->is_object()) {
      const std::string why = message ? "a protocol message is a JSON object"
                                      : fmt::format("{}: {}", NameOf(errors.front().code), errors.front().message);
      if (!answer({{"type", "error"}, {"message", "unreadable message: " + why}})) return false;
      continue;
    }
    const std::optional<std::string> type = text_field(*message, "type", "");
    bool written = true;
    if (type == "hello") {
      written = answer(hello);
    } else if (options.sessions && (type == "open" || type == "event" || type == "query" || type == "close")) {
      written = answer(sessions.Answer(*type, *message, line));
    } else if (type == "case") {
      const nlohmann::json id = message->value("id", nlohmann::json());
      const std::optional<std::string> profile_name = text_field(*message, "profile", "spec-docs");
      const std::optional<std::string> kind_name = text_field(*message, "kind", "passthrough");
      const auto profile = profile_name ? ProfileFromName(*profile_name) : std::nullopt;
      const auto kind = kind_name ? ScenarioKindFromName(*kind_name) : std::nullopt;
      static const nlohmann::json kNoInput;
      const auto found = message->find(message->contains("inputText") ? "inputText" : "input");
      const nlohmann::json& input = found != message->end() ? *found : kNoInput;  // not copied
      const bool decided_here =
          kind && profile && Implements(*engine, *kind) && (input.is_string() || Implements(*engine, KindOf(input)));
      if (decided_here) {
        // Written without copying the decision into a message.
        out << ResultLineText(id, DecideCase(*engine, read_document, input, *profile)) << "\n";
        out.flush();
        written = static_cast<bool>(out);
      } else {
        written = answer({{"type", "result"}, {"id", id}, {"unsupported", true}});
      }
    } else if (type == "bye") {
      return true;
    } else {
      written = answer({{"type", "error"},
                        {"message", type ? fmt::format("unknown message type '{}' (hello, case, {}bye)", *type,
                                                       options.sessions ? "open, event, query, close, " : "")
                                         : std::string("'type' must be a string")}});
    }
    if (!written) return false;
  }
  return true;
}

}  // namespace lbconform::vectors
