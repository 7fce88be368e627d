// Seeded workloads shared by every benchmark: a backend service of N VMs in
// three zones, and K new connections, each with its own health state (dense,
// sparse or mixed, so every table row occurs) and client zone.
//
// With failover, the failover text allows at most 250 primary and 250 backup
// VMs (FO-5), so N = 512 runs without failover and N = 500 is the largest
// failover service.
#ifndef LBCONFORM_BENCH_WORKLOADS_H_
#define LBCONFORM_BENCH_WORKLOADS_H_

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "model/model.h"

namespace lbconform::bench {

inline constexpr std::size_t kDecisions = 1024;
inline constexpr std::uint64_t kSeed = 20261129;

struct Workload {
  PassthroughScenario service;             // health as in decision 0
  std::vector<std::vector<bool>> healthy;  // [decision][instance]
  std::vector<std::string> client_zones;   // [decision]
  Profile profile = Profile::kSpecDocs;
};

inline Workload MakeWorkload(int vms) {
  const bool failover = vms <= 500;
  const char* zones[] = {"us-west1-a", "us-west1-b", "us-west1-c"};
  Workload w;
  PassthroughScenario& s = w.service;
  s.name = "be-bench";
  s.region = "us-west1";
  for (int role = 0; role < (failover ? 2 : 1); ++role) {
    for (int z = 0; z < 3; ++z) {
      const std::string name = std::string(role == 0 ? "ig-p-" : "ig-f-") + std::to_string(z);
      s.backends.push_back({"zones/" + std::string(zones[z]) + "/instanceGroups/" + name, name, zones[z], role == 1});
    }
  }
  for (int i = 0; i < vms; ++i) {
    const std::size_t group =
        failover ? static_cast<std::size_t>((i % 2) * 3 + (i / 2) % 3) : static_cast<std::size_t>(i % 3);
    s.instances.push_back({"vm-" + std::to_string(i), s.backends[group].zone, group, HealthState::kHealthy});
  }
  s.failover_policy = {true, *Decimal::FromString("0.5"), false, false};
  s.zonal_affinity = {Spillover::kSpillCrossZone, *Decimal::FromString("0.5")};
  s.client = {ClientType::kVm, "us-west1", zones[0]};
  std::mt19937_64 random(kSeed + static_cast<std::uint64_t>(vms));
  for (std::size_t d = 0; d < kDecisions; ++d) {
    // Health density cycles 90%, 50%, 20%, 3%: primaries, failover, last resort.
    const int percent[] = {90, 50, 20, 3};
    std::vector<bool> h(static_cast<std::size_t>(vms));
    for (auto&& bit : h) bit = static_cast<int>(random() % 100) < percent[d % 4];
    w.healthy.push_back(h);
    w.client_zones.push_back(zones[random() % 3]);
  }
  return w;
}

// ScenarioFor is the full scenario of decision d (what the reference takes).
inline PassthroughScenario ScenarioFor(const Workload& w, std::size_t d) {
  PassthroughScenario s = w.service;
  for (std::size_t i = 0; i < s.instances.size(); ++i) {
    s.instances[i].health = w.healthy[d][i] ? HealthState::kHealthy : HealthState::kUnhealthy;
  }
  s.client.zone = w.client_zones[d];
  return s;
}

}  // namespace lbconform::bench

#endif  // LBCONFORM_BENCH_WORKLOADS_H_
