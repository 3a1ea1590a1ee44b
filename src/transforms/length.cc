// t:length: replaces the value with its length in bytes, as a decimal string. Always "changed".
// Example: "ABCDE" -> "5".
#include <charconv>

#include "transforms/all.h"

namespace rampart::transforms {

bool length(std::string_view in, std::string& out) {
  char buf[24];
  auto res = std::to_chars(buf, buf + sizeof(buf), in.size());
  out.assign(buf, res.ptr);
  return true;
}

}  // namespace rampart::transforms
