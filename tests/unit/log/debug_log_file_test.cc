// SecDebugLog writes one line per event in ModSecurity v2's layout, filtered by level.
#include <fstream>
#include <sstream>

#include "engine_fixture.h"

namespace rampart::testing {
namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string temp_log(const char* name) {
  std::string path = ::testing::TempDir() + name;
  std::remove(path.c_str());
  return path;
}

TEST(DebugLog, LevelNineShowsEveryRuleEvaluation) {
  std::string path = temp_log("rampart-debug-9.log");
  auto config = load_rules("SecRuleEngine On\nSecDebugLog " + path +
                           "\nSecDebugLogLevel 9\nSecRule ARGS \"@rx evil\" \"id:7,deny,t:lowercase\"\n");
  Exchange ex(*config, get("q=EVIL"));
  EXPECT_EQ(ex.run().status, 403);
  std::string text = read_file(path);
  EXPECT_NE(text.find("[www.example.com/sid#"), std::string::npos) << text;
  EXPECT_NE(text.find("][/index.html][4] Starting phase 2."), std::string::npos) << text;
  // Level 9 traces each rule on each value (wording is free; the layout and the level are not).
  EXPECT_NE(text.find("][/index.html][9] Rule 7 "), std::string::npos) << text;
  EXPECT_NE(text.find("ARGS:q"), std::string::npos) << text;
  EXPECT_NE(text.find("[1] ModSecurity: Access denied with code 403 (phase 2)."), std::string::npos)
      << text;
}

TEST(DebugLog, LevelOneShowsOnlyInterceptions) {
  std::string path = temp_log("rampart-debug-1.log");
  auto config = load_rules("SecRuleEngine On\nSecDebugLog " + path +
                           "\nSecDebugLogLevel 1\nSecRule ARGS \"@rx evil\" \"id:7,deny\"\n");
  Exchange ex(*config, get("q=evil"));
  ex.run();
  std::string text = read_file(path);
  EXPECT_EQ(text.find("Starting phase"), std::string::npos) << text;
  EXPECT_NE(text.find("[1] ModSecurity: Access denied"), std::string::npos) << text;
}

TEST(DebugLog, UnwritablePathIsAConfigError) {
  EXPECT_NE(load_error("SecDebugLog /nonexistent-dir/x.log\n").find(
                "/rules/test.conf:1: SecDebugLog: cannot open '/nonexistent-dir/x.log'"),
            std::string::npos);
}

}  // namespace
}  // namespace rampart::testing
