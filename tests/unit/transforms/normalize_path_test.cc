#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"/foo/bar/baz", "/foo/bar/baz", false},
    {"/foo/bar\0/baz"sv, "/foo/bar\0/baz"sv, false},
    {"/", "/", false},
    {"foo/bar/", "foo/bar/", false},
    {"/.a/..b/...c/a.", "/.a/..b/...c/a.", false},  // only "." and ".." are references
    // From ModSecurity's tests.
    {"/foo/bar//baz", "/foo/bar/baz", true},
    {"/foo/bar baz/././././boo//eek/././../whoa", "/foo/bar baz/boo/whoa", true},
    {"/./foo/bar baz/././././boo//eek/././../whoa", "/foo/bar baz/boo/whoa", true},
    {"//foo/bar baz/././././boo//eek/././../whoa", "/foo/bar baz/boo/whoa", true},
    {"//foo/bar baz/././././boo//eek/././../whoa/./", "/foo/bar baz/boo/whoa/", true},
    {"/./foo/bar baz/././././boo//eek/././../whoa//", "/foo/bar baz/boo/whoa/", true},
    {"/./../../../../../../../../etc/passwd", "/etc/passwd", true},
    {"/./.././../../../../../../../etc/../etc/./passwd", "/etc/passwd", true},
    {"/./.././../../../../../../../\0/../etc/./passwd"sv, "/etc/passwd", true},
    // Relative paths: self-references go, unresolvable back-references stay.
    {"./foo/bar baz/././././boo//eek/././../whoa", "foo/bar baz/boo/whoa", true},
    {"a/../../b", "../b", true},
    {"../../a/./b", "../../a/b", true},
    {"../a/..", "..", true},
    {"../a", "../a", false},
    {"..", "..", false},
    {"a/..", "", true},
    {".", "", true},
    // The root is never climbed above, and is kept even when everything else goes.
    {"/..", "/", true},
    {"/foo/..", "/", true},
    {"/foo/bar/..", "/foo", true},
    {"/foo/bar/../", "/foo/", true},
    {"//", "/", true},
    {"/.", "/", true},
    {"\\a\\..\\b", "\\a\\..\\b", false},  // backslashes are normalizePathWin's business
    {"/\xff/../\x80//x", "/\x80/x", true},
};

TEST(NormalizePathTransform, ModSecurityCases) {
  ExpectCases("normalizePath", kCases);
  ExpectCases("normalisePath", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
