#include "documents/gcloud_yaml.h"

#include <fmt/format.h>
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <string>

#include "documents/json_reader.h"
#include "documents/scenario_json.h"

namespace lbconform {

namespace {

// YamlTooLarge stops a conversion that outgrows the input limits.
struct YamlTooLarge {
  std::string what;
};

bool StartsLikeJson(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && (text[first] == '{' || text[first] == '[');
}

// PlainScalarJson is the JSON text of an unquoted YAML scalar: a JSON number,
// true, false or null as written (YAML 1.2's core schema), else a string.
std::string PlainScalarJson(const std::string& scalar) {
  if (scalar.empty() || scalar == "~" || scalar == "null" || scalar == "Null" || scalar == "NULL") return "null";
  if (scalar == "true" || scalar == "True" || scalar == "TRUE") return "true";
  if (scalar == "false" || scalar == "False" || scalar == "FALSE") return "false";
  // A JSON text that starts like a number is one number (nlohmann/json's grammar).
  const char first = scalar.front();
  if ((first == '-' || (first >= '0' && first <= '9')) && nlohmann::json::accept(scalar)) return scalar;
  return nlohmann::json(scalar).dump();
}

// Emit appends `node` as JSON text, at most `max_bytes` of it: aliases are
// expanded, so the output and the depth are bounded here rather than trusted.
void Emit(const YAML::Node& node, int depth, std::size_t max_bytes, std::string& out) {
  if (depth > kMaxJsonDepth) throw YamlTooLarge{fmt::format("nests deeper than {} levels", kMaxJsonDepth)};
  if (out.size() > max_bytes) {
    throw YamlTooLarge{fmt::format("expands past {} bytes of JSON (its aliases repeat too much)", max_bytes)};
  }
  switch (node.Type()) {
    case YAML::NodeType::Undefined:
    case YAML::NodeType::Null:
      out += "null";
      return;
    case YAML::NodeType::Scalar:
      // "?" marks a plain scalar; a quoted one is "!", an explicit tag its name.
      out += node.Tag() == "?" ? PlainScalarJson(node.Scalar()) : nlohmann::json(node.Scalar()).dump();
      return;
    case YAML::NodeType::Sequence: {
      out += '[';
      bool first = true;
      for (const YAML::Node& item : node) {
        if (!first) out += ',';
        first = false;
        Emit(item, depth + 1, max_bytes, out);
      }
      out += ']';
      return;
    }
    case YAML::NodeType::Map: {
      out += '{';
      bool first = true;
      for (const auto& entry : node) {
        if (!entry.first.IsScalar()) throw YAML::Exception(entry.first.Mark(), "a mapping key that is not a scalar");
        if (!first) out += ',';
        first = false;
        out += nlohmann::json(entry.first.Scalar()).dump() + ':';
        Emit(entry.second, depth + 1, max_bytes, out);
      }
      out += '}';
      return;
    }
  }
}

Error YamlError(std::string message) { return {ErrorCode::MALFORMED_JSON, "", std::move(message)}; }

}  // namespace

std::optional<nlohmann::json> ParseJsonOrYaml(std::string_view text, std::vector<Error>& errors) {
  if (StartsLikeJson(text) || text.size() > kMaxInputBytes) return ParseJsonDocument(text, errors);
  // Without aliases, YAML's JSON is at most about three times as long (`a:` is
  // `"a":null,`); more than four times is an alias that repeats too much.
  const std::size_t max_bytes = std::min(kMaxInputBytes, 4 * text.size() + 4096);
  std::string json_text;
  try {
    const std::vector<YAML::Node> documents = YAML::LoadAll(std::string(text));
    if (documents.empty()) {
      errors.push_back(YamlError("the input is empty: neither JSON nor YAML"));
      return std::nullopt;
    }
    if (documents.size() > 1) json_text += '[';
    for (std::size_t i = 0; i < documents.size(); ++i) {
      if (i > 0) json_text += ',';
      Emit(documents[i], documents.size() > 1 ? 1 : 0, max_bytes, json_text);
    }
    if (documents.size() > 1) json_text += ']';
  } catch (const YAML::DeepRecursion& e) {
    errors.push_back(
        YamlError(fmt::format("the YAML nests deeper than {} levels (at line {})", kMaxJsonDepth, e.mark.line + 1)));
    return std::nullopt;
  } catch (const YAML::Exception& e) {
    const std::string where =
        e.mark.is_null() ? "" : fmt::format("line {}, column {}: ", e.mark.line + 1, e.mark.column + 1);
    errors.push_back(YamlError(fmt::format("not valid JSON or YAML: {}{}", where, e.msg)));
    return std::nullopt;
  } catch (const YamlTooLarge& e) {
    errors.push_back(YamlError("the YAML " + e.what));
    return std::nullopt;
  }
  std::vector<Error> json_errors;
  std::optional<nlohmann::json> document = ParseJsonDocument(json_text, json_errors);
  for (Error& error : json_errors) {
    error.message = "in the YAML read as JSON: " + error.message;
    errors.push_back(std::move(error));
  }
  return document;
}

}  // namespace lbconform
