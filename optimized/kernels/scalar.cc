// The portable kernel: one 64-bit word at a time. Always compiled; the
// fallback wherever AVX2 is missing or disabled.
#include <cstddef>
#include <cstdint>

#include "optimized/kernels/kernel.h"

namespace lbconform::optimized {
namespace {

template <std::uint32_t W>
struct ScalarLanes;
// Lanes is this kernel's mask type: plain words.
template <std::uint32_t W>
struct Lanes : ScalarLanes<W> {};

#define LBCONFORM_KERNEL_ATTR
#include "optimized/kernels/kernel_impl.h"
#undef LBCONFORM_KERNEL_ATTR

struct ScalarOps {
  static constexpr std::uint32_t kScratchWords = 16;

  static void Copy(std::uint64_t* dst, const std::uint64_t* src, std::uint32_t w) {
    for (std::uint32_t i = 0; i < w; ++i) dst[i] = src[i];
  }
  static void Zero(std::uint64_t* dst, std::uint32_t w) {
    for (std::uint32_t i = 0; i < w; ++i) dst[i] = 0;
  }
  // AndAny writes a & b to dst and tells whether any bit is set.
  static bool AndAny(std::uint64_t* dst, const std::uint64_t* a, const std::uint64_t* b, std::uint32_t w) {
    std::uint64_t any = 0;
    for (std::uint32_t i = 0; i < w; ++i) any |= (dst[i] = a[i] & b[i]);
    return any != 0;
  }
  // AndPopcount writes a & b to dst and counts its bits.
  static std::uint32_t AndPopcount(std::uint64_t* dst, const std::uint64_t* a, const std::uint64_t* b,
                                   std::uint32_t w) {
    std::uint32_t count = 0;
    for (std::uint32_t i = 0; i < w; ++i) {
      dst[i] = a[i] & b[i];
      count += static_cast<std::uint32_t>(__builtin_popcountll(dst[i]));
    }
    return count;
  }
  static std::uint32_t PopcountAnd(const std::uint64_t* a, const std::uint64_t* b, std::uint32_t w) {
    std::uint32_t count = 0;
    for (std::uint32_t i = 0; i < w; ++i) count += static_cast<std::uint32_t>(__builtin_popcountll(a[i] & b[i]));
    return count;
  }
};

}  // namespace

Kernel ScalarKernel() { return {"scalar", &DecideOneEntry<ScalarOps>, &DecideBatchEntry<ScalarOps>}; }

}  // namespace lbconform::optimized
