// @rbl against a DNS responder the test runs on 127.0.0.1 (SecRblResolver): listed, not listed,
// timeouts, the known lists' answers (Spamhaus, URIBL, httpBL with SecHttpBlKey), host names,
// and the per-rule cache.
#include <gtest/gtest.h>

#include <chrono>

#include "engine/rule_harness.h"
#include "lookups/dns_responder.h"

namespace rampart::testing {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

class Rbl : public ::testing::Test {
 protected:
  std::string resolver(int timeout_ms = 500) {
    return "SecRblResolver " + dns_.address() + " " + std::to_string(timeout_ms) + "\n";
  }
  // One rule `@rbl zone` on ARGS:ip, denying.
  Outcome check(const std::string& zone, const std::string& ip, const std::string& extra = "") {
    return run_rules(
        resolver() + extra + "SecRule ARGS:ip \"@rbl " + zone + "\" \"id:1,phase:1,deny,log\"\n",
        get("ip=" + ip));
  }
  DnsResponder dns_;
};

TEST_F(Rbl, ListedAddressMatches) {
  dns_.answer("4.3.2.1.bl.test", "127.0.0.2");
  Outcome o = check("bl.test", "1.2.3.4");
  EXPECT_EQ(o.result.kind, Intervention::Kind::kDeny);
  EXPECT_TRUE(o.logged("RBL lookup of 4.3.2.1.bl.test succeeded at ARGS:ip.")) << o.line(0);
}

TEST_F(Rbl, UnlistedAddressDoesNotMatch) {
  Outcome o = check("bl.test", "1.2.3.5");
  EXPECT_EQ(o.result.kind, Intervention::Kind::kNone);
  EXPECT_TRUE(o.lines().empty()) << o.line(0);
  EXPECT_EQ(dns_.queries("5.3.2.1.bl.test"), 1);
}

TEST_F(Rbl, TimeoutIsNoMatchAndALogLineNeverAHang) {
  dns_.silent("6.3.2.1.bl.test");
  auto start = Clock::now();
  Outcome o = run_rules(resolver(300) + "SecRule ARGS:ip \"@rbl bl.test\" \"id:1,phase:1,deny\"\n",
                        get("ip=1.2.3.6"));
  EXPECT_LT(Clock::now() - start, 1s);
  EXPECT_EQ(o.result.kind, Intervention::Kind::kNone);
  EXPECT_TRUE(o.logged("timed out after 300 ms")) << o.line(0);
  EXPECT_TRUE(o.logged("[id \"1\"]"));
}

TEST_F(Rbl, NobodyListeningIsNoMatchAndALogLine) {
  Outcome o = run_rules(
      "SecRblResolver 127.0.0.1:9 300\nSecRule ARGS:ip \"@rbl bl.test\" \"id:1,phase:1,deny\"\n",
      get("ip=1.2.3.4"));
  EXPECT_EQ(o.result.kind, Intervention::Kind::kNone);
  EXPECT_TRUE(o.logged("Execution error - RBL lookup of 4.3.2.1.bl.test failed")) << o.line(0);
}

TEST_F(Rbl, SpamhausAnswersAreNamed) {
  dns_.answer("4.3.2.1.sbl-xbl.spamhaus.org", "127.0.0.2");
  dns_.answer("5.3.2.1.sbl-xbl.spamhaus.org", "127.0.0.4");
  EXPECT_TRUE(check("sbl-xbl.spamhaus.org", "1.2.3.4").logged("(Static UBE sources)."));
  EXPECT_TRUE(check("sbl-xbl.spamhaus.org", "1.2.3.5").logged("(Illegal 3rd party exploits)."));
}

TEST_F(Rbl, UriblLooksUpHostNames) {
  dns_.answer("evil.example.multi.uribl.com", "127.0.0.2");
  Outcome o = check("multi.uribl.com", "evil.example");
  EXPECT_TRUE(o.logged("RBL lookup of evil.example.multi.uribl.com succeeded at ARGS:ip (BLACK)."))
      << o.line(0);
}

TEST_F(Rbl, HttpBlPutsTheKeyInFrontAndDecodesTheAnswer) {
  dns_.answer("abcdefghijkl.4.3.2.1.dnsbl.httpbl.org", "127.3.25.4");
  Outcome o = check("dnsbl.httpbl.org", "1.2.3.4", "SecHttpBlKey abcdefghijkl\n");
  EXPECT_EQ(o.result.kind, Intervention::Kind::kDeny);
  EXPECT_TRUE(
      o.logged("RBL lookup of abcdefghijkl.4.3.2.1.dnsbl.httpbl.org succeeded at ARGS:ip. Comment "
               "spammer IP: 3 days since last activity, "
               "threat score 25"))
      << o.line(0);
}

TEST_F(Rbl, HttpBlErrorAnswerIsNotAMatch) {
  dns_.answer("abcdefghijkl.4.3.2.1.dnsbl.httpbl.org", "10.0.0.1");
  Outcome o = check("dnsbl.httpbl.org", "1.2.3.4", "SecHttpBlKey abcdefghijkl\n");
  EXPECT_EQ(o.result.kind, Intervention::Kind::kNone);
}

TEST_F(Rbl, HttpBlWithoutKeySaysSo) {
  Outcome o = check("dnsbl.httpbl.org", "1.2.3.4");
  EXPECT_EQ(o.result.kind, Intervention::Kind::kNone);
  EXPECT_TRUE(o.logged("no key defined: set SecHttpBlKey")) << o.line(0);
}

TEST_F(Rbl, Ipv6AndEmptyValuesAreNotLookedUp) {
  EXPECT_EQ(check("bl.test", "2001:db8::1").result.kind, Intervention::Kind::kNone);
  EXPECT_EQ(check("bl.test", "").result.kind, Intervention::Kind::kNone);
}

TEST_F(Rbl, BurstFromOneAddressAsksOnce) {
  dns_.answer("4.3.2.1.bl.test", "127.0.0.2");
  auto config = load_rules("SecRuleEngine On\n" + resolver() +
                           "SecRule REMOTE_ADDR \"@rbl bl.test\" \"id:1,phase:1,deny\"\n");
  Request r;
  for (int i = 0; i < 5; ++i) {
    Exchange ex(*config, r);
    ex.tx().set_connection("1.2.3.4", 1000, "127.0.0.1", 80);
    EXPECT_EQ(ex.run().kind, Intervention::Kind::kDeny);
  }
  EXPECT_EQ(dns_.queries("4.3.2.1.bl.test"), 1);
}

TEST(RblConfig, DirectiveAndParameterErrorsSayWhatToWrite) {
  EXPECT_NE(load_error("SecRblResolver dns.example\n").find("numeric IP address"),
            std::string::npos);
  EXPECT_NE(load_error("SecRblResolver 127.0.0.1 0\n").find("1-10000 milliseconds"),
            std::string::npos);
  EXPECT_NE(load_error("SecHttpBlKey SECRET\n").find("12 lower-case letters"), std::string::npos);
  EXPECT_NE(load_error("SecRule REMOTE_ADDR \"@rbl\" \"id:1\"\n").find("@rbl sbl-xbl.spamhaus.org"),
            std::string::npos);
  EXPECT_EQ(load_error("SecHttpBlKey abcdefghijkl\nSecRblResolver [::1]:5353 1000\n"), "");
}

}  // namespace
}  // namespace rampart::testing
