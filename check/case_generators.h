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
#include <string_view>
#include <vector>

#include "check/check_case.h"
#include "model/catalogue.h"

namespace lbconform::check {

// GenCheckCase draws one case of `kind` for `profile` (invalid documents
// included, about one in eight); nullopt for a kind without generators yet.
std::optional<rc::Gen<CheckCase>> GenCheckCase(ScenarioKind kind, Profile profile);

// GenAimedCheckCase draws one case of `kind` for `profile` moved onto the
// (clause, boundary class) pair labelled `pair` (check/coverage_pairs.h) by
// the kind's aimer for it; nullopt when the kind has none.
std::optional<rc::Gen<CheckCase>> GenAimedCheckCase(ScenarioKind kind, Profile profile, std::string_view pair);

// CaseSizeText says how large a scenario document of `kind` is, as a shrunk
// finding reports it: "2 VMs, 1 group", "3 backends, 1 client".
std::string CaseSizeText(ScenarioKind kind, const nlohmann::json& scenario);

}  // namespace lbconform::check

#endif  // LBCONFORM_CHECK_CASE_GENERATORS_H_
