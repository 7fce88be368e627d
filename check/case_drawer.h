// How `lbconform check` draws case `index` of a kind: from the case's own
// seed, so that any case is drawn alike whatever ran before it and whatever
// shard holds it; and, steering, aimed at the (clause, boundary class) pairs
// (check/coverage_pairs.h) that the kind's first kPilotCases cases do not
// reach. The pilot is a function of the seed alone, so the aim of a case is
// too: a shard, a rerun and a reproduce command draw the same case.
#ifndef LBCONFORM_CHECK_CASE_DRAWER_H_
#define LBCONFORM_CHECK_CASE_DRAWER_H_

#include <rapidcheck.h>

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "check/check_case.h"
#include "model/catalogue.h"
#include "model/model.h"

namespace lbconform::check {

// The cases whose pairs make the pilot; every case below it is drawn plain.
inline constexpr std::uint64_t kPilotCases = 200;
// Steering, from the pilot on every other block of one case per profile is
// aimed at one unreached pair, each pair in turn for a round of every
// profile, until each had kAimsPerTarget cases (the rest of the budget is
// drawn plain): its plain draw when that reaches the pair, else up to
// kAimCandidates - 1 draws of its own through the kind's aimer for the pair
// (check/case_aimers.h; without one, the plain generator again), the first
// to reach the pair kept; when none does, the case is the plain draw.
inline constexpr int kAimCandidates = 4;
inline constexpr std::uint64_t kAimsPerTarget = 10;

struct DrawnCase {
  rc::Shrinkable<CheckCase> drawn;
  CheckCase value;  // drawn.value(), evaluated once (it runs the generator's mapping again)
  Profile profile = Profile::kSpecDocs;
  std::string aimed_at;  // the pair's label, when the case was aimed; empty otherwise
  bool hit = false;      // the kept draw reaches aimed_at
};

class CaseDrawer {
 public:
  // `generators`: the kind's generator for each profile in `profiles`
  // (case i uses profile i mod their count).
  CaseDrawer(ScenarioKind kind, std::vector<Profile> profiles, std::vector<rc::Gen<CheckCase>> generators,
             std::uint64_t seed, int max_size, bool steer);

  // Draw: case `index`; nullopt when the generator gave up on it.
  std::optional<DrawnCase> Draw(std::uint64_t index);

  // Targets: the pairs the pilot did not reach, which steering aims at (empty
  // before the first case past the pilot, or without steering).
  const std::vector<std::string>& Targets() const { return targets_; }

  const std::vector<Profile>& Profiles() const { return profiles_; }

 private:
  std::optional<DrawnCase> DrawWith(const rc::Gen<CheckCase>& generator, std::uint64_t index, std::uint64_t stream,
                                    int size) const;
  std::optional<DrawnCase> DrawPlain(std::uint64_t index, std::uint64_t stream, int size) const;
  const rc::Gen<CheckCase>& AimedGenerator(const std::string& target, std::uint64_t index);
  std::optional<std::uint64_t> AimedSlot(std::uint64_t index) const;
  std::set<std::string> PairsOf(const DrawnCase& drawn, bool with_trace) const;
  bool Reaches(const DrawnCase& drawn, const std::string& target) const;
  void RunPilot();

  ScenarioKind kind_;
  std::vector<Profile> profiles_;
  std::vector<rc::Gen<CheckCase>> generators_;
  std::uint64_t seed_;
  int max_size_;
  bool steer_;
  bool pilot_done_ = false;
  std::vector<std::string> targets_;
  std::map<std::string, std::vector<rc::Gen<CheckCase>>> aimed_;  // by target, a generator per profile
};

}  // namespace lbconform::check

#endif  // LBCONFORM_CHECK_CASE_DRAWER_H_
