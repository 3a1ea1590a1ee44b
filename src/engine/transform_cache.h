// The transformation cache: (pipeline, input) -> output for one transaction, so that CRS's
// repeated pipelines run once per value. An open-addressing table (linear probing, the hash kept
// in each slot, one slot to a cache line) rather than a node-based map: with many arguments the
// cache holds hundreds of thousands of entries, and a lookup that follows a bucket to a node to
// its key misses the CPU caches at each step; here it reads one slot, and the stored input's
// bytes only when the hashes agree.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <deque>
#include <string_view>
#include <vector>

#include "engine/byte_mask.h"
#include "engine/seeded_hash.h"

namespace rampart {

class TransformCache {
 public:
  struct Key {
    std::string_view pipeline;  // Rule::pipeline_key; rules outlive transactions
    size_t pipeline_hash;       // Rule::pipeline_hash, computed at config time
    std::string_view value;
  };
  // Most values come out of a pipeline unchanged: then only the key is stored and a hit answers
  // with the value that was looked up.
  struct Entry {
    std::string_view text;  // the output, when it differs from the input
    bool unchanged = false;
    mutable const ByteMask* bytes = nullptr;  // the output's, once bytes_of() was asked
  };

  uint64_t hash(const Key& k) const { return hash(k, value_hash(k.value)); }
  // The same, given value_hash(k.value) made before (engine/transaction_state.h's Param keeps it).
  uint64_t hash(const Key& k, uint64_t value_hash) const {
    return value_hash ^ (k.pipeline_hash * 0x9e3779b97f4a7c15ULL);
  }
  // The hash of a value alone: keyed like the cache's, for other tables of request values.
  uint64_t value_hash(std::string_view value) const { return hash_value_(value); }

  // The entry for `k` (whose hash is `h`), or null.
  const Entry* find(const Key& k, uint64_t h) const {
    if (slots_.empty()) return nullptr;
    for (size_t i = index(h);; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (!s.used) return nullptr;
      if (s.hash == h && same(s.key, k)) return &s.entry;
    }
  }

  // Stores `e` for `k`, which must not be in the cache yet. The key's views must live as long
  // as the cache (the evaluator passes copies kept by the transaction). The stored entry is
  // valid until the next insert.
  const Entry& insert(const Key& k, uint64_t h, Entry e) {
    if ((size_ + 1) * 2 > slots_.size()) grow();
    ++size_;
    return slots_[place(Slot{h, k, e, true})].entry;
  }

  // The bytes of an entry's output (`output`, as the entry answered), made on first use; valid
  // as long as the cache.
  const ByteMask& bytes_of(const Entry& e, std::string_view output) {
    if (e.bytes == nullptr) e.bytes = &masks_.emplace_back(ByteMask::of(output));
    return *e.bytes;
  }

  // The table's size at the first insert: a power of two (Config::Impl::transform_cache_slots).
  explicit TransformCache(size_t initial_slots = kDefaultInitialSlots)
      : initial_slots_(std::bit_ceil(std::max<size_t>(initial_slots, 2))) {}

  size_t size() const { return size_; }
  // At its bound the cache takes no more entries (the evaluator then transforms again): a
  // request with many thousands of arguments would otherwise fill tens of MB per transaction
  // with entries few rules look up twice, and each lookup would miss the CPU caches.
  bool full() const { return size_ >= kMaxEntries; }

 private:
  struct Slot {
    uint64_t hash = 0;
    Key key{};
    Entry entry{};
    bool used = false;
  };
  static constexpr size_t kDefaultInitialSlots = 512;  // a benign CRS request needs a few hundred
  static constexpr size_t kMaxEntries = 32 * 1024;     // at most 64 Ki slots of 80 bytes: 5 MiB

  static bool same(const Key& a, const Key& b) {
    return a.pipeline_hash == b.pipeline_hash && a.value == b.value &&
           (a.pipeline.data() == b.pipeline.data() || a.pipeline == b.pipeline);
  }
  // Fibonacci hashing: the high bits of the product, which mix every bit of the hash.
  size_t index(uint64_t h) const { return (h * 0x9e3779b97f4a7c15ULL) >> shift_; }

  size_t place(const Slot& slot) {
    size_t i = index(slot.hash);
    while (slots_[i].used) i = (i + 1) & mask_;
    slots_[i] = slot;
    return i;
  }

  void grow() {
    std::vector<Slot> old;
    old.swap(slots_);
    size_t n = old.empty() ? initial_slots_ : old.size() * 2;
    slots_.assign(n, Slot{});
    mask_ = n - 1;
    shift_ = 64 - std::countr_zero(n);
    for (const Slot& s : old)
      if (s.used) place(s);
  }

  size_t initial_slots_;
  SeededHash hash_value_;  // values come from the request: see seeded_hash.h
  std::vector<Slot> slots_;
  std::deque<ByteMask> masks_;  // a deque: entries point into it while it grows
  size_t size_ = 0;
  size_t mask_ = 0;
  int shift_ = 64;
};

// A value as an operator sees it: after some transformations, with its ByteMask when the cache
// has it at hand.
struct TransformStage {
  std::string_view value;
  const ByteMask* bytes = nullptr;
};

}  // namespace rampart
