#include "replay/audit_entry.h"

#include <cstdlib>

#include "log/json.h"
#include "log/reader_native.h"

namespace rampart::replay {

namespace json = logtool::json;

namespace {

// Splits "Name: value" header lines; stops at the first empty line.
void header_lines(std::string_view text, Headers& out) {
  while (!text.empty()) {
    size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    if (line.ends_with('\r')) line.remove_suffix(1);
    if (line.empty()) break;
    size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    std::string_view value = line.substr(colon + 1);
    if (value.starts_with(' ')) value.remove_prefix(1);
    out.emplace_back(std::string(line.substr(0, colon)), std::string(value));
  }
}

// The first line of `text`, and the rest after it.
std::string_view first_line(std::string_view text, std::string_view& rest) {
  size_t nl = text.find('\n');
  rest = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
  std::string_view line = text.substr(0, nl);
  if (line.ends_with('\r')) line.remove_suffix(1);
  return line;
}

void set_request_line(std::string_view line, Request& out) {
  size_t sp1 = line.find(' '), sp2 = line.rfind(' ');
  out.method = std::string(line.substr(0, sp1));
  if (sp2 == sp1) {  // HTTP/0.9: no protocol
    out.target = std::string(line.substr(sp1 + 1));
    out.protocol.clear();
    return;
  }
  out.target = std::string(line.substr(sp1 + 1, sp2 - sp1 - 1));
  out.protocol = std::string(line.substr(sp2 + 1));
}

void set_status_line(std::string_view line, Response& out) {
  // "HTTP/1.1 403 Forbidden"
  size_t sp = line.find(' ');
  out.protocol = std::string(line.substr(0, sp));
  out.status_line = sp == std::string_view::npos ? std::string() : std::string(line.substr(sp + 1));
  out.status = std::atoi(out.status_line.c_str());
}

// Native: the text of each part, by letter, cut from the entry's raw text. A part's text ends
// with the newline before the next boundary; v2 adds one more after bodies, dropped here.
std::string from_native(const logtool::Entry& e, Request& out) {
  std::string_view raw = e.raw;
  std::string_view parts[26];
  char current = 0;
  size_t part_start = 0;
  size_t pos = 0;
  while (pos < raw.size()) {
    size_t nl = raw.find('\n', pos);
    size_t end = nl == std::string_view::npos ? raw.size() : nl;
    std::string_view boundary;
    char letter = 0;
    if (logtool::parse_boundary(raw.substr(pos, end - pos), boundary, letter)) {
      if (current) parts[current - 'A'] = raw.substr(part_start, pos - part_start);
      current = letter;
      part_start = end + 1;
    }
    pos = end + 1;
  }
  if (current && part_start <= raw.size()) parts[current - 'A'] = raw.substr(part_start);

  std::string_view rest;
  std::string_view b = parts['B' - 'A'];
  if (b.empty()) return "the entry has no part B (request line and headers): not replayable";
  set_request_line(first_line(b, rest), out);
  header_lines(rest, out.headers);
  auto body = [](std::string_view part) {
    if (part.ends_with('\n')) part.remove_suffix(1);  // v2 ends a body part with one newline
    return std::string(part);
  };
  out.body = body(parts['C' - 'A']);
  if (std::string_view f = parts['F' - 'A']; !f.empty()) {
    set_status_line(first_line(f, rest), out.response);
    header_lines(rest, out.response.headers);
    out.response.body = body(parts['E' - 'A']);
  }
  return {};
}

void headers_of(const json::Value& object, Headers& out) {
  for (const auto& [name, value] : object.members) out.emplace_back(name, value.str());
}

std::string from_json(const logtool::Entry& e, Request& out) {
  json::Value doc;
  json::ParseError error;
  if (!json::parse(e.raw, doc, error)) return "damaged JSON entry: " + error.message;
  const json::Value& req = doc["request"];
  std::string_view line = req["request_line"].str();
  if (line.empty()) return "the entry has no request.request_line: not replayable";
  set_request_line(line, out);
  headers_of(req["headers"], out.headers);
  for (const json::Value& chunk : req["body"].items) out.body += chunk.str();
  const json::Value& res = doc["response"];
  if (long long status = res["status"].integer(); status > 0) {
    out.response.status = static_cast<int>(status);
    out.response.status_line = std::to_string(status);
    if (std::string_view p = res["protocol"].str(); !p.empty()) out.response.protocol = p;
    headers_of(res["headers"], out.response.headers);
    out.response.body = std::string(res["body"].str());
  }
  return {};
}

}  // namespace

std::string request_from_entry(const logtool::Entry& entry, Request& out) {
  out.source = entry.source;
  out.line = entry.line;
  if (!entry.client_ip.empty()) out.client_ip = entry.client_ip;
  if (entry.client_port > 0) out.client_port = entry.client_port;
  if (!entry.server_ip.empty()) out.server_ip = entry.server_ip;
  if (entry.server_port > 0) out.server_port = entry.server_port;
  if (entry.raw_dropped > 0)
    return "the entry is larger than the replay keeps (" + std::to_string(entry.raw_limit) +
           " bytes): skipped";
  return entry.format == logtool::Format::kJson ? from_json(entry, out) : from_native(entry, out);
}

}  // namespace rampart::replay
