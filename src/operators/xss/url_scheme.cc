#include "operators/xss/url_scheme.h"

#include "operators/text_util.h"
#include "operators/xss/names.h"

namespace rampart::operators::xss {

namespace {

// Yields the value's characters with HTML character references decoded. Code points above 0xff
// come out as 0xff: no scheme letter is up there.
class DecodedReader {
 public:
  explicit DecodedReader(std::string_view s) : s_(s) {}

  bool next(unsigned char& c) {
    if (i_ >= s_.size()) return false;
    if (s_[i_] == '&' && decode_reference(c)) return true;
    c = static_cast<unsigned char>(s_[i_++]);
    return true;
  }

  std::string_view rest() const { return s_.substr(i_); }

 private:
  bool decode_reference(unsigned char& c) {
    size_t j = i_ + 1;
    if (j < s_.size() && s_[j] == '#') {
      ++j;
      bool hex = j < s_.size() && (s_[j] == 'x' || s_[j] == 'X');
      if (hex) ++j;
      unsigned long code = 0;
      size_t digits = 0;
      while (j < s_.size()) {
        unsigned char d = ascii_lower(static_cast<unsigned char>(s_[j]));
        int v = is_digit(d) ? d - '0' : (hex && d >= 'a' && d <= 'f') ? d - 'a' + 10 : -1;
        if (v < 0) break;
        if (code < 0x110000) code = code * (hex ? 16 : 10) + static_cast<unsigned long>(v);
        ++j;
        ++digits;
      }
      if (digits == 0) return false;
      if (j < s_.size() && s_[j] == ';') ++j;
      c = code > 0xff ? 0xff : static_cast<unsigned char>(code);
      i_ = j;
      return true;
    }
    struct Named {
      std::string_view name;
      unsigned char c;
    };
    static constexpr Named kNamed[] = {{"colon;", ':'}, {"tab;", '\t'}, {"newline;", '\n'}};
    for (const Named& n : kNamed) {
      if (j + n.name.size() <= s_.size() && iequals(s_.substr(j, n.name.size()), n.name)) {
        c = n.c;
        i_ = j + n.name.size();
        return true;
      }
    }
    return false;
  }

  std::string_view s_;
  size_t i_ = 0;
};

// Reads lowercase letters (and the media type's / + -) into buf, ignoring tab, LF and CR, up to
// `stop` or a character that cannot be part of the word.
size_t read_word(DecodedReader& r, unsigned char first, char* buf, size_t cap, char stop,
                 bool& saw_stop) {
  size_t n = 0;
  unsigned char c = first;
  saw_stop = false;
  for (;;) {
    if (c == '\t' || c == '\n' || c == '\r') {
      // browsers drop these anywhere in a URL
    } else if (c == static_cast<unsigned char>(stop)) {
      saw_stop = true;
      return n;
    } else {
      c = ascii_lower(c);
      bool ok = (c >= 'a' && c <= 'z') || (stop != ':' && (c == '/' || c == '+' || c == '-'));
      if (!ok || n == cap) return n;
      buf[n++] = static_cast<char>(c);
    }
    if (!r.next(c)) return n;
  }
}

bool is_script_media_type(std::string_view type) {
  constexpr std::string_view kTypes[] = {
      "text/html",
      "text/xml",
      "text/javascript",
      "text/ecmascript",
      "text/vbscript",
      "image/svg+xml",
      "application/xhtml+xml",
      "application/xml",
      "application/javascript",
      "application/ecmascript",
      "application/x-javascript",
  };
  for (std::string_view t : kTypes) {
    if (type == t) return true;
  }
  return false;
}

}  // namespace

bool has_script_scheme(std::string_view value, std::string_view* rest) {
  DecodedReader r(value);
  unsigned char c = 0;
  do {
    if (!r.next(c)) return false;
  } while (c <= 0x20);  // browsers strip leading spaces and C0 controls
  char scheme[16];
  bool colon = false;
  size_t n = read_word(r, c, scheme, sizeof scheme, ':', colon);
  if (!colon) return false;
  std::string_view s(scheme, n);
  if (s == "javascript" || s == "vbscript" || s == "livescript" || s == "mocha") {
    if (rest != nullptr) *rest = r.rest();
    return true;
  }
  if (s != "data") return false;
  do {
    if (!r.next(c)) return false;
  } while (c <= 0x20);
  // The media type ends at ';' (parameters, base64) or at the ',' before the data.
  char type[32];
  bool semicolon = false;
  size_t m = read_word(r, c, type, sizeof type, ';', semicolon);
  if (!is_script_media_type(std::string_view(type, m))) return false;
  if (rest != nullptr) *rest = r.rest();
  return true;
}

}  // namespace rampart::operators::xss
