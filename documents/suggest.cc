#include "documents/suggest.h"

#include <fmt/format.h>

#include <algorithm>

namespace lbconform {

std::size_t EditDistance(std::string_view a, std::string_view b) {
  // Optimal string alignment: three rows of the dynamic-programming table.
  std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t substitution = a[i - 1] == b[j - 1] ? 0 : 1;
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + substitution});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        current[j] = std::min(current[j], before[j - 2] + 1);
      }
    }
    std::swap(before, previous);
    std::swap(previous, current);
  }
  return previous[b.size()];
}

std::optional<std::string> ClosestName(std::string_view typed, const std::vector<std::string>& candidates) {
  std::optional<std::string> best;
  std::size_t best_distance = 0;
  for (const std::string& candidate : candidates) {
    const std::size_t distance = EditDistance(typed, candidate);
    const std::size_t allowed = std::max<std::size_t>(2, std::max(typed.size(), candidate.size()) / 3);
    if (distance <= allowed && (!best || distance < best_distance)) {
      best = candidate;
      best_distance = distance;
    }
  }
  if (best) return best;
  std::optional<std::string> prefixed;
  for (const std::string& candidate : candidates) {
    if (typed.empty() || !candidate.starts_with(typed)) continue;
    if (prefixed) return std::nullopt;  // ambiguous
    prefixed = candidate;
  }
  return prefixed;
}

std::string DidYouMean(std::string_view typed, const std::vector<std::string>& candidates) {
  const std::optional<std::string> closest = ClosestName(typed, candidates);
  return closest ? fmt::format("; did you mean '{}'?", *closest) : std::string();
}

}  // namespace lbconform
