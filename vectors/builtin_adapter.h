// The adapter protocol served by a built-in engine (`lbconform adapter`): the
// reference example of what a third-party adapter does.
#ifndef LBCONFORM_VECTORS_BUILTIN_ADAPTER_H_
#define LBCONFORM_VECTORS_BUILTIN_ADAPTER_H_

#include <functional>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>

#include "model/catalogue.h"
#include "model/engine.h"

namespace lbconform::vectors {

// ServeAdapterProtocol answers the runner's messages on `in` until `bye` or
// the end of input. It declares the kinds `engine` decides and answers
// `unsupported` for any other, and for a case whose `kind` or `profile` is not
// one it knows (or not a string). A line it cannot read as a message (not a
// JSON object within the input limits plus one level for the envelope, a
// `type` that is not a string or not a message type) gets
// {"type":"error","message":…} (vectors/README.md, "The adapter protocol").
// False when `out` cannot be written.
bool ServeAdapterProtocol(const Engine& engine, std::istream& in, std::ostream& out);

// PassthroughDocumentReading answers a passthrough scenario document itself,
// as an implementation that misreads the document format would (readings/).
using PassthroughDocumentReading = std::function<nlohmann::json(const nlohmann::json& document, Profile profile)>;
// ServeAdapterProtocol with `read_document`, when set, deciding the
// passthrough cases whose input is a JSON object instead of `engine`.
bool ServeAdapterProtocol(const Engine& engine, std::istream& in, std::ostream& out,
                          const PassthroughDocumentReading& read_document);

// ServeOptions: a document reading as above, and whether the kinds with
// events are also served as sessions (vectors/README.md, "Sessions"), each
// event answered by deciding the whole history so far: the way to serve
// sessions from an implementation that only takes whole timelines.
struct ServeOptions {
  PassthroughDocumentReading read_document;
  bool sessions = false;
};
bool ServeAdapterProtocol(const Engine& engine, std::istream& in, std::ostream& out, const ServeOptions& options);

// ResultLineText is the line (without its newline) the built-in adapter answers
// case `id` with: {"id":…,"output":<decision>,"type":"result"} in DumpJson's
// sorted key order. `lbconform check` expects it byte for byte.
std::string ResultLineText(const nlohmann::json& id, const nlohmann::json& output);

}  // namespace lbconform::vectors

#endif  // LBCONFORM_VECTORS_BUILTIN_ADAPTER_H_
