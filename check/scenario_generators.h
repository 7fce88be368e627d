// RapidCheck generators for passthrough scenarios, bounded so that every
// clause is reached often: small services (≤ 6 groups of ≤ 5 VMs, ≤ 4
// zones) make exact ratio boundaries (k/n = ratio) and all-unhealthy states
// common; ratios come from a grid of boundary values; clients, options and
// deployment facts cover every branch, invalid configurations included.
#ifndef LBCONFORM_CHECK_SCENARIO_GENERATORS_H_
#define LBCONFORM_CHECK_SCENARIO_GENERATORS_H_

#include <rapidcheck.h>

#include <optional>
#include <ostream>

#include "model/model.h"
#include "model/slb_model.h"
#include "model/timeline_model.h"

namespace lbconform {

// showValue prints a scenario as JSON that `lbconform decide` accepts, so a
// shrunk counterexample can be pasted into a file and replayed.
void showValue(const PassthroughScenario& scenario, std::ostream& os);
void showValue(Profile profile, std::ostream& os);
void showValue(const TimelineScenario& timeline, std::ostream& os);
void showValue(const SlbScenario& scenario, std::ostream& os);

namespace check {

// GenRatio draws from exact boundary values (0, 1, k/n for small n) and,
// when `allow_invalid`, occasionally from outside [0, 1].
rc::Gen<Decimal> GenRatio(bool allow_invalid);

// GenOptions aims the generator at a property's precondition instead of
// filtering (RapidCheck gives up when too many draws are discarded).
struct GenOptions {
  bool allow_invalid = true;           // break a validation rule in ~1 of 8 draws
  std::optional<Spillover> spillover;  // force the zonal-affinity option
  bool compatible_client = false;      // a VM client in a zone of the service
  bool with_failover = false;          // at least one primary and one failover group
  bool populated = false;              // every group has at least one VM
};

// GenScenario draws a bounded scenario.
rc::Gen<PassthroughScenario> GenScenario(GenOptions options);

// GenConnectionTracking draws a session affinity, tracking mode and
// persistence setting (and, rarely, an idle timeout, valid or not).
rc::Gen<ConnectionTracking> GenConnectionTracking();

// GenEvent draws one event for `timeline` at or after `at`: health flips,
// connections to any VM (eligible or not), closes, ratio and draining
// changes, and time passing across draining boundaries.
// `type` forces the kind of event (when the timeline allows it).
rc::Gen<TimelineEvent> GenEvent(const TimelineScenario& timeline, std::int64_t at,
                                std::optional<EventType> type = std::nullopt);

// GenTimeline draws a bounded timeline (≤ 24 events) on a GenScenario service.
rc::Gen<TimelineScenario> GenTimeline(GenOptions options);

// GenSlbScenario draws a bounded service-lb-policy scenario: ≤ 3 regions of
// ≤ 3 zones, ≤ 8 backends (small capacities, so ties and exact fills are
// common), every algorithm and isolation setting, ≤ 3 client locations with
// round-trip times from a small set (ties), and health reports over time.
// With allow_invalid, one draw in eight breaks a validation rule.
rc::Gen<SlbScenario> GenSlbScenario(bool allow_invalid);

}  // namespace check
}  // namespace lbconform

namespace rc {

template <>
struct Arbitrary<lbconform::PassthroughScenario> {
  static Gen<lbconform::PassthroughScenario> arbitrary() { return lbconform::check::GenScenario({}); }
};

template <>
struct Arbitrary<lbconform::Profile> {
  static Gen<lbconform::Profile> arbitrary() {
    return gen::element(lbconform::Profile::kSpecDocs, lbconform::Profile::kEn20260402, lbconform::Profile::kApi10Min);
  }
};

template <>
struct Arbitrary<lbconform::SlbScenario> {
  static Gen<lbconform::SlbScenario> arbitrary() { return lbconform::check::GenSlbScenario(true); }
};

template <>
struct Arbitrary<lbconform::TimelineScenario> {
  static Gen<lbconform::TimelineScenario> arbitrary() {
    // Failover in two draws of three: draining needs it.
    return gen::exec([] {
      lbconform::check::GenOptions options;
      options.with_failover = *gen::element(true, true, false);
      return *lbconform::check::GenTimeline(options);
    });
  }
};

}  // namespace rc

#endif  // LBCONFORM_CHECK_SCENARIO_GENERATORS_H_
