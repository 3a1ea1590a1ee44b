#include "operators/xss/html_scanner.h"

#include "operators/text_util.h"
#include "operators/xss/attribute.h"
#include "operators/xss/names.h"

namespace rampart::operators::xss {

namespace {

bool is_html_space(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
}

bool is_letter(unsigned char c) {
  c = ascii_lower(c);
  return c >= 'a' && c <= 'z';
}

bool is_name_char(unsigned char c) {
  return is_alnum(c) || c == ':' || c == '_' || c == '-' || c == '.';
}

bool starts_with_ci(std::string_view s, size_t pos, std::string_view prefix) {
  return s.size() - pos >= prefix.size() && iequals(s.substr(pos, prefix.size()), prefix);
}

// The tag name at `pos`, at most `cap` bytes: longer names are no name we look for.
std::string_view bounded_name(std::string_view s, size_t pos, size_t cap) {
  size_t end = pos;
  while (end < s.size() && end - pos <= cap && is_name_char(static_cast<unsigned char>(s[end])))
    ++end;
  return s.substr(pos, end - pos);
}

constexpr size_t kLongestTagName = 24;

struct TagContext {
  bool in_real_tag = false;  // after <name: any on* attribute is an event handler
  bool is_meta = false;      // <meta http-equiv=refresh content="0;url=javascript:...">
};

// Parses attributes from `pos`; returns true at the first dangerous one. `end` receives the
// position after the tag's '>' (or the input's end).
bool scan_attributes(std::string_view s, size_t pos, const TagContext& tag, size_t& end) {
  const size_t n = s.size();
  for (;;) {
    while (pos < n && (is_html_space(static_cast<unsigned char>(s[pos])) || s[pos] == '/')) ++pos;
    if (pos >= n) break;
    if (s[pos] == '>') {
      ++pos;
      break;
    }
    // A name runs to a space, '/', '>' or '='; a leading '=' belongs to it, as in browsers.
    size_t name_start = pos++;
    while (pos < n && !is_html_space(static_cast<unsigned char>(s[pos])) && s[pos] != '/' &&
           s[pos] != '>' && s[pos] != '=')
      ++pos;
    std::string_view name = s.substr(name_start, pos - name_start);
    size_t after_name = pos;
    while (pos < n && is_html_space(static_cast<unsigned char>(s[pos]))) ++pos;
    Attribute attr{name, {}, false};
    if (pos < n && s[pos] == '=') {
      ++pos;
      while (pos < n && is_html_space(static_cast<unsigned char>(s[pos]))) ++pos;
      attr.has_value = true;
      if (pos < n && (s[pos] == '"' || s[pos] == '\'' || s[pos] == '`')) {
        char quote = s[pos++];
        size_t close = s.find(quote, pos);
        if (close == std::string_view::npos) close = n;
        attr.value = s.substr(pos, close - pos);
        pos = close < n ? close + 1 : n;
      } else {
        size_t v = pos;
        while (pos < n && !is_html_space(static_cast<unsigned char>(s[pos])) && s[pos] != '>')
          ++pos;
        attr.value = s.substr(v, pos - v);
      }
    } else {
      pos = after_name;
    }
    if (judge_attribute(attr, tag.in_real_tag, tag.is_meta)) {
      end = pos;
      return true;
    }
  }
  end = pos;
  return false;
}

}  // namespace

bool has_dangerous_markup_start(std::string_view s) {
  for (size_t lt = s.find('<'); lt != std::string_view::npos; lt = s.find('<', lt + 1)) {
    size_t p = lt + 1;
    if (p >= s.size()) break;
    unsigned char c = static_cast<unsigned char>(s[p]);
    if (is_letter(c)) {
      std::string_view name = bounded_name(s, p, kLongestTagName);
      if (name.size() <= kLongestTagName && is_dangerous_tag(name)) return true;
    } else if (c == '/') {
      if (starts_with_ci(s, p + 1, "script") &&
          (p + 7 >= s.size() || !is_name_char(static_cast<unsigned char>(s[p + 7]))))
        return true;
    } else if (c == '!') {
      if (starts_with_ci(s, p, "!--[if") || starts_with_ci(s, p, "![cdata[") ||
          starts_with_ci(s, p, "![endif"))
        return true;
    } else if (c == '?') {
      // <?xml version="1.0"?> is an ordinary XML declaration; <?xml-stylesheet, <?xml:namespace,
      // <?import and <?php are not.
      if (p + 1 < s.size() && is_letter(static_cast<unsigned char>(s[p + 1]))) {
        bool declaration = starts_with_ci(s, p + 1, "xml") &&
                           (p + 4 >= s.size() ||
                            is_html_space(static_cast<unsigned char>(s[p + 4])) || s[p + 4] == '?');
        if (!declaration) return true;
      }
    }
  }
  return false;
}

bool has_dangerous_tag(std::string_view s) {
  size_t pos = 0;
  while (pos < s.size()) {
    size_t lt = s.find('<', pos);
    if (lt == std::string_view::npos) return false;
    size_t p = lt + 1;
    if (p < s.size() && is_letter(static_cast<unsigned char>(s[p]))) {
      // The tag name runs to a space, '/' or '>' (so <svg/onload=...> is <svg> plus onload).
      size_t name_start = p;
      while (p < s.size() && !is_html_space(static_cast<unsigned char>(s[p])) && s[p] != '/' &&
             s[p] != '>')
        ++p;
      TagContext tag;
      tag.in_real_tag = true;
      tag.is_meta = iequals(s.substr(name_start, p - name_start), "meta");
      size_t end = p;
      if (scan_attributes(s, p, tag, end)) return true;
      pos = end;
    } else {
      pos = p;
    }
  }
  return false;
}

bool has_dangerous_attribute(std::string_view s, size_t pos) {
  size_t end = pos;
  return scan_attributes(s, pos, TagContext{}, end);
}

}  // namespace rampart::operators::xss
