// Identify eligible backends: the rules of the failover text (FO-*) and,
// without failover, of the traffic distribution page (TD-*).
#ifndef LBCONFORM_REFERENCE_FAILOVER_H_
#define LBCONFORM_REFERENCE_FAILOVER_H_

#include <set>
#include <string>
#include <vector>

#include "model/model.h"

namespace lbconform::reference {

// BackendVm is one configured backend VM as the spec's rules see it.
struct BackendVm {
  std::string name;
  std::string zone;
  bool backup = false;  // member of a failover backend
  bool healthy = false;
};

// VmSet is a set of VM names in byte order, as the decision lists them.
using VmSet = std::set<std::string>;

struct EligibleBackends {
  EligibleKind kind = EligibleKind::kAllLastResort;
  VmSet backends;
};

// TraceDetail is how much of the informative trace a decision records: none,
// the clause of each step without its text (what `lbconform check` counts),
// or clause and text (what `explain` prints).
enum class TraceDetail { kNone, kClauses, kText };

// Trace collects the informative step-by-step explanation. Its text is built
// only when asked for, so untraced decisions (fuzzing, exhaustive checks) and
// clause-only ones do not pay for formatting; the rules run identically
// whatever the detail.
class Trace {
 public:
  explicit Trace(TraceDetail detail) : detail_(detail) {}
  explicit Trace(bool enabled = true) : Trace(enabled ? TraceDetail::kText : TraceDetail::kNone) {}
  template <typename Text>
  void Add(Clause clause, Text&& text) {
    if (detail_ == TraceDetail::kText) {
      steps_.push_back({clause, text()});
    } else if (detail_ == TraceDetail::kClauses) {
      steps_.push_back({clause, {}});
    }
  }
  std::vector<TraceStep>& steps() { return steps_; }

 private:
  TraceDetail detail_;
  std::vector<TraceStep> steps_;
};

// ConfiguredBackends lists every backend VM of the backend service [ZA-15].
std::vector<BackendVm> ConfiguredBackends(const PassthroughScenario& scenario);

// FailoverConfigured tells whether the failover rules apply (GAP-5).
bool FailoverConfigured(const PassthroughScenario& scenario);

// IdentifyEligibleBackendsWithoutFailover applies TD-1 and TD-2.
EligibleBackends IdentifyEligibleBackendsWithoutFailover(const std::vector<BackendVm>& vms, Trace& trace);

// IdentifyEligibleBackendsWithFailover computes the active pool (FO-7..FO-20).
EligibleBackends IdentifyEligibleBackendsWithFailover(const std::vector<BackendVm>& vms, const FailoverPolicy& policy,
                                                      Trace& trace);

}  // namespace lbconform::reference

#endif  // LBCONFORM_REFERENCE_FAILOVER_H_
