#pragma once
// The command line run in-process, as the tests of cli/ and vectors/ drive it:
// arguments in, exit status and both streams out.

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli/commands.h"

namespace lbconform::testing {

struct CliRun {
  int status;
  std::string out;
  std::string err;
};

// Lbconform runs `lbconform args...` with `stdin_text` on standard input. A
// status the command's help does not list (cli/exit_statuses.cc) fails the
// calling test, whatever it checks.
inline CliRun Lbconform(std::vector<std::string> args, const std::string& stdin_text = "") {
  args.insert(args.begin(), "lbconform");
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());
  std::istringstream in(stdin_text);
  std::ostringstream out;
  std::ostringstream err;
  const int status = RunCli(static_cast<int>(argv.size()), argv.data(), in, out, err);
  EXPECT_EQ(err.str().find("which `lbconform help"), std::string::npos) << err.str();
  return {status, out.str(), err.str()};
}

// Cli is Lbconform for tests that want the status and, when asked, the streams.
inline int Cli(std::vector<std::string> args, std::string* out_text = nullptr, std::string* err_text = nullptr) {
  CliRun run = Lbconform(std::move(args));
  if (out_text != nullptr) *out_text = std::move(run.out);
  if (err_text != nullptr) *err_text = std::move(run.err);
  return run.status;
}

}  // namespace lbconform::testing
