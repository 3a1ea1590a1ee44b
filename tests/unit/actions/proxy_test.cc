// proxy: a disruptive action that hands phases 1-2 requests to mod_proxy (Intervention kProxy,
// URL macro-expanded); in the response phases a 500, as in ModSecurity v2.
#include <gtest/gtest.h>

#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

TEST(Proxy, PhaseOneGivesAProxyInterventionWithTheExpandedUrl) {
  Outcome o = run_rules(
      "SecRule ARGS:a \"@streq x\" "
      "\"id:1,phase:1,proxy:http://honeypot.test:8080%{REQUEST_URI}\"\n",
      get("a=x"));
  EXPECT_EQ(o.result.kind, Intervention::Kind::kProxy);
  EXPECT_EQ(o.result.url, "http://honeypot.test:8080/index.html?a=x");
  EXPECT_TRUE(o.result.disruptive());
  EXPECT_TRUE(
      o.logged("Access denied using proxy to (phase 1) http://honeypot.test:8080/index.html?a=x."))
      << o.line(0);
}

TEST(Proxy, StopsTheRulesThatFollow) {
  Outcome o = run_rules(
      "SecAction \"id:1,phase:1,proxy:http://backend.test/\"\n"
      "SecAction \"id:2,phase:1,deny\"\n"
      "SecAction \"id:3,phase:2,deny\"\n");
  EXPECT_EQ(o.result.kind, Intervention::Kind::kProxy);
  EXPECT_FALSE(o.logged("id \"2\""));
  EXPECT_FALSE(o.logged("id \"3\""));
}

TEST(Proxy, ResponsePhaseIsAn500) {
  Outcome o = run_rules("SecAction \"id:1,phase:3,proxy:http://backend.test/\"\n");
  EXPECT_EQ(o.result.kind, Intervention::Kind::kDeny);
  EXPECT_EQ(o.result.status, 500);
  EXPECT_TRUE(o.logged("does not work in output phases")) << o.line(0);
}

TEST(Proxy, DetectionOnlyOnlyWarns) {
  Outcome o = run_exact(
      "SecRuleEngine DetectionOnly\nSecAction \"id:1,phase:1,proxy:http://backend.test/\"\n");
  EXPECT_EQ(o.result.kind, Intervention::Kind::kNone);
  EXPECT_TRUE(o.logged("Warning.")) << o.line(0);
}

TEST(Proxy, NeedsAUrl) {
  EXPECT_NE(load_error("SecAction \"id:1,proxy\"\n").find("needs a value"), std::string::npos);
}

}  // namespace
}  // namespace rampart::testing
