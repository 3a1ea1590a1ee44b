#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"TestCase", "TestCase", false},
    {"Test\0Case"sv, "Test\0Case"sv, false},
    // A backslash before a non-hex character just disappears: the classic evasion.
    {"ja\\vascript", "javascript", true},
    {"\\j\\q\\v\\a", "jqv\n", true},  // \a is a hex escape (0x0a)
    // One to six hex digits make one character, of which one byte is kept.
    {"\\41\\042\\0043\\00044\\000045", "ABCDE", true},
    {"\\a\\f\\0", "\x0a\x0f\x00"sv, true},
    {"\\123456", "\x56", true},
    {"\\1234567",
     "\x56"
     "7",
     true},  // at most six digits
    // One whitespace after a hex escape is swallowed, a second one is kept.
    {"\\41 B\\42\tC\\43\n\nD", "ABBCC\nD", true},
    {"\\41  x", "A x", true},
    // Full-width ASCII U+FF01..U+FF5E maps to ASCII (4, 5 with '0', or 6 with "00" digits).
    {"\\ff41\\0ff42\\00ff43\\FF5E", "abc~", true},
    {"\\ff5f\\ff00\\1ff41", "\x5f\x00\x41"sv, true},
    // Backslash-newline is a line continuation; a final lone backslash is dropped.
    {"a\\\nb", "ab", true},
    {"a\\", "a", true},
    {"\\", "", true},
    {"\\\\", "\\", true},
    {"\\\0"sv, "\0"sv, true},
    {"\\\xe9t", "\xe9t", true},
    {"\\g\\G", "gG", true},
};

TEST(CssDecodeTransform, ModSecurityCases) {
  ExpectCases("cssDecode", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
