#include <filesystem>
#include <string>
#include <vector>

#include "operator_test_util.h"
#include "operators/operator.h"

namespace rampart::operators {
namespace {

using optest::build;
using optest::data_dir;
using optest::Eval;

bool matches_file(std::string_view files, std::string_view value,
                  std::string_view name = "pmFromFile") {
  auto b = build(name, files, false, data_dir());
  EXPECT_NE(b.op, nullptr) << b.error;
  if (b.op == nullptr) return false;
  Eval run;
  return run(*b.op, value);
}

struct FileCase {
  std::string_view value;
  bool match;
};

TEST(PmFromFileOperator, OnePhrasePerLine) {
  const FileCase cases[] = {
      {"GET /../../etc/passwd", true},
      {"a Padded Phrase here", true},  // surrounding whitespace trimmed, case-insensitive
      {"paddedphrase", false},
      {"x crlf line y", true},
      {"FFI\\CData", true},                  // "\\" in the file is one backslash, as in v2
      {"must be of type string|int", true},  // pipes around non-hex text stay literal
      {"xABCx", true},                       // |42| is the byte "B"
      {"# indented comment", false},         // comment lines are not phrases
      {"Phrase file for pm", false},
      {"nothing relevant", false},
  };
  for (const FileCase& c : cases) {
    SCOPED_TRACE(std::string(c.value));
    EXPECT_EQ(matches_file("phrases.data", c.value), c.match);
  }
}

TEST(PmFromFileOperator, SeveralFilesCrlfAndNoFinalNewline) {
  EXPECT_TRUE(matches_file("phrases.data crlf.data no_newline.data", "a second crlf!"));
  EXPECT_TRUE(matches_file("phrases.data crlf.data no_newline.data", "no trailing newline"));
  EXPECT_FALSE(matches_file("crlf.data", "line\r"));  // the CR is not part of the phrase
}

TEST(PmFromFileOperator, PmfIsAnAlias) {
  EXPECT_TRUE(matches_file("phrases.data", "/etc/passwd", "pmf"));
}

TEST(PmFromFileOperator, FileWithoutPhrasesNeverMatches) {
  EXPECT_FALSE(matches_file("empty.data", "# nothing but comments"));
}

TEST(PmFromFileOperator, AbsolutePathIgnoresBaseDir) {
  std::string abs = data_dir() + "/phrases.data";
  auto b = build("pmFromFile", abs, false, "/nonexistent");
  ASSERT_NE(b.op, nullptr) << b.error;
  Eval run;
  EXPECT_TRUE(run(*b.op, "/etc/passwd"));
}

TEST(PmFromFileOperator, MessageAndCapture) {
  auto b = build("pmFromFile", "phrases.data", false, data_dir());
  ASSERT_NE(b.op, nullptr) << b.error;
  Eval run("ARGS:file", /*capture=*/true);
  ASSERT_TRUE(run(*b.op, "/ETC/PASSWD"));
  EXPECT_EQ(run.st.message, R"(Matched phrase "/etc/passwd" at ARGS:file.)");
  EXPECT_EQ(run.st.captures, std::vector<std::string>{"/etc/passwd"});
}

TEST(PmFromFileOperator, UnreadableFileIsAConfigErrorNamingThePath) {
  auto b = build("pmFromFile", "phrases.data missing.data", false, data_dir());
  EXPECT_EQ(b.op, nullptr);
  std::string path = data_dir() + "/missing.data";
  EXPECT_EQ(b.error, "Could not open phrase file \"" + path + "\": No such file or directory");
}

TEST(PmFromFileOperator, MissingParameterIsAConfigError) {
  auto b = build("pmFromFile", " ", false, data_dir());
  EXPECT_EQ(b.op, nullptr);
  EXPECT_NE(b.error.find("Missing parameter"), std::string::npos);
}

TEST(PmFromFileOperator, CrsDataFiles) {
  if (!std::filesystem::exists(optest::kCrsRules)) GTEST_SKIP() << "CRS not available";
  auto b = build("pmFromFile", "lfi-os-files.data unix-shell.data", false, optest::kCrsRules);
  ASSERT_NE(b.op, nullptr) << b.error;
  Eval run("ARGS:x");
  EXPECT_TRUE(run(*b.op, "../../etc/passwd"));
  EXPECT_TRUE(run(*b.op, "cmd=/bin/bash -c id"));
  EXPECT_FALSE(run(*b.op, "hello world"));

  auto php = build("pmFromFile", "php-errors.data", false, optest::kCrsRules);
  ASSERT_NE(php.op, nullptr) << php.error;
  EXPECT_TRUE(run(*php.op, "Fatal: Cannot instantiate FFI\\CData of zero size"));
  EXPECT_TRUE(run(*php.op, "TypeError: x must be of type string|int|float|bool|null, given"));
  EXPECT_FALSE(run(*php.op, "<html><body>all good</body></html>"));
}

}  // namespace
}  // namespace rampart::operators
