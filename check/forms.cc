#include "check/forms.h"

#include <algorithm>
#include <cmath>

namespace lbconform::check::forms {

using nlohmann::json;

json* Member(json& object, std::string_view key) {
  if (!object.is_object()) return nullptr;
  const auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

bool IsString(const json* value, std::string_view text) {
  return value != nullptr && value->is_string() && value->get<std::string>() == text;
}

rc::Gen<bool> OneIn(int n) {
  return rc::gen::map(rc::gen::resize(rc::kNominalSize, rc::gen::inRange(0, n)), [n](int k) { return k == n - 1; });
}

void Reorder(json& array, std::uint32_t seed) {
  if (!array.is_array() || array.size() < 2) return;
  const json before = array;
  std::uint64_t state = seed;
  auto next = [&state] {  // splitmix64: the same order on every platform
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  };
  for (std::size_t i = array.size() - 1; i > 0; --i) std::swap(array[i], array[next() % (i + 1)]);
  if (array == before) std::rotate(array.begin(), array.begin() + 1, array.end());
}

bool WholeNumbersAsIntegers(json& value) {
  bool rewrote = false;
  if (value.is_number_float()) {
    const double d = value.get<double>();
    if (std::isfinite(d) && std::trunc(d) == d && std::fabs(d) < 9.0e15 && !std::signbit(d)) {
      value = static_cast<std::int64_t>(d);
      return true;
    }
    return false;
  }
  if (value.is_structured()) {
    for (json& item : value) rewrote = WholeNumbersAsIntegers(item) || rewrote;
  }
  return rewrote;
}

bool Rejected(const std::vector<std::string>& boundaries) {
  // A rejected case names its codes: "rejected: CODE" (check/case_generators.cc).
  return std::any_of(boundaries.begin(), boundaries.end(),
                     [](const std::string& b) { return b == "rejected" || b.starts_with("rejected: "); });
}

}  // namespace lbconform::check::forms
