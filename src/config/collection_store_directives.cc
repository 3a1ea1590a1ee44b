#include "config/collection_store_directives.h"

#include <charconv>
#include <filesystem>
#include <fstream>

#include "actions/collection_ref.h"
#include "collections/redis_url.h"
#include "engine/collection.h"

namespace rampart {

std::string_view Settings::collection_store_url(std::string_view kind) const {
  if (collection_stores)
    for (const auto& [k, url] : *collection_stores)
      if (iequals(k, kind)) return url;
  return "lmdb";
}

}  // namespace rampart

namespace rampart::config {

// SecCollectionStore ip redis://127.0.0.1:6379/0: IP records live in that Redis; `lmdb` puts a
// kind back under SecDataDir. The URL is checked here so a typo fails at startup, not at the
// first request.
std::optional<std::string> collection_store(DirectiveContext& ctx) {
  std::string kind = to_upper(ctx.words[0]);
  if (!actions::is_persistent_collection(kind))
    return "unknown collection '" + ctx.words[0] + "': use ip, global, resource, session or user";
  const std::string& url = ctx.words[1];
  if (url != "lmdb") {
    std::string error;
    if (!collections::parse_redis_url(url, error)) return "takes lmdb or a Redis URL: " + error;
  }
  auto& stores = ctx.cfg.settings.collection_stores;
  if (!stores) stores.emplace();
  for (auto& entry : *stores)
    if (entry.first == kind) {
      entry.second = url;
      return std::nullopt;
    }
  stores->emplace_back(kind, url);
  return std::nullopt;
}

// SecCollectionStoreTimeout 100: the most a request waits for the store (connect or command).
std::optional<std::string> collection_store_timeout(DirectiveContext& ctx) {
  const std::string& v = ctx.words[0];
  int n = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || p != v.data() + v.size() || n < 1 || n > 60000)
    return "takes milliseconds from 1 to 60000, got '" + v + "'";
  ctx.cfg.settings.collection_store_timeout_ms = n;
  return std::nullopt;
}

// SecCollectionStoreFailAction open|closed: when the store cannot be reached, run the rules on
// an empty collection (open) or refuse the request with 503 (closed).
std::optional<std::string> collection_store_fail_action(DirectiveContext& ctx) {
  std::string v = to_lower(ctx.words[0]);
  if (v != "open" && v != "closed") return "takes open or closed, got '" + ctx.words[0] + "'";
  ctx.cfg.settings.collection_store_fail_closed = v == "closed";
  return std::nullopt;
}

// SecCollectionStorePasswordFile /etc/rampart/redis.pass: the password for AUTH, first line of
// the file. Read now, while httpd still runs as root, so the file can be readable by root only.
std::optional<std::string> collection_store_password_file(DirectiveContext& ctx) {
  std::filesystem::path path = ctx.words[0];
  if (path.is_relative()) path = std::filesystem::path(ctx.where.file).parent_path() / path;
  std::ifstream in(path);
  std::string line;
  if (!in || !std::getline(in, line))
    return "cannot read the password file '" + path.string() +
           "': create it with the password on its first line, readable by root";
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
  if (line.empty()) return "the password file '" + path.string() + "' has an empty first line";
  ctx.cfg.settings.collection_store_password = line;
  return std::nullopt;
}

}  // namespace rampart::config
