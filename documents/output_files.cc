#include "documents/output_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>

namespace lbconform {

namespace {

std::string Describe(const std::string& what, const std::string& path, int error) {
  return what + " " + path + ": " + std::strerror(error);
}

}  // namespace

std::optional<std::string> WriteFileAtomically(const std::string& path, std::string_view content) {
  const std::filesystem::path target(path);
  std::error_code ec;
  if (std::filesystem::is_directory(target, ec)) return "cannot write " + path + ": it is a directory";
  std::string temporary = (target.parent_path() / ("." + target.filename().string() + ".lbconform-XXXXXX")).string();
  const int fd = mkstemp(temporary.data());
  if (fd < 0) return Describe("cannot create a file beside", path, errno);
  std::size_t written = 0;
  while (written < content.size()) {
    const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int error = n < 0 ? errno : EIO;
      ::close(fd);
      ::unlink(temporary.c_str());
      return Describe("cannot write", path, error);
    }
    written += static_cast<std::size_t>(n);
  }
  // mkstemp creates 0600; a report or scenario is an ordinary file.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  if (::fchmod(fd, 0666 & ~mask) != 0 || ::fsync(fd) != 0) {
    const int error = errno;
    ::close(fd);
    ::unlink(temporary.c_str());
    return Describe("cannot write", path, error);
  }
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

std::optional<std::string> WriteOutput(std::ostream& out, std::string_view content) {
  out.write(content.data(), static_cast<std::streamsize>(content.size()));
  out.flush();
  if (!out) return "cannot write to standard output";
  return std::nullopt;
}

}  // namespace lbconform
