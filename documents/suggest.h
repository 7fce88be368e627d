// "Did you mean …?" for mistyped commands, options and profile names.
#ifndef LBCONFORM_DOCUMENTS_SUGGEST_H_
#define LBCONFORM_DOCUMENTS_SUGGEST_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lbconform {

// EditDistance is the Levenshtein distance (insertions, deletions,
// substitutions) plus one for a swap of two neighbours counted as one edit.
std::size_t EditDistance(std::string_view a, std::string_view b);

// ClosestName is the candidate nearest to `typed`, when it is near enough to
// be a typo (at most a third of the longer word, and at least 2, edits away)
// or when `typed` is a prefix of exactly one candidate.
std::optional<std::string> ClosestName(std::string_view typed, const std::vector<std::string>& candidates);

// DidYouMean is "; did you mean 'X'?" or "" when nothing is close.
std::string DidYouMean(std::string_view typed, const std::vector<std::string>& candidates);

}  // namespace lbconform

#endif  // LBCONFORM_DOCUMENTS_SUGGEST_H_
