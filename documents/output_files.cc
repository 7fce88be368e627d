#include "documents/output_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>

namespace lbconform {

namespace {

std::string Describe(const std::string& what, const std::string& path, int error) {
  return what + " " + path + ": " + std::strerror(error);
}

// WriteAll writes every byte of `content` to `fd`: 0, or the errno that
// stopped it.
int WriteAll(int fd, std::string_view content) {
  std::size_t written = 0;
  while (written < content.size()) {
    const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return n < 0 ? errno : EIO;
    written += static_cast<std::size_t>(n);
  }
  return 0;
}

// ReplaceAtomically writes a temporary file beside `path` and renames it over
// `path`, which is new or the regular file `existing` describes.
std::optional<std::string> ReplaceAtomically(const std::string& path, std::string_view content,
                                             const struct stat* existing) {
  const std::filesystem::path target(path);
  std::string temporary = (target.parent_path() / ("." + target.filename().string() + ".lbconform-XXXXXX")).string();
  const int fd = ::mkostemp(temporary.data(), O_CLOEXEC);
  if (fd < 0) return Describe("cannot create a file beside", path, errno);
  auto fail = [&](const std::string& what, int error) {
    ::close(fd);
    ::unlink(temporary.c_str());
    return Describe(what, path, error);
  };
  if (const int error = WriteAll(fd, content)) return fail("cannot write", error);
  // mkstemp creates 0600: a new report is an ordinary file, a replaced one
  // keeps the mode (and, for root, the owner) it had.
  mode_t mode = 0;
  if (existing != nullptr) {
    mode = existing->st_mode & 07777;
    if (::geteuid() == 0 && ::fchown(fd, existing->st_uid, existing->st_gid) != 0) return fail("cannot write", errno);
  } else {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    mode = 0666 & ~mask;
  }
  if (::fchmod(fd, mode) != 0 || ::fsync(fd) != 0) return fail("cannot write", errno);
  if (::close(fd) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    return Describe("cannot write", path, error);
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    return Describe("cannot replace", path, error);
  }
  return std::nullopt;
}

// StandardStreamOnto is this process's standard output or error when it
// writes to `file`, else -1.
int StandardStreamOnto(const struct stat& file) {
  for (const int stream : {STDOUT_FILENO, STDERR_FILENO}) {
    struct stat standard {};
    if (::fstat(stream, &standard) == 0 && standard.st_dev == file.st_dev && standard.st_ino == file.st_ino) {
      return stream;
    }
  }
  return -1;
}

// WriteThrough opens `path` for writing, as a shell's `>` does, and writes
// `content` to what it names; the path itself is never replaced.
std::optional<std::string> WriteThrough(const std::string& path, std::string_view content, bool symlink) {
  // This process's own standard output or error (`--junit /dev/stdout`):
  // written through its own descriptor, after what it printed there, as
  // `>&1` would. Opened anew, a file would be truncated under it, and a pipe
  // or socket of another user's might not open at all.
  struct stat named {};
  if (::stat(path.c_str(), &named) == 0) {
    if (const int stream = StandardStreamOnto(named); stream >= 0) {
      std::cout.flush();
      std::fflush(nullptr);
      if (const int error = WriteAll(stream, content)) return Describe("cannot write", path, error);
      return std::nullopt;
    }
  }
  // A shell creates a symlink's missing target; nothing else is created here.
  const int create = symlink ? O_CREAT : 0;
  int fd = -1;
  for (const int mode : {O_WRONLY, O_WRONLY | O_APPEND}) {  // an append-only file opens only for appending
    do {
      fd = ::open(path.c_str(), mode | create | O_NOCTTY | O_CLOEXEC, 0666);
    } while (fd < 0 && errno == EINTR);
    if (fd >= 0 || errno != EPERM) break;
  }
  if (fd < 0) return Describe("cannot open", path, errno);
  struct stat file {};
  if (::fstat(fd, &file) == 0 && S_ISREG(file.st_mode) && (::fcntl(fd, F_GETFL) & O_APPEND) == 0 &&
      ::ftruncate(fd, 0) != 0) {
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_APPEND);  // truncated as `>` would, else appended to
  }
  if (const int error = WriteAll(fd, content)) {
    ::close(fd);
    return Describe("cannot write", path, error);
  }
  if (::close(fd) != 0) return Describe("cannot write", path, errno);
  return std::nullopt;
}

}  // namespace

std::optional<std::string> WriteOutputFile(const std::string& path, std::string_view content) {
  struct stat existing {};
  if (::lstat(path.c_str(), &existing) != 0) {
    if (errno != ENOENT) return Describe("cannot write", path, errno);
    return ReplaceAtomically(path, content, nullptr);
  }
  if (S_ISDIR(existing.st_mode)) return "cannot write " + path + ": it is a directory";
  if (S_ISREG(existing.st_mode)) return ReplaceAtomically(path, content, &existing);
  return WriteThrough(path, content, S_ISLNK(existing.st_mode));
}

std::optional<std::string> WriteOutput(std::ostream& out, std::string_view content) {
  out.write(content.data(), static_cast<std::streamsize>(content.size()));
  out.flush();
  if (!out) return "cannot write to standard output";
  return std::nullopt;
}

}  // namespace lbconform
