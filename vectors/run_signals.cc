#include "vectors/run_signals.h"

#include <array>

namespace lbconform::vectors {
namespace {

volatile std::sig_atomic_t pending_signal = 0;
constexpr std::array<int, 3> kStopSignals = {SIGINT, SIGTERM, SIGHUP};
std::array<struct sigaction, 3> previous{};

extern "C" void RecordSignal(int signal_number) {
  if (pending_signal == 0) pending_signal = signal_number;
}

}  // namespace

RunSignals::RunSignals() {
  struct sigaction action {};
  action.sa_handler = RecordSignal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: a blocked poll returns at once
  for (std::size_t i = 0; i < kStopSignals.size(); ++i) sigaction(kStopSignals[i], &action, &previous[i]);
}

RunSignals::~RunSignals() {
  for (std::size_t i = 0; i < kStopSignals.size(); ++i) sigaction(kStopSignals[i], &previous[i], nullptr);
}

int PendingRunSignal() { return pending_signal; }
void ClearRunSignal() { pending_signal = 0; }

}  // namespace lbconform::vectors
