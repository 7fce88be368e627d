#include <iostream>

#include "cli/commands.h"

int main(int argc, char** argv) {
  return lbconform::RunCli(argc, argv, std::cin, std::cout, std::cerr);
}
