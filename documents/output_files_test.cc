// Files are written whole or not at all.
#include "documents/output_files.h"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace lbconform {
namespace {

namespace fs = std::filesystem;

std::string Read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

fs::path FreshDir(const char* name) {
  const fs::path dir = fs::path(::testing::TempDir()) / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

TEST(WriteFileAtomically, WritesAndReplacesWithNoTemporaryLeft) {
  const fs::path dir = FreshDir("atomic-ok");
  const fs::path file = dir / "report.json";
  ASSERT_FALSE(WriteFileAtomically(file.string(), "first"));
  ASSERT_FALSE(WriteFileAtomically(file.string(), "second"));
  EXPECT_EQ(Read(file), "second");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
}

TEST(WriteFileAtomically, AFailedWriteKeepsTheOldFile) {
  const fs::path dir = FreshDir("atomic-limit");
  const fs::path file = dir / "big.json";
  ASSERT_FALSE(WriteFileAtomically(file.string(), "old content"));
  // A file-size limit below the new content: the write fails part-way.
  std::signal(SIGXFSZ, SIG_IGN);
  rlimit saved{};
  ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &saved), 0);
  rlimit small = saved;
  small.rlim_cur = 1024;
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &small), 0);
  const auto error = WriteFileAtomically(file.string(), std::string(100'000, 'x'));
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &saved), 0);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("big.json"), std::string::npos) << *error;
  EXPECT_EQ(Read(file), "old content");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
}

TEST(WriteFileAtomically, RefusesADirectoryAndAMissingFolder) {
  const fs::path dir = FreshDir("atomic-dir");
  EXPECT_TRUE(WriteFileAtomically(dir.string(), "x").has_value());
  EXPECT_TRUE(WriteFileAtomically((dir / "no" / "such" / "file").string(), "x").has_value());
}

TEST(WriteOutput, ReportsAFailedStream) {
  std::ofstream full("/dev/full");
  EXPECT_TRUE(WriteOutput(full, std::string(1 << 16, 'x')).has_value());
  std::ostringstream fine;
  EXPECT_FALSE(WriteOutput(fine, "ok"));
  EXPECT_EQ(fine.str(), "ok");
}

}  // namespace
}  // namespace lbconform
