// Which links SecHashEngine signs, how a link becomes the signed text, and the MAC itself.
#include <algorithm>

#include "engine/collection.h"
#include "engine/transaction_state.h"
#include "hash/hash_engine.h"

namespace rampart {

bool HashMethod::selects(std::string_view url, RegexScratch& scratch) const {
  if (regex) return regex->matches(url, scratch);
  std::string lower = to_lower(url);
  return std::any_of(phrases.begin(), phrases.end(),
                     [&](const std::string& p) { return lower.find(p) != std::string::npos; });
}

namespace hash {

namespace {

// RFC 3986 section 5.2.4, on a path that starts with '/'.
std::string remove_dot_segments(std::string_view path) {
  std::vector<std::string_view> out;
  size_t i = 1;
  bool trailing = false;
  while (i <= path.size()) {
    size_t end = path.find('/', i);
    if (end == std::string_view::npos) end = path.size();
    std::string_view seg = path.substr(i, end - i);
    trailing = (seg == "." || seg == "..");
    if (seg == "..") {
      if (!out.empty()) out.pop_back();
    } else if (seg != ".") {
      out.push_back(seg);
    }
    i = end + 1;
  }
  std::string result;
  for (std::string_view seg : out) result.append("/").append(seg);
  if (result.empty() || trailing) result += '/';
  return result;
}

bool starts_with_ci(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && iequals(s.substr(0, prefix.size()), prefix);
}

}  // namespace

std::string sign(const TransactionState& tx, std::string_view path_and_query) {
  const Settings& cfg = tx.settings();
  std::string key = cfg.hash_key.value_or("");
  switch (static_cast<KeyMode>(cfg.hash_key_mode.value_or(0))) {
    case KeyMode::kSessionId:
      key += tx.persistent.session_id;
      break;
    case KeyMode::kRemoteIp:
      key.append(tx.remote_addr);
      break;
    case KeyMode::kKeyOnly:
      break;
  }
  return hmac_sha1_hex(key, path_and_query);
}

std::string absolute_path(const TransactionState& tx, std::string_view link) {
  link = link.substr(0, link.find('#'));
  while (!link.empty() && (link.front() == ' ' || link.front() == '\t')) link.remove_prefix(1);
  if (link.empty()) return {};
  if (starts_with_ci(link, "http://") || starts_with_ci(link, "https://") ||
      link.substr(0, 2) == "//") {
    // Absolute: ours only on the request's own host.
    size_t host_at = link.find("//") + 2;
    size_t path_at = link.find_first_of("/?", host_at);
    std::string_view host = link.substr(
        host_at, path_at == std::string_view::npos ? std::string_view::npos : path_at - host_at);
    std::string_view own = tx.request_header("Host");
    if (own.empty() || !iequals(host, own)) return {};
    if (path_at == std::string_view::npos) return "/";
    link = link.substr(path_at);
    if (link.front() == '?') return "/" + std::string(link);
  } else if (link.find(':') != std::string_view::npos &&
             link.find(':') < link.find_first_of("/?")) {
    return {};  // mailto:, javascript: and other schemes
  }
  std::string_view path = link.substr(0, link.find('?'));
  std::string_view query = link.size() > path.size() ? link.substr(path.size()) : "";
  std::string full;
  if (!path.empty() && path.front() == '/') {
    full = std::string(path);
  } else {
    std::string_view base = tx.path.substr(0, tx.path.rfind('/') + 1);
    full = std::string(base.empty() ? "/" : base);
    full += path.empty() ? std::string_view(tx.path).substr(full.size()) : path;
  }
  return remove_dot_segments(full) + std::string(query);
}

}  // namespace hash
}  // namespace rampart
