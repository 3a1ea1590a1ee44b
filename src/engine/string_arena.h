// Append-only storage for the strings one transaction makes and views until it ends (decoded
// arguments, numbers as text, copies of TX values under test): one allocation per block of
// them instead of one per string, and nothing to free string by string.
#pragma once

#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

namespace rampart {

class StringArena {
 public:
  // A copy of `s` that stays in place until the arena is destroyed.
  std::string_view copy(std::string_view s) {
    if (s.empty()) return {};
    if (s.size() > left_) {
      if (s.size() > kLargest) return store(allocate(s.size()), s);  // a block of its own
      next_ = allocate(block_size_);
      left_ = block_size_;
      if (block_size_ < kMaxBlock) block_size_ *= 2;
    }
    std::string_view out = store(next_, s);
    next_ += s.size();
    left_ -= s.size();
    return out;
  }

 private:
  static constexpr size_t kLargest = 512;  // larger strings get a block of their own
  static constexpr size_t kMaxBlock = 64 * 1024;

  char* allocate(size_t size) {
    blocks_.push_back(std::make_unique_for_overwrite<char[]>(size));
    return blocks_.back().get();
  }
  static std::string_view store(char* at, std::string_view s) {
    std::memcpy(at, s.data(), s.size());
    return {at, s.size()};
  }

  std::vector<std::unique_ptr<char[]>> blocks_;
  char* next_ = nullptr;
  size_t left_ = 0;
  size_t block_size_ = 2048;
};

}  // namespace rampart
