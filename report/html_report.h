// `lbconform report`: a run's JSON report as one self-contained HTML page (no
// network): the verdict, counts per kind, profile and clause, and a filterable
// table of the cases that failed with input, expected and actual side by side.
#ifndef LBCONFORM_REPORT_HTML_REPORT_H_
#define LBCONFORM_REPORT_HTML_REPORT_H_

#include <nlohmann/json.hpp>
#include <string>

namespace lbconform {

// HtmlReport renders one report (reportVersion 1) or an array of them.
std::string HtmlReport(const nlohmann::json& report_or_reports);

}  // namespace lbconform

#endif  // LBCONFORM_REPORT_HTML_REPORT_H_
