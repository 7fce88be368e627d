#include "vectors/adapter_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

#include "vectors/run_signals.h"

namespace lbconform::vectors {
namespace {

// Polls wait in slices, so that a stop signal that lands just before a poll
// is noticed within one slice.
constexpr long long kPollSliceMs = 100;

int MillisecondsLeft(AdapterProcess::Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - AdapterProcess::Clock::now());
  return left.count() <= 0 ? 0 : static_cast<int>(std::min<long long>(left.count(), kPollSliceMs));
}

}  // namespace

bool AdapterProcess::Start(std::string* error) {
  Kill();
  // A write to an adapter that died must be an error, not a SIGPIPE.
  signal(SIGPIPE, SIG_IGN);
  int in_pipe[2];
  int out_pipe[2];
  if (pipe(in_pipe) != 0 || pipe(out_pipe) != 0) {
    if (error != nullptr) *error = std::string("pipe: ") + std::strerror(errno);
    return false;
  }
  const pid_t pid = fork();
  if (pid < 0) {
    if (error != nullptr) *error = std::string("fork: ") + std::strerror(errno);
    return false;
  }
  if (pid == 0) {
    setpgid(0, 0);
    dup2(in_pipe[0], STDIN_FILENO);
    dup2(out_pipe[1], STDOUT_FILENO);
    close(in_pipe[0]);
    close(in_pipe[1]);
    close(out_pipe[0]);
    close(out_pipe[1]);
    execl("/bin/sh", "sh", "-c", command_.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  setpgid(pid, pid);
  close(in_pipe[0]);
  close(out_pipe[1]);
  pid_ = pid;
  to_child_ = in_pipe[1];
  from_child_ = out_pipe[0];
  fcntl(to_child_, F_SETFL, fcntl(to_child_, F_GETFL) | O_NONBLOCK);
  fcntl(from_child_, F_SETFL, fcntl(from_child_, F_GETFL) | O_NONBLOCK);
  fcntl(to_child_, F_SETFD, FD_CLOEXEC);
  fcntl(from_child_, F_SETFD, FD_CLOEXEC);
  buffer_.clear();
  exit_description_.clear();
  return true;
}

AdapterProcess::Status AdapterProcess::WriteLine(const std::string& line, Clock::time_point deadline) {
  return WriteLineReading(line, deadline, 0);  // reads nothing while it writes
}

AdapterProcess::Status AdapterProcess::WriteLineReading(const std::string& line, Clock::time_point deadline,
                                                        std::size_t max_buffered) {
  if (to_child_ < 0) return Status::kClosed;
  const std::string data = line + "\n";
  std::size_t written = 0;
  bool output_open = from_child_ >= 0;
  char chunk[65536];
  while (written < data.size()) {
    const ssize_t n = write(to_child_, data.data() + written, data.size() - written);
    if (n > 0) {
      written += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno != EAGAIN && errno != EINTR) return Status::kClosed;
    if (PendingRunSignal() != 0) return Status::kInterrupted;
    if (Clock::now() >= deadline) return Status::kTimeout;
    pollfd fds[2] = {{to_child_, POLLOUT, 0}, {from_child_, POLLIN, 0}};
    const bool reading = output_open && buffer_.size() < max_buffered;
    const int ready = poll(fds, reading ? 2 : 1, MillisecondsLeft(deadline));
    if (ready == 0) continue;
    if (ready < 0) {
      if (errno == EINTR) continue;
      return Status::kClosed;
    }
    if (reading && (fds[1].revents & (POLLIN | POLLHUP | POLLERR))) {
      const ssize_t got = read(from_child_, chunk, sizeof chunk);
      if (got > 0) {
        buffer_.append(chunk, static_cast<std::size_t>(got));
      } else if (got == 0 || (errno != EAGAIN && errno != EINTR)) {
        output_open = false;  // ReadLine says so when the answer is due
      }
    }
    if (fds[0].revents & (POLLERR | POLLHUP)) return Status::kClosed;
  }
  return Status::kOk;
}

AdapterProcess::Status AdapterProcess::ReadLine(std::string& line, Clock::time_point deadline, std::size_t max_bytes) {
  if (from_child_ < 0) return Status::kClosed;
  char chunk[65536];
  while (true) {
    const std::size_t newline = buffer_.find('\n');
    if (newline != std::string::npos) {
      if (newline > max_bytes) return Status::kTooLong;
      line = buffer_.substr(0, newline);
      buffer_.erase(0, newline + 1);
      return Status::kOk;
    }
    if (buffer_.size() > max_bytes) return Status::kTooLong;
    if (PendingRunSignal() != 0) return Status::kInterrupted;
    // Polled once more at the deadline: an answer sent ahead may be waiting
    // in the pipe while the runner was busy.
    pollfd fd{from_child_, POLLIN, 0};
    const int ready = poll(&fd, 1, MillisecondsLeft(deadline));
    if (ready == 0) {
      if (Clock::now() >= deadline) return Status::kTimeout;
      continue;
    }
    if (ready < 0) {
      if (errno == EINTR) continue;
      return Status::kClosed;
    }
    const ssize_t n = read(from_child_, chunk, sizeof chunk);
    if (n > 0) {
      buffer_.append(chunk, static_cast<std::size_t>(n));
    } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
      return Status::kClosed;
    }
  }
}

void AdapterProcess::Kill() {
  if (to_child_ >= 0) close(to_child_);
  if (from_child_ >= 0) close(from_child_);
  to_child_ = from_child_ = -1;
  if (pid_ <= 0) return;
  int status = 0;
  // Give a well-behaved adapter a moment to exit on its own after `bye`.
  for (int i = 0; i < 20 && waitpid(pid_, &status, WNOHANG) == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    if (i == 19) {
      kill(-pid_, SIGKILL);
      waitpid(pid_, &status, 0);
      exit_description_ = "killed";
      pid_ = -1;
      return;
    }
  }
  if (WIFEXITED(status)) exit_description_ = "exit " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) exit_description_ = "signal " + std::to_string(WTERMSIG(status));
  kill(-pid_, SIGKILL);  // anything the adapter left running in its group
  pid_ = -1;
}

}  // namespace lbconform::vectors
