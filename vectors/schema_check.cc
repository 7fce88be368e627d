#include "vectors/schema_check.h"

#include <fstream>
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validator.hpp>

namespace lbconform::vectors {

std::vector<std::string> SchemaProblems(const nlohmann::json& document, const std::filesystem::path& schema_path) {
  std::ifstream in(schema_path);
  const nlohmann::json schema_json = nlohmann::json::parse(in, nullptr, false);
  if (schema_json.is_discarded()) return {"cannot read the schema " + schema_path.string()};
  valijson::Schema schema;
  try {
    valijson::SchemaParser parser;
    valijson::adapters::NlohmannJsonAdapter schema_adapter(schema_json);
    parser.populateSchema(schema_adapter, schema);
  } catch (const std::exception& e) {
    return {"the schema " + schema_path.string() + " is not a usable JSON Schema: " + e.what()};
  }
  valijson::Validator validator;
  valijson::ValidationResults results;
  valijson::adapters::NlohmannJsonAdapter target(document);
  std::vector<std::string> problems;
  if (validator.validate(schema, target, &results)) return problems;
  valijson::ValidationResults::Error error;
  while (results.popError(error)) {
    std::string path;
    for (const std::string& part : error.context) path += part;
    problems.push_back(path + ": " + error.description);
  }
  return problems;
}

}  // namespace lbconform::vectors
