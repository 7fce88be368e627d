// `lbconform run`: the golden vectors against an implementation — a built-in
// engine, or a third party's adapter over the protocol (docs/contract.md §6).
#ifndef LBCONFORM_VECTORS_RUNNER_H_
#define LBCONFORM_VECTORS_RUNNER_H_

#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/model.h"
#include "vectors/adapter_process.h"
#include "vectors/vector_file.h"

namespace lbconform::vectors {

struct SessionTranscript;  // vectors/sessions.h

struct CaseRequest {
  std::string case_id;  // "<vector id>@<profile>"
  const VectorTest* test = nullptr;
  Profile profile = Profile::kSpecDocs;
  // The whole run's deadline: no case, and no restart, may outlast it.
  std::chrono::steady_clock::time_point run_deadline = std::chrono::steady_clock::time_point::max();
  // When known, the exact line that gives the expected decision for this
  // case: an answer equal to it byte for byte is that decision, and is not
  // parsed (`lbconform check`'s hot path; any other line is read as usual).
  const std::string* expected_answer_line = nullptr;
};

struct Answer {
  enum class Kind { kDecision, kUnsupported, kProblem, kInterrupted } kind = Kind::kProblem;
  nlohmann::json decision;
  std::string problem;  // what the adapter did wrong
  // Set when the line read for this case was a second answer to the case
  // before: that case is to blame, not this one.
  std::string previous_case_problem;
  // The answer was the request's expected_answer_line; `decision` is left
  // empty.
  bool as_expected = false;
  // Set when the case ran as a session (vectors/sessions.h): `decision` is
  // the one its states assemble, and JudgeSession judges it.
  std::shared_ptr<const SessionTranscript> session = nullptr;
};

class Implementation {
 public:
  virtual ~Implementation() = default;
  virtual std::string name() const = 0;
  virtual std::string version() const = 0;
  virtual Answer Decide(const CaseRequest& request) = 0;
  virtual void Finish() {}

  // Pipelining: Submit hands over a case and may return before it is decided;
  // Collect returns the answer to the oldest case submitted and not yet
  // collected, so answers come back in the order submitted. The request's
  // test must live until its answer is collected. Abandon forgets every case
  // not collected; Decide (one case at a time) first abandons them.
  // By default (an in-process engine) Collect decides the case.
  virtual void Submit(const CaseRequest& request) { submitted_.push_back(request); }
  virtual Answer Collect();
  virtual void Abandon() { submitted_.clear(); }
  std::size_t in_flight() const { return submitted_.size(); }
  // The kinds the implementation declares (an adapter's hello, an engine's
  // interfaces); nullopt until known. Cases of other kinds are not sent.
  virtual std::optional<std::vector<ScenarioKind>> kinds() const { return std::nullopt; }

 protected:
  std::deque<CaseRequest> submitted_;  // in the order submitted
};

// InterpretHello and InterpretAnswer are the runner's protocol reader: what
// an adapter's hello line and its answer to case `case_id` mean. They accept
// any bytes; a problem always says what was wrong.
struct HelloInfo {
  bool ok = false;
  std::string name;
  std::string version;
  std::vector<ScenarioKind> kinds;
  // The kinds served as sessions, and how many may be open at once
  // (vectors/README.md, "Sessions").
  std::vector<ScenarioKind> session_kinds;
  int max_open_sessions = 1;
  std::string problem;
};
HelloInfo InterpretHello(const std::string& line);
Answer InterpretAnswer(const std::string& line, const std::string& case_id);

// CaseMessage is the protocol line the runner sends for one case.
nlohmann::json CaseMessage(const CaseRequest& request);
// CaseMessageText is CaseMessage(request).dump(), without building the message.
std::string CaseMessageText(const CaseRequest& request);

// Printable is `text` as valid UTF-8 (each invalid byte becomes U+FFFD) and
// at most about `max_bytes` long, cut between characters with "…" appended.
std::string Printable(std::string_view text, std::size_t max_bytes);

// EngineImplementation runs a built-in engine in-process.
class EngineImplementation final : public Implementation {
 public:
  explicit EngineImplementation(const Engine& engine) : engine_(engine) {}
  std::string name() const override { return std::string(engine_.name()); }
  std::string version() const override { return kSuiteVersion; }
  Answer Decide(const CaseRequest& request) override;
  std::optional<std::vector<ScenarioKind>> kinds() const override;

 private:
  const Engine& engine_;
};

struct AdapterOptions {
  std::string command;
  std::chrono::milliseconds case_timeout{5000};
  std::chrono::milliseconds start_timeout{10000};
  std::size_t max_line_bytes = 4 * 1024 * 1024;
  int max_consecutive_start_failures = 3;
};

// AdapterImplementation drives a third-party adapter. It never trusts it: a
// case that times out, crashes it, closes its pipe, writes something that is
// not the expected JSON answer, or floods its output is reported as a
// problem for that case, the adapter is restarted, and the run goes on.
class AdapterImplementation final : public Implementation {
 public:
  explicit AdapterImplementation(AdapterOptions options) : options_(std::move(options)), process_(options_.command) {}
  std::string name() const override { return name_; }
  std::string version() const override { return version_; }
  Answer Decide(const CaseRequest& request) override;
  void Finish() override;
  std::optional<std::vector<ScenarioKind>> kinds() const override { return kinds_; }
  // The kinds the adapter's hello serves as sessions, and how many at once.
  const std::vector<ScenarioKind>& session_kinds() const { return session_kinds_; }
  int max_open_sessions() const { return max_open_sessions_; }
  const AdapterOptions& options() const { return options_; }
  // Channel is the adapter process for sessions (vectors/sessions.h): cases
  // in flight are abandoned, the adapter is started if it is not running;
  // nullptr, and why, when it cannot be. Killing the process makes the next
  // use start it again; starts() counts the starts.
  AdapterProcess* Channel(AdapterProcess::Clock::time_point run_deadline, std::string* problem);
  std::uint64_t starts() const { return starts_; }
  // Submit writes the case to the adapter at once (docs/contract.md §6: the
  // next cases may come before the answer to the earlier ones), reading
  // whatever the adapter answers meanwhile, so that neither side blocks the
  // other. Each case keeps every guarantee of Decide: its own timeout (from
  // when the adapter has answered the case before it), and a crash, a hang or
  // a wrong answer is the problem of the case whose answer is due. After a
  // problem the adapter is restarted and the cases sent to it are sent again.
  // Abandon restarts the adapter if answers are still due from it.
  void Submit(const CaseRequest& request) override;
  Answer Collect() override;
  void Abandon() override;
  // Introduce starts the adapter, if it is not running, and reads its hello
  // (so kinds() is known before the first case); false, and why, when not.
  bool Introduce(std::string* problem) { return EnsureStarted(AdapterProcess::Clock::time_point::max(), problem); }

 private:
  bool EnsureStarted(AdapterProcess::Clock::time_point run_deadline, std::string* problem);
  Answer Fail(std::string problem);
  // ReadAnswer reads the answer to `request`, written to the adapter already.
  Answer ReadAnswer(const CaseRequest& request, AdapterProcess::Clock::time_point deadline);

  // A case submitted: when it was written, to which start of the adapter,
  // or why it could not be.
  struct Sent {
    AdapterProcess::Clock::time_point at;
    std::uint64_t start = 0;  // starts_ when it was written; 0: not written
    std::string problem;      // the write failed
    bool interrupted = false;
  };
  std::deque<Sent> sent_;      // beside submitted_
  std::uint64_t starts_ = 0;   // how many times the adapter was started
  bool input_broken_ = false;  // a write failed midway: nothing more is written to this start
  AdapterProcess::Clock::time_point last_answer_at_{};

  AdapterOptions options_;
  AdapterProcess process_;
  std::string name_ = "adapter";
  std::string version_ = "?";
  std::optional<std::vector<ScenarioKind>> kinds_;
  std::vector<ScenarioKind> session_kinds_;
  int max_open_sessions_ = 1;
  std::string previous_case_id_;  // the case answered last, to recognise a doubled answer
  int start_failures_ = 0;
  bool given_up_ = false;
};

// kSkipped is a case never reached (run timeout, too many adapter errors in a
// row, a signal): skipped = unsupported + known failures + not reached.
enum class Disposition { kPassed, kFailed, kAdapterError, kUnsupported, kKnownFailure, kSkipped };
std::string_view NameOf(Disposition disposition);

struct CaseResult {
  std::string id;
  std::string file;  // origin/name, e.g. edge_cases/failover_table.json
  int tc_id = 0;
  ScenarioKind kind = ScenarioKind::kPassthrough;
  Profile profile = Profile::kSpecDocs;
  std::vector<std::string> clauses;
  std::vector<std::string> flags;
  std::string comment;  // why the vector exists
  Disposition disposition = Disposition::kSkipped;
  bool unexpected_pass = false;  // listed as a known failure, yet passed
  std::string field;             // the normative field that differs
  std::string detail;            // adapter problem, known-failure reason, …
  std::chrono::microseconds duration{0};
  nlohmann::json input;  // kept for failures and adapter errors only
  nlohmann::json expected;
  nlohmann::json actual;    // bounded: see kMaxStoredAnswerBytes
  std::string actual_text;  // instead of `actual` when the answer was too large to keep
};

// An answer larger than this (compact JSON) is kept as its first bytes only.
inline constexpr std::size_t kMaxStoredAnswerBytes = 64 * 1024;

struct KnownFailure {
  std::string id;
  std::optional<Profile> profile;
  std::string reason;
};

// LoadExpectations reads {"knownFailures": [{"id", "profile"?, "reason"}]};
// any other key is an error.
std::optional<std::vector<KnownFailure>> LoadExpectations(const std::string& path, std::string* error);

struct RunOptions {
  std::vector<Profile> profiles;         // empty: every profile
  std::vector<std::string> id_patterns;  // glob (fnmatch) on vector ids
  std::vector<std::string> clauses;      // a vector citing any of them
  std::vector<std::string> flags;        // a vector carrying any of them
  std::vector<KnownFailure> known_failures;
  bool strict_expectations = false;  // a known failure that passes fails the run
  std::chrono::seconds run_timeout{1800};
  // After this many adapter errors in a row, with no good answer between
  // them, the rest of the run is not reached.
  int max_consecutive_adapter_errors = 5;
  // The command that reruns this run, without selection (for failure lines).
  std::string reproduce_command = "lbconform run";
  std::function<void(std::size_t done, std::size_t total)> progress;
  // A signal number once the run must stop (SIGINT, SIGTERM, SIGHUP), else 0.
  std::function<int()> stop_signal;
  // VectorDigest(files) when the caller has it already (empty: computed), for
  // callers that run the same files many times: it serialises every file.
  std::string vector_digest;
};

struct ProfileCounts {
  int passed = 0, failed = 0, adapter_errors = 0, unsupported = 0, known_failures = 0, skipped = 0;
  int unexpected_passes = 0;
  // The closing line's three numbers.
  int Failed() const { return failed + adapter_errors; }
  int Skipped() const { return unsupported + known_failures + skipped; }
  int Total() const { return passed + failed + adapter_errors + unsupported + known_failures + skipped; }
  void Add(Disposition disposition, bool unexpected_pass);
};

struct RunReport {
  std::string implementation;
  std::string implementation_version;
  std::string suite_version = kSuiteVersion;
  std::string vector_digest;
  std::string reproduce_command = "lbconform run";
  std::optional<std::vector<ScenarioKind>> declared_kinds;
  std::chrono::system_clock::time_point started, finished;
  bool timed_out = false;
  int stop_signal = 0;      // the signal that interrupted the run, or 0
  std::string stop_reason;  // why cases were not reached, if any were
  bool strict_expectations = false;
  std::vector<CaseResult> results;

  std::map<Profile, ProfileCounts> Counts() const;
  std::map<ScenarioKind, ProfileCounts> CountsByKind() const;
  std::map<std::string, ProfileCounts> CountsByClause() const;
  ProfileCounts Totals() const;
  bool Complete() const { return stop_reason.empty(); }
  // RequiredPassed: the run completed, at least one case was checked (passed
  // or failed), no failure and no adapter error (known failures and
  // unsupported cases do not fail a run), and under strict expectations no
  // known failure passed.
  bool RequiredPassed() const;
  // Verdict says in a few words why the run does or does not conform.
  std::string Verdict() const;
};

RunReport RunVectors(const std::vector<VectorFile>& files, Implementation& implementation, const RunOptions& options);

// VectorDigest identifies the vector set: FNV-1a 64 over the files' bytes.
std::string VectorDigest(const std::vector<VectorFile>& files);

// ShellQuoted is `text` quoted for /bin/sh.
std::string ShellQuoted(std::string_view text);

// KindImplemented: the adapter declared `kind` (or, without a hello's list, answered one of
// its cases).
bool KindImplemented(const RunReport& report, ScenarioKind kind, const ProfileCounts& counts);

}  // namespace lbconform::vectors

#endif  // LBCONFORM_VECTORS_RUNNER_H_
