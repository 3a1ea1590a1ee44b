// Record keys: application scope, collection name and the key given to initcol/setsid/setuid,
// joined by 0x1f (unit separator), e.g. "\x1fIP\x1f192.0.2.1" or "shop\x1fSESSION\x1fab12".
// IP, GLOBAL and RESOURCE have an empty scope (shared by every application, as in ModSecurity
// v2, whose files are ip.pag, global.pag); SESSION and USER are scoped by SecWebAppId (v2's
// `<webappid>_SESSION`). Collection names are stored upper case, so `initcol:ip` and
// `initcol:IP` reach the same record; the key itself is kept exactly (session ids are
// case-sensitive).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace rampart::collections {

inline constexpr char kKeySeparator = '\x1f';
// LMDB's default maximum key size is 511 bytes; longer keys keep a prefix and a hash of the rest.
inline constexpr size_t kMaxKeyBytes = 480;

std::string record_key(std::string_view scope, std::string_view collection, std::string_view key);

struct KeyParts {
  std::string_view scope, collection, key;
};
std::optional<KeyParts> split_record_key(std::string_view record_key);

// The prefix every record of one collection (in one scope) starts with, for scans.
std::string collection_prefix(std::string_view scope, std::string_view collection);

}  // namespace rampart::collections
