#include "output.h"

#include <cstdio>
#include <set>

#include "json.h"
#include "log_time.h"

namespace rampart::logtool {
namespace {

std::string fit(const std::string& s, std::size_t width) {
  if (s.size() <= width) return s;
  return s.substr(0, width - 3) + "...";
}

const char* verdict(const Entry& e) {
  return e.blocked() ? "blocked" : "passed";
}

}  // namespace

std::string printable(std::string_view s) {
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(s.size());
  for (unsigned char c : s) {
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) {
      out += "\\x", out += kHex[c >> 4], out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

std::string rule_ids(const Entry& e) {
  std::string out;
  std::set<std::string> seen;
  for (const auto& m : e.messages)
    if (!m.id.empty() && seen.insert(m.id).second) out += (out.empty() ? "" : ",") + m.id;
  return out;
}

std::string table_header() {
  char buf[256];
  std::snprintf(buf, sizeof buf, "%-25s %-27s %-15s %6s %-7s %-40s %s\n", "TIME", "UNIQUE_ID",
                "CLIENT", "STATUS", "ACTION", "REQUEST", "RULES");
  return buf;
}

std::string table_row(const Entry& e) {
  std::string request = e.method + " " + e.uri;
  char buf[512];
  std::snprintf(buf, sizeof buf, "%-25s %-27s %-15s %6d %-7s %-40s %s\n",
                format_time(e.time_us, e.utc_offset_min).c_str(), e.unique_id.c_str(),
                e.client_ip.c_str(), e.status, verdict(e), fit(request, 40).c_str(),
                rule_ids(e).c_str());
  return printable(buf);
}

std::string entry_json(const Entry& e) {
  using json::quote;
  std::string out =
      "{\"time\":" + quote(format_iso(e.time_us, e.utc_offset_min)) +
      ",\"unique_id\":" + quote(e.unique_id) + ",\"client_ip\":" + quote(e.client_ip) +
      ",\"client_port\":" + std::to_string(e.client_port) + ",\"server_ip\":" + quote(e.server_ip) +
      ",\"server_port\":" + std::to_string(e.server_port) + ",\"method\":" + quote(e.method) +
      ",\"uri\":" + quote(e.uri) + ",\"protocol\":" + quote(e.protocol) +
      ",\"host\":" + quote(e.host) + ",\"user_agent\":" + quote(e.user_agent) +
      ",\"status\":" + std::to_string(e.status) +
      ",\"blocked\":" + (e.blocked() ? "true" : "false") +
      ",\"intercepted_phase\":" + std::to_string(e.intercepted_phase) +
      ",\"engine_mode\":" + quote(e.engine_mode) + ",\"rules\":[";
  bool first = true;
  for (const auto& m : e.messages) {
    if (!first) out += ",";
    first = false;
    out += "{\"id\":" + quote(m.id) + ",\"msg\":" + quote(m.msg) +
           ",\"severity\":" + quote(m.severity) + ",\"action\":" + quote(m.action) +
           ",\"match\":" + quote(m.rule_message) + ",\"data\":" + quote(m.data) +
           ",\"file\":" + quote(m.file) + ",\"line\":" + quote(m.line) + ",\"tags\":[";
    for (std::size_t i = 0; i < m.tags.size(); ++i) out += (i ? "," : "") + quote(m.tags[i]);
    out += "]}";
  }
  out += "],\"format\":" + quote(e.format == Format::kJson ? "json" : "native") +
         ",\"source\":" + quote(e.source) + ",\"line\":" + std::to_string(e.line) +
         ",\"offset\":" + std::to_string(e.offset) + "}\n";
  return out;
}

std::string entry_full_text(const Entry& e) {
  std::string out;
  auto field = [&](const char* name, const std::string& value) {
    if (!value.empty()) out += std::string(name) + ": " + value + "\n";
  };
  field("Unique ID", e.unique_id);
  field("Time", format_time(e.time_us, e.utc_offset_min) + " (" + e.time_text + ")");
  field("Client", e.client_ip + ":" + std::to_string(e.client_port));
  field("Server", e.server_ip + ":" + std::to_string(e.server_port));
  field("Host", e.host);
  field("Request", e.request_line);
  field("User-Agent", e.user_agent);
  field("Status", e.status ? std::to_string(e.status) : "");
  field("Verdict",
        std::string(verdict(e)) +
            (e.intercepted ? " (intercepted in phase " + std::to_string(e.intercepted_phase) + ")"
                           : ""));
  field("Engine mode", e.engine_mode);
  for (const auto& m : e.messages) {
    out += "Rule " + (m.id.empty() ? std::string("(no id)") : m.id);
    if (!m.severity.empty()) out += " [" + m.severity + "]";
    if (!m.msg.empty()) out += " " + m.msg;
    out += "\n    " + m.action + " " + m.rule_message + "\n";
    if (!m.data.empty()) out += "    data: " + m.data + "\n";
    if (!m.tags.empty()) {
      out += "    tags:";
      for (const auto& t : m.tags) out += " " + t;
      out += "\n";
    }
    if (!m.file.empty()) out += "    at " + m.file + ":" + m.line + "\n";
  }
  out += "Read from: " + e.source + ":" + std::to_string(e.line) + " (byte " +
         std::to_string(e.offset) + ")\n\n";
  json::Value doc;
  json::ParseError error;
  if (e.format == Format::kJson && e.raw_dropped == 0 && json::parse(e.raw, doc, error))
    out += json::pretty(doc);  // one long line is unreadable on a terminal
  else
    out += e.raw;
  if (!out.empty() && out.back() != '\n') out += "\n";
  if (e.raw_dropped)
    out += "[... " + std::to_string(e.raw_dropped) + " more bytes of this entry not shown]\n";
  return printable(out);
}

}  // namespace rampart::logtool
