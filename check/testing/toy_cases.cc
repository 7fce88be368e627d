#include "check/testing/toy_cases.h"

#include <fmt/format.h>

#include <algorithm>

#include "documents/testing/toy_json.h"

namespace lbconform::check {

rc::Gen<nlohmann::json> GenToyDocument() {
  return rc::gen::exec([] {
    ToyScenario s;
    s.numbers = *rc::gen::container<std::vector<std::int64_t>>(rc::gen::inRange<std::int64_t>(0, 20));
    // Aimed at the boundary: the limit is the total, or just beside it.
    std::int64_t total = 0;
    for (std::int64_t n : s.numbers) total += n;
    s.limit = std::max<std::int64_t>(0, total + *rc::gen::inRange<std::int64_t>(-2, 3));
    nlohmann::json document = EncodeToyScenario(s);
    if (*rc::gen::inRange(0, 8) == 0) document["limit"] = -1;  // VALUE_OUT_OF_RANGE
    return document;
  });
}

rc::Gen<CheckCase> ToyCase(Profile) {
  return rc::gen::map(GenToyDocument(), [](const nlohmann::json& document) {
    std::vector<std::string> boundaries;
    const DecodedToy decoded = DecodeToyDocument(document);
    if (!decoded.scenario) {
      boundaries.push_back("rejected");
    } else {
      std::int64_t total = 0;
      for (std::int64_t n : decoded.scenario->numbers) total += n;
      const std::int64_t limit = decoded.scenario->limit;
      boundaries.push_back(total == limit  ? "total = limit"
                           : total < limit ? "total below the limit"
                                           : "over the limit");
    }
    return CheckCase{document, boundaries};
  });
}

std::string ToySize(const nlohmann::json& scenario) {
  const auto numbers = scenario.find("numbers");
  const std::size_t n = numbers != scenario.end() && numbers->is_array() ? numbers->size() : 0;
  return fmt::format("{} {}", n, n == 1 ? "number" : "numbers");
}

}  // namespace lbconform::check
