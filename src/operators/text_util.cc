#include "operators/text_util.h"

namespace rampart::operators {

namespace {

void append_hex_escape(std::string& out, unsigned char c) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += "\\x";
  out += kHex[c >> 4];
  out += kHex[c & 0x0f];
}

std::string escape(std::string_view text, bool regex_chars) {
  std::string out;
  out.reserve(text.size() + text.size() / 8 + 4);
  for (unsigned char c : text) {
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
      case ':':
      case '+':
      case '.':
      case '[':
      case ']':
      case '(':
      case ')':
      case '?':
      case '/':
        if (regex_chars) out += '\\';
        out += static_cast<char>(c);
        break;
      default:
        if (c <= 0x1f || c >= 0x7f) {
          append_hex_escape(out, c);
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out;
}

}  // namespace

std::string log_escape(std::string_view text) {
  return escape(text, false);
}

std::string log_escape_re(std::string_view text) {
  return escape(text, true);
}

std::string truncate_for_message(std::string text) {
  constexpr size_t kMax = 252;
  if (text.size() > kMax) {
    text.resize(kMax);
    text += " ...";
  }
  return text;
}

std::string quoted_message(std::string_view lead, std::string_view quoted, std::string_view var) {
  std::string msg;
  msg.reserve(lead.size() + quoted.size() + var.size() + 8);
  msg.append(lead).append(" \"").append(quoted).append("\" at ").append(var).append(".");
  return msg;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && is_space(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

}  // namespace rampart::operators
