// Target: every engine and kernel of the build (reference, optimized with the
//   selected kernel, optimized-scalar, optimized-avx2) and the batch path, on
//   bounded scenarios decoded from bytes (fuzz_utils.h).
// Oracle: each engine returns the reference's decision (validity and codes
//   first, then every field), the batch path equals the single decision, and
//   the reference's invariants hold (the active pool never mixes roles;
//   modifiedEligible is configured VMs; STAY keeps the client's zone; SPILL
//   yields the intersection or the original; an incompatible client keeps the
//   original). A violation prints the scenario JSON and aborts.
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <set>

#include "documents/scenario_json.h"
#include "engines/engines.h"
#include "fuzz/fuzz_utils.h"
#include "optimized/compiled.h"
#include "optimized/optimized_engine.h"
#include "reference/reference_engine.h"

namespace {

using namespace lbconform;

[[noreturn]] void Report(const char* what, const PassthroughScenario& s, Profile profile,
                         const PassthroughDecision& reference_decision, const PassthroughDecision* other,
                         std::string_view other_name) {
  std::fprintf(stderr, "differential: %s (profile %s)\nscenario: %s\nreference: %s\n", what,
               std::string(NameOf(profile)).c_str(), DumpJson(EncodeScenario(s)).c_str(),
               DumpJson(EncodeDecision(reference_decision)).c_str());
  if (other != nullptr) {
    std::fprintf(stderr, "%s: %s\n", std::string(other_name).c_str(), DumpJson(EncodeDecision(*other)).c_str());
  }
  std::abort();
}

void CheckInvariants(const PassthroughScenario& s, Profile profile, const PassthroughDecision& d) {
  if (!d.valid()) return;
  // A linear lookup: at most 16 VMs (fuzz_utils.h), and no allocation.
  auto find = [&](const std::string& name) -> const Instance* {
    for (const Instance& vm : s.instances) {
      if (vm.name == name) return &vm;
    }
    return nullptr;
  };
  struct Lookup {
    decltype(find)& find_vm;
    const Instance* at(const std::string& name) const { return find_vm(name); }
  } vms{find};
  bool primary = false;
  bool backup = false;
  for (const std::string& name : d.eligible) (s.backends[vms.at(name)->backend].failover ? backup : primary) = true;
  if (primary && backup) Report("the active pool mixes primary and backup VMs", s, profile, d, nullptr, "");
  for (const std::string& name : d.modified_eligible) {
    if (vms.at(name) == nullptr)
      Report("modifiedEligible holds a VM that is not configured", s, profile, d, nullptr, "");
  }
  const bool compatible = s.client.type == ClientType::kVm && s.client.region == s.region;
  if (!compatible && !s.deployment.network_security_integration && s.zonal_affinity.spillover != Spillover::kDisabled &&
      d.modified_eligible != d.eligible) {
    Report("an incompatible client lost its original set", s, profile, d, nullptr, "");
  }
  if (d.zonal_status != ZonalAffinityStatus::kApplied) return;
  if (s.zonal_affinity.spillover == Spillover::kStayWithinZone) {
    for (const std::string& name : d.modified_eligible) {
      if (vms.at(name)->zone != s.client.zone)
        Report("STAY_WITHIN_ZONE left the client's zone", s, profile, d, nullptr, "");
    }
  } else {
    BackendNames in_zone;
    for (const std::string& name : d.eligible) {
      if (vms.at(name)->zone == s.client.zone) in_zone.push_back(name);
    }
    if (d.modified_eligible != d.eligible && d.modified_eligible != in_zone) {
      Report("SPILL_CROSS_ZONE gave neither the intersection nor the original set", s, profile, d, nullptr, "");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  FuzzedDataProvider data(bytes, size);
  const PassthroughScenario scenario = fuzz::ConsumeScenario(data);
  const Profile profile = fuzz::ConsumeProfile(data);
  static const reference::ReferenceEngine reference(/*trace=*/false);  // the trace is informative
  const PassthroughDecision reference_decision = reference.Decide(scenario, profile);
  CheckInvariants(scenario, profile, reference_decision);
  // The optimized engine's own validation, then every kernel on one compiled
  // service (the "optimized" engine is one of these kernels).
  const std::vector<Error> errors = optimized::ValidateScenario(scenario, profile);
  if (!errors.empty() || !reference_decision.valid()) {
    const PassthroughDecision rejected = InvalidDecision(errors);
    if (!SameDecision(reference_decision, rejected)) {
      Report("the optimized engine's validation disagrees", scenario, profile, reference_decision, &rejected,
             "optimized");
    }
    return 0;
  }
  const auto compiled = optimized::CompiledPassthrough::Compile(scenario, profile);
  const std::vector<std::uint64_t> healthy = compiled.HealthMask(scenario);
  const std::int32_t zone = compiled.ZoneIndex(scenario.client.zone);
  const std::uint8_t compatible = compiled.ClientCompatible(scenario.client);
  static const std::vector<optimized::Kernel> kernels = optimized::SupportedKernels();
  for (const optimized::Kernel& kernel : kernels) {
    std::vector<std::uint64_t> eligible(compiled.words()), modified(compiled.words());
    std::uint8_t kind = 0, status = 0, outcome = 0;
    kernel.decide_batch(compiled.tables(), {1, healthy.data(), &zone, &compatible},
                        {eligible.data(), modified.data(), &kind, &status, &outcome});
    const optimized::MaskDecision one = compiled.Decide(kernel, healthy, zone, compatible != 0);
    const PassthroughDecision optimized_decision = compiled.ToDecision(one);
    if (!SameDecision(reference_decision, optimized_decision)) {
      Report("a kernel disagrees with the reference", scenario, profile, reference_decision, &optimized_decision,
             kernel.name);
    }
    if (kind != one.codes.kind || status != one.codes.status || outcome != one.codes.outcome ||
        eligible != one.eligible || modified != one.modified) {
      Report("the batch path disagrees with the single decision", scenario, profile, reference_decision, nullptr,
             kernel.name);
    }
  }
  return 0;
}
