// Redis keys of collection records, readable in redis-cli and namespaced by SecWebAppId so that
// several sites can share one Redis:
//   rampart:<namespace>:<scope>:<COLLECTION>:<key>     e.g. rampart:shop::IP:192.0.2.1
// (<scope> is empty for IP, GLOBAL and RESOURCE, the application for SESSION and USER; see
// key.h). ':' and '%' in the namespace and scope are written %3A and %25, so the mapping is
// one-to-one; the key itself comes last and is kept as it is.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace rampart::collections {

std::string redis_key(std::string_view key_namespace, std::string_view record_key);
// The record key a Redis key stands for; nothing when it is not one of ours (other namespace).
std::optional<std::string> record_key_of(std::string_view key_namespace,
                                         std::string_view redis_key);
// A SCAN MATCH pattern for every Redis key whose record key starts with `record_prefix`.
std::string redis_match_pattern(std::string_view key_namespace, std::string_view record_prefix);

}  // namespace rampart::collections
