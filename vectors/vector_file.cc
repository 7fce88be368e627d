#include "vectors/vector_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>

namespace lbconform::vectors {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

// tcId and numberOfTests fit an int; anything larger is an error, never wrapped.
constexpr long long kMaxCount = std::numeric_limits<int>::max();

struct ParseFailure {
  std::string message;
};

[[noreturn]] void Fail(const std::string& path, const std::string& message) {
  throw ParseFailure{fmt::format("{}: {}", path.empty() ? "/" : path, message)};
}

// Strict reads an object and fails on any key outside `allowed`.
void Strict(const json& object, const std::string& path, std::initializer_list<const char*> allowed) {
  if (!object.is_object()) Fail(path, "expected an object");
  for (auto it = object.begin(); it != object.end(); ++it) {
    if (std::none_of(allowed.begin(), allowed.end(), [&](const char* k) { return it.key() == k; })) {
      Fail(path + "/" + it.key(), "unknown key");
    }
  }
}

const json& At(const json& object, const std::string& path, const char* key) {
  auto it = object.find(key);
  if (it == object.end()) Fail(path + "/" + key, "missing");
  return *it;
}

std::string String(const json& object, const std::string& path, const char* key) {
  const json& v = At(object, path, key);
  if (!v.is_string()) Fail(path + "/" + key, "expected a string");
  return v.get<std::string>();
}

std::vector<std::string> Strings(const json& object, const std::string& path, const char* key, bool required) {
  auto it = object.find(key);
  if (it == object.end()) {
    if (required) Fail(path + "/" + key, "missing");
    return {};
  }
  if (!it->is_array()) Fail(path + "/" + key, "expected an array of strings");
  std::vector<std::string> out;
  for (const json& v : *it) {
    if (!v.is_string()) Fail(path + "/" + key, "expected an array of strings");
    out.push_back(v.get<std::string>());
  }
  return out;
}

VectorTest ParseTest(const json& t, const std::string& path) {
  Strict(t, path,
         {"tcId", "id", "comment", "flags", "clauses", "statements", "profiles", "handChecked", "input", "inputText",
          "result", "expected"});
  VectorTest test;
  const json& tc_id = At(t, path, "tcId");
  if (!tc_id.is_number_integer() || (tc_id.is_number_unsigned() && tc_id.get<std::uint64_t>() > kMaxCount) ||
      tc_id.get<long long>() < 1 || tc_id.get<long long>() > kMaxCount) {
    Fail(path + "/tcId", fmt::format("expected an integer from 1 to {}", kMaxCount));
  }
  test.tc_id = tc_id.get<int>();
  test.id = String(t, path, "id");
  test.comment = String(t, path, "comment");
  if (test.comment.empty()) Fail(path + "/comment", "every vector says why it is there");
  test.flags = Strings(t, path, "flags", true);
  test.clauses = Strings(t, path, "clauses", true);
  test.statements = Strings(t, path, "statements", false);  // lint requires them of lbconform's own vectors
  for (const std::string& name : Strings(t, path, "profiles", false)) {
    auto profile = ProfileFromName(name);
    if (!profile) Fail(path + "/profiles", "unknown profile " + name);
    test.profiles.push_back(*profile);
  }
  if (auto it = t.find("handChecked"); it != t.end()) {
    if (!it->is_boolean()) Fail(path + "/handChecked", "expected a boolean");
    test.hand_checked = it->get<bool>();
  }
  const bool has_input = t.contains("input");
  const bool has_text = t.contains("inputText");
  if (has_input == has_text) Fail(path, "exactly one of input and inputText");
  if (has_input) {
    test.input = t.at("input");
    if (!test.input.is_object()) Fail(path + "/input", "expected a scenario object");
  } else {
    if (!t.at("inputText").is_string()) Fail(path + "/inputText", "expected a string");
    test.input = t.at("inputText");  // a raw document (malformed on purpose)
  }
  const std::string result = String(t, path, "result");
  if (result == "valid") {
    test.result = Result::kValid;
  } else if (result == "invalid") {
    test.result = Result::kInvalid;
  } else if (result == "acceptable") {
    test.result = Result::kAcceptable;
  } else {
    Fail(path + "/result", "expected valid, invalid or acceptable");
  }
  const json& expected = At(t, path, "expected");
  if (test.result == Result::kAcceptable) {
    if (!expected.is_array() || expected.empty()) Fail(path + "/expected", "acceptable lists the allowed decisions");
    for (const json& e : expected) {
      if (!e.is_object()) Fail(path + "/expected", "expected decision objects");
      test.expected.push_back(e);
    }
  } else {
    if (!expected.is_object()) Fail(path + "/expected", "expected a decision object");
    test.expected.push_back(expected);
  }
  return test;
}

}  // namespace

std::string_view NameOf(Result result) {
  switch (result) {
    case Result::kValid:
      return "valid";
    case Result::kInvalid:
      return "invalid";
    case Result::kAcceptable:
      return "acceptable";
  }
  return "?";
}

bool VectorTest::AppliesTo(Profile profile) const {
  const std::span<const Profile> of_kind = ProfilesOf(kind);
  if (std::find(of_kind.begin(), of_kind.end(), profile) == of_kind.end()) return false;
  return profiles.empty() || std::find(profiles.begin(), profiles.end(), profile) != profiles.end();
}

std::optional<VectorFile> ParseVectorFile(std::string_view text, std::string* error) {
  if (!JsonDepthWithin(text, kMaxVectorFileDepth)) {
    if (error != nullptr) *error = fmt::format("nested deeper than {} levels", kMaxVectorFileDepth);
    return std::nullopt;
  }
  // A duplicate key would silently keep one of two values: refuse it.
  std::vector<std::set<std::string>> open_objects;
  std::optional<std::string> duplicate;
  auto callback = [&](int /*depth*/, json::parse_event_t event, json& parsed) {
    if (event == json::parse_event_t::object_start) open_objects.emplace_back();
    if (event == json::parse_event_t::object_end && !open_objects.empty()) open_objects.pop_back();
    if (event == json::parse_event_t::key && !open_objects.empty() && parsed.is_string() &&
        !open_objects.back().insert(parsed.get<std::string>()).second && !duplicate) {
      duplicate = parsed.get<std::string>();
    }
    return true;
  };
  const json root = json::parse(text.begin(), text.end(), callback, /*allow_exceptions=*/false);
  if (root.is_discarded()) {
    if (error != nullptr) *error = "not valid JSON";
    return std::nullopt;
  }
  if (duplicate) {
    if (error != nullptr) *error = "key \"" + *duplicate + "\" appears twice in one object";
    return std::nullopt;
  }
  try {
    Strict(root, "", {"schema", "suiteVersion", "kind", "numberOfTests", "header", "notes", "testGroups"});
    VectorFile file;
    file.schema = String(root, "", "schema");
    file.suite_version = String(root, "", "suiteVersion");
    const std::string kind = String(root, "", "kind");
    const std::optional<ScenarioKind> parsed_kind = ScenarioKindFromName(kind);
    if (!parsed_kind) Fail("/kind", "unknown kind " + kind);
    file.kind = *parsed_kind;
    const json& count = At(root, "", "numberOfTests");
    if (!count.is_number_integer() || (count.is_number_unsigned() && count.get<std::uint64_t>() > kMaxCount) ||
        count.get<long long>() < 0 || count.get<long long>() > kMaxCount) {
      Fail("/numberOfTests", fmt::format("expected an integer from 0 to {}", kMaxCount));
    }
    file.number_of_tests = count.get<int>();
    file.header = Strings(root, "", "header", true);
    const json& notes = At(root, "", "notes");
    if (!notes.is_object()) Fail("/notes", "expected an object");
    for (auto it = notes.begin(); it != notes.end(); ++it) {
      const std::string path = "/notes/" + it.key();
      Strict(*it, path, {"bugType", "description"});
      file.notes[it.key()] = {String(*it, path, "bugType"), String(*it, path, "description")};
    }
    const json& groups = At(root, "", "testGroups");
    if (!groups.is_array()) Fail("/testGroups", "expected an array");
    for (std::size_t g = 0; g < groups.size(); ++g) {
      const std::string path = fmt::format("/testGroups/{}", g);
      Strict(groups[g], path, {"comment", "tests"});
      VectorGroup group;
      group.comment = String(groups[g], path, "comment");
      const json& tests = At(groups[g], path, "tests");
      if (!tests.is_array()) Fail(path + "/tests", "expected an array");
      for (std::size_t i = 0; i < tests.size(); ++i) {
        group.tests.push_back(ParseTest(tests[i], fmt::format("{}/tests/{}", path, i)));
        group.tests.back().kind = file.kind;
      }
      file.groups.push_back(std::move(group));
    }
    return file;
  } catch (const ParseFailure& failure) {
    if (error != nullptr) *error = failure.message;
  } catch (const json::exception& e) {
    if (error != nullptr) *error = e.what();
  }
  return std::nullopt;
}

std::optional<VectorFile> LoadVectorFile(const std::filesystem::path& path, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (error != nullptr) *error = "cannot open " + path.string();
    return std::nullopt;
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  auto file = ParseVectorFile(buffer.str(), error);
  if (file) file->path = path;
  return file;
}

std::string WriteVectorFile(const VectorFile& file) {
  ordered_json root;
  root["schema"] = file.schema;
  root["suiteVersion"] = file.suite_version;
  root["kind"] = NameOf(file.kind);
  root["numberOfTests"] = file.number_of_tests;
  root["header"] = file.header;
  ordered_json notes = ordered_json::object();
  for (const auto& [flag, note] : file.notes)
    notes[flag] = {{"bugType", note.bug_type}, {"description", note.description}};
  root["notes"] = notes;
  ordered_json groups = ordered_json::array();
  for (const VectorGroup& group : file.groups) {
    ordered_json tests = ordered_json::array();
    for (const VectorTest& t : group.tests) {
      ordered_json o;
      o["tcId"] = t.tc_id;
      o["id"] = t.id;
      o["comment"] = t.comment;
      o["flags"] = t.flags;
      o["clauses"] = t.clauses;
      if (!t.statements.empty()) o["statements"] = t.statements;
      if (!t.profiles.empty()) {
        std::vector<std::string> names;
        for (Profile p : t.profiles) names.emplace_back(NameOf(p));
        o["profiles"] = names;
      }
      if (t.hand_checked) o["handChecked"] = true;
      if (t.input.is_string()) {
        o["inputText"] = t.input;
      } else {
        o["input"] = ordered_json::parse(t.input.dump());
      }
      o["result"] = std::string(NameOf(t.result));
      if (t.result == Result::kAcceptable) {
        ordered_json list = ordered_json::array();
        for (const json& e : t.expected) list.push_back(ordered_json::parse(e.dump()));
        o["expected"] = list;
      } else {
        o["expected"] = ordered_json::parse(t.expected.front().dump());
      }
      tests.push_back(o);
    }
    groups.push_back({{"comment", group.comment}, {"tests", tests}});
  }
  root["testGroups"] = groups;
  return root.dump(1) + "\n";
}

std::optional<std::vector<std::filesystem::path>> VectorFiles(const std::filesystem::path& root, std::string* error) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  auto fail = [&](const fs::path& where, const std::string& what) {
    if (error != nullptr) *error = where.string() + ": " + what;
    return std::nullopt;
  };
  for (const char* origin : {"spec_examples", "edge_cases", "regressions"}) {
    const fs::path dir = root / origin;
    std::error_code ec;
    const fs::file_status status = fs::status(dir, ec);
    if (status.type() == fs::file_type::not_found) continue;
    if (ec) return fail(dir, ec.message());
    if (status.type() != fs::file_type::directory) return fail(dir, "not a folder");
    fs::directory_iterator it(dir, ec);
    if (ec) return fail(dir, ec.message());
    for (; it != fs::directory_iterator(); it.increment(ec)) {
      if (it->path().extension() != ".json") continue;
      const bool regular = it->is_regular_file(ec);
      if (ec) return fail(it->path(), ec.message());
      if (regular) files.push_back(it->path());
    }
    if (ec) return fail(dir, ec.message());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::optional<std::vector<VectorFile>> LoadVectorDirectory(const std::filesystem::path& root, std::string* error) {
  const auto paths = VectorFiles(root, error);
  if (!paths) return std::nullopt;
  std::vector<VectorFile> files;
  for (const auto& path : *paths) {
    std::string why;
    auto file = LoadVectorFile(path, &why);
    if (!file) {
      if (error != nullptr) *error = path.string() + ": " + why;
      return std::nullopt;
    }
    files.push_back(std::move(*file));
  }
  return files;
}

namespace {

const char* NonEmptyEnvironment(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? value : nullptr;
}

// DataDirBesideBinary is <folder of the running binary>/../share/lbconform:
// the installed layout, and in a build tree the link that CMake makes there
// to the source tree's vectors/ (CMakeLists.txt), so no path is compiled in.
std::filesystem::path DataDirBesideBinary() {
  std::error_code error;
  const std::filesystem::path binary = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return "share/lbconform";
  return binary.parent_path().parent_path() / "share" / "lbconform";
}

}  // namespace

std::filesystem::path DefaultVectorRoot() {
  if (const char* root = NonEmptyEnvironment("LBCONFORM_VECTORS_ROOT")) return root;
  if (const char* data = NonEmptyEnvironment("LBCONFORM_DATA_DIR")) return std::filesystem::path(data) / "vectors";
  return DataDirBesideBinary() / "vectors";
}

}  // namespace lbconform::vectors
