// The time `lbconform check` may take (--time-budget): one object passed down
// to every step that waits (drawing, asking, shrinking), instead of clocks
// read here and there.
#ifndef LBCONFORM_CHECK_DEADLINE_H_
#define LBCONFORM_CHECK_DEADLINE_H_

#include <chrono>

namespace lbconform {

class Deadline {
 public:
  using Clock = std::chrono::steady_clock;

  // Never: no time budget.
  static Deadline Never() { return Deadline(Clock::time_point::max()); }
  static Deadline At(Clock::time_point at) { return Deadline(at); }
  // After: `seconds` from `start`.
  static Deadline After(double seconds, Clock::time_point start) {
    return Deadline(start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds)));
  }

  bool Passed() const { return at_ != Clock::time_point::max() && Clock::now() >= at_; }
  bool IsNever() const { return at_ == Clock::time_point::max(); }
  Clock::time_point at() const { return at_; }

 private:
  explicit Deadline(Clock::time_point at) : at_(at) {}
  Clock::time_point at_;
};

}  // namespace lbconform

#endif  // LBCONFORM_CHECK_DEADLINE_H_
