// A set of byte values: 256 bits. The transformation cache keeps one per cached value (the bytes
// that occur in it), made when an operator first asks, so that an @rx prefilter can tell in a few
// instructions that a value holds none of its literals' anchor bytes, instead of scanning the
// value again for each of the hundred rules that look at it. A transformation's trigger bytes
// are one too (transforms/transform.h).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string_view>

namespace rampart {

class ByteMask {
 public:
  static constexpr ByteMask of(std::string_view text) {
    ByteMask m;
    for (unsigned char c : text) m.add(c);
    return m;
  }
  // The bytes from `first` to `last`, both included.
  static constexpr ByteMask range(uint8_t first, uint8_t last) {
    ByteMask m;
    for (unsigned b = first; b <= last; ++b) m.add(static_cast<uint8_t>(b));
    return m;
  }
  constexpr ByteMask operator|(const ByteMask& o) const {
    ByteMask m;
    for (size_t i = 0; i < words_.size(); ++i) m.words_[i] = words_[i] | o.words_[i];
    return m;
  }
  constexpr void add(uint8_t b) { words_[b >> 6] |= uint64_t{1} << (b & 63); }
  constexpr bool has(uint8_t b) const { return (words_[b >> 6] >> (b & 63)) & 1; }
  // True when some byte of `text` is in the set; stops at the first.
  bool any_of(std::string_view text) const {
    return std::any_of(text.begin(), text.end(),
                       [this](char c) { return has(static_cast<uint8_t>(c)); });
  }
  constexpr bool intersects(const ByteMask& o) const {
    return ((words_[0] & o.words_[0]) | (words_[1] & o.words_[1]) | (words_[2] & o.words_[2]) |
            (words_[3] & o.words_[3])) != 0;
  }

 private:
  std::array<uint64_t, 4> words_{};
};

}  // namespace rampart
