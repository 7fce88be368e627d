// The table of scenario kinds at the properties layer: for each kind, a
// generator of scenario documents (the JSON a user or a vector would give),
// so that properties and tools can draw documents of any kind without naming
// it, and decide them through the documents layer's table.
#ifndef LBCONFORM_PROPERTIES_KINDS_H_
#define LBCONFORM_PROPERTIES_KINDS_H_

#include <rapidcheck.h>

#include <nlohmann/json.hpp>

#include "model/catalogue.h"

namespace lbconform::properties {

struct KindGenerators {
  ScenarioKind kind;
  // document draws a scenario document of this kind, invalid ones included.
  rc::Gen<nlohmann::json> (*document)();
};

// GeneratorsOf is the table's entry for `kind`, or nullptr for a kind that
// has no generator yet (properties then skip it).
const KindGenerators* GeneratorsOf(ScenarioKind kind);

}  // namespace lbconform::properties

#endif  // LBCONFORM_PROPERTIES_KINDS_H_
