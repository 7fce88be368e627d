// The kernel interface: plain data in, plain data out, no std containers, so
// that kernels compiled for different instruction sets share nothing inline.
#ifndef LBCONFORM_OPTIMIZED_KERNELS_KERNEL_H_
#define LBCONFORM_OPTIMIZED_KERNELS_KERNEL_H_

#include <cstddef>
#include <cstdint>

namespace lbconform::optimized {

// Codes as the model's enums order them (EligibleKind, ZonalAffinityStatus,
// ZonalAffinityOutcome); kNoOutcome when zonal affinity was not applied.
inline constexpr std::uint8_t kNoOutcome = 0xff;

enum TestClass : std::uint8_t { kTestPrimary = 0, kTestBackup = 1, kTestAll = 2 };

// KernelTables is a compiled backend service: masks of `words` 64-bit words,
// bit i = the i-th VM in name order, and exact integer thresholds.
struct KernelTables {
  std::uint32_t words = 0;
  const std::uint64_t* all = nullptr;
  const std::uint64_t* primary = nullptr;
  const std::uint64_t* backup = nullptr;
  const std::uint64_t* zones = nullptr;  // zone_count × words
  std::uint32_t zone_count = 0;
  bool failover_configured = false;
  bool failover_ratio_zero = true;
  std::uint32_t min_healthy_primaries = 0;  // smallest count with count/primaries >= ratio
  bool drop_traffic_if_unhealthy = false;
  std::uint8_t spillover = 0;  // 0 disabled, 1 stay within zone, 2 spill cross zone
  bool spillover_ratio_zero = true;
  const std::uint32_t* min_spill = nullptr;      // [test class × zone_count]: smallest numerator meeting the ratio
  const std::uint32_t* class_in_zone = nullptr;  // [test class × zone_count]: VMs of the class there
  const std::uint64_t* matched = nullptr;        // [test class × zone_count] × words: zonally matched masks
  // min_spill, class_in_zone and matched have one more entry, index
  // 3 × zone_count: zeros, read when zonal affinity does not apply.
  bool english_revision = false;  // profile en-2026-04-02
  bool network_security_integration = false;
};

// KernelResult receives one decision. Mask pointers hold `words` words each;
// `test` and `matched` may be null when the caller does not want them.
struct KernelResult {
  std::uint64_t* eligible = nullptr;
  std::uint64_t* modified = nullptr;
  std::uint64_t* test = nullptr;
  std::uint64_t* matched = nullptr;
  std::uint8_t kind = 0;
  std::uint8_t status = 0;
  std::uint8_t outcome = kNoOutcome;
  std::uint32_t ratio_numerator = 0;
  std::uint32_t ratio_denominator = 0;  // 0: no computed ratio
};

// BatchInput is structure-of-arrays: `count` decisions, health masks back to
// back (count × words), one client zone index (-1: no VM in that zone) and
// one compatibility flag per decision.
struct BatchInput {
  std::size_t count = 0;
  const std::uint64_t* healthy = nullptr;
  const std::int32_t* client_zone = nullptr;
  const std::uint8_t* client_compatible = nullptr;
};

// BatchOutput is structure-of-arrays too: masks count × words, codes count.
struct BatchOutput {
  std::uint64_t* eligible = nullptr;
  std::uint64_t* modified = nullptr;
  std::uint8_t* kind = nullptr;
  std::uint8_t* status = nullptr;
  std::uint8_t* outcome = nullptr;
};

using DecideOneFn = void (*)(const KernelTables& tables, const std::uint64_t* healthy, std::int32_t client_zone,
                             bool client_compatible, KernelResult& result);
using DecideBatchFn = void (*)(const KernelTables& tables, const BatchInput& input, const BatchOutput& output);

struct Kernel {
  const char* name;
  DecideOneFn decide_one;
  DecideBatchFn decide_batch;
};

// The kernels; avx2 exists only where it was compiled (LBCONFORM_DISABLE_AVX2).
Kernel ScalarKernel();
#if defined(LBCONFORM_HAVE_AVX2)
Kernel Avx2Kernel();
#endif

}  // namespace lbconform::optimized

#endif  // LBCONFORM_OPTIMIZED_KERNELS_KERNEL_H_
