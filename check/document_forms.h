// The forms a passthrough scenario document may take that check's generated
// cases would otherwise never use: fields left out so that their defaults
// apply, group URLs in full beside partial references, group names shared
// across zones, a zone whose name starts with the region's without being in
// it, a VM client without its region (docs/spec/passthrough.md; GAP-40 to
// GAP-43). An implementation that misreads the document format answers
// canonical documents right; these forms show its misreading.
#ifndef LBCONFORM_CHECK_DOCUMENT_FORMS_H_
#define LBCONFORM_CHECK_DOCUMENT_FORMS_H_

#include <rapidcheck.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "check/check_case.h"
#include "check/forms.h"

namespace lbconform::check {

struct DocumentForm {
  bool omit_scheme = false;         // no loadBalancingScheme: INTERNAL (GAP-40)
  bool omit_false_peer = false;     // symmetricHashing.peerZonalAffinityEnabled: false left out; required (GAP-41)
  bool without_same_zone = false;   // symmetricHashing without senderToReceiverSameZoneOnly, added if absent (GAP-41)
  bool full_group_urls = false;     // backends' groups as full URLs, instances' as zones/Z/instanceGroups/N
  bool shared_group_names = false;  // group names repeated across zones (GAP-42)
  bool zone_beside_region = false;  // one zone renamed R0-x: its name starts with region R's (GAP-43)
  bool omit_client_region = false;  // a VM client's region left to its zone (GAP-43)
  bool Canonical() const;
};

// The boundary classes ApplyDocumentForm can add, each with the anchor of
// the docs/spec/passthrough.md statement the form exercises: five forms are
// equivalences; a symmetricHashing without peerZonalAffinityEnabled and a
// zone outside the region are the boundaries of a required field and of
// zone membership.
inline constexpr FormClass kDocumentFormClasses[] = {
    {"PT-2.2-c", "document: loadBalancingScheme omitted"},
    {"PT-2.5-d", "document: symmetricHashing without peerZonalAffinityEnabled"},
    {"PT-2.5-e", "document: symmetricHashing without senderToReceiverSameZoneOnly"},
    {"PT-2.6-b", "document: backends' groups as full URLs"},
    {"PT-2.6-c", "document: one group name in several zones"},
    {"PT-2.6-h", "document: a zone named like its region's but outside it"},
    {"PT-2.4-c", "document: VM client without region"},
};

// ApplyDocumentForm rewrites a passthrough document in `form`; it adds the
// boundary classes the rewrite reaches to `boundaries`. Documents of another
// shape are left as they are.
void ApplyDocumentForm(const DocumentForm& form, nlohmann::json& document, std::vector<std::string>& boundaries);

// WithDocumentForms: `base`'s cases, about one in three rewritten in a form
// drawn at random; shrinking tries the canonical form too.
rc::Gen<CheckCase> WithDocumentForms(rc::Gen<CheckCase> base);

}  // namespace lbconform::check

#endif  // LBCONFORM_CHECK_DOCUMENT_FORMS_H_
