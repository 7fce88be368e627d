// Target: `lbconform adapter` (vectors::ServeAdapterProtocol with the
//   reference engine) on arbitrary bytes as the runner's messages (JSON Lines).
// Oracle: never a crash or an exception; it never fails to write (a string
//   stream cannot); every line it writes is a
//   JSON object whose `type` is hello, result or error, and a result either
//   carries an `output` decision with a boolean `valid` or is `unsupported`.
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "engines/engines.h"
#include "vectors/builtin_adapter.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(bytes), size));
  std::ostringstream out;
  static const lbconform::Engine* const engine = lbconform::FindEngine("reference");
  if (!lbconform::vectors::ServeAdapterProtocol(*engine, in, out)) std::abort();
  std::istringstream lines(out.str());
  for (std::string line; std::getline(lines, line);) {
    const nlohmann::json message = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (!message.is_object() || !message.contains("type") || !message["type"].is_string()) std::abort();
    const std::string type = message["type"].get<std::string>();
    if (type == "result") {
      const bool unsupported = message.value("unsupported", false);
      const auto output = message.find("output");
      if (unsupported == (output != message.end())) std::abort();
      if (!unsupported && (!output->is_object() || !output->contains("valid") || !(*output)["valid"].is_boolean())) {
        std::abort();
      }
    } else if (type != "hello" && type != "error") {
      std::abort();
    }
  }
  return 0;
}
