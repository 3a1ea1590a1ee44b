// FULL_REQUEST, FULL_REQUEST_LENGTH, STATUS_LINE, OUTBOUND_DATA_ERROR, RULE, MODSEC_BUILD,
// SDBM_DELETE_ERROR, WEBSERVER_ERROR_LOG and the PERF_* family.
#include "engine_fixture.h"
#include "variables/variable.h"

namespace rampart::testing {
namespace {

// The value of `target` as seen by a rule in `phase`, via setvar into TX:seen.
std::string seen(const std::string& target, int phase, Request req = get("a=1"),
                 const std::string& extra = "") {
  auto config = load_rules("SecRuleEngine On\n" + extra + "SecRule " + target +
                           " \"@rx ^(.*)$\" \"id:1,phase:" + std::to_string(phase) +
                           ",pass,nolog,capture,setvar:tx.seen=%{TX.1}\"\n");
  Exchange ex(*config, std::move(req));
  ex.run();
  return ex.tx_var("seen");
}

TEST(FullRequest, LineHeadersAndBody) {
  Request r = post_form("a=1&b=2");
  std::string expected =
      "POST /index.html HTTP/1.1\nHost: www.example.com\n"
      "Content-Type: application/x-www-form-urlencoded\n\na=1&b=2";
  auto config = load_rules(
      "SecRuleEngine On\nSecRequestBodyAccess On\n"
      "SecRule FULL_REQUEST \"@streq " +
      std::string("POST /index.html HTTP/1.1\\nHost") +
      "\" \"id:9,phase:2,pass,nolog\"\n"
      "SecRule FULL_REQUEST_LENGTH \"@eq " +
      std::to_string(expected.size()) + "\" \"id:1,phase:2,deny,status:418\"\n");
  Exchange ex(*config, r);
  EXPECT_EQ(ex.run().status, 418);
  std::vector<variables::Field> out;
  variables::find("FULL_REQUEST")->collect(ex.state(), out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].value, expected);
}

TEST(FullRequest, PhaseOneHasNoBody) {
  Request r = post_form("a=1");
  auto config = load_rules(
      "SecRuleEngine On\nSecRequestBodyAccess On\n"
      "SecRule FULL_REQUEST \"@endsWith a=1\" \"id:1,phase:1,deny,status:418\"\n");
  Exchange ex(*config, r);
  EXPECT_FALSE(ex.run().disruptive());
}

TEST(StatusLine, FromTheConnectorOrTheNumber) {
  auto config = load_rules(
      "SecRuleEngine On\n"
      "SecRule STATUS_LINE \"@streq 404 Not Found\" \"id:1,phase:3,deny,status:418\"\n");
  Request r = get("");
  r.response_status = 404;
  Exchange ex(*config, r);
  ex.tx().set_status_line("404 Not Found");
  EXPECT_EQ(ex.run().status, 418);
  Exchange bare(*config, r);
  bare.run();
  std::vector<variables::Field> out;
  variables::find("STATUS_LINE")->collect(bare.state(), out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].value, "404");
  EXPECT_EQ(seen("&STATUS_LINE", 2), "0");  // nothing before phase 3
}

TEST(OutboundDataError, SetPastTheResponseBodyLimitWithProcessPartial) {
  const std::string extra =
      "SecResponseBodyAccess On\nSecResponseBodyLimit 10\n"
      "SecResponseBodyLimitAction ProcessPartial\n";
  Request big = get("");
  big.response_body = std::string(50, 'x');
  EXPECT_EQ(seen("OUTBOUND_DATA_ERROR", 4, big, extra), "1");
  Request small = get("");
  small.response_body = "tiny";
  EXPECT_EQ(seen("OUTBOUND_DATA_ERROR", 4, small, extra), "0");
}

TEST(RuleVariable, TheCurrentRulesMetadata) {
  auto config = load_rules(
      "SecRuleEngine On\n"
      "SecRule RULE:id \"@streq 1234\" \"id:1234,phase:1,rev:7,severity:2,msg:'m %{TX.x}',"
      "deny,status:418\"\n");
  Exchange ex(*config, get(""));
  EXPECT_EQ(ex.run().status, 418);
  auto c2 = load_rules(
      "SecRuleEngine On\nSecRule RULE:msg \"@streq Hello, %{\" "
      "\"id:5,phase:2,severity:3,msg:'Hello, %{',deny,status:418\"\n"
      "SecRule RULE:severity \"@eq 3\" \"id:6,phase:1,severity:3,deny,status:419\"\n");
  Exchange ex2(*c2, get(""));
  EXPECT_EQ(ex2.run().status, 419);
  auto c4 = load_rules(
      "SecRuleEngine On\nSecRule RULE:msg \"@beginsWith Hello\" "
      "\"id:5,phase:2,msg:'Hello %{TX.x}',deny,status:418\"\n");
  Exchange ex4(*c4, get(""));
  EXPECT_EQ(ex4.run().status, 418);
  auto c3 = load_rules(
      "SecRuleEngine On\nSecRule ARGS \"@rx .\" \"chain,id:77,phase:1,deny,status:418\"\n"
      "SecRule RULE:id \"@streq 77\"\n");  // a link sees its starter's id
  Exchange ex3(*c3, get("a=1"));
  EXPECT_EQ(ex3.run().status, 418);
}

TEST(ModsecBuild, NineDigitsOfVersionTwoNineSeven) {
  EXPECT_EQ(seen("MODSEC_BUILD", 1), "020907900");
  EXPECT_EQ(seen("SDBM_DELETE_ERROR", 2), "0");
}

TEST(WebserverErrorLog, TheLinesSoFar) {
  auto config = load_rules(
      "SecRuleEngine On\n"
      "SecRule WEBSERVER_ERROR_LOG \"@contains File does not exist\" "
      "\"id:1,phase:2,deny,status:418\"\n"
      "SecRule &WEBSERVER_ERROR_LOG \"@eq 0\" \"id:2,phase:1,pass,nolog,setvar:tx.none=1\"\n");
  Exchange ex(*config, get(""));
  ex.tx().add_webserver_error("[file \"core.c\"] [line 1] [level 3] File does not exist: /x");
  EXPECT_EQ(ex.run().status, 418);
  EXPECT_EQ(ex.tx_var("none"), "<unset>");
}

TEST(PerfVariables, PhaseTimesAndZeros) {
  auto config = load_rules(
      "SecRuleEngine On\n"
      "SecRule ARGS \"@rx .\" \"id:1,phase:1,pass,nolog\"\n"
      "SecRule PERF_PHASE1 \"@ge 0\" \"chain,id:2,phase:2,deny,status:418\"\n"
      "SecRule PERF_SREAD|PERF_SWRITE|PERF_GC|PERF_LOGGING \"@eq 0\" \"chain\"\n"
      "SecRule PERF_ALL \"@rx ^combined=\\d+, p1=\\d+, p2=0, p3=0, p4=0, p5=0, sr=0, sw=0, l=0, "
      "gc=0$\" \"chain\"\n"
      "SecRule PERF_COMBINED \"@ge 0\"\n");
  Exchange ex(*config, get("a=1"));
  EXPECT_EQ(ex.run().status, 418);
}

}  // namespace
}  // namespace rampart::testing
