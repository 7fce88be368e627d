#include "cli/command.h"

#include <cstdlib>
#include <string>

namespace lbconform {

CLI::Validator Positive() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        char* end = nullptr;
        const double number = std::strtod(value.c_str(), &end);
        if (value.empty() || end != value.c_str() + value.size() || !(number > 0)) {
          return "must be a number above 0, not '" + value + "'";
        }
        return "";
      },
      "POSITIVE");
}

void AddShardOptions(CLI::App& command, ShardArguments& arguments) {
  command.add_option("--shard", arguments.shard,
                     "I/N: check the I-th of N slices (0-based); default: from the environment "
                     "(TEST_SHARD_INDEX, GTEST_SHARD_INDEX, JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID), else 0/1");
  command.add_option("--shards", arguments.shards,
                     "N: the number of slices when the index comes from JOB_COMPLETION_INDEX (a Kubernetes "
                     "Indexed Job's completions)");
}

}  // namespace lbconform
