// The forms a passthrough-timeline document may take that check's generated
// cases would otherwise never use, each one equivalent to the canonical
// document by a statement of docs/spec/passthrough-timeline.md (or of
// passthrough.md, whose fields a timeline reads "as for passthrough"):
// connection-tracking fields and a connect's protocol left out so that their
// defaults apply, idleTimeoutSec 600 (the default, not a setting), the
// profile's draining timeout written out or left out, events naming VMs by
// URL, `null` for absent optional fields, whole ratios written as integers,
// instances and backends in another order, and the passthrough forms of
// document_forms.h that are equivalences. An implementation that misreads
// them answers canonical documents right; these forms show its misreading.
#ifndef LBCONFORM_CHECK_TIMELINE_FORMS_H_
#define LBCONFORM_CHECK_TIMELINE_FORMS_H_

#include <rapidcheck.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "check/check_case.h"
#include "check/forms.h"
#include "model/catalogue.h"

namespace lbconform::check {

struct TimelineForm {
  // The passthrough part (document_forms.h), its equivalences only.
  bool omit_scheme = false;         // no loadBalancingScheme: INTERNAL (PT-2.2-c)
  bool full_group_urls = false;     // backends' groups as full URLs (PT-2.6-b)
  bool shared_group_names = false;  // group names repeated across zones (PT-2.6-c)
  bool omit_client_region = false;  // a VM client's region left to its zone (PT-2.4-c)
  bool reorder_instances = false;   // instances in another order (PT-4-a)
  bool reorder_backends = false;    // backends in another order (PT-4-a)
  std::uint32_t order_seed = 0;
  // The timeline's own.
  bool omit_tracking_defaults = false;    // sessionAffinity NONE, PER_CONNECTION, DEFAULT_FOR_PROTOCOL left out
  bool omit_tcp = false;                  // a connect's protocol TCP left out
  bool idle_timeout_600 = false;          // idleTimeoutSec 600 where it is unset
  bool draining_timeout_default = false;  // the profile's drainingTimeoutSec written, or left out when given
  bool instance_urls = false;             // events name their VM by zones/Z/instances/N
  bool full_instance_urls = false;        // … or by its full URL
  bool nulls = false;                     // absent optional fields given as null
  bool whole_ratios = false;              // failoverRatio, spilloverRatio 1.0 and 0.0 written 1 and 0
  bool description = false;               // a description, which is ignored
  bool Canonical() const;
};

// The boundary classes ApplyTimelineForm can add, each with the anchor of
// the statement that makes its form equivalent to the canonical document.
inline constexpr FormClass kTimelineFormClasses[] = {
    {"PT-2.2-c", "document: loadBalancingScheme omitted"},
    {"PT-2.6-b", "document: backends' groups as full URLs"},
    {"PT-2.6-c", "document: one group name in several zones"},
    {"PT-2.4-c", "document: VM client without region"},
    {"PT-4-a", "document: instances in another order"},
    {"PT-4-a", "document: backends in another order"},
    {"TL-2.3-a", "document: sessionAffinity NONE omitted"},
    {"TL-2.3-b", "document: trackingMode PER_CONNECTION omitted"},
    {"TL-2.3-c", "document: connectionPersistenceOnUnhealthyBackends DEFAULT_FOR_PROTOCOL omitted"},
    {"TL-2.4-c", "document: connect without protocol (TCP)"},
    {"TL-5-c", "document: idleTimeoutSec 600 written (the default, not a setting)"},
    {"TL-2.2-g", "document: drainingTimeoutSec written as the profile's"},
    {"TL-2.2-g", "document: drainingTimeoutSec equal to the profile's omitted"},
    {"TL-2.4-g", "document: events name instances by URL"},
    {"TL-2.1-d", "document: null for absent optional fields"},
    {"TL-2.4-e", "document: config event fields given as null"},
    {"TL-2.4-j", "document: connect protocol null (TCP)"},
    {"TL-2.1-c", "document: whole ratios written as integers"},
    {"TL-2.2-b", "document: description given"},
};

// ApplyTimelineForm rewrites a timeline document in `form` for `profile`
// (the draining timeout a document without one gets); it adds the boundary
// classes the rewrite reaches to `boundaries`. A case the reference rejects
// keeps its order (which input error is met first follows it).
void ApplyTimelineForm(const TimelineForm& form, Profile profile, nlohmann::json& document,
                       std::vector<std::string>& boundaries);

// GenTimelineForm: about one in three not canonical, each of its forms then drawn
// at random; it shrinks towards the canonical form.
rc::Gen<TimelineForm> GenTimelineForm();

// WithTimelineForms: `base`'s cases, about one in three rewritten in a form
// drawn at random; shrinking tries the canonical form too.
rc::Gen<CheckCase> WithTimelineForms(rc::Gen<CheckCase> base, Profile profile);

}  // namespace lbconform::check

#endif  // LBCONFORM_CHECK_TIMELINE_FORMS_H_
