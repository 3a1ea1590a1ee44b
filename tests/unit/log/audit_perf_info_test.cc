// Part H's Rules-Performance-Info line (SecRulePerfTime), in the form ModSecurity v2.9.7 writes:
//   Rules-Performance-Info: "11=29", "12=52", "13=3".
// The rule times are set by hand: what a rule takes is not something a test can rely on.
#include "audit_test_util.h"

namespace rampart::testing {
namespace {

std::string trailer_with_times(const std::string& setup) {
  auto cfg = load_rules("SecRuleEngine On\n" + setup +
                        "SecRule ARGS:a \"@streq x\" \"id:11,pass,log\"\n"
                        "SecRule ARGS:a \"@streq x\" \"id:12,pass,log\"\n");
  Exchange ex(*cfg, get("a=x"));
  ex.run();
  ex.state().perf_rules = {{"11", 29}, {"12", 52}};
  return native(ex, final_response(200, "200 OK"), "AHZ");
}

TEST(AuditPerfInfo, ListsTheSlowRulesAfterEngineMode) {
  std::string e = trailer_with_times("SecRulePerfTime 1\n");
  EXPECT_TRUE(has(e, "Engine-Mode: \"ENABLED\"\nRules-Performance-Info: \"11=29\", \"12=52\".\n"))
      << e;
}

TEST(AuditPerfInfo, NoLineWithoutSecRulePerfTime) {
  EXPECT_FALSE(has(trailer_with_times(""), "Rules-Performance-Info"));
}

TEST(AuditPerfInfo, NoLineWhenNoRuleWasSlow) {
  auto cfg = load_rules(
      "SecRuleEngine On\nSecRulePerfTime 100000000\n"
      "SecRule ARGS:a \"@streq x\" \"id:11,pass,log\"\n");
  Exchange ex(*cfg, get("a=x"));
  ex.run();
  EXPECT_FALSE(has(native(ex, final_response(200, "200 OK"), "AHZ"), "Rules-Performance-Info"));
}

}  // namespace
}  // namespace rampart::testing
