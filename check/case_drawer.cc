#include "check/case_drawer.h"

#include <algorithm>

#include "check/case_generators.h"
#include "check/coverage_pairs.h"
#include "check/judge.h"

namespace lbconform::check {
namespace {

std::uint64_t Mix(std::uint64_t z) {  // SplitMix64's finalizer
  z += 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// CaseSeed gives each (seed, kind, case) its own random stream, so that any
// case is drawn alike whatever ran before it.
std::uint64_t CaseSeed(std::uint64_t seed, ScenarioKind kind, std::uint64_t index) {
  return Mix(Mix(seed ^ Mix(static_cast<std::uint64_t>(kind) + 1)) ^ index);
}

}  // namespace

CaseDrawer::CaseDrawer(ScenarioKind kind, std::vector<Profile> profiles, std::vector<rc::Gen<CheckCase>> generators,
                       std::uint64_t seed, int max_size, bool steer)
    : kind_(kind),
      profiles_(std::move(profiles)),
      generators_(std::move(generators)),
      seed_(seed),
      max_size_(max_size),
      steer_(steer) {}

std::optional<DrawnCase> CaseDrawer::DrawWith(const rc::Gen<CheckCase>& generator, std::uint64_t index,
                                              std::uint64_t stream, int size) const {
  const std::size_t p = static_cast<std::size_t>(index % profiles_.size());
  rc::Shrinkable<CheckCase> drawn = generator(rc::Random(stream), size);
  CheckCase value;
  try {
    value = drawn.value();
  } catch (const std::exception&) {
    return std::nullopt;  // a generator gave up on this draw (RapidCheck's GenerationFailure)
  }
  return DrawnCase{std::move(drawn), std::move(value), profiles_[p], "", false};
}

std::optional<DrawnCase> CaseDrawer::DrawPlain(std::uint64_t index, std::uint64_t stream, int size) const {
  return DrawWith(generators_[static_cast<std::size_t>(index % profiles_.size())], index, stream, size);
}

// AimedGenerator: the kind's generator aimed at `target` for the profile of
// case `index`, or its plain one when it has no aimer for the pair.
const rc::Gen<CheckCase>& CaseDrawer::AimedGenerator(const std::string& target, std::uint64_t index) {
  const std::size_t p = static_cast<std::size_t>(index % profiles_.size());
  auto [it, inserted] = aimed_.try_emplace(target);
  if (inserted) {
    for (std::size_t q = 0; q < profiles_.size(); ++q) {
      std::optional<rc::Gen<CheckCase>> aimed = GenAimedCheckCase(kind_, profiles_[q], target);
      it->second.push_back(aimed ? std::move(*aimed) : generators_[q]);
    }
  }
  return it->second[p];
}

std::set<std::string> CaseDrawer::PairsOf(const DrawnCase& drawn, bool with_trace) const {
  return PairsReached(kind_, drawn.value.boundaries,
                      with_trace ? ReferenceTraceClauses(drawn.value.document, drawn.profile) : std::set<Clause>{});
}

bool CaseDrawer::Reaches(const DrawnCase& drawn, const std::string& target) const {
  // The generators name a case's boundary classes; only a trace pair needs
  // the reference to decide it again.
  return PairsOf(drawn, target.ends_with(kInTheTrace)).contains(target);
}

// RunPilot: the pairs the first kPilotCases plain cases reach; the others
// of the universe are the targets.
void CaseDrawer::RunPilot() {
  pilot_done_ = true;
  std::set<std::string> reached;
  for (std::uint64_t i = 0; i < kPilotCases; ++i) {
    const int size = static_cast<int>(i % static_cast<std::uint64_t>(max_size_ + 1));
    if (std::optional<DrawnCase> drawn = DrawPlain(i, CaseSeed(seed_, kind_, i), size)) {
      const std::set<std::string> pairs = PairsOf(*drawn, /*with_trace=*/true);
      reached.insert(pairs.begin(), pairs.end());
    }
  }
  for (const CoveragePair& pair : CoveragePairsOf(kind_)) {
    if (!reached.contains(pair.Label())) targets_.push_back(pair.Label());
  }
}

// AimedSlot: from the pilot on, the cases come in blocks of one per profile
// (case i has profile i mod their count), every other block aimed; the
// number of case `index` among the aimed ones, or nullopt when it is drawn
// plain.
std::optional<std::uint64_t> CaseDrawer::AimedSlot(std::uint64_t index) const {
  if (!steer_ || index < kPilotCases) return std::nullopt;
  const std::uint64_t profiles = profiles_.size();
  const std::uint64_t block = (index - kPilotCases) / profiles;
  if (block % 2 == 0) return std::nullopt;
  return (block / 2) * profiles + (index - kPilotCases) % profiles;
}

std::optional<DrawnCase> CaseDrawer::Draw(std::uint64_t index) {
  const std::uint64_t stream = CaseSeed(seed_, kind_, index);
  const int size = static_cast<int>(index % static_cast<std::uint64_t>(max_size_ + 1));
  std::optional<DrawnCase> plain = DrawPlain(index, stream, size);
  const std::optional<std::uint64_t> slot = AimedSlot(index);
  if (!slot) return plain;
  if (!pilot_done_) RunPilot();
  // Each target in turn for a round of one case per profile, so that every
  // profile is aimed at it; kAimsPerTarget cases per target at least.
  const std::uint64_t profiles = profiles_.size();
  const std::uint64_t rounds = (kAimsPerTarget + profiles - 1) / profiles;
  if (targets_.empty() || *slot >= targets_.size() * profiles * rounds) return plain;
  const std::string& target = targets_[static_cast<std::size_t>((*slot / profiles) % targets_.size())];
  if (plain && Reaches(*plain, target)) {
    plain->aimed_at = target;
    plain->hit = true;
    return plain;
  }
  const rc::Gen<CheckCase>& aimed = AimedGenerator(target, index);
  for (int j = 1; j < kAimCandidates; ++j) {
    const std::uint64_t candidate_stream = Mix(stream ^ static_cast<std::uint64_t>(j));
    const int candidate_size = static_cast<int>(Mix(candidate_stream) % static_cast<std::uint64_t>(max_size_ + 1));
    std::optional<DrawnCase> candidate = DrawWith(aimed, index, candidate_stream, candidate_size);
    if (candidate && Reaches(*candidate, target)) {
      candidate->aimed_at = target;
      candidate->hit = true;
      return candidate;
    }
  }
  if (plain) plain->aimed_at = target;
  return plain;
}

}  // namespace lbconform::check
