#include "collections/lmdb_store.h"

#include <sys/stat.h>

#include <filesystem>
#include <vector>

#include "collections/record.h"

namespace rampart::collections {

namespace {

MDB_val as_val(std::string_view s) {
  return MDB_val{s.size(), const_cast<char*>(s.data())};
}
std::string_view as_view(const MDB_val& v) {
  return std::string_view(static_cast<const char*>(v.mv_data), v.mv_size);
}

// How many records a write examines after the map filled up, to make room before one retry.
constexpr size_t kGcStepsWhenFull = 256;

}  // namespace

std::unique_ptr<LmdbStore> LmdbStore::open(const std::string& dir, const LmdbOptions& options,
                                           std::string& error) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) {
    error = "SecDataDir '" + dir +
            "' is not a directory: create it, writable by the user httpd "
            "runs as";
    return nullptr;
  }
  if (!options.create && !std::filesystem::exists(std::filesystem::path(dir) / "data.mdb", ec)) {
    error = "no collection database in '" + dir +
            "' (httpd creates data.mdb there on its first "
            "request with SecDataDir set)";
    return nullptr;
  }
  MDB_env* env = nullptr;
  int rc = mdb_env_create(&env);
  if (rc == 0) rc = mdb_env_set_mapsize(env, options.map_size);
  if (rc == 0) rc = mdb_env_set_maxreaders(env, options.max_readers);
  // MDB_NOTLS: a read transaction is not tied to its thread (httpd's threaded MPMs hand requests
  // between threads, and reader slots would otherwise be one per thread for its whole life).
  // MDB_NOSYNC: no fsync at commit. A write then costs microseconds instead of the hundreds an
  // fsync takes, on every request that changes a counter. A crashed or killed process loses
  // nothing (the pages are in the kernel's cache, and LMDB's copy-on-write tree never exposes a
  // half-written transaction); only an OS crash or power cut can lose the last seconds of
  // updates or, at worst, the file, which holds short-lived counters that are rebuilt by
  // traffic. MDB_NOMETASYNC would still fsync the data pages of every commit. The environment
  // is flushed when a process exits (destructor).
  if (rc == 0) rc = mdb_env_open(env, dir.c_str(), MDB_NOTLS | MDB_NOSYNC, 0640);
  if (rc != 0) {
    error = "cannot open the collection database in '" + dir + "': " + mdb_strerror(rc) +
            (rc == EACCES ? " (make the directory writable by the user httpd runs as)" : "");
    if (env) mdb_env_close(env);
    return nullptr;
  }
  MDB_txn* txn = nullptr;
  MDB_dbi dbi = 0;
  rc = mdb_txn_begin(env, nullptr, 0, &txn);
  if (rc == 0) rc = mdb_dbi_open(txn, nullptr, 0, &dbi);
  if (rc == 0) {
    rc = mdb_txn_commit(txn);
  } else if (txn) {
    mdb_txn_abort(txn);
  }
  if (rc != 0) {
    error = "cannot open the collection database in '" + dir + "': " + mdb_strerror(rc);
    mdb_env_close(env);
    return nullptr;
  }
  std::unique_ptr<LmdbStore> store(new LmdbStore(env, dbi, options));
  store->clear_stale_readers();
  return store;
}

int LmdbStore::clear_stale_readers() {
  int dead = 0;
  mdb_reader_check(env_, &dead);
  return dead;
}

void LmdbStore::gc_resume_at(std::string next) {
  std::lock_guard lock(gc_mu_);
  gc_next_ = std::move(next);
}

LmdbStore::~LmdbStore() {
  mdb_env_sync(env_, 1);  // once, at process exit: MDB_NOSYNC skipped it per commit
  mdb_env_close(env_);
}

void LmdbStore::log_once(std::atomic<bool>& flag, const std::string& message) {
  if (flag.exchange(true) || !options_.log_error) return;
  options_.log_error(message);
}

std::optional<std::string> LmdbStore::get(std::string_view key) {
  MDB_txn* txn = nullptr;
  int rc = mdb_txn_begin(env_, nullptr, MDB_RDONLY, &txn);
  if (rc != 0) {
    log_once(error_logged_, std::string("rampart: collections: cannot read: ") + mdb_strerror(rc));
    return std::nullopt;
  }
  MDB_val k = as_val(key), v;
  std::optional<std::string> out;
  if (mdb_get(txn, dbi_, &k, &v) == 0) out.emplace(as_view(v));
  mdb_txn_abort(txn);
  return out;
}

std::optional<uint64_t> LmdbStore::record_count() {
  MDB_txn* txn = nullptr;
  if (mdb_txn_begin(env_, nullptr, MDB_RDONLY, &txn) != 0) return std::nullopt;
  MDB_stat st;
  int rc = mdb_stat(txn, dbi_, &st);
  mdb_txn_abort(txn);
  if (rc != 0) return std::nullopt;
  return st.ms_entries;
}

int LmdbStore::try_update(std::span<const Update> updates, int64_t now, size_t gc_steps) {
  MDB_txn* txn = nullptr;
  int rc = mdb_txn_begin(env_, nullptr, 0, &txn);
  if (rc != 0) return rc;
  bool changed = false;
  std::string gc_next;
  for (const Update& u : updates) {
    MDB_val k = as_val(u.key), v;
    std::optional<std::string_view> current;
    rc = mdb_get(txn, dbi_, &k, &v);
    if (rc == 0) {
      current = as_view(v);
    } else if (rc != MDB_NOTFOUND) {
      mdb_txn_abort(txn);
      return rc;
    }
    std::optional<std::string> next = u.apply(current);  // done with `v` before any put
    if (!next) continue;
    MDB_val nv = as_val(*next);
    rc = mdb_put(txn, dbi_, &k, &nv, 0);
    if (rc != 0) {
      mdb_txn_abort(txn);
      return rc;
    }
    changed = true;
  }
  if (gc_steps > 0 && gc_in(txn, gc_steps, now, gc_next) > 0) changed = true;
  if (!changed) {
    mdb_txn_abort(txn);
    if (gc_steps > 0) gc_resume_at(std::move(gc_next));  // nothing expired there: move on
    return 0;
  }
  rc = mdb_txn_commit(txn);
  if (rc == 0 && gc_steps > 0) gc_resume_at(std::move(gc_next));
  return rc;
}

WriteResult LmdbStore::update(std::span<const Update> updates, int64_t now) {
  int rc = try_update(updates, now, kGcStepsPerWrite);
  if (rc == MDB_MAP_FULL) {
    if (collect_garbage(kGcStepsWhenFull, now) > 0) advance_txn();
    rc = try_update(updates, now, 0);
    if (rc == MDB_MAP_FULL) {
      std::string msg = "rampart: collections: the database is full (SecCollectionMapSize " +
                        std::to_string(options_.map_size) +
                        " bytes); updates are dropped until expired records free space. Raise "
                        "SecCollectionMapSize or shorten timeouts. (Logged once per process.)";
      log_once(map_full_logged_, msg);
      return WriteResult{WriteStatus::kMapFull, msg};
    }
  }
  if (rc != 0) {
    std::string msg = std::string("rampart: collections: cannot write: ") + mdb_strerror(rc);
    log_once(error_logged_, msg + " (logged once per process)");
    return WriteResult{WriteStatus::kError, msg};
  }
  return {};
}

size_t LmdbStore::gc_in(MDB_txn* txn, size_t max_records, int64_t now, std::string& next) {
  std::string start;
  {
    std::lock_guard lock(gc_mu_);
    start = gc_next_;
  }
  MDB_cursor* cursor = nullptr;
  if (mdb_cursor_open(txn, dbi_, &cursor) != 0) return 0;
  MDB_val k = as_val(start), v;
  int rc = mdb_cursor_get(cursor, &k, &v, start.empty() ? MDB_FIRST : MDB_SET_RANGE);
  std::vector<std::string> doomed;
  for (size_t i = 0; i < max_records && rc == 0; ++i) {
    auto expiry = encoded_expiry(as_view(v));
    if (!expiry || (*expiry != 0 && *expiry < now)) doomed.emplace_back(as_view(k));
    rc = mdb_cursor_get(cursor, &k, &v, MDB_NEXT);
  }
  // At the end of the database the next pass starts again from the beginning.
  next = rc == 0 ? std::string(as_view(k)) : std::string();
  mdb_cursor_close(cursor);
  size_t removed = 0;
  for (const std::string& key : doomed) {
    MDB_val dk = as_val(key);
    if (mdb_del(txn, dbi_, &dk, nullptr) == 0) ++removed;
  }
  return removed;
}

// LMDB reuses the pages a write transaction freed only from the second write transaction after
// it (the one in between may still be read). When the map is full, nothing else may commit, so
// after freeing space this commits one transaction that changes nothing visible (a marker key put
// and deleted), making the freed pages usable by the retry.
void LmdbStore::advance_txn() {
  MDB_txn* txn = nullptr;
  if (mdb_txn_begin(env_, nullptr, 0, &txn) != 0) return;
  static constexpr std::string_view kMarker = "\x1f\x1f\x1fgc";
  MDB_val k = as_val(kMarker), v = as_val("");
  if (mdb_put(txn, dbi_, &k, &v, 0) != 0 || mdb_del(txn, dbi_, &k, nullptr) != 0) {
    mdb_txn_abort(txn);
    return;
  }
  mdb_txn_commit(txn);
}

size_t LmdbStore::collect_garbage(size_t max_records, int64_t now) {
  MDB_txn* txn = nullptr;
  if (mdb_txn_begin(env_, nullptr, 0, &txn) != 0) return 0;
  std::string next;
  size_t removed = gc_in(txn, max_records, now, next);
  if (removed == 0) {
    mdb_txn_abort(txn);
    gc_resume_at(std::move(next));
    return 0;
  }
  if (mdb_txn_commit(txn) != 0) return 0;
  gc_resume_at(std::move(next));
  return removed;
}

void LmdbStore::scan(std::string_view prefix,
                     const std::function<bool(std::string_view, std::string_view)>& visit) {
  MDB_txn* txn = nullptr;
  if (mdb_txn_begin(env_, nullptr, MDB_RDONLY, &txn) != 0) return;
  MDB_cursor* cursor = nullptr;
  if (mdb_cursor_open(txn, dbi_, &cursor) == 0) {
    MDB_val k = as_val(prefix), v;
    int rc = mdb_cursor_get(cursor, &k, &v, prefix.empty() ? MDB_FIRST : MDB_SET_RANGE);
    while (rc == 0) {
      std::string_view key = as_view(k);
      if (key.substr(0, prefix.size()) != prefix || !visit(key, as_view(v))) break;
      rc = mdb_cursor_get(cursor, &k, &v, MDB_NEXT);
    }
    mdb_cursor_close(cursor);
  }
  mdb_txn_abort(txn);
}

bool LmdbStore::erase(std::string_view key) {
  MDB_txn* txn = nullptr;
  if (mdb_txn_begin(env_, nullptr, 0, &txn) != 0) return false;
  MDB_val k = as_val(key);
  if (mdb_del(txn, dbi_, &k, nullptr) != 0) {
    mdb_txn_abort(txn);
    return false;
  }
  return mdb_txn_commit(txn) == 0;
}

}  // namespace rampart::collections
