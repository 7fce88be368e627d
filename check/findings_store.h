// `lbconform check --findings DIR`: a store of the findings of earlier runs,
// as Hypothesis keeps its example database. The store is a vector folder
// (DIR/regressions/*.json, what `run --vectors DIR` replays): each run asks
// the stored cases first and says which still fail and which are fixed, then
// adds the shrunk case of each distinct finding that no stored case still
// failing has the signature of (check/finding_groups.h).
#ifndef LBCONFORM_CHECK_FINDINGS_STORE_H_
#define LBCONFORM_CHECK_FINDINGS_STORE_H_

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "check/check.h"
#include "check/finding_groups.h"
#include "vectors/runner.h"

namespace lbconform {

// StoredCase is a case of the store, replayed.
struct StoredCase {
  std::string path;  // its vector file
  std::string id;    // its test's id
  enum class Now { kStillFails, kFixed, kAcceptedReading, kUnsupported, kNotReplayed };
  Now now = Now::kNotReplayed;
  std::string how;             // the failure, the reading, or why it was not replayed
  FindingSignature signature;  // when it still fails
};

struct StoreReplay {
  std::vector<StoredCase> cases;
  double seconds = 0;
  bool interrupted = false;
  std::size_t StillFailing() const;
};

// ReplayStore asks `implementation` every case of the store at `dir` whose
// kind is among `kinds`, and prints what it found; a store not made yet is
// empty. nullopt when the store cannot be read (`error` says why).
std::optional<StoreReplay> ReplayStore(vectors::Implementation& implementation, const std::string& dir,
                                       const std::vector<ScenarioKind>& kinds, std::ostream& out, std::string& error);

// StoreFindings writes into the store each finding with a shrunk case (not a
// mix of readings) whose signature no case of `replay` still failing has;
// returns the files written, or nullopt after saying on `err` what could not
// be written.
std::optional<std::vector<std::string>> StoreFindings(const std::string& dir, const CheckOptions& options,
                                                      const CheckResult& result, const StoreReplay& replay,
                                                      std::ostream& err);

}  // namespace lbconform

#endif  // LBCONFORM_CHECK_FINDINGS_STORE_H_
