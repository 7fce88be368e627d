// The optimized engine: validation, compilation to masks, and a kernel.
// It links lbconform_model only, never the reference.
#ifndef LBCONFORM_OPTIMIZED_OPTIMIZED_ENGINE_H_
#define LBCONFORM_OPTIMIZED_OPTIMIZED_ENGINE_H_

#include <optional>
#include <string>
#include <vector>

#include "model/model.h"
#include "model/slb_model.h"
#include "model/timeline_model.h"
#include "optimized/kernels/kernel.h"

namespace lbconform::optimized {

// CompiledKernels lists the kernels built into this binary; SupportedKernels
// those this CPU can run.
std::vector<Kernel> CompiledKernels();
std::vector<Kernel> SupportedKernels();

// SelectKernel picks the best supported kernel, or the one named by
// LBCONFORM_FORCE_KERNEL; nullopt (and `why`) when the forced one is unknown
// or unsupported here.
std::optional<Kernel> SelectKernel(std::string* why);

// ValidateScenario: the spec's rejections, implemented independently of the
// reference (limits, ratio ranges, zonal-affinity incompatibilities).
std::vector<Error> ValidateScenario(const PassthroughScenario& scenario, Profile profile);

class OptimizedEngine final : public PassthroughEngine, public TimelineEngine, public SlbEngine {
 public:
  OptimizedEngine(std::string name, Kernel kernel) : name_(std::move(name)), kernel_(kernel) {}
  std::string_view name() const override { return name_; }
  // active_kernel names the kernel this engine runs.
  std::string_view active_kernel() const { return kernel_.name; }
  const Kernel& kernel() const { return kernel_; }
  PassthroughDecision Decide(const PassthroughScenario& scenario, Profile profile) const override;
  TimelineDecision DecideTimeline(const TimelineScenario& timeline, Profile profile) const override;
  SlbDecision Plan(const SlbScenario& scenario) const override;

 private:
  std::string name_;
  Kernel kernel_;
};

}  // namespace lbconform::optimized

#endif  // LBCONFORM_OPTIMIZED_OPTIMIZED_ENGINE_H_
