// The renderings of a run of the vectors: the terminal summary and closing
// line, the Markdown summary, the JSON report (vectors/schema/report.schema.json),
// JUnit XML, the files of failing cases and a starting expectations file.
#ifndef LBCONFORM_REPORT_RUN_REPORT_H_
#define LBCONFORM_REPORT_RUN_REPORT_H_

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "vectors/runner.h"

namespace lbconform::vectors {

// ExpectationsJson is a starting expectations file listing every failure and
// adapter error of `reports`, each with a reason to fill in.
nlohmann::json ExpectationsJson(const std::vector<RunReport>& reports);

// ReproduceCommand is the command that runs only result `r` again.
std::string ReproduceCommand(const RunReport& report, const CaseResult& r);

inline constexpr int kReportVersion = 1;

std::string SummaryText(const RunReport& report);
std::string SummaryMarkdown(const std::vector<RunReport>& reports);
nlohmann::json ReportJson(const RunReport& report);
std::string JUnitXml(const std::vector<RunReport>& reports);
// ClosingLine is "run: N passed, N failed, N skipped" over every report.
std::string ClosingLine(const std::vector<RunReport>& reports);

// SavedFailure is one failing case as standalone files: the scenario (JSON,
// or the raw text of a malformed one) and its expected decision.
struct SavedFailure {
  std::string scenario_name, scenario_text, expected_name, expected_text;
};
std::vector<SavedFailure> FailureFiles(const RunReport& report);

}  // namespace lbconform::vectors

#endif  // LBCONFORM_REPORT_RUN_REPORT_H_
