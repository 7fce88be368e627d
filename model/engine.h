// Engine is anything that decides scenarios: the reference, the optimized
// engine with each kernel, a test's deliberately wrong engine. An engine
// implements the kinds it has by also deriving from each kind's interface
// (PassthroughEngine in model/model.h, TimelineEngine in
// model/timeline_model.h, SlbEngine in model/slb_model.h), so a new kind adds
// an interface instead of a method every engine must write.
#ifndef LBCONFORM_MODEL_ENGINE_H_
#define LBCONFORM_MODEL_ENGINE_H_

#include <string_view>

namespace lbconform {

class Engine {
 public:
  virtual ~Engine() = default;
  virtual std::string_view name() const = 0;
};

// As returns `engine` as the interface of one kind, or nullptr when the
// engine does not implement that kind.
template <typename KindEngine>
const KindEngine* As(const Engine& engine) {
  return dynamic_cast<const KindEngine*>(&engine);
}

}  // namespace lbconform

#endif  // LBCONFORM_MODEL_ENGINE_H_
