// gcloud's output as `import` reads it: JSON (--format=json) or YAML, gcloud's
// default format, read into the same JSON value with the same limits.
#ifndef LBCONFORM_DOCUMENTS_GCLOUD_YAML_H_
#define LBCONFORM_DOCUMENTS_GCLOUD_YAML_H_

#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <vector>

#include "model/model.h"

namespace lbconform {

// ParseJsonOrYaml reads `text` as JSON when it starts (after white space) with
// '{' or '[', else as YAML: a mapping or sequence becomes the JSON object or
// array, a stream of several documents (`get-health` prints one per backend)
// an array of them. Plain scalars that spell a JSON number, true, false or
// null are those; every other scalar, and every quoted one, is a string. The
// YAML is turned into JSON text and read by ParseJsonDocument, so the limits
// (16 MiB, 64 levels, duplicate keys, exact numbers) are the JSON ones; YAML
// whose aliases expand it past four times its size (or 16 MiB) is refused. On failure: nullopt and one
// error saying where.
std::optional<nlohmann::json> ParseJsonOrYaml(std::string_view text, std::vector<Error>& errors);

}  // namespace lbconform

#endif  // LBCONFORM_DOCUMENTS_GCLOUD_YAML_H_
