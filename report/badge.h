// `lbconform report --badge`: a run's JSON report as a shields.io endpoint
// badge (https://shields.io/badges/endpoint-badge), for a README.
#ifndef LBCONFORM_REPORT_BADGE_H_
#define LBCONFORM_REPORT_BADGE_H_

#include <nlohmann/json.hpp>

namespace lbconform {

// ShieldsBadge is {"schemaVersion": 1, "label": "lbconform", "message":
// "K/N kinds, P/T passed", "color"} for one report (reportVersion 1) or an
// array of them: K kinds conform (implemented, checked, nothing failed, in
// every report) of the N kinds the reports count, P cases passed of T. The
// color: brightgreen when every report conforms with every kind and nothing
// waived or skipped, yellowgreen when they conform otherwise (kinds not
// implemented, known failures), red when one does not conform.
nlohmann::json ShieldsBadge(const nlohmann::json& report_or_reports);

}  // namespace lbconform

#endif  // LBCONFORM_REPORT_BADGE_H_
