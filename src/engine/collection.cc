#include "engine/collection.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace rampart {

namespace {
inline char lower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c;
}
inline char upper(char c) {
  return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 32) : c;
}
}  // namespace

namespace {
uint64_t load8(const char* p) {
  uint64_t w;
  std::memcpy(&w, p, sizeof w);
  return w;
}

// Eight bytes with their ASCII capitals lowered (SWAR): a byte gets 0x20 added when it lies in
// 'A'..'Z'; bytes >= 0x80 are left alone.
uint64_t lower8(uint64_t w) {
  constexpr uint64_t k7f = 0x7f7f7f7f7f7f7f7fULL, k80 = 0x8080808080808080ULL;
  uint64_t low7 = w & k7f;
  uint64_t at_least_a = low7 + 0x3f3f3f3f3f3f3f3fULL;  // high bit set when >= 'A'
  uint64_t above_z = low7 + 0x2525252525252525ULL;     // high bit set when > 'Z'
  uint64_t capitals = at_least_a & ~above_z & ~w & k80;
  return w | (capitals >> 2);
}
}  // namespace

// Names are compared on every TX lookup and ctl removal: eight bytes at a time, and equal bytes
// need no folding.
bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  size_t n = a.size(), i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t x = load8(a.data() + i), y = load8(b.data() + i);
    if (x != y && lower8(x) != lower8(y)) return false;
  }
  for (; i < n; ++i)
    if (a[i] != b[i] && lower(a[i]) != lower(b[i])) return false;
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
// A multiplicative hash of the case-folded name, eight bytes at a time.
uint32_t name_hash(std::string_view name) {
  constexpr uint64_t kMul = 0x9e3779b97f4a7c15ULL;
  uint64_t h = name.size() * kMul;
  size_t i = 0;
  for (; i + 8 <= name.size(); i += 8) h = (h ^ lower8(load8(name.data() + i))) * kMul;
  uint64_t tail = 0;
  for (size_t shift = 0; i < name.size(); ++i, shift += 8)
    tail |= static_cast<uint64_t>(static_cast<unsigned char>(lower(name[i]))) << shift;
  h = (h ^ tail) * kMul;
  return static_cast<uint32_t>(h >> 32);
}
}  // namespace

uint32_t Collection::hash(std::string_view name) {
  return name_hash(name);
}

const Collection::Entry* Collection::find(std::string_view name, uint32_t h) const {
  if (slots_.empty()) return nullptr;
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
  return find(name, name_hash(name));
}

const Collection::Entry* Collection::entry(std::string_view name, uint32_t hash) const {
  return find(name, hash);
}

const std::string* Collection::get(std::string_view name) const {
  const Entry* e = find(name, name_hash(name));
  return e ? &e->value : nullptr;
}

void Collection::set(std::string_view name, std::string_view value) {
  set(name, name_hash(name), value);
}

const std::string& Collection::set(std::string_view name, uint32_t hash, std::string_view value) {
  if (const Entry* e = find(name, hash)) {
    std::string& stored = entries_[static_cast<size_t>(e - entries_.data())].value;
    stored.assign(value);
    return stored;
  }
  if (entries_.empty() && expected_ > 0) {
    entries_.reserve(expected_);
    slots_.assign(std::bit_ceil(expected_ * 2), Slot{});
  }
  entries_.push_back(Entry{std::string(name), std::string(value)});
  if (entries_.size() * 2 > slots_.size()) {
    rebuild();
  } else {
    index(hash, entries_.size() - 1);
  }
  return entries_.back().value;
}

void Collection::erase(std::string_view name) {
  const Entry* e = find(name, name_hash(name));
  if (e == nullptr) return;
  entries_.erase(entries_.begin() + (e - entries_.data()));
  rebuild();  // rare (setvar:!tx.x, stale captures): indexes after it have moved
}

}  // namespace rampart
