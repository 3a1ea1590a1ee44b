#include "replay/output.h"

#include <algorithm>
#include <string>

#include "log/json.h"

namespace rampart::replay {

namespace json = logtool::json;

namespace {

// Request data as a terminal can show it: control bytes and bytes outside ASCII as \xHH (a
// recorded attack is often binary, and must not drive the terminal).
std::string printable(std::string_view s) {
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(s.size());
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    if (c >= 0x20 && c < 0x7f) {
      out += ch;
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

std::string request_label(const Request& r) {
  std::string label = printable(r.method + " " + r.target);
  if (label.size() > 100) label = label.substr(0, 97) + "...";
  return label;
}

std::string scores(const Outcome& o) {
  std::string s;
  if (o.inbound_score >= 0) s += "  inbound " + std::to_string(o.inbound_score);
  if (o.outbound_score > 0) s += "  outbound " + std::to_string(o.outbound_score);
  return s;
}

std::string cut(std::string_view s, size_t n) {
  std::string p = printable(s);
  return p.size() <= n ? p : p.substr(0, n - 3) + "...";
}

void text_rules(std::FILE* out, const Outcome& o) {
  for (const FiredRule& f : o.rules) {
    std::fprintf(out, "      %s%-7s %-9s %s%s%s\n", f.denied ? "* " : "  ", f.id.c_str(),
                 f.severity.empty() ? "-" : f.severity.c_str(), cut(f.msg, 80).c_str(),
                 f.data.empty() ? "" : "  | ", cut(f.data, 100).c_str());
  }
  for (const std::string& note : o.notes)
    std::fprintf(out, "      note: %s\n", cut(note, 160).c_str());
}

std::string json_outcome(const Outcome& o) {
  std::string s =
      "{\"verdict\":" + json::quote(o.verdict) + ",\"blocked\":" + (o.blocked ? "true" : "false") +
      ",\"status\":" + std::to_string(o.status) + ",\"phase\":" + std::to_string(o.phase);
  if (o.inbound_score >= 0) s += ",\"inbound_score\":" + std::to_string(o.inbound_score);
  if (o.outbound_score >= 0) s += ",\"outbound_score\":" + std::to_string(o.outbound_score);
  s += ",\"time_us\":" + std::to_string(static_cast<long long>(o.micros)) + ",\"rules\":[";
  for (size_t i = 0; i < o.rules.size(); ++i) {
    const FiredRule& f = o.rules[i];
    s += std::string(i ? "," : "") + "{\"id\":" + json::quote(f.id) +
         ",\"msg\":" + json::quote(f.msg) + ",\"severity\":" + json::quote(f.severity) +
         ",\"data\":" + json::quote(f.data) + ",\"message\":" + json::quote(f.message) +
         ",\"denied\":" + (f.denied ? "true" : "false") + "}";
  }
  s += "],\"notes\":[";
  for (size_t i = 0; i < o.notes.size(); ++i) s += (i ? "," : "") + json::quote(o.notes[i]);
  return s + "]}";
}

std::string json_request(uint64_t n, const Request& r) {
  return "\"n\":" + std::to_string(n) + ",\"source\":" + json::quote(r.source) +
         ",\"line\":" + std::to_string(r.line) + ",\"method\":" + json::quote(r.method) +
         ",\"uri\":" + json::quote(r.target);
}

}  // namespace

std::vector<std::string> only_in(const Outcome& a, const Outcome& b) {
  std::vector<std::string> out;
  for (const FiredRule& f : a.rules) {
    bool in_b = std::any_of(b.rules.begin(), b.rules.end(),
                            [&](const FiredRule& g) { return g.id == f.id; });
    if (!in_b && std::find(out.begin(), out.end(), f.id) == out.end()) out.push_back(f.id);
  }
  return out;
}

void print_outcome(std::FILE* out, uint64_t n, const Request& r, const Outcome& o, bool json) {
  if (json) {
    std::fprintf(out, "{%s,\"outcome\":%s}\n", json_request(n, r).c_str(), json_outcome(o).c_str());
    return;
  }
  std::fprintf(out, "%4llu  %s  %s  -> %s%s  %.2f ms\n", static_cast<unsigned long long>(n),
               r.where().c_str(), request_label(r).c_str(), o.verdict.c_str(), scores(o).c_str(),
               o.micros / 1000);
  text_rules(out, o);
}

void print_difference(std::FILE* out, uint64_t n, const Request& r, const Outcome& a,
                      const Outcome& b, bool json) {
  if (json) {
    std::fprintf(out, "{%s,\"a\":%s,\"b\":%s}\n", json_request(n, r).c_str(),
                 json_outcome(a).c_str(), json_outcome(b).c_str());
    return;
  }
  std::fprintf(out, "%4llu  %s  %s\n      A: %s%s\n      B: %s%s\n",
               static_cast<unsigned long long>(n), r.where().c_str(), request_label(r).c_str(),
               a.verdict.c_str(), scores(a).c_str(), b.verdict.c_str(), scores(b).c_str());
  auto list = [&](const char* label, const std::vector<std::string>& ids) {
    if (ids.empty()) return;
    std::string joined;
    for (const std::string& id : ids) joined += (joined.empty() ? "" : " ") + id;
    std::fprintf(out, "      %s %s\n", label, joined.c_str());
  };
  list("only A fired:", only_in(a, b));
  list("only B fired:", only_in(b, a));
}

void print_totals(std::FILE* out, const Totals& t, bool diff) {
  if (diff) {
    std::fprintf(out,
                 "\n%llu requests: %llu change verdict (%llu newly blocked, %llu newly passed); "
                 "%llu more fire different rules with the same verdict\n",
                 static_cast<unsigned long long>(t.requests),
                 static_cast<unsigned long long>(t.changed),
                 static_cast<unsigned long long>(t.newly_blocked),
                 static_cast<unsigned long long>(t.newly_passed),
                 static_cast<unsigned long long>(t.rules_differ));
  } else {
    std::fprintf(out, "\n%llu requests: %llu blocked, %llu passed; %.2f ms per request\n",
                 static_cast<unsigned long long>(t.requests),
                 static_cast<unsigned long long>(t.blocked),
                 static_cast<unsigned long long>(t.requests - t.blocked),
                 t.requests ? t.micros / 1000 / static_cast<double>(t.requests) : 0.0);
  }
  if (t.problems)
    std::fprintf(out, "%llu inputs could not be read (see above)\n",
                 static_cast<unsigned long long>(t.problems));
}

}  // namespace rampart::replay
