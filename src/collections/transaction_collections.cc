#include "collections/transaction_collections.h"

#include "collections/expiry.h"
#include "collections/key.h"
#include "collections/record.h"
#include "engine/numbers.h"

namespace rampart::collections {

void LoadedCollection::set(std::string_view name, std::string_view value) {
  vars_.set(name, value);
  changes_.set(name);
}

void LoadedCollection::add(std::string_view name, long long delta) {
  const std::string* current = vars_.get(name);
  long long base = current ? parse_integer(*current) : 0;
  vars_.set(name, std::to_string(base + delta));
  changes_.add(name, delta);
}

void LoadedCollection::erase(std::string_view name) {
  vars_.erase(name);
  changes_.erase(name);
}

Store* TransactionCollections::store_for(std::string_view collection) const {
  int kind = collection_kind_index(collection);
  return kind < 0 ? nullptr : stores_[kind];
}

LoadedCollection* TransactionCollections::find(std::string_view name) {
  for (auto& c : loaded_)
    if (iequals(c->name(), name)) return c.get();
  return nullptr;
}

const LoadedCollection* TransactionCollections::find(std::string_view name) const {
  for (const auto& c : loaded_)
    if (iequals(c->name(), name)) return c.get();
  return nullptr;
}

TransactionCollections::InitResult TransactionCollections::init(std::string_view name,
                                                                std::string_view scope,
                                                                std::string_view key,
                                                                int64_t timeout, int64_t now) {
  if (find(name) != nullptr) return InitResult::kAlreadyInitialised;
  Store* store = store_for(name);
  auto c = std::make_unique<LoadedCollection>(to_upper(name), record_key(scope, name, key), store);
  std::optional<Record> record;
  bool available = true;
  if (store != nullptr) {
    ReadResult read = store->read(c->record_key());
    available = read.available;
    if (read.record) record = decode(*read.record);
  }
  if (!available) {
    c = std::make_unique<LoadedCollection>(to_upper(name), c->record_key(), nullptr);
  }
  InitResult result = InitResult::kLoaded;
  if (record && !record_expired(*record, now)) {
    drop_expired_vars(record->vars, now);
    c->loaded_vars() = std::move(record->vars);
  } else {
    Collection& v = c->loaded_vars();
    v.set("KEY", key);
    v.set("TIMEOUT", std::to_string(timeout));
    v.set("CREATE_TIME", std::to_string(now));
    v.set("UPDATE_COUNTER", "0");
    v.set("IS_NEW", "1");
    result = available ? InitResult::kCreated : InitResult::kUnavailable;
  }
  loaded_.push_back(std::move(c));
  return result;
}

TransactionCollections::PersistResult TransactionCollections::persist(int64_t now,
                                                                      int64_t default_timeout) {
  PersistResult out;
  if (persisted_) return out;
  persisted_ = true;
  // One write per store: group the changed collections by where they live, in first-load order.
  std::vector<std::pair<Store*, std::vector<RecordChange>>> by_store;
  for (const auto& c : loaded_) {
    if (c->changes().empty() || c->store() == nullptr) continue;
    auto it = by_store.begin();
    while (it != by_store.end() && it->first != c->store()) ++it;
    if (it == by_store.end()) {
      by_store.emplace_back(c->store(), std::vector<RecordChange>{});
      it = by_store.end() - 1;
    }
    it->second.push_back(RecordChange{c->record_key(), &c->vars(), &c->changes()});
  }
  for (auto& [store, changes] : by_store) {
    out.collections += changes.size();
    WriteResult r = store->apply(changes, now, default_timeout);
    if (r.status != WriteStatus::kOk && out.result.status == WriteStatus::kOk) out.result = r;
  }
  return out;
}

}  // namespace rampart::collections
