// initcol, setsid, setuid: loading and creating records, built-in fields, scoping, and v2's
// "initialised once per transaction".
#include <gtest/gtest.h>

#include "collections/collection_harness.h"

namespace rampart::testing {
namespace {

const char* kCount =
    "SecAction \"id:1,phase:1,pass,nolog,initcol:ip=%{REMOTE_ADDR},setvar:ip.count=+1,"
    "setvar:'tx.seen=%{ip.count}/%{ip.is_new}/%{ip.update_counter}/%{ip.key}'\"\n";

TEST(Initcol, CreatesThenLoads) {
  Site site(kCount);
  EXPECT_EQ(site.request().tx_var("seen"), "1/1/0/192.0.2.10");
  EXPECT_EQ(site.request().tx_var("seen"), "2//1/192.0.2.10");  // IS_NEW gone once stored (v2)
  EXPECT_EQ(site.request().tx_var("seen"), "3//2/192.0.2.10");
  EXPECT_EQ(site.request(Request(), 0, "198.51.100.7").tx_var("seen"), "1/1/0/198.51.100.7");
  EXPECT_EQ(site.stored("", "IP", "192.0.2.10", "count"), "3");
}

TEST(Initcol, BuiltInFields) {
  Site site(
      "SecCollectionTimeout 120\n"
      "SecAction \"id:1,phase:1,pass,nolog,initcol:global=global,setvar:global.hits=+1,"
      "setvar:'tx.t=%{global.timeout}',setvar:'tx.c=%{global.create_time}',"
      "setvar:'tx.l=%{global.last_update_time}'\"\n");
  Exchange& first = site.request();
  EXPECT_EQ(first.tx_var("t"), "120");
  EXPECT_FALSE(first.tx_var("c").empty());
  EXPECT_EQ(first.tx_var("l"), "");  // never written yet
  std::string created = first.tx_var("c");  // `first` dies with the next request
  Exchange& second = site.request();
  EXPECT_EQ(second.tx_var("c"), created);
  EXPECT_FALSE(second.tx_var("l").empty());
  EXPECT_EQ(site.stored("", "GLOBAL", "global", "UPDATE_COUNTER"), "2");
}

TEST(Initcol, SecondInitcolInOneTransactionIsIgnored) {
  Site site(
      "SecAction \"id:1,phase:1,pass,nolog,initcol:ip=first,setvar:ip.n=+1\"\n"
      "SecAction \"id:2,phase:1,pass,nolog,initcol:ip=second,setvar:ip.n=+1,"
      "setvar:'tx.key=%{ip.key}'\"\n");
  EXPECT_EQ(site.request().tx_var("key"), "first");
  EXPECT_EQ(site.stored("", "IP", "first", "n"), "2");
  EXPECT_EQ(site.stored("", "IP", "second", "n"), "<none>");
}

TEST(Initcol, CollectionNamesIgnoreCase) {
  Site site("SecAction \"id:1,phase:1,pass,nolog,initcol:IP=x,setvar:Ip.N=+1,setvar:ip.n=+1\"\n");
  site.request();
  EXPECT_EQ(site.stored("", "ip", "x", "N"), "2");
}

TEST(Initcol, ResourceKeyFromMacro) {
  Site site(
      "SecAction \"id:1,phase:1,pass,nolog,initcol:resource=%{REQUEST_FILENAME},"
      "setvar:resource.hits=+1\"\n");
  site.request();
  EXPECT_EQ(site.stored("", "RESOURCE", "/index.html", "hits"), "1");
}

TEST(Initcol, NothingIsWrittenWhenNothingChanged) {
  Site site("SecAction \"id:1,phase:1,pass,nolog,initcol:ip=%{REMOTE_ADDR}\"\n");
  site.request();
  site.request();
  EXPECT_EQ(site.memory().write_count(), 0u);
  EXPECT_EQ(site.memory().size(), 0u);
}

TEST(Initcol, OneWriteForSeveralCollections) {
  Site site(
      "SecAction \"id:1,phase:1,pass,nolog,initcol:ip=%{REMOTE_ADDR},"
      "initcol:global=global,setvar:ip.a=+1,setvar:global.b=+1\"\n");
  site.request();
  EXPECT_EQ(site.memory().write_count(), 1u);
  EXPECT_EQ(site.memory().size(), 2u);
}

TEST(Initcol, WithoutAStoreWorksForOneTransaction) {
  Site site(kCount, nullptr);
  EXPECT_EQ(site.request().tx_var("seen"), "1/1/0/192.0.2.10");
  EXPECT_EQ(site.request().tx_var("seen"), "1/1/0/192.0.2.10");
}

TEST(Initcol, ParseErrors) {
  EXPECT_NE(load_error("SecAction \"id:1,initcol:ip\"")
                .find("initcol needs COLLECTION=KEY, e.g. initcol:ip=%{REMOTE_ADDR}"),
            std::string::npos);
  EXPECT_NE(
      load_error("SecAction \"id:1,initcol:foo=bar\"")
          .find("initcol: unknown collection 'foo': use IP, GLOBAL, RESOURCE, SESSION or USER"),
      std::string::npos);
}

TEST(Setsid, SetsSessionIdAndScopesByWebAppId) {
  const std::string rules =
      "SecAction \"id:1,phase:1,pass,nolog,setsid:%{REQUEST_COOKIES.sid},"
      "setvar:session.views=+1,setvar:'tx.id=%{SESSIONID}',setvar:'tx.app=%{WEBAPPID}'\"\n";
  Site shop("SecWebAppId shop\n" + rules);
  Request r;
  r.headers.emplace_back("Cookie", "sid=AbC123");
  Exchange& ex = shop.request(r);
  EXPECT_EQ(ex.tx_var("id"), "AbC123");
  EXPECT_EQ(ex.tx_var("app"), "shop");
  EXPECT_EQ(shop.stored("shop", "SESSION", "AbC123", "views"), "1");
  Site blog(rules, shop.store);  // same store, default app id: another record
  EXPECT_EQ(blog.request(r).tx_var("app"), "default");
  EXPECT_EQ(shop.stored("default", "SESSION", "AbC123", "views"), "1");
  EXPECT_EQ(shop.stored("shop", "SESSION", "AbC123", "views"), "1");
}

TEST(Setuid, SetsUserIdAndUser) {
  Site site(
      "SecAction \"id:1,phase:1,pass,nolog,setuid:%{ARGS.user},setvar:user.logins=+1,"
      "setvar:'tx.id=%{USERID}'\"\n");
  EXPECT_EQ(site.request(get("user=alice")).tx_var("id"), "alice");
  site.request(get("user=alice"));
  EXPECT_EQ(site.stored("default", "USER", "alice", "logins"), "2");
}

}  // namespace
}  // namespace rampart::testing
