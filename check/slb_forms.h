// The forms a service-lb-policy document may take that check's generated
// cases would otherwise never use, each one equivalent to the canonical
// document by a statement of docs/spec/service-lb-policy.md: optional fields
// left out so that their defaults apply, the API's *_UNSPECIFIED values and
// a threshold of 0 for unset ones, the policy under its proto field names,
// names and references as URLs (or a policy by its bare name), maximums the
// balancing mode does not read, whole decimals written as integers,
// backendGroups and the topology in another order, `null` for absent
// optional fields. An implementation that misreads them answers canonical
// documents right; these forms show its misreading.
#ifndef LBCONFORM_CHECK_SLB_FORMS_H_
#define LBCONFORM_CHECK_SLB_FORMS_H_

#include <rapidcheck.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "check/check_case.h"
#include "check/forms.h"

namespace lbconform::check {

struct SlbForm {
  bool omit_backend_defaults = false;  // balancingMode UTILIZATION, capacityScaler 1, preference DEFAULT left out
  bool unspecified_values = false;     // PREFERENCE_UNSPECIFIED, LOAD_BALANCING_ALGORITHM_UNSPECIFIED, threshold 0
  bool omit_group_defaults = false;    // healthy = members, a report's unchanged members, the zone of the group URL
  bool region_beside_zone = false;     // backendGroups' region given beside its zone
  bool omit_at = false;                // `at` equal to the latest report (or 0) left out
  bool omit_policy_defaults = false;   // autoCapacityDrain false, isolation *_UNSPECIFIED left out
  bool proto_names = false;            // serviceLbPolicy's fields under their proto field names
  bool urls = false;                   // groups, zones and regions named by URL
  bool policy_references = false;      // the policy by its bare name, in an array; its name as a URL
  bool unused_maximums = false;        // maximums the balancing mode does not read, with any value
  bool whole_numbers = false;          // decimals and ratios 1000.0, 1.0 written 1000, 1
  bool reorder_groups = false;         // backendGroups in another order
  bool reorder_topology = false;       // regions, and each region's zones, in another order
  std::uint32_t order_seed = 0;
  bool nulls = false;        // absent optional fields given as null
  bool description = false;  // a description, which is ignored
  bool Canonical() const;
};

// The boundary classes ApplySlbForm can add, each with the anchor of the
// statement that makes its form equivalent to the canonical document.
inline constexpr FormClass kSlbFormClasses[] = {
    {"SL-1.3-f", "document: balancingMode UTILIZATION omitted"},
    {"SL-1.3-j", "document: capacityScaler 1 omitted"},
    {"SL-1.3-k", "document: preference DEFAULT omitted"},
    {"SL-1.3-k", "document: preference PREFERENCE_UNSPECIFIED for DEFAULT"},
    {"SL-1.5-c", "document: loadBalancingAlgorithm LOAD_BALANCING_ALGORITHM_UNSPECIFIED for unset"},
    {"SL-1.5-e", "document: failoverHealthThreshold 0 for unset"},
    {"SL-1.4-f", "document: healthy equal to members omitted"},
    {"SL-1.4-h", "document: a health report's unchanged members omitted"},
    {"SL-1.4-c", "document: backendGroups zone left to the group URL"},
    {"SL-1.4-d", "document: backendGroups region given beside its zone"},
    {"SL-1.1-j", "document: at omitted (the latest health report)"},
    {"SL-1.5-d", "document: autoCapacityDrain false omitted"},
    {"SL-1.5-f", "document: isolationGranularity UNSPECIFIED omitted"},
    {"SL-1.5-g", "document: isolationMode UNSPECIFIED omitted"},
    {"SL-1.5-a", "document: serviceLbPolicy fields under proto names"},
    {"SL-1.3-e", "document: backends' groups as full URLs"},
    {"SL-1.4-a", "document: backendGroups name groups by URL"},
    {"SL-1-d", "document: backendGroups zones and regions as URLs"},
    {"SL-1.2-a", "document: topology regions named by URL"},
    {"SL-1.3-c", "document: policy named by its bare name in an array"},
    {"SL-1.5-b", "document: policy name as a URL"},
    {"SL-1.3-m", "document: maximums the balancing mode does not read"},
    {"SL-1-c", "document: whole decimals written as integers"},
    {"SL-1.4-a", "document: backendGroups in another order"},
    {"SL-1.2-b", "document: topology in another order"},
    {"SL-1-a", "document: null for absent optional fields"},
    {"SL-1.1-b", "document: description given"},
};

// ApplySlbForm rewrites a service-lb-policy document in `form`; it adds the
// boundary classes the rewrite reaches to `boundaries`. A case the reference
// rejects keeps its order (which input error is met first follows it).
void ApplySlbForm(const SlbForm& form, nlohmann::json& document, std::vector<std::string>& boundaries);

// GenSlbForm: about one in three not canonical, each of its forms then drawn
// at random; it shrinks towards the canonical form.
rc::Gen<SlbForm> GenSlbForm();

// WithSlbForms: `base`'s cases, about one in three rewritten in a form drawn
// at random; shrinking tries the canonical form too.
rc::Gen<CheckCase> WithSlbForms(rc::Gen<CheckCase> base);

}  // namespace lbconform::check

#endif  // LBCONFORM_CHECK_SLB_FORMS_H_
