#include "operators/ip_set.h"

#include <arpa/inet.h>

#include <algorithm>
#include <cstring>

#include "operators/text_util.h"

namespace rampart::operators {

namespace {

// Longer than any address text inet_pton accepts; longer values cannot be addresses.
constexpr size_t kMaxAddressText = 64;

// Parses an address with inet_pton (which needs a NUL-terminated copy, kept on the stack).
bool parse_address(std::string_view text, bool v6, std::array<uint64_t, 2>& key) {
  if (text.empty() || text.size() >= kMaxAddressText) return false;
  char buf[kMaxAddressText];
  std::memcpy(buf, text.data(), text.size());
  buf[text.size()] = '\0';
  unsigned char bytes[16] = {};
  if (inet_pton(v6 ? AF_INET6 : AF_INET, buf, bytes) != 1) return false;
  key = {0, 0};
  for (int i = 0; i < 16; ++i) key[i / 8] |= uint64_t{bytes[i]} << (56 - 8 * (i % 8));
  return true;
}

std::array<uint64_t, 2> mask(std::array<uint64_t, 2> key, int prefix) {
  for (int word = 0; word < 2; ++word) {
    int keep = std::clamp(prefix - 64 * word, 0, 64);
    key[word] &= keep == 0 ? 0 : ~uint64_t{0} << (64 - keep);
  }
  return key;
}

}  // namespace

bool IpSet::add(std::string_view entry) {
  entry = trim(entry);
  bool v6 = entry.find(':') != std::string_view::npos;
  int max_prefix = v6 ? 128 : 32;
  int prefix = max_prefix;
  size_t slash = entry.find('/');
  if (slash != std::string_view::npos) {
    std::string_view bits = entry.substr(slash + 1);
    if (bits.empty() || bits.size() > 3) return false;
    prefix = 0;
    for (char c : bits) {
      if (!is_digit(static_cast<unsigned char>(c))) return false;
      prefix = prefix * 10 + (c - '0');
    }
    if (prefix > max_prefix) return false;
    entry = entry.substr(0, slash);
  }
  Key key;
  if (!parse_address(entry, v6, key)) return false;
  insert(v6 ? v6_ : v4_, key, prefix);
  return true;
}

void IpSet::insert(std::vector<Networks>& family, Key network, int prefix) {
  auto it = std::find_if(family.begin(), family.end(),
                         [prefix](const Networks& n) { return n.prefix == prefix; });
  if (it == family.end()) it = family.insert(family.end(), Networks{prefix, {}});
  it->nets.push_back(mask(network, prefix));
}

void IpSet::finish() {
  for (std::vector<Networks>* family : {&v4_, &v6_}) {
    for (Networks& n : *family) {
      std::sort(n.nets.begin(), n.nets.end());
      n.nets.erase(std::unique(n.nets.begin(), n.nets.end()), n.nets.end());
    }
  }
}

bool IpSet::lookup(const std::vector<Networks>& family, Key address) {
  for (const Networks& n : family) {
    if (std::binary_search(n.nets.begin(), n.nets.end(), mask(address, n.prefix))) return true;
  }
  return false;
}

bool IpSet::contains(std::string_view value) const {
  bool v6 = value.find(':') != std::string_view::npos;
  Key key;
  if (!parse_address(value, v6, key)) return false;
  return lookup(v6 ? v6_ : v4_, key);
}

}  // namespace rampart::operators
