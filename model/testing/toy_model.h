// The toy kind: a test-only scenario kind that exists to show that the
// tables of kinds are the only switch (docs/architecture.md, "Adding a
// scenario kind"). It is built only with the CMake option LBCONFORM_TOY_KIND
// (preset toy-kind), never into the lbconform binary. A toy scenario is a
// list of whole numbers and a limit; its decision is their total and whether
// the total is over the limit.
#ifndef LBCONFORM_MODEL_TESTING_TOY_MODEL_H_
#define LBCONFORM_MODEL_TESTING_TOY_MODEL_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/engine.h"
#include "model/model.h"

namespace lbconform {

// At most this many numbers, each in [0, kMaxToyNumber].
inline constexpr std::size_t kMaxToyNumbers = 100;
inline constexpr std::int64_t kMaxToyNumber = 1'000'000;

struct ToyScenario {
  std::vector<std::int64_t> numbers;
  std::int64_t limit = 0;
};

struct ToyDecision {
  std::vector<Error> errors;  // empty when valid
  std::int64_t total = 0;
  bool over_limit = false;

  bool valid() const { return errors.empty(); }
};

ToyDecision InvalidToyDecision(std::vector<Error> errors);
bool SameToyDecision(const ToyDecision& a, const ToyDecision& b);
// NormativeToyDiff: the first field where `actual` differs from `expected`.
std::optional<std::string> NormativeToyDiff(const ToyDecision& expected, const ToyDecision& actual);

class ToyEngine : public virtual Engine {
 public:
  virtual ToyDecision DecideToy(const ToyScenario& scenario) const = 0;
};

}  // namespace lbconform

#endif  // LBCONFORM_MODEL_TESTING_TOY_MODEL_H_
