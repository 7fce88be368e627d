// The places `lbconform check` aims its cases at, as (clause, boundary class)
// pairs: a clause of the spec (model/clauses.def) or a statement of
// docs/spec/ with one of its boundaries ("FO-12  failover ratio = k/n
// exactly"), each rule the reference's trace cites ("FO-12  in the
// reference's trace"), and each error code of the spec's rules the kind can
// give ("FO-11  rejected: FAILOVER_RATIO_OUT_OF_RANGE"). The pairs of a kind
// are its coverage universe: check counts the pairs its cases reached,
// prints `clauses reached N/M` with the unreached ones, and steers
// generation toward them (check/case_drawer.h).
#ifndef LBCONFORM_CHECK_COVERAGE_PAIRS_H_
#define LBCONFORM_CHECK_COVERAGE_PAIRS_H_

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "model/catalogue.h"
#include "model/model.h"

namespace lbconform::check {

inline constexpr std::string_view kInTheTrace = "in the reference's trace";

// BoundaryClass: a row of a kind's table of boundary classes.
struct BoundaryClass {
  std::string_view clause;    // a clause ID or a docs/spec statement anchor
  std::string_view boundary;  // as the kind's case generator names it
};

struct CoveragePair {
  std::string clause;    // a clause ID or a docs/spec statement anchor
  std::string boundary;  // a boundary class, as the case generators name it, or kInTheTrace
  // Label: "FO-12  failover ratio = k/n exactly", how output and results name it.
  std::string Label() const;
  auto operator<=>(const CoveragePair&) const = default;
};

// CoveragePairsOf: the universe of `kind`, sorted by label.
const std::vector<CoveragePair>& CoveragePairsOf(ScenarioKind kind);

// PairsReached: the labels of the pairs a case of `kind` reaches, given the
// boundary classes its generator named and its reference trace's clauses.
// A boundary class or traced clause outside the universe is returned in
// `outside` (a test keeps it empty: the universe is the generators' whole
// vocabulary).
std::set<std::string> PairsReached(ScenarioKind kind, const std::vector<std::string>& boundaries,
                                   const std::set<Clause>& trace, std::vector<std::string>* outside = nullptr);

}  // namespace lbconform::check

#endif  // LBCONFORM_CHECK_COVERAGE_PAIRS_H_
