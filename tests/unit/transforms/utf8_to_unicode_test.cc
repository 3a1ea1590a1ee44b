#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"TestCase", "TestCase", false},
    {"Test\0Case"sv, "Test\0Case"sv, false},
    // From ModSecurity's tests: lowercase hex, four digits at least.
    {"\xc4\x80 \xc4\x81 \xc5\xbf", "%u0100 %u0101 %u017f", true},
    {"\xd0\x80\xd1\x8f\xd7\xb4", "%u0400%u044f%u05f4", true},
    {"\xe2\x96\xa0 \xe2\x9e\xbf", "%u25a0 %u27bf", true},
    {"caf\xc3\xa9", "caf%u00e9", true},
    {"\xc2\x80\xdf\xbf\xe0\xa0\x80\xef\xbf\xbf", "%u0080%u07ff%u0800%uffff", true},
    {"\xf0\x9f\x98\x80", "%u1f600", true},
    {"\xf4\x8f\xbf\xbf", "%u10ffff", true},
    {"a\0\xc3\xa9"sv, "a\0%u00e9"sv, true},
    // Anything that is not a well-formed sequence is kept byte for byte.
    {"\x80\xbf", "\x80\xbf", false},                  // stray continuation bytes
    {"\xc0\xaf\xc1\xbf", "\xc0\xaf\xc1\xbf", false},  // overlong 2-byte forms
    {"\xe0\x80\xaf", "\xe0\x80\xaf", false},          // overlong 3-byte form
    {"\xf0\x80\x80\xaf", "\xf0\x80\x80\xaf", false},  // overlong 4-byte form
    {"\xed\xa0\x80", "\xed\xa0\x80", false},          // UTF-16 surrogate
    {"\xf4\x90\x80\x80\xf5\x80\x80\x80", "\xf4\x90\x80\x80\xf5\x80\x80\x80", false},  // > U+10FFFF
    {"\xc3", "\xc3", false},                                                          // truncated
    {"\xe2\x96", "\xe2\x96", false},
    {"\xc3(\xc3\xa9", "\xc3(%u00e9", true},  // a bad lead byte does not swallow what follows
    {"\xe2\x96\xc3\xa9", "\xe2\x96%u00e9", true},
    {"\xfe\xff", "\xfe\xff", false},
};

TEST(Utf8ToUnicodeTransform, ModSecurityCases) {
  ExpectCases("utf8toUnicode", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
