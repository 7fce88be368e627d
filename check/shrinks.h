// Shrinking of `lbconform check`'s cases in the scenario's own terms, after
// RapidCheck's: remove VMs, groups, events, backends, clients, zones and
// health reports (in chunks, then one at a time), keeping every reference
// consistent, and keep a ratio aimed at k/n aimed at the new k/n. RapidCheck's
// shrinking of a composed generator stops early (a value drawn early is
// redrawn when an earlier one shrinks, a ratio aimed at k/n no longer lies
// beside the k/n of fewer VMs), so these shrinks finish the job.
#ifndef LBCONFORM_CHECK_SHRINKS_H_
#define LBCONFORM_CHECK_SHRINKS_H_

#include <rapidcheck.h>

#include <cstdint>
#include <optional>

#include "model/model.h"
#include "model/slb_model.h"
#include "model/timeline_model.h"

namespace lbconform::check {

// NearFraction: the decimals a JSON ratio near k/n can be: side 0 is the
// shortest decimal of the double nearest k/n, side -1/+1 that of the double
// just below/above it.
Decimal NearFraction(std::uint32_t k, std::uint32_t n, int side);
// SideOf: the side for which NearFraction(k, n, side) is `ratio`, if any.
std::optional<int> SideOf(std::uint32_t k, std::uint32_t n, const Decimal& ratio);

// The smaller scenarios one step from `s`, simplest first; each keeps the
// relation of its ratios to the counted fractions (judged on `profile`).
rc::Seq<PassthroughScenario> PassthroughShrinks(const PassthroughScenario& s, Profile profile);
rc::Seq<TimelineScenario> TimelineShrinks(const TimelineScenario& t);
rc::Seq<SlbScenario> SlbShrinks(const SlbScenario& s);

// WithShrinks: `gen`, whose every value also shrinks by `shrinks` once
// RapidCheck's own shrinks are tried.
template <typename T, typename Shrinks>
rc::Gen<T> WithShrinks(rc::Gen<T> gen, Shrinks shrinks) {
  return rc::Gen<T>([gen, shrinks](const rc::Random& random, int size) {
    return rc::shrinkable::postShrink(gen(random, size), shrinks);
  });
}

}  // namespace lbconform::check

#endif  // LBCONFORM_CHECK_SHRINKS_H_
