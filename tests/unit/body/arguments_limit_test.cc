// SecArgumentsLimit for the query string and URLENCODED bodies, as v2 2.9.7 does it: ARGS from
// both count together, arguments past the limit are dropped, and REQBODY_ERROR is set with
// REQBODY_ERROR_MSG "SecArgumentsLimit exceeded" (for the query string too). Exactly at the
// limit is no error.
#include "engine_fixture.h"

namespace rampart::testing {
namespace {

const std::string kRules =
    "SecRuleEngine On\nSecRequestBodyAccess On\nSecArgumentsLimit 3\n"
    "SecAction \"id:1,phase:2,pass,nolog,setvar:tx.err=%{REQBODY_ERROR},"
    "setvar:'tx.msg=%{REQBODY_ERROR_MSG}',setvar:tx.names=%{ARGS_NAMES}\"\n"
    "SecRule &ARGS \"@ge 0\" \"id:2,phase:2,pass,nolog,setvar:tx.args=%{MATCHED_VAR}\"\n"
    "SecRule &ARGS_GET \"@ge 0\" \"id:3,phase:2,pass,nolog,setvar:tx.get=%{MATCHED_VAR}\"\n"
    "SecRule &ARGS_POST \"@ge 0\" \"id:4,phase:2,pass,nolog,setvar:tx.post=%{MATCHED_VAR}\"\n"
    "SecRule ARGS:e \"@rx .\" \"id:5,phase:2,pass,nolog,setvar:tx.e_seen=1\"\n";

TEST(ArgumentsLimit, UrlencodedBodyPastTheLimit) {
  auto config = load_rules(kRules);
  Exchange ex(*config, post_form("a=1&b=2&c=3&d=4&e=5"));
  ex.run();
  EXPECT_EQ(ex.tx_var("err"), "1");
  EXPECT_EQ(ex.tx_var("msg"), "SecArgumentsLimit exceeded");
  EXPECT_EQ(ex.tx_var("post"), "3");
  EXPECT_EQ(ex.tx_var("e_seen"), "<unset>");  // dropped
}

TEST(ArgumentsLimit, QueryStringPastTheLimit) {
  auto config = load_rules(kRules);
  Exchange ex(*config, get("q1=1&q2=2&q3=3&q4=4&e=5"));
  ex.run();
  EXPECT_EQ(ex.tx_var("err"), "1");
  EXPECT_EQ(ex.tx_var("msg"), "SecArgumentsLimit exceeded");
  EXPECT_EQ(ex.tx_var("get"), "3");
}

TEST(ArgumentsLimit, QueryAndBodyCountTogether) {
  auto config = load_rules(kRules);
  Request r = post_form("a=1&b=2&c=3");
  r.query = "q1=1&q2=2";
  Exchange ex(*config, r);
  ex.run();
  EXPECT_EQ(ex.tx_var("err"), "1");
  EXPECT_EQ(ex.tx_var("get"), "2");
  EXPECT_EQ(ex.tx_var("post"), "1");
  EXPECT_EQ(ex.tx_var("args"), "3");
}

TEST(ArgumentsLimit, ExactlyAtTheLimitIsFine) {
  auto config = load_rules(kRules);
  Exchange ex(*config, post_form("a=1&b=2&c=3"));
  ex.run();
  EXPECT_EQ(ex.tx_var("err"), "0");
  EXPECT_EQ(ex.tx_var("post"), "3");
}

}  // namespace
}  // namespace rampart::testing
