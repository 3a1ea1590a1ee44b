#include "rampart/collection_store.h"

#include <algorithm>

#include "collections/lmdb_store.h"
#include "collections/memory_store.h"
#include "collections/redis_store.h"

namespace rampart {

CollectionStore::CollectionStore(std::unique_ptr<collections::Store> store)
    : store_(std::move(store)) {
  by_kind_.fill(store_.get());
}
CollectionStore::~CollectionStore() = default;

std::unique_ptr<CollectionStore> CollectionStore::open(const std::string& data_dir,
                                                       const CollectionStoreOptions& options,
                                                       std::string& error) {
  std::unique_ptr<CollectionStore> out(new CollectionStore);
  if (!data_dir.empty()) {
    collections::LmdbOptions lmdb;
    lmdb.map_size = options.map_size;
    lmdb.log_error = options.log_error;
    out->store_ = collections::LmdbStore::open(data_dir, lmdb, error);
    if (!out->store_) return nullptr;
  }
  out->by_kind_.fill(out->store_.get());
  // Kinds that share a URL share one RedisStore (and its connections).
  std::vector<std::pair<std::string, collections::Store*>> by_url;
  for (const auto& entry : options.stores) {
    const std::string& kind = entry.first;
    const std::string& url = entry.second;  // a plain reference: lambdas capture it (clang 14)
    int index = collections::collection_kind_index(kind);
    if (index < 0) continue;
    if (url == "lmdb") {
      out->by_kind_[index] = out->store_.get();
      continue;
    }
    auto known = std::find_if(by_url.begin(), by_url.end(),
                              [&](const auto& known_url) { return known_url.first == url; });
    if (known == by_url.end()) {
      collections::RedisOptions redis;
      redis.timeout_ms = options.timeout_ms;
      redis.password = options.password;
      redis.key_namespace = options.key_namespace;
      redis.log_error = options.log_error;
      auto store = collections::RedisStore::open(url, redis, error);
      if (!store) return nullptr;
      by_url.emplace_back(url, store.get());
      out->remote_.push_back(std::move(store));
      known = by_url.end() - 1;
    }
    out->by_kind_[index] = known->second;
  }
  return out;
}

std::unique_ptr<CollectionStore> CollectionStore::in_memory() {
  return std::make_unique<CollectionStore>(std::make_unique<collections::MemoryStore>());
}

CollectionStoreMetrics CollectionStore::metrics() const {
  CollectionStoreMetrics out;
  for (const auto& store : remote_) {
    collections::StoreMetrics m = store->metrics();
    out.round_trips += m.round_trips;
    out.errors += m.errors;
    out.timeouts += m.timeouts;
    out.latency_us_total += m.latency_us_total;
    out.latency_us_max = std::max(out.latency_us_max, m.latency_us_max);
  }
  return out;
}

}  // namespace rampart
