// Exit statuses of every `lbconform` command (docs/contract.md, "Exit
// statuses"). They live at the bottom of the stack because several layers
// return them: check/ (`check`, `merge`), vectors/ (`run`) and cli/.
#ifndef LBCONFORM_MODEL_EXIT_STATUS_H_
#define LBCONFORM_MODEL_EXIT_STATUS_H_

namespace lbconform {

inline constexpr int kExitOk = 0;        // a valid decision / every check passed
inline constexpr int kExitRejected = 1;  // rejected scenario; `run`: a required vector failed
inline constexpr int kExitUsage = 2;     // bad arguments, unreadable file, unknown engine
inline constexpr int kExitIncomplete =
    3;  // `run`: stopped before every case ran (run timeout, adapter errors in a row)
inline constexpr int kExitWriteFailed = 4;  // an output (standard output or a file) could not be written
// `run` interrupted by SIGINT, SIGTERM or SIGHUP ends with 128 + the signal's number.

}  // namespace lbconform

#endif  // LBCONFORM_MODEL_EXIT_STATUS_H_
