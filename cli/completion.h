// Shell completion generated from the command line itself, so it never
// drifts from the subcommands and options that exist.
#ifndef LBCONFORM_CLI_COMPLETION_H_
#define LBCONFORM_CLI_COMPLETION_H_

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace lbconform {

struct CompletionValues {
  std::vector<std::string> engines;
  std::vector<std::string> profiles;
};

// BashCompletion is a bash script that completes `lbconform`'s subcommands,
// each subcommand's options, and the values of --engine and --profile; other
// words complete as file names.
std::string BashCompletion(const CLI::App& app, const CompletionValues& values);
// ZshCompletion is the same for zsh (#compdef, _arguments with each option's
// description), FishCompletion for fish (one `complete` line per option).
std::string ZshCompletion(const CLI::App& app, const CompletionValues& values);
std::string FishCompletion(const CLI::App& app, const CompletionValues& values);

}  // namespace lbconform

#endif  // LBCONFORM_CLI_COMPLETION_H_
