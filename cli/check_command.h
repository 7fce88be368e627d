// `lbconform check`'s command line: its options, read into the
// CheckInvocation that check/check_command.h runs.
#ifndef LBCONFORM_CLI_CHECK_COMMAND_H_
#define LBCONFORM_CLI_CHECK_COMMAND_H_

#include <CLI/CLI.hpp>

#include "cli/command.h"

namespace lbconform {

Command AddCheckCommand(CLI::App& app, Streams io);

}  // namespace lbconform

#endif  // LBCONFORM_CLI_CHECK_COMMAND_H_
