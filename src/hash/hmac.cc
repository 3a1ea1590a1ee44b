// HMAC-SHA1 (RFC 2104) over transforms/digest.h's SHA-1, for SecHashEngine's link signatures.
#include "hash/hash_engine.h"
#include "transforms/digest.h"

namespace rampart::hash {

std::string hmac_sha1_hex(std::string_view key, std::string_view message) {
  constexpr size_t kBlock = 64;
  std::string k(key);
  if (k.size() > kBlock) {
    auto d = transforms::digest::sha1(k);
    k.assign(reinterpret_cast<const char*>(d.data()), d.size());
  }
  k.resize(kBlock, '\0');
  std::string inner(kBlock, '\0'), outer(kBlock, '\0');
  for (size_t i = 0; i < kBlock; ++i) {
    inner[i] = static_cast<char>(k[i] ^ 0x36);
    outer[i] = static_cast<char>(k[i] ^ 0x5c);
  }
  inner.append(message);
  auto inner_digest = transforms::digest::sha1(inner);
  outer.append(reinterpret_cast<const char*>(inner_digest.data()), inner_digest.size());
  auto mac = transforms::digest::sha1(outer);
  static const char kHex[] = "0123456789abcdef";
  std::string hex;
  hex.reserve(mac.size() * 2);
  for (unsigned char c : mac) {
    hex += kHex[c >> 4];
    hex += kHex[c & 15];
  }
  return hex;
}

}  // namespace rampart::hash
