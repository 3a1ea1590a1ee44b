// SecUnicodeMapFile FILE CODEPAGE and SecUnicodeCodePage CODEPAGE: the table t:urlDecodeUni uses
// for %uHHHH. The file is v2's unicode.mapping format: a line starting with a decimal code page
// number ("20127 (US-ASCII)") opens that code page's section, whose whitespace-separated
// "hhhh:hh" pairs map a code point to a byte; everything else (names in parentheses, other
// sections) is skipped. Example: SecUnicodeMapFile unicode.mapping 20127.
#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "config/server_directives.h"

namespace rampart::config {

namespace {

bool all_of(std::string_view s, bool (*pred)(char)) {
  if (s.empty()) return false;
  for (char c : s)
    if (!pred(c)) return false;
  return true;
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_hex(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

template <typename T>
bool number(std::string_view s, int base, T& out) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out, base);
  return ec == std::errc() && p == s.data() + s.size();
}

// The table for `code_page`, or an error that says what to fix.
std::optional<std::string> load_map(const std::string& path, long code_page,
                                    std::shared_ptr<const std::vector<int16_t>>& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "SecUnicodeMapFile: cannot read '" + path + "' (check the path and permissions)";
  auto map = std::make_shared<std::vector<int16_t>>(65536, int16_t{-1});
  bool in_section = false, found = false;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string w;
    bool first = true;
    while (words >> w) {
      if (first && all_of(w, is_digit)) {
        long n = -1;
        in_section = number(w, 10, n) && n == code_page;
        found = found || in_section;
        break;  // the rest of a header line is the code page's name
      } else if (in_section) {
        size_t colon = w.find(':');
        std::string_view sv(w);
        uint32_t code = 0, byte = 0;
        if (colon == std::string::npos || !all_of(sv.substr(0, colon), is_hex) ||
            !all_of(sv.substr(colon + 1), is_hex) || !number(sv.substr(0, colon), 16, code) ||
            !number(sv.substr(colon + 1), 16, byte) || code > 0xFFFF || byte > 0xFF)
          return "SecUnicodeMapFile: '" + path + "': '" + w + "' in code page " +
                 std::to_string(code_page) +
                 " is not a mapping; write code point and byte in hex, like 00a0:20";
        (*map)[code] = static_cast<int16_t>(byte);
      }
      first = false;
    }
  }
  if (!found)
    return "SecUnicodeMapFile: code page " + std::to_string(code_page) + " is not in '" + path +
           "' (v2's recommended configuration uses 20127, US-ASCII)";
  out = std::move(map);
  return std::nullopt;
}

std::optional<std::string> code_page_of(const std::string& v, long& out) {
  if (!all_of(v, is_digit) || !number(std::string_view(v), 10, out) || out <= 0)
    return "takes a code page number such as 20127, got '" + v + "'";
  return std::nullopt;
}

}  // namespace

std::optional<std::string> handle_unicode_map_file(DirectiveContext& ctx) {
  if (ctx.words.size() != 2)
    return "SecUnicodeMapFile takes a file and a code page, like: SecUnicodeMapFile "
           "unicode.mapping 20127";
  std::filesystem::path path(ctx.words[0]);
  if (path.is_relative()) path = std::filesystem::path(ctx.where.file).parent_path() / path;
  long code_page = 0;
  if (auto err = code_page_of(ctx.words[1], code_page)) return "SecUnicodeMapFile " + *err;
  if (auto err = load_map(path.string(), code_page, ctx.cfg.settings.unicode_map)) return err;
  ctx.cfg.unicode_map_file = path.string();
  return std::nullopt;
}

// Changes the code page of the map file already named (the file is read again).
std::optional<std::string> handle_unicode_code_page(DirectiveContext& ctx) {
  long code_page = 0;
  if (auto err = code_page_of(ctx.words[0], code_page)) return err;
  if (ctx.cfg.unicode_map_file.empty())
    return "SecUnicodeCodePage needs a map: put SecUnicodeMapFile FILE " + ctx.words[0] +
           " before it (or instead of it)";
  return load_map(ctx.cfg.unicode_map_file, code_page, ctx.cfg.settings.unicode_map);
}

}  // namespace rampart::config
