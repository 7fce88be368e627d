// Aimers: how `lbconform check` moves a generated scenario onto one
// (clause, boundary class) pair (check/coverage_pairs.h) that its plain
// draws seldom or never reach: a limit passed, a degenerate capacity, an
// empty zonal intersection. Steering (check/case_drawer.h) aims cases at the
// pairs a run's first cases missed with these; a pair without an aimer is
// aimed at by drawing again.
#ifndef LBCONFORM_CHECK_CASE_AIMERS_H_
#define LBCONFORM_CHECK_CASE_AIMERS_H_

#include <string_view>
#include <vector>

#include "model/model.h"
#include "model/slb_model.h"
#include "model/timeline_model.h"

namespace lbconform::check {

using PassthroughAimer = void (*)(PassthroughScenario&);
using TimelineAimer = void (*)(TimelineScenario&);
using SlbAimer = void (*)(SlbScenario&);

// WithPolicy: a service LB policy `pol`, given and named by the backend service.
void WithPolicy(SlbScenario& s);
// WithAutoDrainOverThreeBackends: WithPolicy with auto-capacity drain, over
// at least three backends (copies of the last one), so that one may drain
// (SLB-15). Requires a backend.
void WithAutoDrainOverThreeBackends(SlbScenario& s);

// AimedPair: a pair some kind's aimer moves scenarios onto.
struct AimedPair {
  ScenarioKind kind;
  std::string_view label;
};
std::vector<AimedPair> AllAimedPairs();

// The aimer of the pair labelled `label` ("FO-5  rejected: TOO_MANY_BACKUP_VMS"),
// or null when the kind has none for it.
PassthroughAimer PassthroughAimerFor(std::string_view label);
TimelineAimer TimelineAimerFor(std::string_view label);
SlbAimer SlbAimerFor(std::string_view label);

}  // namespace lbconform::check

#endif  // LBCONFORM_CHECK_CASE_AIMERS_H_
