// `lbconform check` sends cases ahead through the adapter (Submit/Collect):
// its results are those of one case at a time, and a misbehaving adapter is
// still blamed on the case it misbehaved on.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>
#include <string>

#include "check/check.h"

namespace lbconform {
namespace {

// OneAtATime forwards to an adapter but keeps Implementation's own Submit and
// Collect: each case is decided by Decide when collected, as before pipelining.
class OneAtATime final : public vectors::Implementation {
 public:
  explicit OneAtATime(vectors::Implementation& inner) : inner_(inner) {}
  std::string name() const override { return inner_.name(); }
  std::string version() const override { return inner_.version(); }
  vectors::Answer Decide(const vectors::CaseRequest& request) override { return inner_.Decide(request); }
  void Finish() override { inner_.Finish(); }
  std::optional<std::vector<ScenarioKind>> kinds() const override { return inner_.kinds(); }

 private:
  vectors::Implementation& inner_;
};

struct Checked {
  CheckResult result;
  std::string text;  // the printed findings and coverage, without the timings
};

Checked RunAdapter(const std::string& command, bool pipelined, CheckOptions options,
                   std::chrono::milliseconds case_timeout = std::chrono::milliseconds(5000)) {
  vectors::AdapterOptions adapter;
  adapter.command = command;
  adapter.case_timeout = case_timeout;
  vectors::AdapterImplementation process(adapter);
  OneAtATime unpipelined(process);
  vectors::Implementation& implementation = pipelined ? static_cast<vectors::Implementation&>(process) : unpipelined;
  std::ostringstream out, err;
  Checked checked;
  checked.result = RunCheck(implementation, options, out, err);
  implementation.Finish();
  checked.text = std::regex_replace(out.str(), std::regex(R"(\d+ cases in [0-9.]+ s \(\d+/s\))"), "N cases in T s");
  return checked;
}

std::string WrongAdapter(const std::string& name) { return std::string(LBCONFORM_WRONG_ADAPTER) + " " + name; }

// A wrong adapter, pipelined and one case at a time: the same finding at the
// same case, the same shrunk scenario, the same coverage tables.
TEST(CheckPipeline, SameResultsAsOneCaseAtATime) {
  // Found after tens of cases, with cases after the finding in flight (kept
  // short: the sanitizer builds run this too).
  for (const auto& [engine, kind] : {std::pair{"float-ratio", ScenarioKind::kPassthrough},
                                     std::pair{"strict-overflows", ScenarioKind::kServiceLbPolicy}}) {
    CheckOptions options;
    options.kinds = {kind};
    options.cases = 2000;
    options.seed = 1;
    const Checked pipelined = RunAdapter(WrongAdapter(engine), true, options);
    const Checked one_at_a_time = RunAdapter(WrongAdapter(engine), false, options);
    ASSERT_EQ(pipelined.result.findings.size(), 1u) << pipelined.text;
    ASSERT_EQ(one_at_a_time.result.findings.size(), 1u) << one_at_a_time.text;
    const CheckFinding& a = pipelined.result.findings.front();
    const CheckFinding& b = one_at_a_time.result.findings.front();
    EXPECT_EQ(a.case_index, b.case_index);
    EXPECT_EQ(a.shrink_steps, b.shrink_steps);
    EXPECT_EQ(a.shrink_tries, b.shrink_tries);
    EXPECT_EQ(a.scenario, b.scenario);
    EXPECT_EQ(a.expected, b.expected);
    EXPECT_EQ(a.actual, b.actual);
    EXPECT_EQ(a.clauses, b.clauses);
    EXPECT_EQ(pipelined.result.coverage.at(kind).cases, one_at_a_time.result.coverage.at(kind).cases);
    EXPECT_EQ(pipelined.result.coverage.at(kind).clauses, one_at_a_time.result.coverage.at(kind).clauses);
    EXPECT_EQ(pipelined.result.coverage.at(kind).boundaries, one_at_a_time.result.coverage.at(kind).boundaries);
    EXPECT_EQ(pipelined.text, one_at_a_time.text);
  }
}

std::string Misbehaving(const std::string& mode) {
  return std::string("exec python3 ") + LBCONFORM_SOURCE_DIR + "/vectors/adapters/testing/misbehaving_adapter.py " +
         mode;
}

// The misbehaving adapter answers the first case well and misbehaves on the
// second it reads (case 1), while later cases are already in its input: the
// adapter error is still case 1's. (Python starts slowly: three modes only.)
TEST(CheckPipeline, MisbehavingAdapterIsBlamedOnItsCase) {
  for (const char* mode : {"hang", "crash", "wrong-id"}) {
    CheckOptions options;
    options.kinds = {ScenarioKind::kPassthrough};
    options.cases = 20;
    options.seed = 4;
    options.shrink = false;
    {
      const Checked checked = RunAdapter(Misbehaving(mode), true, options, std::chrono::milliseconds(400));
      ASSERT_EQ(checked.result.findings.size(), 1u) << mode << "\n" << checked.text;
      const CheckFinding& finding = checked.result.findings.front();
      EXPECT_EQ(finding.case_index, 1u) << mode << "\n" << checked.text;
      EXPECT_EQ(finding.field.rfind("adapter error: ", 0), 0u) << mode << ": " << finding.field;
      const KindCoverage& coverage = checked.result.coverage.at(ScenarioKind::kPassthrough);
      EXPECT_EQ(coverage.cases, 2u) << mode;
      EXPECT_EQ(coverage.agreed, 1u) << mode;
      EXPECT_EQ(coverage.adapter_errors, 1u) << mode;
    }
  }
}

// An adapter that answers one case twice still gets every later case right:
// the doubled line is skipped, not read as the next case's answer.
TEST(CheckPipeline, DoubledAnswerDoesNotShiftTheAnswers) {
  CheckOptions options;
  options.kinds = {ScenarioKind::kPassthrough};
  options.cases = 12;
  options.seed = 4;
  const Checked checked = RunAdapter(Misbehaving("doubled"), true, options);
  EXPECT_TRUE(checked.result.findings.empty()) << checked.text;
  EXPECT_EQ(checked.result.coverage.at(ScenarioKind::kPassthrough).agreed, 12u) << checked.text;
}

// The built-in adapter answers each case with the very line check expects, so
// no answer is parsed; the same answers written otherwise (a space after a
// comma) are parsed and still agree, and a wrong adapter's are not taken as
// expected.
TEST(CheckPipeline, ExpectedAnswerLinesAgreeUnparsedAndOthersAreRead) {
  const std::string builtin = std::string(LBCONFORM_BINARY) + " adapter";
  for (ScenarioKind kind :
       {ScenarioKind::kPassthrough, ScenarioKind::kPassthroughTimeline, ScenarioKind::kServiceLbPolicy}) {
    CheckOptions options;
    options.kinds = {kind};
    options.cases = 60;
    options.seed = 3;
    const Checked verbatim = RunAdapter(builtin, true, options);
    EXPECT_TRUE(verbatim.result.findings.empty()) << verbatim.text;
    EXPECT_EQ(verbatim.result.coverage.at(kind).agreed, 60u) << NameOf(kind);
    EXPECT_EQ(verbatim.result.answers_as_expected, 60u) << NameOf(kind);

    const Checked reformatted =
        RunAdapter(builtin + " | sed -u 's/,\"type\":\"result\"}$/, \"type\": \"result\"}/'", true, options);
    EXPECT_TRUE(reformatted.result.findings.empty()) << reformatted.text;
    EXPECT_EQ(reformatted.result.coverage.at(kind).agreed, 60u) << NameOf(kind);
    EXPECT_EQ(reformatted.result.answers_as_expected, 0u) << NameOf(kind);
    EXPECT_EQ(reformatted.result.coverage.at(kind).clauses, verbatim.result.coverage.at(kind).clauses);
  }
  CheckOptions options;
  options.kinds = {ScenarioKind::kPassthrough};
  options.cases = 2000;
  options.seed = 1;
  options.shrink = false;
  const Checked wrong = RunAdapter(WrongAdapter("failover-at-or-below"), true, options);
  ASSERT_EQ(wrong.result.findings.size(), 1u) << wrong.text;
  const KindCoverage& coverage = wrong.result.coverage.at(ScenarioKind::kPassthrough);
  EXPECT_LE(wrong.result.answers_as_expected, coverage.agreed);
  EXPECT_LT(wrong.result.answers_as_expected, coverage.cases);
}

// The case line written without building the message is the message's dump.
TEST(CheckPipeline, CaseMessageTextIsTheMessage) {
  vectors::VectorTest test;
  test.kind = ScenarioKind::kPassthroughTimeline;
  test.input = nlohmann::json::parse(R"({"kind":"passthrough-timeline","zeta":[1,-2,3.5,"é\u0001"],"alpha":null})");
  const vectors::CaseRequest request{"check/x/1/2@api-10min \"quoted\"", &test, Profile::kApi10Min};
  EXPECT_EQ(vectors::CaseMessageText(request), vectors::CaseMessage(request).dump());
  test.input = "{not json";
  EXPECT_EQ(vectors::CaseMessageText(request), vectors::CaseMessage(request).dump());
}

}  // namespace
}  // namespace lbconform
