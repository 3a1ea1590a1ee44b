// The persistent collections one transaction has initialised (initcol, setsid, setuid): their
// variables as this transaction sees them, what it changed, and the write-back at the end of the
// transaction — one write per store for all of them, none when nothing changed. Each collection
// kind goes to its own store (SecCollectionStore: e.g. IP in Redis, SESSION in LMDB).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "collections/change_set.h"
#include "collections/store.h"
#include "engine/collection.h"

namespace rampart::collections {

// One initialised collection. Rules change it only through set/add/erase, which keep the
// ChangeSet in step with the values.
class LoadedCollection {
 public:
  LoadedCollection(std::string name, std::string record_key, Store* store)
      : name_(std::move(name)), record_key_(std::move(record_key)), store_(store) {}

  const std::string& name() const { return name_; }  // "IP", "SESSION", …
  const std::string& record_key() const { return record_key_; }
  const Collection& vars() const { return vars_; }
  const ChangeSet& changes() const { return changes_; }

  void set(std::string_view name, std::string_view value);
  void add(std::string_view name, long long delta);  // atoi arithmetic, like setvar =+N
  void erase(std::string_view name);

  Collection& loaded_vars() { return vars_; }  // filled once at load time, not a change
  Store* store() const { return store_; }      // where it is written back; null: nowhere

 private:
  std::string name_, record_key_;
  Store* store_;
  Collection vars_;
  ChangeSet changes_;
};

class TransactionCollections {
 public:
  using Stores = std::array<Store*, kCollectionKinds.size()>;  // by collection_kind_index()
  void set_store(Store* store) { stores_.fill(store); }        // every kind in one store
  void set_stores(const Stores& stores) { stores_ = stores; }
  Store* store_for(std::string_view collection) const;

  // kUnavailable: the store did not answer; the collection starts empty (as kCreated) and is
  // not written back (a write would overwrite what the store holds).
  enum class InitResult { kLoaded, kCreated, kAlreadyInitialised, kUnavailable };
  // Loads the record (or starts a new one with KEY, TIMEOUT, CREATE_TIME, UPDATE_COUNTER 0 and
  // IS_NEW 1). A collection already initialised in this transaction is left as it is (v2).
  InitResult init(std::string_view name, std::string_view scope, std::string_view key,
                  int64_t timeout, int64_t now);

  LoadedCollection* find(std::string_view name);
  const LoadedCollection* find(std::string_view name) const;

  struct PersistResult {
    size_t collections = 0;  // how many were written
    WriteResult result;      // the first failure, when a store failed
  };
  // Writes back every collection this transaction changed; runs once per transaction.
  PersistResult persist(int64_t now, int64_t default_timeout);

  std::string session_id, user_id;  // SESSIONID, USERID

 private:
  Stores stores_{};
  std::vector<std::unique_ptr<LoadedCollection>> loaded_;
  bool persisted_ = false;
};

}  // namespace rampart::collections
