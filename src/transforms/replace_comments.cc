// t:replaceComments: replaces each C-style comment /* ... */ with one space (consecutive comments
// give consecutive spaces); an unterminated comment is replaced by a space too, while a lone "*/"
// is left alone. Example: "UNION/**/SELECT/* x" -> "UNION SELECT ".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {

bool replace_comments(std::string_view in, std::string& out) {
  util::Rewriter w(in, out);
  size_t i = in.find("/*");
  while (i != std::string_view::npos) {
    size_t close = in.find("*/", i + 2);
    size_t end = close == std::string_view::npos ? in.size() : close + 2;
    w.replace(i, end, ' ');
    i = in.find("/*", end);
  }
  return w.finish();
}

}  // namespace rampart::transforms
