// t:compressWhitespace: turns each run of whitespace (space, \t \n \v \f \r and 0xa0, as v2 does)
// into a single space. Example: "a \t\r\n b" -> "a b".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {

bool compress_whitespace(std::string_view in, std::string& out) {
  util::Rewriter w(in, out);
  size_t i = 0;
  while (i < in.size()) {
    if (!util::is_space_or_nbsp(util::byte_at(in, i))) {
      ++i;
      continue;
    }
    size_t end = i + 1;
    while (end < in.size() && util::is_space_or_nbsp(util::byte_at(in, end))) ++end;
    // A lone plain space is already in normal form; anything else becomes one space.
    if (end - i > 1 || in[i] != ' ') w.replace(i, end, ' ');
    i = end;
  }
  return w.finish();
}

}  // namespace rampart::transforms
