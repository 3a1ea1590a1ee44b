// The address of a Redis collection store, as SecCollectionStore gives it:
//   redis://[user@]host:port/db      e.g. redis://rampart@10.0.0.5:6379/2
//   redis+unix:///path/to.sock[?db=N]
// The password never appears in the URL (SecCollectionStorePasswordFile).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace rampart::collections {

struct RedisAddress {
  std::string host;  // empty for a Unix socket
  int port = 6379;
  std::string socket_path;  // redis+unix only
  std::string user;         // ACL user; empty: AUTH with the password only (or no AUTH)
  int db = 0;
};

// Nothing and `error` set (what to write instead) when `url` is not such a URL.
std::optional<RedisAddress> parse_redis_url(std::string_view url, std::string& error);

}  // namespace rampart::collections
