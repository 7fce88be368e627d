// `lbconform check` as a command: the implementation started (an adapter
// process, or a built-in engine), the kinds chosen and the cases counted,
// RunCheck, the closing line, the shard's result and the exit status. cli/
// reads the command line into a CheckInvocation and calls CheckCommand; the
// options go down from there and never back up.
#ifndef LBCONFORM_CHECK_CHECK_COMMAND_H_
#define LBCONFORM_CHECK_CHECK_COMMAND_H_

#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "check/check.h"
#include "check/shard.h"
#include "model/engine.h"
#include "vectors/sessions.h"

namespace lbconform {

// CheckInvocation is what `lbconform check` was asked, its options read.
struct CheckInvocation {
  // The implementation: an adapter's command (run by /bin/sh), else `engine`.
  std::string adapter_command;
  const Engine* engine = nullptr;
  std::chrono::milliseconds case_timeout{5000};  // an adapter's, per case
  // An adapter's timelines as sessions or whole (vectors/README.md, "Sessions").
  vectors::CaseForm form = vectors::CaseForm::kAuto;
  std::vector<ScenarioKind> kinds;    // empty: every kind it declares
  std::vector<Profile> profiles;      // empty: every profile of each kind
  std::uint64_t cases = 0;            // per kind; 0: the time budget, else kDefaultCheckCases
  double time_budget_seconds = 0;     // 0: none
  std::optional<std::uint64_t> seed;  // default: random (printed)
  int max_size = 100;
  std::string out;  // --out: a vector folder for the shrunk cases
  bool shrink = true;
  int max_adapter_errors = 5;
  bool progress = false;     // redraw a progress line on standard error
  bool keep_going = false;   // go on after a finding; group the findings by signature
  bool steer = true;         // aim cases at the pairs the first ones miss (check/case_drawer.h)
  std::string findings_dir;  // --findings: a store replayed first, then added to (check/findings_store.h)
  // A shard of a campaign (--shard or the environment, or --result): its
  // slice of [0, kinds × cases) is checked; `result_path` gets its result.
  std::optional<Shard> shard;
  std::string result_path;
  // JUnit XML of the check (Bazel's XML_OUTPUT_FILE), or empty.
  std::string junit_path;
};

// CheckCommand runs `lbconform check`; its exit status: 0 nothing found, 1 a
// disagreement or an adapter error (shrunk and printed) or nothing checked,
// 2 usage, 3 stopped early, 4 a vector file or standard output could not be
// written, 128 + N ended by signal N.
int CheckCommand(const CheckInvocation& invocation, std::ostream& out, std::ostream& err);

// NothingChecked: why a check that found nothing compared no answer at all
// (every case `unsupported`, every kind skipped), or empty.
std::string NothingChecked(const CheckResult& result);

}  // namespace lbconform

#endif  // LBCONFORM_CHECK_CHECK_COMMAND_H_
