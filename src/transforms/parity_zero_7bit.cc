// t:parityZero7bit: clears the 8th bit of every byte, so 7-bit data sent with even or odd parity
// can be inspected as plain ASCII. Example: "\xe1\xe2c" -> "abc".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {

bool parity_zero_7bit(std::string_view in, std::string& out) {
  return util::map_bytes(in, out, [](char c) { return static_cast<char>(c & 0x7f); });
}

}  // namespace rampart::transforms
