// rampart replay's evaluation: one recorded request through a rule set as mod_rampart drives it,
// the verdict, the fired rules and the CRS-style scores; and the profile it can keep.
#include <gtest/gtest.h>

#include "engine/profile.h"
#include "engine/rule.h"
#include "rampart/config.h"
#include "replay/evaluate.h"
#include "replay/output.h"

namespace rampart::replay {
namespace {

std::unique_ptr<Config> rules(const std::string& text) {
  auto c = std::make_unique<Config>();
  auto err = c->load_string("SecRuleEngine On\nSecRequestBodyAccess On\n" + text, "/r.conf");
  EXPECT_FALSE(err.has_value()) << err->to_string();
  return c;
}

Request post(std::string body) {
  Request r;
  r.source = "t";
  r.line = 1;
  r.method = "POST";
  r.target = "/login?next=%2Fhome";
  r.headers = {{"Host", "shop.example:8080"},
               {"Content-Type", "application/x-www-form-urlencoded"},
               {"Content-Length", std::to_string(body.size())}};
  r.body = std::move(body);
  return r;
}

const char* kScoring =
    "SecAction \"id:1,phase:1,pass,nolog,setvar:tx.blocking_inbound_anomaly_score=0\"\n"
    "SecRule ARGS \"@rx <script\" \"id:10,phase:2,pass,msg:'XSS',severity:CRITICAL,"
    "logdata:'%{MATCHED_VAR_NAME}',setvar:tx.blocking_inbound_anomaly_score=+5\"\n"
    "SecRule REQUEST_FILENAME \"@streq /login\" \"id:11,phase:2,pass,msg:'login page'\"\n"
    "SecRule TX:BLOCKING_INBOUND_ANOMALY_SCORE \"@ge 5\" \"id:20,phase:2,deny,status:403,"
    "msg:'Anomaly score exceeded'\"\n";

TEST(ReplayEvaluate, BlockedWithRulesAndScore) {
  auto c = rules(kScoring);
  Outcome o = evaluate(*c, post("user=<script>&pw=x"));
  EXPECT_TRUE(o.blocked);
  EXPECT_EQ(o.status, 403);
  EXPECT_EQ(o.phase, 2);
  EXPECT_EQ(o.verdict, "denied 403 (phase 2)");
  EXPECT_EQ(o.inbound_score, 5);
  ASSERT_EQ(o.rules.size(), 3u);
  EXPECT_EQ(o.rules[0].id, "10");
  EXPECT_EQ(o.rules[0].severity, "CRITICAL");
  EXPECT_EQ(o.rules[0].data, "ARGS:user");
  EXPECT_FALSE(o.rules[0].denied);
  EXPECT_EQ(o.rules[1].id, "11");  // the server path (REQUEST_FILENAME) in phase 2
  EXPECT_EQ(o.rules[2].id, "20");
  EXPECT_TRUE(o.rules[2].denied);
  EXPECT_GT(o.micros, 0);
}

TEST(ReplayEvaluate, PassedAndDiffedAgainstAnotherRuleSet) {
  auto strict = rules(kScoring);
  auto relaxed = rules(std::string(kScoring) + "SecRuleRemoveById 20\n");
  Request r = post("user=<script>");
  Outcome a = evaluate(*strict, r), b = evaluate(*relaxed, r);
  EXPECT_TRUE(a.blocked);
  EXPECT_FALSE(b.blocked);
  EXPECT_EQ(b.verdict, "passed");
  EXPECT_EQ(only_in(a, b), std::vector<std::string>{"20"});
  EXPECT_TRUE(only_in(b, a).empty());
}

TEST(ReplayEvaluate, RecordedResponseRunsPhasesThreeAndFour) {
  auto c = rules(
      "SecResponseBodyAccess On\n"
      "SecRule RESPONSE_STATUS \"@streq 500\" \"id:30,phase:3,pass,msg:'server error'\"\n"
      "SecRule RESPONSE_BODY \"@contains ORA-00933\" \"id:31,phase:4,deny,status:403,"
      "msg:'SQL error leak'\"\n");
  Request r = post("a=1");
  r.response.status = 500;
  r.response.status_line = "500 Internal Server Error";
  r.response.headers = {{"Content-Type", "text/html"}};
  r.response.body = "<p>ORA-00933: SQL command not properly ended</p>";
  Outcome o = evaluate(*c, r);
  EXPECT_EQ(o.verdict, "denied 403 (phase 4)");
  ASSERT_EQ(o.rules.size(), 2u);
  EXPECT_EQ(o.rules[0].id, "30");
}

TEST(ReplayEvaluate, ProfileCountsRulesTransformsAndOperators) {
  auto c = rules(
      "SecRule ARGS \"@rx select\" \"id:40,phase:2,pass,t:none,t:urlDecodeUni,t:lowercase\"\n"
      "SecRule ARGS \"@contains zzz\" \"id:41,phase:2,pass\"\n");
  Profile profile;
  for (int i = 0; i < 3; ++i) evaluate(*c, post("q=SELECT&r=2"), &profile);
  auto list = profile.rules();
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0]->rule->id, "40");
  EXPECT_EQ(list[0]->calls, 3u);
  EXPECT_EQ(list[0]->matches, 3u);
  EXPECT_GT(list[0]->total_ns, 0);
  EXPECT_GE(list[0]->total_ns, list[0]->transform_ns + list[0]->operator_ns);
  EXPECT_EQ(list[1]->matches, 0u);
  size_t transforms = 0;
  for (const auto* t : profile.transforms()) {
    EXPECT_TRUE(t->name == "urlDecodeUni" || t->name == "lowercase") << t->name;
    // q in each of 3 transactions (no cache across); next and r hold no byte these two change
    // (TransformDef::triggers), so their pipeline does not run.
    EXPECT_EQ(t->calls, 3u);
    ++transforms;
  }
  EXPECT_EQ(transforms, 2u);
}

}  // namespace
}  // namespace rampart::replay
