#include "collections/memory_store.h"

#include <vector>

#include "collections/record.h"

namespace rampart::collections {

std::optional<std::string> MemoryStore::get(std::string_view key) {
  std::lock_guard lock(mu_);
  auto it = records_.find(key);
  if (it == records_.end()) return std::nullopt;
  return it->second;
}

WriteResult MemoryStore::update(std::span<const Update> updates, int64_t now) {
  std::lock_guard lock(mu_);
  // All or nothing, like the LMDB transaction: compute every new value first.
  std::vector<std::pair<std::string, std::string>> writes;
  for (const Update& u : updates) {
    auto it = records_.find(u.key);
    std::optional<std::string_view> current;
    if (it != records_.end()) current = it->second;
    if (auto next = u.apply(current)) writes.emplace_back(u.key, std::move(*next));
  }
  for (auto& [k, v] : writes) records_[k] = std::move(v);
  if (!writes.empty()) ++writes_;
  gc_locked(kGcStepsPerWrite, now);
  return {};
}

void MemoryStore::scan(std::string_view prefix,
                       const std::function<bool(std::string_view, std::string_view)>& visit) {
  std::lock_guard lock(mu_);
  for (auto it = records_.lower_bound(prefix); it != records_.end(); ++it) {
    if (it->first.compare(0, prefix.size(), prefix) != 0) break;
    if (!visit(it->first, it->second)) break;
  }
}

bool MemoryStore::erase(std::string_view key) {
  std::lock_guard lock(mu_);
  auto it = records_.find(key);
  if (it == records_.end()) return false;
  records_.erase(it);
  return true;
}

size_t MemoryStore::collect_garbage(size_t max_records, int64_t now) {
  std::lock_guard lock(mu_);
  return gc_locked(max_records, now);
}

size_t MemoryStore::gc_locked(size_t max_records, int64_t now) {
  size_t removed = 0;
  auto it = records_.lower_bound(gc_next_);
  for (size_t i = 0; i < max_records && !records_.empty(); ++i) {
    if (it == records_.end()) it = records_.begin();  // wrap round
    auto expiry = encoded_expiry(it->second);
    if (!expiry || (*expiry != 0 && *expiry < now)) {  // unreadable records go too
      it = records_.erase(it);
      ++removed;
    } else {
      ++it;
    }
  }
  gc_next_ = it == records_.end() ? std::string() : it->first;
  return removed;
}

size_t MemoryStore::size() {
  std::lock_guard lock(mu_);
  return records_.size();
}

size_t MemoryStore::write_count() {
  std::lock_guard lock(mu_);
  return writes_;
}

}  // namespace rampart::collections
