#include "filter.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <fnmatch.h>
#include <pcre2.h>

#include <charconv>

#include "alert_message.h"
#include "log_time.h"

namespace rampart::logtool {

class UriRegex {
 public:
  explicit UriRegex(pcre2_code* code)
      : code_(code), data_(pcre2_match_data_create_from_pattern(code, nullptr)) {}
  ~UriRegex() {
    pcre2_match_data_free(data_);
    pcre2_code_free(code_);
  }
  // The tool is single-threaded, so one match-data block is reused for every entry.
  bool search(std::string_view s) const {
    return pcre2_match(code_, reinterpret_cast<PCRE2_SPTR>(s.data()), s.size(), 0, 0, data_,
                       nullptr) >= 0;
  }

 private:
  pcre2_code* code_;
  pcre2_match_data* data_;
};

namespace {

bool to_int(std::string_view s, long long& out) {
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && end == s.data() + s.size();
}

bool id_matches(const std::string& pattern, const std::string& id) {
  std::size_t dash = pattern.find('-');
  long long low, high, value;
  if (dash != std::string::npos && to_int(std::string_view(pattern).substr(0, dash), low) &&
      to_int(std::string_view(pattern).substr(dash + 1), high))
    return to_int(id, value) && value >= low && value <= high;
  return fnmatch(pattern.c_str(), id.c_str(), 0) == 0;
}

}  // namespace

Filter::Filter() = default;
Filter::~Filter() = default;
Filter::Filter(Filter&&) noexcept = default;
Filter& Filter::operator=(Filter&&) noexcept = default;

std::string Filter::set_since(std::string_view text) {
  auto t = parse_user_time(text);
  if (!t)
    return "--since: '" + std::string(text) +
           "' is not a time: use 2024-10-02T12:00:00[+02:00] or 02/Oct/2024:12:00:00 +0200";
  since_ = t->utc_us;
  return {};
}

std::string Filter::set_until(std::string_view text) {
  auto t = parse_user_time(text);
  if (!t)
    return "--until: '" + std::string(text) +
           "' is not a time: use 2024-10-02T12:00:00[+02:00] or 02/Oct/2024:12:00:00 +0200";
  until_ = t->utc_us;
  return {};
}

std::string Filter::add_rule(std::string_view pattern) {
  if (pattern.empty()) return "--rule needs an id, a glob (942*) or a range (942000-942999)";
  rules_.emplace_back(pattern);
  return {};
}

std::string Filter::add_tag(std::string_view pattern) {
  if (pattern.empty()) return "--tag needs a tag or a glob (attack-*)";
  tags_.emplace_back(pattern);
  return {};
}

std::string Filter::set_severity(std::string_view text) {
  int n = severity_number(text);
  if (n < 0)
    return "--severity: '" + std::string(text) +
           "' is not a severity: use EMERGENCY, ALERT, CRITICAL, ERROR, WARNING, NOTICE, INFO, "
           "DEBUG or 0-7";
  max_severity_ = n;
  return {};
}

std::string Filter::add_ip(std::string_view cidr) {
  auto c = Cidr::parse(cidr);
  if (!c)
    return "--ip: '" + std::string(cidr) +
           "' is not an address or network (192.0.2.0/24, 2001:db8::/32)";
  ips_.push_back(*c);
  return {};
}

std::string Filter::set_uri(std::string_view regex) {
  int code = 0;
  PCRE2_SIZE offset = 0;
  pcre2_code* re = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(regex.data()), regex.size(), 0, &code,
                                 &offset, nullptr);
  if (re == nullptr) {
    PCRE2_UCHAR buf[256];
    pcre2_get_error_message(code, buf, sizeof buf);
    return "--uri: '" + std::string(regex) + "' at offset " + std::to_string(offset) + ": " +
           reinterpret_cast<char*>(buf);
  }
  uri_ = std::make_unique<UriRegex>(re);
  return {};
}

std::string Filter::add_status(std::string_view text) {
  long long low, high;
  std::size_t dash = text.find('-');
  if (text.size() == 3 && (text.substr(1) == "xx" || text.substr(1) == "XX") && text[0] >= '1' &&
      text[0] <= '5') {
    statuses_.push_back({(text[0] - '0') * 100, (text[0] - '0') * 100 + 99});
  } else if (dash != std::string_view::npos && to_int(text.substr(0, dash), low) &&
             to_int(text.substr(dash + 1), high) && low <= high) {
    statuses_.push_back({static_cast<int>(low), static_cast<int>(high)});
  } else if (to_int(text, low)) {
    statuses_.push_back({static_cast<int>(low), static_cast<int>(low)});
  } else {
    return "--status: '" + std::string(text) + "' is not a status: use 403, 4xx or 400-499";
  }
  return {};
}

bool Filter::message_matches(const RuleMessage& m) const {
  if (!rules_.empty()) {
    bool any = false;
    for (const auto& p : rules_) any = any || id_matches(p, m.id);
    if (!any) return false;
  }
  if (!tags_.empty()) {
    bool any = false;
    for (const auto& p : tags_)
      for (const auto& t : m.tags) any = any || fnmatch(p.c_str(), t.c_str(), FNM_CASEFOLD) == 0;
    if (!any) return false;
  }
  if (max_severity_ >= 0) {
    int n = severity_number(m.severity);
    if (n < 0 || n > max_severity_) return false;
  }
  return true;
}

bool Filter::matches(const Entry& e) const {
  if (!unique_id_.empty() && e.unique_id != unique_id_) return false;
  if (since_ && e.time_us < *since_) return false;
  if (until_ && e.time_us > *until_) return false;
  if (blocked_ && e.blocked() != *blocked_) return false;
  if (!statuses_.empty()) {
    bool any = false;
    for (const auto& r : statuses_) any = any || (e.status >= r.low && e.status <= r.high);
    if (!any) return false;
  }
  if (!ips_.empty()) {
    bool any = false;
    for (const auto& c : ips_) any = any || c.contains(e.client_ip);
    if (!any) return false;
  }
  if (uri_ && !uri_->search(e.uri)) return false;
  // Rule, tag and severity must hold for the same alert: "--rule 942100 --severity CRITICAL"
  // asks whether 942100 itself fired as CRITICAL.
  if (!rules_.empty() || !tags_.empty() || max_severity_ >= 0) {
    for (const auto& m : e.messages)
      if (message_matches(m)) return true;
    return false;
  }
  return true;
}

}  // namespace rampart::logtool
