// Small byte-level helpers shared by the transformation functions. Everything here works on
// single bytes in the "C" locale, the way ModSecurity v2 classifies characters.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace rampart::transforms::util {

inline constexpr char kHexLower[] = "0123456789abcdef";

inline unsigned char byte_at(std::string_view s, size_t i) {
  return static_cast<unsigned char>(s[i]);
}

// Value of a hexadecimal digit, or -1.
inline int hex_value(unsigned char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

inline bool is_hex(unsigned char c) {
  return hex_value(c) >= 0;
}
inline bool is_octal(unsigned char c) {
  return c >= '0' && c <= '7';
}
inline bool is_digit(unsigned char c) {
  return c >= '0' && c <= '9';
}
inline bool is_alpha(unsigned char c) {
  return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
}
inline bool is_alnum(unsigned char c) {
  return is_alpha(c) || is_digit(c);
}

// isspace() in the "C" locale: space, \t, \n, \v, \f, \r.
inline bool is_space(unsigned char c) {
  return c == ' ' || (c >= '\t' && c <= '\r');
}

// v2 also counts the Latin-1 non-breaking space (0xa0) in compressWhitespace/removeWhitespace.
inline bool is_space_or_nbsp(unsigned char c) {
  return is_space(c) || c == 0xa0;
}

inline char to_lower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c;
}
inline char to_upper(char c) {
  return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 32) : c;
}

// True when s[pos, pos + n) are all hex digits (and present).
inline bool hex_run(std::string_view s, size_t pos, size_t n) {
  if (pos + n > s.size()) return false;
  for (size_t k = 0; k < n; ++k) {
    if (!is_hex(byte_at(s, pos + k))) return false;
  }
  return true;
}

// Value of the n hex digits at s[pos]; the caller has checked them with hex_run().
inline uint32_t hex_number(std::string_view s, size_t pos, size_t n) {
  uint32_t v = 0;
  for (size_t k = 0; k < n; ++k)
    v = (v << 4) | static_cast<uint32_t>(hex_value(byte_at(s, pos + k)));
  return v;
}

// v2 reduces a Unicode code point (%uHHHH, \uHHHH, CSS \HHHHHH) to one byte: full-width ASCII
// U+FF01..U+FF5E becomes its ASCII twin, anything else keeps only its low byte.
inline char unicode_to_byte(uint32_t code) {
  if (code >= 0xFF01 && code <= 0xFF5E) return static_cast<char>(code - 0xFEE0);
  return static_cast<char>(code & 0xFF);
}

// Builds the output lazily so that an input with nothing to change costs no allocation: the
// caller reports each replaced input range, untouched bytes are copied in bulk.
class Rewriter {
 public:
  Rewriter(std::string_view in, std::string& out) : in_(in), out_(out) {}

  // Replaces in[from, to) with `with`. Calls must come in increasing, non-overlapping order.
  void replace(size_t from, size_t to, std::string_view with) {
    copy_until(from);
    out_.append(with);
    kept_ = to;
  }
  void replace(size_t from, size_t to, char with) { replace(from, to, std::string_view(&with, 1)); }

  // Drops everything from `from` to the end of the input.
  void truncate(size_t from) { replace(from, in_.size(), std::string_view()); }

  // Copies the untouched tail; true when anything was replaced (out written only then).
  bool finish() {
    if (!started_) return false;
    out_.append(in_.substr(kept_));
    return true;
  }

 private:
  void copy_until(size_t pos) {
    if (!started_) {
      out_.reserve(in_.size());  // every user of Rewriter shrinks or keeps the size
      started_ = true;
    }
    out_.append(in_.substr(kept_, pos - kept_));
  }

  std::string_view in_;
  std::string& out_;
  size_t kept_ = 0;  // input before this index is already in out_
  bool started_ = false;
};

// Applies a byte-to-byte map; allocates only when some byte actually changes. Pass a lambda, not
// a function pointer: the compiler inlines the one and calls the other for every byte.
template <typename Map>
bool map_bytes(std::string_view in, std::string& out, Map map) {
  size_t i = 0;
  while (i < in.size() && map(in[i]) == in[i]) ++i;
  if (i == in.size()) return false;
  out.assign(in);
  for (; i < out.size(); ++i) out[i] = map(out[i]);
  return true;
}

// Removes every byte matching `drop` (a lambda, as for map_bytes); allocates only when there is
// one. Each byte is written and the write position advanced only past the kept ones: no branch
// per byte, which text with a space every few bytes would mispredict.
template <typename Pred>
bool remove_bytes(std::string_view in, std::string& out, Pred drop) {
  size_t i = 0;
  while (i < in.size() && !drop(byte_at(in, i))) ++i;
  if (i == in.size()) return false;
  const size_t base = out.size();
  out.resize(base + in.size());
  char* w = out.data() + base;
  std::memcpy(w, in.data(), i);
  w += i;
  for (; i < in.size(); ++i) {
    *w = in[i];
    w += drop(byte_at(in, i)) ? 0 : 1;
  }
  out.resize(static_cast<size_t>(w - out.data()));
  return true;
}

}  // namespace rampart::transforms::util
