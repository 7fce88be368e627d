// Proves which kernel runs: the "optimized" engine must call exactly the
// entry points of the kernel this CPU and build should run, worked out here
// without SelectKernel (simdjson's checkimplementation, BoringSSL's
// impl_dispatch_test): the one LBCONFORM_FORCE_KERNEL names, else avx2 where
// it was compiled and the CPU has AVX2 and POPCNT, else scalar.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "engines/engines.h"
#include "optimized/optimized_engine.h"

namespace lbconform::optimized {
namespace {

std::string ExpectedKernelName() {
  const char* forced = std::getenv("LBCONFORM_FORCE_KERNEL");
  if (forced != nullptr && *forced != '\0') return forced;
#if defined(LBCONFORM_HAVE_AVX2) && (defined(__x86_64__) || defined(__i386__))
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt")) return "avx2";
#endif
  return "scalar";
}

// KernelNamed is the kernel's own constructor, not a lookup in a list.
Kernel KernelNamed(const std::string& name) {
#if defined(LBCONFORM_HAVE_AVX2)
  if (name == "avx2") return Avx2Kernel();
#endif
  EXPECT_EQ(name, "scalar") << "LBCONFORM_FORCE_KERNEL names no kernel of this build";
  return ScalarKernel();
}

TEST(CheckKernelTest, TheKernelThisCpuShouldRunIsTheOneThatRuns) {
  std::string why;
  const OptimizedEngine* engine = SelectedOptimizedEngine(&why);
  ASSERT_NE(engine, nullptr) << why;
  const std::string expected_name = ExpectedKernelName();
  const Kernel expected = KernelNamed(expected_name);
  EXPECT_EQ(std::string(engine->active_kernel()), expected_name);
  EXPECT_STREQ(engine->kernel().name, expected.name);
  EXPECT_EQ(engine->kernel().decide_one, expected.decide_one);
  EXPECT_EQ(engine->kernel().decide_batch, expected.decide_batch);
  std::cout << "active kernel: " << engine->active_kernel() << "\n";
}

TEST(CheckKernelTest, KernelsAreDistinctAndScalarAlwaysExists) {
  const std::vector<Kernel> kernels = CompiledKernels();
  ASSERT_FALSE(kernels.empty());
  EXPECT_STREQ(kernels.front().name, "scalar");
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    for (std::size_t j = i + 1; j < kernels.size(); ++j) {
      EXPECT_NE(kernels[i].decide_one, kernels[j].decide_one);
    }
  }
#if defined(LBCONFORM_HAVE_AVX2)
  EXPECT_EQ(kernels.size(), 2U);
#endif
}

TEST(CheckKernelTest, EveryEngineNameIsUniqueAndReferenceIsFirst) {
  const auto engines = AvailableEngines();
  ASSERT_GE(engines.size(), 3U);  // reference, optimized, optimized-scalar
  EXPECT_EQ(engines.front()->name(), "reference");
  EXPECT_NE(FindEngine("optimized-scalar"), nullptr);
}

}  // namespace
}  // namespace lbconform::optimized
