// t:removeComments: removes comments as v2 does: /* ... */ and <!-- ... --> disappear (either
// terminator ends either kind), an unterminated one is replaced by a single space, and "--" or '#'
// outside a comment removes everything up to the end of the value (SQL / shell line comments).
// Example: "SELECT/**/1/*x*/FROM t -- rest" -> "SELECT1FROM t ".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {
namespace {

bool at(std::string_view s, size_t pos, std::string_view token) {
  return s.substr(pos).starts_with(token);
}

// Index just past the end of the comment whose body starts at `pos`, or npos if unterminated.
size_t comment_end(std::string_view s, size_t pos) {
  for (; pos < s.size(); ++pos) {
    if (at(s, pos, "*/")) return pos + 2;
    if (at(s, pos, "-->")) return pos + 3;
  }
  return std::string_view::npos;
}

}  // namespace

bool remove_comments(std::string_view in, std::string& out) {
  util::Rewriter w(in, out);
  size_t i = 0;
  while (i < in.size()) {
    size_t open = at(in, i, "/*") ? 2 : at(in, i, "<!--") ? 4 : 0;
    if (open) {
      size_t end = comment_end(in, i + open);
      if (end == std::string_view::npos) {
        w.replace(i, in.size(), ' ');
        break;
      }
      w.replace(i, end, std::string_view());
      i = end;
    } else if (in[i] == '#' || at(in, i, "--")) {
      w.truncate(i);
      break;
    } else {
      ++i;
    }
  }
  return w.finish();
}

}  // namespace rampart::transforms
