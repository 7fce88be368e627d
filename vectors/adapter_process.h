// One adapter process speaking the protocol over its standard input and
// output (docs/contract.md §6), with deadlines on every read and write.
#ifndef LBCONFORM_VECTORS_ADAPTER_PROCESS_H_
#define LBCONFORM_VECTORS_ADAPTER_PROCESS_H_

#include <sys/types.h>

#include <chrono>
#include <string>

namespace lbconform::vectors {

class AdapterProcess {
 public:
  using Clock = std::chrono::steady_clock;

  explicit AdapterProcess(std::string command) : command_(std::move(command)) {}
  ~AdapterProcess() { Kill(); }
  AdapterProcess(const AdapterProcess&) = delete;
  AdapterProcess& operator=(const AdapterProcess&) = delete;

  // Start runs `/bin/sh -c command` in its own process group.
  bool Start(std::string* error);
  bool running() const { return pid_ > 0; }

  // kInterrupted: a stop signal arrived (vectors/run_signals.h).
  enum class Status { kOk, kTimeout, kClosed, kTooLong, kInterrupted };

  // WriteLine sends `line` and a newline before `deadline`.
  Status WriteLine(const std::string& line, Clock::time_point deadline);
  // WriteLineReading is WriteLine that, while the adapter is not reading,
  // reads what it writes (up to `max_buffered` bytes kept for ReadLine), so
  // that a runner sending ahead and an adapter answering never wait on each
  // other's full pipe.
  Status WriteLineReading(const std::string& line, Clock::time_point deadline, std::size_t max_buffered);
  // ReadLine reads one line (without the newline) before `deadline`; a line
  // longer than `max_bytes` is kTooLong.
  Status ReadLine(std::string& line, Clock::time_point deadline, std::size_t max_bytes);

  // Kill ends the whole process group and reaps it; `exit_description` then
  // says how it ended ("exit 3", "signal 11", "killed"). The adapter's
  // descendants that left its group (setsid) are killed too: those still
  // below it, and, once no adapter of this process runs, every process
  // orphaned to this one (Start makes it a child subreaper), all reaped.
  // vectors/README.md says what this does not reach.
  void Kill();
  const std::string& exit_description() const { return exit_description_; }

 private:
  std::string command_;
  pid_t pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  std::string buffer_;  // bytes read past the last line
  std::string exit_description_;
};

}  // namespace lbconform::vectors

#endif  // LBCONFORM_VECTORS_ADAPTER_PROCESS_H_
