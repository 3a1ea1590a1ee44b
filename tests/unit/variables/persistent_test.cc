// IP, GLOBAL, RESOURCE, SESSION, USER as rule targets and in macros; SESSIONID, USERID, WEBAPPID.
#include <gtest/gtest.h>

#include "collections/collection_harness.h"
#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

TEST(PersistentVariables, EmptyUntilInitialised) {
  EXPECT_EQ(seen("IP"), "<unset>");
  EXPECT_EQ(seen("&GLOBAL", Request(), 2), "[GLOBAL=0]");
}

TEST(PersistentVariables, FieldsAreNamedLikeV2) {
  Site site(
      "SecAction \"id:1,phase:1,pass,nolog,initcol:ip=%{REMOTE_ADDR},setvar:ip.n=+1\"\n"
      "SecRule IP:n \"@unconditionalMatch\" \"id:2,phase:2,pass,nolog,"
      "setvar:'tx.seen=%{MATCHED_VAR_NAME}=%{MATCHED_VAR}'\"\n"
      "SecRule IP \"@unconditionalMatch\" \"id:3,phase:2,pass,nolog,setvar:tx.fields=+1\"\n"
      "SecRule IP:/^(?:KEY|TIMEOUT|CREATE_TIME|UPDATE_COUNTER|IS_NEW)$/ \"@unconditionalMatch\" "
      "\"id:4,phase:2,pass,nolog,setvar:tx.builtins=+1\"\n");
  Exchange& ex = site.request();
  EXPECT_EQ(ex.tx_var("seen"), "IP:n=1");
  EXPECT_EQ(ex.tx_var("builtins"), "5");
  EXPECT_EQ(ex.tx_var("fields"), "6");
}

TEST(PersistentVariables, EveryCollectionAndIdVariable) {
  Site site(
      "SecWebAppId shop\n"
      "SecAction \"id:1,phase:1,pass,nolog,initcol:global=global,initcol:resource=/a,"
      "setsid:s1,setuid:u1,initcol:ip=%{REMOTE_ADDR}\"\n"
      "SecAction \"id:2,phase:2,pass,nolog,setvar:'tx.keys=%{global.key},%{resource.key},"
      "%{session.key},%{user.key},%{ip.key}',setvar:'tx.ids=%{SESSIONID},%{USERID},"
      "%{WEBAPPID}'\"\n");
  Exchange& ex = site.request();
  EXPECT_EQ(ex.tx_var("keys"), "global,/a,s1,u1,192.0.2.10");
  EXPECT_EQ(ex.tx_var("ids"), "s1,u1,shop");
}

TEST(PersistentVariables, IdsEmptyAndAppIdDefault) {
  Outcome o = run_rules(
      "SecAction "
      "\"id:1,phase:1,pass,nolog,setvar:'tx.ids=[%{SESSIONID}][%{USERID}][%{WEBAPPID}]'\"\n");
  EXPECT_EQ(o.tx("ids"), "[][][default]");
}

}  // namespace
}  // namespace rampart::testing
