// SecPcreMatchLimit / SecPcreMatchLimitRecursion: a regex that runs past the limit does not
// match, sets TX:MSC_PCRE_LIMITS_EXCEEDED and logs v2's execution error (rule 200005 of the
// recommended config flags it).
#include "engine_fixture.h"

namespace rampart::testing {
namespace {

// Nested quantifiers on a subject that cannot match backtrack exponentially.
const std::string kRules =
    "SecRuleEngine On\n"
    "SecRule ARGS:q \"@rx ^(a|a)+$\" \"id:1,phase:1,deny,status:403\"\n"
    "SecRule TX:/^MSC_/ \"!@streq 0\" \"id:2,phase:1,deny,status:418\"\n";

TEST(PcreLimits, LimitHitIsNoMatchAndFlagged) {
  auto config = load_rules("SecPcreMatchLimit 1000\n" + kRules);
  Exchange ex(*config, get("q=" + std::string(40, 'a') + "b"));
  Intervention i = ex.run();
  EXPECT_EQ(i.status, 418);
  EXPECT_EQ(ex.tx_var("MSC_PCRE_LIMITS_EXCEEDED"), "1");
  EXPECT_TRUE(ex.log().contains("Execution error - PCRE limits exceeded"));
}

TEST(PcreLimits, WithinTheLimitMatchesNormally) {
  auto config = load_rules("SecPcreMatchLimit 1000000\n" + kRules);
  Exchange ex(*config, get("q=aaaa"));
  EXPECT_EQ(ex.run().status, 403);
  EXPECT_EQ(ex.tx_var("MSC_PCRE_LIMITS_EXCEEDED"), "<unset>");
}

TEST(PcreLimits, DirectivesCheckTheirArgument) {
  Config c;
  auto err = c.load_string("SecPcreMatchLimit lots\n", "/r.conf");
  ASSERT_TRUE(err.has_value());
  EXPECT_NE(err->to_string().find("/r.conf:1: "), std::string::npos);
  EXPECT_NE(err->to_string().find("positive whole number"), std::string::npos);
  EXPECT_TRUE(c.load_string("SecPcreMatchLimitRecursion 500\n", "/r.conf") == std::nullopt);
}

TEST(CookieFormat, ZeroAndOneLoad) {
  Config c;
  EXPECT_TRUE(c.load_string("SecCookieFormat 0\n", "/r.conf") == std::nullopt);
  EXPECT_TRUE(c.load_string("SecCookieFormat 1\n", "/r.conf") == std::nullopt);
}

}  // namespace
}  // namespace rampart::testing
