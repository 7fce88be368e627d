#include "cli/exit_statuses.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace lbconform {

namespace {

using Rows = std::vector<ExitStatusRow>;

constexpr ExitStatusRow kUsage{kExitUsage, "usage error: an unknown option or value, an unreadable file"};
constexpr ExitStatusRow kOutputLost{kExitWriteFailed, "standard output could not be written"};

Rows Decision() {
  return {{kExitOk, "a valid decision"},
          {kExitRejected, "the scenario is rejected (the decision says why)"},
          {kExitUsage, "usage error, an unreadable file, an unknown engine or profile"},
          kOutputLost};
}

const std::map<std::string_view, Rows, std::less<>>& Table() {
  static const std::map<std::string_view, Rows, std::less<>> table = {
      {"decide", Decision()},
      {"explain", Decision()},
      {"plot",
       {{kExitOk, "the SVG is written"},
        {kExitRejected, "the scenario is rejected"},
        {kExitUsage, "usage error, an unreadable file, or a kind without a picture"},
        {kExitWriteFailed, "the SVG or standard output could not be written"}}},
      {"engines", {{kExitOk, "the engines are listed"}, kUsage, kOutputLost}},
      {"exhaustive",
       {{kExitOk, "every engine agrees with the reference"},
        {kExitRejected, "a disagreement (printed)"},
        {kExitUsage, "usage error, a bad or contradictory shard"},
        {kExitWriteFailed, "--result, TEST_SHARD_STATUS_FILE or standard output could not be written"}}},
      {"merge",
       {{kExitOk, "covered exactly once, no finding"},
        {kExitRejected, "a finding (disagreement) in some shard"},
        {kExitUsage,
         "usage error, an unreadable file, not a shard result (or one that contradicts itself), or files of "
         "different runs"},
        {kExitIncomplete, "coverage: a shard missing, given twice, or not covering its slice (nothing merged)"},
        {kExitWriteFailed, "the merged result or standard output could not be written"}}},
      {"catalogue", {{kExitOk, "the catalogue is printed"}, kUsage, kOutputLost}},
      {"run",
       {{kExitOk, "conforming"},
        {kExitRejected, "a required vector failed, the adapter misbehaved, or no case was selected or checked"},
        {kExitUsage, "usage error, unreadable or ambiguous vectors, an unreadable expectations file"},
        {kExitIncomplete,
         "incomplete: the adapter did not start (one line says why), the whole-run timeout expired first, "
         "or adapter errors in a row"},
        {kExitWriteFailed,
         "a report, summary, expectations file, saved failure or standard output could not be "
         "written"},
        {kExitBySignal, "ended by signal N (SIGINT, SIGTERM, SIGHUP); the partial reports are written"}}},
      {"check",
       {{kExitOk, "nothing found"},
        {kExitRejected,
         "a disagreement or an adapter error (shrunk and printed), or nothing checked (every case unsupported)"},
        {kExitUsage, "usage error"},
        {kExitIncomplete, "incomplete: the adapter did not start, or adapter errors in a row"},
        {kExitWriteFailed,
         "a vector file, --result, TEST_SHARD_STATUS_FILE, XML_OUTPUT_FILE or standard output could not be written"},
        {kExitBySignal, "ended by signal N (SIGINT, SIGTERM, SIGHUP)"}}},
      {"adapter",
       {{kExitOk, "'bye' or the end of input"},
        {kExitUsage, "usage error, an unknown engine"},
        {kExitWriteFailed, "standard output could not be written (the runner went away)"}}},
      {"vectors",
       {{kExitOk, "clean (lint), or every expectation reproduced (regen)"},
        {kExitRejected, "problems (printed)"},
        {kExitUsage, "usage error, unreadable vectors"},
        {kExitWriteFailed, "a regenerated vector file or standard output could not be written"}}},
      {"import",
       {{kExitOk, "imported"},
        {kExitRejected, "imported, but the scenario does not decode"},
        {kExitUsage, "usage error, a missing flag (named), or gcloud output it cannot use"},
        {kExitWriteFailed, "the scenario could not be written"}}},
      {"report",
       {{kExitOk, "the page is written"},
        {kExitUsage, "usage error, or the file is not a report of `lbconform run`"},
        {kExitWriteFailed, "the page, the badge or standard output could not be written"}}},
      {"help", {{kExitOk, "the help is printed"}, {kExitUsage, "an unknown command"}, kOutputLost}},
      {"completion",
       {{kExitOk, "the script is written"}, kUsage, {kExitWriteFailed, "the script could not be written"}}},
  };
  return table;
}

}  // namespace

const std::vector<ExitStatusRow>& ExitStatusesOf(std::string_view command) {
  static const Rows kNone;
  const auto found = Table().find(command);
  return found == Table().end() ? kNone : found->second;
}

std::string ExitStatusHelp(std::string_view command) {
  std::string text = "Exit status:";
  for (const ExitStatusRow& row : ExitStatusesOf(command)) {
    const std::string status = row.status == kExitBySignal ? "128+N" : std::to_string(row.status);
    text += fmt::format("\n  {:<6} {}", status, row.meaning);
  }
  return text;
}

bool ExitStatusDeclared(std::string_view command, int status) {
  const Rows& rows = ExitStatusesOf(command);
  return std::any_of(rows.begin(), rows.end(), [&](const ExitStatusRow& row) {
    return row.status == status || (row.status == kExitBySignal && status > 128 && status <= 128 + 64);
  });
}

std::vector<std::string_view> CommandsWithExitStatuses() {
  std::vector<std::string_view> names;
  for (const auto& [name, rows] : Table()) names.push_back(name);
  return names;
}

}  // namespace lbconform
