// `lbconform` end to end, in-process: the bundled examples, exit statuses,
// hostile input on standard input, profiles, and the committed catalogues.
#include "cli/commands.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/testing/run_cli.h"
#include "documents/documents.h"
#include "engines/engines.h"
#include "report/explain_kinds.h"
#include "report/render.h"

namespace lbconform {
namespace {

using testing::CliRun;
using testing::Lbconform;

std::string Example(const char* name) {
  return (std::filesystem::path(LBCONFORM_SOURCE_DIR) / "examples" / name).string();
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// docs/contract.md §3.2, field for field, on the failover example (FO-25).
TEST(CliDecide, BundledFailoverExampleMatchesTheContract) {
  const CliRun run = Lbconform({"decide", Example("failover-spec-example.json")});
  ASSERT_EQ(run.status, kExitOk) << run.err;
  const auto decision = nlohmann::json::parse(run.out);
  EXPECT_EQ(decision["valid"], true);
  EXPECT_EQ(decision["errors"], nlohmann::json::array());
  EXPECT_EQ(decision["eligible"]["kind"], "BACKUP_HEALTHY");
  EXPECT_EQ(decision["eligible"]["backends"], nlohmann::json({"vm-b1", "vm-b2", "vm-c1", "vm-c2"}));
  EXPECT_EQ(decision["zonalAffinity"]["status"], "DISABLED");
  EXPECT_EQ(decision["modifiedEligible"], decision["eligible"]["backends"]);
  EXPECT_FALSE(decision.contains("trace"));
}

TEST(CliDecide, ZonalAffinityExampleRefines) {
  const CliRun run = Lbconform({"decide", "--trace", Example("zonal-affinity-spillover.json")});
  ASSERT_EQ(run.status, kExitOk) << run.err;
  const auto decision = nlohmann::json::parse(run.out);
  EXPECT_EQ(decision["zonalAffinity"]["status"], "APPLIED");
  EXPECT_EQ(decision["zonalAffinity"]["outcome"], "REFINED");
  EXPECT_EQ(decision["zonalAffinity"]["computedRatio"], "5/5");
  EXPECT_EQ(decision["modifiedEligible"].size(), 5U);
  EXPECT_FALSE(decision["trace"].empty());
}

TEST(CliExplain, NamesEveryStepAndTheFiveSets) {
  const CliRun run = Lbconform({"explain", Example("failover-spec-example.json")});
  ASSERT_EQ(run.status, kExitOk) << run.err;
  for (const char* text : {"[FO-13]", "[FO-9]", "[ZA-12]", "configured backends", "original eligible",
                           "zonal-match test", "zonally matched", "modified eligible", "Result:"}) {
    EXPECT_NE(run.out.find(text), std::string::npos) << text;
  }
}

TEST(CliExplain, RejectedScenarioNamesCodeAndClause) {
  std::string scenario = ReadFile(Example("failover-spec-example.json"));
  scenario.replace(scenario.find("\"failoverRatio\": 0.5"), 20, "\"failoverRatio\": 1.5");
  const CliRun run = Lbconform({"explain", "-"}, scenario);
  EXPECT_EQ(run.status, kExitRejected);
  EXPECT_NE(run.out.find("FAILOVER_RATIO_OUT_OF_RANGE"), std::string::npos);
  EXPECT_NE(run.out.find("[FO-11]"), std::string::npos);
}

TEST(CliDecide, HostileStdinIsRejectedWithACode) {
  const struct {
    std::string input;
    const char* code;
  } cases[] = {{"not json", "MALFORMED_JSON"},
               {std::string(10'000, '[') + std::string(10'000, ']'), "JSON_TOO_DEEP"},
               {std::string(17 * 1024 * 1024, ' '), "INPUT_TOO_LARGE"},
               {R"({"kind": "passthrough", "kind": "passthrough"})", "DUPLICATE_KEY"},
               {"\xff\xfe\x00garbage", "MALFORMED_JSON"}};
  for (const auto& c : cases) {
    const CliRun run = Lbconform({"decide", "-"}, c.input);
    EXPECT_EQ(run.status, kExitRejected) << c.code;
    const auto decision = nlohmann::json::parse(run.out);
    EXPECT_EQ(decision["valid"], false);
    EXPECT_EQ(decision["errors"][0]["code"], c.code);
  }
}

TEST(CliDecide, UsageErrorsExitTwo) {
  EXPECT_EQ(Lbconform({}).status, kExitUsage);
  EXPECT_EQ(Lbconform({"decide", "/nonexistent/scenario.json"}).status, kExitUsage);
  EXPECT_EQ(Lbconform({"decide", "--engine", "fastest", Example("failover-spec-example.json")}).status, kExitUsage);
  EXPECT_EQ(Lbconform({"decide", "--profile", "latest", Example("failover-spec-example.json")}).status, kExitUsage);
  EXPECT_EQ(Lbconform({"frobnicate"}).status, kExitUsage);
  EXPECT_EQ(Lbconform({"--help"}).status, kExitOk);
}

// GAP-8: the profile changes the last-resort case under SPILL_CROSS_ZONE.
TEST(CliDecide, ProfileSelectsTheRevision) {
  std::string scenario = ReadFile(Example("zonal-affinity-spillover.json"));
  for (std::size_t at = scenario.find("\"HEALTHY\""); at != std::string::npos; at = scenario.find("\"HEALTHY\"")) {
    scenario.replace(at, 9, "\"UNHEALTHY\"");
  }
  const auto docs = nlohmann::json::parse(Lbconform({"decide", "-"}, scenario).out);
  const auto en = nlohmann::json::parse(Lbconform({"decide", "--profile", "en-2026-04-02", "-"}, scenario).out);
  EXPECT_EQ(docs["eligible"]["kind"], "ALL_LAST_RESORT");
  EXPECT_EQ(docs["modifiedEligible"].size(), 5U);  // ZA-42: stays in zone
  EXPECT_EQ(en["modifiedEligible"].size(), 10U);   // ZA-EN-2: no change
}

// `lbconform engines` lists every engine of the build once, one a line, in
// the registry's order with the reference first; an optimized engine names
// the kernel it runs.
TEST(CliEngines, ListsTheReference) {
  const CliRun run = Lbconform({"engines"});
  ASSERT_EQ(run.status, kExitOk) << run.err;
  std::vector<std::string> lines;
  std::istringstream out(run.out);
  for (std::string line; std::getline(out, line);) lines.push_back(line);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.front(), "reference");
  const std::vector<const Engine*> engines = AvailableEngines();
  ASSERT_EQ(lines.size(), engines.size()) << run.out;
  std::set<std::string> names;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string name = lines[i].substr(0, lines[i].find(' '));
    EXPECT_TRUE(names.insert(name).second) << name << " is listed twice";
    EXPECT_EQ(FindEngine(name), engines[i]) << lines[i];
    const auto* optimized = dynamic_cast<const optimized::OptimizedEngine*>(engines[i]);
    EXPECT_EQ(lines[i],
              optimized == nullptr ? name : name + " (kernel " + std::string(optimized->active_kernel()) + ")");
  }
}

// docs/*.md are the registries' renderings; regenerate with scripts/render-docs.
TEST(CliCatalogue, CommittedDocsAreUpToDate) {
  const std::filesystem::path docs = std::filesystem::path(LBCONFORM_SOURCE_DIR) / "docs";
  EXPECT_EQ(ReadFile((docs / "clauses.md").string()), RenderClausesMarkdown())
      << "docs/clauses.md is stale: run scripts/render-docs";
  EXPECT_EQ(ReadFile((docs / "gaps.md").string()), RenderGapsMarkdown())
      << "docs/gaps.md is stale: run scripts/render-docs";
  EXPECT_EQ(ReadFile((docs / "error-codes.md").string()), RenderErrorCodesMarkdown())
      << "docs/error-codes.md is stale: run scripts/render-docs";
}

TEST(CliCatalogue, JsonFormatListsEveryClause) {
  const CliRun run = Lbconform({"catalogue", "clauses", "--format", "json"});
  ASSERT_EQ(run.status, kExitOk);
  EXPECT_EQ(nlohmann::json::parse(run.out).size(), AllClauses().size());
}

}  // namespace
}  // namespace lbconform

namespace lbconform {
namespace {

// Every table of kinds has a row per kind of model/kinds.def, in its order:
// each says so in a static_assert, so a kind added there without its rows
// does not build. What the tables give at run time is each kind's own row, and
// a value outside the enumeration is refused rather than read past the end.
TEST(KindTables, EveryKindHasItsEntries) {
  ASSERT_EQ(AllScenarioKinds().size(), kScenarioKindCount);
  for (ScenarioKind kind : AllScenarioKinds()) {
    SCOPED_TRACE(std::string(NameOf(kind)));
    EXPECT_EQ(DocumentsOf(kind).kind, kind);
    EXPECT_EQ(CommandsOf(kind).kind, kind);
    EXPECT_EQ(ScenarioKindFromName(NameOf(kind)), kind);
    EXPECT_FALSE(ProfilesOf(kind).empty());
  }
  const auto outside = static_cast<ScenarioKind>(kScenarioKindCount);
  EXPECT_THROW(DocumentsOf(outside), std::out_of_range);
  EXPECT_THROW(CommandsOf(outside), std::out_of_range);
  EXPECT_THROW(NameOf(outside), std::out_of_range);
}

// The adapter's hello declares the kinds its engine decides, from the table.
TEST(CliAdapter, HelloDeclaresEveryKindTheEngineDecides) {
  const CliRun run = Lbconform({"adapter"}, "{\"type\":\"hello\",\"protocol\":1}\n{\"type\":\"bye\"}\n");
  ASSERT_EQ(run.status, kExitOk) << run.err;
  const auto hello = nlohmann::json::parse(run.out.substr(0, run.out.find('\n')));
  std::vector<std::string> expected;
  for (ScenarioKind kind : AllScenarioKinds()) expected.emplace_back(NameOf(kind));
  EXPECT_EQ(hello["kinds"], nlohmann::json(expected));
}

// Hostile protocol lines get a clear answer, never an abort: an `error` line
// for what cannot be read as a message, `unsupported` for a case whose kind or
// profile is not a known name; an unknown engine is a usage error with a message.
TEST(CliAdapter, HostileMessagesGetAnAnswer) {
  const std::string deep_id = std::string(100'000, '[') + std::string(100'000, ']');
  const std::string deep_input = std::string(100'000, '{');
  const CliRun run = Lbconform({"adapter"},
                               "{\"type\":5}\n"
                               "{\"type\":\"case\",\"id\":1,\"profile\":5,\"input\":{}}\n"
                               "{\"type\":\"case\",\"id\":2,\"kind\":[],\"input\":{}}\n"
                               "{\"type\":\"case\",\"id\":" +
                                   deep_id +
                                   ",\"input\":{}}\n"
                                   "{\"type\":\"case\",\"id\":3,\"input\":" +
                                   deep_input +
                                   "}\n"
                                   "not json\n[1]\n{\"type\":\"nope\"}\n"
                                   "{\"type\":\"bye\"}\n");
  ASSERT_EQ(run.status, kExitOk) << run.err;
  std::vector<nlohmann::json> lines;
  std::istringstream out(run.out);
  for (std::string line; std::getline(out, line);) lines.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(lines.size(), 8u) << run.out;
  EXPECT_EQ(lines[0]["type"], "error");
  EXPECT_EQ(lines[1], nlohmann::json({{"type", "result"}, {"id", 1}, {"unsupported", true}}));
  EXPECT_EQ(lines[2], nlohmann::json({{"type", "result"}, {"id", 2}, {"unsupported", true}}));
  for (std::size_t i : {3u, 4u, 5u, 6u, 7u}) EXPECT_EQ(lines[i]["type"], "error") << lines[i];
  EXPECT_NE(lines[3]["message"].get<std::string>().find("JSON_TOO_DEEP"), std::string::npos);

  const CliRun bogus = Lbconform({"adapter", "--engine", "bogus"}, "{\"type\":\"hello\",\"protocol\":1}\n");
  EXPECT_EQ(bogus.status, kExitUsage);
  EXPECT_NE(bogus.err.find("unknown engine 'bogus'"), std::string::npos) << bogus.err;
  EXPECT_EQ(bogus.out, "");
}

// A stream of `size` bytes of 'x', a newline, then `rest`, made as it is read.
class LongLineBuffer : public std::streambuf {
 public:
  LongLineBuffer(std::size_t size, std::string rest) : left_(size), rest_("\n" + std::move(rest)) {}

 protected:
  int_type underflow() override {
    if (left_ > 0) {
      const std::size_t n = std::min(left_, chunk_.size());
      left_ -= n;
      setg(chunk_.data(), chunk_.data(), chunk_.data() + n);
    } else if (!rest_given_) {
      rest_given_ = true;
      setg(rest_.data(), rest_.data(), rest_.data() + rest_.size());
    } else {
      return traits_type::eof();
    }
    return traits_type::to_int_type(*gptr());
  }

 private:
  std::size_t left_;
  std::string rest_;
  bool rest_given_ = false;
  std::string chunk_ = std::string(1 << 16, 'x');
};

// KibibytesOf reads a "Vm…:  N kB" line of /proc/self/status.
long KibibytesOf(const std::string& field) {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind(field + ":", 0) == 0) return std::stol(line.substr(field.size() + 1));
  }
  return -1;
}

// PeakGrowthServing is how far (KiB) the peak memory of a child process grew
// while `lbconform adapter` read a line of `size` bytes and then a hello;
// `answers` gets what it wrote.
long PeakGrowthServing(std::size_t size, std::string& answers) {
  int pipe_fds[2];
  if (::pipe(pipe_fds) != 0) return -1;
  const pid_t child = ::fork();
  if (child == 0) {
    ::close(pipe_fds[0]);
    std::ofstream("/proc/self/clear_refs") << "5";  // the peak starts from here
    const long before = KibibytesOf("VmHWM");
    LongLineBuffer buffer(size, "{\"type\":\"hello\",\"protocol\":1}\n");
    std::istream in(&buffer);
    std::ostringstream out, err;
    const std::vector<const char*> argv = {"lbconform", "adapter"};
    RunCli(static_cast<int>(argv.size()), argv.data(), in, out, err);
    const std::string report = std::to_string(KibibytesOf("VmHWM") - before) + "\n" + out.str();
    (void)!::write(pipe_fds[1], report.data(), report.size());
    ::_exit(0);
  }
  ::close(pipe_fds[1]);
  std::string report;
  char chunk[4096];
  for (ssize_t n; (n = ::read(pipe_fds[0], chunk, sizeof chunk)) > 0;)
    report.append(chunk, static_cast<std::size_t>(n));
  ::close(pipe_fds[0]);
  ::waitpid(child, nullptr, 0);
  answers = report.substr(report.find('\n') + 1);
  return std::stol(report);
}

// A line over the protocol's 4 MiB is answered with an error and dropped as it
// is read: 300 MB of it cost no more memory than a line at the limit, which
// is still read whole, and a little more. (Compared with that line rather
// than with 4 MiB: ASan's quarantine keeps what the allocator freed.)
TEST(CliAdapter, ALineOverTheLimitIsRefusedWithinBoundedMemory) {
  std::string answers;
  const long at_limit = PeakGrowthServing(4 * 1024 * 1024, answers);
  EXPECT_EQ(answers.find("longer than"), std::string::npos) << answers.substr(0, 200);
  EXPECT_NE(answers.find("unreadable message"), std::string::npos) << answers.substr(0, 200);  // not JSON

  const long growth = PeakGrowthServing(300'000'000, answers);
  std::istringstream lines(answers);
  std::string first, second;
  std::getline(lines, first);
  std::getline(lines, second);
  const nlohmann::json error = nlohmann::json::parse(first, nullptr, false);
  EXPECT_EQ(error.value("type", ""), "error") << first.substr(0, 200);
  EXPECT_NE(error.value("message", "").find("longer than 4194304 bytes"), std::string::npos) << first.substr(0, 200);
  EXPECT_EQ(nlohmann::json::parse(second, nullptr, false).value("type", ""), "hello") << second.substr(0, 200);
  RecordProperty("peak_growth_kib", static_cast<int>(growth));
  RecordProperty("peak_growth_at_the_limit_kib", static_cast<int>(at_limit));
  EXPECT_LE(growth, at_limit + 4 * 1024) << "KiB of peak memory growth, against " << at_limit << " at the limit";
  EXPECT_LT(growth, 64 * 1024) << "KiB of peak memory growth";
}

// Nonsense numbers are refused with a message, not wrapped into huge ones.
TEST(CliExhaustive, NegativeShardsAndLimitsAreRefused) {
  for (const char* shard : {"1/-2", "-1/2", "+0/2", "0/2x", " 0/2", "0/"}) {
    const CliRun run = Lbconform({"exhaustive", "--shard", shard, "--limit", "1"});
    EXPECT_EQ(run.status, kExitUsage) << shard;
    EXPECT_NE(run.err.find("--shard wants I/N"), std::string::npos) << shard << ": " << run.err;
  }
  const CliRun limit = Lbconform({"exhaustive", "--limit", "-1"});
  EXPECT_EQ(limit.status, kExitUsage);
  EXPECT_NE(limit.err.find("--limit"), std::string::npos) << limit.err;
  EXPECT_EQ(Lbconform({"exhaustive", "--shard", "1/2", "--limit", "3"}).status, kExitOk);
}

// A lost answer is an error: standard output on /dev/full exits 4 with a
// message instead of 0 with nothing printed.
TEST(CliOutput, WriteErrorsOnStandardOutputAreErrors) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"decide", Example("failover-spec-example.json")},
        std::vector<std::string>{"explain", Example("failover-spec-example.json")},
        std::vector<std::string>{"plot", Example("service-lb-policy/three-regions.json"), "-o", "-"}}) {
    std::vector<const char*> argv = {"lbconform"};
    for (const std::string& a : args) argv.push_back(a.c_str());
    std::istringstream in;
    std::ofstream full("/dev/full");
    std::ostringstream err;
    EXPECT_EQ(RunCli(static_cast<int>(argv.size()), argv.data(), in, full, err), kExitWriteFailed) << args[0];
    EXPECT_NE(err.str().find("cannot write"), std::string::npos) << args[0] << ": " << err.str();
  }
}

// plot escapes names for XML (control characters included) and writes its file
// whole: the SVG parses, and an unwritable target is an error.
TEST(CliPlot, NamesWithControlCharactersStillMakeWellFormedSvg) {
  auto doc = nlohmann::json::parse(ReadFile(Example("service-lb-policy/three-regions.json")));
  doc["clients"][0]["name"] = std::string("a\x01<b>&'\"\x1f\xEF\xBF\xBF") + "\x7f";
  doc["backendService"]["name"] = std::string("bs\x02");
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "lbconform_plot_test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string input = (dir / "in.json").string();
  std::ofstream(input) << doc.dump();
  const std::string svg = (dir / "plan.svg").string();
  const CliRun run = Lbconform({"plot", input, "-o", svg});
  ASSERT_EQ(run.status, kExitOk) << run.err << run.out;
  const std::string check = "python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' " + svg;
  EXPECT_EQ(std::system(check.c_str()), 0) << ReadFile(svg).substr(0, 2000);
  const CliRun unwritable = Lbconform({"plot", input, "-o", (dir / "missing" / "plan.svg").string()});
  EXPECT_EQ(unwritable.status, kExitWriteFailed);
  EXPECT_NE(unwritable.err.find("cannot write"), std::string::npos) << unwritable.err;
  std::filesystem::remove_all(dir);
}

// regen rewrites only the file whose expectation changed, and only that
// expectation: every other byte (key order, inputs, other files) stays.
TEST(CliVectors, RegenTouchesOnlyWhatChanges) {
  const std::filesystem::path source = std::filesystem::path(LBCONFORM_SOURCE_DIR) / "vectors";
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "lbconform_regen_test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  for (const char* folder : {"spec_examples", "edge_cases", "regressions", "schema"}) {
    std::filesystem::copy(source / folder, dir / folder, std::filesystem::copy_options::recursive);
  }
  const std::filesystem::path changed = dir / "edge_cases" / "failover_table.json";
  const std::string original = ReadFile(changed.string());
  const std::string needle = "\"kind\": \"BACKUP_HEALTHY\"";
  const std::size_t at = original.find(needle);
  ASSERT_NE(at, std::string::npos);
  std::string edited = original;
  edited.replace(at, needle.size(), "\"kind\": \"ALL_HEALTHY\"");
  std::ofstream(changed, std::ios::binary) << edited;
  std::map<std::string, std::filesystem::file_time_type> times;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (entry.is_regular_file()) times[entry.path().string()] = entry.last_write_time();
  }
  const CliRun run = Lbconform({"vectors", "regen", "--vectors", dir.string()});
  ASSERT_EQ(run.status, kExitOk) << run.out << run.err;
  EXPECT_NE(run.out.find("1 rewritten in 1 files"), std::string::npos) << run.out;
  EXPECT_EQ(ReadFile(changed.string()), original);
  for (const auto& [path, time] : times) {
    if (path != changed.string()) {
      EXPECT_EQ(std::filesystem::last_write_time(path), time) << path;
    }
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace lbconform
