// JSON Schema validation of vector files (valijson, draft-07).
#ifndef LBCONFORM_VECTORS_SCHEMA_CHECK_H_
#define LBCONFORM_VECTORS_SCHEMA_CHECK_H_

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace lbconform::vectors {

// SchemaProblems validates `document` against the schema file; each problem
// names the JSON path and what is wrong. A schema that cannot be read is a
// problem too.
std::vector<std::string> SchemaProblems(const nlohmann::json& document, const std::filesystem::path& schema_path);

}  // namespace lbconform::vectors

#endif  // LBCONFORM_VECTORS_SCHEMA_CHECK_H_
