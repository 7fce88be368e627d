// Target: what `lbconform run` writes of an adapter's answers — the terminal
//   summary, the Markdown summary, the JSON report and JUnit XML — on a report
//   whose implementation name, version, case ids, problems, inputs and
//   answers come from arbitrary bytes (the adapter's and a vector folder's
//   text): the first byte chooses the writer, the first line names the
//   implementation, each of the next four is one case (its first 512
//   bytes), its disposition chosen by its length.
//   Bounded so that a run stays fast under ASan: every writer's per-case code
//   is reached by four cases (one of each disposition) as by eighty.
// Oracle: never a throw or a crash; the terminal summary holds no control
//   character but its newlines and no line that starts as the closing line
//   (`run:`); the Markdown holds no control character but its newlines and
//   no raw `<` but in its own <details> block; the JSON report is valid UTF-8.
#include "report/run_report.h"

#include <cstdlib>
#include <sstream>
#include <string>

#include "documents/printable_text.h"

namespace {

using namespace lbconform::vectors;

// OneLinePerLine: every line of `text` is printable as it is, and none
// starts with `forbidden` (when given).
bool OneLinePerLine(const std::string& text, const std::string& forbidden) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (lbconform::TerminalText(line, line.size() + 16) != line) return false;
    if (!forbidden.empty() && line.rfind(forbidden, 0) == 0) return false;
  }
  return true;
}

// NoRawHtml: outside code spans (which show HTML as written), the only `<`
// of the Markdown are its own <details> tags.
bool NoRawHtml(const std::string& markdown) {
  std::string outside;
  bool in_code = false;
  for (std::size_t i = 0; i < markdown.size(); ++i) {
    if (markdown[i] == '\\' && !in_code) {
      ++i;  // an escaped character is text
    } else if (markdown[i] == '`') {
      in_code = !in_code;
    } else if (!in_code) {
      outside += markdown[i];
    }
  }
  for (const char* own : {"<details><summary>", "<details open><summary>", "</summary>", "</details>"}) {
    for (std::size_t at; (at = outside.find(own)) != std::string::npos;) outside.erase(at, std::string(own).size());
  }
  return outside.find('<') == std::string::npos;
}

// ResultOf makes one case of `bytes`: valid UTF-8, as every text the runner
// keeps is (vector files and answers are JSON), control characters included.
CaseResult ResultOf(const std::string& bytes, int number) {
  const std::string line = lbconform::Printable(bytes, 512);
  CaseResult result;
  result.id = lbconform::Printable(line.substr(0, 24), 64);  // maybe cut inside a character
  result.tc_id = number;
  result.file = "edge_cases/" + lbconform::Printable(line.substr(0, 8), 32) + ".json";
  result.comment = line;
  result.clauses = {lbconform::Printable(line.substr(0, 6), 32)};
  result.input = line;
  switch (line.size() % 4) {
    case 0:
      result.disposition = Disposition::kFailed;
      result.field = line;
      result.actual_text = line;
      break;
    case 1:
      result.disposition = Disposition::kAdapterError;
      result.detail = line;
      break;
    case 2:
      result.disposition = Disposition::kKnownFailure;
      result.detail = line;
      break;
    default:
      result.disposition = Disposition::kPassed;
      result.unexpected_pass = !line.empty() && line[0] == '!';
      result.detail = line;
  }
  return result;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  if (size == 0) return 0;
  // The first byte chooses the writer, so that each run writes one format:
  // writing all four of every input kept the harness under 1,000 exec/s.
  const int writer = bytes[0] % 4;
  const std::string text(reinterpret_cast<const char*>(bytes) + 1, size - 1);
  RunReport report;
  report.reproduce_command = "lbconform run --impl adapter";
  std::size_t start = 0;
  for (int number = 0; start <= text.size() && number < 5; ++number) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    if (number == 0) {
      report.implementation = lbconform::Printable(line, 200);
      report.implementation_version = lbconform::Printable(line.substr(line.size() / 2), 200);
      continue;
    }
    report.results.push_back(ResultOf(line, number));
  }
  switch (writer) {
    case 0:
      if (!OneLinePerLine(SummaryText(report), "run:")) std::abort();
      break;
    case 1: {
      const std::string markdown = SummaryMarkdown({report});
      if (!OneLinePerLine(markdown, "") || !NoRawHtml(markdown)) std::abort();
      break;
    }
    case 2: {
      volatile std::size_t written = JUnitXml({report}).size();
      (void)written;
      break;
    }
    default: {
      const std::string json_text = ReportJson(report).dump();
      if (lbconform::Printable(json_text, json_text.size() + 8) != json_text) std::abort();
    }
  }
  return 0;
}
