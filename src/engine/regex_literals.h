// Required literals of a regular expression, for the @rx prefilter: a set of strings such that
// every match of the pattern contains at least one of them. When a subject contains none of them
// PCRE2 cannot match, so the match is skipped.
//
// The analysis reads the pattern with PCRE2's syntax as Regex compiles it (8-bit, no UTF, no
// extended mode) and is conservative: any construct it does not fully understand means "no
// literals" (the regex always runs). Literals are ASCII-lowercased and must be searched ASCII
// case-insensitively: that covers (?i) parts, and without UTF PCRE2's caseless matching folds
// ASCII letters only (its default tables are built in the C locale).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rampart {

// Only literals of at least this many bytes are worth a search; shorter ones occur too often,
// except single bytes that are rare in request data (engine/byte_rarity.h), such as "(" or "$".
inline constexpr size_t kMinRequiredLiteral = 2;

// The literals, lowercased, none containing another; nullopt when none can be derived (a match
// may contain no literal at all, a literal would be too short, or the pattern uses a construct
// the analysis does not handle). Where a pattern requires several things (`while\s*\(` needs
// "while" and "("), the requirement chosen is the one the prefilter searches most cheaply
// (every literal with a rare byte, then at most three words of common letters), then the one
// with the longest literals. `pattern` must compile with PCRE2.
//
// A pattern with a `^` branch (`(?:^|;)\s*rm`) requires no literal at the start of the subject.
// With `or_at_start` given, such a requirement is still returned and *or_at_start is set: a
// subject without the literals can then only match at its start. Without it, none is returned.
std::optional<std::vector<std::string>> required_literals(std::string_view pattern,
                                                          bool* or_at_start = nullptr);

}  // namespace rampart
