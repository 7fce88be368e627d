// The table of scenario kinds at the command line: how `explain` and `plot`
// show a decision of each kind to a person. `decide`, `run` and `adapter` need
// nothing here: the documents layer's table (documents/documents.h) decides
// and encodes every kind.
#ifndef LBCONFORM_REPORT_EXPLAIN_KINDS_H_
#define LBCONFORM_REPORT_EXPLAIN_KINDS_H_

#include <nlohmann/json_fwd.hpp>
#include <string>

#include "model/model.h"

namespace lbconform {

// Shown is what a command prints for one scenario, and whether the
// scenario was valid (exit status 0 or 1).
struct Shown {
  std::string text;
  bool valid = false;
};

struct KindCommands {
  ScenarioKind kind;
  // explain decides `document` with `engine` (which decides this kind) and
  // renders the decision step by step, with clause IDs.
  Shown (*explain)(const Engine& engine, const nlohmann::json& document, Profile profile);
  // plot draws the decision as an SVG (text: the explanation when the
  // scenario is rejected); nullptr for kinds without a picture.
  Shown (*plot)(const Engine& engine, const nlohmann::json& document, Profile profile);
};

// CommandsOf is the table's entry for `kind`.
const KindCommands& CommandsOf(ScenarioKind kind);

}  // namespace lbconform

#endif  // LBCONFORM_REPORT_EXPLAIN_KINDS_H_
