// Times in audit logs and on the command line. v2 writes `dd/Mon/yyyy:hh:mm:ss[.uuuuuu] +zzzz`
// (part A, JSON transaction.time); users also type ISO 8601 (`2024-10-02T12:00`, `2024-10-02
// 12:00:00+02:00`, `2024-10-02`). All become UTC microseconds since the epoch.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rampart::logtool {

struct ParsedTime {
  std::int64_t utc_us = 0;
  int utc_offset_min = 0;
};

// v2's format, with or without the surrounding [brackets]; the zone is optional (then UTC).
std::optional<ParsedTime> parse_v2_time(std::string_view s);
// v2's format or ISO 8601. A time without a zone is the machine's local time, as a user means it.
std::optional<ParsedTime> parse_user_time(std::string_view s);

// "2024-10-02 12:00:00 +0200": the UTC time shown in the zone given.
std::string format_time(std::int64_t utc_us, int utc_offset_min, bool with_seconds = true);
// "2024-10-02T12:00:00.123456+02:00" for JSON output.
std::string format_iso(std::int64_t utc_us, int utc_offset_min);

// Days since 1970-01-01 of a proleptic Gregorian date (no time-zone database involved).
std::int64_t days_from_civil(int year, int month, int day);

}  // namespace rampart::logtool
