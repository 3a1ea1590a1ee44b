// One audit-log transaction as `rampart log` understands it: the fields the filters, summaries
// and reports need, read from either of ModSecurity v2's formats (Native or JSON), plus the
// entry's own text (cut at kMaxRawBytes) for --show and the report's drill-down.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rampart::logtool {

// The entry text kept for display; the rest is counted, not stored, so one huge request or
// response body cannot blow up memory.
inline constexpr std::size_t kMaxRawBytes = 256 * 1024;

// One alert (native part H `Message:` line, JSON audit_data.messages[i]), i.e. v2's error-log
// text without the "ModSecurity: " prefix.
struct RuleMessage {
  std::string action;        // "Warning." or "Access denied with code 403 (phase 2)."
  std::string rule_message;  // the operator's text: `Pattern match "x" at ARGS:a.`
  std::string id, msg, data, severity, file, line, rev, ver;
  std::vector<std::string> tags;
  bool denies() const { return action.rfind("Access denied", 0) == 0; }
};

enum class Format { kNative, kJson };

struct Entry {
  Format format = Format::kNative;
  std::string unique_id;
  std::string time_text;     // as written: 03/Dec/2026:07:59:38.466768 +0000
  std::int64_t time_us = 0;  // UTC, microseconds since the epoch
  int utc_offset_min = 0;    // the zone the server wrote (+0100 -> 60)
  std::string client_ip, server_ip;
  int client_port = 0, server_port = 0;
  std::string request_line, method, uri, protocol;
  std::string host, user_agent;
  int status = 0;            // 0 when part F / response.status is missing
  bool intercepted = false;  // "Action: Intercepted (phase N)" / audit_data.action
  int intercepted_phase = 0;
  std::string engine_mode;  // ENABLED, DETECTION_ONLY
  std::vector<RuleMessage> messages;

  std::string source;             // file name, or "-" for stdin
  std::uint64_t offset = 0;       // byte offset of the entry's first line (uncompressed for .gz)
  std::uint64_t line = 0;         // 1-based line of the entry's first line
  std::string raw;                // the entry as written, at most raw_limit bytes
  std::uint64_t raw_dropped = 0;  // bytes of the entry not kept in raw
  std::size_t raw_limit = kMaxRawBytes;  // rampart replay raises it to keep whole bodies

  // Blocked: the engine intercepted it, or an alert says "Access denied" (a rule that denied
  // in a phase where v2 writes no Action line still counts).
  bool blocked() const {
    if (intercepted) return true;
    for (const auto& m : messages)
      if (m.denies()) return true;
    return false;
  }
  void append_raw(std::string_view text) {
    std::size_t room = raw.size() < raw_limit ? raw_limit - raw.size() : 0;
    if (text.size() <= room) {
      raw.append(text);
    } else {
      raw.append(text.substr(0, room));
      raw_dropped += text.size() - room;
    }
  }
};

}  // namespace rampart::logtool
