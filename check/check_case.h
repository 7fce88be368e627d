// A case `lbconform check` draws: a scenario document and the boundary
// classes it reaches (check/case_generators.h draws them; document_forms.h,
// timeline_forms.h and slb_forms.h rewrite them).
#ifndef LBCONFORM_CHECK_CHECK_CASE_H_
#define LBCONFORM_CHECK_CHECK_CASE_H_

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace lbconform::check {

struct CheckCase {
  nlohmann::json document;              // the scenario document sent to both sides
  std::vector<std::string> boundaries;  // the boundary classes it reaches
};

}  // namespace lbconform::check

#endif  // LBCONFORM_CHECK_CHECK_CASE_H_
