#include "optimized/optimized_engine.h"

#include <cstdlib>
#include <string_view>

#include "optimized/compiled.h"

namespace lbconform::optimized {

std::vector<Kernel> CompiledKernels() {
  std::vector<Kernel> kernels = {ScalarKernel()};
#if defined(LBCONFORM_HAVE_AVX2)
  kernels.push_back(Avx2Kernel());
#endif
  return kernels;
}

std::vector<Kernel> SupportedKernels() {
  std::vector<Kernel> kernels;
  for (const Kernel& k : CompiledKernels()) {
    if (std::string_view(k.name) == "avx2") {
#if defined(__x86_64__) || defined(__i386__)
      if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("popcnt")) continue;
#else
      continue;
#endif
    }
    kernels.push_back(k);
  }
  return kernels;
}

std::optional<Kernel> SelectKernel(std::string* why) {
  const std::vector<Kernel> supported = SupportedKernels();
  const char* forced = std::getenv("LBCONFORM_FORCE_KERNEL");
  if (forced == nullptr || *forced == '\0') return supported.back();  // the widest
  for (const Kernel& k : supported) {
    if (std::string_view(k.name) == forced) return k;
  }
  if (why != nullptr) {
    *why = std::string("LBCONFORM_FORCE_KERNEL=") + forced + " names no kernel this build and CPU support";
  }
  return std::nullopt;
}

std::vector<Error> ValidateScenario(const PassthroughScenario& s, Profile profile) {
  std::vector<Error> errors;
  const Decimal one = Decimal::FromInteger(1);
  std::size_t vms[2] = {0, 0};
  std::size_t groups[2] = {0, 0};
  bool failover = false;
  for (const BackendGroup& b : s.backends) {
    ++groups[b.failover ? 1 : 0];
    failover = failover || b.failover;
  }
  for (const Instance& vm : s.instances) ++vms[s.backends[vm.backend].failover ? 1 : 0];
  if (failover) {
    if (vms[0] > 250) errors.push_back({ErrorCode::TOO_MANY_PRIMARY_VMS, "/instances", "over 250 primary VMs"});
    if (vms[1] > 250) errors.push_back({ErrorCode::TOO_MANY_BACKUP_VMS, "/instances", "over 250 backup VMs"});
    if (groups[0] > 50)
      errors.push_back({ErrorCode::TOO_MANY_PRIMARY_GROUPS, "/backendService/backends", "over 50 primary groups"});
    if (groups[1] > 50)
      errors.push_back({ErrorCode::TOO_MANY_FAILOVER_GROUPS, "/backendService/backends", "over 50 failover groups"});
  }
  const Decimal& fr = s.failover_policy.failover_ratio;
  if (fr.negative() || one < fr) {
    errors.push_back(
        {ErrorCode::FAILOVER_RATIO_OUT_OF_RANGE, "/backendService/failoverPolicy/failoverRatio", "outside [0, 1]"});
  }
  if (s.zonal_affinity.spillover != Spillover::kDisabled) {
    if (const auto& sym = s.deployment.symmetric_hashing) {
      if (!sym->peer_zonal_affinity_enabled) {
        errors.push_back({ErrorCode::ZONAL_AFFINITY_SYMMETRIC_HASHING_PEER_DISABLED, "/deployment/symmetricHashing",
                          "peer lacks zonal affinity"});
      }
      if (profile == Profile::kEn20260402 && !sym->sender_to_receiver_same_zone_only) {
        errors.push_back({ErrorCode::ZONAL_AFFINITY_SYMMETRIC_HASHING_CROSS_ZONE, "/deployment/symmetricHashing",
                          "cross-zone senders"});
      }
    }
    if (s.subsetting == SubsettingPolicy::kConsistentHashSubsetting) {
      errors.push_back({ErrorCode::ZONAL_AFFINITY_WITH_SUBSETTING, "/backendService/subsetting/policy", "subsetting"});
    }
    if (s.deployment.packet_mirroring_collector) {
      errors.push_back(
          {ErrorCode::ZONAL_AFFINITY_WITH_PACKET_MIRRORING, "/deployment/packetMirroringCollector", "collector"});
    }
  }
  const Decimal& sr = s.zonal_affinity.spillover_ratio;
  if (sr.negative() || one < sr) {
    errors.push_back({ErrorCode::SPILLOVER_RATIO_OUT_OF_RANGE,
                      "/backendService/networkPassThroughLbTrafficPolicy/zonalAffinity/spilloverRatio",
                      "outside [0, 1]"});
  }
  return errors;
}

PassthroughDecision OptimizedEngine::Decide(const PassthroughScenario& scenario, Profile profile) const {
  std::vector<Error> errors = ValidateScenario(scenario, profile);
  if (!errors.empty()) return InvalidDecision(std::move(errors));
  const CompiledPassthrough compiled = CompiledPassthrough::Compile(scenario, profile);
  const MaskDecision masks =
      compiled.Decide(kernel_, compiled.HealthMask(scenario), compiled.ZoneIndex(scenario.client.zone),
                      compiled.ClientCompatible(scenario.client));
  return compiled.ToDecision(masks);
}

}  // namespace lbconform::optimized
