// Batch equivalence on wide services: backend services of 129 to 500 VMs,
// whose masks span 3 to 8 words, decided by every kernel's batch path (the
// fixed-width Lanes<W>: AVX2 registers at 4 and 8 words, plain words at 3, 5,
// 6 and 7) and single-decision path, each result compared with the
// reference's. The other properties draw at most 30 VMs (one word).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "check/scenario_generators.h"
#include "documents/scenario_json.h"
#include "engines/engines.h"
#include "optimized/compiled.h"

namespace lbconform {

// WideCase is one wide service and the decisions asked of it: each decision
// is the service with its own health and client.
struct WideCase {
  Profile profile = Profile::kSpecDocs;
  PassthroughScenario service;
  std::vector<PassthroughScenario> decisions;
};

// The whole case would be thousands of lines; a disagreement prints the
// failing decision's scenario in full.
void showValue(const WideCase& c, std::ostream& os) {
  os << c.service.instances.size() << " VMs, " << c.decisions.size() << " decisions, profile " << NameOf(c.profile);
}

namespace {

constexpr int kMaxVms = 500;  // at most 250 primary and 250 backup VMs (FO-5)
constexpr std::array<const char*, 4> kZones = {"us-west1-a", "us-west1-b", "us-west1-c", "us-west1-d"};
constexpr std::uint8_t kPrimaryClass = 0, kBackupClass = 1, kAllClass = 2;  // the kernel's test classes

// Pick draws uniformly from [low, high) whatever RapidCheck's size, so that
// the widths and the categorical choices do not crowd at their low end.
int Pick(int low, int high) { return *rc::gen::resize(rc::kNominalSize, rc::gen::inRange(low, high)); }

template <typename T>
T PickOf(std::initializer_list<T> choices) {
  return choices.begin()[Pick(0, static_cast<int>(choices.size()))];
}

// A seed for the bulk draws (VM to group, health bits): drawing 500 values
// through RapidCheck one by one is slow and shrinks no better.
std::mt19937_64 SeededRandom() {
  return std::mt19937_64(*rc::gen::resize(rc::kNominalSize, rc::gen::arbitrary<std::uint64_t>()));
}

// GenWideService draws a valid service of 129 to 500 VMs: the width in words
// first (3 to 8, equally often), then the VM count within it, groups in up to
// four zones, failover in three draws of four, every zonal-affinity option.
rc::Gen<PassthroughScenario> GenWideService() {
  return rc::gen::exec([] {
    PassthroughScenario s;
    s.name = "be-wide";
    s.region = "us-west1";
    const int words = Pick(3, 9);
    const int vms = Pick(64 * (words - 1) + 1, std::min(64 * words, kMaxVms) + 1);
    const int zone_count = Pick(1, 5);
    const bool failover = Pick(0, 4) > 0;
    // With failover: at most 250 VMs per role; sometimes no primary (GAP-4).
    int primaries = vms;
    if (failover) {
      primaries = vms <= 250 && Pick(0, 8) == 0 ? 0 : Pick(std::max(1, vms - 250), std::min(vms - 1, 250) + 1);
    }
    const int groups_per_role = Pick(1, 7);
    for (int role = 0; role < (failover ? 2 : 1); ++role) {
      for (int g = 0; g < groups_per_role; ++g) {
        BackendGroup group;
        group.zone = kZones[static_cast<std::size_t>(Pick(0, zone_count))];
        group.name = std::string(role == 0 ? "ig-p-" : "ig-f-") + std::to_string(g);
        group.group = "zones/" + group.zone + "/instanceGroups/" + group.name;
        group.failover = role == 1;
        s.backends.push_back(group);
      }
    }
    std::mt19937_64 random = SeededRandom();
    for (int i = 0; i < vms; ++i) {
      const int role = i < primaries ? 0 : 1;
      const auto group =
          static_cast<std::size_t>(role * groups_per_role) + random() % static_cast<unsigned>(groups_per_role);
      // Names sort differently from creation order ("vm-10" < "vm-9").
      s.instances.push_back({"vm-" + std::to_string(i), s.backends[group].zone, group, HealthState::kHealthy});
    }
    s.failover_policy.present = Pick(0, 4) > 0;
    if (s.failover_policy.present) {
      s.failover_policy.failover_ratio = *check::GenRatio(false);
      s.failover_policy.drop_traffic_if_unhealthy = Pick(0, 2) == 1;
    }
    s.zonal_affinity.spillover = PickOf(
        {Spillover::kDisabled, Spillover::kStayWithinZone, Spillover::kSpillCrossZone, Spillover::kSpillCrossZone});
    s.zonal_affinity.spillover_ratio = Pick(0, 3) == 0 ? Decimal() : *check::GenRatio(false);
    s.deployment.network_security_integration = Pick(0, 16) == 0;
    if (Pick(0, 10) == 0) s.deployment.symmetric_hashing = SymmetricHashing{true, true};
    return s;
  });
}

// DrawClient: mostly a VM in a zone of the service, sometimes in a zone of
// the region without VMs, in another region, or not a VM at all.
Client DrawClient(int zones_in_use) {
  const int kind = Pick(0, 10);
  if (kind < 7) {
    const int zone = Pick(0, 4) == 0 ? Pick(0, 4) : Pick(0, zones_in_use);
    return {ClientType::kVm, "us-west1", kZones[static_cast<std::size_t>(zone)]};
  }
  if (kind == 7) return {ClientType::kVm, "us-east1", "us-east1-b"};
  return {PickOf({ClientType::kVpnTunnel, ClientType::kInterconnectAttachment, ClientType::kPscEndpoint}), "us-west1",
          ""};
}

// SetHealthyCount makes exactly `count` of `members` healthy (clamped), at random.
void SetHealthyCount(std::vector<std::size_t> members, int count, std::mt19937_64& random, std::vector<bool>& healthy) {
  std::shuffle(members.begin(), members.end(), random);
  const auto n = static_cast<std::size_t>(std::clamp(count, 0, static_cast<int>(members.size())));
  for (std::size_t k = 0; k < members.size(); ++k) healthy[members[k]] = k < n;
}

// DrawHealth: in half the draws a uniform density (none, some, all healthy);
// in the other half, counts one VM either side of the compiled thresholds
// (the failover ratio's minimum of healthy primaries, the spillover ratio's
// minimum in the client's zone), where an off-by-one in a count shows.
std::vector<bool> DrawHealth(const PassthroughScenario& s, const optimized::CompiledPassthrough& compiled,
                             const Client& client) {
  std::mt19937_64 random = SeededRandom();
  const int percent = PickOf({0, 3, 20, 50, 90, 100});
  std::vector<bool> healthy(s.instances.size());
  for (std::size_t i = 0; i < healthy.size(); ++i) healthy[i] = static_cast<int>(random() % 100) < percent;
  if (Pick(0, 2) == 0) return healthy;

  const optimized::KernelTables& t = compiled.tables();
  const std::string zone = client.zone.empty() ? kZones[static_cast<std::size_t>(Pick(0, 4))] : client.zone;
  const std::int32_t z = compiled.ZoneIndex(zone);
  auto spill_minimum = [&](std::uint8_t test_class) {
    return z < 0 ? 0 : static_cast<int>(t.min_spill[test_class * t.zone_count + static_cast<std::uint32_t>(z)]);
  };
  auto near = [](int threshold) { return threshold + Pick(-1, 2); };
  std::vector<std::size_t> primary_in_zone, primary_elsewhere, backup_in_zone;
  for (std::size_t i = 0; i < s.instances.size(); ++i) {
    const bool in_zone = s.instances[i].zone == zone;
    if (s.backends[s.instances[i].backend].failover) {
      if (in_zone) backup_in_zone.push_back(i);
    } else {
      (in_zone ? primary_in_zone : primary_elsewhere).push_back(i);
    }
  }
  if (!t.failover_configured) {
    SetHealthyCount(primary_in_zone, near(spill_minimum(kAllClass)), random, healthy);
    return healthy;
  }
  // Keep the primaries at about their threshold, or fall short of it so that
  // the backups or the last resort decide.
  const int needed = t.failover_ratio_zero ? 1 : static_cast<int>(t.min_healthy_primaries);
  const int total = PickOf({near(needed), needed - 1, 0});
  const int in_zone = std::clamp(near(spill_minimum(kPrimaryClass)), 0,
                                 std::min(std::max(total, 0), static_cast<int>(primary_in_zone.size())));
  SetHealthyCount(primary_in_zone, in_zone, random, healthy);
  SetHealthyCount(primary_elsewhere, total - in_zone, random, healthy);
  SetHealthyCount(backup_in_zone, near(spill_minimum(kBackupClass)), random, healthy);
  return healthy;
}

// GenWideCase draws a service, a profile and 16 to 32 decisions on it.
rc::Gen<WideCase> GenWideCase() {
  return rc::gen::exec([] {
    WideCase c;
    c.profile = *rc::gen::arbitrary<Profile>();
    c.service = *GenWideService();
    const optimized::CompiledPassthrough compiled = optimized::CompiledPassthrough::Compile(c.service, c.profile);
    const int zones_in_use = static_cast<int>(compiled.tables().zone_count);
    const int count = Pick(16, 33);
    for (int d = 0; d < count; ++d) {
      PassthroughScenario decision = c.service;
      decision.client = DrawClient(zones_in_use);
      const std::vector<bool> healthy = DrawHealth(c.service, compiled, decision.client);
      for (std::size_t i = 0; i < healthy.size(); ++i) {
        decision.instances[i].health = healthy[i] ? HealthState::kHealthy : HealthState::kUnhealthy;
      }
      c.decisions.push_back(std::move(decision));
    }
    return c;
  });
}

// BatchInputs are the decisions as the batch path takes them.
struct BatchInputs {
  std::vector<std::uint64_t> healthy;  // count × words
  std::vector<std::int32_t> zones;
  std::vector<std::uint8_t> compatible;
};

BatchInputs InputsOf(const optimized::CompiledPassthrough& compiled,
                     const std::vector<PassthroughScenario>& decisions) {
  BatchInputs in;
  for (const PassthroughScenario& d : decisions) {
    const std::vector<std::uint64_t> mask = compiled.HealthMask(d);
    in.healthy.insert(in.healthy.end(), mask.begin(), mask.end());
    in.zones.push_back(compiled.ZoneIndex(d.client.zone));
    in.compatible.push_back(compiled.ClientCompatible(d.client) ? 1 : 0);
  }
  return in;
}

// DecideBatch runs one kernel's batch path and returns each decision in the
// model's terms: the fields the batch path computes (kind, eligible, status,
// outcome, modified eligible), none of the informative ones.
std::vector<PassthroughDecision> DecideBatch(const optimized::Kernel& kernel,
                                             const optimized::CompiledPassthrough& compiled, const BatchInputs& in) {
  const std::size_t count = in.zones.size();
  const std::uint32_t w = compiled.words();
  std::vector<std::uint64_t> eligible(in.healthy.size()), modified(in.healthy.size());
  std::vector<std::uint8_t> kind(count), status(count), outcome(count);
  kernel.decide_batch(compiled.tables(), {count, in.healthy.data(), in.zones.data(), in.compatible.data()},
                      {eligible.data(), modified.data(), kind.data(), status.data(), outcome.data()});
  std::vector<PassthroughDecision> decisions;
  for (std::size_t i = 0; i < count; ++i) {
    optimized::MaskDecision masks;
    masks.eligible.assign(eligible.begin() + static_cast<std::ptrdiff_t>(i * w),
                          eligible.begin() + static_cast<std::ptrdiff_t>((i + 1) * w));
    masks.modified.assign(modified.begin() + static_cast<std::ptrdiff_t>(i * w),
                          modified.begin() + static_cast<std::ptrdiff_t>((i + 1) * w));
    masks.codes.kind = kind[i];
    masks.codes.status = status[i];
    masks.codes.outcome = outcome[i];
    decisions.push_back(compiled.ToDecision(masks));
  }
  return decisions;
}

std::string Disagreement(const std::string& what, const PassthroughScenario& scenario, Profile profile,
                         const PassthroughDecision& expected, const PassthroughDecision& actual) {
  return what + " (profile " + std::string(NameOf(profile)) + ")\nreference: " + DumpJson(EncodeDecision(expected)) +
         "\nkernel:    " + DumpJson(EncodeDecision(actual)) + "\nscenario:\n" + DumpJson(EncodeScenario(scenario), 2);
}

std::string WidthTag(std::uint32_t words) {
  return std::to_string(words) + " words, " + (words % 4 == 0 ? "AVX2 registers" : "plain words") +
         " in the avx2 kernel";
}

RC_GTEST_PROP(BatchEquivalence, WideServicesMatchTheReferenceOnEveryKernel, ()) {
  const WideCase c = *GenWideCase();
  const optimized::CompiledPassthrough compiled = optimized::CompiledPassthrough::Compile(c.service, c.profile);
  const std::uint32_t words = compiled.words();
  RC_TAG(WidthTag(words));
  RC_ASSERT(words >= 3U && words <= 8U);

  const PassthroughEngine* reference = EnginesOf<PassthroughEngine>().front();
  std::vector<PassthroughDecision> expected;
  for (const PassthroughScenario& d : c.decisions) {
    expected.push_back(reference->Decide(d, c.profile));
    RC_ASSERT(expected.back().valid());
  }
  const BatchInputs in = InputsOf(compiled, c.decisions);
  for (const optimized::Kernel& kernel : optimized::SupportedKernels()) {
    const std::vector<PassthroughDecision> batch = DecideBatch(kernel, compiled, in);
    for (std::size_t i = 0; i < c.decisions.size(); ++i) {
      const std::string where = std::string(kernel.name) + " kernel, " + std::to_string(words) + " words, decision " +
                                std::to_string(i) + " of " + std::to_string(c.decisions.size());
      const std::vector<std::uint64_t> healthy(in.healthy.begin() + static_cast<std::ptrdiff_t>(i * words),
                                               in.healthy.begin() + static_cast<std::ptrdiff_t>((i + 1) * words));
      const PassthroughDecision single =
          compiled.ToDecision(compiled.Decide(kernel, healthy, in.zones[i], in.compatible[i] != 0));
      if (!SameDecision(expected[i], single)) {
        RC_FAIL(Disagreement("single decision disagrees: " + where, c.decisions[i], c.profile, expected[i], single));
      }
      if (const auto field = NormativeDiff(expected[i], batch[i])) {
        RC_FAIL(Disagreement("batch disagrees on " + *field + ": " + where, c.decisions[i], c.profile, expected[i],
                             batch[i]));
      }
    }
  }
}

// The generator reaches every width, every eligible kind, zonal status and
// outcome, and both the failover and the spillover ratio met exactly and
// missed by one VM.
TEST(BatchEquivalenceCoverage, GeneratorReachesEveryWidthBranchAndBoundary) {
  std::set<std::uint32_t> widths;
  std::set<EligibleKind> kinds;
  std::set<ZonalAffinityStatus> statuses;
  std::set<ZonalAffinityOutcome> outcomes;
  std::set<int> failover_boundary, spill_boundary;  // healthy count minus the minimum: 0 or -1
  const PassthroughEngine* reference = EnginesOf<PassthroughEngine>().front();
  for (int seed = 0; seed < 60; ++seed) {
    const WideCase c = GenWideCase()(rc::Random(static_cast<std::uint64_t>(seed)), rc::kNominalSize).value();
    widths.insert(optimized::CompiledPassthrough::Compile(c.service, c.profile).words());
    const Decimal& failover_ratio = c.service.failover_policy.failover_ratio;
    for (const PassthroughScenario& d : c.decisions) {
      const PassthroughDecision decision = reference->Decide(d, c.profile);
      ASSERT_TRUE(decision.valid());
      kinds.insert(decision.eligible_kind);
      statuses.insert(decision.zonal_status);
      if (decision.outcome) outcomes.insert(*decision.outcome);
      if (const auto& ratio = decision.computed_ratio) {
        const auto minimum = MinimumCountAtLeast(c.service.zonal_affinity.spillover_ratio, ratio->denominator);
        spill_boundary.insert(static_cast<int>(ratio->numerator) - static_cast<int>(minimum));
      }
      std::uint32_t primaries = 0, healthy_primaries = 0;
      for (const Instance& vm : d.instances) {
        if (d.backends[vm.backend].failover) continue;
        ++primaries;
        healthy_primaries += vm.health == HealthState::kHealthy ? 1 : 0;
      }
      const bool failover =
          std::any_of(d.backends.begin(), d.backends.end(), [](const BackendGroup& b) { return b.failover; });
      if (failover && primaries > 0 && !failover_ratio.is_zero()) {
        failover_boundary.insert(static_cast<int>(healthy_primaries) -
                                 static_cast<int>(MinimumCountAtLeast(failover_ratio, primaries)));
      }
    }
  }
  EXPECT_EQ(widths, (std::set<std::uint32_t>{3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(kinds.size(), 6U);
  EXPECT_EQ(statuses.size(), 6U);
  EXPECT_EQ(outcomes.size(), 3U);
  for (int off_by : {-1, 0}) {
    EXPECT_TRUE(failover_boundary.contains(off_by)) << off_by;
    EXPECT_TRUE(spill_boundary.contains(off_by)) << off_by;
  }
}

}  // namespace
}  // namespace lbconform
