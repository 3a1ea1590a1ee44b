// The "why blocked" record (src/log/verdict.h): every logged match with its target, value and the
// anomaly points it added, the final scores; SecAlertLogFormat JSON writes it as one error-log
// line instead of a line per rule.
#include "log/verdict.h"
#include "engine_fixture.h"

namespace rampart::testing {
namespace {

// CRS 4's shape: points per paranoia level, summed into the blocking score by a nolog rule.
const std::string kRules =
    "SecRuleEngine On\n"
    "SecAction \"id:1,phase:1,pass,nolog,setvar:tx.inbound_anomaly_score_pl1=0,"
    "setvar:tx.critical_anomaly_score=5\"\n"
    "SecRule ARGS \"@rx (?i)select\" \"id:942000,phase:2,pass,log,msg:'SQL in %{MATCHED_VAR_NAME}',"
    "severity:CRITICAL,setvar:tx.inbound_anomaly_score_pl1=+%{tx.critical_anomaly_score}\"\n"
    "SecRule ARGS:note \"@contains hello\" \"id:100,phase:2,pass,log,msg:'greeting'\"\n"
    "SecAction \"id:2,phase:2,pass,nolog,"
    "setvar:tx.blocking_inbound_anomaly_score=%{tx.inbound_anomaly_score_pl1}\"\n"
    "SecRule TX:BLOCKING_INBOUND_ANOMALY_SCORE \"@ge 5\" \"id:949110,phase:2,deny,status:403,"
    "log,msg:'Inbound Anomaly Score Exceeded'\"\n";

TEST(Verdict, EveryMatchWithTargetValueAndPoints) {
  auto config = load_rules(kRules);
  Exchange ex(*config, get("a=select%201&b=SELECT%202&note=hello"));
  EXPECT_EQ(ex.run().status, 403);
  const auto& m = ex.state().audit.matches;
  ASSERT_EQ(m.size(), 4u);  // 942000 twice (two arguments), 100, 949110
  EXPECT_EQ(m[0].rule->id, "942000");
  EXPECT_EQ(m[0].target, "ARGS:a");
  EXPECT_EQ(m[0].value, "select 1");
  EXPECT_EQ(m[0].msg, "SQL in ARGS:a");
  EXPECT_EQ(m[0].score, 5);
  EXPECT_EQ(m[1].target, "ARGS:b");
  EXPECT_EQ(m[1].score, 5);
  EXPECT_EQ(m[2].rule->id, "100");
  EXPECT_EQ(m[2].score, 0);
  EXPECT_EQ(m[3].rule->id, "949110");
  EXPECT_EQ(log::final_score(ex.state(), true), 10);
  EXPECT_EQ(log::final_score(ex.state(), false), -1);

  std::string j = log::verdict_json(ex.state());
  EXPECT_NE(j.find("{\"unique_id\":\"TESTID\",\"client\":\"192.0.2.10\",\"hostname\":"
                   "\"www.example.com\",\"method\":\"GET\",\"uri\":\"/index.html?a=select%201&b="
                   "SELECT%202&note=hello\",\"blocked\":true,\"phase\":2,\"status\":403,"
                   "\"inbound_score\":10,\"matches\":[{\"id\":\"942000\",\"phase\":2,\"msg\":\"SQL "
                   "in ARGS:a\",\"severity\":\"CRITICAL\",\"target\":\"ARGS:a\",\"value\":\"select "
                   "1\",\"score\":5},"),
            std::string::npos)
      << j;
  // Native (the default): v2's line per rule, no record.
  EXPECT_EQ(ex.log().count("ModSecurity: Warning."), 3u);
  EXPECT_FALSE(ex.log().contains("Rampart: {"));
}

TEST(Verdict, AlertLogFormatJsonIsOneLine) {
  auto config = load_rules("SecAlertLogFormat JSON\n" + kRules);
  Exchange ex(*config, get("a=select%201"));
  EXPECT_EQ(ex.run().status, 403);
  ASSERT_EQ(ex.log().lines.size(), 1u);
  const std::string& line = ex.log().lines[0];
  EXPECT_EQ(line.rfind("Rampart: {\"unique_id\":\"TESTID\"", 0), 0u) << line;
  EXPECT_NE(line.find("\"inbound_score\":5,\"matches\":[{\"id\":\"942000\""), std::string::npos);
  EXPECT_NE(
      line.find("{\"id\":\"949110\",\"phase\":2,\"msg\":\"Inbound Anomaly Score Exceeded\","
                "\"target\":\"TX:blocking_inbound_anomaly_score\",\"value\":\"5\",\"score\":0}"),
      std::string::npos)
      << line;
  // The audit log still gets every message (part H, audit_data.messages).
  EXPECT_EQ(ex.state().audit.messages.size(), 2u);
}

// httpd writes bytes outside ASCII into its error log as \xHH: the line spells them \uXXXX.
TEST(Verdict, ErrorLogLineIsAscii) {
  auto config = load_rules("SecAlertLogFormat JSON\n" + kRules);
  Exchange ex(*config, get("a=select%20caf%C3%A9%20%F0%9F%98%80%FF"));
  ex.run();
  ASSERT_EQ(ex.log().lines.size(), 1u);
  EXPECT_NE(ex.log().lines[0].find("\"value\":\"select caf\\u00e9 \\ud83d\\ude00\\u00ff\""),
            std::string::npos)
      << ex.log().lines[0];
  // The JSON audit log keeps UTF-8 as it is.
  EXPECT_NE(log::verdict_json(ex.state())
                .find("\"value\":\"select caf\xC3\xA9 \xF0\x9F\x98\x80\\u00ff\""),
            std::string::npos);
}

TEST(Verdict, NothingMatchedWritesNothing) {
  auto config = load_rules("SecAlertLogFormat JSON\n" + kRules);
  Exchange ex(*config, get("a=1"));
  EXPECT_EQ(ex.run().status, 0);
  EXPECT_TRUE(ex.log().lines.empty());
  EXPECT_NE(log::verdict_json(ex.state())
                .find("\"blocked\":false,\"inbound_score\":0,"
                      "\"matches\":[]}"),
            std::string::npos);
}

TEST(Verdict, SanitisedArgumentIsMasked) {
  auto config = load_rules(kRules + "SecAction \"id:3,phase:5,pass,nolog,sanitiseArg:password\"\n");
  Exchange ex(*config, get("password=SeLeCt-secret"));
  ex.run();
  std::string j = log::verdict_json(ex.state());
  EXPECT_NE(j.find("\"target\":\"ARGS:password\",\"value\":\"*************\""), std::string::npos)
      << j;
  EXPECT_EQ(j.find("secret"), std::string::npos);
}

TEST(Verdict, DirectiveChecksItsArgument) {
  EXPECT_NE(load_error("SecAlertLogFormat XML\n").find("takes Native or JSON, got 'XML'"),
            std::string::npos);
}

// Which TX names count as anomaly scores for the record: CRS's per-level scores, any case.
TEST(Verdict, AnomalyScoreNames) {
  EXPECT_TRUE(log::is_anomaly_score("inbound_anomaly_score_pl1"));
  EXPECT_TRUE(log::is_anomaly_score("INBOUND_ANOMALY_SCORE_PL4"));
  EXPECT_TRUE(log::is_anomaly_score("outbound_anomaly_score_pl2"));
  EXPECT_TRUE(log::is_anomaly_score("Anomaly_Score_pl1"));
  EXPECT_FALSE(log::is_anomaly_score("inbound_anomaly_score"));  // the sum, not a level's points
  EXPECT_FALSE(log::is_anomaly_score("942100-OWASP_CRS/ARGS:id"));
  EXPECT_FALSE(log::is_anomaly_score("critical_anomaly_score"));
  EXPECT_FALSE(log::is_anomaly_score(""));
}

}  // namespace
}  // namespace rampart::testing
