#include "cli/engines.h"

#include "reference/reference_engine.h"

namespace lbconform {

std::vector<const Engine*> AvailableEngines() {
  static const reference::ReferenceEngine kReference;
  return {&kReference};
}

const Engine* FindEngine(std::string_view name) {
  for (const Engine* engine : AvailableEngines()) {
    if (engine->name() == name) return engine;
  }
  return nullptr;
}

}  // namespace lbconform
