// t:removeCommentsChar: removes the comment markers themselves, keeping the text between them:
// "/*", "*/", "<!--", "-->", "--" and '#'. Example: "UNI/**/ON --x" -> "UNION x".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {
namespace {

// Length of the comment marker at s[pos], or 0. Longer markers win ("-->" over "--"), as in v2.
size_t marker_length(std::string_view s, size_t pos) {
  std::string_view rest = s.substr(pos);
  if (rest.starts_with("/*") || rest.starts_with("*/")) return 2;
  if (rest.starts_with("<!--")) return 4;
  if (rest.starts_with("-->")) return 3;
  if (rest.starts_with("--")) return 2;
  if (rest.starts_with('#')) return 1;
  return 0;
}

}  // namespace

bool remove_comments_char(std::string_view in, std::string& out) {
  util::Rewriter w(in, out);
  size_t i = 0;
  while (i < in.size()) {
    if (size_t n = marker_length(in, i)) {
      w.replace(i, i + n, std::string_view());
      i += n;
    } else {
      ++i;
    }
  }
  return w.finish();
}

}  // namespace rampart::transforms
