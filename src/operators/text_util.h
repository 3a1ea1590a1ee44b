// Small text helpers shared by the operators: ModSecurity v2 log escaping, the v2 "<what> "<x>" at
// <var>." message shape, and the C-locale character classes v2 relies on.
#pragma once

#include <string>
#include <string_view>

namespace rampart::operators {

// Escapes `text` the way v2's log_escape() does, so operator messages read exactly like v2's:
// `"` -> `\"`, `\` -> `\\`, \b \n \r \t \v by name, other bytes < 0x20 or >= 0x7f as \xhh.
std::string log_escape(std::string_view text);

// v2's log_escape_re(): log_escape() plus a backslash before `:` `+` `.` `[` `]` `(` `)` `?` `/`.
// v2 runs a macro-expanded @rx pattern through it before compiling.
std::string log_escape_re(std::string_view text);

// Cuts an escaped text the way v2 does for long patterns and phrases: 252 bytes + " ...".
std::string truncate_for_message(std::string text);

// `<lead> "<quoted>" at <var>.` - the shape of most v2 operator messages. `quoted` must already
// be escaped.
std::string quoted_message(std::string_view lead, std::string_view quoted, std::string_view var);

inline bool is_space(unsigned char c) {
  return c == ' ' || (c >= '\t' && c <= '\r');
}
inline bool is_digit(unsigned char c) {
  return c >= '0' && c <= '9';
}
inline bool is_alnum(unsigned char c) {
  return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
inline unsigned char ascii_lower(unsigned char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<unsigned char>(c + ('a' - 'A')) : c;
}

// Removes leading and trailing C-locale whitespace.
std::string_view trim(std::string_view s);

}  // namespace rampart::operators
