#include "collections/redis_url.h"

#include <charconv>

namespace rampart::collections {

namespace {

bool parse_int(std::string_view s, int low, int high, int& out) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size() && out >= low && out <= high;
}

constexpr std::string_view kForm =
    "redis://[user@]host:port/db (e.g. redis://127.0.0.1:6379/0) or redis+unix:///path/to.sock";

}  // namespace

std::optional<RedisAddress> parse_redis_url(std::string_view url, std::string& error) {
  RedisAddress out;
  auto fail = [&](std::string why) {
    error = why + " in '" + std::string(url) + "': write " + std::string(kForm);
    return std::nullopt;
  };
  if (url.starts_with("redis+unix://")) {
    std::string_view rest = url.substr(13);
    if (size_t q = rest.find("?db="); q != std::string_view::npos) {
      if (!parse_int(rest.substr(q + 4), 0, 1 << 20, out.db)) return fail("bad database number");
      rest = rest.substr(0, q);
    }
    if (!rest.starts_with("/") || rest.size() < 2) return fail("no absolute socket path");
    out.socket_path = std::string(rest);
    return out;
  }
  if (!url.starts_with("redis://")) return fail("unknown scheme");
  std::string_view rest = url.substr(8);
  if (size_t at = rest.find('@'); at != std::string_view::npos) {
    out.user = std::string(rest.substr(0, at));
    if (out.user.empty() || out.user.find(':') != std::string::npos)
      return fail(
          "a user name without a password (the password goes in "
          "SecCollectionStorePasswordFile)");
    rest = rest.substr(at + 1);
  }
  std::string_view authority = rest, path;
  if (size_t slash = rest.find('/'); slash != std::string_view::npos) {
    authority = rest.substr(0, slash);
    path = rest.substr(slash + 1);
  }
  if (!path.empty() && !parse_int(path, 0, 1 << 20, out.db)) return fail("bad database number");
  size_t colon = authority.rfind(':');
  if (colon != std::string_view::npos) {
    if (!parse_int(authority.substr(colon + 1), 1, 65535, out.port)) return fail("bad port");
    authority = authority.substr(0, colon);
  }
  if (authority.empty()) return fail("no host");
  out.host = std::string(authority);
  return out;
}

}  // namespace rampart::collections
