// Bounded "most frequent" counter (the Space-Saving algorithm, Metwally et al. 2005): at most
// `capacity` keys are tracked, so memory stays fixed however many distinct IPs or URIs a log
// holds. While fewer than `capacity` distinct keys were seen, counts are exact. After that, a
// new key replaces the least-counted one and inherits its count as `error`: every reported
// count is at most `error` too high, and any key seen more than total/capacity times is sure
// to be listed.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace rampart::logtool {

inline constexpr std::size_t kTopKCapacity = 1000;

class TopK {
 public:
  struct Item {
    std::string key;
    std::string label;          // e.g. a rule's msg: first one seen for the key
    std::uint64_t count = 0;    // transactions
    std::uint64_t blocked = 0;  // of those, blocked (counted since the key was tracked)
    std::uint64_t error = 0;    // count may be this much too high (0: exact)
  };

  explicit TopK(std::size_t capacity = kTopKCapacity) : capacity_(capacity) {}
  void add(const std::string& key, bool blocked, const std::string& label = {});
  // The n highest counts, highest first; ties by key.
  std::vector<Item> top(std::size_t n) const;
  bool exact() const { return !evicted_; }

 private:
  std::size_t capacity_;
  std::unordered_map<std::string, Item> items_;
  std::set<std::pair<std::uint64_t, std::string>> by_count_;  // (count, key), lowest first
  bool evicted_ = false;
};

}  // namespace rampart::logtool
