#include "vectors/builtin_adapter.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "documents/documents.h"
#include "documents/json_reader.h"
#include "documents/scenario_json.h"
#include "model/catalogue.h"
#include "vectors/checks.h"
#include "vectors/vector_file.h"

namespace lbconform::vectors {

namespace {

// DecideCase: the document reading's answer, when it gives one, or the
// engine's decision.
nlohmann::json DecideCase(const Engine& engine, const DocumentReading& read_document, const nlohmann::json& input,
                          Profile profile) {
  if (read_document && input.is_object()) {
    if (std::optional<nlohmann::json> answer = read_document(input, profile)) return *answer;
  }
  return DecideVector(engine, input, profile);
}

}  // namespace

std::string ResultLineText(const nlohmann::json& id, const nlohmann::json& output) {
  return "{\"id\":" + DumpJson(id) + ",\"output\":" + DumpJson(output) + ",\"type\":\"result\"}";
}

bool ServeAdapterProtocol(const Engine& engine, std::istream& in, std::ostream& out) {
  return ServeAdapterProtocol(engine, in, out, {});
}

bool ServeAdapterProtocol(const Engine& engine_ref, std::istream& in, std::ostream& out,
                          const DocumentReading& read_document) {
  const Engine* engine = &engine_ref;
  std::vector<std::string_view> kinds;
  for (ScenarioKind kind : KindsOf(*engine)) kinds.push_back(NameOf(kind));
  auto answer = [&](const nlohmann::json& message) {
    out << DumpJson(message) << "\n";
    out.flush();
    return static_cast<bool>(out);  // a closed pipe ends the loop
  };
  auto text_field = [](const nlohmann::json& message, const char* key,
                       const char* fallback) -> std::optional<std::string> {
    const auto it = message.find(key);
    if (it == message.end() || it->is_null()) return std::string(fallback);
    if (!it->is_string()) return std::nullopt;
    return it->get<std::string>();
  };
  std::string line;
  while (std::getline(in, line)) {
    std::vector<Error> errors;
    // One level more than a scenario: the envelope around a case's input.
    const std::optional<nlohmann::json> message = ParseJsonDocument(line, errors, kMaxJsonDepth + 1);
    if (!message || !message->is_object()) {
      const std::string why = message ? "a protocol message is a JSON object"
                                      : fmt::format("{}: {}", NameOf(errors.front().code), errors.front().message);
      if (!answer({{"type", "error"}, {"message", "unreadable message: " + why}})) return false;
      continue;
    }
    const std::optional<std::string> type = text_field(*message, "type", "");
    bool written = true;
    if (type == "hello") {
      written = answer(
          {{"type", "hello"},
           {"protocol", 1},
           {"implementation", {{"name", "lbconform-" + std::string(engine->name())}, {"version", kSuiteVersion}}},
           {"kinds", kinds}});
    } else if (type == "case") {
      const nlohmann::json id = message->value("id", nlohmann::json());
      const std::optional<std::string> profile_name = text_field(*message, "profile", "spec-docs");
      const std::optional<std::string> kind_name = text_field(*message, "kind", "passthrough");
      const auto profile = profile_name ? ProfileFromName(*profile_name) : std::nullopt;
      const auto kind = kind_name ? ScenarioKindFromName(*kind_name) : std::nullopt;
      static const nlohmann::json kNoInput;
      const auto found = message->find(message->contains("inputText") ? "inputText" : "input");
      const nlohmann::json& input = found != message->end() ? *found : kNoInput;  // not copied
      const bool decided_here =
          kind && profile && Implements(*engine, *kind) && (input.is_string() || Implements(*engine, KindOf(input)));
      if (decided_here) {
        // Written without copying the decision into a message.
        out << ResultLineText(id, DecideCase(*engine, read_document, input, *profile)) << "\n";
        out.flush();
        written = static_cast<bool>(out);
      } else {
        written = answer({{"type", "result"}, {"id", id}, {"unsupported", true}});
      }
    } else if (type == "bye") {
      return true;
    } else {
      written = answer({{"type", "error"},
                        {"message", type ? fmt::format("unknown message type '{}' (hello, case, bye)", *type)
                                         : std::string("'type' must be a string")}});
    }
    if (!written) return false;
  }
  return true;
}

}  // namespace lbconform::vectors
