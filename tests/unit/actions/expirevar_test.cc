// expirevar: a variable disappears once its time is up, measured when the record is read.
#include <gtest/gtest.h>

#include "collections/collection_harness.h"

namespace rampart::testing {
namespace {

const char* kRules =
    "SecAction \"id:1,phase:1,pass,nolog,initcol:ip=%{REMOTE_ADDR}\"\n"
    "SecRule ARGS:block \"@streq 1\" \"id:2,phase:1,pass,nolog,setvar:ip.block=1,"
    "expirevar:ip.block=300\"\n"
    "SecRule IP:block \"@eq 1\" \"id:3,phase:1,deny,msg:'blocked'\"\n";

TEST(Expirevar, VariableExpiresAfterItsTime) {
  Site site(kRules);
  site.request(get("block=1"));
  EXPECT_EQ(site.result.kind, Intervention::Kind::kDeny);
  site.request(Request(), 299);
  EXPECT_EQ(site.result.kind, Intervention::Kind::kDeny);
  site.request(Request(), 301);
  EXPECT_FALSE(site.result.disruptive());
}

TEST(Expirevar, StoresTheDeadlineAsV2Does) {
  Site site(kRules);
  site.request(get("block=1"));
  std::string deadline = site.stored("", "IP", "192.0.2.10", "__expire_block");
  ASSERT_NE(deadline, "<none>");
  auto now = std::chrono::duration_cast<std::chrono::seconds>(
                 std::chrono::system_clock::now().time_since_epoch())
                 .count();
  EXPECT_NEAR(std::stoll(deadline), now + 300, 5);
}

TEST(Expirevar, SecondsFromAMacro) {
  Site site(
      "SecAction \"id:1,phase:1,pass,nolog,initcol:ip=%{REMOTE_ADDR},setvar:tx.t=10\"\n"
      "SecRule ARGS:set \"@streq 1\" \"id:2,phase:1,pass,nolog,setvar:ip.x=1,"
      "expirevar:ip.x=%{tx.t}\"\n"
      "SecRule &IP:x \"@eq 1\" \"id:3,phase:2,pass,nolog,setvar:tx.has=1\"\n");
  EXPECT_EQ(site.request(get("set=1")).tx_var("has"), "1");
  EXPECT_EQ(site.request(Request(), 9).tx_var("has"), "1");
  EXPECT_EQ(site.request(Request(), 11).tx_var("has"), "<unset>");
}

TEST(Expirevar, ParseErrors) {
  EXPECT_NE(load_error("SecAction \"id:1,expirevar:ip.block\"")
                .find("expirevar needs COLLECTION.name=SECONDS"),
            std::string::npos);
  EXPECT_NE(load_error("SecAction \"id:1,expirevar:tx.a=5\"")
                .find("expirevar works on persistent collections"),
            std::string::npos);
}

}  // namespace
}  // namespace rampart::testing
