// The LMDB Store: one environment (data.mdb, lock.mdb) in SecDataDir, opened once per process
// after fork (httpd's child_init) and shared by all threads of that process; every httpd child
// opens the same files, and LMDB's lock file makes them one database. Reads take a short read
// transaction and copy the record out; update() is one short write transaction.
#pragma once

#include <lmdb.h>

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>

#include "collections/store.h"

namespace rampart::collections {

struct LmdbOptions {
  size_t map_size = 64u << 20;  // SecCollectionMapSize; LMDB's own default is only 1 MiB
  unsigned max_readers = 1024;  // concurrent read transactions across all processes
  bool create = true;           // false: the database must exist (the command-line tool)
  std::function<void(std::string_view)> log_error;  // where "map full" & co. are reported
};

class LmdbStore final : public Store {
 public:
  // Opens (or creates) the environment in directory `dir`; nothing and `error` set on failure.
  static std::unique_ptr<LmdbStore> open(const std::string& dir, const LmdbOptions& options,
                                         std::string& error);
  ~LmdbStore() override;

  std::optional<std::string> get(std::string_view key) override;
  WriteResult update(std::span<const Update> updates, int64_t now) override;
  void scan(std::string_view prefix,
            const std::function<bool(std::string_view, std::string_view)>& visit) override;
  bool erase(std::string_view key) override;
  size_t collect_garbage(size_t max_records, int64_t now) override;
  std::optional<uint64_t> record_count() override;  // from the B-tree's header: O(1)

  // Frees the reader slots of processes that died inside a read transaction (a killed httpd
  // child), so they neither pin old pages (the file would grow) nor use up the slots. open()
  // calls it; returns how many were freed. When no other process has the database open, LMDB
  // resets the whole reader table at open anyway.
  int clear_stale_readers();

 private:
  LmdbStore(MDB_env* env, MDB_dbi dbi, LmdbOptions options)
      : env_(env), dbi_(dbi), options_(std::move(options)) {}
  // One attempt at update(); returns an LMDB status code.
  int try_update(std::span<const Update> updates, int64_t now, size_t gc_steps);
  // Removes expired records among the next `max_records` from where GC stopped last; `next` gets
  // the position to resume from, to be kept only if the transaction commits.
  size_t gc_in(MDB_txn* txn, size_t max_records, int64_t now, std::string& next);
  void gc_resume_at(std::string next);
  void advance_txn();
  void log_once(std::atomic<bool>& flag, const std::string& message);

  MDB_env* env_;
  MDB_dbi dbi_;
  LmdbOptions options_;
  std::mutex gc_mu_;     // guards gc_next_ only
  std::string gc_next_;  // where the incremental GC resumes (per process)
  std::atomic<bool> map_full_logged_{false};
  std::atomic<bool> error_logged_{false};
};

}  // namespace rampart::collections
