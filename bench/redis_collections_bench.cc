// Per-request cost of a Redis-backed collection against LMDB and none: the same request through
// the engine with no collection, with `initcol:ip=%{REMOTE_ADDR},setvar:ip.counter=+1` on LMDB
// (a fresh temporary SecDataDir, MDB_NOSYNC as in httpd), and the same rule with IP in Redis
// (one HGETALL and one EVALSHA per request). One thread, sequential requests: this is latency
// per request, not throughput. Start a Redis first, e.g.
//   redis-server --port 6390 --save '' &
//   build-redis/rampart_bench_redis_collections redis://127.0.0.1:6390/0 [requests] [ips]
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "collection_request.h"
#include "rampart/collection_store.h"
#include "rampart/config.h"
#include "rampart/transaction.h"

using rampart::bench::load_rules_or_exit;
using rampart::bench::time_requests;

int main(int argc, char** argv) {
  std::string url = argc > 1 ? argv[1] : "redis://127.0.0.1:6379/0";
  int requests = argc > 2 ? std::atoi(argv[2]) : 20000;
  int distinct = argc > 3 ? std::atoi(argv[3]) : 1000;
  std::vector<std::string> ips;
  for (int i = 0; i < distinct; ++i)
    ips.push_back("10." + std::to_string(i / 65536 % 256) + "." + std::to_string(i / 256 % 256) +
                  "." + std::to_string(i % 256));
  auto dir =
      std::filesystem::temp_directory_path() / ("rampart-bench-redis-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  std::string error;
  auto lmdb = rampart::CollectionStore::open(dir.string(), {}, error);
  rampart::CollectionStoreOptions options;
  options.stores = {{"IP", url}};
  options.key_namespace = "bench";
  options.timeout_ms = 1000;
  options.log_error = [](std::string_view m) {
    std::fprintf(stderr, "%.*s\n", static_cast<int>(m.size()), m.data());
  };
  auto redis = lmdb ? rampart::CollectionStore::open("", options, error) : nullptr;
  if (!lmdb || !redis) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }
  auto none = load_rules_or_exit("SecAction \"id:1,phase:1,pass,nolog\"\n");
  auto counting = load_rules_or_exit(
      "SecAction \"id:1,phase:1,pass,nolog,initcol:ip=%{REMOTE_ADDR},setvar:ip.counter=+1\"\n");
  time_requests(*counting, lmdb.get(), requests / 10,
                ips);  // warm up: records exist, connection open
  time_requests(*counting, redis.get(), requests / 10, ips);
  rampart::CollectionStoreMetrics before = redis->metrics();
  double t_none = time_requests(*none, nullptr, requests, ips);
  double t_lmdb = time_requests(*counting, lmdb.get(), requests, ips);
  double t_redis = time_requests(*counting, redis.get(), requests, ips);
  rampart::CollectionStoreMetrics after = redis->metrics();
  std::printf("requests per case: %d, distinct client addresses: %d, Redis %s\n", requests,
              distinct, url.c_str());
  std::printf("no collection                          %8.2f us/request\n", t_none);
  std::printf("initcol:ip + setvar:ip.counter=+1 LMDB  %8.2f us/request  (+%.2f)\n", t_lmdb,
              t_lmdb - t_none);
  std::printf("initcol:ip + setvar:ip.counter=+1 Redis %8.2f us/request  (+%.2f)\n", t_redis,
              t_redis - t_none);
  uint64_t trips = after.round_trips - before.round_trips;
  std::printf(
      "Redis round trips: %llu (%.2f per request), mean %.1f us, max %llu us, errors %llu\n",
      static_cast<unsigned long long>(trips), static_cast<double>(trips) / requests,
      trips ? static_cast<double>(after.latency_us_total - before.latency_us_total) / trips : 0.0,
      static_cast<unsigned long long>(after.latency_us_max),
      static_cast<unsigned long long>(after.errors - before.errors));
  lmdb.reset();
  std::filesystem::remove_all(dir);
  return 0;
}
