// The Redis Store: collection records shared by every httpd of a fleet (docs/fleet.md). Each
// record is a Redis hash (redis_key.h) whose TTL is the record's TIMEOUT; a transaction's
// write-back is one EVALSHA of redis_script.h, which applies counter deltas server-side so
// concurrent servers never lose an increment. A read is one HGETALL.
//
// Connections: a pool, one connection per thread that is using the store at the moment (httpd
// worker threads), reused across requests; each round trip is bounded by the timeout (connect
// and command). After a failure the store stays "down" for a short while (no connect attempt,
// answers at once) and then tries again, so a dead Redis costs requests nothing and a restarted
// one is picked up without restarting httpd. Problems are logged at most every 10 seconds.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "collections/redis_url.h"
#include "collections/store.h"

struct redisContext;
struct redisReply;

namespace rampart::collections {

struct RedisOptions {
  int timeout_ms = 100;       // SecCollectionStoreTimeout
  int retry_after_ms = 1000;  // how long the store stays down after a failure
  std::string password;       // AUTH (with the URL's user, when it has one); empty: no AUTH
  std::string key_namespace;  // SecWebAppId
  size_t max_idle = 256;      // idle connections kept for reuse
  std::function<void(std::string_view)> log_error;
};

class RedisStore final : public Store {
 public:
  // Checks the URL; connects lazily (the first request), so httpd starts while Redis is down.
  static std::unique_ptr<RedisStore> open(const std::string& url, const RedisOptions& options,
                                          std::string& error);
  ~RedisStore() override;

  std::optional<std::string> get(std::string_view key) override;
  ReadResult read(std::string_view key) override;
  WriteResult apply(std::span<const RecordChange> changes, int64_t now,
                    int64_t default_timeout) override;
  // Closure updates cannot run inside Redis: kError (nothing in the request path uses them).
  WriteResult update(std::span<const Update> updates, int64_t now) override;
  void scan(std::string_view prefix,
            const std::function<bool(std::string_view, std::string_view)>& visit) override;
  bool erase(std::string_view key) override;
  size_t collect_garbage(size_t, int64_t) override { return 0; }  // Redis expires keys itself
  StoreMetrics metrics() const override;

 private:
  struct Connection;
  using Command = std::vector<std::string>;
  RedisStore(std::string url, RedisAddress address, RedisOptions options);

  // Sends `commands` pipelined (one round trip) and hands the replies to `take`, which returns
  // false when a reply is unusable. Retries once on a fresh connection when a reused one turned
  // out closed (Redis restarted). False: the store is unavailable (logged, counted).
  bool round_trip(const std::vector<Command>& commands,
                  const std::function<bool(std::vector<redisReply*>&)>& take);
  std::unique_ptr<Connection> acquire(bool& reused);
  void release(std::unique_ptr<Connection> c);
  // Connects, authenticates, selects the database and loads the script, all before `deadline`.
  std::unique_ptr<Connection> connect(std::chrono::steady_clock::time_point deadline,
                                      std::string& error);
  void failed(const std::string& what, bool timeout);
  void note_latency(uint64_t us);

  std::string url_;
  RedisAddress address_;
  RedisOptions options_;
  std::mutex mu_;  // guards idle_
  std::vector<std::unique_ptr<Connection>> idle_;
  std::string script_sha_;  // filled by connect(), same for every connection
  std::mutex sha_mu_;
  std::atomic<int64_t> down_until_ms_{0};  // steady clock; 0: up
  std::atomic<int64_t> last_log_ms_{0};
  std::atomic<uint64_t> unlogged_failures_{0};
  std::atomic<bool> was_down_{false};
  std::atomic<uint64_t> round_trips_{0}, errors_{0}, timeouts_{0}, latency_total_{0},
      latency_max_{0};
};

}  // namespace rampart::collections
