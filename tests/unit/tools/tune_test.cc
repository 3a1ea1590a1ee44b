// rampart tune: alerts grouped by (rule, target, path), thresholds, and the rules it proposes.
#include <gtest/gtest.h>

#include "log/alert_message.h"
#include "tune/proposals.h"

namespace rampart::tune {
namespace {

logtool::RuleMessage crs_alert(const std::string& id, const std::string& target,
                               const std::string& value) {
  return logtool::parse_alert_message(
      "Warning. Pattern match \"x\" at " + target + ". [id \"" + id +
      "\"] [msg \"Detects conditional SQL injection attempts\"] [data \"Matched Data: if ( "
      "found within " +
      target + ": " + value + "\"] [severity \"CRITICAL\"]");
}

logtool::Entry entry(const std::string& ip, const std::string& uri,
                     std::vector<logtool::RuleMessage> messages, bool blocked) {
  logtool::Entry e;
  e.unique_id = "id-" + ip + uri;
  e.client_ip = ip;
  e.uri = uri;
  e.messages = std::move(messages);
  e.intercepted = blocked;
  return e;
}

TEST(TuneTarget, AClientCannotNameTheTarget) {
  // The matched text (the client's) imitates CRS's logdata; the engine's " at NAME." decides.
  logtool::RuleMessage m = logtool::parse_alert_message(
      "Warning. Pattern match \"x\" at ARGS:q. [id \"942100\"] [data \"Matched Data: "
      "found within ARGS:password: x found within ARGS:q: x\"]");
  EXPECT_EQ(alert_target(m), "ARGS:q");
}

TEST(TuneTarget, FromDataOrOperatorMessage) {
  EXPECT_EQ(alert_target(crs_alert("942230", "ARGS:comment", "if (a < b): x")), "ARGS:comment");
  EXPECT_EQ(alert_target(crs_alert("942230", "REQUEST_HEADERS:User-Agent", "a: b")),
            "REQUEST_HEADERS:User-Agent");
  logtool::RuleMessage m = logtool::parse_alert_message(
      "Warning. Matched phrase \"nikto\" at REQUEST_HEADERS:user-agent. [id \"913100\"]");
  EXPECT_EQ(alert_target(m), "REQUEST_HEADERS:user-agent");
  m = logtool::parse_alert_message(
      "Access denied with code 403 (phase 2). Operator GE matched 5 at TX:blocking_inbound_"
      "anomaly_score. [id \"949110\"]");
  EXPECT_EQ(alert_target(m), "TX:blocking_inbound_anomaly_score");  // ignored by Collector
  EXPECT_TRUE(writable_target("ARGS:json.items.0.name"));
  EXPECT_FALSE(writable_target("ARGS:a,b"));
  EXPECT_FALSE(writable_target("ARGS:a\"b"));
  EXPECT_FALSE(writable_target(""));
}

TEST(TuneProposals, ManyClientsOnOnePathIsScopedToIt) {
  Collector c;
  for (int i = 1; i <= 6; ++i)
    c.add(entry("10.0.0." + std::to_string(i), "/blog/post?draft=1",
                {crs_alert("942230", "ARGS:comment", "if (a < b)")}, true));
  // One attacker, many times: not a pattern.
  for (int i = 0; i < 9; ++i)
    c.add(entry("10.6.6.6", "/search", {crs_alert("942100", "ARGS:q", "1' or 1=1")}, true));
  c.add(entry("10.0.0.1", "/", {}, false));
  EXPECT_EQ(c.transactions(), 16u);
  EXPECT_EQ(c.with_alerts(), 15u);
  Thresholds t;
  auto p = c.proposals(t);
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].rule_id, "942230");
  EXPECT_EQ(p[0].target, "ARGS:comment");
  EXPECT_EQ(p[0].paths, std::vector<std::string>{"/blog/post"});
  EXPECT_EQ(p[0].hits, 6u);
  EXPECT_EQ(p[0].clients, 6u);
  EXPECT_EQ(p[0].blocked, 6u);
  std::string text = render(p, t, "test");
  EXPECT_NE(text.find("SecRule REQUEST_FILENAME \"@streq /blog/post\" \\\n    \"id:10000,phase:1,"
                      "pass,t:none,nolog,ctl:ruleRemoveTargetById=942230;ARGS:comment\""),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("942100"), std::string::npos);
  t.min_clients = 1;
  EXPECT_EQ(c.proposals(t).size(), 2u);  // now the attacker's too: thresholds matter
}

TEST(TuneProposals, ManyPathsIsSiteWide) {
  Collector c;
  for (int i = 0; i < 8; ++i)
    c.add(entry("10.0.1." + std::to_string(i), "/page/" + std::to_string(i),
                {crs_alert("920273", "REQUEST_COOKIES:prefs", "{\"a\":1}"),
                 crs_alert("920273", "REQUEST_COOKIES:prefs", "{\"a\":1}")},  // once per request
                false));
  Thresholds t;
  auto p = c.proposals(t);
  ASSERT_EQ(p.size(), 1u);
  EXPECT_TRUE(p[0].paths.empty());
  EXPECT_EQ(p[0].hits, 8u);
  std::string text = render(p, t, "test");
  EXPECT_NE(text.find("# --- After the CRS rules"), std::string::npos);
  EXPECT_NE(text.find("SecRuleUpdateTargetById 920273 \"!REQUEST_COOKIES:prefs\""),
            std::string::npos);
}

TEST(TuneProposals, NothingToPropose) {
  Collector c;
  c.add(entry("10.0.0.1", "/", {crs_alert("942230", "ARGS:a", "x")}, false));
  std::string text = render(c.proposals(Thresholds()), Thresholds(), "test");
  EXPECT_NE(text.find("# Nothing to propose"), std::string::npos);
}

}  // namespace
}  // namespace rampart::tune
