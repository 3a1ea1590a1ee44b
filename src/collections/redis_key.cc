#include "collections/redis_key.h"

#include "collections/key.h"

namespace rampart::collections {

namespace {

std::string escape_part(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == ':') {
      out += "%3A";
    } else if (c == '%') {
      out += "%25";
    } else {
      out.push_back(c);
    }
  }
  return out;
}

std::string unescape_part(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s.substr(i, 3) == "%3A") {
      out.push_back(':');
      i += 2;
    } else if (s.substr(i, 3) == "%25") {
      out.push_back('%');
      i += 2;
    } else {
      out.push_back(s[i]);
    }
  }
  return out;
}

std::string glob_escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '*' || c == '?' || c == '[' || c == ']' || c == '\\') out.push_back('\\');
    out.push_back(c);
  }
  return out;
}

std::string head(std::string_view key_namespace) {
  return "rampart:" + escape_part(key_namespace) + ":";
}

}  // namespace

std::string redis_key(std::string_view key_namespace, std::string_view record_key) {
  auto parts = split_record_key(record_key);
  if (!parts) return head(key_namespace) + ":?:" + std::string(record_key);  // never made by us
  std::string out = head(key_namespace);
  out += escape_part(parts->scope);
  out += ':';
  out += parts->collection;
  out += ':';
  out += parts->key;
  return out;
}

std::optional<std::string> record_key_of(std::string_view key_namespace,
                                         std::string_view redis_key) {
  std::string h = head(key_namespace);
  if (!redis_key.starts_with(h)) return std::nullopt;
  std::string_view rest = redis_key.substr(h.size());
  size_t a = rest.find(':');
  if (a == std::string_view::npos) return std::nullopt;
  size_t b = rest.find(':', a + 1);
  if (b == std::string_view::npos) return std::nullopt;
  std::string out = unescape_part(rest.substr(0, a));
  out.push_back(kKeySeparator);
  out.append(rest.substr(a + 1, b - a - 1));
  out.push_back(kKeySeparator);
  out.append(rest.substr(b + 1));
  return out;
}

std::string redis_match_pattern(std::string_view key_namespace, std::string_view record_prefix) {
  // A record prefix is "scope\x1fCOLLECTION\x1f" (collection_prefix) or empty.
  std::string mapped = head(key_namespace);
  if (auto parts = split_record_key(record_prefix)) {
    mapped += escape_part(parts->scope) + ":" + std::string(parts->collection) + ":" +
              std::string(parts->key);
  }
  return glob_escape(mapped) + "*";
}

}  // namespace rampart::collections
