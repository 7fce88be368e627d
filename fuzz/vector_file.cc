// Target: the strict vector-file loader, the linter and the writer, on
//   arbitrary bytes.
// Oracle: never a crash; a file that loads writes back to a file that loads
//   to the same canonical text; lint reports problems as text, never throws.
#include "vectors/vector_file.h"

#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "vectors/checks.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  using namespace lbconform::vectors;
  std::string error;
  const auto file = ParseVectorFile(std::string_view(reinterpret_cast<const char*>(bytes), size), &error);
  if (!file) {
    if (error.empty()) std::abort();  // a rejection always says why
    return 0;
  }
  const std::string written = WriteVectorFile(*file);
  const auto again = ParseVectorFile(written, &error);
  if (!again || WriteVectorFile(*again) != written) {
    std::fprintf(stderr, "vector_file: write → parse is not stable: %s\n", error.c_str());
    std::abort();
  }
  volatile std::size_t sink = Lint({*file}).size();
  (void)sink;
  return 0;
}
