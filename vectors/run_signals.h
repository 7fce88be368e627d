// The signals that end a run early (SIGINT, SIGTERM, SIGHUP). While a
// RunSignals object lives, such a signal is only recorded: the runner stops at
// the next read, write or case, kills the adapter's process group, writes the
// partial report marked incomplete and exits with the signal's status.
#ifndef LBCONFORM_VECTORS_RUN_SIGNALS_H_
#define LBCONFORM_VECTORS_RUN_SIGNALS_H_

#include <csignal>

namespace lbconform::vectors {

class RunSignals {
 public:
  RunSignals();   // installs the handlers
  ~RunSignals();  // restores the previous ones
  RunSignals(const RunSignals&) = delete;
  RunSignals& operator=(const RunSignals&) = delete;
};

// PendingRunSignal is the first signal received while RunSignals lived, or 0.
int PendingRunSignal();
// ClearRunSignal forgets it (tests).
void ClearRunSignal();

}  // namespace lbconform::vectors

#endif  // LBCONFORM_VECTORS_RUN_SIGNALS_H_
