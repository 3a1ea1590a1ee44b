// setvar on persistent collections: set, add, subtract, delete, and merging with concurrent
// transactions (deltas for counters, last writer wins for values).
#include <gtest/gtest.h>

#include "collections/collection_harness.h"

namespace rampart::testing {
namespace {

const char* kInit = "SecAction \"id:1,phase:1,pass,nolog,initcol:ip=%{REMOTE_ADDR}\"\n";

TEST(PersistentSetvar, SetAddSubtractDelete) {
  Site site(std::string(kInit) +
            "SecAction \"id:2,phase:2,pass,nolog,setvar:ip.a=hello,setvar:ip.n=+5,"
            "setvar:ip.n=-2,setvar:ip.gone=1,setvar:!ip.gone\"\n");
  site.request();
  EXPECT_EQ(site.stored("", "IP", "192.0.2.10", "a"), "hello");
  EXPECT_EQ(site.stored("", "IP", "192.0.2.10", "n"), "3");
  EXPECT_EQ(site.stored("", "IP", "192.0.2.10", "gone"), "<none>");
  site.request();
  EXPECT_EQ(site.stored("", "IP", "192.0.2.10", "n"), "6");
}

TEST(PersistentSetvar, ConcurrentTransactionsMergeDeltas) {
  Site site(std::string(kInit) + "SecAction \"id:2,phase:2,pass,nolog,setvar:ip.n=+1\"\n");
  site.request();  // n = 1 stored
  // Two transactions load n=1 at the same time, each adds 1: the result is 3, not 2.
  Exchange a(*site.config, Request()), b(*site.config, Request());
  for (Exchange* e : {&a, &b}) e->tx().set_collection_store(site.store);
  a.tx().process_request_headers();
  b.tx().process_request_headers();
  a.tx().process_request_body();
  b.tx().process_request_body();
  a.tx().process_logging();
  b.tx().process_logging();
  EXPECT_EQ(site.stored("", "IP", "192.0.2.10", "n"), "3");
  EXPECT_EQ(site.stored("", "IP", "192.0.2.10", "UPDATE_COUNTER"), "3");
}

TEST(PersistentSetvar, ValuesAreLastWriterWins) {
  Site site(std::string(kInit) + "SecAction \"id:2,phase:2,pass,nolog,setvar:ip.who=%{ARGS.w}\"\n");
  Exchange a(*site.config, get("w=a")), b(*site.config, get("w=b"));
  for (Exchange* e : {&a, &b}) e->tx().set_collection_store(site.store);
  for (Exchange* e : {&a, &b}) e->tx().process_request_headers();
  for (Exchange* e : {&a, &b}) e->tx().process_request_body();
  b.tx().process_logging();
  a.tx().process_logging();
  EXPECT_EQ(site.stored("", "IP", "192.0.2.10", "who"), "a");
}

TEST(PersistentSetvar, UninitialisedCollectionIsSkipped) {
  Site site("SecAction \"id:2,phase:2,pass,nolog,setvar:ip.n=+1,setvar:tx.after=1\"\n");
  Exchange& ex = site.request();
  EXPECT_EQ(ex.tx_var("after"), "1");
  EXPECT_EQ(site.memory().size(), 0u);
}

TEST(PersistentSetvar, CountsDrivenByRules) {
  Site site(std::string(kInit) +
            "SecRule ARGS:fail \"@streq 1\" \"id:2,phase:2,pass,nolog,setvar:ip.fails=+1\"\n"
            "SecRule IP:fails \"@ge 3\" \"id:3,phase:2,deny,msg:'too many'\"\n");
  for (int i = 0; i < 2; ++i) site.request(get("fail=1"));
  EXPECT_FALSE(site.result.disruptive());
  site.request(get("fail=1"));
  EXPECT_EQ(site.result.kind, Intervention::Kind::kDeny);
  site.request(get("fail=0"), 0, "198.51.100.1");
  EXPECT_FALSE(site.result.disruptive());
}

TEST(PersistentSetvar, UnknownCollectionIsAnError) {
  EXPECT_NE(load_error("SecAction \"id:1,setvar:foo.x=1\"")
                .find("setvar on unknown collection 'foo': use TX or one of IP, GLOBAL"),
            std::string::npos);
}

}  // namespace
}  // namespace rampart::testing
