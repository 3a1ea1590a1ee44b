// The storage of persistent collections (IP, GLOBAL, RESOURCE, SESSION, USER), one per process:
// the connector opens it after fork (httpd's child_init) and hands it to every Transaction with
// Transaction::set_collection_store(). Thread-safe; it must outlive the transactions using it.
// Without a store, initcol still works inside one transaction but nothing is kept. Each
// collection kind may live elsewhere (SecCollectionStore): LMDB under SecDataDir by default, or
// a Redis server shared by several httpd instances (docs/fleet.md).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rampart {

namespace collections {
class Store;  // src/collections/store.h
}

struct CollectionStoreOptions {
  size_t map_size = 64u << 20;  // the most the database may hold (SecCollectionMapSize)
  // Where problems that need the site owner (database full, cannot write) are reported, once
  // per process each. May be empty.
  std::function<void(std::string_view)> log_error;
  // SecCollectionStore: collection kind (upper case: IP, GLOBAL, RESOURCE, SESSION, USER) ->
  // "lmdb" or a Redis URL. Kinds not listed use LMDB (when a data directory is given).
  std::vector<std::pair<std::string, std::string>> stores;
  int timeout_ms = 100;       // SecCollectionStoreTimeout: connect and command, per round trip
  std::string password;       // from SecCollectionStorePasswordFile; empty: no AUTH
  std::string key_namespace;  // SecWebAppId: Redis keys start with "rampart:<namespace>:"
};

// What the remote stores of one CollectionStore did since it was opened, summed.
struct CollectionStoreMetrics {
  uint64_t round_trips = 0;
  uint64_t errors = 0;  // failed round trips and connects, timeouts included
  uint64_t timeouts = 0;
  uint64_t latency_us_total = 0;
  uint64_t latency_us_max = 0;
};

class CollectionStore {
 public:
  // Opens (creating) the LMDB database in `data_dir` (SecDataDir; empty: none) and the Redis
  // stores `options.stores` names (connecting lazily, at the first request); null and `error`
  // set on failure. Call once per process, after fork, never before.
  static std::unique_ptr<CollectionStore> open(const std::string& data_dir,
                                               const CollectionStoreOptions& options,
                                               std::string& error);
  // A store that lives in this process's memory only (tests, benchmarks).
  static std::unique_ptr<CollectionStore> in_memory();

  // One store for every collection kind (null: none).
  explicit CollectionStore(std::unique_ptr<collections::Store> store);
  ~CollectionStore();
  CollectionStore(const CollectionStore&) = delete;
  CollectionStore& operator=(const CollectionStore&) = delete;

  collections::Store& store() { return *store_; }  // the default (LMDB) store; must exist
  // Where records of `kind` live (index into collections::kCollectionKinds); null: nowhere.
  collections::Store* store_for(size_t kind) const { return by_kind_[kind]; }
  CollectionStoreMetrics metrics() const;

 private:
  CollectionStore() = default;
  std::unique_ptr<collections::Store> store_;                // LMDB (or memory), may be null
  std::vector<std::unique_ptr<collections::Store>> remote_;  // one per distinct URL
  std::array<collections::Store*, 5> by_kind_{};
};

}  // namespace rampart
