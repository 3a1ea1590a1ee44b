#include "reader_native.h"

#include <strings.h>

#include <cctype>
#include <cstdlib>

#include "alert_message.h"
#include "log_time.h"

namespace rampart::logtool {
namespace {

std::string_view next_token(std::string_view& s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  std::size_t sp = s.find(' ');
  std::string_view tok = s.substr(0, sp);
  s.remove_prefix(sp == std::string_view::npos ? s.size() : sp);
  return tok;
}

bool to_port(std::string_view s, int& out) {
  if (s.empty() || s.size() > 5) return false;
  out = 0;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    out = out * 10 + (c - '0');
  }
  return out <= 65535;
}

bool header_is(std::string_view line, std::string_view name, std::string_view& value) {
  if (line.size() <= name.size() || line[name.size()] != ':' ||
      strncasecmp(line.data(), name.data(), name.size()) != 0)
    return false;
  value = line.substr(name.size() + 1);
  while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  return true;
}

}  // namespace

bool parse_boundary(std::string_view line, std::string_view& boundary, char& part) {
  if (line.size() < 7 || line.substr(0, 2) != "--" || line.substr(line.size() - 2) != "--")
    return false;
  std::string_view inner = line.substr(2, line.size() - 4);  // xxxxxxxx-A
  if (inner.size() < 3 || inner[inner.size() - 2] != '-') return false;
  part = inner.back();
  if (part < 'A' || part > 'Z') return false;
  boundary = inner.substr(0, inner.size() - 2);
  for (char c : boundary)
    if (!std::isalnum(static_cast<unsigned char>(c))) return false;
  return true;
}

void split_request_line(Entry& e) {
  std::string_view s = e.request_line;
  std::size_t first = s.find(' ');
  if (first == std::string_view::npos) {
    e.method = std::string(s);
    return;
  }
  std::size_t last = s.rfind(' ');
  e.method = std::string(s.substr(0, first));
  if (last == first || s.substr(last + 1).rfind("HTTP/", 0) != 0) {
    e.uri = std::string(s.substr(first + 1));  // HTTP/0.9 or an odd line: all of it is the URI
  } else {
    e.uri = std::string(s.substr(first + 1, last - first - 1));
    e.protocol = std::string(s.substr(last + 1));
  }
}

void NativeEntryBuilder::start(std::string_view boundary, std::string_view boundary_line) {
  entry_ = Entry();
  entry_.raw_limit = raw_limit_;
  entry_.format = Format::kNative;
  boundary_ = std::string(boundary);
  error_.clear();
  part_ = 'A';
  part_lines_ = 0;
  has_a_ = false;
  entry_.append_raw(boundary_line);
  entry_.append_raw("\n");
}

void NativeEntryBuilder::part(char letter, std::string_view boundary_line) {
  if (part_ == 'A' && !has_a_ && error_.empty()) error_ = "part A has no header line";
  part_ = letter;
  part_lines_ = 0;
  entry_.append_raw(boundary_line);
  entry_.append_raw("\n");
}

void NativeEntryBuilder::line(std::string_view text) {
  entry_.append_raw(text);
  entry_.append_raw("\n");
  ++part_lines_;
  switch (part_) {
    case 'A':
      part_a(text);
      break;
    case 'B':
      part_b(text);
      break;
    case 'F':
      part_f(text);
      break;
    case 'H':
      part_h(text);
      break;
    default:
      break;
  }
}

void NativeEntryBuilder::part_a(std::string_view text) {
  if (part_lines_ != 1) return;
  std::size_t close = text.find(']');
  auto t =
      close == std::string_view::npos ? std::nullopt : parse_v2_time(text.substr(0, close + 1));
  if (!t) {
    error_ = "part A does not start with a [dd/Mon/yyyy:hh:mm:ss +zzzz] time";
    return;
  }
  std::string_view rest = text.substr(close + 1);
  std::string_view id = next_token(rest), cip = next_token(rest), cport = next_token(rest),
                   sip = next_token(rest), sport = next_token(rest);
  if (id.empty() || cip.empty() || !to_port(cport, entry_.client_port) || sip.empty() ||
      !to_port(sport, entry_.server_port)) {
    error_ = "part A should be: [time] unique_id client_ip client_port server_ip server_port";
    return;
  }
  entry_.time_text = std::string(text.substr(1, close - 1));
  entry_.time_us = t->utc_us;
  entry_.utc_offset_min = t->utc_offset_min;
  entry_.unique_id = std::string(id);
  entry_.client_ip = std::string(cip);
  entry_.server_ip = std::string(sip);
  has_a_ = true;
}

void NativeEntryBuilder::part_b(std::string_view text) {
  if (part_lines_ == 1) {
    entry_.request_line = std::string(text);
    split_request_line(entry_);
    return;
  }
  std::string_view value;
  if (header_is(text, "Host", value))
    entry_.host = std::string(value);
  else if (header_is(text, "User-Agent", value))
    entry_.user_agent = std::string(value);
}

void NativeEntryBuilder::part_f(std::string_view text) {
  if (part_lines_ != 1) return;
  std::string_view rest = text;
  std::string_view proto = next_token(rest), code = next_token(rest);
  int status = 0;
  if (proto.rfind("HTTP/", 0) == 0 && code.size() == 3 && to_port(code, status))
    entry_.status = status;
}

void NativeEntryBuilder::part_h(std::string_view text) {
  std::string_view value;
  if (header_is(text, "Message", value)) {
    entry_.messages.push_back(parse_alert_message(value));
  } else if (header_is(text, "Action", value)) {
    // "Intercepted (phase 2)"
    if (value.rfind("Intercepted", 0) == 0) {
      entry_.intercepted = true;
      std::size_t p = value.find("(phase ");
      if (p != std::string_view::npos) entry_.intercepted_phase = std::atoi(value.data() + p + 7);
    }
  } else if (header_is(text, "Engine-Mode", value)) {
    if (value.size() >= 2 && value.front() == '"') value = value.substr(1, value.size() - 2);
    entry_.engine_mode = std::string(value);
  }
}

}  // namespace rampart::logtool
