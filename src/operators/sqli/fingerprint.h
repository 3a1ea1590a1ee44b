// Folds the first tokens of a value into a short fingerprint: one letter per token (see token.h),
// with a sign merged into the number it precedes and runs of operators, logic words and
// parentheses counted once, so `- 1 OR NOT ((1=1` reads "1&(1=1".
#pragma once

#include <cstddef>
#include <string_view>

namespace rampart::operators::sqli {

inline constexpr size_t kMaxTokens = 8;

struct Fingerprint {
  char codes[kMaxTokens] = {};
  size_t size = 0;
  bool complete = false;  // the input ended within these tokens (so "$" in a shape can match)
  bool quoted = false;    // read as the rest of a string literal (a quote context)
  // In a quote context: the value concatenates something to the closed string and ends with a
  // concatenation and a quote it leaves open, as in `x' || (...) || '` or `x" | cmd | "`: the
  // injection re-balances the application's quotes.
  bool reopens_quote = false;

  std::string_view view() const { return {codes, size}; }
};

// `open_quote`: 0 for the value as it stands, or the quote of the string literal it continues.
// `viable`, when given, is asked after the 2nd and 4th token whether reading on can still
// change the outcome; when it says no the fingerprint stops there (incomplete).
using Viable = bool (*)(const Fingerprint&);
Fingerprint fingerprint(std::string_view input, char open_quote, Viable viable = nullptr);

}  // namespace rampart::operators::sqli
