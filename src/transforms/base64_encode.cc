// t:base64Encode: encodes the value with the standard Base64 alphabet and '=' padding (RFC 4648).
// Example: "TestCase" -> "VGVzdENhc2U=".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {

namespace {
constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
}

bool base64_encode(std::string_view in, std::string& out) {
  if (in.empty()) return false;
  out.reserve((in.size() + 2) / 3 * 4);
  size_t i = 0;
  for (; i + 3 <= in.size(); i += 3) {
    uint32_t v =
        util::byte_at(in, i) << 16 | util::byte_at(in, i + 1) << 8 | util::byte_at(in, i + 2);
    out.push_back(kAlphabet[v >> 18]);
    out.push_back(kAlphabet[(v >> 12) & 63]);
    out.push_back(kAlphabet[(v >> 6) & 63]);
    out.push_back(kAlphabet[v & 63]);
  }
  size_t rest = in.size() - i;
  if (rest > 0) {
    uint32_t v = util::byte_at(in, i) << 16;
    if (rest == 2) v |= util::byte_at(in, i + 1) << 8;
    out.push_back(kAlphabet[v >> 18]);
    out.push_back(kAlphabet[(v >> 12) & 63]);
    out.push_back(rest == 2 ? kAlphabet[(v >> 6) & 63] : '=');
    out.push_back('=');
  }
  return true;
}

}  // namespace rampart::transforms
