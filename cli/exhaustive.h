// Bounded-exhaustive checking: every passthrough scenario within a scope,
// decided by every engine, compared with the reference.
//
// Symmetry reduction: VMs of one role in one zone are interchangeable, so a
// "cell" (role × zone) is enumerated as (group present, VM count, healthy
// count), never VM by VM; zones are interchangeable, so the client is in zone
// 0, in a zone without VMs, in another region, or not a VM at all.
#ifndef LBCONFORM_CLI_EXHAUSTIVE_H_
#define LBCONFORM_CLI_EXHAUSTIVE_H_

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "check/shard.h"  // IndexRange, ShardRange
#include "model/model.h"

namespace lbconform {

struct ExhaustiveScope {
  int zones = 2;             // zones holding backends
  int max_vms_per_cell = 2;  // VMs per (role, zone) cell, 0..max
  std::vector<std::string> failover_ratios = {"0", "0.25", "0.3333333333333333", "0.5", "0.6666666666666666", "0.75",
                                              "1", "1.5"};
  std::vector<std::string> spillover_ratios = {"0.25", "0.5", "0.6666666666666666", "1", "1.5"};
};

// Named scopes: "ci" (11 million scenarios) and "campaign" (105 million).
bool NamedScope(const std::string& name, ExhaustiveScope& scope);

// ScopeSize is the number of scenarios in the scope.
std::uint64_t ScopeSize(const ExhaustiveScope& scope);

struct ExhaustiveCase {
  PassthroughScenario scenario;
  Profile profile;
};

// CaseAt decodes index (0 ≤ index < ScopeSize) into a scenario and profile.
ExhaustiveCase CaseAt(const ExhaustiveScope& scope, std::uint64_t index);

struct ExhaustiveResult {
  std::uint64_t checked = 0;
  std::uint64_t disagreements = 0;
  std::uint64_t invalid = 0;  // scenarios every engine rejected alike
};

// ExhaustiveFinding is one disagreement: the scenario at `index`, decided by
// `engine` otherwise than by the reference.
struct ExhaustiveFinding {
  std::uint64_t index = 0;
  Profile profile = Profile::kSpecDocs;
  std::string engine;
  std::string reference;
  nlohmann::json scenario;
  nlohmann::json expected;  // the reference's decision
  nlohmann::json actual;    // the engine's
};

// FindingText is a finding as the text `exhaustive` prints; FindingJson as a
// shard result lists it.
std::string FindingText(const ExhaustiveFinding& finding);
nlohmann::json FindingJson(const ExhaustiveFinding& finding);

// RunExhaustive checks indices [begin, end); `report` receives each
// disagreement; `progress` is called now and then with the count done.
ExhaustiveResult RunExhaustive(const ExhaustiveScope& scope, std::uint64_t begin, std::uint64_t end,
                               const std::vector<const PassthroughEngine*>& engines,
                               const std::function<void(const ExhaustiveFinding&)>& report,
                               const std::function<void(std::uint64_t)>& progress);

// ExhaustiveParameters is what defines an exhaustive run in its shard results:
// the scope's name and contents. (The engines are not: a machine without AVX2
// has no optimized-avx2, and its shards still belong to the run.)
// ExhaustiveSpaceDigest
// identifies how indices map to scenarios (FNV-1a 64 over sample scenarios),
// so shards from builds that enumerate differently are not merged.
nlohmann::json ExhaustiveParameters(const std::string& scope_name, const ExhaustiveScope& scope);
std::string ExhaustiveSpaceDigest(const ExhaustiveScope& scope);

}  // namespace lbconform

#endif  // LBCONFORM_CLI_EXHAUSTIVE_H_
