#include "report/testing/render_toy.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace lbconform {

std::string RenderToyExplanation(const ToyScenario* scenario, const ToyDecision& decision, std::string_view engine) {
  std::string text = fmt::format("lbconform explain — engine {}, kind toy\n\n", engine);
  if (scenario == nullptr || !decision.valid()) {
    for (const Error& e : decision.errors) text += fmt::format("{} at {}: {}\n", NameOf(e.code), e.path, e.message);
    return text;
  }
  text += fmt::format("numbers [{}], limit {}\n", fmt::join(scenario->numbers, ", "), scenario->limit);
  text += fmt::format("Result: total {}, {} the limit\n", decision.total, decision.over_limit ? "over" : "within");
  return text;
}

}  // namespace lbconform
