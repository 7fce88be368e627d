// The engines compiled into this build, by name.
#ifndef LBCONFORM_ENGINES_ENGINES_H_
#define LBCONFORM_ENGINES_ENGINES_H_

#include <string>
#include <string_view>
#include <vector>

#include "model/engine.h"
#include "optimized/optimized_engine.h"

namespace lbconform {

// AvailableEngines lists every engine compiled in and supported by this CPU:
// "reference", "optimized" (the selected kernel, LBCONFORM_FORCE_KERNEL
// honoured), then one "optimized-<kernel>" per supported kernel.
std::vector<const Engine*> AvailableEngines();

// EnginesOf lists the available engines that decide one kind (its interface:
// PassthroughEngine, TimelineEngine, SlbEngine), reference first.
template <typename KindEngine>
std::vector<const KindEngine*> EnginesOf() {
  std::vector<const KindEngine*> engines;
  for (const Engine* engine : AvailableEngines()) {
    if (const KindEngine* e = As<KindEngine>(*engine)) engines.push_back(e);
  }
  return engines;
}

// FindEngine returns the engine called `name`, or nullptr.
const Engine* FindEngine(std::string_view name);

// Untraced is `engine` deciding without its informative trace, where it keeps
// one (the reference): the same rules, for callers that encode no trace, such
// as the built-in adapter.
const Engine* Untraced(const Engine* engine);

// SelectedOptimizedEngine is "optimized", or nullptr with `why` when
// LBCONFORM_FORCE_KERNEL names a kernel this build or CPU cannot run.
const optimized::OptimizedEngine* SelectedOptimizedEngine(std::string* why);

}  // namespace lbconform

#endif  // LBCONFORM_ENGINES_ENGINES_H_
