// Transaction::set_config: httpd switches to the per-directory context (a <Location>) before
// phase 2; from then on that context's settings hold, engine mode and debug log included.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "engine_fixture.h"

namespace rampart::testing {
namespace {

constexpr const char* kRule = "SecRule ARGS \"@rx evil\" \"id:1,phase:2,deny\"\n";

TEST(SetConfig, TheNewContextsEngineModeHolds) {
  auto server = load_rules(std::string("SecRuleEngine On\n") + kRule);
  auto location = load_rules(std::string("SecRuleEngine Off\n") + kRule);
  Exchange on(*server, get("q=evil"));
  EXPECT_EQ(on.run().status, 403);
  Exchange off(*server, get("q=evil"));
  off.tx().set_config(*location);
  EXPECT_FALSE(off.run().disruptive());
  EXPECT_TRUE(off.log().lines.empty());
}

TEST(SetConfig, TheNewContextsDebugLogIsUsed) {
  auto server = load_rules(std::string("SecRuleEngine On\n") + kRule);
  std::string path = ::testing::TempDir() + "rampart-set-config-debug.log";
  std::remove(path.c_str());
  auto location =
      load_rules("SecRuleEngine On\nSecDebugLog " + path + "\nSecDebugLogLevel 9\n" + kRule);
  Exchange ex(*server, get("q=evil"));
  ex.tx().set_config(*location);
  EXPECT_EQ(ex.run().status, 403);
  std::FILE* f = std::fopen(path.c_str(), "r");
  ASSERT_NE(f, nullptr) << "the location's debug log was not written";
  char buf[256] = {};
  EXPECT_GT(std::fread(buf, 1, sizeof buf - 1, f), 0u);
  std::fclose(f);
}

}  // namespace
}  // namespace rampart::testing
