#include "vectors/adapter_process.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <thread>
#include <vector>

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

// ------------------------------ What an adapter leaves behind

// The adapters of this process that are running: the processes orphaned to
// it are killed only when none is (a running adapter's helpers may be
// among them).
std::set<pid_t>& RunningAdapters() {
  static std::set<pid_t> running;
  return running;
}

// ParentsOfProcesses maps every process /proc shows to its parent: the slow
// way to find children, for kernels that do not list them.
std::map<pid_t, pid_t> ParentsOfProcesses() {
  std::map<pid_t, pid_t> parents;
  DIR* proc = opendir("/proc");
  if (proc == nullptr) return parents;
  while (const dirent* entry = readdir(proc)) {
    char* end = nullptr;
    const long pid = std::strtol(entry->d_name, &end, 10);
    if (end == entry->d_name || *end != '\0' || pid <= 0) continue;
    // "pid (comm) state ppid …": the command may hold spaces and parentheses.
    std::ifstream stat(std::string("/proc/") + entry->d_name + "/stat");
    std::string text;
    std::getline(stat, text);
    const std::size_t close = text.rfind(')');
    if (close == std::string::npos || close + 4 >= text.size()) continue;
    const long parent = std::strtol(text.c_str() + close + 4, nullptr, 10);
    parents[static_cast<pid_t>(pid)] = static_cast<pid_t>(parent);
  }
  closedir(proc);
  return parents;
}

// ChildrenOf are the children of `pid`, as its threads list them
// (/proc/PID/task/*/children), or else as /proc says their parents are.
std::vector<pid_t> ChildrenOf(pid_t pid) {
  const std::string tasks = "/proc/" + std::to_string(pid) + "/task";
  DIR* dir = opendir(tasks.c_str());
  if (dir == nullptr) return {};  // gone
  std::vector<pid_t> children;
  bool listed = false;
  while (const dirent* entry = readdir(dir)) {
    if (entry->d_name[0] == '.') continue;
    std::ifstream file(tasks + "/" + entry->d_name + "/children");
    listed = listed || file.is_open();
    for (long child = 0; file >> child;) children.push_back(static_cast<pid_t>(child));
  }
  closedir(dir);
  if (listed) return children;
  for (const auto& [process, parent] : ParentsOfProcesses()) {
    if (parent == pid) children.push_back(process);
  }
  return children;
}

// DescendantsOf are the children of `roots`, their children, and so on.
std::vector<pid_t> DescendantsOf(const std::vector<pid_t>& roots) {
  std::vector<pid_t> found;
  std::set<pid_t> reached(roots.begin(), roots.end());
  std::vector<pid_t> next = roots;
  while (!next.empty()) {
    const pid_t pid = next.back();
    next.pop_back();
    for (const pid_t child : ChildrenOf(pid)) {
      if (!reached.insert(child).second) continue;
      found.push_back(child);
      next.push_back(child);
    }
  }
  return found;
}

// KillDescendants kills every process below `root`, even those that left its
// process group or session (setsid), until none is left or after a few
// rounds (a process forking as fast as they are killed).
void KillDescendants(pid_t root) {
  for (int round = 0; round < 5; ++round) {
    const std::vector<pid_t> descendants = DescendantsOf({root});
    if (descendants.empty()) return;
    for (const pid_t pid : descendants) kill(pid, SIGKILL);
  }
}

// KillOrphans kills and reaps the processes orphaned to this one (it is a
// child subreaper): what an adapter that ended left running, and its
// descendants; each such child is waited for, so no zombie stays.
void KillOrphans() {
  for (int round = 0; round < 10; ++round) {
    std::vector<pid_t> orphans;
    for (const pid_t child : ChildrenOf(getpid())) {
      if (RunningAdapters().count(child) == 0) orphans.push_back(child);
    }
    if (orphans.empty()) return;
    for (const pid_t pid : DescendantsOf(orphans)) kill(pid, SIGKILL);
    for (const pid_t pid : orphans) {
      kill(pid, SIGKILL);
      while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
      }
    }
  }
}

}  // namespace

bool AdapterProcess::Start(std::string* error) {
  Kill();
  // A write to an adapter that died must be an error, not a SIGPIPE.
  signal(SIGPIPE, SIG_IGN);
  // What the adapter orphans (a grandchild that called setsid, a daemon)
  // becomes this process's child, not init's, so that Kill finds it.
  static const bool subreaper = prctl(PR_SET_CHILD_SUBREAPER, 1) == 0;
  (void)subreaper;
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
  RunningAdapters().insert(pid);
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
  bool exited = false;
  for (int i = 0; i < 20 && !exited; ++i) {
    exited = waitpid(pid_, &status, WNOHANG) != 0;  // or already reaped
    if (!exited) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (!exited) {
    KillDescendants(pid_);  // found while the adapter still holds them
    kill(-pid_, SIGKILL);
    waitpid(pid_, &status, 0);
    exit_description_ = "killed";
  } else {
    if (WIFEXITED(status)) exit_description_ = "exit " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) exit_description_ = "signal " + std::to_string(WTERMSIG(status));
    kill(-pid_, SIGKILL);  // anything the adapter left running in its group
  }
  RunningAdapters().erase(pid_);
  pid_ = -1;
  if (RunningAdapters().empty()) KillOrphans();
}

}  // namespace lbconform::vectors
