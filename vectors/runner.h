// `lbconform run`: the golden vectors against an implementation — a built-in
// engine, or a third party's adapter over the protocol (docs/contract.md §6).
#ifndef LBCONFORM_VECTORS_RUNNER_H_
#define LBCONFORM_VECTORS_RUNNER_H_

#include <nlohmann/json.hpp>

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/model.h"
#include "vectors/adapter_process.h"
#include "vectors/vector_file.h"

namespace lbconform::vectors {

struct CaseRequest {
  std::string case_id;  // "<vector id>@<profile>"
  const VectorTest* test = nullptr;
  Profile profile = Profile::kSpecDocs;
  // The whole run's deadline: no case, and no restart, may outlast it.
  std::chrono::steady_clock::time_point run_deadline = std::chrono::steady_clock::time_point::max();
};

struct Answer {
  enum class Kind { kDecision, kUnsupported, kProblem } kind = Kind::kProblem;
  nlohmann::json decision;
  std::string problem;  // what the adapter did wrong
};

class Implementation {
 public:
  virtual ~Implementation() = default;
  virtual std::string name() const = 0;
  virtual std::string version() const = 0;
  virtual Answer Decide(const CaseRequest& request) = 0;
  virtual void Finish() {}
};

// InterpretHello and InterpretAnswer are the runner's protocol reader: what
// an adapter's hello line and its answer to case `case_id` mean. They accept
// any bytes; a problem always says what was wrong.
struct HelloInfo {
  bool ok = false;
  std::string name;
  std::string version;
  std::string problem;
};
HelloInfo InterpretHello(const std::string& line);
Answer InterpretAnswer(const std::string& line, const std::string& case_id);

// EngineImplementation runs a built-in engine in-process.
class EngineImplementation final : public Implementation {
 public:
  explicit EngineImplementation(const Engine& engine) : engine_(engine) {}
  std::string name() const override { return std::string(engine_.name()); }
  std::string version() const override { return kSuiteVersion; }
  Answer Decide(const CaseRequest& request) override;

 private:
  const Engine& engine_;
};

struct AdapterOptions {
  std::string command;
  std::chrono::milliseconds case_timeout{5000};
  std::chrono::milliseconds start_timeout{10000};
  std::size_t max_line_bytes = 4 * 1024 * 1024;
  int max_consecutive_start_failures = 3;
};

// AdapterImplementation drives a third-party adapter. It never trusts it: a
// case that times out, crashes it, closes its pipe, writes something that is
// not the expected JSON answer, or floods its output is reported as a
// problem for that case, the adapter is restarted, and the run goes on.
class AdapterImplementation final : public Implementation {
 public:
  explicit AdapterImplementation(AdapterOptions options)
      : options_(std::move(options)), process_(options_.command) {}
  std::string name() const override { return name_; }
  std::string version() const override { return version_; }
  Answer Decide(const CaseRequest& request) override;
  void Finish() override;

 private:
  bool EnsureStarted(AdapterProcess::Clock::time_point run_deadline, std::string* problem);
  Answer Fail(std::string problem);

  AdapterOptions options_;
  AdapterProcess process_;
  std::string name_ = "adapter";
  std::string version_ = "?";
  int start_failures_ = 0;
  bool given_up_ = false;
};

enum class Disposition { kPassed, kFailed, kAdapterError, kUnsupported, kKnownFailure, kSkipped };
std::string_view NameOf(Disposition disposition);

struct CaseResult {
  std::string id;
  std::string file;  // origin/name, e.g. edge_cases/failover_table.json
  int tc_id = 0;
  Profile profile = Profile::kSpecDocs;
  std::vector<std::string> clauses;
  std::vector<std::string> flags;
  Disposition disposition = Disposition::kSkipped;
  std::string field;   // the normative field that differs
  std::string detail;  // adapter problem, known-failure reason, …
  nlohmann::json expected;
  nlohmann::json actual;
};

struct KnownFailure {
  std::string id;
  std::optional<Profile> profile;
  std::string reason;
};

// LoadExpectations reads {"knownFailures": [{"id", "profile"?, "reason"}]}.
std::optional<std::vector<KnownFailure>> LoadExpectations(const std::string& path, std::string* error);

struct RunOptions {
  std::vector<Profile> profiles;              // empty: every profile
  std::vector<std::string> id_patterns;       // glob (fnmatch) on vector ids
  std::vector<std::string> clauses;           // a vector citing any of them
  std::vector<std::string> flags;             // a vector carrying any of them
  std::vector<KnownFailure> known_failures;
  std::chrono::seconds run_timeout{1800};
  std::function<void(std::size_t done, std::size_t total)> progress;
};

struct ProfileCounts {
  int passed = 0, failed = 0, adapter_errors = 0, unsupported = 0, known_failures = 0, skipped = 0;
};

struct RunReport {
  std::string implementation;
  std::string implementation_version;
  std::string suite_version = kSuiteVersion;
  std::string vector_digest;
  bool timed_out = false;
  std::vector<CaseResult> results;

  std::map<Profile, ProfileCounts> Counts() const;
  // RequiredPassed: no failure and no adapter error (known failures and
  // declared-unsupported cases do not fail a run), and the run completed.
  bool RequiredPassed() const;
};

RunReport RunVectors(const std::vector<VectorFile>& files, Implementation& implementation,
                     const RunOptions& options);

// VectorDigest identifies the vector set: FNV-1a 64 over the files' bytes.
std::string VectorDigest(const std::vector<VectorFile>& files);

std::string SummaryText(const RunReport& report);
nlohmann::json ReportJson(const RunReport& report);
std::string JUnitXml(const std::vector<RunReport>& reports);

}  // namespace lbconform::vectors

#endif  // LBCONFORM_VECTORS_RUNNER_H_
