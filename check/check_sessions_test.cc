// `lbconform check` through sessions (vectors/README.md, "Sessions"): a
// carried-state bug planted in the stateful example adapter, and misreadings
// about state carried between events, are found event by event and shrunk to
// a few events; the vector written replays both as a whole case and as a
// session.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>

#include "cli/testing/run_cli.h"
#include "model/exit_status.h"

namespace lbconform {
namespace {

using testing::Cli;

std::string Python(const std::string& script) {
  return "python3 " + std::string(LBCONFORM_SOURCE_DIR) + "/vectors/adapters/" + script;
}

// ShrunkEvents: the events of the shrunk timeline check printed, or -1.
int ShrunkEvents(const std::string& out) {
  std::smatch found;
  if (!std::regex_search(out, found, std::regex(R"(DISAGREEMENT at case \d+ .*shrunk in .* to .*, (\d+) events?)")))
    return -1;
  return std::stoi(found[1]);
}

TEST(CheckSessions, APlantedCarriedStateBugShrinksToAFewEventsAndReplaysBothWays) {
  for (const std::string bug : {"deadline-computed-once", "expired-drains-kept"}) {
    const std::string planted = Python("testing/planted_stateful_adapter.py " + bug);
    const std::string dir = ::testing::TempDir() + "/check-sessions-" + bug;
    std::filesystem::remove_all(dir);
    std::string out, err;
    ASSERT_EQ(Cli({"check", "--impl", planted, "--kind", "passthrough-timeline", "--seed", "1", "--time-budget", "60",
                   "--out", dir},
                  &out, &err),
              kExitRejected)
        << out << err;
    EXPECT_NE(out.find("where:      through a session: the first step that differs is step"), std::string::npos) << out;
    const int events = ShrunkEvents(out);
    EXPECT_GE(events, 2) << out;
    EXPECT_LE(events, 6) << out;
    // The vector fails the planted bug as a session, and passes the example as
    // a session, and the built-in engines and the reference's adapter as a whole.
    EXPECT_EQ(Cli({"run", "--vectors", dir, "--impl", planted}), kExitRejected) << bug;
    EXPECT_EQ(Cli({"run", "--vectors", dir, "--impl", Python("stateful/lbconform_stateful_adapter.py")}), kExitOk);
    EXPECT_EQ(Cli({"run", "--vectors", dir}), kExitOk);
    EXPECT_EQ(Cli({"run", "--vectors", dir, "--form", "whole", "--impl",
                   std::string(LBCONFORM_BINARY) + " adapter --sessions"}),
              kExitOk);
  }
}

// Three misreadings of state carried between events, each a different state:
// the entry a close refers to, a setting a config event changed, the pool
// before the events of one time (scripts/check-session-readings runs them all).
TEST(CheckSessions, MisreadingsOfCarriedStateAreFoundAsSessions) {
  for (const std::string name : {"close-ignored", "draining-setting-read-once", "connect-before-same-time-events"}) {
    std::string out;
    EXPECT_EQ(Cli({"check", "--impl", std::string(LBCONFORM_WRONG_ADAPTER) + " " + name + " --sessions", "--form",
                   "session", "--kind", "passthrough-timeline", "--seed", "1", "--time-budget", "60"},
                  &out),
              kExitRejected)
        << name;
    EXPECT_NE(out.find("answers like `" + name + "`"), std::string::npos) << out;
    EXPECT_LE(ShrunkEvents(out), 6) << out;
    EXPECT_NE(out.find("through sessions: "), std::string::npos) << out;
  }
}

// The reference served as sessions agrees with itself: no finding, and every
// event is counted.
TEST(CheckSessions, TheReferenceAgreesAsSessions) {
  std::string out;
  EXPECT_EQ(Cli({"check", "--impl", std::string(LBCONFORM_BINARY) + " adapter --sessions", "--form", "session",
                 "--kind", "passthrough-timeline", "--seed", "3", "--cases", "150"},
                &out),
            kExitOk)
      << out;
  EXPECT_NE(out.find("150 agreed"), std::string::npos) << out;
  EXPECT_TRUE(std::regex_search(out, std::regex(R"(through sessions: [1-9]\d* events)"))) << out;
}

}  // namespace
}  // namespace lbconform
