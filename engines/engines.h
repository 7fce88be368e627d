// The engines compiled into this build, by name.
#ifndef LBCONFORM_ENGINES_ENGINES_H_
#define LBCONFORM_ENGINES_ENGINES_H_

#include <string>
#include <string_view>
#include <vector>

#include "optimized/optimized_engine.h"
#include "model/model.h"

namespace lbconform {

// AvailableEngines lists every engine compiled in and supported by this CPU:
// "reference", "optimized" (the selected kernel, LBCONFORM_FORCE_KERNEL
// honoured), then one "optimized-<kernel>" per supported kernel.
std::vector<const Engine*> AvailableEngines();

// FindEngine returns the engine called `name`, or nullptr.
const Engine* FindEngine(std::string_view name);

// SelectedOptimizedEngine is "optimized", or nullptr with `why` when
// LBCONFORM_FORCE_KERNEL names a kernel this build or CPU cannot run.
const optimized::OptimizedEngine* SelectedOptimizedEngine(std::string* why);

}  // namespace lbconform

#endif  // LBCONFORM_ENGINES_ENGINES_H_
