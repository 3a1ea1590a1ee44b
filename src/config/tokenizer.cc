#include "config/tokenizer.h"

namespace rampart::config {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

std::string unescape(std::string_view s, char quote) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == '\\' || (quote && s[i + 1] == quote))) {
      out += s[++i];
    } else {
      out += s[i];
    }
  }
  return out;
}

}  // namespace

std::vector<std::string> split_words(std::string_view args) {
  std::vector<std::string> words;
  size_t i = 0;
  while (true) {
    while (i < args.size() && is_space(args[i])) ++i;
    if (i >= args.size()) break;
    char quote = args[i];
    if (quote == '"' || quote == '\'') {
      size_t start = ++i;
      while (i < args.size() && args[i] != quote) {
        if (args[i] == '\\' && i + 1 < args.size() && (args[i + 1] == quote || args[i + 1] == '\\'))
          i += 2;
        else
          ++i;
      }
      words.push_back(unescape(args.substr(start, i - start), quote));
      if (i < args.size()) ++i;  // closing quote
    } else {
      size_t start = i;
      while (i < args.size() && !is_space(args[i])) ++i;
      words.push_back(unescape(args.substr(start, i - start), 0));
    }
  }
  return words;
}

std::vector<ConfigLine> read_lines(std::string_view text) {
  std::vector<ConfigLine> out;
  size_t pos = 0;
  int line_no = 0;
  while (pos < text.size()) {
    std::string joined;
    int first_line = line_no + 1;
    while (pos < text.size()) {
      size_t end = text.find('\n', pos);
      if (end == std::string_view::npos) end = text.size();
      std::string_view raw = text.substr(pos, end - pos);
      pos = end + 1;
      ++line_no;
      if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
      // As httpd: only a backslash that is the very last character, and is not itself escaped,
      // continues the line.
      bool continued = !raw.empty() && raw.back() == '\\' &&
                       (raw.size() < 2 || raw[raw.size() - 2] != '\\');
      if (continued) {
        raw.remove_suffix(1);
        joined.append(raw);
        continue;
      }
      joined.append(raw);
      break;
    }
    size_t b = 0;
    while (b < joined.size() && is_space(joined[b])) ++b;
    size_t e = joined.size();
    while (e > b && is_space(joined[e - 1])) --e;
    std::string_view l = std::string_view(joined).substr(b, e - b);
    if (l.empty() || l[0] == '#') continue;
    size_t w = 0;
    while (w < l.size() && !is_space(l[w])) ++w;
    ConfigLine cl;
    cl.line = first_line;
    cl.directive = std::string(l.substr(0, w));
    while (w < l.size() && is_space(l[w])) ++w;
    cl.args = std::string(l.substr(w));
    out.push_back(std::move(cl));
  }
  return out;
}

}  // namespace rampart::config
