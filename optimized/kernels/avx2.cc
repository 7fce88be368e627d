// The AVX2 kernel: four 64-bit words per instruction (256 VMs in two
// registers), hardware popcount. Compiled with -mavx2 -mpopcnt for this file
// only and selected at run time when the CPU supports it.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "optimized/kernels/kernel.h"

namespace lbconform::optimized {
namespace {

#define LBCONFORM_KERNEL_ATTR
#include "optimized/kernels/kernel_impl.h"
#undef LBCONFORM_KERNEL_ATTR

struct Avx2Ops {
  static constexpr std::uint32_t kScratchWords = 16;

  static __m256i Load(const std::uint64_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
  static void Store(std::uint64_t* p, __m256i v) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }
  static std::uint32_t Popcount(__m256i v) {
    return static_cast<std::uint32_t>(_mm_popcnt_u64(static_cast<std::uint64_t>(_mm256_extract_epi64(v, 0))) +
                                      _mm_popcnt_u64(static_cast<std::uint64_t>(_mm256_extract_epi64(v, 1))) +
                                      _mm_popcnt_u64(static_cast<std::uint64_t>(_mm256_extract_epi64(v, 2))) +
                                      _mm_popcnt_u64(static_cast<std::uint64_t>(_mm256_extract_epi64(v, 3))));
  }

  static void Copy(std::uint64_t* dst, const std::uint64_t* src, std::uint32_t w) {
    std::uint32_t i = 0;
    for (; i + 4 <= w; i += 4) Store(dst + i, Load(src + i));
    for (; i < w; ++i) dst[i] = src[i];
  }
  static void Zero(std::uint64_t* dst, std::uint32_t w) {
    std::uint32_t i = 0;
    for (; i + 4 <= w; i += 4) Store(dst + i, _mm256_setzero_si256());
    for (; i < w; ++i) dst[i] = 0;
  }
  static bool AndAny(std::uint64_t* dst, const std::uint64_t* a, const std::uint64_t* b, std::uint32_t w) {
    __m256i any = _mm256_setzero_si256();
    std::uint32_t i = 0;
    for (; i + 4 <= w; i += 4) {
      const __m256i v = _mm256_and_si256(Load(a + i), Load(b + i));
      Store(dst + i, v);
      any = _mm256_or_si256(any, v);
    }
    std::uint64_t tail = 0;
    for (; i < w; ++i) tail |= (dst[i] = a[i] & b[i]);
    return tail != 0 || !_mm256_testz_si256(any, any);
  }
  static std::uint32_t AndPopcount(std::uint64_t* dst, const std::uint64_t* a, const std::uint64_t* b,
                                   std::uint32_t w) {
    std::uint32_t count = 0;
    std::uint32_t i = 0;
    for (; i + 4 <= w; i += 4) {
      const __m256i v = _mm256_and_si256(Load(a + i), Load(b + i));
      Store(dst + i, v);
      count += Popcount(v);
    }
    for (; i < w; ++i) {
      dst[i] = a[i] & b[i];
      count += static_cast<std::uint32_t>(_mm_popcnt_u64(dst[i]));
    }
    return count;
  }
  static std::uint32_t PopcountAnd(const std::uint64_t* a, const std::uint64_t* b, std::uint32_t w) {
    std::uint32_t count = 0;
    std::uint32_t i = 0;
    for (; i + 4 <= w; i += 4) count += Popcount(_mm256_and_si256(Load(a + i), Load(b + i)));
    for (; i < w; ++i) count += static_cast<std::uint32_t>(_mm_popcnt_u64(a[i] & b[i]));
    return count;
  }
};

}  // namespace

Kernel Avx2Kernel() { return {"avx2", &DecideOneEntry<Avx2Ops>, &DecideBatchEntry<Avx2Ops>}; }

}  // namespace lbconform::optimized
