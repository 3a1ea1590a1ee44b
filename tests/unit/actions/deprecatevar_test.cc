// deprecatevar: N less for every T seconds since the last update, never below 0.
#include <gtest/gtest.h>

#include "collections/collection_harness.h"

namespace rampart::testing {
namespace {

const char* kRules =
    "SecAction \"id:1,phase:1,pass,nolog,initcol:ip=%{REMOTE_ADDR}\"\n"
    "SecRule ARGS:add \"@gt 0\" \"id:2,phase:1,pass,nolog,setvar:ip.score=+%{ARGS.add}\"\n"
    "SecAction \"id:3,phase:1,pass,nolog,deprecatevar:ip.score=10/60,"
    "setvar:'tx.score=%{ip.score}'\"\n";

TEST(Deprecatevar, DecreasesWithTimeSinceLastUpdate) {
  Site site(kRules);
  EXPECT_EQ(site.request(get("add=50")).tx_var("score"), "50");   // new record: no decay
  EXPECT_EQ(site.request(Request(), 30).tx_var("score"), "50");   // under one period
  EXPECT_EQ(site.request(Request(), 130).tx_var("score"), "30");  // two periods
  EXPECT_EQ(site.stored("", "IP", "192.0.2.10", "score"), "30");
}

TEST(Deprecatevar, NeverBelowZero) {
  Site site(kRules);
  site.request(get("add=15"));
  EXPECT_EQ(site.request(Request(), 3600).tx_var("score"), "0");
}

TEST(Deprecatevar, MissingVariableIsLeftAlone) {
  Site site(
      "SecAction \"id:1,phase:1,pass,nolog,initcol:ip=x,setvar:ip.other=1,"
      "deprecatevar:ip.score=1/1\"\n");
  site.request();
  site.request(Request(), 100);
  EXPECT_EQ(site.stored("", "IP", "x", "score"), "<none>");
}

TEST(Deprecatevar, ParseErrors) {
  for (const char* bad : {"ip.score", "ip.score=10", "ip.score=10/0", "ip.score=a/b"})
    EXPECT_NE(load_error(std::string("SecAction \"id:1,deprecatevar:") + bad + "\"")
                  .find("deprecatevar needs COLLECTION.name=N/SECONDS"),
              std::string::npos)
        << bad;
  EXPECT_NE(load_error("SecAction \"id:1,deprecatevar:tx.a=1/2\"").find("persistent"),
            std::string::npos);
}

}  // namespace
}  // namespace rampart::testing
