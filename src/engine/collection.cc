#include "engine/collection.h"

#include <algorithm>

namespace rampart {

namespace {
inline char lower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c;
}
inline char upper(char c) {
  return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 32) : c;
}
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

namespace {
// FNV-1a over the case-folded name.
uint32_t name_hash(std::string_view name) {
  uint32_t h = 2166136261u;
  for (char c : name) h = (h ^ static_cast<unsigned char>(lower(c))) * 16777619u;
  return h;
}
}  // namespace

const Collection::Entry* Collection::find(std::string_view name) const {
  if (slots_.empty()) return nullptr;
  uint32_t h = name_hash(name);
  size_t mask = slots_.size() - 1;
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    const Slot& s = slots_[i];
    if (s.index == 0) return nullptr;
    if (s.hash == h && iequals(entries_[s.index - 1].name, name)) return &entries_[s.index - 1];
  }
}

void Collection::index(uint32_t hash, size_t entry) {
  size_t mask = slots_.size() - 1;
  size_t i = hash & mask;
  while (slots_[i].index != 0) i = (i + 1) & mask;
  slots_[i] = Slot{hash, static_cast<uint32_t>(entry + 1)};
}

void Collection::rebuild() {
  size_t size = 16;
  while (size < entries_.size() * 2) size *= 2;
  slots_.assign(size, Slot{});
  for (size_t i = 0; i < entries_.size(); ++i) index(name_hash(entries_[i].name), i);
}

const Collection::Entry* Collection::entry(std::string_view name) const {
  return find(name);
}

const std::string* Collection::get(std::string_view name) const {
  const Entry* e = find(name);
  return e ? &e->value : nullptr;
}

void Collection::set(std::string_view name, std::string_view value) {
  if (const Entry* e = find(name)) {
    entries_[static_cast<size_t>(e - entries_.data())].value.assign(value);
    return;
  }
  entries_.push_back(Entry{std::string(name), std::string(value)});
  if ((entries_.size()) * 2 > slots_.size()) {
    rebuild();
  } else {
    index(name_hash(name), entries_.size() - 1);
  }
}

void Collection::erase(std::string_view name) {
  const Entry* e = find(name);
  if (e == nullptr) return;
  entries_.erase(entries_.begin() + (e - entries_.data()));
  rebuild();  // rare (setvar:!tx.x, stale captures): indexes after it have moved
}

}  // namespace rampart
