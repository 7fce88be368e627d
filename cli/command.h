// What the registration of every `lbconform` command shares: the streams it
// prints on, a registered command, and the options two commands have alike.
#ifndef LBCONFORM_CLI_COMMAND_H_
#define LBCONFORM_CLI_COMMAND_H_

#include <CLI/CLI.hpp>
#include <functional>
#include <iosfwd>

#include "check/shard.h"

namespace lbconform {

// Streams are what every command reads and writes.
struct Streams {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
};

// Command is one registered subcommand and what runs it once it is parsed.
// Each Add*Command keeps its options alive in the action it returns.
struct Command {
  CLI::App* app;
  std::function<int()> action;
};

// Positive checks that an option's number is above 0, in a few words (CLI11's
// PositiveNumber names the range 0 to the largest double: 309 digits).
CLI::Validator Positive();

// AddShardOptions adds --shard and --shards to a command (the same words for
// `exhaustive` and `check`).
void AddShardOptions(CLI::App& command, ShardArguments& arguments);

}  // namespace lbconform

#endif  // LBCONFORM_CLI_COMMAND_H_
