#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"TestCase", "TestCase", false},
    {"Test\0Case"sv, "Test\0Case"sv, false},
    {"Test+Case", "Test Case", true},
    {"%41+%42", "A B", true},
    {"%u0041%U0042", "AB", true},
    {"%u0000", "\0"sv, true},
    {"%u1141", "\x41", true},  // only the low byte survives
    {"%u00e9", "\xe9", true},
    // Full-width ASCII U+FF01..U+FF5E maps onto ASCII; the rest of U+FFxx keeps its low byte.
    {"%uff01%uFF21%uff5e", "!A~", true},
    {"%uff00%uff5f%uff7f%uffff", "\x00\x5f\x7f\xff"sv, true},
    // Invalid or truncated escapes stay as they are.
    {"%+", "% ", true},
    {"%%20", "% ", true},
    {"%%u0020", "% ", true},
    {"%0g%u0020", "%0g ", true},
    {"%u%u0020", "%u ", true},
    {"%u0%u0020", "%u0 ", true},
    {"%u00%u0020", "%u00 ", true},
    {"%u000%u0020", "%u000 ", true},
    {"%u000g%u0020", "%u000g ", true},
    {"%u%41", "%uA", true},
    {"%0%1%a%f", "%0%1%a%f", false},
    {"%", "%", false},
    {"%u", "%u", false},
    {"%u123", "%u123", false},
    {"%uzzzz", "%uzzzz", false},
    {"%gg", "%gg", false},
    {"\x80%u00ff", "\x80\xff", true},
};

TEST(UrlDecodeUniTransform, ModSecurityCases) {
  ExpectCases("urlDecodeUni", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
