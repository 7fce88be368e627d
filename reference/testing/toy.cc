// The reference's rules of the test-only toy kind (model/testing/toy_model.h):
// the total of the numbers, and whether it is over the limit.
#include "reference/reference_engine.h"

namespace lbconform::reference {

ToyDecision ReferenceEngine::DecideToy(const ToyScenario& scenario) const {
  ToyDecision d;
  for (std::int64_t n : scenario.numbers) d.total += n;
  d.over_limit = d.total > scenario.limit;
  return d;
}

}  // namespace lbconform::reference
