// SecGeoLookupDb FILE            the .mmdb database @geoLookup reads (relative to the config file)
// SecHttpBlKey KEY               the Project Honey Pot access key @rbl sends to dnsbl.httpbl.org
// SecRblResolver ADDR[:PORT] [MS]  Rampart: the DNS server @rbl asks and its total timeout in ms
// SecGsbLookupDb FILE            refused: Google Safe Browsing v2 no longer exists
#include "config/lookup_directives.h"

#include <charconv>
#include <filesystem>

#include "lookups/dns.h"
#include "lookups/geo_db.h"

namespace rampart::config {

namespace {

std::string relative_to_config(const DirectiveContext& ctx, const std::string& name) {
  std::filesystem::path p(name);
  if (p.is_absolute() || ctx.where.file.empty()) return name;
  return (std::filesystem::path(ctx.where.file).parent_path() / p).string();
}

}  // namespace

std::optional<std::string> handle_geo_lookup_db(DirectiveContext& ctx) {
  std::string error;
  std::shared_ptr<const lookups::GeoDb> db =
      lookups::GeoDb::open(relative_to_config(ctx, ctx.words[0]), error);
  if (!db) return "SecGeoLookupDb: " + error;
  ctx.cfg.settings.geo_db = std::move(db);
  return std::nullopt;
}

std::optional<std::string> handle_gsb_lookup_db(DirectiveContext&) {
  return "SecGsbLookupDb is not supported: Google shut down the Safe Browsing v2 API it reads "
         "in 2016. Remove the directive; to block known-bad URLs or hosts use @pmFromFile with a "
         "list you maintain, or @rbl with a DNS block list (see docs/unsupported.md)";
}

std::optional<std::string> handle_httpbl_key(DirectiveContext& ctx) {
  const std::string& key = ctx.words[0];
  bool ok = key.size() == 12;
  for (char c : key) ok = ok && c >= 'a' && c <= 'z';
  if (!ok)
    return "SecHttpBlKey: '" + key +
           "' is not a Project Honey Pot access key (12 lower-case letters, from "
           "https://www.projecthoneypot.org/httpbl_configure.php)";
  ctx.cfg.settings.httpbl_key = key;
  return std::nullopt;
}

std::optional<std::string> handle_rbl_resolver(DirectiveContext& ctx) {
  std::string error;
  auto server = lookups::parse_dns_server(ctx.words[0], error);
  if (!server) return "SecRblResolver: " + error;
  auto resolver = std::make_shared<lookups::RblResolver>();
  resolver->server = std::move(*server);
  if (ctx.words.size() > 1) {
    const std::string& v = ctx.words[1];
    long ms = 0;
    auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), ms);
    if (ec != std::errc() || p != v.data() + v.size() || ms < 1 || ms > 10000)
      return "SecRblResolver: the timeout must be 1-10000 milliseconds, got '" + v + "'";
    resolver->timeout = std::chrono::milliseconds(ms);
  }
  ctx.cfg.settings.rbl_resolver = std::move(resolver);
  return std::nullopt;
}

}  // namespace rampart::config
