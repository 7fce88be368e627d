// Service LB policy plans: the reference planner and the optimized planner on
// one backend service of N backends (BM_Plan/<engine>/N, N = 10, 100, 1000).
// The workload: regions of three zones, ten client locations with their own
// round-trip times, 70% of the total capacity offered, a tenth of the
// backends preferred, auto-capacity drain on with a few backends failing
// health checks over a 5-minute history. The optimized plan is checked
// against the reference before anything is timed.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>

#include "engines/engines.h"
#include "model/slb_model.h"
#include "reference/reference_engine.h"

namespace lbconform::bench {
namespace {

SlbScenario MakePlanWorkload(int n) {
  std::uint64_t state = 0x9e3779b97f4a7c15ULL ^ static_cast<std::uint64_t>(n);
  auto next = [&](std::uint64_t bound) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (state >> 33) % bound;
  };
  SlbScenario s;
  s.load_balancer = LoadBalancerType::kGlobalExternalApplication;
  s.scheme = "EXTERNAL_MANAGED";
  s.name = "bench";
  const int regions = n <= 10 ? 2 : n <= 100 ? 5 : 10;
  for (int r = 0; r < regions; ++r) {
    SlbRegion region{"region-" + std::to_string(r), {}};
    for (int z = 0; z < 3; ++z) {
      region.zones.push_back(region.name + "-" + static_cast<char>('a' + z));
      s.zones.push_back(region.zones.back());
      s.zone_region.push_back(static_cast<std::size_t>(r));
    }
    s.regions.push_back(std::move(region));
  }
  Milli total = 0;
  for (int i = 0; i < n; ++i) {
    SlbBackend b;
    b.name = "ig-" + std::to_string(i);
    b.group = "zones/" + s.zones[static_cast<std::size_t>(i) % s.zones.size()] + "/instanceGroups/" + b.name;
    b.zone = s.zones[static_cast<std::size_t>(i) % s.zones.size()];
    b.region = s.regions[s.zone_region[static_cast<std::size_t>(i) % s.zones.size()]].name;
    b.mode = BalancingMode::kRate;
    b.capacity_field = CapacityField::kMaxRatePerInstance;
    b.capacity_value = static_cast<Milli>(50 + next(100)) * 1000;
    b.members = static_cast<std::uint32_t>(2 + next(8));
    b.healthy = b.members;
    b.preference = next(10) == 0 ? Preference::kPreferred : Preference::kDefault;
    if (next(8) == 0) {  // failing health checks over the last five minutes
      b.health.push_back({0, b.members, b.members});
      b.health.push_back({60, b.members, static_cast<std::uint32_t>(next(b.members / 2 + 1))});
      b.health.push_back({200, b.members, static_cast<std::uint32_t>(next(b.members + 1))});
    }
    total += b.capacity_value * b.members;
    s.backends.push_back(std::move(b));
  }
  s.policy.present = true;
  s.policy.auto_capacity_drain = true;
  s.policy_refs = {"projects/p/locations/global/serviceLbPolicies/bench"};
  for (int c = 0; c < 10; ++c) {
    ClientLocation client;
    client.name = "client-" + std::to_string(c);
    client.offered = total * 7 / 100;  // ten locations: 70% of all capacity
    const std::size_t home = static_cast<std::size_t>(c) % static_cast<std::size_t>(regions);
    for (std::size_t z = 0; z < s.zones.size(); ++z) {
      const std::size_t r = s.zone_region[z];
      const std::int64_t distance = r == home ? 1 : 20 + 10 * static_cast<std::int64_t>((r + regions - home) % regions);
      client.rtt_micros.push_back(distance * 1000 + static_cast<std::int64_t>(next(500)));
    }
    s.clients.push_back(std::move(client));
  }
  s.at = 300;
  return s;
}

const SlbScenario& Workload(int n) {
  static std::map<int, std::unique_ptr<SlbScenario>> cache;
  auto& slot = cache[n];
  if (!slot) {
    slot = std::make_unique<SlbScenario>(MakePlanWorkload(n));
    const SlbDecision expected = reference::ReferenceEngine(false).Plan(*slot);
    std::string why;
    const optimized::OptimizedEngine* optimized = SelectedOptimizedEngine(&why);
    if (!expected.valid() || optimized == nullptr || !SameSlbDecision(expected, optimized->Plan(*slot))) {
      std::fprintf(stderr, "BM_Plan: engines disagree on the N=%d workload\n", n);
      std::abort();
    }
  }
  return *slot;
}

void BM_PlanReference(benchmark::State& state) {
  const SlbScenario& s = Workload(static_cast<int>(state.range(0)));
  const reference::ReferenceEngine engine(/*trace=*/false);
  for (auto _ : state) benchmark::DoNotOptimize(engine.Plan(s));
  state.counters["backends"] = static_cast<double>(s.backends.size());
}

void BM_PlanOptimized(benchmark::State& state) {
  const SlbScenario& s = Workload(static_cast<int>(state.range(0)));
  std::string why;
  const SlbEngine& engine = *SelectedOptimizedEngine(&why);
  for (auto _ : state) benchmark::DoNotOptimize(engine.Plan(s));
  state.counters["backends"] = static_cast<double>(s.backends.size());
}

BENCHMARK(BM_PlanReference)->Name("BM_Plan/reference")->Arg(10)->Arg(100)->Arg(1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PlanOptimized)->Name("BM_Plan/optimized")->Arg(10)->Arg(100)->Arg(1000)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace lbconform::bench
