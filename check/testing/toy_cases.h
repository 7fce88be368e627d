// `lbconform check` for the test-only toy kind (model/testing/toy_model.h):
// the functions of its row in check/case_generators.cc, and a generator of
// its documents for the properties' table (properties/kinds.cc).
#ifndef LBCONFORM_CHECK_TESTING_TOY_CASES_H_
#define LBCONFORM_CHECK_TESTING_TOY_CASES_H_

#include <rapidcheck.h>

#include <nlohmann/json.hpp>
#include <string>

#include "check/check_case.h"
#include "check/coverage_pairs.h"
#include "model/catalogue.h"

namespace lbconform::check {

// GenToyDocument: toy scenario documents, a few of them invalid.
rc::Gen<nlohmann::json> GenToyDocument();
// ToyCase: GenToyDocument's documents, with their boundary classes (the
// total at, below or above the limit).
rc::Gen<CheckCase> ToyCase(Profile profile);
// kToyBoundaryClasses: the classes ToyCase names (check/coverage_pairs.h).
inline constexpr BoundaryClass kToyBoundaryClasses[] = {
    {"toy", "total = limit"}, {"toy", "total below the limit"}, {"toy", "over the limit"}, {"toy", "rejected"}};
// ToySize: "3 numbers".
std::string ToySize(const nlohmann::json& scenario);

}  // namespace lbconform::check

#endif  // LBCONFORM_CHECK_TESTING_TOY_CASES_H_
