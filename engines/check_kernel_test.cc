// Proves which kernel runs: when LBCONFORM_FORCE_KERNEL names a kernel, the
// "optimized" engine must call exactly that kernel's entry points (simdjson's
// checkimplementation, BoringSSL's impl_dispatch_test). Without it, the
// widest supported kernel must be selected.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "engines/engines.h"
#include "optimized/optimized_engine.h"

namespace lbconform::optimized {
namespace {

TEST(CheckKernelTest, ForcedKernelIsTheOneThatRuns) {
  std::string why;
  const OptimizedEngine* engine = SelectedOptimizedEngine(&why);
  ASSERT_NE(engine, nullptr) << why;
  const char* forced = std::getenv("LBCONFORM_FORCE_KERNEL");
  const std::vector<Kernel> supported = SupportedKernels();
  const Kernel expected = forced != nullptr && *forced != '\0'
                              ? *SelectKernel(nullptr)
                              : supported.back();
  if (forced != nullptr && *forced != '\0') {
    EXPECT_EQ(std::string(engine->active_kernel()), forced);
  }
  EXPECT_STREQ(engine->active_kernel().data(), expected.name);
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
