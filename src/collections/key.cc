#include "collections/key.h"

#include <cstdint>
#include <cstdio>

#include "engine/collection.h"

namespace rampart::collections {

namespace {

// FNV-1a: stable across processes and builds, which std::hash does not promise.
uint64_t fnv1a(std::string_view s) {
  uint64_t h = 14695981039346656037ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

}  // namespace

std::string collection_prefix(std::string_view scope, std::string_view collection) {
  std::string out;
  out.reserve(scope.size() + collection.size() + 2);
  out.append(scope).push_back(kKeySeparator);
  out.append(to_upper(collection)).push_back(kKeySeparator);
  return out;
}

std::string record_key(std::string_view scope, std::string_view collection, std::string_view key) {
  std::string out = collection_prefix(scope, collection);
  out.append(key);
  if (out.size() <= kMaxKeyBytes) return out;
  char hash[24];
  std::snprintf(hash, sizeof hash, "#%016llx", static_cast<unsigned long long>(fnv1a(out)));
  out.resize(kMaxKeyBytes - 17);
  out.append(hash);
  return out;
}

std::optional<KeyParts> split_record_key(std::string_view k) {
  size_t a = k.find(kKeySeparator);
  if (a == std::string_view::npos) return std::nullopt;
  size_t b = k.find(kKeySeparator, a + 1);
  if (b == std::string_view::npos) return std::nullopt;
  return KeyParts{k.substr(0, a), k.substr(a + 1, b - a - 1), k.substr(b + 1)};
}

}  // namespace rampart::collections
