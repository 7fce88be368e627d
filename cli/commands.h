// The `lbconform` command line, callable in-process so tests drive it.
#ifndef LBCONFORM_CLI_COMMANDS_H_
#define LBCONFORM_CLI_COMMANDS_H_

#include <iosfwd>

#include "model/exit_status.h"

namespace lbconform {

// RunCli runs one `lbconform` invocation; `in` is standard input for `-`.
int RunCli(int argc, const char* const* argv, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace lbconform

#endif  // LBCONFORM_CLI_COMMANDS_H_
