#include "summary.h"

#include <cstdio>
#include <set>

#include "json.h"
#include "log_time.h"

namespace rampart::logtool {

std::string uri_path(const std::string& uri) {
  return uri.substr(0, uri.find('?'));
}

void Summary::add(const Entry& e) {
  bool b = e.blocked();
  if (total == 0 || e.time_us < first_us) first_us = e.time_us;
  if (total == 0 || e.time_us > last_us) last_us = e.time_us;
  if (total == 0) utc_offset_min = e.utc_offset_min;
  ++total;
  if (b) ++blocked;
  // A rule that matched several variables writes several messages; count the transaction once.
  std::set<std::string> seen;
  for (const auto& m : e.messages)
    if (!m.id.empty() && seen.insert(m.id).second) rules.add(m.id, b, m.msg);
  ips.add(e.client_ip, b);
  uris.add(uri_path(e.uri), b);
  timeline.add(e.time_us, b);
}

namespace {

std::string fit(const std::string& s, std::size_t width) {
  if (s.size() <= width) return s;
  return s.substr(0, width - 3) + "...";
}

void table(std::string& out, const char* title, const char* key_name, const TopK& top,
           std::size_t n, bool labels) {
  char buf[512];
  out += "\n";
  out += title;
  if (!top.exact())
    out += " (approximate: more distinct values than tracked; counts may be high by 'err')";
  out += "\n";
  std::snprintf(buf, sizeof buf, "  %-40s %10s %10s%s\n", key_name, "count", "blocked",
                labels ? "  message" : "");
  out += buf;
  for (const auto& item : top.top(n)) {
    std::snprintf(buf, sizeof buf, "  %-40s %10llu %10llu", fit(item.key, 40).c_str(),
                  static_cast<unsigned long long>(item.count),
                  static_cast<unsigned long long>(item.blocked));
    out += buf;
    if (item.error) out += "  err " + std::to_string(item.error);
    if (labels && !item.label.empty()) out += "  " + fit(item.label, 60);
    out += "\n";
  }
}

std::string top_json(const TopK& top, std::size_t n, const char* label_name) {
  std::string out = "[";
  bool first = true;
  for (const auto& item : top.top(n)) {
    if (!first) out += ",";
    first = false;
    out += "{\"key\":" + json::quote(item.key) + ",\"count\":" + std::to_string(item.count) +
           ",\"blocked\":" + std::to_string(item.blocked) +
           ",\"error\":" + std::to_string(item.error);
    if (label_name) out += std::string(",\"") + label_name + "\":" + json::quote(item.label);
    out += "}";
  }
  return out + "]";
}

}  // namespace

std::string summary_text(const Summary& s, std::size_t top) {
  std::string out;
  char buf[256];
  std::snprintf(buf, sizeof buf, "transactions: %llu  blocked: %llu  passed: %llu\n",
                static_cast<unsigned long long>(s.total),
                static_cast<unsigned long long>(s.blocked),
                static_cast<unsigned long long>(s.total - s.blocked));
  out += buf;
  if (s.total == 0) return out;
  out += "from " + format_time(s.first_us, s.utc_offset_min) + " to " +
         format_time(s.last_us, s.utc_offset_min) + "\n";
  table(out, "Top rules", "rule id", s.rules, top, true);
  table(out, "Top client IPs", "client ip", s.ips, top, false);
  table(out, "Top URIs", "path", s.uris, top, false);
  out += "\nBlocked / passed per " + s.timeline.width_name() + "\n";
  std::snprintf(buf, sizeof buf, "  %-24s %10s %10s\n", "from", "blocked", "passed");
  out += buf;
  for (const auto& [start, c] : s.timeline.buckets()) {
    std::snprintf(buf, sizeof buf, "  %-24s %10llu %10llu\n",
                  format_time(start * 1000000, s.utc_offset_min, false).c_str(),
                  static_cast<unsigned long long>(c.blocked),
                  static_cast<unsigned long long>(c.passed));
    out += buf;
  }
  return out;
}

std::string summary_json(const Summary& s, std::size_t top) {
  std::string out = "{\"transactions\":" + std::to_string(s.total) +
                    ",\"blocked\":" + std::to_string(s.blocked) +
                    ",\"passed\":" + std::to_string(s.total - s.blocked);
  if (s.total > 0)
    out += ",\"first\":" + json::quote(format_iso(s.first_us, s.utc_offset_min)) +
           ",\"last\":" + json::quote(format_iso(s.last_us, s.utc_offset_min));
  out += ",\"top_rules\":" + top_json(s.rules, top, "msg");
  out += ",\"top_ips\":" + top_json(s.ips, top, nullptr);
  out += ",\"top_uris\":" + top_json(s.uris, top, nullptr);
  out += ",\"exact\":" +
         std::string(s.rules.exact() && s.ips.exact() && s.uris.exact() ? "true" : "false");
  out += ",\"bucket_seconds\":" + std::to_string(s.timeline.width_s()) + ",\"timeline\":[";
  bool first = true;
  for (const auto& [start, c] : s.timeline.buckets()) {
    if (!first) out += ",";
    first = false;
    out += "{\"start\":" + json::quote(format_iso(start * 1000000, s.utc_offset_min)) +
           ",\"blocked\":" + std::to_string(c.blocked) + ",\"passed\":" + std::to_string(c.passed) +
           "}";
  }
  return out + "]}\n";
}

}  // namespace rampart::logtool
