// The repository stands alone: no text in it cites a file outside it (the
// notes, contract and translated spec texts the project was started from).
// It cites public pages by URL and section (docs/clauses.md) and its own docs.
#include <gtest/gtest.h>

#include <array>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace lbconform {
namespace {

namespace fs = std::filesystem;

// The needles are split in two so that this file does not match itself.
constexpr std::array<std::string_view, 7> kOutsideFiles = {
    "NOTES"
    ".md",
    "CONTRACT"
    ".md",
    "TOOLCHAIN"
    ".md",
    "../"
    "shared",
    "shared"
    "/spec",
    "shared"
    "/design",
    "docs/"
    "00",  // the spec texts' old file names: a digit must follow
};

struct Citation {
  std::string file;
  int line = 0;
  std::string needle;
};

// OutsideCitations finds the needles in `text`; "docs/00" counts only when a
// digit follows, the prefix of the translated texts' old file names.
std::vector<Citation> OutsideCitations(const std::string& file, const std::string& text) {
  std::vector<Citation> found;
  int line = 1;
  std::size_t line_start = 0;
  for (std::size_t at = 0; at <= text.size(); ++at) {
    if (at < text.size() && text[at] != '\n') continue;
    const std::string_view row(text.data() + line_start, at - line_start);
    for (std::string_view needle : kOutsideFiles) {
      for (std::size_t hit = row.find(needle); hit != std::string_view::npos; hit = row.find(needle, hit + 1)) {
        const bool wants_digit = needle.ends_with("00");
        const std::size_t end = hit + needle.size();
        if (wants_digit && (end >= row.size() || !std::isdigit(static_cast<unsigned char>(row[end])))) continue;
        found.push_back({file, line, std::string(row.substr(hit, wants_digit ? needle.size() + 1 : needle.size()))});
        break;
      }
    }
    ++line;
    line_start = at + 1;
  }
  return found;
}

bool IsSkippedDirectory(const fs::path& path) {
  const std::string name = path.filename().string();
  return name == ".git" || name.starts_with("build");
}

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

TEST(NoOutsideCitationsTest, FindsEachNeedleWithItsLine) {
  const std::string text = std::string("first line\nsee ") +
                           "NOTES"
                           ".md §1\n" +
                           "docs/"
                           "00"
                           "1 intro\n" +
                           "docs/"
                           "00 is no citation\n" +
                           "../"
                           "shared/x and shared"
                           "/design/y\n";
  const std::vector<Citation> found = OutsideCitations("x.cc", text);
  ASSERT_EQ(found.size(), 4u);
  EXPECT_EQ(found[0].line, 2);
  EXPECT_EQ(found[1].line, 3);
  EXPECT_EQ(found[2].line, 5);
  EXPECT_EQ(found[3].line, 5);
}

TEST(NoOutsideCitationsTest, NoFileInTheRepositoryCitesAFileOutsideIt) {
  const fs::path root(LBCONFORM_SOURCE_DIR);
  int scanned = 0;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
    if (it->is_directory() && IsSkippedDirectory(it->path())) {
      it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file()) continue;
    const std::string text = ReadFile(it->path());
    if (text.find('\0') != std::string::npos) continue;  // binary
    ++scanned;
    const std::string file = fs::relative(it->path(), root).generic_string();
    for (const Citation& c : OutsideCitations(file, text)) {
      ADD_FAILURE() << c.file << ":" << c.line << ": cites " << c.needle
                    << ", a file outside the repository; cite the public page (docs/clauses.md) or docs/";
    }
  }
  EXPECT_GT(scanned, 200) << "the walk of " << root << " found too few files";
}

}  // namespace
}  // namespace lbconform
