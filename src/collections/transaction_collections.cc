#include "collections/transaction_collections.h"

#include "collections/expiry.h"
#include "collections/key.h"
#include "collections/merge.h"
#include "collections/record.h"
#include "engine/numbers.h"

namespace rampart::collections {

namespace {

// Records bigger than this are not written (design principle: every unit of work is bounded).
constexpr size_t kMaxRecordBytes = 64 * 1024;

}  // namespace

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
  auto c = std::make_unique<LoadedCollection>(to_upper(name), record_key(scope, name, key));
  std::optional<Record> record;
  if (store_ != nullptr) {
    if (auto bytes = store_->get(c->record_key())) record = decode(*bytes);
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
    result = InitResult::kCreated;
  }
  loaded_.push_back(std::move(c));
  return result;
}

TransactionCollections::PersistResult TransactionCollections::persist(int64_t now,
                                                                      int64_t default_timeout) {
  PersistResult out;
  if (persisted_ || store_ == nullptr) return out;
  persisted_ = true;
  std::vector<Update> updates;
  for (const auto& c : loaded_) {
    if (c->changes().empty()) continue;
    const LoadedCollection* col = c.get();
    updates.push_back(Update{
        col->record_key(),
        [col, now,
         default_timeout](std::optional<std::string_view> current) -> std::optional<std::string> {
          std::optional<Record> stored;
          if (current) stored = decode(*current);
          std::string bytes =
              encode(merge(std::move(stored), col->vars(), col->changes(), now, default_timeout));
          if (bytes.size() > kMaxRecordBytes) return std::nullopt;
          return bytes;
        }});
  }
  if (updates.empty()) return out;
  out.collections = updates.size();
  out.result = store_->update(updates, now);
  return out;
}

}  // namespace rampart::collections
