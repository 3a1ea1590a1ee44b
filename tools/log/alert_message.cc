#include "alert_message.h"

#include <strings.h>
#include <cctype>

namespace rampart::logtool {
namespace {

constexpr const char* kSeverities[] = {"EMERGENCY", "ALERT",  "CRITICAL", "ERROR",
                                       "WARNING",   "NOTICE", "INFO",     "DEBUG"};

int hex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Reads a quoted value starting after the opening quote; stops at the unescaped closing quote.
// Returns the position after it, or npos when the value is not closed.
std::size_t read_value(std::string_view s, std::size_t pos, std::string& out) {
  while (pos < s.size()) {
    char c = s[pos];
    if (c == '"') return pos + 1;
    if (c != '\\' || pos + 1 >= s.size()) {
      out += c, ++pos;
      continue;
    }
    char e = s[pos + 1];
    pos += 2;
    switch (e) {
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'b':
        out += '\b';
        break;
      case 'v':
        out += '\v';
        break;
      case 'x':
        if (pos + 1 < s.size() && hex(s[pos]) >= 0 && hex(s[pos + 1]) >= 0) {
          out += static_cast<char>(hex(s[pos]) * 16 + hex(s[pos + 1]));
          pos += 2;
        } else {
          out += "\\x";
        }
        break;
      default:
        out += e;  // \" and \\ and anything v2 never writes
    }
  }
  return std::string_view::npos;
}

void assign(RuleMessage& m, std::string_view name, std::string value) {
  if (name == "id")
    m.id = std::move(value);
  else if (name == "msg")
    m.msg = std::move(value);
  else if (name == "data")
    m.data = std::move(value);
  else if (name == "severity")
    m.severity = std::move(value);
  else if (name == "file")
    m.file = std::move(value);
  else if (name == "line")
    m.line = std::move(value);
  else if (name == "rev")
    m.rev = std::move(value);
  else if (name == "ver")
    m.ver = std::move(value);
  else if (name == "tag")
    m.tags.push_back(std::move(value));
  // hostname, uri, unique_id, maturity, accuracy: the entry has them already
}

// Position of the first ` [name "` metadata field at or after `from`, or npos.
std::size_t next_field(std::string_view s, std::size_t from) {
  for (std::size_t p = s.find('[', from); p != std::string_view::npos; p = s.find('[', p + 1)) {
    std::size_t q = p + 1;
    while (q < s.size() && (std::isalnum(static_cast<unsigned char>(s[q])) || s[q] == '_')) ++q;
    if (q > p + 1 && q + 1 < s.size() && s[q] == ' ' && s[q + 1] == '"') return p;
  }
  return std::string_view::npos;
}

// The action message ends with the first '.' after "(phase N)", or is "Warning.".
std::size_t action_end(std::string_view s) {
  if (s.rfind("Warning.", 0) == 0) return 8;
  std::size_t phase = s.find("(phase ");
  if (phase == std::string_view::npos) return 0;
  std::size_t dot = s.find('.', phase);
  return dot == std::string_view::npos ? 0 : dot + 1;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

}  // namespace

RuleMessage parse_alert_message(std::string_view text) {
  RuleMessage m;
  std::size_t end = action_end(text);
  m.action = std::string(text.substr(0, end));
  std::size_t field = next_field(text, end);
  m.rule_message = std::string(trim(
      text.substr(end, field == std::string_view::npos ? std::string_view::npos : field - end)));
  while (field != std::string_view::npos) {
    std::size_t name_end = text.find(' ', field);
    std::string_view name = text.substr(field + 1, name_end - field - 1);
    std::string value;
    std::size_t after = read_value(text, name_end + 2, value);
    if (after == std::string_view::npos) break;  // cut-off line: keep what was complete
    assign(m, name, std::move(value));
    // v2 closes each field with `"]`; anything else means the quote was part of the value.
    std::size_t close = after < text.size() && text[after] == ']' ? after + 1 : after;
    field = next_field(text, close);
  }
  return m;
}

int severity_number(std::string_view s) {
  if (s.size() == 1 && s[0] >= '0' && s[0] <= '7') return s[0] - '0';
  for (int i = 0; i < 8; ++i)
    if (s.size() == std::char_traits<char>::length(kSeverities[i]) &&
        strncasecmp(s.data(), kSeverities[i], s.size()) == 0)
      return i;
  return -1;
}

const char* severity_name(int n) {
  return n >= 0 && n < 8 ? kSeverities[n] : "";
}

}  // namespace rampart::logtool
