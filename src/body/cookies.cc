#include "body/cookies.h"

namespace rampart::body {

namespace {

// v2 uses C isspace(): space, \t, \n, \v, \f, \r.
bool is_space(char c) {
  return c == ' ' || (c >= '\t' && c <= '\r');
}

std::string_view trim_right(std::string_view s) {
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

bool ends_piece(char c) {
  return c == ';' || c == ',';
}

}  // namespace

void parse_cookies_v0(std::string_view header, char separator, std::vector<Param>& out) {
  size_t pos = 0;
  while (pos < header.size()) {
    size_t end = header.find(separator, pos);
    if (end == std::string_view::npos) end = header.size();
    std::string_view piece = header.substr(pos, end - pos);
    pos = end + 1;
    while (!piece.empty() && is_space(piece.front())) piece.remove_prefix(1);
    size_t eq = piece.find('=');
    std::string_view name = piece.substr(0, eq);
    std::string_view value =
        eq == std::string_view::npos ? std::string_view() : piece.substr(eq + 1);
    if (!name.empty()) out.push_back(Param{name, value});
  }
}

void parse_cookies_v1(const TransactionState& tx, std::string_view header,
                      std::vector<Param>& out) {
  std::string_view previous;  // the last cookie that was not an attribute
  size_t p = 0;
  const size_t n = header.size();
  while (p < n) {
    while (p < n && is_space(header[p])) ++p;
    size_t name_start = p;
    while (p < n && header[p] != '=' && !ends_piece(header[p])) ++p;
    std::string_view name = trim_right(header.substr(name_start, p - name_start));
    std::string_view value;
    if (p < n && header[p] == '=') {
      ++p;
      while (p < n && is_space(header[p])) ++p;
      if (p < n && header[p] == '"') {
        // Quoted: up to the closing quote (or the end); what follows it starts the next piece.
        size_t value_start = ++p;
        while (p < n && header[p] != '"') ++p;
        value = header.substr(value_start, p - value_start);
        if (p < n) ++p;
      } else {
        size_t value_start = p;
        while (p < n && !ends_piece(header[p])) ++p;
        value = trim_right(header.substr(value_start, p - value_start));
        if (p < n) ++p;
      }
    } else if (p < n) {
      ++p;  // ';' or ',': a cookie without a value
    }
    if (name.empty()) continue;
    if (name.front() == '$') {
      if (!previous.empty()) {
        std::string renamed = "$";
        renamed.append(previous).append("_").append(name.substr(1));
        name = tx.keep(std::move(renamed));
      }
    } else {
      previous = name;
    }
    out.push_back(Param{name, value});
  }
}

}  // namespace rampart::body
