// The storage behind persistent collections: a map from record key (key.h) to encoded record
// (record.h). Implementations: LmdbStore (one LMDB environment per process, shared by all
// threads and all httpd children), RedisStore (shared by a fleet of servers, redis_store.h) and
// MemoryStore (unit tests, benchmarks). Every method is safe to call from several threads at once.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace rampart {
class Collection;
}

namespace rampart::collections {

class ChangeSet;

// The collection kinds, each of which SecCollectionStore may put in a store of its own.
inline constexpr std::array<std::string_view, 5> kCollectionKinds = {"IP", "GLOBAL", "RESOURCE",
                                                                     "SESSION", "USER"};
// Index into kCollectionKinds (case-insensitive); -1 for any other name.
int collection_kind_index(std::string_view name);

// One read-modify-write of one record. `apply` gets the record as stored right now (nothing when
// there is none) and returns what to store, or nothing to leave the record as it is. It runs
// inside the store's write transaction, so no other writer can slip in between read and write.
struct Update {
  std::string key;
  std::function<std::optional<std::string>(std::optional<std::string_view> current)> apply;
};

// kUnavailable: a remote store did not answer (down, slow past its timeout, refused the login).
enum class WriteStatus { kOk, kMapFull, kError, kUnavailable };

struct WriteResult {
  WriteStatus status = WriteStatus::kOk;
  std::string message;  // what went wrong, for the log
};

// A read of a store that may be unreachable: `available` false means nothing is known (not
// "there is no record").
struct ReadResult {
  bool available = true;
  std::optional<std::string> record;
};

// What one transaction did to one record: the collection as it sees it and what it changed.
struct RecordChange {
  std::string_view key;
  const Collection* ours;
  const ChangeSet* changes;
};

// Counters of a remote store since it was opened (a status handler reads them; all zero for
// local stores).
struct StoreMetrics {
  uint64_t round_trips = 0;       // commands or pipelines sent and answered
  uint64_t errors = 0;            // failed round trips and connection attempts, timeouts included
  uint64_t timeouts = 0;          // round trips or connects that ran out of time
  uint64_t latency_us_total = 0;  // time spent in answered round trips
  uint64_t latency_us_max = 0;
};

class Store {
 public:
  virtual ~Store() = default;

  // get(), telling "unreachable" apart from "no record". Local stores are always available.
  virtual ReadResult read(std::string_view key) { return ReadResult{true, get(key)}; }

  // Writes back what transactions changed, all records at once (all or nothing), merging each
  // with what is stored now (merge.h). The default runs update() with the merge; a remote store
  // applies the changes server-side instead. Records above 64 KiB are not written.
  virtual WriteResult apply(std::span<const RecordChange> changes, int64_t now,
                            int64_t default_timeout);

  virtual StoreMetrics metrics() const { return {}; }

  // How many records are stored now, for the status handler; nothing when the store cannot tell
  // cheaply (a Redis server holds other keys too).
  virtual std::optional<uint64_t> record_count() { return std::nullopt; }

  // A copy of the record under `key`; nothing when there is none.
  virtual std::optional<std::string> get(std::string_view key) = 0;

  // Applies every update in one write transaction (all or nothing), then removes up to a few
  // expired records (incremental garbage collection, bounded work per call). `now`: seconds since
  // the epoch.
  virtual WriteResult update(std::span<const Update> updates, int64_t now) = 0;

  // Calls `visit` for every record whose key starts with `prefix`, in key order, until it returns
  // false. For the command-line tool, not for requests: it holds a read transaction meanwhile.
  virtual void scan(
      std::string_view prefix,
      const std::function<bool(std::string_view key, std::string_view value)>& visit) = 0;

  virtual bool erase(std::string_view key) = 0;

  // Removes records that expired before `now`, examining at most `max_records`; returns how
  // many were removed. Resumes where the previous call stopped.
  virtual size_t collect_garbage(size_t max_records, int64_t now) = 0;
};

// How many records each update() examines for expiry: enough that the scan goes round the whole
// database far faster than new records arrive (each write adds at most a few).
inline constexpr size_t kGcStepsPerWrite = 16;

}  // namespace rampart::collections
