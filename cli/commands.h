// The `lbconform` command line, callable in-process so tests drive it.
#ifndef LBCONFORM_CLI_COMMANDS_H_
#define LBCONFORM_CLI_COMMANDS_H_

#include <iosfwd>

namespace lbconform {

// Exit statuses of `lbconform` (README, "Exit status").
inline constexpr int kExitOk = 0;        // a valid decision / every check passed
inline constexpr int kExitRejected = 1;  // rejected scenario; `run`: a required vector failed
inline constexpr int kExitUsage = 2;     // bad arguments, unreadable file, unknown engine
inline constexpr int kExitIncomplete =
    3;  // `run`: stopped before every case ran (run timeout, adapter errors in a row)
inline constexpr int kExitWriteFailed = 4;  // an output (standard output or a file) could not be written
// `run` interrupted by SIGINT, SIGTERM or SIGHUP ends with 128 + the signal's number.

// RunCli runs one `lbconform` invocation; `in` is standard input for `-`.
int RunCli(int argc, const char* const* argv, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace lbconform

#endif  // LBCONFORM_CLI_COMMANDS_H_
