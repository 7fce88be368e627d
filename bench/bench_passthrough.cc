// Passthrough decisions: the reference, the optimized engine one decision at
// a time, the optimized batch (structure-of-arrays), and the floor — a loop
// that only copies each decision's inputs into an output of the decision's
// size. Every benchmark first checks, on its whole workload, that every kernel
// agrees with the reference, one decision at a time and in a batch, and
// refuses to time one that does not.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>

#include "bench/workloads.h"
#include "engines/engines.h"
#include "optimized/compiled.h"
#include "reference/reference_engine.h"

namespace lbconform::bench {
namespace {

struct Prepared {
  Workload workload;
  std::vector<PassthroughScenario> scenarios;  // for the reference
  optimized::CompiledPassthrough compiled;
  std::vector<std::uint64_t> healthy;  // kDecisions × words
  std::vector<std::int32_t> zones;
  std::vector<std::uint8_t> compatible;
  std::uint32_t words = 0;
};

const Prepared& Prepare(int vms) {
  static std::map<int, std::unique_ptr<Prepared>> cache;
  auto& slot = cache[vms];
  if (slot) return *slot;
  slot = std::make_unique<Prepared>(Prepared{MakeWorkload(vms), {}, {}, {}, {}, {}, 0});
  Prepared& p = *slot;
  p.compiled = optimized::CompiledPassthrough::Compile(p.workload.service, p.workload.profile);
  p.words = p.compiled.words();
  for (std::size_t d = 0; d < kDecisions; ++d) {
    p.scenarios.push_back(ScenarioFor(p.workload, d));
    const std::vector<std::uint64_t> mask = p.compiled.HealthMask(p.scenarios.back());
    p.healthy.insert(p.healthy.end(), mask.begin(), mask.end());
    p.zones.push_back(p.compiled.ZoneIndex(p.workload.client_zones[d]));
    p.compatible.push_back(p.compiled.ClientCompatible(p.scenarios.back().client));
  }
  return p;
}

const optimized::OptimizedEngine& Optimized() {
  std::string why;
  const optimized::OptimizedEngine* engine = SelectedOptimizedEngine(&why);
  if (engine == nullptr) {
    std::fprintf(stderr, "%s\n", why.c_str());
    std::abort();
  }
  return *engine;
}

// BatchDecisions decides the whole workload as one batch and returns each
// decision in the model's terms (the fields the batch path computes).
std::vector<PassthroughDecision> BatchDecisions(const Prepared& p, const optimized::Kernel& kernel) {
  std::vector<std::uint64_t> eligible(kDecisions * p.words), modified(kDecisions * p.words);
  std::vector<std::uint8_t> kind(kDecisions), status(kDecisions), outcome(kDecisions);
  kernel.decide_batch(p.compiled.tables(), {kDecisions, p.healthy.data(), p.zones.data(), p.compatible.data()},
                      {eligible.data(), modified.data(), kind.data(), status.data(), outcome.data()});
  std::vector<PassthroughDecision> decisions;
  for (std::size_t d = 0; d < kDecisions; ++d) {
    optimized::MaskDecision masks;
    masks.eligible.assign(eligible.begin() + static_cast<std::ptrdiff_t>(d * p.words),
                          eligible.begin() + static_cast<std::ptrdiff_t>((d + 1) * p.words));
    masks.modified.assign(modified.begin() + static_cast<std::ptrdiff_t>(d * p.words),
                          modified.begin() + static_cast<std::ptrdiff_t>((d + 1) * p.words));
    masks.codes.kind = kind[d];
    masks.codes.status = status[d];
    masks.codes.outcome = outcome[d];
    decisions.push_back(p.compiled.ToDecision(masks));
  }
  return decisions;
}

// CheckAgreement decides the whole workload with every kernel, one decision
// at a time and as one batch, and compares each decision with the
// reference's: single decisions on every field, batch decisions on the
// fields the batch path computes.
bool CheckAgreement(const Prepared& p) {
  const reference::ReferenceEngine reference;
  std::vector<PassthroughDecision> expected;
  for (std::size_t d = 0; d < kDecisions; ++d) expected.push_back(reference.Decide(p.scenarios[d], p.workload.profile));
  for (const optimized::Kernel& kernel : optimized::SupportedKernels()) {
    const std::vector<PassthroughDecision> batch = BatchDecisions(p, kernel);
    for (std::size_t d = 0; d < kDecisions; ++d) {
      const std::vector<std::uint64_t> h(p.healthy.begin() + static_cast<std::ptrdiff_t>(d * p.words),
                                         p.healthy.begin() + static_cast<std::ptrdiff_t>((d + 1) * p.words));
      const PassthroughDecision single =
          p.compiled.ToDecision(p.compiled.Decide(kernel, h, p.zones[d], p.compatible[d] != 0));
      const char* path = !SameDecision(expected[d], single)     ? "single"
                         : NormativeDiff(expected[d], batch[d]) ? "batch"
                                                                : nullptr;
      if (path != nullptr) {
        std::fprintf(stderr, "%s kernel, %s path, %zu VMs: decision %zu differs from the reference\n", kernel.name,
                     path, p.workload.service.instances.size(), d);
        return false;
      }
    }
  }
  return true;
}

// AgreesWithReference is CheckAgreement, worked out once per workload.
bool AgreesWithReference(const Prepared& p) {
  static std::map<const Prepared*, bool> checked;
  const auto [at, first] = checked.try_emplace(&p, false);
  if (first) at->second = CheckAgreement(p);
  return at->second;
}

void BM_Decide_Reference(benchmark::State& state) {
  const Prepared& p = Prepare(static_cast<int>(state.range(0)));
  if (!AgreesWithReference(p)) return state.SkipWithError("engines disagree");
  const reference::ReferenceEngine reference;
  std::size_t d = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(reference.Decide(p.scenarios[d], p.workload.profile));
    d = (d + 1) % kDecisions;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

void BM_Decide_Optimized(benchmark::State& state) {
  const Prepared& p = Prepare(static_cast<int>(state.range(0)));
  if (!AgreesWithReference(p)) return state.SkipWithError("engines disagree");
  const optimized::Kernel& kernel = Optimized().kernel();
  std::vector<std::uint64_t> eligible(p.words), modified(p.words), test(p.words), matched(p.words);
  optimized::KernelResult result;
  result.eligible = eligible.data();
  result.modified = modified.data();
  result.test = test.data();
  result.matched = matched.data();
  std::size_t d = 0;
  for (auto _ : state) {
    p.compiled.DecideInto(kernel, p.healthy.data() + d * p.words, p.zones[d], p.compatible[d] != 0, result);
    benchmark::DoNotOptimize(result.kind);
    benchmark::ClobberMemory();
    d = (d + 1) % kDecisions;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.SetLabel(std::string("kernel ") + kernel.name);
}

void BM_DecideBatch_Optimized(benchmark::State& state) {
  const Prepared& p = Prepare(static_cast<int>(state.range(0)));
  if (!AgreesWithReference(p)) return state.SkipWithError("engines disagree");
  const optimized::Kernel& kernel = Optimized().kernel();
  std::vector<std::uint64_t> eligible(kDecisions * p.words), modified(kDecisions * p.words);
  std::vector<std::uint8_t> kind(kDecisions), status(kDecisions), outcome(kDecisions);
  const optimized::BatchInput in{kDecisions, p.healthy.data(), p.zones.data(), p.compatible.data()};
  const optimized::BatchOutput out{eligible.data(), modified.data(), kind.data(), status.data(), outcome.data()};
  for (auto _ : state) {
    kernel.decide_batch(p.compiled.tables(), in, out);
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kDecisions));
  state.SetLabel(std::string("kernel ") + kernel.name);
}

// BM_Floor touches exactly the batch's data: each decision's inputs (health
// mask, client zone, compatibility) copied into an output of the decision's
// size (eligible and modified masks, three codes).
void BM_Floor(benchmark::State& state) {
  const Prepared& p = Prepare(static_cast<int>(state.range(0)));
  if (!AgreesWithReference(p)) return state.SkipWithError("engines disagree");
  std::vector<std::uint64_t> eligible(kDecisions * p.words), modified(kDecisions * p.words);
  std::vector<std::uint8_t> kind(kDecisions), status(kDecisions), outcome(kDecisions);
  const std::size_t bytes = p.words * sizeof(std::uint64_t);
  for (auto _ : state) {
    for (std::size_t d = 0; d < kDecisions; ++d) {
      std::memcpy(eligible.data() + d * p.words, p.healthy.data() + d * p.words, bytes);
      std::memcpy(modified.data() + d * p.words, p.healthy.data() + d * p.words, bytes);
      kind[d] = static_cast<std::uint8_t>(p.zones[d]);
      status[d] = p.compatible[d];
      outcome[d] = 0;
    }
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kDecisions));
}

void Sizes(benchmark::internal::Benchmark* b) {
  for (int n : {8, 64, 256, 512, 500}) b->Arg(n);
}

BENCHMARK(BM_Decide_Reference)->Name("BM_Decide/reference")->Apply(Sizes);
BENCHMARK(BM_Decide_Optimized)->Name("BM_Decide/optimized")->Apply(Sizes);
BENCHMARK(BM_DecideBatch_Optimized)->Name("BM_DecideBatch/optimized")->Apply(Sizes);
BENCHMARK(BM_Floor)->Name("BM_Floor")->Apply(Sizes);

}  // namespace
}  // namespace lbconform::bench

BENCHMARK_MAIN();
