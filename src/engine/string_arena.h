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
    return write(s.size(), [&](char* at) {
      std::memcpy(at, s.data(), s.size());
      return s.size();
    });
  }

  // Text made in place (a decoder's output, without a std::string in between): `fill(char*)`
  // writes at most `max` bytes and returns how many; the room it did not use goes back.
  template <typename Fill>
  std::string_view write(size_t max, Fill fill) {
    if (max == 0) return {};
    bool own_block = false;
    char* at = room(max, own_block);
    size_t n = fill(at);
    if (!own_block) {
      next_ -= max - n;
      left_ += max - n;
    }
    return {at, n};
  }

 private:
  static constexpr size_t kLargest = 512;  // larger strings get a block of their own
  static constexpr size_t kMaxBlock = 64 * 1024;

  // `size` bytes to write: the next ones of the current block, or a block of its own when large.
  char* room(size_t size, bool& own_block) {
    if (size > left_) {
      if (size > kLargest) {
        own_block = true;
        return allocate(size);
      }
      next_ = allocate(block_size_);
      left_ = block_size_;
      if (block_size_ < kMaxBlock) block_size_ *= 2;
    }
    char* at = next_;
    next_ += size;
    left_ -= size;
    return at;
  }

  char* allocate(size_t size) {
    blocks_.push_back(std::make_unique_for_overwrite<char[]>(size));
    return blocks_.back().get();
  }

  std::vector<std::unique_ptr<char[]>> blocks_;
  char* next_ = nullptr;
  size_t left_ = 0;
  size_t block_size_ = 2048;
};

}  // namespace rampart
