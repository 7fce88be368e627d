// lbconform_wrong_adapter NAME [--sessions]: the adapter protocol served by one known
// reading (readings/wrong_engines.h), for tests of `lbconform check` against
// real adapter processes; a misreading of the passthrough document format
// reads each document itself. `--list` prints each reading's name, the kinds
// it changes and whether the vectors catch it or accept it. With --sessions it
// also serves timelines as sessions, each event replaying the history so far.
#include <iostream>
#include <string>

#include "readings/wrong_engines.h"
#include "vectors/builtin_adapter.h"

int main(int argc, char** argv) {
  using lbconform::readings::AllMisreadings;
  using lbconform::readings::WrongEngine;
  const std::string wanted = argc >= 2 ? argv[1] : "";
  const bool sessions = argc == 3 && std::string(argv[2]) == "--sessions";
  if (wanted == "--list") {
    for (const auto& info : AllMisreadings()) {
      std::cout << info.name << " " << (info.passthrough || info.passthrough_document ? "passthrough," : "")
                << (info.timeline ? "passthrough-timeline," : "") << (info.slb ? "service-lb-policy," : "") << " "
                << (info.expectation == lbconform::readings::Expectation::kCaught ? "caught" : "accepted") << "\n";
    }
    return 0;
  }
  for (const auto& info : AllMisreadings()) {
    if (wanted == info.name) {
      const WrongEngine engine(info);
      std::ios::sync_with_stdio(false);
      return lbconform::vectors::ServeAdapterProtocol(engine, std::cin, std::cout,
                                                      {info.passthrough_document, sessions})
                 ? 0
                 : 1;
    }
  }
  std::cerr << "usage: lbconform_wrong_adapter NAME (one of:";
  for (const auto& info : AllMisreadings()) std::cerr << " " << info.name;
  std::cerr << ")\n";
  return 2;
}
