// Text renderings for people: the explain trace and the catalogues.
#ifndef LBCONFORM_REPORT_RENDER_H_
#define LBCONFORM_REPORT_RENDER_H_

#include <string>

#include "model/model.h"
#include "model/slb_model.h"
#include "model/timeline_model.h"

namespace lbconform {

// RenderExplanation is `lbconform explain`: the scenario, each step with its
// clause, the five sets and the result, in plain text.
std::string RenderExplanation(const PassthroughScenario* scenario, const PassthroughDecision& decision,
                              std::string_view engine, Profile profile);

// RenderTimelineExplanation is `lbconform explain` for a timeline: the
// scenario, then each event with the rules it triggered, the active pool and
// every connection's state.
std::string RenderTimelineExplanation(const TimelineScenario* timeline, const TimelineDecision& decision,
                                      std::string_view engine, Profile profile);

// RenderSlbExplanation is `lbconform explain` for a service-lb-policy
// scenario: the policy as resolved, each backend's state, and the plan as a
// table per region and zone.
std::string RenderSlbExplanation(const SlbScenario* scenario, const SlbDecision& decision, std::string_view engine);

// XmlEscape makes valid UTF-8 text safe inside an XML or HTML element or
// attribute: markup escaped, characters XML 1.0 forbids replaced by U+FFFD.
std::string XmlEscape(std::string_view text);

// RenderSlbSvg is `lbconform plot`: where the traffic goes, as an SVG.
std::string RenderSlbSvg(const SlbScenario& scenario, const SlbDecision& decision);

// The catalogues as Markdown tables (docs/clauses.md, docs/gaps.md,
// docs/error-codes.md are these renderings, checked by a test).
std::string RenderClausesMarkdown();
std::string RenderGapsMarkdown();
std::string RenderErrorCodesMarkdown();

}  // namespace lbconform

#endif  // LBCONFORM_REPORT_RENDER_H_
