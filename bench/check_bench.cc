// lbconform_check_bench (Google Benchmark): generated cases per second that
// `lbconform check` decides with the reference and sends through an adapter
// process — the built-in `lbconform adapter` and the Python example adapter —
// and, for comparison, through a built-in engine in-process. Each iteration
// checks 500 cases of one kind; items per second is cases per second of
// wall-clock time (the adapter works in another process).
#include <benchmark/benchmark.h>

#include <memory>
#include <ostream>
#include <string>

#include "check/check.h"
#include "engines/engines.h"

namespace lbconform {
namespace {

constexpr std::uint64_t kCasesPerIteration = 500;

void CheckRate(benchmark::State& state, vectors::Implementation& implementation, ScenarioKind kind) {
  std::ostream discard(nullptr);
  CheckOptions options;
  options.kinds = {kind};
  options.cases = kCasesPerIteration;
  std::uint64_t seed = 1;
  for (auto _ : state) {
    options.seed = seed++;  // fresh cases each iteration
    const CheckResult result = RunCheck(implementation, options, discard, discard);
    if (!result.findings.empty()) {
      state.SkipWithError("the implementation disagrees with the reference");
      break;
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCasesPerIteration));
}

void ThroughAdapter(benchmark::State& state, const std::string& command, ScenarioKind kind) {
  vectors::AdapterOptions adapter;
  adapter.command = command;
  vectors::AdapterImplementation implementation(adapter);
  std::string problem;
  if (!implementation.Introduce(&problem)) {
    state.SkipWithError(problem.c_str());
    return;
  }
  CheckRate(state, implementation, kind);
  implementation.Finish();
}

void BM_CheckBuiltinAdapter(benchmark::State& state, ScenarioKind kind) {
  ThroughAdapter(state, std::string(LBCONFORM_BINARY) + " adapter", kind);
}

void BM_CheckPythonAdapter(benchmark::State& state, ScenarioKind kind) {
  ThroughAdapter(state, "python3 " LBCONFORM_SOURCE_DIR "/vectors/adapters/python/lbconform_adapter.py", kind);
}

void BM_CheckInProcess(benchmark::State& state, ScenarioKind kind) {
  vectors::EngineImplementation implementation(*FindEngine("reference"));
  CheckRate(state, implementation, kind);
}

#define LBCONFORM_CHECK_BENCHMARKS(function)                                                                          \
  BENCHMARK_CAPTURE(function, passthrough, ScenarioKind::kPassthrough)->Unit(benchmark::kMillisecond)->UseRealTime(); \
  BENCHMARK_CAPTURE(function, timeline, ScenarioKind::kPassthroughTimeline)                                           \
      ->Unit(benchmark::kMillisecond)                                                                                 \
      ->UseRealTime();                                                                                                \
  BENCHMARK_CAPTURE(function, service_lb_policy, ScenarioKind::kServiceLbPolicy)                                      \
      ->Unit(benchmark::kMillisecond)                                                                                 \
      ->UseRealTime()

LBCONFORM_CHECK_BENCHMARKS(BM_CheckBuiltinAdapter);
LBCONFORM_CHECK_BENCHMARKS(BM_CheckPythonAdapter);
LBCONFORM_CHECK_BENCHMARKS(BM_CheckInProcess);

}  // namespace
}  // namespace lbconform

BENCHMARK_MAIN();
