// The storage of persistent collections (IP, GLOBAL, RESOURCE, SESSION, USER), one per process:
// the connector opens it after fork (httpd's child_init) and hands it to every Transaction with
// Transaction::set_collection_store(). Thread-safe; it must outlive the transactions using it.
// Without a store, initcol still works inside one transaction but nothing is kept.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace rampart {

namespace collections {
class Store;  // src/collections/store.h
}

struct CollectionStoreOptions {
  size_t map_size = 64u << 20;  // the most the database may hold (SecCollectionMapSize)
  // Where problems that need the site owner (database full, cannot write) are reported, once
  // per process each. May be empty.
  std::function<void(std::string_view)> log_error;
};

class CollectionStore {
 public:
  // Opens (creating) the LMDB database in `data_dir` (SecDataDir); null and `error` set on
  // failure. Call once per process, after fork, never before.
  static std::unique_ptr<CollectionStore> open(const std::string& data_dir,
                                               const CollectionStoreOptions& options,
                                               std::string& error);
  // A store that lives in this process's memory only (tests, benchmarks).
  static std::unique_ptr<CollectionStore> in_memory();

  explicit CollectionStore(std::unique_ptr<collections::Store> store);
  ~CollectionStore();
  CollectionStore(const CollectionStore&) = delete;
  CollectionStore& operator=(const CollectionStore&) = delete;

  collections::Store& store() { return *store_; }

 private:
  std::unique_ptr<collections::Store> store_;
};

}  // namespace rampart
