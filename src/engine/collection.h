// A name -> value collection with case-insensitive names that keeps the case and the order in
// which names were first set (TX, and later the persistent collections).
#pragma once

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

  const std::string* get(std::string_view name) const;
  const Entry* entry(std::string_view name) const;  // with the name as first set
  void set(std::string_view name, std::string_view value);
  void erase(std::string_view name);
  const std::vector<Entry>& entries() const { return entries_; }
  void clear() { entries_.clear(); }

 private:
  Entry* find(std::string_view name);
  std::vector<Entry> entries_;
};

bool iequals(std::string_view a, std::string_view b);
std::string to_lower(std::string_view s);
std::string to_upper(std::string_view s);

}  // namespace rampart
