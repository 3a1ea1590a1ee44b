// The Redis store against a real redis-server (a private one on a Unix socket): the same rule
// semantics as LMDB (setvar arithmetic, concurrent deltas, built-in fields, expirevar,
// deprecatevar, TIMEOUT as the key's TTL), keys namespaced by SecWebAppId, routing of one kind to
// Redis with the others elsewhere, and what happens when Redis is down, slow or restarted.
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/un.h>

#include <chrono>
#include <fstream>
#include <thread>

#include "collections/collection_harness.h"
#include "collections/redis_key.h"
#include "collections/redis_store.h"
#include "collections/redis_url.h"
#include "redis_server.h"

namespace rampart::testing {
namespace {

const char* kInit = "SecAction \"id:1,phase:1,pass,nolog,initcol:ip=%{REMOTE_ADDR}\"\n";
const std::string kIpKey = "rampart:default::IP:192.0.2.10";

std::unique_ptr<CollectionStore> redis_for_all(const std::string& url,
                                               std::vector<std::string>* log = nullptr,
                                               int timeout_ms = 100) {
  CollectionStoreOptions options;
  for (std::string_view kind : collections::kCollectionKinds)
    options.stores.emplace_back(std::string(kind), url);
  options.key_namespace = "default";
  options.timeout_ms = timeout_ms;
  if (log) options.log_error = [log](std::string_view line) { log->emplace_back(line); };
  std::string error;
  auto store = CollectionStore::open("", options, error);
  EXPECT_TRUE(store) << error;
  return store;
}

class RedisStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!redis.running()) GTEST_SKIP() << "redis-server not installed (scripts/setup.sh)";
    store = redis_for_all(redis.url());
  }
  std::string hget(const std::string& key, const std::string& field) {
    return redis.command({"HGET", key, field});
  }
  RedisServer redis;
  std::unique_ptr<CollectionStore> store;
};

TEST(RedisUrl, TcpUnixAndErrors) {
  std::string error;
  auto a = collections::parse_redis_url("redis://rampart@10.0.0.5:6380/2", error);
  ASSERT_TRUE(a) << error;
  EXPECT_EQ(a->host, "10.0.0.5");
  EXPECT_EQ(a->port, 6380);
  EXPECT_EQ(a->user, "rampart");
  EXPECT_EQ(a->db, 2);
  auto b = collections::parse_redis_url("redis://127.0.0.1", error);
  ASSERT_TRUE(b);
  EXPECT_EQ(b->port, 6379);
  EXPECT_EQ(b->db, 0);
  auto c = collections::parse_redis_url("redis+unix:///run/redis/redis.sock?db=3", error);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->socket_path, "/run/redis/redis.sock");
  EXPECT_EQ(c->db, 3);
  EXPECT_FALSE(collections::parse_redis_url("redis://u:secret@h:1/0", error));
  EXPECT_NE(error.find("SecCollectionStorePasswordFile"), std::string::npos);
  EXPECT_FALSE(collections::parse_redis_url("http://h:1/0", error));
  EXPECT_FALSE(collections::parse_redis_url("redis://h:99999/0", error));
  EXPECT_FALSE(collections::parse_redis_url("redis://h:1/x", error));
}

TEST(RedisKey, NamespacedAndOneToOne) {
  std::string rk = collections::record_key("", "ip", "192.0.2.1");
  EXPECT_EQ(collections::redis_key("shop", rk), "rampart:shop::IP:192.0.2.1");
  EXPECT_EQ(collections::record_key_of("shop", "rampart:shop::IP:192.0.2.1"), rk);
  EXPECT_FALSE(collections::record_key_of("blog", "rampart:shop::IP:192.0.2.1"));
  // ':' in the application name cannot make two records share a key.
  std::string a = collections::redis_key("x:y", collections::record_key("z", "SESSION", "k"));
  std::string b = collections::redis_key("x", collections::record_key("y:z", "SESSION", "k"));
  EXPECT_NE(a, b);
  EXPECT_EQ(collections::record_key_of("x:y", a), collections::record_key("z", "SESSION", "k"));
  EXPECT_EQ(collections::redis_match_pattern("a*", collections::collection_prefix("", "ip")),
            "rampart:a\\*::IP:*");
}

TEST(RedisDirectives, ParseAndValidate) {
  auto config = load_rules(
      "SecCollectionStore ip redis://127.0.0.1:6379/0\nSecCollectionStore GLOBAL "
      "redis+unix:///tmp/r.sock\nSecCollectionStoreTimeout 250\n"
      "SecCollectionStoreFailAction closed\n");
  const Settings& s = config->settings();
  EXPECT_EQ(s.collection_store_url("IP"), "redis://127.0.0.1:6379/0");
  EXPECT_EQ(s.collection_store_url("global"), "redis+unix:///tmp/r.sock");
  EXPECT_EQ(s.collection_store_url("SESSION"), "lmdb");
  EXPECT_EQ(s.collection_store_timeout(), 250);
  EXPECT_TRUE(s.collection_store_refuses());
  EXPECT_NE(load_error("SecCollectionStore tx redis://h:1/0\n").find("unknown collection"),
            std::string::npos);
  EXPECT_NE(load_error("SecCollectionStore ip redis://h:1/zz\n").find("bad database number"),
            std::string::npos);
  EXPECT_NE(load_error("SecCollectionStoreTimeout 0\n").find("milliseconds"), std::string::npos);
  EXPECT_NE(load_error("SecCollectionStoreFailAction maybe\n").find("open or closed"),
            std::string::npos);
  auto pass =
      std::filesystem::temp_directory_path() / ("rampart-redis-pass-" + std::to_string(getpid()));
  { std::ofstream(pass) << "s3cret \nignored\n"; }
  auto with_file = load_rules("SecCollectionStorePasswordFile " + pass.string() + "\n");
  EXPECT_EQ(with_file->settings().collection_store_password, "s3cret");
  std::filesystem::remove(pass);
  EXPECT_NE(load_error("SecCollectionStorePasswordFile /nonexistent/pass\n").find("cannot read"),
            std::string::npos);
}

TEST_F(RedisStoreTest, SetAddSubtractDelete) {
  Site site(std::string(kInit) +
                "SecAction \"id:2,phase:2,pass,nolog,setvar:ip.a=hello,setvar:ip.n=+5,"
                "setvar:ip.n=-2,setvar:ip.gone=1,setvar:!ip.gone\"\n",
            store.get());
  site.request();
  EXPECT_EQ(hget(kIpKey, "a"), "hello");
  EXPECT_EQ(hget(kIpKey, "n"), "3");
  EXPECT_EQ(hget(kIpKey, "gone"), "<nil>");
  site.request();
  EXPECT_EQ(hget(kIpKey, "n"), "6");
  EXPECT_EQ(hget(kIpKey, "UPDATE_COUNTER"), "2");
}

TEST_F(RedisStoreTest, ConcurrentTransactionsMergeDeltasServerSide) {
  Site site(std::string(kInit) + "SecAction \"id:2,phase:2,pass,nolog,setvar:ip.n=+1\"\n",
            store.get());
  site.request();
  Exchange a(*site.config, Request()), b(*site.config, Request());
  for (Exchange* e : {&a, &b}) e->tx().set_collection_store(site.store);
  a.tx().process_request_headers();
  b.tx().process_request_headers();  // both read n=1
  a.tx().process_request_body();     // both add 1 (phase 2)
  b.tx().process_request_body();
  a.tx().process_logging();
  b.tx().process_logging();
  EXPECT_EQ(hget(kIpKey, "n"), "3");
  EXPECT_EQ(hget(kIpKey, "UPDATE_COUNTER"), "3");
}

TEST_F(RedisStoreTest, BuiltInFieldsAndTimeoutAsTtl) {
  Site site("SecCollectionTimeout 600\n" + std::string(kInit) +
                "SecRule IP:IS_NEW \"@eq 1\" \"id:2,phase:1,pass,nolog,setvar:tx.was_new=1,"
                "setvar:ip.seen=1\"\n",
            store.get());
  Exchange& first = site.request();
  EXPECT_EQ(first.tx_var("was_new"), "1");
  EXPECT_EQ(hget(kIpKey, "KEY"), "192.0.2.10");
  EXPECT_EQ(hget(kIpKey, "TIMEOUT"), "600");
  EXPECT_EQ(hget(kIpKey, "IS_NEW"), "<nil>");
  EXPECT_EQ(hget(kIpKey, "UPDATE_COUNTER"), "1");
  EXPECT_NE(hget(kIpKey, "LAST_UPDATE_TIME"), "<nil>");
  EXPECT_NE(hget(kIpKey, "CREATE_TIME"), "<nil>");
  long ttl = std::stol(redis.command({"TTL", kIpKey}));
  EXPECT_GT(ttl, 590);
  EXPECT_LE(ttl, 600);
  Exchange& second = site.request();
  EXPECT_EQ(second.tx_var("was_new"), "<unset>");
  // A record's own TIMEOUT (set by a rule) becomes the TTL.
  Site shorter(std::string(kInit) + "SecAction \"id:3,phase:2,pass,nolog,setvar:ip.TIMEOUT=30\"\n",
               store.get());
  shorter.request();
  ttl = std::stol(redis.command({"TTL", kIpKey}));
  EXPECT_GT(ttl, 20);
  EXPECT_LE(ttl, 30);
}

TEST_F(RedisStoreTest, ExpirevarDropsTheVariable) {
  Site site(std::string(kInit) +
                "SecRule ARGS:set \"@streq 1\" \"id:2,phase:1,pass,nolog,setvar:ip.x=1,"
                "expirevar:ip.x=10\"\n"
                "SecAction \"id:3,phase:1,pass,nolog,setvar:ip.n=+1,setvar:tx.x=%{ip.x}\"\n",
            store.get());
  site.request(get("set=1"));
  EXPECT_EQ(hget(kIpKey, "x"), "1");
  EXPECT_EQ(site.request(Request(), 5).tx_var("x"), "1");
  EXPECT_EQ(site.request(Request(), 20).tx_var("x"), "");  // expired: read side
  EXPECT_EQ(hget(kIpKey, "x"), "<nil>");                   // and removed by the script
  EXPECT_EQ(hget(kIpKey, "__expire_x"), "<nil>");
  EXPECT_EQ(hget(kIpKey, "n"), "3");
}

TEST_F(RedisStoreTest, DeprecatevarLowersTheStoredValue) {
  Site site(std::string(kInit) +
                "SecRule ARGS:set \"@streq 1\" \"id:2,phase:1,pass,nolog,setvar:ip.score=100\"\n"
                "SecRule &ARGS:set \"@eq 0\" \"id:3,phase:1,pass,nolog,"
                "deprecatevar:ip.score=10/5\"\n",
            store.get());
  site.request(get("set=1"));
  site.request(Request(), 20);  // 4 periods of 5 s: 100 - 40
  EXPECT_EQ(hget(kIpKey, "score"), "60");
}

TEST_F(RedisStoreTest, SessionScopedByAppAndKeysNamespaced) {
  Site site(
      "SecWebAppId shop\n"
      "SecAction \"id:1,phase:1,pass,nolog,setsid:abc,setvar:session.n=+1\"\n",
      store.get());
  site.request();
  EXPECT_EQ(redis.command({"HGET", "rampart:default:shop:SESSION:abc", "n"}), "1");
}

TEST_F(RedisStoreTest, OneKindInRedisTheOthersInLmdb) {
  auto dir =
      std::filesystem::temp_directory_path() / ("rampart-redis-route-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  CollectionStoreOptions options;
  options.stores = {{"IP", redis.url()}};
  options.key_namespace = "default";
  std::string error;
  auto routed = CollectionStore::open(dir.string(), options, error);
  ASSERT_TRUE(routed) << error;
  EXPECT_NE(routed->store_for(0), &routed->store());  // IP
  EXPECT_EQ(routed->store_for(3), &routed->store());  // SESSION
  Site site(std::string(kInit) +
                "SecAction \"id:2,phase:1,pass,nolog,setsid:abc,setvar:ip.n=+1,"
                "setvar:session.n=+1\"\n",
            routed.get());
  site.request();
  EXPECT_EQ(hget(kIpKey, "n"), "1");
  EXPECT_EQ(site.stored("default", "SESSION", "abc", "n"), "1");
  EXPECT_EQ(redis.command({"EXISTS", "rampart:default:default:SESSION:abc"}), "0");
  routed.reset();
  std::filesystem::remove_all(dir);
}

TEST_F(RedisStoreTest, MetricsCountRoundTrips) {
  Site site(std::string(kInit) + "SecAction \"id:2,phase:2,pass,nolog,setvar:ip.n=+1\"\n",
            store.get());
  site.request();
  site.request();
  CollectionStoreMetrics m = store->metrics();
  EXPECT_EQ(m.round_trips, 4u);  // per request: one read, one write
  EXPECT_EQ(m.errors, 0u);
  EXPECT_GT(m.latency_us_total, 0u);
  EXPECT_GE(m.latency_us_total, m.latency_us_max);
}

TEST_F(RedisStoreTest, DownFailsOpenThenReconnects) {
  std::vector<std::string> log;
  auto s = redis_for_all(redis.url(), &log);
  Site site(std::string(kInit) +
                "SecAction \"id:2,phase:1,pass,nolog,setvar:ip.n=+1,setvar:tx.n=%{ip.n}\"\n",
            s.get());
  EXPECT_EQ(site.request().tx_var("n"), "1");
  redis.stop();
  for (int i = 0; i < 3; ++i) {
    Exchange& ex = site.request();
    EXPECT_FALSE(site.result.disruptive());
    EXPECT_EQ(ex.tx_var("n"), "1");  // an empty collection, counting from nothing
  }
  EXPECT_EQ(log.size(), 1u);  // rate-limited
  EXPECT_NE(log[0].find("unavailable"), std::string::npos);
  EXPECT_GE(s->metrics().errors, 1u);
  redis.start();
  ASSERT_TRUE(redis.running());
  // The store retries by itself once its pause (1 s) is over; bounded wait.
  std::string n;
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  do {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    n = site.request().tx_var("n");
  } while (n != "2" && std::chrono::steady_clock::now() < until);
  EXPECT_EQ(hget(kIpKey, "n"), "2");  // a fresh server: 1 (the first success), then 2
  EXPECT_NE(log.back().find("answers again"), std::string::npos);
}

TEST_F(RedisStoreTest, DownFailsClosed) {
  auto s = redis_for_all("redis+unix:///nonexistent/redis.sock");
  Site site("SecCollectionStoreFailAction closed\n" + std::string(kInit) +
                "SecAction \"id:2,phase:1,pass,nolog,setvar:tx.after=1\"\n",
            s.get());
  Exchange& ex = site.request();
  EXPECT_TRUE(site.result.disruptive());
  EXPECT_EQ(site.result.status, 503);
  EXPECT_EQ(ex.tx_var("after"), "<unset>");
  EXPECT_TRUE(ex.log().contains("SecCollectionStoreFailAction closed"));
}

TEST_F(RedisStoreTest, AuthWithThePasswordFromTheFile) {
  ASSERT_EQ(redis.command({"CONFIG", "SET", "requirepass", "s3cret"}), "OK");
  auto with_password = [&](const std::string& password, std::vector<std::string>* log) {
    CollectionStoreOptions options;
    options.stores = {{"IP", redis.url()}};
    options.password = password;
    options.key_namespace = "default";
    options.log_error = [log](std::string_view line) { log->emplace_back(line); };
    std::string error;
    return CollectionStore::open("", options, error);
  };
  const std::string rules = std::string(kInit) +
                            "SecAction \"id:2,phase:1,pass,nolog,setvar:ip.n=+1,"
                            "setvar:tx.new=%{ip.IS_NEW}\"\n";
  std::vector<std::string> good_log, bad_log;
  auto good = with_password("s3cret", &good_log);
  Site ok(rules, good.get());
  ok.request();
  EXPECT_EQ(ok.request().tx_var("new"), "");  // the first request's record was read back
  EXPECT_TRUE(good_log.empty());
  auto bad = with_password("wrong", &bad_log);
  Site refused(rules, bad.get());
  EXPECT_EQ(refused.request().tx_var("new"), "1");  // fail open: an empty collection
  ASSERT_EQ(bad_log.size(), 1u);
  EXPECT_NE(bad_log[0].find("AUTH"), std::string::npos) << bad_log[0];
}

// A server that accepts connections and never answers: every request waits at most the timeout.
TEST_F(RedisStoreTest, SlowServerCostsAtMostTheTimeout) {
  auto path = std::filesystem::temp_directory_path() /
              ("rampart-redis-mute-" + std::to_string(getpid()) + ".sock");
  std::filesystem::remove(path);
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::snprintf(addr.sun_path, sizeof addr.sun_path, "%s", path.c_str());
  ASSERT_EQ(bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  ASSERT_EQ(listen(fd, 16), 0);
  auto s = redis_for_all("redis+unix://" + path.string(), nullptr, 100);
  Site site(std::string(kInit), s.get());
  auto started = std::chrono::steady_clock::now();
  site.request();
  site.request();  // the store is paused after the first timeout: answers at once
  auto took = std::chrono::steady_clock::now() - started;
  EXPECT_LT(took, std::chrono::milliseconds(1000));
  EXPECT_FALSE(site.result.disruptive());
  EXPECT_EQ(s->metrics().timeouts, 1u);
  close(fd);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace rampart::testing
