#include "check/findings_store.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <ostream>

#include "check/deadline.h"
#include "check/finding_text.h"
#include "check/judge.h"
#include "check/readings_match.h"
#include "documents/output_files.h"
#include "vectors/vector_file.h"

namespace lbconform {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// Replay asks one stored test and says what it is now.
StoredCase Replay(vectors::Implementation& implementation, const vectors::VectorFile& file,
                  const vectors::VectorTest& test) {
  StoredCase stored{file.path.string(), test.id, StoredCase::Now::kNotReplayed, "", {}};
  const Profile profile = test.profiles.empty() ? Profile::kSpecDocs : test.profiles.front();
  json document = test.input;
  const Outcome outcome = Ask(implementation, file.kind, profile, document, "findings/" + test.id, Deadline::Never());
  switch (outcome.kind) {
    case Outcome::Kind::kAgree:
      stored.now = StoredCase::Now::kFixed;
      return stored;
    case Outcome::Kind::kUnsupported:
      stored.now = StoredCase::Now::kUnsupported;
      stored.how = "answered unsupported";
      return stored;
    case Outcome::Kind::kDisagree:
    case Outcome::Kind::kAdapterError:
      break;
    default:
      stored.how = "interrupted";
      return stored;
  }
  if (const readings::WrongEngineInfo* reading =
          AcceptedReadingAnswering(file.kind, document, profile, outcome.actual)) {
    stored.now = StoredCase::Now::kAcceptedReading;
    stored.how = "answered as the accepted other reading " + OtherReadingLabel(*reading);
    return stored;
  }
  stored.now = StoredCase::Now::kStillFails;
  stored.signature = {std::string(NameOf(file.kind)), outcome.failure.Signature(),
                      MisreadingNamesAnswering(file.kind, document, profile, outcome.actual)};
  stored.how = stored.signature.Text();
  return stored;
}

std::string_view Label(StoredCase::Now now) {
  switch (now) {
    case StoredCase::Now::kStillFails:
      return "still fails";
    case StoredCase::Now::kFixed:
      return "fixed";
    case StoredCase::Now::kAcceptedReading:
      return "accepted";
    case StoredCase::Now::kUnsupported:
      return "unsupported";
    default:
      return "not replayed";
  }
}

void PrintReplay(const std::string& dir, const StoreReplay& replay, std::ostream& out) {
  std::size_t fixed = 0;
  for (const StoredCase& c : replay.cases) fixed += c.now == StoredCase::Now::kFixed ? 1 : 0;
  out << fmt::format("check: findings store {}: {} stored {} replayed first in {:.2f} s: {} still {}, {} fixed\n", dir,
                     replay.cases.size(), replay.cases.size() == 1 ? "case" : "cases", replay.seconds,
                     replay.StillFailing(), replay.StillFailing() == 1 ? "fails" : "fail", fixed);
  for (const StoredCase& c : replay.cases) {
    out << fmt::format("  {:<12} {} ({}){}\n", Label(c.now), c.path, c.id, c.how.empty() ? "" : ": " + c.how);
  }
}

}  // namespace

std::size_t StoreReplay::StillFailing() const {
  return static_cast<std::size_t>(std::count_if(
      cases.begin(), cases.end(), [](const StoredCase& c) { return c.now == StoredCase::Now::kStillFails; }));
}

std::optional<StoreReplay> ReplayStore(vectors::Implementation& implementation, const std::string& dir,
                                       const std::vector<ScenarioKind>& kinds, std::ostream& out, std::string& error) {
  StoreReplay replay;
  const auto start = std::chrono::steady_clock::now();
  std::error_code ec;
  if (!fs::exists(dir, ec)) {
    out << fmt::format("check: findings store {}: empty (made when a finding is stored)\n", dir);
    return replay;
  }
  if (!fs::is_directory(dir, ec)) {
    error = "not a folder";
    return std::nullopt;
  }
  const std::optional<std::vector<vectors::VectorFile>> files = vectors::LoadVectorDirectory(dir, &error);
  if (!files) return std::nullopt;
  for (const vectors::VectorFile& file : *files) {
    for (const vectors::VectorGroup& group : file.groups) {
      for (const vectors::VectorTest& test : group.tests) {
        if (std::find(kinds.begin(), kinds.end(), file.kind) == kinds.end()) {
          replay.cases.push_back({file.path.string(),
                                  test.id,
                                  StoredCase::Now::kNotReplayed,
                                  fmt::format("kind {} is not checked", NameOf(file.kind)),
                                  {}});
          continue;
        }
        replay.cases.push_back(Replay(implementation, file, test));
      }
    }
  }
  replay.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  PrintReplay(dir, replay, out);
  return replay;
}

std::optional<std::vector<std::string>> StoreFindings(const std::string& dir, const CheckOptions& options,
                                                      const CheckResult& result, const StoreReplay& replay,
                                                      std::ostream& err) {
  std::vector<std::string> written;
  const fs::path folder = fs::path(dir) / "regressions";
  for (const CheckFinding& finding : result.findings) {
    if (!finding.mixed_reading.empty()) continue;  // no vector judges a mix alone
    const FindingSignature signature = finding.Signature();
    const bool stored = std::any_of(replay.cases.begin(), replay.cases.end(), [&](const StoredCase& c) {
      return c.now == StoredCase::Now::kStillFails && c.signature.SameFinding(signature);
    });
    if (stored) continue;
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (ec) {
      err << fmt::format("lbconform: cannot create {}: {}\n", folder.string(), ec.message());
      return std::nullopt;
    }
    const fs::path path =
        folder / fmt::format("check-{}-seed-{}-case-{}.json", NameOf(finding.kind), options.seed, finding.case_index);
    const std::string reproduce = ReproduceCommand(options, finding.kind, finding.case_index);
    if (auto problem = WriteOutputFile(path.string(), VectorText(finding, options.seed, reproduce))) {
      err << "lbconform: " << *problem << "\n";
      return std::nullopt;
    }
    written.push_back(path.string());
  }
  return written;
}

}  // namespace lbconform
