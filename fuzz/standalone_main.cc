// A plain main() for compilers without libFuzzer (g++): runs
// LLVMFuzzerTestOneInput on every file given, a directory meaning every
// regular file in it, so each harness's corpus replays under ctest.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

int RunFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "cannot open %s\n", path.c_str());
    return 1;
  }
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // An exactly sized heap copy, so ASan catches reads past the end as libFuzzer would.
  auto* data = new std::uint8_t[bytes.empty() ? 1 : bytes.size()];
  std::copy(bytes.begin(), bytes.end(), data);
  LLVMFuzzerTestOneInput(data, bytes.size());
  delete[] data;
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  int ran = 0;
  int failed = 0;
  for (int i = 1; i < argc; ++i) {
    const std::filesystem::path path(argv[i]);
    if (std::filesystem::is_directory(path)) {
      std::vector<std::filesystem::path> files;
      for (const auto& entry : std::filesystem::directory_iterator(path)) {
        if (entry.is_regular_file()) files.push_back(entry.path());
      }
      std::sort(files.begin(), files.end());
      for (const auto& file : files) {
        failed += RunFile(file);
        ++ran;
      }
    } else {
      failed += RunFile(path);
      ++ran;
    }
  }
  std::printf("replayed %d inputs\n", ran);
  return failed == 0 && ran > 0 ? 0 : 1;
}
