#include "engine/collection.h"

#include <algorithm>

namespace rampart {

namespace {
inline char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }
inline char upper(char c) { return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 32) : c; }
}  // namespace

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

std::string to_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = lower(c);
  return out;
}

std::string to_upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = upper(c);
  return out;
}

// Linear search: TX holds tens of entries in CRS, where a scan beats hashing a lowered copy.
Collection::Entry* Collection::find(std::string_view name) {
  for (Entry& e : entries_)
    if (iequals(e.name, name)) return &e;
  return nullptr;
}

const Collection::Entry* Collection::entry(std::string_view name) const {
  for (const Entry& e : entries_)
    if (iequals(e.name, name)) return &e;
  return nullptr;
}

const std::string* Collection::get(std::string_view name) const {
  const Entry* e = entry(name);
  return e ? &e->value : nullptr;
}

void Collection::set(std::string_view name, std::string_view value) {
  if (Entry* e = find(name)) {
    e->value.assign(value);
    return;
  }
  entries_.push_back(Entry{std::string(name), std::string(value)});
}

void Collection::erase(std::string_view name) {
  entries_.erase(std::remove_if(entries_.begin(), entries_.end(),
                                [&](const Entry& e) { return iequals(e.name, name); }),
                 entries_.end());
}

}  // namespace rampart
