// t:parityEven7bit: replaces the 8th bit of each byte with an even-parity bit. Like v2, the parity
// is counted over all 8 bits as received, so it is exact for 7-bit input (< 0x80).
// Example: "abc" -> "\xe1\xe2c".
#include <bit>

#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {

bool parity_even_7bit(std::string_view in, std::string& out) {
  return util::map_bytes(in, out, [](char ch) {
    auto c = static_cast<unsigned char>(ch);
    bool odd = std::popcount(c) & 1;
    return static_cast<char>(odd ? (c | 0x80) : (c & 0x7f));
  });
}

}  // namespace rampart::transforms
