#include "log/alert.h"

#include <array>
#include <cstdint>

#include "actions/builtin.h"
#include "engine/rule.h"
#include "engine/transaction_state.h"

namespace rampart::log {

namespace {

void hex_byte(std::string& out, unsigned char c) {
  static const char kHex[] = "0123456789abcdef";
  out += "\\x";
  out += kHex[c >> 4];
  out += kHex[c & 15];
}

void field(std::string& out, std::string_view name, std::string_view value) {
  out += " [";
  out += name;
  out += " \"";
  append_escaped(out, value);
  out += "\"]";
}

// v2 keeps the [data] field within 521 characters: 517 and an ellipsis.
constexpr size_t kMaxDataField = 521;

}  // namespace

namespace {

// What escape_into does with a byte: copies it, escapes it, or escapes it only in escape_re.
enum class ByteKind : uint8_t { kPlain, kEscaped, kRegexSpecial };

constexpr std::array<ByteKind, 256> make_byte_kinds() {
  std::array<ByteKind, 256> kinds{};
  for (int c = 0; c < 256; ++c) {
    if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') kinds[c] = ByteKind::kEscaped;
  }
  for (unsigned char c : std::string_view(":+.[]()?/")) kinds[c] = ByteKind::kRegexSpecial;
  return kinds;
}
constexpr std::array<ByteKind, 256> kByteKinds = make_byte_kinds();

// Runs of plain bytes are appended whole: the rule texts escaped at startup and the [data] of
// every alert are mostly plain. (Appending byte by byte, escaping CRS PL1's rule texts took 19M
// instructions per configuration load; 11M now.)
void escape_into(std::string& out, std::string_view s, bool regex_chars) {
  auto special = [regex_chars](unsigned char c) {
    ByteKind kind = kByteKinds[c];
    return kind == ByteKind::kEscaped || (regex_chars && kind == ByteKind::kRegexSpecial);
  };
  size_t i = 0;
  for (;;) {
    size_t plain = i;
    while (i < s.size() && !special(static_cast<unsigned char>(s[i]))) ++i;
    out.append(s.data() + plain, i - plain);
    if (i == s.size()) return;
    unsigned char c = static_cast<unsigned char>(s[i++]);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\v':
        out += "\\v";
        break;
      default:
        if (kByteKinds[c] == ByteKind::kRegexSpecial) {
          out += '\\';
          out += static_cast<char>(c);
        } else {
          hex_byte(out, c);
        }
    }
  }
}
}  // namespace

std::string escape(std::string_view s) {
  std::string out;
  out.reserve(s.size() + s.size() / 8 + 4);
  escape_into(out, s, false);
  return out;
}
void append_escaped(std::string& out, std::string_view s) {
  escape_into(out, s, false);
}
std::string escape_re(std::string_view s) {
  std::string out;
  out.reserve(s.size() + s.size() / 8 + 4);
  escape_into(out, s, true);
  return out;
}

void append_escaped_hex(std::string& out, std::string_view s) {
  size_t i = 0;
  for (;;) {  // runs of plain bytes at once, as in escape_into
    size_t plain = i;
    while (i < s.size() && kByteKinds[static_cast<unsigned char>(s[i])] != ByteKind::kEscaped) ++i;
    out.append(s.data() + plain, i - plain);
    if (i == s.size()) return;
    hex_byte(out, static_cast<unsigned char>(s[i++]));
  }
}
std::string escape_hex(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  append_escaped_hex(out, s);
  return out;
}

std::string alert_line(const TransactionState& tx, const Rule& rule, std::string_view action,
                       std::string_view rule_message) {
  const ActionSet& a = rule.actions;
  std::string line;
  line.reserve(1024);  // a CRS alert with its tags is 600-900 bytes: grown once, not five times
  line += "ModSecurity: ";
  line += action;
  if (!rule_message.empty()) {
    line += ' ';
    line += rule_message;  // operators escape what they quote, as v2's do
  }
  line += rule.alert_head.get([&rule] {
    std::string head;
    field(head, "file", rule.where.file);
    field(head, "line", std::to_string(rule.where.line));
    field(head, "id", rule.id);
    if (!rule.actions.rev.empty()) field(head, "rev", rule.actions.rev);
    return head;
  });
  if (a.msg) field(line, "msg", a.msg->expand(tx));
  if (a.logdata) {
    size_t start = line.size();
    line += " [data \"";
    append_escaped_hex(line, a.logdata->expand(tx));
    line += "\"]";
    if (line.size() - start > kMaxDataField) {
      line.resize(start + kMaxDataField - 4);
      line += "...\"]";
    }
  }
  line += rule.alert_tail.get([&a] {
    std::string tail;
    if (a.severity) field(tail, "severity", actions::severity_name(*a.severity));
    if (!a.ver.empty()) field(tail, "ver", a.ver);
    if (a.maturity) field(tail, "maturity", std::to_string(*a.maturity));
    if (a.accuracy) field(tail, "accuracy", std::to_string(*a.accuracy));
    for (const std::string& tag : a.tags) field(tail, "tag", tag);
    return tail;
  });
  field(line, "hostname", tx.hostname);
  field(line, "uri", tx.decoded_uri.empty() ? tx.path : tx.decoded_uri);
  field(line, "unique_id", tx.unique_id);
  return line;
}

}  // namespace rampart::log
