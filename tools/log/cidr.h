// An IPv4 or IPv6 address or network ("192.0.2.7", "192.0.2.0/24", "2001:db8::/32").
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace rampart::logtool {

class Cidr {
 public:
  static std::optional<Cidr> parse(std::string_view text);
  bool contains(std::string_view address) const;

 private:
  bool v6_ = false;
  std::array<unsigned char, 16> bytes_{};
  int prefix_ = 0;
};

}  // namespace rampart::logtool
