// t:normalizePath (also spelled normalisePath): removes multiple slashes, self-references ("/./")
// and back-references ("/x/../"), never climbing above the root of an absolute path; a relative
// path keeps the ".." it cannot resolve. A trailing slash is kept only if the input had one.
// Example: "/a//b/./c/../../../../etc/passwd" -> "/etc/passwd".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {
namespace {

// False only when no segment is empty, "." or "..": then the path is already normal.
bool may_change(std::string_view p) {
  size_t start = 0;
  while (start <= p.size()) {
    size_t slash = p.find('/', start);
    size_t end = slash == std::string_view::npos ? p.size() : slash;
    std::string_view seg = p.substr(start, end - start);
    bool edge = start == 0 || end == p.size();  // a leading or trailing slash is not "//"
    if ((seg.empty() && !edge) || seg == "." || seg == "..") return true;
    start = end + 1;
  }
  return false;
}

}  // namespace

bool normalize_path(std::string_view in, std::string& out) {
  if (in.empty() || !may_change(in)) return false;
  const bool absolute = in.front() == '/';
  const size_t root = absolute ? 1 : 0;  // out[0, root) is never removed
  out.reserve(in.size());
  out.assign(root, '/');
  size_t named = 0;  // segments in out that a ".." may remove (leading ".." are not)

  size_t start = 0;
  while (start < in.size()) {
    size_t slash = in.find('/', start);
    size_t end = slash == std::string_view::npos ? in.size() : slash;
    std::string_view seg = in.substr(start, end - start);
    start = end + 1;
    if (seg.empty() || seg == ".") continue;
    if (seg == "..") {
      if (named > 0) {
        size_t cut = out.rfind('/');
        out.resize(cut == std::string::npos || cut < root ? root : cut);
        --named;
        continue;
      }
      if (absolute) continue;  // already at the root
    } else {
      ++named;
    }
    if (out.size() > root) out.push_back('/');
    out.append(seg);
  }
  if (in.back() == '/' && out.size() > root) out.push_back('/');

  if (out == in) {  // e.g. "../a": only unresolvable back-references
    out.clear();
    return false;
  }
  return true;
}

}  // namespace rampart::transforms
