// The values one evaluation of a rule has already tested without a match. A JSON body's array of
// objects repeats its names (ARGS_NAMES "json.items.id" once per element) and often its values
// ("true", "0"): the rule's answer for a value it has seen is already known, so the evaluator
// skips the transformations and the operator for it. Only values that did not match are kept:
// a match runs actions, which the next equal value must run again.
//
// An open-addressing set of views (linear probing, the hash kept beside each view), sized for
// the rule's values and emptied for the next rule; its storage is reused from rule to rule.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string_view>
#include <vector>

namespace rampart {

class ValueMemo {
 public:
  bool in_use = false;
  // Marks the memo in use for a scope (when `take` is true).
  class Use {
   public:
    Use(ValueMemo& memo, bool take) : memo_(take ? &memo : nullptr) {
      if (memo_ != nullptr) memo_->in_use = true;
    }
    ~Use() {
      if (memo_ != nullptr) memo_->in_use = false;
    }
    Use(const Use&) = delete;
    Use& operator=(const Use&) = delete;

   private:
    ValueMemo* memo_;
  };

  // Empties the set and makes room for `values` entries at most half full. Emptying is one
  // increment: a slot belongs to the set only when it carries the current generation.
  void reset(size_t values) {
    size_t n = std::bit_ceil(values * 2);
    if (generation_ == UINT32_MAX || slots_.size() < n) {  // would wrap, or too small
      slots_.assign(std::max(n, slots_.size()), Slot{});
      generation_ = 1;
    } else {
      ++generation_;
    }
    mask_ = n - 1;
  }

  // True when `value` (whose hash is `h`) was added since the last reset.
  bool contains(uint64_t h, std::string_view value) const {
    for (size_t i = h & mask_;; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (s.generation != generation_) return false;
      if (s.hash == h && s.value == value) return true;
    }
  }

  // Adds `value`, which must not be in the set and must stay valid until the next reset.
  void add(uint64_t h, std::string_view value) {
    size_t i = h & mask_;
    while (slots_[i].generation == generation_) i = (i + 1) & mask_;
    slots_[i] = Slot{h, value, generation_};
  }

 private:
  struct Slot {
    uint64_t hash = 0;
    std::string_view value;
    uint32_t generation = 0;  // the set's generation when added; 0 never is one
  };
  std::vector<Slot> slots_;
  size_t mask_ = 0;
  uint32_t generation_ = 0;
};

}  // namespace rampart
