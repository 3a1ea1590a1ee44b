// ctl: options that change body handling and logging for one transaction: requestBodyLimit,
// responseBodyAccess, responseBodyLimit, debugLogLevel, and ruleRemoveTargetByMsg.
#include <fstream>
#include <sstream>

#include "engine_fixture.h"

namespace rampart::testing {
namespace {

TEST(CtlBodies, RequestBodyLimitLowersTheLimitForThisTransaction) {
  auto config = load_rules(R"R(
SecRuleEngine On
SecRequestBodyAccess On
SecRequestBodyLimit 1000
SecRule REQUEST_URI "@beginsWith /small" "id:1,phase:1,pass,nolog,ctl:requestBodyLimit=5"
)R");
  Request small = post_form("a=123456789");
  small.path = "/small";
  Exchange limited(*config, small);
  ASSERT_FALSE(limited.tx().process_request_headers().disruptive());
  EXPECT_EQ(limited.tx().append_request_body(small.body), BodyResult::kLimitExceeded);
  Exchange other(*config, post_form("a=123456789"));
  ASSERT_FALSE(other.tx().process_request_headers().disruptive());
  EXPECT_EQ(other.tx().append_request_body("a=123456789"), BodyResult::kOk);
}

TEST(CtlBodies, ResponseBodyAccessOnForOneTransaction) {
  auto config = load_rules(R"R(
SecRuleEngine On
SecResponseBodyAccess Off
SecRule REQUEST_URI "@beginsWith /watched" "id:1,phase:1,pass,nolog,ctl:responseBodyAccess=On"
SecRule RESPONSE_BODY "@contains secret" "id:2,phase:4,deny"
)R");
  Request watched = get("");
  watched.path = "/watched";
  watched.response_body = "a secret";
  Exchange on(*config, watched);
  EXPECT_EQ(on.run().status, 403);
  Request plain = get("");
  plain.response_body = "a secret";
  Exchange off(*config, plain);
  EXPECT_FALSE(off.run().disruptive());
}

TEST(CtlBodies, ResponseBodyAccessOffForOneTransaction) {
  auto config = load_rules(R"R(
SecRuleEngine On
SecResponseBodyAccess On
SecAction "id:1,phase:1,pass,nolog,ctl:responseBodyAccess=Off"
SecRule RESPONSE_BODY "@contains secret" "id:2,phase:4,deny"
)R");
  Request r = get("");
  r.response_body = "a secret";
  Exchange ex(*config, r);
  EXPECT_FALSE(ex.run().disruptive());
  EXPECT_FALSE(ex.tx().wants_response_body("text/html"));
}

TEST(CtlBodies, ResponseBodyLimitLowersTheLimit) {
  auto config = load_rules(R"R(
SecRuleEngine On
SecResponseBodyAccess On
SecResponseBodyLimit 100000
SecAction "id:1,phase:3,pass,nolog,ctl:responseBodyLimit=4"
)R");
  Exchange ex(*config, get(""));
  ASSERT_FALSE(ex.tx().process_request_headers().disruptive());
  ASSERT_FALSE(ex.tx().process_request_body().disruptive());
  ex.tx().set_response_status(200, "HTTP/1.1");
  ex.tx().add_response_header("Content-Type", "text/html");
  ASSERT_FALSE(ex.tx().process_response_headers().disruptive());
  ASSERT_TRUE(ex.tx().wants_response_body("text/html"));
  EXPECT_EQ(ex.tx().append_response_body("0123456789"), BodyResult::kLimitExceeded);
}

TEST(CtlBodies, DebugLogLevelRaisesTracingForOneTransaction) {
  std::string path =
      ::testing::TempDir() + "rampart-ctl-debug-" + std::to_string(getpid()) + ".log";
  std::remove(path.c_str());
  auto config = load_rules("SecRuleEngine On\nSecDebugLog " + path +
                           "\nSecDebugLogLevel 0\n"
                           "SecRule ARGS:trace \"@streq 1\" \"id:1,phase:1,pass,nolog,"
                           "ctl:debugLogLevel=9\"\n"
                           "SecRule ARGS \"@rx evil\" \"id:7,phase:2,pass,nolog\"\n");
  Exchange quiet(*config, get("q=evil"));
  quiet.run();
  Exchange traced(*config, get("trace=1&q=evil"));
  traced.run();
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  // Only the traced transaction wrote, and from the ctl on: phase 2's rule 7 at level 9.
  EXPECT_NE(text.str().find("[9] Rule 7 "), std::string::npos) << text.str();
  EXPECT_EQ(text.str().find("q=evil&"), std::string::npos);
  size_t lines = 0;
  for (char c : text.str()) lines += c == '\n';
  Exchange quiet_again(*config, get("q=evil"));
  quiet_again.run();
  std::ifstream again(path);
  std::stringstream after;
  after << again.rdbuf();
  size_t lines_after = 0;
  for (char c : after.str()) lines_after += c == '\n';
  EXPECT_EQ(lines_after, lines);  // level 0 again for the next transaction
  std::remove(path.c_str());
}

TEST(CtlBodies, RuleRemoveTargetByMsg) {
  auto config = load_rules(R"R(
SecRuleEngine On
SecAction "id:1,phase:1,pass,nolog,ctl:ruleRemoveTargetByMsg=SQL;ARGS:password"
SecRule ARGS "@rx '" "id:10,phase:2,deny,msg:'SQL injection'"
SecRule ARGS "@rx <" "id:11,phase:2,deny,status:418,msg:'XSS'"
)R");
  Exchange pw(*config, get("password=it's"));
  EXPECT_FALSE(pw.run().disruptive());
  Exchange name(*config, get("name=it's"));
  EXPECT_EQ(name.run().status, 403);
  Exchange other_rule(*config, get("password=<b>"));
  EXPECT_EQ(other_rule.run().status, 418);  // only rules whose msg matches lose the target
}

}  // namespace
}  // namespace rampart::testing
