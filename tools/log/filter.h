// Which transactions `rampart log` keeps. Different options must all match (AND); repeating
// an option offers alternatives (OR): `--rule 942100 --rule 942200 --ip 10.0.0.0/8` keeps
// transactions from 10/8 that matched either rule.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cidr.h"
#include "entry.h"

namespace rampart::logtool {

class UriRegex;  // PCRE2, compiled once

struct StatusRange {
  int low = 0, high = 0;
};

class Filter {
 public:
  Filter();
  ~Filter();
  Filter(Filter&&) noexcept;
  Filter& operator=(Filter&&) noexcept;

  // Each returns an error message for a bad value, or empty.
  std::string set_since(std::string_view text);
  std::string set_until(std::string_view text);
  // "942100", "942*" (glob), "942000-942999" (range).
  std::string add_rule(std::string_view pattern);
  // Case-insensitive glob: "attack-sqli", "paranoia-level/*".
  std::string add_tag(std::string_view pattern);
  // At least this severe: "CRITICAL" keeps EMERGENCY, ALERT and CRITICAL; or 0-7.
  std::string set_severity(std::string_view text);
  std::string add_ip(std::string_view cidr);
  std::string set_uri(std::string_view regex);
  // "403", "4xx", "500-599".
  std::string add_status(std::string_view text);
  void set_blocked(bool blocked) { blocked_ = blocked; }
  void set_unique_id(std::string_view id) { unique_id_ = std::string(id); }

  bool matches(const Entry& e) const;

 private:
  bool message_matches(const RuleMessage& m) const;

  std::optional<std::int64_t> since_, until_;
  std::vector<std::string> rules_;
  std::vector<std::string> tags_;
  int max_severity_ = -1;
  std::vector<Cidr> ips_;
  std::unique_ptr<UriRegex> uri_;
  std::vector<StatusRange> statuses_;
  std::optional<bool> blocked_;
  std::string unique_id_;
};

}  // namespace rampart::logtool
