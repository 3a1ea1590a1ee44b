// The storage behind persistent collections: a map from record key (key.h) to encoded record
// (record.h). Two implementations: LmdbStore (one LMDB environment per process, shared by all
// threads and all httpd children) and MemoryStore (unit tests, benchmarks). Every method is safe
// to call from several threads at once.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace rampart::collections {

// One read-modify-write of one record. `apply` gets the record as stored right now (nothing when
// there is none) and returns what to store, or nothing to leave the record as it is. It runs
// inside the store's write transaction, so no other writer can slip in between read and write.
struct Update {
  std::string key;
  std::function<std::optional<std::string>(std::optional<std::string_view> current)> apply;
};

enum class WriteStatus { kOk, kMapFull, kError };

struct WriteResult {
  WriteStatus status = WriteStatus::kOk;
  std::string message;  // what went wrong, for the log
};

class Store {
 public:
  virtual ~Store() = default;

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
