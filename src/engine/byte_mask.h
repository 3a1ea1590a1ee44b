// Which byte values occur in a text: 256 bits. The transformation cache keeps one per cached
// value, made when an operator first asks, so that an @rx prefilter can tell in a few
// instructions that a value holds none of its literals' anchor bytes, instead of scanning the
// value again for each of the hundred rules that look at it.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace rampart {

class ByteMask {
 public:
  static ByteMask of(std::string_view text) {
    ByteMask m;
    for (unsigned char c : text) m.add(c);
    return m;
  }
  void add(uint8_t b) { words_[b >> 6] |= uint64_t{1} << (b & 63); }
  bool has(uint8_t b) const { return (words_[b >> 6] >> (b & 63)) & 1; }
  bool intersects(const ByteMask& o) const {
    return ((words_[0] & o.words_[0]) | (words_[1] & o.words_[1]) | (words_[2] & o.words_[2]) |
            (words_[3] & o.words_[3])) != 0;
  }

 private:
  std::array<uint64_t, 4> words_{};
};

}  // namespace rampart
