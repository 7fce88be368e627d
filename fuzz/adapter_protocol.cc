// Target: the runner's protocol reader (InterpretHello, InterpretAnswer), the
//   expectation matcher and the runner's own use of an answer (kept bounded,
//   then written to the terminal summary, the JSON report and JUnit), on
//   arbitrary bytes as an adapter's replies: the first line is the hello, each
//   further line answers case "case-<n>". Depth is the adapter's to choose.
// Oracle: never a crash; every case ends with a disposition — a decision, an
//   unsupported, or a problem that says what was wrong; a decision is matched
//   against a vector's expectation without throwing; every report of it is
//   written, and the JSON report is valid UTF-8.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "report/run_report.h"
#include "vectors/checks.h"
#include "vectors/runner.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  using namespace lbconform::vectors;
  const std::string text(reinterpret_cast<const char*>(bytes), size);
  std::size_t start = 0;
  int line_number = 0;
  // A valid expectation to match decisions against, built once.
  static const VectorTest test = [] {
    VectorTest t;
    t.expected = {nlohmann::json::parse(
        R"({"valid":true,"errors":[],"eligible":{"kind":"ALL_HEALTHY","backends":["vm-1"]},"zonalAffinity":{"status":"DISABLED"},"modifiedEligible":["vm-1"]})")};
    return t;
  }();
  RunReport report;
  report.implementation = Printable(text.substr(0, std::min<std::size_t>(text.size(), 16)), 16);
  while (start <= text.size() && line_number < 64) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    if (line_number++ == 0) {
      const HelloInfo hello = InterpretHello(line);
      if (!hello.ok && hello.problem.empty()) std::abort();
      continue;
    }
    const std::string case_id = "case-" + std::to_string(line_number - 1);
    const Answer answer = InterpretAnswer(line, case_id);
    CaseResult result;
    result.id = Printable(line.substr(0, 8), 8);  // maybe cut inside a character
    result.tc_id = line_number;
    result.input = Printable(line, 4096);
    switch (answer.kind) {
      case Answer::Kind::kProblem:
        if (answer.problem.empty()) std::abort();
        result.disposition = Disposition::kAdapterError;
        result.detail = answer.problem;
        break;
      case Answer::Kind::kUnsupported:
      case Answer::Kind::kInterrupted:
        result.disposition = Disposition::kUnsupported;
        break;
      case Answer::Kind::kDecision: {
        if (!answer.decision.is_object()) std::abort();
        const bool matched = ExpectationMatches(test, answer.decision, &result.field);
        result.disposition = matched ? Disposition::kPassed : Disposition::kFailed;
        result.actual = answer.decision;
        break;
      }
    }
    report.results.push_back(std::move(result));
  }
  // What the runner writes of these answers: never a throw, JSON valid UTF-8.
  volatile std::size_t written =
      SummaryText(report).size() + JUnitXml({report}).size() + SummaryMarkdown({report}).size();
  (void)written;
  const std::string json_text = ReportJson(report).dump();
  if (Printable(json_text, json_text.size() + 8) != json_text) std::abort();
  return 0;
}
