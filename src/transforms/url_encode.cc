// t:urlEncode: URL-encodes the value the way v2 does: space becomes '+', letters, digits and '*'
// are kept, every other byte becomes %hh with lowercase hex. Example: "a b&c" -> "a+b%26c".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {

namespace {
bool kept_as_is(unsigned char c) {
  return util::is_alnum(c) || c == '*';
}
}  // namespace

bool url_encode(std::string_view in, std::string& out) {
  size_t encoded = 0;
  bool changed = false;
  for (size_t i = 0; i < in.size(); ++i) {
    unsigned char c = util::byte_at(in, i);
    if (c == ' ') {
      changed = true;
    } else if (!kept_as_is(c)) {
      changed = true;
      ++encoded;
    }
  }
  if (!changed) return false;
  out.reserve(in.size() + 2 * encoded);
  for (size_t i = 0; i < in.size(); ++i) {
    unsigned char c = util::byte_at(in, i);
    if (c == ' ') {
      out.push_back('+');
    } else if (kept_as_is(c)) {
      out.push_back(static_cast<char>(c));
    } else {
      out.push_back('%');
      out.push_back(util::kHexLower[c >> 4]);
      out.push_back(util::kHexLower[c & 0x0f]);
    }
  }
  return true;
}

}  // namespace rampart::transforms
