// `lbconform` end to end, in-process: the bundled examples, exit statuses,
// hostile input on standard input, profiles, and the committed catalogues.
#include "cli/commands.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/testing/run_cli.h"
#include "documents/documents.h"
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

TEST(CliEngines, ListsTheReference) {
  const CliRun run = Lbconform({"engines"});
  EXPECT_EQ(run.status, kExitOk);
  EXPECT_NE(run.out.find("reference"), std::string::npos);
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

// Both tables of kinds have an entry for every kind of model/kinds.def, in
// its order, so a kind added there without its entries fails here.
TEST(KindTables, EveryKindHasItsEntries) {
  for (ScenarioKind kind : AllScenarioKinds()) {
    SCOPED_TRACE(std::string(NameOf(kind)));
    EXPECT_EQ(DocumentsOf(kind).kind, kind);
    EXPECT_EQ(CommandsOf(kind).kind, kind);
    EXPECT_EQ(ScenarioKindFromName(NameOf(kind)), kind);
    EXPECT_FALSE(ProfilesOf(kind).empty());
  }
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
