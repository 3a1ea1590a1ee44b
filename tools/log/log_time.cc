#include "log_time.h"

#include <cctype>
#include <cstdio>
#include <ctime>

namespace rampart::logtool {
namespace {

constexpr const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                   "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

// Reads exactly `n` digits at s[pos]; advances pos.
bool digits(std::string_view s, std::size_t& pos, int n, int& out) {
  if (pos + n > s.size()) return false;
  out = 0;
  for (int i = 0; i < n; ++i) {
    char c = s[pos + i];
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    out = out * 10 + (c - '0');
  }
  pos += n;
  return true;
}

bool expect(std::string_view s, std::size_t& pos, char c) {
  if (pos >= s.size() || s[pos] != c) return false;
  ++pos;
  return true;
}

// ".123456" (1 to 9 digits) -> microseconds; absent is 0.
bool fraction(std::string_view s, std::size_t& pos, int& micros) {
  micros = 0;
  if (pos >= s.size() || (s[pos] != '.' && s[pos] != ',')) return true;
  ++pos;
  int n = 0, value = 0;
  while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos]))) {
    if (n < 6) value = value * 10 + (s[pos] - '0');
    ++n, ++pos;
  }
  if (n == 0) return false;
  for (int i = n; i < 6; ++i) value *= 10;
  micros = value;
  return true;
}

// "+0200", "+02:00", "-05", "Z"; sets found=false when nothing is there.
bool zone(std::string_view s, std::size_t& pos, int& offset_min, bool& found) {
  found = false;
  while (pos < s.size() && s[pos] == ' ') ++pos;
  if (pos >= s.size()) return true;
  if (s[pos] == 'Z' || s[pos] == 'z') {
    ++pos, found = true, offset_min = 0;
    return true;
  }
  if (s[pos] != '+' && s[pos] != '-') return false;
  int sign = s[pos] == '-' ? -1 : 1;
  ++pos;
  int h = 0, m = 0;
  if (!digits(s, pos, 2, h)) return false;
  if (pos < s.size() && s[pos] == ':') ++pos;
  if (pos < s.size() && !digits(s, pos, 2, m)) return false;
  if (h > 23 || m > 59) return false;
  offset_min = sign * (h * 60 + m);
  found = true;
  return true;
}

bool valid(int y, int mo, int d, int h, int mi, int sec) {
  return y >= 1970 && y <= 9999 && mo >= 1 && mo <= 12 && d >= 1 && d <= 31 && h <= 23 &&
         mi <= 59 && sec <= 60;
}

std::int64_t to_us(int y, int mo, int d, int h, int mi, int sec, int micros) {
  std::int64_t secs = days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + sec;
  return secs * 1000000 + micros;
}

// Local wall-clock time -> UTC via the C library's zone rules (DST included).
std::optional<std::int64_t> local_to_utc_us(int y, int mo, int d, int h, int mi, int sec,
                                            int micros) {
  std::tm tm{};
  tm.tm_year = y - 1900, tm.tm_mon = mo - 1, tm.tm_mday = d;
  tm.tm_hour = h, tm.tm_min = mi, tm.tm_sec = sec, tm.tm_isdst = -1;
  std::time_t t = std::mktime(&tm);
  if (t == static_cast<std::time_t>(-1)) return std::nullopt;
  return static_cast<std::int64_t>(t) * 1000000 + micros;
}

std::optional<ParsedTime> parse_iso(std::string_view s) {
  std::size_t pos = 0;
  int y, mo, d, h = 0, mi = 0, sec = 0, micros = 0;
  if (!digits(s, pos, 4, y) || !expect(s, pos, '-') || !digits(s, pos, 2, mo) ||
      !expect(s, pos, '-') || !digits(s, pos, 2, d))
    return std::nullopt;
  if (pos < s.size() && (s[pos] == 'T' || s[pos] == 't' || s[pos] == ' ') && pos + 1 < s.size() &&
      std::isdigit(static_cast<unsigned char>(s[pos + 1]))) {
    ++pos;
    if (!digits(s, pos, 2, h) || !expect(s, pos, ':') || !digits(s, pos, 2, mi))
      return std::nullopt;
    if (pos < s.size() && s[pos] == ':') {
      ++pos;
      if (!digits(s, pos, 2, sec) || !fraction(s, pos, micros)) return std::nullopt;
    }
  }
  int offset = 0;
  bool has_zone = false;
  if (!zone(s, pos, offset, has_zone) || pos != s.size()) return std::nullopt;
  if (!valid(y, mo, d, h, mi, sec)) return std::nullopt;
  if (has_zone)
    return ParsedTime{to_us(y, mo, d, h, mi, sec, micros) - offset * 60000000LL, offset};
  auto utc = local_to_utc_us(y, mo, d, h, mi, sec, micros);
  if (!utc) return std::nullopt;
  return ParsedTime{*utc, 0};
}

}  // namespace

std::int64_t days_from_civil(int y, int m, int d) {
  // Howard Hinnant's algorithm: shift the year to start in March so leap days come last.
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

std::optional<ParsedTime> parse_v2_time(std::string_view s) {
  if (!s.empty() && s.front() == '[') s.remove_prefix(1);
  if (!s.empty() && s.back() == ']') s.remove_suffix(1);
  std::size_t pos = 0;
  int d, y, h, mi, sec, micros;
  if (!digits(s, pos, 2, d) || !expect(s, pos, '/') || pos + 3 > s.size()) return std::nullopt;
  int mo = 0;
  for (int i = 0; i < 12; ++i)
    if (s.substr(pos, 3) == kMonths[i]) mo = i + 1;
  if (mo == 0) return std::nullopt;
  pos += 3;
  if (!expect(s, pos, '/') || !digits(s, pos, 4, y) || !expect(s, pos, ':') ||
      !digits(s, pos, 2, h) || !expect(s, pos, ':') || !digits(s, pos, 2, mi) ||
      !expect(s, pos, ':') || !digits(s, pos, 2, sec) || !fraction(s, pos, micros))
    return std::nullopt;
  int offset = 0;
  bool has_zone = false;
  if (!zone(s, pos, offset, has_zone) || pos != s.size()) return std::nullopt;
  if (!valid(y, mo, d, h, mi, sec)) return std::nullopt;
  return ParsedTime{to_us(y, mo, d, h, mi, sec, micros) - offset * 60000000LL, offset};
}

std::optional<ParsedTime> parse_user_time(std::string_view s) {
  if (auto t = parse_v2_time(s)) return t;
  return parse_iso(s);
}

namespace {
struct Civil {
  int y, mo, d, h, mi, sec, micros;
};
Civil civil(std::int64_t utc_us, int offset_min) {
  std::int64_t us = utc_us + offset_min * 60000000LL;
  std::int64_t secs = us >= 0 ? us / 1000000 : (us - 999999) / 1000000;
  int micros = static_cast<int>(us - secs * 1000000);
  std::int64_t days = secs >= 0 ? secs / 86400 : (secs - 86399) / 86400;
  int rem = static_cast<int>(secs - days * 86400);
  // Inverse of days_from_civil.
  std::int64_t z = days + 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const unsigned doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  int d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  int m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  int y = static_cast<int>(yoe + era * 400 + (m <= 2));
  return {y, m, d, rem / 3600, rem / 60 % 60, rem % 60, micros};
}
}  // namespace

std::string format_time(std::int64_t utc_us, int offset_min, bool with_seconds) {
  Civil c = civil(utc_us, offset_min);
  int a = offset_min < 0 ? -offset_min : offset_min;
  char buf[64];
  if (with_seconds)
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d %02d:%02d:%02d %c%02d%02d", c.y, c.mo, c.d, c.h,
                  c.mi, c.sec, offset_min < 0 ? '-' : '+', a / 60, a % 60);
  else
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d %02d:%02d %c%02d%02d", c.y, c.mo, c.d, c.h, c.mi,
                  offset_min < 0 ? '-' : '+', a / 60, a % 60);
  return buf;
}

std::string format_iso(std::int64_t utc_us, int offset_min) {
  Civil c = civil(utc_us, offset_min);
  int a = offset_min < 0 ? -offset_min : offset_min;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%06d%c%02d:%02d", c.y, c.mo, c.d,
                c.h, c.mi, c.sec, c.micros, offset_min < 0 ? '-' : '+', a / 60, a % 60);
  return buf;
}

}  // namespace rampart::logtool
