// Invariants of the reference alone: properties any correct reading of the
// spec satisfies, so they do not trust the reference to check itself.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <map>
#include <optional>
#include <random>
#include <set>

#include "check/scenario_generators.h"
#include "reference/reference_engine.h"

namespace lbconform {
namespace {

PassthroughDecision Decide(const PassthroughScenario& s, Profile profile) {
  return reference::ReferenceEngine().Decide(s, profile);
}

const Instance* FindVm(const PassthroughScenario& s, const std::string& name) {
  for (const Instance& vm : s.instances) {
    if (vm.name == name) return &vm;
  }
  return nullptr;
}

bool IsBackup(const PassthroughScenario& s, const Instance& vm) { return s.backends[vm.backend].failover; }

// [FO-8] The active pool never mixes primary and backup VMs.
RC_GTEST_PROP(Invariants, ActivePoolNeverMixesPrimaryAndBackup, (Profile profile)) {
  const PassthroughScenario s = *check::GenScenario(
      {.allow_invalid = false, .spillover = std::nullopt, .compatible_client = false, .with_failover = true});
  const PassthroughDecision d = Decide(s, profile);
  if (!(d.valid())) {
    RC_TAG("precondition not met");
    return;
  }
  std::set<bool> roles;
  for (const std::string& name : d.eligible) roles.insert(IsBackup(s, *FindVm(s, name)));
  RC_ASSERT(roles.size() <= 1U);
}

// [ZA-19] modifiedEligible is a subset of the configured backends.
RC_GTEST_PROP(Invariants, ModifiedEligibleIsConfigured, (const PassthroughScenario& s, Profile profile)) {
  const PassthroughDecision d = Decide(s, profile);
  if (!(d.valid())) {
    RC_TAG("precondition not met");
    return;
  }
  for (const std::string& name : d.modified_eligible) RC_ASSERT(FindVm(s, name) != nullptr);
  RC_ASSERT(std::is_sorted(d.modified_eligible.begin(), d.modified_eligible.end()));
  RC_ASSERT(std::adjacent_find(d.modified_eligible.begin(), d.modified_eligible.end()) == d.modified_eligible.end());
}

// [ZA-13] With a zonal match, STAY_WITHIN_ZONE keeps only client-zone VMs.
RC_GTEST_PROP(Invariants, StayWithinZoneKeepsOnlyClientZone, (Profile profile)) {
  const PassthroughScenario s = *check::GenScenario({.allow_invalid = false,
                                                     .spillover = Spillover::kStayWithinZone,
                                                     .compatible_client = true,
                                                     .with_failover = false});
  const PassthroughDecision d = Decide(s, profile);
  if (!(d.valid() && d.zonal_status == ZonalAffinityStatus::kApplied &&
        s.zonal_affinity.spillover == Spillover::kStayWithinZone)) {
    RC_TAG("precondition not met");
    return;
  }
  RC_ASSERT(!d.modified_eligible.empty());
  for (const std::string& name : d.modified_eligible) RC_ASSERT(FindVm(s, name)->zone == s.client.zone);
}

// [ZA-14] SPILL_CROSS_ZONE yields either the intersection or the original set.
RC_GTEST_PROP(Invariants, SpillCrossZoneIsIntersectionOrOriginal, (Profile profile)) {
  const PassthroughScenario s = *check::GenScenario({.allow_invalid = false,
                                                     .spillover = Spillover::kSpillCrossZone,
                                                     .compatible_client = true,
                                                     .with_failover = false});
  const PassthroughDecision d = Decide(s, profile);
  if (!(d.valid() && d.zonal_status == ZonalAffinityStatus::kApplied &&
        s.zonal_affinity.spillover == Spillover::kSpillCrossZone)) {
    RC_TAG("precondition not met");
    return;
  }
  BackendNames in_zone;
  for (const std::string& name : d.eligible) {
    if (FindVm(s, name)->zone == s.client.zone) in_zone.push_back(name);
  }
  RC_ASSERT(d.modified_eligible == d.eligible || d.modified_eligible == in_zone);
}

// [ZA-9] An incompatible client always gets the original eligible set.
RC_GTEST_PROP(Invariants, IncompatibleClientGetsOriginalSet, (const PassthroughScenario& s, Profile profile)) {
  const PassthroughDecision d = Decide(s, profile);
  if (!(d.valid())) {
    RC_TAG("precondition not met");
    return;
  }
  const bool compatible = s.client.type == ClientType::kVm && s.client.region == s.region;
  if (compatible || s.deployment.network_security_integration) return;  // not this property's case
  RC_ASSERT(d.modified_eligible == d.eligible);
}

// Monotonicity: one more healthy primary never causes a failover.
RC_GTEST_PROP(Invariants, MoreHealthyPrimariesNeverCauseFailover, (Profile profile)) {
  const PassthroughScenario s = *check::GenScenario(
      {.allow_invalid = false, .spillover = std::nullopt, .compatible_client = false, .with_failover = true});
  const PassthroughDecision before = Decide(s, profile);
  if (!(before.valid() && before.eligible_kind != EligibleKind::kBackupHealthy)) {
    RC_TAG("precondition not met");
    return;
  }
  std::vector<std::size_t> unhealthy_primaries;
  for (std::size_t i = 0; i < s.instances.size(); ++i) {
    if (!IsBackup(s, s.instances[i]) && s.instances[i].health == HealthState::kUnhealthy)
      unhealthy_primaries.push_back(i);
  }
  if (!(!unhealthy_primaries.empty())) {
    RC_TAG("precondition not met");
    return;
  }
  PassthroughScenario healed = s;
  healed.instances[*rc::gen::elementOf(unhealthy_primaries)].health = HealthState::kHealthy;
  RC_ASSERT(Decide(healed, profile).eligible_kind != EligibleKind::kBackupHealthy);
}

// Order: the decision does not depend on the order of backends or instances.
RC_GTEST_PROP(Invariants, OrderOfBackendsAndInstancesDoesNotMatter, (const PassthroughScenario& s, Profile profile)) {
  PassthroughScenario shuffled = s;
  std::vector<std::size_t> backend_order(s.backends.size());
  for (std::size_t i = 0; i < backend_order.size(); ++i) backend_order[i] = i;
  // The permutation comes from a RapidCheck-drawn seed, so runs reproduce.
  std::mt19937_64 random(*rc::gen::arbitrary<std::uint64_t>());
  std::shuffle(backend_order.begin(), backend_order.end(), random);
  std::vector<std::size_t> new_index(s.backends.size());
  for (std::size_t i = 0; i < backend_order.size(); ++i) {
    shuffled.backends[i] = s.backends[backend_order[i]];
    new_index[backend_order[i]] = i;
  }
  for (Instance& vm : shuffled.instances) vm.backend = new_index[vm.backend];
  std::shuffle(shuffled.instances.begin(), shuffled.instances.end(), random);
  RC_ASSERT(SameDecision(Decide(s, profile), Decide(shuffled, profile)));
}

// Renaming: VM and group names carry no meaning; renaming maps the decision.
RC_GTEST_PROP(Invariants, RenamingMapsTheDecision, (const PassthroughScenario& s, Profile profile)) {
  PassthroughScenario renamed = s;
  std::map<std::string, std::string> to_new;
  for (Instance& vm : renamed.instances) {
    // A prefix that reverses the byte order of names: "~" sorts late, and the
    // serial is complemented, so the sorted order changes too.
    const std::string fresh = "host-" + std::to_string(1'000'000 - std::stoi(vm.name.substr(3)));
    to_new[vm.name] = fresh;
    vm.name = fresh;
  }
  for (BackendGroup& g : renamed.backends) {
    g.name = "renamed-" + g.name;
    g.group = "zones/" + g.zone + "/instanceGroups/" + g.name;
  }
  const PassthroughDecision original = Decide(s, profile);
  const PassthroughDecision after = Decide(renamed, profile);
  auto map_names = [&](const BackendNames& names) {
    BackendNames out;
    for (const std::string& n : names) out.push_back(to_new.at(n));
    std::sort(out.begin(), out.end());
    return out;
  };
  RC_ASSERT(original.valid() == after.valid());
  if (!(original.valid())) {
    RC_TAG("precondition not met");
    return;
  }
  RC_ASSERT(after.eligible_kind == original.eligible_kind);
  RC_ASSERT(after.zonal_status == original.zonal_status);
  RC_ASSERT(after.outcome == original.outcome);
  RC_ASSERT(after.eligible == map_names(original.eligible));
  RC_ASSERT(after.modified_eligible == map_names(original.modified_eligible));
}

}  // namespace
}  // namespace lbconform
