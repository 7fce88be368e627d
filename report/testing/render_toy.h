// `lbconform explain` for the test-only toy kind (model/testing/toy_model.h):
// the explanation text its row in report/explain_kinds.cc shows.
#ifndef LBCONFORM_REPORT_TESTING_RENDER_TOY_H_
#define LBCONFORM_REPORT_TESTING_RENDER_TOY_H_

#include <string>
#include <string_view>

#include "model/testing/toy_model.h"

namespace lbconform {

// RenderToyExplanation: the numbers, the limit and the result; the errors of
// a rejected scenario (`scenario` is then null).
std::string RenderToyExplanation(const ToyScenario* scenario, const ToyDecision& decision, std::string_view engine);

}  // namespace lbconform

#endif  // LBCONFORM_REPORT_TESTING_RENDER_TOY_H_
