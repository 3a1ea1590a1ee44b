// setenv: macro-expanded name and value, `!name` removal, ENV for later rules, and the list the
// connector copies into httpd's subprocess environment.
#include <gtest/gtest.h>

#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

TEST(Setenv, SetsWithMacrosAndReportsTheChange) {
  Outcome o = run_rules("SecAction \"id:1,phase:1,pass,nolog,setenv:attacker=%{REMOTE_ADDR}\"\n");
  const auto& changes = o.ex->tx().env_changes();
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0].name, "attacker");
  EXPECT_EQ(changes[0].value, "192.0.2.10");
  EXPECT_FALSE(changes[0].unset);
}

TEST(Setenv, NoValueMeansOneAndMacroInName) {
  Outcome o =
      run_rules("SecAction \"id:1,phase:1,pass,nolog,setvar:tx.n=blocked,setenv:%{tx.n}\"\n");
  ASSERT_EQ(o.ex->tx().env_changes().size(), 1u);
  EXPECT_EQ(o.ex->tx().env_changes()[0].name, "blocked");
  EXPECT_EQ(o.ex->tx().env_changes()[0].value, "1");
}

TEST(Setenv, LaterRulesSeeItInEnv) {
  Outcome o = run_rules(
      "SecAction \"id:1,phase:1,pass,nolog,setenv:'flag=a b'\"\n"
      "SecRule ENV:flag \"@streq a b\" \"id:2,phase:1,deny\"\n");
  EXPECT_EQ(o.result.kind, Intervention::Kind::kDeny);
}

TEST(Setenv, BangRemovesFromEnvAndReportsUnset) {
  Outcome o = run_rules(
      "SecAction \"id:1,phase:1,pass,nolog,setenv:flag=1,setenv:!flag\"\n"
      "SecRule &ENV:flag \"@eq 0\" \"id:2,phase:1,deny\"\n");
  EXPECT_EQ(o.result.kind, Intervention::Kind::kDeny);
  const auto& changes = o.ex->tx().env_changes();
  ASSERT_EQ(changes.size(), 2u);
  EXPECT_TRUE(changes[1].unset);
}

TEST(Setenv, ReplacesAnEnvVariableHttpdPassed) {
  auto config = load_rules(
      "SecRuleEngine On\n"
      "SecAction \"id:1,phase:1,pass,nolog,setenv:MODE=strict\"\n"
      "SecRule ENV:MODE \"@streq strict\" \"id:2,phase:1,deny\"\n");
  Exchange ex(*config, Request());
  ex.tx().add_env("MODE", "lax");
  EXPECT_EQ(ex.run().kind, Intervention::Kind::kDeny);
}

TEST(Setenv, ParseErrors) {
  EXPECT_NE(load_error("SecAction \"id:1,setenv:!a=b\"\n").find("takes no value"),
            std::string::npos);
  EXPECT_NE(load_error("SecAction \"id:1,setenv:=b\"\n").find("NAME=VALUE"), std::string::npos);
  EXPECT_NE(load_error("SecAction \"id:1,setenv\"\n").find("needs a value"), std::string::npos);
}

}  // namespace
}  // namespace rampart::testing
