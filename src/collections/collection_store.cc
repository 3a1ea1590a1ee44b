#include "rampart/collection_store.h"

#include "collections/lmdb_store.h"
#include "collections/memory_store.h"

namespace rampart {

CollectionStore::CollectionStore(std::unique_ptr<collections::Store> store)
    : store_(std::move(store)) {}
CollectionStore::~CollectionStore() = default;

std::unique_ptr<CollectionStore> CollectionStore::open(const std::string& data_dir,
                                                       const CollectionStoreOptions& options,
                                                       std::string& error) {
  collections::LmdbOptions lmdb;
  lmdb.map_size = options.map_size;
  lmdb.log_error = options.log_error;
  auto store = collections::LmdbStore::open(data_dir, lmdb, error);
  if (!store) return nullptr;
  return std::make_unique<CollectionStore>(std::move(store));
}

std::unique_ptr<CollectionStore> CollectionStore::in_memory() {
  return std::make_unique<CollectionStore>(std::make_unique<collections::MemoryStore>());
}

}  // namespace rampart
