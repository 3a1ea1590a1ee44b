// t:hexEncode: replaces each byte with two lowercase hex digits (CRS relies on the lowercase
// form, e.g. after t:sha1). Example: "xyz" -> "78797a".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {

bool hex_encode(std::string_view in, std::string& out) {
  if (in.empty()) return false;
  out.resize(in.size() * 2);
  for (size_t i = 0; i < in.size(); ++i) {
    unsigned char c = util::byte_at(in, i);
    out[2 * i] = util::kHexLower[c >> 4];
    out[2 * i + 1] = util::kHexLower[c & 0x0f];
  }
  return true;
}

}  // namespace rampart::transforms
