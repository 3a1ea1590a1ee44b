// Part K prints rules as ModSecurity v2 2.9.7 does: actions merged with SecDefaultAction. The
// expected strings are what mod_security2 wrote for the same rules.
#include <gtest/gtest.h>

#include "log/audit_log.h"

namespace rampart::log {
namespace {

const std::string kDefaults = "phase:1,nolog,auditlog,pass,t:lowercase";

std::string merged(std::string_view actions) {
  return expanded_actions(&kDefaults, actions);
}

TEST(AuditRuleText, MergesWithTheDefaultsAsV2Does) {
  EXPECT_EQ(merged("id:16,phase:1,pass,t:none"),
            "phase:1,nolog,auditlog,t:lowercase,id:16,pass,t:none");
  EXPECT_EQ(merged("id:13,phase:1,pass,log"), "phase:1,auditlog,t:lowercase,id:13,pass,log");
  EXPECT_EQ(merged("id:3,phase:1,pass,nolog,noauditlog"),
            "phase:1,t:lowercase,id:3,pass,nolog,noauditlog");
  EXPECT_EQ(merged("id:4,block,phase:1"), "phase:1,nolog,auditlog,t:lowercase,id:4,block");
  EXPECT_EQ(merged("id:5,phase:2,deny,log,status:403"),
            "phase:2,auditlog,t:lowercase,id:5,deny,log,status:403");
  // skip and skipAfter replace pass, as the disruptive actions do.
  EXPECT_EQ(merged("id:10,phase:1,pass,skip:0"), "phase:1,nolog,auditlog,t:lowercase,id:10,skip:0");
  EXPECT_EQ(merged("id:23,phase:1,pass,skipAfter:END"),
            "phase:1,nolog,auditlog,t:lowercase,id:23,skipAfter:END");
}

TEST(AuditRuleText, QuotesOnlyValuesWithSpaces) {
  EXPECT_EQ(merged("id:19,phase:1,pass,msg:'x y'"),
            "phase:1,nolog,auditlog,t:lowercase,id:19,pass,msg:'x y'");
  EXPECT_EQ(merged("id:21,phase:1,pass,tag:'q',tag:'r'"),
            "phase:1,nolog,auditlog,t:lowercase,id:21,pass,tag:q,tag:r");
  EXPECT_EQ(
      merged("id:1,phase:1,setvar:'tx.x=a b',tag:'a,b',severity:'2',logdata:'%{MATCHED_VAR}'"),
      "phase:1,nolog,auditlog,pass,t:lowercase,id:1,setvar:'tx.x=a b',tag:a,b,severity:2,"
      "logdata:%{MATCHED_VAR}");
  EXPECT_EQ(merged("id:2,msg:'it\\'s'"), "phase:1,nolog,auditlog,pass,t:lowercase,id:2,msg:it's");
}

// Inside quotes only \' stands for a quote; any other backslash is kept as written.
TEST(AuditRuleText, BackslashesInQuotedValues) {
  EXPECT_EQ(merged("id:6,msg:'\\'a\\d b',tag:'x\\y'"),
            "phase:1,nolog,auditlog,pass,t:lowercase,id:6,msg:''a\\d b',tag:x\\y");
}

TEST(AuditRuleText, ImplicitDefaultsWithoutSecDefaultAction) {
  std::string none;
  EXPECT_EQ(expanded_actions(&none, "id:12,phase:1,pass,ctl:ruleRemoveById=99"),
            "phase:1,log,auditlog,id:12,pass,ctl:ruleRemoveById=99");
  EXPECT_EQ(expanded_actions(&none, "id:1000,deny"), "phase:2,log,auditlog,id:1000,deny");
}

TEST(AuditRuleText, WholeRules) {
  std::string none;
  EXPECT_EQ(rule_text("SecRule", {"ARGS:q", "@contains evil", "id:1003,phase:2,pass,nolog"}, &none),
            "SecRule \"ARGS:q\" \"@contains evil\" \"phase:2,auditlog,id:1003,pass,nolog\"");
  // Chain links: not merged; without actions, no third argument.
  EXPECT_EQ(
      rule_text("SecRule", {"REQUEST_METHOD", "@streq POST", "t:none,setvar:tx.b=2"}, nullptr),
      "SecRule \"REQUEST_METHOD\" \"@streq POST\" \"t:none,setvar:tx.b=2\"");
  EXPECT_EQ(rule_text("SecRule", {"ARGS:b", "@streq y"}, nullptr),
            "SecRule \"ARGS:b\" \"@streq y\"");
  EXPECT_EQ(rule_text("SecAction", {"id:3,phase:1,pass,nolog"}, &none),
            "SecAction \"phase:1,auditlog,id:3,pass,nolog\"");
  // Arguments are log-escaped.
  EXPECT_EQ(rule_text("SecRule", {"ARGS", "@rx \"a\\b", "id:7"}, &none),
            "SecRule \"ARGS\" \"@rx \\\"a\\\\b\" \"phase:2,log,auditlog,pass,id:7\"");
}

}  // namespace
}  // namespace rampart::log
