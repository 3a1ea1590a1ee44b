// Integer parsing with C atoi semantics, which ModSecurity v2 uses for setvar arithmetic and the
// numeric operators: leading white space, an optional sign, digits up to the first non-digit;
// text without digits is 0. Saturates instead of overflowing.
#pragma once

#include <climits>
#include <string_view>

namespace rampart {

inline long long parse_integer(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' ||
                          s[i] == '\v' || s[i] == '\f'))
    ++i;
  bool negative = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  long long n = 0;
  for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
    if (n > (LLONG_MAX - 9) / 10) return negative ? LLONG_MIN : LLONG_MAX;
    n = n * 10 + (s[i] - '0');
  }
  return negative ? -n : n;
}

}  // namespace rampart
