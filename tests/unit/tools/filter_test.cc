// Filters: each option alone, AND across options, OR within one.
#include "log/filter.h"

#include "logtool_helpers.h"

namespace rampart::logtool::testing {
namespace {

Entry sample() {
  auto r = read_path(fixture("v2-serial-native.log"));
  return r.entries.at(2);  // POST /index.html, 403, rule 1000 CRITICAL, 03/Dec/2026:07:59:37
}

TEST(Filter, EmptyMatchesAll) {
  EXPECT_TRUE(Filter().matches(sample()));
}

TEST(Filter, TimeRange) {
  Filter f;
  EXPECT_EQ(f.set_since("2026-12-03T07:59:00Z"), "");
  EXPECT_EQ(f.set_until("03/Dec/2026:08:00:00 +0000"), "");
  EXPECT_TRUE(f.matches(sample()));
  Filter late;
  late.set_since("2026-12-03T08:59:38+01:00");  // 07:59:38 UTC, after the entry
  EXPECT_FALSE(late.matches(sample()));
  EXPECT_NE(Filter().set_since("noon"), "");
}

TEST(Filter, RuleIdGlobAndRange) {
  for (const char* p : {"1000", "10*", "999-1000"}) {
    Filter f;
    f.add_rule(p);
    EXPECT_TRUE(f.matches(sample())) << p;
  }
  Filter f;
  f.add_rule("1001");
  EXPECT_FALSE(f.matches(sample()));
  f.add_rule("1000");  // OR
  EXPECT_TRUE(f.matches(sample()));
}

TEST(Filter, TagSeverityOnTheSameAlert) {
  Filter f;
  f.add_tag("ATTACK-*");
  EXPECT_TRUE(f.matches(sample()));
  f.set_severity("ERROR");  // CRITICAL is more severe than ERROR
  EXPECT_TRUE(f.matches(sample()));
  Filter g;
  g.set_severity("EMERGENCY");
  EXPECT_FALSE(g.matches(sample()));
  EXPECT_NE(g.set_severity("loud"), "");
}

TEST(Filter, IpAndCidr) {
  Filter f;
  EXPECT_EQ(f.add_ip("127.0.0.0/8"), "");
  EXPECT_TRUE(f.matches(sample()));
  Filter g;
  g.add_ip("10.0.0.0/8");
  EXPECT_FALSE(g.matches(sample()));
  g.add_ip("127.0.0.1");
  EXPECT_TRUE(g.matches(sample()));
  EXPECT_NE(Filter().add_ip("10.0.0.0/33"), "");
  EXPECT_TRUE(Cidr::parse("2001:db8::/32")->contains("2001:db8:1::5"));
  EXPECT_FALSE(Cidr::parse("2001:db8::/32")->contains("192.0.2.1"));
  EXPECT_TRUE(Cidr::parse("192.0.2.128/25")->contains("192.0.2.200"));
  EXPECT_FALSE(Cidr::parse("192.0.2.128/25")->contains("192.0.2.100"));
}

TEST(Filter, UriRegexAndStatus) {
  Filter f;
  EXPECT_EQ(f.set_uri("^/index\\.html$"), "");
  EXPECT_EQ(f.add_status("4xx"), "");
  EXPECT_TRUE(f.matches(sample()));
  f.add_status("500-599");
  EXPECT_TRUE(f.matches(sample()));
  Filter g;
  g.add_status("200");
  EXPECT_FALSE(g.matches(sample()));
  EXPECT_NE(Filter().set_uri("(unclosed").find("offset"), std::string::npos);
  EXPECT_NE(Filter().add_status("fine"), "");
}

TEST(Filter, AllOptionsMustMatch) {
  Filter f;
  f.add_rule("1000");
  f.add_ip("10.0.0.0/8");
  EXPECT_FALSE(f.matches(sample()));
}

TEST(Filter, BlockedAndPassed) {
  Filter b, p;
  b.set_blocked(true);
  p.set_blocked(false);
  EXPECT_TRUE(b.matches(sample()));
  EXPECT_FALSE(p.matches(sample()));
}

}  // namespace
}  // namespace rampart::logtool::testing
