// The run-time switch of the mutation campaign (scripts/mutation-campaign,
// docs/mutation.md): every mutant of reference/ is compiled into one binary,
// and LBCONFORM_MUTANT=N, read once, turns mutant N on (0 or unset: none, the
// reference as written). Included only by the generated mutant sources under
// build/mutation/, never by the repository's own code.
#ifndef LBCONFORM_MUTATION_MUTANT_SWITCH_H_
#define LBCONFORM_MUTATION_MUTANT_SWITCH_H_

#include <cstdlib>

namespace lbconform_mutant {

// Active is the mutant this process runs (0: none).
inline long Active() {
  static const long active = [] {
    const char* text = std::getenv("LBCONFORM_MUTANT");
    return text == nullptr ? 0L : std::strtol(text, nullptr, 10);
  }();
  return active;
}

// On tells whether mutant `id` is the one running.
inline bool On(long id) { return Active() == id; }

// Flip negates `condition` when mutant `id` runs: a negated condition, or
// swapped branches (`if (c) A else B` runs as `if (!c) A else B`). The
// condition is evaluated once either way.
inline bool Flip(long id, bool condition) { return On(id) ? !condition : condition; }

}  // namespace lbconform_mutant

#endif  // LBCONFORM_MUTATION_MUTANT_SWITCH_H_
