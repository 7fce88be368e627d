// Files are written whole or not at all, and a path that is not a regular
// file (a symlink, a device, a FIFO) is written through and keeps its type:
// as root and as an unprivileged user.
#include "documents/output_files.h"

#include <fcntl.h>
#include <grp.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>
#include <thread>

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

TEST(WriteOutputFile, WritesAndReplacesWithNoTemporaryLeft) {
  const fs::path dir = FreshDir("atomic-ok");
  const fs::path file = dir / "report.json";
  ASSERT_FALSE(WriteOutputFile(file.string(), "first"));
  ASSERT_FALSE(WriteOutputFile(file.string(), "second"));
  EXPECT_EQ(Read(file), "second");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
}

TEST(WriteOutputFile, AFailedWriteKeepsTheOldFile) {
  const fs::path dir = FreshDir("atomic-limit");
  const fs::path file = dir / "big.json";
  ASSERT_FALSE(WriteOutputFile(file.string(), "old content"));
  // A file-size limit below the new content: the write fails part-way.
  std::signal(SIGXFSZ, SIG_IGN);
  rlimit saved{};
  ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &saved), 0);
  rlimit small = saved;
  small.rlim_cur = 1024;
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &small), 0);
  const auto error = WriteOutputFile(file.string(), std::string(100'000, 'x'));
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &saved), 0);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("big.json"), std::string::npos) << *error;
  EXPECT_EQ(Read(file), "old content");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
}

TEST(WriteOutputFile, RefusesADirectoryAndAMissingFolder) {
  const fs::path dir = FreshDir("atomic-dir");
  EXPECT_TRUE(WriteOutputFile(dir.string(), "x").has_value());
  EXPECT_TRUE(WriteOutputFile((dir / "no" / "such" / "file").string(), "x").has_value());
}

TEST(WriteOutputFile, AReplacedFileKeepsItsMode) {
  const fs::path dir = FreshDir("atomic-mode");
  const fs::path file = dir / "private.json";
  ASSERT_FALSE(WriteOutputFile(file.string(), "first"));
  fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write);
  ASSERT_FALSE(WriteOutputFile(file.string(), "second"));
  EXPECT_EQ(Read(file), "second");
  EXPECT_EQ(fs::status(file).permissions() & fs::perms::all, fs::perms::owner_read | fs::perms::owner_write);
}

// ------------------------------ Paths that are not regular files

// Each check below writes through one kind of path and returns what went
// wrong, "" when all is well; the same checks run as root and, in a child
// process, as an unprivileged user.

std::string TypeOf(const fs::path& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return "missing";
  if (S_ISLNK(st.st_mode)) return "symlink";
  if (S_ISCHR(st.st_mode)) return "character device";
  if (S_ISFIFO(st.st_mode)) return "FIFO";
  if (S_ISREG(st.st_mode)) return "regular file";
  return "other";
}

std::string Expect(bool ok, const std::string& what) { return ok ? "" : what + "; "; }

// ReadAvailable reads `fd` (non-blocking) until `done` says so or 5 s pass.
std::string ReadAvailable(int fd, const std::function<bool(const std::string&, short)>& done) {
  std::string got;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (std::chrono::steady_clock::now() < deadline) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 50) <= 0) continue;
    char chunk[65536];
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n > 0) got.append(chunk, static_cast<std::size_t>(n));
    if (done(got, p.revents)) break;
  }
  return got;
}

std::string ThroughFifo(const fs::path& dir) {
  const fs::path fifo = dir / "fifo";
  fs::remove(fifo);
  if (::mkfifo(fifo.c_str(), 0666) != 0) return "mkfifo failed; ";
  // The reader is there first (a writer's open waits for one); POLLHUP comes
  // only once a writer has come and gone.
  const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  const std::string content(200'000, 'f');  // more than a pipe holds: reader and writer alternate
  std::string got;
  std::thread drain(
      [&] { got = ReadAvailable(reader, [](const std::string&, short events) { return events & POLLHUP; }); });
  const auto error = WriteOutputFile(fifo.string(), content);
  drain.join();
  ::close(reader);
  return Expect(!error, "FIFO: " + error.value_or("")) + Expect(TypeOf(fifo) == "FIFO", "FIFO became " + TypeOf(fifo)) +
         Expect(got == content, "FIFO: the reader got " + std::to_string(got.size()) + " bytes");
}

std::string ThroughSymlinks(const fs::path& dir) {
  const fs::path target = dir / "target.json";
  const fs::path link = dir / "link.json";
  const fs::path dangling = dir / "dangling.json";
  fs::remove(target);
  fs::remove(link);
  fs::remove(dangling);
  std::ofstream(target) << "old content, longer than the new one";
  fs::create_symlink("target.json", link);
  fs::create_symlink("created-by-the-write.json", dangling);
  const auto error = WriteOutputFile(link.string(), "new");
  const auto dangling_error = WriteOutputFile(dangling.string(), "created");
  return Expect(!error, "symlink: " + error.value_or("")) +
         Expect(TypeOf(link) == "symlink", "a symlink became " + TypeOf(link)) +
         Expect(Read(target) == "new", "the symlink's target holds '" + Read(target) + "'") +
         Expect(!dangling_error, "dangling symlink: " + dangling_error.value_or("")) +
         Expect(TypeOf(dangling) == "symlink", "a dangling symlink became " + TypeOf(dangling)) +
         Expect(Read(dir / "created-by-the-write.json") == "created", "a dangling symlink's target was not created");
}

// WithStandardOutput runs `write` with this process's standard output on
// `fd`, then puts it back.
void WithStandardOutput(int fd, const std::function<void()>& write) {
  std::fflush(stdout);
  const int saved = ::dup(STDOUT_FILENO);
  ::dup2(fd, STDOUT_FILENO);
  write();
  std::fflush(stdout);
  ::dup2(saved, STDOUT_FILENO);
  ::close(saved);
}

// ThroughStandardOutput writes to a symlink to /proc/self/fd/1 with standard
// output on the pipe `pipe_fds` (which it closes; made by another user, it
// would not open anew), then on a file.
std::string ThroughStandardOutput(const fs::path& dir, const int pipe_fds[2]) {
  const fs::path link = dir / "stdout";
  fs::remove(link);
  fs::create_symlink("/proc/self/fd/1", link);
  // Standard output on a pipe: the content comes out of it.
  std::optional<std::string> error;
  WithStandardOutput(pipe_fds[1], [&] { error = WriteOutputFile(link.string(), "to standard output\n"); });
  ::close(pipe_fds[1]);
  const std::string got = ReadAvailable(pipe_fds[0], [](const std::string&, short events) { return events & POLLHUP; });
  ::close(pipe_fds[0]);
  // Standard output on a file: the content comes after what was printed
  // there, and what is printed after it follows.
  const fs::path log = dir / "stdout.log";
  const int file = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::optional<std::string> file_error;
  WithStandardOutput(file, [&] {
    (void)!::write(STDOUT_FILENO, "before\n", 7);
    file_error = WriteOutputFile(link.string(), "report\n");
    (void)!::write(STDOUT_FILENO, "after\n", 6);
  });
  ::close(file);
  return Expect(!error, "/proc/self/fd/1: " + error.value_or("")) +
         Expect(TypeOf(link) == "symlink", "a symlink to /proc/self/fd/1 became " + TypeOf(link)) +
         Expect(got == "to standard output\n", "standard output got '" + got + "'") +
         Expect(!file_error, "/proc/self/fd/1 on a file: " + file_error.value_or("")) +
         Expect(Read(log) == "before\nreport\nafter\n", "standard output's file holds '" + Read(log) + "'");
}

// SystemDeviceIfUnprivileged is /dev/`name` for an unprivileged user, and
// nothing for root: a writer that replaces what it writes to would replace
// the machine's own /dev/null (as lbconform did before), so root tests only
// private copies.
fs::path SystemDeviceIfUnprivileged(const char* name) {
  return ::geteuid() == 0 ? fs::path() : fs::path("/dev") / name;
}

// ThroughDevices writes to the device nodes in `dir` made by MakeDeviceNodes
// (when there are some) and, unprivileged, to the system's /dev/null and
// /dev/full: a null device takes the content, a full one says it could not.
std::string ThroughDevices(const fs::path& dir) {
  std::string problems;
  for (const fs::path& null_device : {SystemDeviceIfUnprivileged("null"), dir / "null-node"}) {
    if (null_device.empty() || !fs::exists(null_device)) continue;
    const auto error = WriteOutputFile(null_device.string(), "discarded");
    problems +=
        Expect(!error, null_device.string() + ": " + error.value_or("")) +
        Expect(TypeOf(null_device) == "character device", null_device.string() + " became " + TypeOf(null_device));
  }
  for (const fs::path& full_device : {SystemDeviceIfUnprivileged("full"), dir / "full-node"}) {
    if (full_device.empty() || !fs::exists(full_device)) continue;
    const auto error = WriteOutputFile(full_device.string(), "no room");
    problems +=
        Expect(error && error->find("No space left") != std::string::npos,
               full_device.string() + ": the write did not reach the device (" + error.value_or("no error") + ")") +
        Expect(TypeOf(full_device) == "character device", full_device.string() + " became " + TypeOf(full_device));
  }
  return problems;
}

// MakeDeviceNodes makes private copies of /dev/null and /dev/full in `dir`,
// that anyone may write (root only); false when this process may not.
bool MakeDeviceNodes(const fs::path& dir) {
  for (const auto& [name, minor] : {std::pair{"null-node", 3u}, std::pair{"full-node", 7u}}) {
    const fs::path node = dir / name;
    fs::remove(node);
    if (::mknod(node.c_str(), S_IFCHR | 0666, ::makedev(1, minor)) != 0 || ::chmod(node.c_str(), 0666) != 0) {
      return false;
    }
  }
  return true;
}

TEST(WriteOutputFile, WritesThroughAFifoToItsReader) { EXPECT_EQ(ThroughFifo(FreshDir("through-fifo")), ""); }

TEST(WriteOutputFile, WritesThroughSymlinksToTheirTargets) {
  EXPECT_EQ(ThroughSymlinks(FreshDir("through-symlinks")), "");
}

// NonBlockingPipe makes a pipe read without blocking; false if it cannot.
bool NonBlockingPipe(int pipe_fds[2]) { return ::pipe2(pipe_fds, O_NONBLOCK) == 0; }

TEST(WriteOutputFile, WritesThroughASymlinkToStandardOutput) {
  int pipe_fds[2];
  ASSERT_TRUE(NonBlockingPipe(pipe_fds));
  EXPECT_EQ(ThroughStandardOutput(FreshDir("through-stdout"), pipe_fds), "");
}

TEST(WriteOutputFile, WritesThroughDeviceNodes) {
  const fs::path dir = FreshDir("through-devices");
  if (!MakeDeviceNodes(dir)) GTEST_SKIP() << "mknod needs root; /dev/null and /dev/full are checked below";
  EXPECT_EQ(ThroughDevices(dir), "");
}

TEST(WriteOutputFile, WritesThroughTheSystemsNullAndFullDevices) {
  if (::geteuid() == 0) GTEST_SKIP() << "root: private copies only (above, and as nobody below)";
  EXPECT_EQ(ThroughDevices(FreshDir("dev")), "");
}

// A device that can be read back (a pseudo-terminal): the content arrives
// there, byte for byte, and the device stays a device. (A private node of it
// would not open: a terminal opens only from its own devpts.)
TEST(WriteOutputFile, TheContentReachesATerminal) {
  const int master = ::posix_openpt(O_RDWR | O_NOCTTY | O_NONBLOCK);
  ASSERT_GE(master, 0);
  ASSERT_EQ(::grantpt(master), 0);
  ASSERT_EQ(::unlockpt(master), 0);
  const std::string terminal = ::ptsname(master);
  const int slave = ::open(terminal.c_str(), O_RDWR | O_NOCTTY);  // kept open: the terminal stays raw
  ASSERT_GE(slave, 0);
  termios raw{};
  ASSERT_EQ(::tcgetattr(slave, &raw), 0);
  ::cfmakeraw(&raw);
  ASSERT_EQ(::tcsetattr(slave, TCSANOW, &raw), 0);
  const auto error = WriteOutputFile(terminal, "through the device\n");
  const std::string got = ReadAvailable(master, [](const std::string& text, short) { return text.size() >= 19; });
  EXPECT_EQ(TypeOf(terminal), "character device");  // while it exists: it goes with its master
  ::close(slave);
  ::close(master);
  EXPECT_FALSE(error) << *error;
  EXPECT_EQ(got, "through the device\n");
}

// The same checks as an unprivileged user (nobody), in a child process: the
// device nodes were made by root beforehand, in a folder everyone may write.
TEST(WriteOutputFile, WritesThroughAsAnUnprivilegedUser) {
  if (::geteuid() != 0) GTEST_SKIP() << "already unprivileged: the tests above ran as this user";
  const fs::path dir = FreshDir("through-unprivileged");
  fs::permissions(dir, fs::perms::all);
  ASSERT_TRUE(MakeDeviceNodes(dir));
  int report[2];
  ASSERT_EQ(::pipe(report), 0);
  int roots_pipe[2];  // standard output on a pipe of root's, as `runuser … | cat` gives it
  ASSERT_TRUE(NonBlockingPipe(roots_pipe));
  std::fflush(nullptr);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::close(report[0]);
    constexpr uid_t kNobody = 65534;
    std::string problems;
    if (::setgroups(0, nullptr) != 0 || ::setgid(kNobody) != 0 || ::setuid(kNobody) != 0) {
      problems = "cannot become nobody";
    } else {
      problems = ThroughFifo(dir) + ThroughSymlinks(dir) + ThroughStandardOutput(dir, roots_pipe) + ThroughDevices(dir);
    }
    (void)!::write(report[1], problems.data(), problems.size());
    ::_exit(0);
  }
  ::close(report[1]);
  ::close(roots_pipe[0]);
  ::close(roots_pipe[1]);
  std::string problems;
  char chunk[4096];
  for (ssize_t n; (n = ::read(report[0], chunk, sizeof chunk)) > 0;)
    problems.append(chunk, static_cast<std::size_t>(n));
  ::close(report[0]);
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_EQ(problems, "");
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
