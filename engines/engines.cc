#include "engines/engines.h"

#include <memory>
#include <optional>

#include "reference/reference_engine.h"

namespace lbconform {
namespace {

struct Registry {
  reference::ReferenceEngine reference;
  reference::ReferenceEngine untraced_reference{reference::TraceDetail::kNone};
  std::unique_ptr<optimized::OptimizedEngine> selected;
  std::string why_not_selected;
  std::vector<std::unique_ptr<optimized::OptimizedEngine>> per_kernel;
  std::vector<const Engine*> all;

  Registry() {
    all.push_back(&reference);
    if (std::optional<optimized::Kernel> kernel = optimized::SelectKernel(&why_not_selected)) {
      selected = std::make_unique<optimized::OptimizedEngine>("optimized", *kernel);
      all.push_back(selected.get());
    }
    for (const optimized::Kernel& kernel : optimized::SupportedKernels()) {
      per_kernel.push_back(
          std::make_unique<optimized::OptimizedEngine>(std::string("optimized-") + kernel.name, kernel));
      all.push_back(per_kernel.back().get());
    }
  }
};

const Registry& TheRegistry() {
  static const Registry registry;
  return registry;
}

}  // namespace

std::vector<const Engine*> AvailableEngines() { return TheRegistry().all; }

const Engine* FindEngine(std::string_view name) {
  for (const Engine* engine : AvailableEngines()) {
    if (engine->name() == name) return engine;
  }
  return nullptr;
}

const Engine* Untraced(const Engine* engine) {
  const Registry& registry = TheRegistry();
  return engine == &registry.reference ? &registry.untraced_reference : engine;
}

const optimized::OptimizedEngine* SelectedOptimizedEngine(std::string* why) {
  const Registry& registry = TheRegistry();
  if (registry.selected == nullptr && why != nullptr) *why = registry.why_not_selected;
  return registry.selected.get();
}

}  // namespace lbconform
