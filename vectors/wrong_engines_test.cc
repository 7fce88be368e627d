// The suite proves it can catch wrong implementations. Every deliberately
// wrong engine (one misreading each) must fail at least one vector — or, for
// the other reading of a gap the vectors deliberately allow, pass them all —
// while the same implementation without a misreading passes every vector.
// And every clause (but the informative ones) and every gap must have a
// misreading the vectors catch: a clause no plausible misreading of which
// fails a vector is a blind spot of the suite.
#include "readings/wrong_engines.h"

#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include "documents/scenario_json.h"
#include "model/catalogue.h"
#include "report/run_report.h"
#include "vectors/checks.h"
#include "vectors/runner.h"
#include "vectors/testing/load_vectors.h"

namespace lbconform::vectors {
namespace {

using readings::Expectation;
using readings::WrongEngineInfo;
using testing::LoadAll;

std::vector<std::string> Words(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

// WrongImplementation runs a wrong engine as the runner would, except that a
// misreading of a kind's document format answers those cases itself.
// Passthrough scenarios are decoded once for all the misreadings (decoding was
// a quarter of the test's time), which then decide the decoded scenario.
class WrongImplementation final : public Implementation {
 public:
  using DecodedCache = std::map<const VectorTest*, DecodedScenario>;
  WrongImplementation(const readings::WrongEngine& engine, DecodedCache& decoded)
      : engine_(engine), in_process_(engine), decoded_(decoded) {}
  std::string name() const override { return in_process_.name(); }
  std::string version() const override { return in_process_.version(); }
  std::optional<std::vector<ScenarioKind>> kinds() const override { return in_process_.kinds(); }
  Answer Decide(const CaseRequest& request) override {
    const VectorTest& test = *request.test;
    if (test.input.is_object()) {
      if (auto answer = readings::DocumentAnswer(engine_.info(), test.kind, test.input, request.profile)) {
        return {Answer::Kind::kDecision, *answer, ""};
      }
    }
    if (test.kind != ScenarioKind::kPassthrough) return in_process_.Decide(request);
    if (!test.input.is_object()) return in_process_.Decide(request);  // a malformed document's text
    auto it = decoded_.find(&test);
    if (it == decoded_.end()) it = decoded_.emplace(&test, DecodeScenarioDocument(test.input)).first;
    return {Answer::Kind::kDecision, EncodeDecision(DecideDecoded(engine_, it->second, request.profile)), ""};
  }

 private:
  const readings::WrongEngine& engine_;
  EngineImplementation in_process_;
  DecodedCache& decoded_;
};

// FilesOfKinds: the vector files a misreading can differ on (the kinds it has
// a hook for); on the others it is the reference.
std::vector<VectorFile> FilesOfKinds(const std::vector<VectorFile>& files, const WrongEngineInfo& info) {
  std::vector<VectorFile> chosen;
  for (const VectorFile& file : files) {
    if (readings::ChangesKind(info, file.kind)) chosen.push_back(file);
  }
  return chosen;
}

// FilesOfKindsOnce: FilesOfKinds, copied once per combination of hooks rather
// than once per misreading (the copies were most of the test's time).
const std::vector<VectorFile>& FilesOfKindsOnce(const std::vector<VectorFile>& files, const WrongEngineInfo& info) {
  static std::map<std::vector<ScenarioKind>, std::vector<VectorFile>> by_hooks;
  const std::vector<ScenarioKind> hooks = readings::KindsChanged(info);
  auto it = by_hooks.find(hooks);
  if (it == by_hooks.end()) it = by_hooks.emplace(hooks, FilesOfKinds(files, info)).first;
  return it->second;
}

// The IDs a failed case counts for: its clauses, and every gap one of them is in.
std::set<std::string> IdsCitedBy(const CaseResult& result) {
  std::set<std::string> ids(result.clauses.begin(), result.clauses.end());
  for (const GapInfo& gap : AllGaps()) {
    for (const std::string& clause : Words(gap.clauses)) {
      if (ids.contains(clause)) ids.insert(std::string(gap.id));
    }
  }
  return ids;
}

TEST(WrongEnginesTest, BaselineWithoutMisreadingPasses) {
  const auto files = LoadAll();
  readings::WrongEngine baseline(readings::Baseline());
  EngineImplementation implementation(baseline);
  const RunReport report = RunVectors(files, implementation, {});
  EXPECT_TRUE(report.RequiredPassed()) << SummaryText(report);
}

TEST(WrongEnginesTest, NamesAreUniqueAndMisreadRealClausesOrGaps) {
  std::set<std::string> names, known;
  for (const ClauseInfo& clause : AllClauses()) known.insert(std::string(clause.id));
  for (const GapInfo& gap : AllGaps()) known.insert(std::string(gap.id));
  for (const WrongEngineInfo& info : readings::AllMisreadings()) {
    EXPECT_TRUE(names.insert(info.name).second) << "two misreadings named " << info.name;
    EXPECT_FALSE(Words(info.misreads).empty()) << info.name << " names no clause or gap";
    for (const std::string& id : Words(info.misreads)) {
      EXPECT_TRUE(known.contains(id)) << info.name << " names " << id << ", which is no clause or gap";
    }
    EXPECT_FALSE(readings::KindsChanged(info).empty()) << info.name << " changes no kind";
  }
}

// One test, so that the wrong engines run once: every misreading meets its
// expectation, and every clause (but the informative ones) and every gap has one.
TEST(WrongEnginesTest, EveryMisreadingIsCaughtAndEveryClauseAndGapHasOne) {
  const auto files = LoadAll();
  std::map<std::string, std::vector<std::string>> covered_by;  // clause or gap → misreadings
  std::set<std::string> uncited;  // covered, yet no catching vector cites it: worth a citation
  int met = 0;
  const auto& all = readings::AllMisreadings();
  WrongImplementation::DecodedCache decoded;
  RunOptions options;
  options.vector_digest = "unused";  // the digest serialises every file; the reports here never show it
  for (const WrongEngineInfo& info : all) {
    readings::WrongEngine engine(info);
    WrongImplementation implementation(engine, decoded);
    const RunReport report = RunVectors(FilesOfKindsOnce(files, info), implementation, options);
    std::vector<std::string> catching;
    std::set<std::string> cited;
    for (const CaseResult& r : report.results) {
      if (r.disposition != Disposition::kFailed && r.disposition != Disposition::kAdapterError) continue;
      catching.push_back(r.id + "@" + std::string(NameOf(r.profile)));
      cited.merge(IdsCitedBy(r));
    }
    const bool as_expected = info.expectation == Expectation::kCaught ? !catching.empty() : report.RequiredPassed();
    met += as_expected ? 1 : 0;
    EXPECT_TRUE(as_expected) << engine.name() << " [" << info.misreads << "] "
                             << (info.expectation == Expectation::kCaught
                                     ? "passed every vector"
                                     : "is an accepted reading, yet failed " + std::to_string(catching.size()) +
                                           " cases, e.g. " + catching.front());
    for (const std::string& id : Words(info.misreads)) {
      // A caught misreading covers what it names; an accepted one only a gap.
      const bool covers = as_expected && (info.expectation == Expectation::kCaught || id.starts_with("GAP-"));
      if (covers) covered_by[id].push_back(info.name);
      if (covers && info.expectation == Expectation::kCaught && !cited.contains(id)) uncited.insert(id);
    }
    std::cout << "  " << engine.name() << " [" << info.misreads
              << "]: " << (info.expectation == Expectation::kAccepted ? "accepted, " : "") << "caught by "
              << catching.size() << " cases, e.g. " << (catching.empty() ? "-" : catching.front()) << "\n";
  }
  std::cout << met << " of " << all.size() << " wrong engines met their expectation\n";

  std::cout << "caught, but by no vector citing them (worth a citation):";
  for (const std::string& id : uncited) std::cout << " " << id;
  std::cout << "\n";

  std::vector<std::string> blind;
  for (const ClauseInfo& clause : AllClauses()) {
    if (clause.exception.empty() && !covered_by.contains(std::string(clause.id))) blind.emplace_back(clause.id);
  }
  for (const GapInfo& gap : AllGaps()) {
    if (!covered_by.contains(std::string(gap.id))) blind.emplace_back(gap.id);
  }
  std::ostringstream list;
  for (const std::string& id : blind) list << " " << id;
  EXPECT_TRUE(blind.empty()) << blind.size()
                             << " clauses and gaps have no misreading that the vectors catch "
                                "(or, for a gap, an accepted other reading that passes them all):"
                             << list.str();
}

}  // namespace
}  // namespace lbconform::vectors
