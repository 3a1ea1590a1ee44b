#include "top_k.h"

#include <algorithm>

namespace rampart::logtool {

void TopK::add(const std::string& key, bool blocked, const std::string& label) {
  auto it = items_.find(key);
  if (it == items_.end()) {
    Item item{key, label, 1, blocked ? 1u : 0u, 0};
    if (items_.size() >= capacity_) {
      auto lowest = by_count_.begin();
      item.count = lowest->first + 1;
      item.error = lowest->first;
      items_.erase(lowest->second);
      by_count_.erase(lowest);
      evicted_ = true;
    }
    by_count_.emplace(item.count, key);
    items_.emplace(key, std::move(item));
    return;
  }
  Item& item = it->second;
  by_count_.erase({item.count, key});
  ++item.count;
  if (blocked) ++item.blocked;
  if (item.label.empty()) item.label = label;
  by_count_.emplace(item.count, key);
}

std::vector<TopK::Item> TopK::top(std::size_t n) const {
  std::vector<Item> out;
  for (auto it = by_count_.rbegin(); it != by_count_.rend() && out.size() < n; ++it)
    out.push_back(items_.at(it->second));
  std::stable_sort(out.begin(), out.end(), [](const Item& a, const Item& b) {
    return a.count != b.count ? a.count > b.count : a.key < b.key;
  });
  return out;
}

}  // namespace rampart::logtool
