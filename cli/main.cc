#include <csignal>
#include <iostream>

#include "cli/commands.h"

int main(int argc, char** argv) {
  // Past a file-size limit (ulimit -f) a write fails with EFBIG instead of the
  // process dying mid-file: the writer then removes its temporary and says so.
  std::signal(SIGXFSZ, SIG_IGN);
  return lbconform::RunCli(argc, argv, std::cin, std::cout, std::cerr);
}
