// v2's alert text (part H Message:, JSON messages[]) split into its fields.
#include <gtest/gtest.h>

#include "log/alert_message.h"

namespace rampart::logtool {
namespace {

TEST(AlertMessage, DenyWithMetadata) {
  auto m = parse_alert_message(
      "Access denied with code 403 (phase 2). Match of \"rx ^[a-z0-9._-]*$\" against "
      "\"ARGS:surname\" required. [file \"/etc/apache2/conf/httpd.conf\"] [line \"50\"] [id "
      "\"1000\"] [msg \"Unexpected characters in surname\"] [severity \"CRITICAL\"] [tag "
      "\"app/whitelist\"] [tag \"attack-sqli\"]");
  EXPECT_EQ(m.action, "Access denied with code 403 (phase 2).");
  EXPECT_EQ(m.rule_message, "Match of \"rx ^[a-z0-9._-]*$\" against \"ARGS:surname\" required.");
  EXPECT_EQ(m.id, "1000");
  EXPECT_EQ(m.file, "/etc/apache2/conf/httpd.conf");
  EXPECT_EQ(m.line, "50");
  EXPECT_EQ(m.msg, "Unexpected characters in surname");
  EXPECT_EQ(m.severity, "CRITICAL");
  ASSERT_EQ(m.tags.size(), 2u);
  EXPECT_EQ(m.tags[1], "attack-sqli");
  EXPECT_TRUE(m.denies());
}

TEST(AlertMessage, WarningWithEscapedData) {
  auto m = parse_alert_message(
      "Warning. Pattern match \"a\\\"b\" at ARGS:q. [id \"942100\"] [msg \"say \\\"hi\\\"\"] "
      "[data \"Matched Data: \\x22x\\x5c found\"] [severity \"WARNING\"] [hostname \"h\"] "
      "[uri \"/\"] [unique_id \"U\"]");
  EXPECT_EQ(m.action, "Warning.");
  EXPECT_FALSE(m.denies());
  EXPECT_EQ(m.id, "942100");
  EXPECT_EQ(m.msg, "say \"hi\"");
  EXPECT_EQ(m.data, "Matched Data: \"x\\ found");
}

TEST(AlertMessage, CutOffLineKeepsCompleteFields) {
  auto m = parse_alert_message("Warning. x [id \"1\"] [msg \"never clos");
  EXPECT_EQ(m.id, "1");
  EXPECT_EQ(m.msg, "");
}

TEST(AlertMessage, RedirectAndNoMetadata) {
  auto m = parse_alert_message(
      "Access denied with redirection to http://x/(a) using status 302 (phase 1). "
      "Unconditional match in SecAction.");
  EXPECT_EQ(m.action, "Access denied with redirection to http://x/(a) using status 302 (phase 1).");
  EXPECT_EQ(m.rule_message, "Unconditional match in SecAction.");
  EXPECT_TRUE(m.id.empty());
}

TEST(AlertMessage, Severities) {
  EXPECT_EQ(severity_number("critical"), 2);
  EXPECT_EQ(severity_number("5"), 5);
  EXPECT_EQ(severity_number("BAD"), -1);
  EXPECT_STREQ(severity_name(0), "EMERGENCY");
}

}  // namespace
}  // namespace rampart::logtool
