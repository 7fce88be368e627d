// The AVX2 kernel: four 64-bit words per instruction (256 VMs in two
// registers), hardware popcount. Compiled with -mavx2 -mpopcnt for this file
// only and selected at run time when the CPU supports it.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "optimized/kernels/kernel.h"

namespace lbconform::optimized {
namespace {

template <std::uint32_t W>
struct ScalarLanes;

// Avx2Lanes holds W words (W a multiple of 4) in W/4 256-bit registers and
// counts bits in-register with the nibble-table method (vpshufb, vpsadbw).
template <std::uint32_t W>
struct Avx2Lanes {
  static constexpr std::uint32_t kRegs = W / 4;
  struct Vec {
    __m256i r[kRegs];
  };
  static Vec Load(const std::uint64_t* p) {
    Vec v;
    for (std::uint32_t k = 0; k < kRegs; ++k) v.r[k] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 4 * k));
    return v;
  }
  static void Store(std::uint64_t* p, const Vec& v) {
    for (std::uint32_t k = 0; k < kRegs; ++k) _mm256_storeu_si256(reinterpret_cast<__m256i*>(p + 4 * k), v.r[k]);
  }
  static Vec And(const Vec& a, const Vec& b) {
    Vec v;
    for (std::uint32_t k = 0; k < kRegs; ++k) v.r[k] = _mm256_and_si256(a.r[k], b.r[k]);
    return v;
  }
  static Vec Or(const Vec& a, const Vec& b) {
    Vec v;
    for (std::uint32_t k = 0; k < kRegs; ++k) v.r[k] = _mm256_or_si256(a.r[k], b.r[k]);
    return v;
  }
  static Vec Select(const Vec& a, bool take) {
    const __m256i mask = _mm256_set1_epi64x(-static_cast<long long>(take));
    Vec v;
    for (std::uint32_t k = 0; k < kRegs; ++k) v.r[k] = _mm256_and_si256(a.r[k], mask);
    return v;
  }
  static bool Any(const Vec& a) {
    __m256i any = a.r[0];
    for (std::uint32_t k = 1; k < kRegs; ++k) any = _mm256_or_si256(any, a.r[k]);
    return !_mm256_testz_si256(any, any);
  }
  static std::uint32_t Popcount(const Vec& a) {
    const __m256i table = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2,
                                           2, 3, 2, 3, 3, 4);
    const __m256i low_nibbles = _mm256_set1_epi8(0x0f);
    __m256i bytes = _mm256_setzero_si256();
    for (std::uint32_t k = 0; k < kRegs; ++k) {
      const __m256i lo = _mm256_shuffle_epi8(table, _mm256_and_si256(a.r[k], low_nibbles));
      const __m256i hi = _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16(a.r[k], 4), low_nibbles));
      bytes = _mm256_add_epi8(bytes, _mm256_add_epi8(lo, hi));  // ≤ 8 per byte per register
    }
    const __m256i sums = _mm256_sad_epu8(bytes, _mm256_setzero_si256());
    const __m128i pair = _mm_add_epi64(_mm256_castsi256_si128(sums), _mm256_extracti128_si256(sums, 1));
    return static_cast<std::uint32_t>(_mm_cvtsi128_si64(pair) + _mm_extract_epi64(pair, 1));
  }
};

// Lanes: registers for multiples of four words, plain words otherwise.
template <std::uint32_t W>
struct Lanes : std::conditional_t<W % 4 == 0, Avx2Lanes<W>, ScalarLanes<W>> {};

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
