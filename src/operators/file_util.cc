#include "operators/file_util.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace rampart::operators {

std::string resolve_path(std::string_view base_dir, std::string_view name) {
  if (name.starts_with('/') || base_dir.empty()) return std::string(name);
  std::string path(base_dir);
  if (!path.ends_with('/')) path += '/';
  path.append(name);
  return path;
}

bool read_lines(const std::string& path, std::vector<std::string>& lines, std::string& reason) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    reason = std::strerror(errno);
    return false;
  }
  std::string content;
  char buf[8192];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) content.append(buf, n);
  bool failed = std::ferror(f) != 0;
  int saved_errno = errno;
  std::fclose(f);
  if (failed) {
    reason = std::strerror(saved_errno);
    return false;
  }
  size_t start = 0;
  while (start < content.size()) {
    size_t end = content.find('\n', start);
    if (end == std::string::npos) end = content.size();
    lines.emplace_back(content, start, end - start);
    start = end + 1;
  }
  return true;
}

}  // namespace rampart::operators
