// A name -> value collection with case-insensitive names that keeps the case and the order in
// which names were first set (TX, and later the persistent collections). CRS keeps about a
// hundred variables in TX and reads them from most rules, so names are found through a small
// open-addressing index of case-folded hashes rather than by a scan.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rampart {

class Collection {
 public:
  struct Entry {
    std::string name;
    std::string value;
  };

  Collection() = default;
  // `expected` names get room at the first set, so that a collection known to grow large (TX
  // under CRS: about a hundred variables per request) is not copied and re-indexed step by step.
  explicit Collection(size_t expected) : expected_(expected) {}

  // The hash names are indexed by (case-insensitive). A name fixed in a rule is hashed once, when
  // the rule is parsed, and passed to the overloads that take it.
  static uint32_t hash(std::string_view name);

  const std::string* get(std::string_view name) const;
  const Entry* entry(std::string_view name) const;  // with the name as first set
  const Entry* entry(std::string_view name, uint32_t hash) const;
  void set(std::string_view name, std::string_view value);
  // Returns the stored value, valid until the collection changes again.
  const std::string& set(std::string_view name, uint32_t hash, std::string_view value);
  void erase(std::string_view name);
  const std::vector<Entry>& entries() const { return entries_; }
  void clear() {
    entries_.clear();
    slots_.clear();
  }

 private:
  struct Slot {
    uint32_t hash = 0;
    uint32_t index = 0;  // into entries_, plus one; 0 marks an empty slot
  };
  const Entry* find(std::string_view name, uint32_t hash) const;
  void index(uint32_t hash, size_t entry);
  void rebuild();
  size_t expected_ = 0;
  std::vector<Entry> entries_;
  std::vector<Slot> slots_;  // a power of two in size, at most half full
};

bool iequals(std::string_view a, std::string_view b);
std::string to_lower(std::string_view s);
std::string to_upper(std::string_view s);

}  // namespace rampart
