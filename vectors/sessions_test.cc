// The session form of the adapter protocol (vectors/sessions.h): how a
// session's answers are judged, what a hello may declare, the messages
// against the protocol's schema, and the runner against session adapters that
// misbehave on purpose: each run ends in a finished report, the misbehaving
// session is its case's adapter error with the reason, the other sessions
// pass, and no adapter process is left behind.
#include "vectors/sessions.h"

#include <gtest/gtest.h>
#include <signal.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/testing/run_cli.h"
#include "reference/reference_engine.h"
#include "vectors/checks.h"
#include "vectors/schema_check.h"
#include "vectors/testing/load_vectors.h"

namespace lbconform::vectors {
namespace {

using nlohmann::json;
using testing::LoadAll;

const std::vector<VectorFile>& Vectors() {
  static const std::vector<VectorFile> files = LoadAll();
  return files;
}

const VectorTest& Find(const std::string& id) {
  for (const VectorFile& file : Vectors()) {
    for (const VectorGroup& group : file.groups) {
      for (const VectorTest& test : group.tests) {
        if (test.id == id) return test;
      }
    }
  }
  ADD_FAILURE() << "no vector " << id;
  static const VectorTest kNone;
  return kNone;
}

// Honest is the transcript of a session answered with the reference's
// decision of the whole timeline.
SessionTranscript Honest(const VectorTest& test, Profile profile) {
  const json decision = DecideVector(reference::ReferenceEngine(false), test.input, profile);
  SessionTranscript t;
  t.session = test.id;
  t.initial = decision.at("initial");
  for (const json& step : decision.at("steps")) t.steps.push_back(step);
  t.events_sent = t.steps.size();
  json last = t.steps.empty() ? t.initial : t.steps.back();
  last.erase("transition");
  t.queried = last;
  return t;
}

// ------------------------------ Judging

TEST(SessionJudge, AnHonestSessionPassesAndAWrongStepIsNamedWithItsEventsAndClauses) {
  const VectorTest& test = Find("timeline/draining/ends-exactly-at-timeout");
  SessionTranscript t = Honest(test, Profile::kSpecDocs);
  EXPECT_TRUE(JudgeSession(test, Profile::kSpecDocs, t).passed);
  // The drain's end time of step 3 (a failover) wrong, as a deadline computed
  // without the event's time would make it.
  ASSERT_GE(t.steps.size(), 3u);
  t.steps[2]["connections"][0]["drainingUntil"] = 300;
  const SessionJudgment judged = JudgeSession(test, Profile::kSpecDocs, t);
  EXPECT_FALSE(judged.passed);
  EXPECT_EQ(judged.field, "steps[2].connections[0].drainingUntil");
  EXPECT_NE(judged.detail.find("the first step that differs is step 3 of"), std::string::npos) << judged.detail;
  EXPECT_NE(judged.detail.find("1. t=0 c1 opens to p1"), std::string::npos) << judged.detail;
  EXPECT_NE(judged.detail.find("FO-21"), std::string::npos) << judged.detail;
}

TEST(SessionJudge, ReadingTheStateMustNotChangeIt) {
  const VectorTest& test = Find("timeline/draining/ends-exactly-at-timeout");
  SessionTranscript t = Honest(test, Profile::kSpecDocs);
  (*t.queried)["connections"] = json::array();
  const SessionJudgment judged = JudgeSession(test, Profile::kSpecDocs, t);
  EXPECT_FALSE(judged.passed);
  EXPECT_EQ(judged.field, "query: connections (count)");
}

TEST(SessionJudge, ErrorsAreFoundMessageByMessage) {
  // The document's events are out of order at its second event, and it has an
  // unknown top-level field, which the open carries: the open is rejected.
  const VectorTest& test = Find("timeline/readings/event-error-before-unknown-top-level-field");
  ASSERT_EQ(test.result, Result::kInvalid);
  SessionTranscript at_open;
  at_open.rejected = 0;
  at_open.errors = json::parse(R"([{"code":"UNKNOWN_FIELD"}])");
  EXPECT_TRUE(JudgeSession(test, Profile::kSpecDocs, at_open).passed);
  // The whole document's code, at the event that holds it, is too late.
  SessionTranscript late = at_open;
  late.rejected = 2;
  late.errors = json::parse(R"([{"code":"EVENTS_OUT_OF_ORDER"}])");
  const SessionJudgment judged = JudgeSession(test, Profile::kSpecDocs, late);
  EXPECT_FALSE(judged.passed);
  EXPECT_EQ(judged.field, "valid");
  EXPECT_NE(judged.detail.find("where lbconform rejects the open (UNKNOWN_FIELD)"), std::string::npos) << judged.detail;
  // Accepting everything fails it too; so does another code at the right place.
  SessionTranscript accepted;
  EXPECT_FALSE(JudgeSession(test, Profile::kSpecDocs, accepted).passed);
  SessionTranscript wrong_code = at_open;
  wrong_code.errors = json::parse(R"([{"code":"MISSING_FIELD"}])");
  EXPECT_EQ(JudgeSession(test, Profile::kSpecDocs, wrong_code).field, "errors[0].code");
}

TEST(SessionJudge, ARejectedEventOfAValidTimelineFails) {
  const VectorTest& test = Find("timeline/draining/ends-exactly-at-timeout");
  SessionTranscript t = Honest(test, Profile::kSpecDocs);
  t.steps.resize(1);
  t.rejected = 2;
  t.errors = json::parse(R"([{"code":"UNKNOWN_CONNECTION"}])");
  const SessionJudgment judged = JudgeSession(test, Profile::kSpecDocs, t);
  EXPECT_FALSE(judged.passed);
  EXPECT_EQ(judged.field, "valid");
  EXPECT_NE(judged.detail.find("lbconform accepts every event"), std::string::npos) << judged.detail;
}

TEST(SessionSplit, TheOpenHasNoEventsAndNothingPastTheLimitIsSent) {
  json timeline = Find("timeline/draining/ends-exactly-at-timeout").input;
  SplitInput split = SplitTimeline(timeline);
  EXPECT_EQ(split.open_input.at("events"), json::array());
  EXPECT_EQ(split.events.size(), timeline.at("events").size());
  EXPECT_FALSE(split.whole);
  for (int i = 0; i < 10'010; ++i) timeline["events"].push_back({{"at", 1}, {"type", "advance"}});
  split = SplitTimeline(timeline);
  EXPECT_EQ(split.events.size(), kMaxTimelineEvents + 1) << "the event past the limit, to be rejected, and no more";
  EXPECT_TRUE(SplitTimeline(json("not a document")).whole);
  EXPECT_TRUE(SplitTimeline(json::parse(R"({"kind":"passthrough-timeline","events":5})")).whole);
}

// ------------------------------ The hello and the messages

TEST(SessionHello, WhatAHelloMayDeclare) {
  auto hello = [](const std::string& sessions) {
    return InterpretHello(R"({"type":"hello","protocol":1,"kinds":["passthrough"],"sessions":)" + sessions + "}");
  };
  const HelloInfo good = hello(R"({"version":1,"kinds":["passthrough-timeline"],"maxOpen":1000})");
  ASSERT_TRUE(good.ok) << good.problem;
  EXPECT_EQ(good.session_kinds, std::vector<ScenarioKind>{ScenarioKind::kPassthroughTimeline});
  EXPECT_EQ(good.max_open_sessions, kMaxOpenSessions);
  EXPECT_EQ(InterpretHello(R"({"type":"hello","protocol":1,"kinds":[]})").max_open_sessions, 1);
  EXPECT_NE(hello(R"({"version":2,"kinds":["passthrough-timeline"]})").problem.find("sessions version 2"),
            std::string::npos);
  EXPECT_NE(hello(R"({"version":1,"kinds":["passthrough"]})").problem.find("only passthrough-timeline"),
            std::string::npos);
  EXPECT_FALSE(hello(R"({"version":1,"kinds":["passthrough-timeline"],"maxOpen":0})").ok);
  EXPECT_FALSE(hello(R"([1])").ok);
}

std::string ProtocolProblems(const json& message) {
  std::string out;
  for (const std::string& p :
       SchemaProblems(message, std::string(LBCONFORM_SOURCE_DIR) + "/vectors/schema/protocol.schema.json")) {
    out += p + "\n";
  }
  return out;
}

TEST(SessionSchema, TheRunnersMessagesAndTheBuiltInAdaptersAnswersFollowIt) {
  std::string requests = R"({"type":"hello","protocol":1})"
                         "\n";
  int messages = 0;
  for (const char* id : {"timeline/draining/ends-exactly-at-timeout", "timeline/readings/close-twice",
                         "timeline/readings/event-error-before-unknown-top-level-field"}) {
    const VectorTest& test = Find(id);
    const SplitInput split = SplitTimeline(test.input);
    const std::string session = std::string(id) + "#1";
    std::vector<std::string> lines = {
        OpenMessageText(session, ScenarioKind::kPassthroughTimeline, Profile::kSpecDocs, split.open_input)};
    for (std::size_t k = 0; k < split.events.size(); ++k)
      lines.push_back(EventMessageText(session, k + 1, *split.events[k]));
    lines.push_back(QueryMessageText(session, split.events.size() + 1));
    lines.push_back(CloseMessageText(session, split.events.size() + 2));
    for (const std::string& line : lines) {
      EXPECT_EQ(ProtocolProblems(json::parse(line)), "") << line.substr(0, 200);
      requests += line + "\n";
      ++messages;
    }
  }
  const lbconform::testing::CliRun run = lbconform::testing::Lbconform({"adapter", "--sessions"}, requests);
  ASSERT_EQ(run.status, 0) << run.err;
  std::istringstream answers(run.out);
  std::string line;
  int answered = 0;
  bool rejected = false;
  while (std::getline(answers, line)) {
    EXPECT_EQ(ProtocolProblems(json::parse(line)), "") << line.substr(0, 200);
    rejected = rejected || line.find("\"valid\":false") != std::string::npos;
    ++answered;
  }
  EXPECT_EQ(answered, messages + 1);
  EXPECT_TRUE(rejected);
  EXPECT_NE(ProtocolProblems(json::parse(R"({"type":"state","session":"s","seq":1})")), "")
      << "a state needs an output, unsupported or error";
}

// ------------------------------ The runner against misbehaving session adapters

std::string Script(const std::string& name) { return std::string(LBCONFORM_SOURCE_DIR) + "/vectors/adapters/" + name; }

// Alive: the process exists (and is not a zombie of ours).
bool Alive(pid_t pid) { return kill(pid, 0) == 0 || errno != ESRCH; }

struct SessionRun {
  RunReport report;
  std::vector<pid_t> pids;  // every adapter process started
};

// The timeouts leave room for a slow Python start and answer on a loaded
// machine; only the hang waits for its case timeout.
SessionRun RunMisbehaving(const std::string& mode,
                          std::chrono::milliseconds case_timeout = std::chrono::milliseconds(10000)) {
  const std::string pid_file = ::testing::TempDir() + "/session-adapter-" + mode + ".pids";
  std::filesystem::remove(pid_file);
  AdapterOptions adapter;
  adapter.command = "LBCONFORM_TEST_PID_FILE=" + pid_file + " exec python3 " +
                    Script("testing/misbehaving_session_adapter.py") + " " + mode;
  adapter.case_timeout = case_timeout;
  adapter.start_timeout = std::chrono::milliseconds(20000);
  AdapterImplementation process(adapter);
  SessionImplementation sessions(process, CaseForm::kSession);
  RunOptions options;
  options.id_patterns = {"timeline/draining/*"};
  options.profiles = {Profile::kSpecDocs};
  options.run_timeout = std::chrono::seconds(120);
  SessionRun run{RunVectors(Vectors(), sessions, options), {}};
  std::ifstream pids(pid_file);
  for (pid_t pid = 0; pids >> pid;) run.pids.push_back(pid);
  return run;
}

void ExpectFinishedWithReason(const SessionRun& run, const std::string& reason) {
  const RunReport& report = run.report;
  EXPECT_TRUE(report.Complete()) << report.stop_reason;
  int errors = 0, passed = 0;
  for (const CaseResult& r : report.results) {
    if (r.disposition == Disposition::kAdapterError) {
      ++errors;
      EXPECT_NE(r.detail.find(reason), std::string::npos) << r.id << ": " << r.detail;
      EXPECT_NE(r.detail.find("session " + r.id + "@spec-docs#"), std::string::npos) << r.detail;
    }
    passed += r.disposition == Disposition::kPassed ? 1 : 0;
  }
  EXPECT_GE(errors, 1) << "the misbehaviour was not noticed";
  EXPECT_GE(passed, 3) << "the well-behaved sessions must pass";
  EXPECT_EQ(errors + passed, static_cast<int>(report.results.size()));
  ASSERT_FALSE(run.pids.empty());
  for (pid_t pid : run.pids) EXPECT_FALSE(Alive(pid)) << "adapter process " << pid << " left behind";
}

TEST(SessionRunner, ACrashIsTheAdapterErrorOfTheSessionDue) {
  ExpectFinishedWithReason(RunMisbehaving("crash"), "event 1 of");
}

TEST(SessionRunner, AHangEndsAtTheTimeout) {
  const auto start = std::chrono::steady_clock::now();
  const SessionRun run = RunMisbehaving("hang", std::chrono::milliseconds(1000));
  ExpectFinishedWithReason(run, "no answer within 1000 ms");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(60));
}

TEST(SessionRunner, AnAnswerToAnotherSessionIsSaidAsSuch) {
  ExpectFinishedWithReason(RunMisbehaving("other-session"), "the answer is for another session (\"someone-else\")");
}

TEST(SessionRunner, ASessionTheAdapterDropsIsItsCasesErrorAlone) {
  const SessionRun run = RunMisbehaving("drop");
  ExpectFinishedWithReason(run, "the adapter dropped the session: lost the emulator");
  EXPECT_EQ(run.pids.size(), 1u) << "a dropped session does not restart the adapter";
}

TEST(SessionRunner, ASecondAnswerAndAnUnsupportedEventAreAdapterErrors) {
  ExpectFinishedWithReason(RunMisbehaving("doubled"), "a second answer to seq 1");
  ExpectFinishedWithReason(RunMisbehaving("unsupported-event"), "\"unsupported\" to a message that is not an open");
}

TEST(SessionRunner, AStateReadByTheQueryThatDiffersFailsTheCase) {
  const RunReport report = RunMisbehaving("query-differs").report;
  int failed = 0;
  for (const CaseResult& r : report.results) {
    if (r.disposition != Disposition::kFailed) continue;
    ++failed;
    EXPECT_EQ(r.field, "query: modifiedEligible");
  }
  EXPECT_GE(failed, 1);
}

// Several sessions open at once: a crash in one is its case's error, and the
// others, open on the same adapter, start afresh and are judged as usual.
TEST(SessionPipelining, ACrashInOneSessionReplaysTheOthers) {
  std::vector<const VectorTest*> tests;
  for (const VectorFile& file : Vectors()) {
    for (const VectorGroup& group : file.groups) {
      for (const VectorTest& test : group.tests) {
        if (test.kind == ScenarioKind::kPassthroughTimeline && test.result == Result::kValid &&
            test.AppliesTo(Profile::kSpecDocs) && tests.size() < 8)
          tests.push_back(&test);
      }
    }
  }
  ASSERT_EQ(tests.size(), 8u);
  const std::string bad = tests[3]->id;  // its session crashes the adapter at its first event
  AdapterOptions adapter;
  adapter.command = "LBCONFORM_TEST_BAD_SESSION='" + bad + "@' exec python3 " +
                    Script("testing/misbehaving_session_adapter.py") + " crash";
  adapter.case_timeout = std::chrono::milliseconds(10000);
  adapter.start_timeout = std::chrono::milliseconds(20000);
  AdapterImplementation process(adapter);
  SessionImplementation sessions(process, CaseForm::kAuto);
  for (const VectorTest* test : tests) sessions.Submit({test->id + "@spec-docs", test, Profile::kSpecDocs});
  int crashed = 0, passed = 0;
  for (const VectorTest* test : tests) {
    const Answer answer = sessions.Collect();
    if (answer.kind == Answer::Kind::kProblem) {
      ++crashed;
      EXPECT_EQ(test->id, bad);
      EXPECT_NE(answer.problem.find("crashed"), std::string::npos) << answer.problem;
      continue;
    }
    ASSERT_EQ(answer.kind, Answer::Kind::kDecision) << test->id;
    ASSERT_NE(answer.session, nullptr);
    const SessionJudgment judged = JudgeSession(*test, Profile::kSpecDocs, *answer.session);
    EXPECT_TRUE(judged.passed) << test->id << ": " << judged.field << " " << judged.detail;
    ++passed;
  }
  EXPECT_EQ(crashed, 1);
  EXPECT_EQ(passed, 7);
  EXPECT_GT(sessions.events_sent(), 8u);
  sessions.Finish();
}

}  // namespace
}  // namespace lbconform::vectors
