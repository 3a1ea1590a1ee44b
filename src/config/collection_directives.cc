#include "config/collection_directives.h"

#include <charconv>

namespace rampart::config {

// SecCollectionTimeout 600: records expire this many seconds after their last update.
std::optional<std::string> collection_timeout(DirectiveContext& ctx) {
  const std::string& v = ctx.words[0];
  long long n = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || p != v.data() + v.size() || n <= 0)
    return "takes a number of seconds (a positive whole number), got '" + v + "'";
  ctx.cfg.settings.collection_timeout = n;
  return std::nullopt;
}

// SecWebAppId shop: names the application, which scopes SESSION and USER records.
std::optional<std::string> web_app_id(DirectiveContext& ctx) {
  const std::string& v = ctx.words[0];
  if (v.empty() || v.find('\x1f') != std::string::npos)
    return "takes an application name, got '" + v + "'";
  ctx.cfg.settings.web_app_id = v;
  return std::nullopt;
}

// SecCollectionMapSize 256M: the most the collection database may grow to. A number of bytes,
// or with a K, M or G suffix (powers of 1024). At least 1M.
std::optional<std::string> collection_map_size(DirectiveContext& ctx) {
  const std::string& v = ctx.words[0];
  size_t n = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  size_t unit = 1;
  std::string_view rest(p, v.data() + v.size() - p);
  if (rest == "K" || rest == "k") unit = size_t{1} << 10;
  if (rest == "M" || rest == "m") unit = size_t{1} << 20;
  if (rest == "G" || rest == "g") unit = size_t{1} << 30;
  bool suffix_ok = rest.empty() || unit != 1;
  if (ec != std::errc() || !suffix_ok || n == 0 || n > (SIZE_MAX >> 1) / unit ||
      n * unit < (size_t{1} << 20))
    return "takes a size of at least 1M (bytes, or a number with K, M or G), got '" + v + "'";
  ctx.cfg.settings.collection_map_size = n * unit;
  return std::nullopt;
}

}  // namespace rampart::config
