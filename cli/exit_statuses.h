// The exit statuses of each `lbconform` command, in one table: `lbconform
// help COMMAND` prints a command's rows, and RunCli checks every status a
// command ends with against them, so the help cannot leave out a status the
// code returns (docs/contract.md, "Exit statuses").
#ifndef LBCONFORM_CLI_EXIT_STATUSES_H_
#define LBCONFORM_CLI_EXIT_STATUSES_H_

#include <string>
#include <string_view>
#include <vector>

#include "model/exit_status.h"

namespace lbconform {

// kExitBySignal stands in a table for 128 + N, the status of a command
// ended by signal N (SIGINT, SIGTERM, SIGHUP).
inline constexpr int kExitBySignal = -1;

struct ExitStatusRow {
  int status;  // or kExitBySignal
  std::string_view meaning;
};

// ExitStatusesOf are the statuses `command` can end with (a usage error
// included: every command parses its options), or nothing for a name that
// is not a command.
const std::vector<ExitStatusRow>& ExitStatusesOf(std::string_view command);

// ExitStatusHelp is the "Exit status:" block of `command`'s help, one row
// per line.
std::string ExitStatusHelp(std::string_view command);

// ExitStatusDeclared tells whether `status` is one of `command`'s rows
// (128 + N for N from 1 to 64 matches kExitBySignal).
bool ExitStatusDeclared(std::string_view command, int status);

// CommandsWithExitStatuses are the commands the table has rows for.
std::vector<std::string_view> CommandsWithExitStatuses();

}  // namespace lbconform

#endif  // LBCONFORM_CLI_EXIT_STATUSES_H_
