// The engines compiled into this build, by name.
#ifndef LBCONFORM_CLI_ENGINES_H_
#define LBCONFORM_CLI_ENGINES_H_

#include <string_view>
#include <vector>

#include "reference/model.h"

namespace lbconform {

// AvailableEngines lists every engine compiled in and supported by this CPU,
// the reference first.
std::vector<const Engine*> AvailableEngines();

// FindEngine returns the engine called `name`, or nullptr.
const Engine* FindEngine(std::string_view name);

}  // namespace lbconform

#endif  // LBCONFORM_CLI_ENGINES_H_
