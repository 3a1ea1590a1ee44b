// Flow actions: chain, skip and skipAfter (with SecMarker).
#include <gtest/gtest.h>

#include <string>

#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

constexpr const char* kChain = R"R(
SecRule ARGS:a "@streq attack" "id:10,deny,msg:'chain %{MATCHED_VAR}',setvar:tx.starter=1,chain"
  SecRule ARGS:b "@rx ^two$" "setvar:tx.link=1"
)R";

TEST(ChainAction, AllLinksMustMatch) {
  Outcome o = run_rules(kChain, get("a=attack&b=three"));
  EXPECT_FALSE(o.result.disruptive());
  EXPECT_TRUE(o.lines().empty());
  // Actions of a link run when that link matches, even if the chain fails later.
  EXPECT_EQ(o.tx("starter"), "1");
  EXPECT_EQ(o.tx("link"), "<unset>");
}

TEST(ChainAction, StarterFailsNothingElseRuns) {
  Outcome o = run_rules(kChain, get("a=benign&b=two"));
  EXPECT_EQ(o.tx("starter"), "<unset>");
  EXPECT_EQ(o.tx("link"), "<unset>");
}

TEST(ChainAction, LogsOnceWithStarterMetadataAndLastLinkMessage) {
  Outcome o = run_rules(kChain, get("a=attack&b=two"));
  EXPECT_EQ(o.result.kind, Intervention::Kind::kDeny);
  ASSERT_EQ(o.lines().size(), 1u);
  EXPECT_EQ(o.line(0).rfind("ModSecurity: Access denied with code 403 (phase 2). Pattern match "
                            "\"^two$\" at ARGS:b. [file \"/rules/test.conf\"] [line \"4\"] "
                            "[id \"10\"] [msg \"chain two\"]",
                            0),
            0u)
      << o.line(0);
  EXPECT_EQ(o.tx("link"), "1");
}

TEST(ChainAction, ThreeLinks) {
  const char* rules = R"R(
SecRule ARGS:a "@streq 1" "id:1,pass,chain"
  SecRule ARGS:b "@streq 2" "chain"
    SecRule ARGS:c "@streq 3" "setvar:tx.done=1"
)R";
  EXPECT_EQ(run_rules(rules, get("a=1&b=2&c=3")).tx("done"), "1");
  Outcome o = run_rules(rules, get("a=1&b=2&c=4"));
  EXPECT_EQ(o.tx("done"), "<unset>");
  EXPECT_TRUE(o.lines().empty());
}

TEST(ChainAction, LinkCanRetestMatchedVars) {
  Outcome o = run_rules(R"R(
SecRule ARGS "@rx att" "id:1,pass,chain"
  SecRule MATCHED_VARS "@streq attack" "setvar:tx.value=%{MATCHED_VAR}"
)R",
                        get("x=attack"));
  EXPECT_EQ(o.tx("value"), "attack");
  EXPECT_EQ(o.lines().size(), 1u);
}

TEST(ChainAction, CaptureInStarterFeedsTheLink) {
  Outcome o = run_rules(R"R(
SecRule ARGS:a "@rx ^(\w+)-(\w+)$" "id:1,pass,capture,chain"
  SecRule TX:2 "@streq %{TX.1}" "setvar:tx.same=yes"
)R",
                        get("a=abc-abc"));
  EXPECT_EQ(o.tx("same"), "yes");
}

TEST(ChainAction, PhaseComesFromTheStarter) {
  Outcome o = run_rules(R"R(
SecRule REQUEST_URI "@rx ." "id:1,phase:1,pass,chain"
  SecRule REQUEST_URI "@rx ." "setvar:tx.link_phase=%{RULE.id}"
SecRule TX:link_phase "@streq 1" "id:2,phase:1,pass,setvar:tx.seen_in_phase1=1"
)R");
  EXPECT_EQ(o.tx("seen_in_phase1"), "1");
}

// ---- skip ----

TEST(SkipAction, SkipsTheNextRules) {
  Outcome o = run_rules(R"R(
SecAction "id:1,pass,nolog,skip:2"
SecAction "id:2,pass,nolog,setvar:tx.r2=1"
SecAction "id:3,pass,nolog,setvar:tx.r3=1"
SecAction "id:4,pass,nolog,setvar:tx.r4=1"
)R");
  EXPECT_EQ(o.tx("r2"), "<unset>");
  EXPECT_EQ(o.tx("r3"), "<unset>");
  EXPECT_EQ(o.tx("r4"), "1");
}

TEST(SkipAction, OnlyWhenTheRuleMatches) {
  Outcome o = run_rules(R"R(
SecRule ARGS "@streq attack" "id:1,pass,nolog,skip:1"
SecAction "id:2,pass,nolog,setvar:tx.r2=1"
)R",
                        get("a=benign"));
  EXPECT_EQ(o.tx("r2"), "1");
}

TEST(SkipAction, AChainCountsAsOneRule) {
  Outcome o = run_rules(R"R(
SecAction "id:1,pass,nolog,skip:1"
SecRule REQUEST_URI "@rx ." "id:2,pass,nolog,setvar:tx.r2=1,chain"
  SecRule REQUEST_URI "@rx ." "setvar:tx.r2link=1"
SecAction "id:3,pass,nolog,setvar:tx.r3=1"
)R");
  EXPECT_EQ(o.tx("r2"), "<unset>");
  EXPECT_EQ(o.tx("r2link"), "<unset>");
  EXPECT_EQ(o.tx("r3"), "1");
}

TEST(SkipAction, RulesOfOtherPhasesAndMarkersAreNotCounted) {
  Outcome o = run_rules(R"R(
SecAction "id:1,phase:2,pass,nolog,skip:1"
SecAction "id:2,phase:1,pass,nolog,setvar:tx.p1=1"
SecMarker SOMEWHERE
SecAction "id:3,phase:2,pass,nolog,setvar:tx.r3=1"
SecAction "id:4,phase:2,pass,nolog,setvar:tx.r4=1"
)R");
  EXPECT_EQ(o.tx("p1"), "1");
  EXPECT_EQ(o.tx("r3"), "<unset>");
  EXPECT_EQ(o.tx("r4"), "1");
}

// ---- skipAfter ----

TEST(SkipAfterAction, ToAMarker) {
  Outcome o = run_rules(R"R(
SecRule ARGS "@streq attack" "id:1,pass,nolog,skipAfter:END-CHECKS"
SecAction "id:2,pass,nolog,setvar:tx.r2=1"
SecMarker END-CHECKS
SecAction "id:3,pass,nolog,setvar:tx.r3=1"
)R",
                        get("a=attack"));
  EXPECT_EQ(o.tx("r2"), "<unset>");
  EXPECT_EQ(o.tx("r3"), "1");
}

TEST(SkipAfterAction, NotWhenTheRuleFails) {
  Outcome o = run_rules(R"R(
SecRule ARGS "@streq attack" "id:1,pass,nolog,skipAfter:END-CHECKS"
SecAction "id:2,pass,nolog,setvar:tx.r2=1"
SecMarker END-CHECKS
)R",
                        get("a=benign"));
  EXPECT_EQ(o.tx("r2"), "1");
}

TEST(SkipAfterAction, MarkerAmongRulesOfAnotherPhase) {
  // v2 adds a SecMarker to every phase, so a phase-2 skip ends at a marker placed between
  // phase-1 rules (the CRS paranoia-level pattern).
  Outcome o = run_rules(R"R(
SecAction "id:1,phase:2,pass,nolog,skipAfter:END-REQUEST-920"
SecAction "id:2,phase:2,pass,nolog,setvar:tx.skipped=1"
SecAction "id:3,phase:1,pass,nolog,setvar:tx.p1=1"
SecMarker "END-REQUEST-920"
SecAction "id:4,phase:2,pass,nolog,setvar:tx.after=1"
)R");
  EXPECT_EQ(o.tx("skipped"), "<unset>");
  EXPECT_EQ(o.tx("p1"), "1");
  EXPECT_EQ(o.tx("after"), "1");
}

TEST(SkipAfterAction, MissingMarkerSkipsTheRestOfThePhaseOnly) {
  Outcome o = run_rules(R"R(
SecAction "id:1,phase:2,pass,nolog,skipAfter:NO-SUCH-MARKER"
SecAction "id:2,phase:2,pass,nolog,setvar:tx.r2=1"
SecAction "id:3,phase:3,pass,nolog,setvar:tx.p3=1"
)R");
  EXPECT_EQ(o.tx("r2"), "<unset>");
  EXPECT_EQ(o.tx("p3"), "1");
}

TEST(SkipAfterAction, ToARuleIdDefinedLater) {
  // v2 inserts a RULE_PH_SKIPAFTER placeholder after the target rule: the target is skipped too.
  Outcome o = run_rules(R"R(
SecAction "id:1,pass,nolog,skipAfter:3"
SecAction "id:2,pass,nolog,setvar:tx.r2=1"
SecAction "id:3,pass,nolog,setvar:tx.r3=1"
SecAction "id:4,pass,nolog,setvar:tx.r4=1"
)R");
  EXPECT_EQ(o.tx("r2"), "<unset>");
  EXPECT_EQ(o.tx("r3"), "<unset>");
  EXPECT_EQ(o.tx("r4"), "1");
}

TEST(SkipAfterAction, OnAChainStarterNeedsTheWholeChain) {
  const char* rules = R"R(
SecRule ARGS:a "@streq 1" "id:1,pass,nolog,skipAfter:END,chain"
  SecRule ARGS:b "@streq 2" "t:none"
SecAction "id:2,pass,nolog,setvar:tx.r2=1"
SecMarker END
)R";
  EXPECT_EQ(run_rules(rules, get("a=1&b=2")).tx("r2"), "<unset>");
  EXPECT_EQ(run_rules(rules, get("a=1&b=3")).tx("r2"), "1");
}

TEST(SkipAfterAction, TargetDefinedEarlierSkipsTheRestOfThePhase) {
  // The target is searched for only after the rule, as v2 walks on from it.
  Outcome o = run_rules(R"R(
SecMarker BACK
SecAction "id:1,pass,nolog,setvar:tx.r1=1"
SecAction "id:2,pass,nolog,skipAfter:BACK"
SecAction "id:3,pass,nolog,setvar:tx.r3=1"
)R");
  EXPECT_EQ(o.tx("r1"), "1");
  EXPECT_EQ(o.tx("r3"), "<unset>");
}

TEST(SkipAfterAction, SkipsInSequenceAndTheFirstOfTwoEqualMarkers) {
  Outcome o = run_rules(R"R(
SecAction "id:1,pass,nolog,skipAfter:A"
SecAction "id:2,pass,nolog,setvar:tx.r2=1"
SecMarker A
SecAction "id:3,pass,nolog,skipAfter:B"
SecAction "id:4,pass,nolog,setvar:tx.r4=1"
SecMarker B
SecAction "id:5,pass,nolog,setvar:tx.r5=1"
SecMarker B
SecAction "id:6,pass,nolog,setvar:tx.r6=1"
)R");
  EXPECT_EQ(o.tx("r2"), "<unset>");
  EXPECT_EQ(o.tx("r4"), "<unset>");
  EXPECT_EQ(o.tx("r5"), "1");
  EXPECT_EQ(o.tx("r6"), "1");
}

TEST(SkipAfterAction, DoesNotCarryIntoTheNextPhase) {
  Outcome o = run_rules(R"R(
SecAction "id:1,phase:1,pass,nolog,skipAfter:END"
SecAction "id:2,phase:2,pass,nolog,setvar:tx.r2=1"
SecMarker END
)R");
  EXPECT_EQ(o.tx("r2"), "1");
}

}  // namespace
}  // namespace rampart::testing
