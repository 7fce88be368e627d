// The session form of the adapter protocol (vectors/README.md, "Sessions"):
// a timeline replayed event by event against a running, stateful
// implementation. The runner opens a session with the initial configuration,
// sends one event at a time, reads the state after each, queries it once and
// closes it; several sessions may be open at once, one message in flight
// each, answered in the order sent.
#ifndef LBCONFORM_VECTORS_SESSIONS_H_
#define LBCONFORM_VECTORS_SESSIONS_H_

#include <cstdint>
#include <deque>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/catalogue.h"
#include "vectors/runner.h"

namespace lbconform::vectors {

inline constexpr int kSessionsVersion = 1;
// The most sessions the runner opens at once, whatever the adapter allows.
inline constexpr int kMaxOpenSessions = 64;

// InterpretSessionsHello reads the hello's `sessions` object; the problem, or
// empty.
std::string InterpretSessionsHello(const nlohmann::json& sessions, std::vector<ScenarioKind>& kinds, int& max_open);

// FindRawMember: where the value of top-level member `key` of the JSON
// object `text` begins and ends, for text that parsed as strict JSON already
// (a key spelt with escapes is not found). RawElements: the elements of a
// JSON array's text, each in its own spelling.
struct RawMember {
  std::size_t begin = 0, end = 0;
};
std::optional<RawMember> FindRawMember(std::string_view text, std::string_view key);
std::vector<std::string_view> RawElements(std::string_view array);

// SplitTimeline cuts a case's input into the open's document (the timeline
// with "events": []) and its events. Raw text (a case's `inputText`) is cut
// in the text itself, so each event keeps its spelling (`"at": -0`), when it
// parses as a JSON object whose `events` is an array. A document that cannot
// be split (not an object, `events` not an array, text that does not parse)
// is sent whole: `events` is empty and `whole` is true. At most
// kMaxTimelineEvents + 1 events are kept: the one past the limit must be
// rejected, and nothing after it is sent.
struct SplitInput {
  nlohmann::json open_input;  // an object, or a string for inputText
  std::vector<const nlohmann::json*> events;
  bool whole = false;
  // Raw text only: the text around the `events` array, each event's own
  // text, and the parsed document `events` points into.
  std::string text_before_events, text_after_events;
  std::vector<std::string_view> event_texts;
  std::shared_ptr<const nlohmann::json> parsed;
  std::shared_ptr<const std::string> text;
};
SplitInput SplitTimeline(const nlohmann::json& input);

// The runner's messages, as one line each.
std::string OpenMessageText(const std::string& session, ScenarioKind kind, Profile profile,
                            const nlohmann::json& input);
std::string EventMessageText(const std::string& session, std::uint64_t seq, const nlohmann::json& event);
// EventMessageText of event `index` of `split`, in its own spelling when it came as text.
std::string EventMessageText(const std::string& session, std::uint64_t seq, const SplitInput& split, std::size_t index);
// CutDocument: the timeline document with its first `events` events only
// (as text when it came as text).
nlohmann::json CutDocument(const SplitInput& split, std::size_t events);
std::string QueryMessageText(const std::string& session, std::uint64_t seq);
std::string CloseMessageText(const std::string& session, std::uint64_t seq);

// What an adapter's line means as the answer to message `seq` of `session`.
struct SessionAnswer {
  enum class Kind { kState, kRejected, kUnsupported, kDropped, kClosed, kProblem } kind = Kind::kProblem;
  nlohmann::json output;  // kState: the state; kRejected: the errors
  std::string problem;    // kProblem: what was wrong; kDropped: the adapter's reason
};
enum class Awaited { kOpenState, kState, kClosed };
SessionAnswer InterpretSessionAnswer(const std::string& line, const std::string& session, std::uint64_t seq,
                                     Awaited awaited);

// SessionTranscript is what a session said: the states it answered, or
// where it was rejected.
struct SessionTranscript {
  std::string session;
  std::size_t events_sent = 0;          // events the runner sent (each answered)
  std::optional<std::size_t> rejected;  // the message rejected: 0 the open, k the k-th event (from 1)
  nlohmann::json errors;                // the rejection's errors
  nlohmann::json initial;               // the open's state
  std::vector<nlohmann::json> steps;    // each event's state
  std::optional<nlohmann::json> queried;
  // Decision assembles a timeline decision from the states.
  nlohmann::json Decision() const;
};

// JudgeSession judges a case run as a session (vectors/README.md, "How a
// session is judged"): a valid or acceptable vector on the decision the
// states assemble, errors message by message against the reference's cut
// documents, and the query against the last state. `detail` names the first
// step that differs, the events up to it and the clauses of that step.
struct SessionJudgment {
  bool passed = false;
  std::string field;
  std::string detail;
};
SessionJudgment JudgeSession(const VectorTest& test, Profile profile, const SessionTranscript& transcript);

// Which form `run` and `check` use for a kind the adapter serves both ways.
enum class CaseForm { kAuto, kWhole, kSession };
std::optional<CaseForm> CaseFormFromName(std::string_view name);

// SessionImplementation runs an adapter's cases of the kinds it serves as
// sessions event by event, and hands every other case to the adapter as a
// whole (kWhole: every case whole; kSession: only the session kinds are
// declared). Submit opens the case's session at once when fewer than the
// adapter's maxOpen are open; Collect drives every open session until the
// oldest case's is done. The adapter is never trusted: a crash, a hang, a line
// that is not the answer due is the adapter error of the session whose answer
// was due, the adapter is restarted and the other open sessions start afresh;
// a session the adapter drops is its case's adapter error alone.
class SessionImplementation final : public Implementation {
 public:
  SessionImplementation(AdapterImplementation& adapter, CaseForm form);
  ~SessionImplementation() override;
  std::string name() const override { return adapter_.name(); }
  std::string version() const override { return adapter_.version(); }
  std::optional<std::vector<ScenarioKind>> kinds() const override;
  bool Start(std::chrono::steady_clock::time_point deadline, std::string* problem) override {
    return adapter_.Start(deadline, problem);
  }
  Answer Decide(const CaseRequest& request) override;
  void Submit(const CaseRequest& request) override;
  Answer Collect() override;
  void Abandon() override;
  void Finish() override;
  // Events sent in sessions so far (for rates).
  std::uint64_t events_sent() const { return events_sent_; }

 private:
  struct Session;
  bool AsSession(const CaseRequest& request) const;
  std::string NewSessionId(const std::string& case_id);
  void Activate();
  bool SendNext(Session& session);
  void Pump();
  void Restart(Session* blamed, const std::string& problem, AdapterProblem problem_class = AdapterProblem::kOther);
  void Finished(Session& session, Answer answer);
  void RunSessionsToEnd();

  AdapterImplementation& adapter_;
  CaseForm form_;
  std::deque<bool> order_;                         // each case submitted: a session or not
  std::deque<std::unique_ptr<Session>> sessions_;  // the session cases, in order
  std::deque<Answer> whole_answers_;               // answers of whole cases collected early
  std::deque<Session*> in_flight_;                 // sessions with a message sent, in order
  AdapterProcess* process_ = nullptr;              // the adapter's, once started
  std::uint64_t start_ = 0;                        // the adapter's start the open sessions live on
  std::uint64_t next_id_ = 0;
  std::uint64_t events_sent_ = 0;
  std::chrono::steady_clock::time_point last_answer_at_{};
};

}  // namespace lbconform::vectors

#endif  // LBCONFORM_VECTORS_SESSIONS_H_
