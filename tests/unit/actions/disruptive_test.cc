// Disruptive actions: pass, deny, block, drop, redirect, allow (and its scopes) and status.
#include <gtest/gtest.h>

#include <string>

#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

using Kind = Intervention::Kind;

TEST(PassAction, LogsAWarningAndContinues) {
  Outcome o = run_rules(R"R(
SecRule ARGS "@streq attack" "id:1,pass"
SecRule ARGS "@streq attack" "id:2,pass,nolog,setvar:tx.after=1"
)R",
                        get("a=attack"));
  EXPECT_EQ(o.result.kind, Kind::kNone);
  EXPECT_EQ(o.line(0).rfind("ModSecurity: Warning. String match \"attack\" at ARGS:a. ", 0), 0u)
      << o.line(0);
  EXPECT_EQ(o.tx("after"), "1");
}

TEST(DenyAction, Default403AndStopsThePhase) {
  Outcome o = run_rules(R"R(
SecRule ARGS "@streq attack" "id:1,deny"
SecRule ARGS "@streq attack" "id:2,pass,nolog,setvar:tx.after=1"
)R",
                        get("a=attack"));
  EXPECT_EQ(o.result.kind, Kind::kDeny);
  EXPECT_EQ(o.result.status, 403);
  EXPECT_EQ(o.line(0).rfind("ModSecurity: Access denied with code 403 (phase 2). ", 0), 0u)
      << o.line(0);
  EXPECT_EQ(o.tx("after"), "<unset>");
  EXPECT_EQ(o.lines().size(), 1u);
}

TEST(DenyAction, StatusChangesTheCode) {
  Outcome o =
      run_rules("SecRule ARGS \"@streq attack\" \"id:1,deny,status:503\"\n", get("a=attack"));
  EXPECT_EQ(o.result.status, 503);
  EXPECT_TRUE(o.logged("Access denied with code 503 (phase 2)."));
}

TEST(DenyAction, StopsAtTheFirstMatchingTarget) {
  Outcome o = run_rules("SecRule ARGS \"@streq attack\" \"id:1,deny,setvar:tx.n=+1\"\n",
                        get("a=attack&b=attack"));
  EXPECT_EQ(o.tx("n"), "1");
  EXPECT_EQ(o.lines().size(), 1u);
}

TEST(StatusAction, NoEffectWithoutADisruptiveAction) {
  Outcome o =
      run_rules("SecRule ARGS \"@streq attack\" \"id:1,pass,status:500\"\n", get("a=attack"));
  EXPECT_FALSE(o.result.disruptive());
  EXPECT_EQ(o.result.status, 0);
}

TEST(LastDisruptiveWins, DenyThenPass) {
  Outcome o = run_rules("SecRule ARGS \"@streq attack\" \"id:1,deny,pass\"\n", get("a=attack"));
  EXPECT_FALSE(o.result.disruptive());
}

TEST(LastDisruptiveWins, PassThenDeny) {
  Outcome o = run_rules("SecRule ARGS \"@streq attack\" \"id:1,pass,deny\"\n", get("a=attack"));
  EXPECT_EQ(o.result.kind, Kind::kDeny);
}

TEST(BlockAction, PassWithoutSecDefaultAction) {
  Outcome o = run_rules("SecRule ARGS \"@streq attack\" \"id:1,block\"\n", get("a=attack"));
  EXPECT_FALSE(o.result.disruptive());
  EXPECT_TRUE(o.logged("ModSecurity: Warning."));
}

TEST(BlockAction, PassInCrsAnomalyMode) {
  Outcome o = run_rules(R"R(
SecDefaultAction "phase:1,log,auditlog,pass"
SecDefaultAction "phase:2,log,auditlog,pass"
SecRule ARGS "@streq attack" "id:942100,phase:2,block,setvar:'tx.inbound_anomaly_score_pl1=+5'"
)R",
                        get("a=attack"));
  EXPECT_FALSE(o.result.disruptive());
  EXPECT_EQ(o.tx("inbound_anomaly_score_pl1"), "5");
  EXPECT_TRUE(o.logged("ModSecurity: Warning."));
}

TEST(BlockAction, DenyWhenTheDefaultSaysDeny) {
  Outcome o = run_rules(R"R(
SecDefaultAction "phase:2,log,auditlog,deny,status:403"
SecRule ARGS "@streq attack" "id:1,phase:2,block"
)R",
                        get("a=attack"));
  EXPECT_EQ(o.result.kind, Kind::kDeny);
  EXPECT_EQ(o.result.status, 403);
  EXPECT_TRUE(o.logged("Access denied with code 403 (phase 2)."));
}

TEST(BlockAction, DefaultRedirectIsUsed) {
  Outcome o = run_rules(R"R(
SecDefaultAction "phase:2,log,redirect:http://www.example.com/blocked.html"
SecRule ARGS "@streq attack" "id:1,phase:2,block"
)R",
                        get("a=attack"));
  EXPECT_EQ(o.result.kind, Kind::kRedirect);
  EXPECT_EQ(o.result.url, "http://www.example.com/blocked.html");
}

TEST(DropAction, ClosesTheConnection) {
  Outcome o = run_rules("SecRule ARGS \"@streq attack\" \"id:1,drop\"\n", get("a=attack"));
  EXPECT_EQ(o.result.kind, Kind::kDrop);
  EXPECT_TRUE(o.result.disruptive());
  EXPECT_EQ(o.line(0).rfind("ModSecurity: Access denied with connection close (phase 2). ", 0), 0u)
      << o.line(0);
}

TEST(RedirectAction, Default302WithMacros) {
  Outcome o = run_rules(
      "SecRule ARGS \"@streq attack\" "
      "\"id:1,redirect:http://www.example.com/denied?id=%{RULE.id}\"\n",
      get("a=attack"));
  EXPECT_EQ(o.result.kind, Kind::kRedirect);
  EXPECT_EQ(o.result.status, 302);
  EXPECT_EQ(o.result.url, "http://www.example.com/denied?id=1");
  EXPECT_TRUE(
      o.logged("ModSecurity: Access denied with redirection to "
               "http://www.example.com/denied?id=1 using status 302 (phase 2). "))
      << o.line(0);
}

TEST(RedirectAction, StatusThreeOhOneIsKept) {
  Outcome o =
      run_rules("SecRule ARGS \"@streq attack\" \"id:1,redirect:http://x.example/,status:301\"\n",
                get("a=attack"));
  EXPECT_EQ(o.result.status, 301);
  EXPECT_TRUE(o.logged("using status 301 (phase 2)."));
}

TEST(RedirectActionV2, NonRedirectStatusFallsBackTo302) {
  Outcome o =
      run_rules("SecRule ARGS \"@streq attack\" \"id:1,redirect:http://x.example/,status:403\"\n",
                get("a=attack"));
  EXPECT_EQ(o.result.status, 302);
  EXPECT_TRUE(o.logged("using status 302 (phase 2).")) << o.line(0);
}

// allow: the whole transaction; allow:phase: the rest of this phase; allow:request: phases 1-2.
constexpr const char* kPhaseProbes = R"R(
SecAction "id:901,phase:1,pass,nolog,setvar:tx.p1_after=1"
SecAction "id:902,phase:2,pass,nolog,setvar:tx.p2=1"
SecAction "id:903,phase:3,pass,nolog,setvar:tx.p3=1"
SecAction "id:904,phase:4,pass,nolog,setvar:tx.p4=1"
SecAction "id:905,phase:5,pass,nolog,setvar:tx.p5=1"
)R";

TEST(AllowAction, SkipsEverythingButLogging) {
  Outcome o = run_rules(std::string("SecRule REQUEST_URI \"@rx .\" \"id:1,phase:1,allow\"\n") +
                        kPhaseProbes);
  EXPECT_FALSE(o.result.disruptive());
  EXPECT_EQ(o.tx("p1_after"), "<unset>");
  EXPECT_EQ(o.tx("p2"), "<unset>");
  EXPECT_EQ(o.tx("p3"), "<unset>");
  EXPECT_EQ(o.tx("p4"), "<unset>");
  EXPECT_EQ(o.tx("p5"), "1");
  EXPECT_EQ(o.line(0).rfind("ModSecurity: Access allowed (phase 1). ", 0), 0u) << o.line(0);
}

TEST(AllowAction, PhaseScopeEndsOnlyThisPhase) {
  Outcome o =
      run_rules(std::string("SecRule REQUEST_URI \"@rx .\" \"id:1,phase:1,allow:phase\"\n") +
                kPhaseProbes + "SecRule REQUEST_URI \"@rx .\" \"id:2,phase:2,deny\"\n");
  EXPECT_EQ(o.tx("p1_after"), "<unset>");
  EXPECT_EQ(o.tx("p2"), "1");
  EXPECT_EQ(o.result.kind, Kind::kDeny);  // a later phase may still deny
  EXPECT_EQ(o.line(0).rfind("ModSecurity: Access to phase allowed (phase 1). ", 0), 0u)
      << o.line(0);
}

TEST(AllowAction, RequestScopeSkipsTheRequestPhases) {
  Outcome o = run_rules(
      std::string("SecRule REQUEST_URI \"@rx .\" \"id:1,phase:1,allow:request\"\n") + kPhaseProbes);
  EXPECT_EQ(o.tx("p1_after"), "<unset>");
  EXPECT_EQ(o.tx("p2"), "<unset>");
  EXPECT_EQ(o.tx("p3"), "1");
  EXPECT_EQ(o.tx("p4"), "1");
  EXPECT_EQ(o.tx("p5"), "1");
  EXPECT_EQ(o.line(0).rfind("ModSecurity: Access to request allowed (phase 1). ", 0), 0u)
      << o.line(0);
}

TEST(AllowAction, NologAllowsSilently) {
  Outcome o = run_rules(
      std::string("SecRule REQUEST_URI \"@rx .\" \"id:1,phase:1,allow,nolog\"\n") + kPhaseProbes);
  EXPECT_TRUE(o.lines().empty());
  EXPECT_EQ(o.tx("p2"), "<unset>");
}

TEST(AllowAction, DetectionOnlyDoesNotAllow) {
  Outcome o = run_exact(std::string("SecRuleEngine DetectionOnly\n") +
                        "SecRule REQUEST_URI \"@rx .\" \"id:1,phase:1,allow\"\n" + kPhaseProbes);
  EXPECT_EQ(o.tx("p1_after"), "1");
  EXPECT_EQ(o.tx("p4"), "1");
  EXPECT_EQ(o.line(0).rfind("ModSecurity: Warning. ", 0), 0u) << o.line(0);
}

TEST(AllowAction, DenyEarlierInThePhaseWins) {
  Outcome o = run_rules(R"R(
SecRule REQUEST_URI "@rx ." "id:1,phase:1,deny"
SecRule REQUEST_URI "@rx ." "id:2,phase:1,allow"
)R");
  EXPECT_EQ(o.result.kind, Kind::kDeny);
}

}  // namespace
}  // namespace rampart::testing
