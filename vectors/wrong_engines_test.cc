// The suite proves it can catch wrong implementations: every deliberately
// wrong engine (one misreading of one rule each) must fail at least one
// vector, while the same implementation without a misreading passes them all.
#include "vectors/testing/wrong_engines.h"

#include <gtest/gtest.h>

#include <iostream>

#include "vectors/checks.h"
#include "vectors/runner.h"
#include "vectors/testing/load_vectors.h"

namespace lbconform::vectors {
namespace {

using testing::LoadAll;

TEST(WrongEnginesTest, BaselineWithoutMisreadingPasses) {
  const auto files = LoadAll();
  testing::WrongEngine baseline({testing::Misreading::kNone, "baseline", ""});
  EngineImplementation implementation(baseline);
  const RunReport report = RunVectors(files, implementation, {});
  EXPECT_TRUE(report.RequiredPassed()) << SummaryText(report);
}

TEST(WrongEnginesTest, EveryWrongEngineIsCaught) {
  const auto files = LoadAll();
  int caught = 0;
  const auto& all = testing::AllMisreadings();
  for (const testing::WrongEngineInfo& info : all) {
    testing::WrongEngine engine(info);
    EngineImplementation implementation(engine);
    const RunReport report = RunVectors(files, implementation, {});
    std::vector<std::string> catching;
    for (const CaseResult& r : report.results) {
      if (r.disposition == Disposition::kFailed) catching.push_back(r.id + "@" + std::string(NameOf(r.profile)));
    }
    EXPECT_FALSE(catching.empty()) << engine.name() << " (" << info.rule << ") passed every vector";
    if (!catching.empty()) ++caught;
    std::cout << "  " << engine.name() << " [" << info.rule << "]: caught by " << catching.size() << " cases, e.g. "
              << (catching.empty() ? "-" : catching.front()) << "\n";
  }
  std::cout << "caught " << caught << " of " << all.size() << " wrong engines\n";
  EXPECT_EQ(caught, static_cast<int>(all.size()));
}

}  // namespace
}  // namespace lbconform::vectors
