#include <csignal>
#include <iostream>

#include "cli/commands.h"
#include "vectors/run_signals.h"

int main(int argc, char** argv) {
  // Past a file-size limit (ulimit -f) a write fails with EFBIG instead of the
  // process dying mid-file: the writer then removes its temporary and says so.
  std::signal(SIGXFSZ, SIG_IGN);
  const int status = lbconform::RunCli(argc, argv, std::cin, std::cout, std::cerr);
  // `run` stopped on a signal after writing its partial report: end as that
  // signal would have ended it, so that the caller sees the signal.
  if (const int signal_number = lbconform::vectors::PendingRunSignal(); signal_number != 0) {
    std::signal(signal_number, SIG_DFL);
    std::raise(signal_number);
  }
  return status;
}
