#include "operators/pm_content.h"

#include "operators/text_util.h"

namespace rampart::operators {

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Decodes the inside of a |...| section into `out`; false (and `out` untouched) unless it is
// hex-digit pairs and spaces only.
bool decode_hex_section(std::string_view section, std::string& out) {
  std::string bytes;
  int high = -1;
  for (char c : section) {
    if (c == ' ') continue;
    int v = hex_value(c);
    if (v < 0) return false;
    if (high < 0) {
      high = v;
    } else {
      bytes += static_cast<char>(high * 16 + v);
      high = -1;
    }
  }
  if (bytes.empty() || high >= 0) return false;
  out += bytes;
  return true;
}

}  // namespace

DecodedContent decode_content(std::string_view text, bool strip_quotes) {
  std::string_view body = text;
  if (strip_quotes) {
    std::string_view t = body;
    while (!t.empty() && is_space(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
    if (t.size() >= 2 && t.front() == '"' && t.back() == '"') body = t.substr(1, t.size() - 2);
  }

  DecodedContent result;
  result.text.reserve(body.size());
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c == '\\') {
      char e = i + 1 < body.size() ? body[i + 1] : '\0';
      if (e != '\\' && e != '"' && e != ':' && e != ';') return {std::string(text), false};
      result.text += e;
      ++i;
    } else if (c == '|') {
      size_t close = body.find('|', i + 1);
      if (close != std::string_view::npos &&
          decode_hex_section(body.substr(i + 1, close - i - 1), result.text)) {
        i = close;
      } else {
        result.text += '|';
      }
    } else {
      result.text += c;
    }
  }
  return result;
}

}  // namespace rampart::operators
