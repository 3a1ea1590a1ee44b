#include "collections/redis_store.h"

#include <hiredis/hiredis.h>
#include <pthread.h>
#include <signal.h>
#include <sys/time.h>

#include <chrono>

#include "collections/change_set.h"
#include "collections/record.h"
#include "collections/redis_key.h"
#include "collections/redis_script.h"
#include "engine/collection.h"

namespace rampart::collections {

namespace {

constexpr int64_t kLogEveryMs = 10000;  // problems are logged at most this often
constexpr size_t kScanLimit = 1000000;  // keys a scan() visits at most (command-line use)

using Clock = std::chrono::steady_clock;

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now().time_since_epoch())
      .count();
}

timeval as_timeval(int64_t us) {
  return timeval{static_cast<time_t>(us / 1000000), static_cast<suseconds_t>(us % 1000000)};
}

// Microseconds left until `deadline`; 0 when none is left (never a socket timeout: 0 means none).
int64_t remaining_us(Clock::time_point deadline) {
  auto left = std::chrono::duration_cast<std::chrono::microseconds>(deadline - Clock::now());
  return left.count() > 0 ? left.count() : 0;
}

// The socket timeout of the next read or write: what is left of the round trip's budget, so a
// round trip (connect, handshake, commands) never takes longer than SecCollectionStoreTimeout
// in all, however many socket operations it needs. False when nothing is left.
bool bound_by(redisContext* c, Clock::time_point deadline) {
  int64_t us = remaining_us(deadline);
  return us > 0 && redisSetTimeout(c, as_timeval(us)) == REDIS_OK;
}

// hiredis 0.14 reports a socket timeout as an I/O error whose text is strerror(EAGAIN) (reply)
// or strerror(ETIMEDOUT) (connect).
bool says_timeout(std::string_view error) {
  return error.find("temporarily unavailable") != std::string_view::npos ||
         error.find("timed out") != std::string_view::npos;
}

bool is_timeout(const redisContext* c) {
  return c->err == REDIS_ERR_IO && says_timeout(c->errstr);
}

// Queues one command (pipelined: the replies are read afterwards).
void append_command(redisContext* c, const std::vector<std::string>& command) {
  std::vector<const char*> argv;
  std::vector<size_t> lens;
  argv.reserve(command.size());
  lens.reserve(command.size());
  for (const std::string& a : command) {
    argv.push_back(a.data());
    lens.push_back(a.size());
  }
  redisAppendCommandArgv(c, static_cast<int>(argv.size()), argv.data(), lens.data());
}

std::string_view reply_text(const redisReply* r) {
  return std::string_view(r->str, r->len);
}

bool is_error(const redisReply* r) {
  return r == nullptr || r->type == REDIS_REPLY_ERROR;
}

// hiredis writes with write(), so a connection Redis closed raises SIGPIPE, which kills a
// process that does not ignore it (httpd does; a test or another embedder may not). The signal
// is blocked in this thread for the round trip and a SIGPIPE it raised is consumed.
class SigpipeBlock {
 public:
  SigpipeBlock() {
    sigemptyset(&pipe_);
    sigaddset(&pipe_, SIGPIPE);
    sigset_t pending;
    sigpending(&pending);
    was_pending_ = sigismember(&pending, SIGPIPE) == 1;
    pthread_sigmask(SIG_BLOCK, &pipe_, &old_);
  }
  ~SigpipeBlock() {
    if (!was_pending_) {
      sigset_t pending;
      sigpending(&pending);
      timespec zero{0, 0};
      if (sigismember(&pending, SIGPIPE) == 1) sigtimedwait(&pipe_, nullptr, &zero);
    }
    pthread_sigmask(SIG_SETMASK, &old_, nullptr);
  }
  SigpipeBlock(const SigpipeBlock&) = delete;
  SigpipeBlock& operator=(const SigpipeBlock&) = delete;

 private:
  sigset_t pipe_, old_;
  bool was_pending_ = false;
};

}  // namespace

struct RedisStore::Connection {
  explicit Connection(redisContext* c) : ctx(c) {}
  ~Connection() { redisFree(ctx); }
  redisContext* ctx;
};

std::unique_ptr<RedisStore> RedisStore::open(const std::string& url, const RedisOptions& options,
                                             std::string& error) {
  auto address = parse_redis_url(url, error);
  if (!address) return nullptr;
  return std::unique_ptr<RedisStore>(new RedisStore(url, std::move(*address), options));
}

RedisStore::RedisStore(std::string url, RedisAddress address, RedisOptions options)
    : url_(std::move(url)), address_(std::move(address)), options_(std::move(options)) {}

RedisStore::~RedisStore() = default;

std::unique_ptr<RedisStore::Connection> RedisStore::connect(Clock::time_point deadline,
                                                            std::string& error) {
  int64_t budget_us = remaining_us(deadline);
  if (budget_us == 0) {  // a zero timeval would not bound the connect at all in some versions
    error = "connect: timed out";
    return nullptr;
  }
  timeval tv = as_timeval(budget_us);
  redisContext* raw = address_.socket_path.empty()
                          ? redisConnectWithTimeout(address_.host.c_str(), address_.port, tv)
                          : redisConnectUnixWithTimeout(address_.socket_path.c_str(), tv);
  if (raw == nullptr) {
    error = "cannot allocate a connection";
    return nullptr;
  }
  auto c = std::make_unique<Connection>(raw);
  if (raw->err != 0) {
    error = std::string("connect: ") + raw->errstr;
    return nullptr;
  }
  // AUTH, SELECT and SCRIPT LOAD in one round trip.
  std::vector<Command> hello;
  if (!options_.password.empty()) {
    if (address_.user.empty()) {
      hello.push_back({"AUTH", options_.password});
    } else {
      hello.push_back({"AUTH", address_.user, options_.password});
    }
  }
  if (address_.db != 0) hello.push_back({"SELECT", std::to_string(address_.db)});
  hello.push_back({"SCRIPT", "LOAD", std::string(kApplyScript)});
  for (const Command& cmd : hello) append_command(raw, cmd);
  for (size_t i = 0; i < hello.size(); ++i) {
    void* r = nullptr;
    if (!bound_by(raw, deadline)) {
      error = "handshake: timed out";
      return nullptr;
    }
    if (redisGetReply(raw, &r) != REDIS_OK) {
      error = std::string("handshake: ") + raw->errstr;
      return nullptr;
    }
    auto* reply = static_cast<redisReply*>(r);
    if (is_error(reply)) {
      error = hello[i][0] + ": " + std::string(reply_text(reply)) +
              (hello[i][0] == "AUTH" ? " (check the URL's user and SecCollectionStorePasswordFile)"
                                     : "");
      freeReplyObject(reply);
      return nullptr;
    }
    if (hello[i][0] == "SCRIPT" && reply->type == REDIS_REPLY_STRING) {
      std::lock_guard lock(sha_mu_);
      script_sha_.assign(reply_text(reply));
    }
    freeReplyObject(reply);
  }
  return c;
}

std::unique_ptr<RedisStore::Connection> RedisStore::acquire(bool& reused) {
  {
    std::lock_guard lock(mu_);
    if (!idle_.empty()) {
      auto c = std::move(idle_.back());
      idle_.pop_back();
      reused = true;
      return c;
    }
  }
  reused = false;
  return nullptr;
}

void RedisStore::release(std::unique_ptr<Connection> c) {
  std::lock_guard lock(mu_);
  if (idle_.size() < options_.max_idle) idle_.push_back(std::move(c));
}

void RedisStore::failed(const std::string& what, bool timeout) {
  errors_.fetch_add(1, std::memory_order_relaxed);
  if (timeout) timeouts_.fetch_add(1, std::memory_order_relaxed);
  int64_t now = now_ms();
  down_until_ms_.store(now + options_.retry_after_ms);
  was_down_.store(true);
  uint64_t missed = unlogged_failures_.fetch_add(1);
  int64_t last = last_log_ms_.load();
  if (last != 0 && now - last < kLogEveryMs) return;
  if (!last_log_ms_.compare_exchange_strong(last, now)) return;  // another thread logs it
  unlogged_failures_.store(0);
  if (!options_.log_error) return;
  options_.log_error(
      "rampart: collections: the Redis store " + url_ + " is unavailable (" + what +
      (timeout ? ", after " + std::to_string(options_.timeout_ms) + " ms" : "") +
      "); requests go on with empty collections, or are refused under "
      "SecCollectionStoreFailAction closed, until it answers (retried every " +
      std::to_string(options_.retry_after_ms) + " ms). " +
      (missed > 0 ? std::to_string(missed) + " failures not logged before this. " : "") +
      "(Logged at most every 10 s.)");
}

void RedisStore::note_latency(uint64_t us) {
  round_trips_.fetch_add(1, std::memory_order_relaxed);
  latency_total_.fetch_add(us, std::memory_order_relaxed);
  uint64_t max = latency_max_.load(std::memory_order_relaxed);
  while (us > max && !latency_max_.compare_exchange_weak(max, us)) {
  }
}

bool RedisStore::round_trip(const std::vector<Command>& commands,
                            const std::function<bool(std::vector<redisReply*>&)>& take) {
  // While down, answer at once; once the pause is over, exactly one request probes.
  int64_t until = down_until_ms_.load();
  if (until != 0) {
    int64_t now = now_ms();
    if (now < until ||
        !down_until_ms_.compare_exchange_strong(until, now + options_.retry_after_ms))
      return false;
  }
  SigpipeBlock no_sigpipe;
  // One budget for the whole round trip, the retry on a fresh connection included.
  const auto started = Clock::now();
  const auto deadline = started + std::chrono::milliseconds(options_.timeout_ms);
  for (int attempt = 0; attempt < 2; ++attempt) {
    bool reused = false;
    std::unique_ptr<Connection> c = acquire(reused);
    if (!c) {
      std::string error;
      c = connect(deadline, error);
      if (!c) {
        failed(error, says_timeout(error));
        return false;
      }
    }
    for (const Command& cmd : commands) append_command(c->ctx, cmd);
    std::vector<redisReply*> replies;
    bool io_ok = true;
    bool out_of_time = false;
    for (size_t i = 0; i < commands.size() && io_ok; ++i) {
      void* r = nullptr;
      out_of_time = !bound_by(c->ctx, deadline);
      io_ok = !out_of_time && redisGetReply(c->ctx, &r) == REDIS_OK;
      if (io_ok) replies.push_back(static_cast<redisReply*>(r));
    }
    if (!io_ok) {
      for (redisReply* r : replies) freeReplyObject(r);
      bool timeout = out_of_time || is_timeout(c->ctx);
      std::string what = out_of_time ? "timed out" : c->ctx->errstr;
      // A pooled connection that Redis closed (restart, idle timeout): nothing was executed,
      // so one retry on a fresh connection is safe. After a timeout it is not (it may have run).
      if (reused && !timeout && attempt == 0) continue;
      failed(what, timeout);
      return false;
    }
    bool usable = take(replies);
    for (redisReply* r : replies) freeReplyObject(r);
    release(std::move(c));
    note_latency(
        std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started).count());
    down_until_ms_.store(0);
    if (was_down_.exchange(false) && options_.log_error)
      options_.log_error("rampart: collections: the Redis store " + url_ + " answers again.");
    if (!usable) errors_.fetch_add(1, std::memory_order_relaxed);
    return usable;
  }
  return false;
}

ReadResult RedisStore::read(std::string_view key) {
  ReadResult out;
  std::vector<Command> cmd{{"HGETALL", redis_key(options_.key_namespace, key)}};
  out.available = round_trip(cmd, [&](std::vector<redisReply*>& replies) {
    const redisReply* r = replies[0];
    if (r->type != REDIS_REPLY_ARRAY) return false;
    if (r->elements == 0) return true;  // no record
    Record record;  // expires_at 0: the key's TTL is the expiry, and Redis applies it
    for (size_t i = 0; i + 1 < r->elements; i += 2)
      record.vars.set(reply_text(r->element[i]), reply_text(r->element[i + 1]));
    out.record = encode(record);
    return true;
  });
  return out;
}

std::optional<std::string> RedisStore::get(std::string_view key) {
  return read(key).record;
}

WriteResult RedisStore::apply(std::span<const RecordChange> changes, int64_t now,
                              int64_t default_timeout) {
  if (changes.empty()) return {};
  Command cmd{"EVALSHA", "", std::to_string(changes.size())};
  for (const RecordChange& c : changes) cmd.push_back(redis_key(options_.key_namespace, c.key));
  cmd.push_back(std::to_string(now));
  cmd.push_back(std::to_string(default_timeout));
  for (const RecordChange& c : changes) {
    auto field = [&](std::string_view name, std::string fallback) {
      const std::string* v = c.ours->get(name);
      return v ? *v : fallback;
    };
    cmd.push_back(std::to_string(c.changes->changes().size()));
    cmd.push_back(field("KEY", ""));
    cmd.push_back(field("TIMEOUT", std::to_string(default_timeout)));
    cmd.push_back(field("CREATE_TIME", std::to_string(now)));
    for (const ChangeSet::Change& ch : c.changes->changes()) {
      const std::string* value = c.ours->get(ch.name);
      if (ch.kind == ChangeSet::Kind::kDelta) {
        cmd.insert(cmd.end(), {"d", ch.name, std::to_string(ch.delta)});
      } else if (ch.kind == ChangeSet::Kind::kSet && value != nullptr) {
        cmd.insert(cmd.end(), {"s", ch.name, *value});
      } else {
        cmd.insert(cmd.end(), {"e", ch.name, ""});
      }
    }
  }
  {
    std::lock_guard lock(sha_mu_);
    cmd[1] = script_sha_;
  }
  std::string script_error;
  bool no_script = false;
  auto take = [&](std::vector<redisReply*>& replies) {
    const redisReply* r = replies[0];
    if (!is_error(r)) return true;
    script_error.assign(reply_text(r));
    no_script = script_error.starts_with("NOSCRIPT");
    return false;
  };
  // Before any connection exists the SHA is unknown, and SCRIPT FLUSH forgets it: EVAL sends
  // the script itself (Redis caches it for the EVALSHAs that follow).
  bool ok = false;
  if (!cmd[1].empty()) ok = round_trip({cmd}, take);
  if (!ok && (cmd[1].empty() || no_script)) {
    cmd[0] = "EVAL";
    cmd[1] = std::string(kApplyScript);
    script_error.clear();
    ok = round_trip({cmd}, take);
  }
  if (ok) return {};
  if (!script_error.empty())
    return WriteResult{WriteStatus::kError, "rampart: collections: Redis: " + script_error};
  return WriteResult{WriteStatus::kUnavailable,
                     "rampart: collections: the Redis store " + url_ + " is unavailable"};
}

WriteResult RedisStore::update(std::span<const Update>, int64_t) {
  return WriteResult{WriteStatus::kError,
                     "rampart: collections: a Redis store applies change sets only"};
}

void RedisStore::scan(std::string_view prefix,
                      const std::function<bool(std::string_view, std::string_view)>& visit) {
  std::string cursor = "0", pattern = redis_match_pattern(options_.key_namespace, prefix);
  size_t seen = 0;
  do {
    std::vector<std::string> keys;
    bool ok = round_trip({{"SCAN", cursor, "MATCH", pattern, "COUNT", "256"}},
                         [&](std::vector<redisReply*>& replies) {
                           const redisReply* r = replies[0];
                           if (r->type != REDIS_REPLY_ARRAY || r->elements != 2) return false;
                           cursor.assign(reply_text(r->element[0]));
                           for (size_t i = 0; i < r->element[1]->elements; ++i)
                             keys.emplace_back(reply_text(r->element[1]->element[i]));
                           return true;
                         });
    if (!ok) return;
    for (const std::string& k : keys) {
      auto record_key = record_key_of(options_.key_namespace, k);
      if (!record_key || !record_key->starts_with(prefix)) continue;
      ReadResult value = read(*record_key);
      if (value.record && !visit(*record_key, *value.record)) return;
      if (++seen >= kScanLimit) return;
    }
  } while (cursor != "0");
}

bool RedisStore::erase(std::string_view key) {
  bool removed = false;
  round_trip({{"DEL", redis_key(options_.key_namespace, key)}},
             [&](std::vector<redisReply*>& replies) {
               removed = replies[0]->type == REDIS_REPLY_INTEGER && replies[0]->integer > 0;
               return !is_error(replies[0]);
             });
  return removed;
}

StoreMetrics RedisStore::metrics() const {
  StoreMetrics m;
  m.round_trips = round_trips_.load();
  m.errors = errors_.load();
  m.timeouts = timeouts_.load();
  m.latency_us_total = latency_total_.load();
  m.latency_us_max = latency_max_.load();
  return m;
}

}  // namespace rampart::collections
