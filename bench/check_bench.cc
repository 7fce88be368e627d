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
#include <utility>

#include "check/case_generators.h"
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

// RegisterCheckBenchmarks: each way of deciding, on each kind that check
// draws cases of ("BM_CheckInProcess/passthrough-timeline").
void RegisterCheckBenchmarks() {
  using Function = void (*)(benchmark::State&, ScenarioKind);
  const std::pair<const char*, Function> ways[] = {{"BM_CheckBuiltinAdapter", BM_CheckBuiltinAdapter},
                                                   {"BM_CheckPythonAdapter", BM_CheckPythonAdapter},
                                                   {"BM_CheckInProcess", BM_CheckInProcess}};
  for (const auto& [way, function] : ways) {
    for (ScenarioKind kind : AllScenarioKinds()) {
      if (!check::GenCheckCase(kind, ProfilesOf(kind).front())) continue;
      const std::string name = std::string(way) + "/" + std::string(NameOf(kind));
      benchmark::RegisterBenchmark(name.c_str(), function, kind)->Unit(benchmark::kMillisecond)->UseRealTime();
    }
  }
}

}  // namespace
}  // namespace lbconform

int main(int argc, char** argv) {
  lbconform::RegisterCheckBenchmarks();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
