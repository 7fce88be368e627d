// Target: the runner's protocol reader (InterpretHello, InterpretAnswer), the
//   expectation matcher and the runner's bounded keeping of an answer, on
//   arbitrary bytes as an adapter's replies: the first line is the hello, each
//   further line answers case "case-<n>". Depth is the adapter's to choose.
//   What the runner writes of the answers is fuzz/run_report.cc's.
// Oracle: never a crash; every case ends with a disposition — a decision, an
//   unsupported, or a problem that says what was wrong; a decision is matched
//   against a vector's expectation without throwing; every text the reader
//   keeps for printing (the hello's name and version, a problem, a differing
//   field) is free of terminal controls.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "documents/printable_text.h"
#include "vectors/checks.h"
#include "vectors/runner.h"

namespace {

// Printable: text a terminal shows as it is (TerminalText leaves it alone).
bool ForATerminal(const std::string& text) { return lbconform::TerminalText(text, text.size() + 16) == text; }

}  // namespace

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
  // 16 lines: every kind of answer is reached as well, and a run stays
  // above 1,000 exec/s under ASan+UBSan (64 lines of 16 KiB inputs did not).
  while (start <= text.size() && line_number < 16) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    if (line_number++ == 0) {
      const HelloInfo hello = InterpretHello(line);
      if (!hello.ok && hello.problem.empty()) std::abort();
      if (!ForATerminal(hello.name) || !ForATerminal(hello.version) || !ForATerminal(hello.problem)) std::abort();
      continue;
    }
    const std::string case_id = "case-" + std::to_string(line_number - 1);
    const Answer answer = InterpretAnswer(line, case_id);
    switch (answer.kind) {
      case Answer::Kind::kProblem:
        if (answer.problem.empty() || !ForATerminal(answer.problem)) std::abort();
        break;
      case Answer::Kind::kUnsupported:
      case Answer::Kind::kInterrupted:
        break;
      case Answer::Kind::kDecision: {
        if (!answer.decision.is_object()) std::abort();
        std::string field;
        if (!ExpectationMatches(test, answer.decision, &field) && !ForATerminal(field)) std::abort();
        break;
      }
    }
  }
  return 0;
}
