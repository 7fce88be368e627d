// Generators of `lbconform check`: scenario documents of every kind aimed at
// the spec's boundaries (exact ratios and the decimals just beside them,
// empty and dropped pools, every client and zonal-affinity row, timelines
// with simultaneous events and drains ending exactly at an event, service LB
// policies at threshold equality or over capacity), each with the boundary
// classes it reaches, for check's coverage table. They build on the
// properties' generators (generators.h), so their shrinking is RapidCheck's.
#ifndef LBCONFORM_CHECK_CASE_GENERATORS_H_
#define LBCONFORM_CHECK_CASE_GENERATORS_H_

#include <rapidcheck.h>

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "model/catalogue.h"

namespace lbconform::check {

struct CheckCase {
  nlohmann::json document;              // the scenario document sent to both sides
  std::vector<std::string> boundaries;  // the boundary classes it reaches
};

// GenCheckCase draws one case of `kind` for `profile` (invalid documents
// included, about one in eight); nullopt for a kind without generators yet.
std::optional<rc::Gen<CheckCase>> GenCheckCase(ScenarioKind kind, Profile profile);

}  // namespace lbconform::check

#endif  // LBCONFORM_CHECK_CASE_GENERATORS_H_
