#include "replay/request.h"

#include <strings.h>
#include <cctype>

#include <vector>

namespace rampart::replay {

namespace {

const std::string* find_header(const Headers& headers, std::string_view name) {
  for (const auto& [n, v] : headers)
    if (n.size() == name.size() && strncasecmp(n.data(), name.data(), n.size()) == 0) return &v;
  return nullptr;
}

}  // namespace

const std::string* Request::header(std::string_view name) const {
  return find_header(headers, name);
}

const std::string* Response::header(std::string_view name) const {
  return find_header(headers, name);
}

void split_target(std::string_view target, std::string& path, std::string& query,
                  std::string& authority) {
  authority.clear();
  if (size_t hash = target.find('#'); hash != std::string_view::npos)
    target = target.substr(0, hash);
  if (size_t scheme = target.find("://"); scheme != std::string_view::npos && target[0] != '/') {
    std::string_view rest = target.substr(scheme + 3);
    size_t slash = rest.find_first_of("/?");
    authority.assign(rest.substr(0, slash));
    target = slash == std::string_view::npos ? std::string_view("/") : rest.substr(slash);
  }
  size_t q = target.find('?');
  path.assign(q == 0 ? std::string_view("/") : target.substr(0, q));  // http://host?x: path /
  query.assign(q == std::string_view::npos ? std::string_view() : target.substr(q + 1));
}

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

}  // namespace

std::string server_path(std::string_view raw_path) {
  std::string decoded;
  decoded.reserve(raw_path.size());
  for (size_t i = 0; i < raw_path.size(); ++i) {
    int hi = 0, lo = 0;
    if (raw_path[i] == '%' && i + 2 < raw_path.size() && (hi = hex_value(raw_path[i + 1])) >= 0 &&
        (lo = hex_value(raw_path[i + 2])) >= 0) {
      decoded += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      decoded += raw_path[i];
    }
  }
  // Segments, with `.` dropped and `..` taking the one before it away (never above the root).
  std::vector<std::string_view> segments;
  std::string_view rest = decoded;
  bool trailing_slash = rest.ends_with('/') || rest.ends_with("/.") || rest.ends_with("/..");
  while (!rest.empty()) {
    size_t slash = rest.find('/');
    std::string_view seg = rest.substr(0, slash);
    rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
    if (seg.empty() || seg == ".") continue;
    if (seg == "..") {
      if (!segments.empty()) segments.pop_back();
      continue;
    }
    segments.push_back(seg);
  }
  size_t size = segments.size() + 1;
  for (std::string_view seg : segments) size += seg.size();
  std::string out;
  out.reserve(size);
  for (std::string_view seg : segments) out.append(1, '/').append(seg);
  if (out.empty() || trailing_slash) out.push_back('/');
  return out;
}

}  // namespace rampart::replay
