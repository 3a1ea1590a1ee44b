#include "cidr.h"

#include <arpa/inet.h>

#include <charconv>
#include <string>

namespace rampart::logtool {
namespace {

// Fills bytes (4 or 16 used); v6 tells which.
bool parse_address(std::string_view text, std::array<unsigned char, 16>& bytes, bool& v6) {
  std::string s(text);
  if (inet_pton(AF_INET, s.c_str(), bytes.data()) == 1) return v6 = false, true;
  if (inet_pton(AF_INET6, s.c_str(), bytes.data()) == 1) return v6 = true, true;
  return false;
}

}  // namespace

std::optional<Cidr> Cidr::parse(std::string_view text) {
  Cidr c;
  std::size_t slash = text.find('/');
  if (!parse_address(text.substr(0, slash), c.bytes_, c.v6_)) return std::nullopt;
  int max = c.v6_ ? 128 : 32;
  c.prefix_ = max;
  if (slash != std::string_view::npos) {
    std::string_view p = text.substr(slash + 1);
    auto [end, ec] = std::from_chars(p.data(), p.data() + p.size(), c.prefix_);
    if (ec != std::errc() || end != p.data() + p.size() || c.prefix_ < 0 || c.prefix_ > max)
      return std::nullopt;
  }
  return c;
}

bool Cidr::contains(std::string_view address) const {
  std::array<unsigned char, 16> a{};
  bool v6 = false;
  if (!parse_address(address, a, v6) || v6 != v6_) return false;
  int full = prefix_ / 8, rest = prefix_ % 8;
  for (int i = 0; i < full; ++i)
    if (a[i] != bytes_[i]) return false;
  if (rest == 0) return true;
  unsigned char mask = static_cast<unsigned char>(0xFF << (8 - rest));
  return (a[full] & mask) == (bytes_[full] & mask);
}

}  // namespace rampart::logtool
