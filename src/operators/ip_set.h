// A set of IPv4/IPv6 addresses and CIDR networks for @ipMatch and @ipMatchFromFile.
// Lookup costs one binary search per distinct prefix length in the set and never allocates.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace rampart::operators {

class IpSet {
 public:
  // Adds "192.168.1.1", "10.0.0.0/8", "::1" or "2001:db8::/32" (host bits of a network are
  // ignored, so "192.168.1.7/24" means 192.168.1.0/24). Like v2, text containing ':' is IPv6.
  // Returns false when `entry` is not one of these forms.
  bool add(std::string_view entry);

  // Call once after the last add().
  void finish();

  // True when `value` is an address inside the set. Text that is not an address (including an
  // IPv4 address written as IPv6, which v2 does not match against IPv4 entries) is not inside.
  bool contains(std::string_view value) const;

  bool empty() const { return v4_.empty() && v6_.empty(); }

 private:
  // An address as 128 bits, most significant first; IPv4 uses the high 32 bits.
  using Key = std::array<uint64_t, 2>;
  struct Networks {
    int prefix;             // bits that must match
    std::vector<Key> nets;  // sorted, already masked to `prefix`
  };
  static bool lookup(const std::vector<Networks>& family, Key address);
  static void insert(std::vector<Networks>& family, Key network, int prefix);

  std::vector<Networks> v4_;
  std::vector<Networks> v6_;
};

}  // namespace rampart::operators
