// Target: the runner's protocol reader (InterpretHello, InterpretAnswer) and
//   the expectation matcher, on arbitrary bytes as an adapter's replies: the
//   first line is the hello, each further line answers case "case-<n>".
// Oracle: never a crash; every case ends with a disposition — a decision, an
//   unsupported, or a problem that says what was wrong; a decision is matched
//   against a vector's expectation without throwing.
#include <cstdio>
#include <cstdlib>
#include <string>

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
    t.expected = {nlohmann::json::parse(R"({"valid":true,"errors":[],"eligible":{"kind":"ALL_HEALTHY","backends":["vm-1"]},"zonalAffinity":{"status":"DISABLED"},"modifiedEligible":["vm-1"]})")};
    return t;
  }();
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
    switch (answer.kind) {
      case Answer::Kind::kProblem:
        if (answer.problem.empty()) std::abort();
        break;
      case Answer::Kind::kUnsupported:
        break;
      case Answer::Kind::kDecision: {
        if (!answer.decision.is_object()) std::abort();
        std::string field;
        volatile bool matched = ExpectationMatches(test, answer.decision, &field);
        (void)matched;
        break;
      }
    }
  }
  return 0;
}
