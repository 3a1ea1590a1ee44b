#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"/foo/bar/baz", "/foo/bar/baz", false},
    // From ModSecurity's tests: switching the slashes alone is a change.
    {"\\foo\\bar\\baz", "/foo/bar/baz", true},
    {"\\foo\\bar\0\\baz"sv, "/foo/bar\0/baz"sv, true},
    {"\\foo\\bar\\\\baz", "/foo/bar/baz", true},
    {"\\foo\\bar baz\\.\\.\\.\\.\\boo\\\\eek\\.\\.\\..\\whoa", "/foo/bar baz/boo/whoa", true},
    {".\\foo\\bar baz\\.\\.\\.\\.\\boo\\\\eek\\.\\.\\..\\whoa", "foo/bar baz/boo/whoa", true},
    {"\\.\\foo\\bar baz\\.\\.\\.\\.\\boo\\\\eek\\.\\.\\..\\whoa", "/foo/bar baz/boo/whoa", true},
    {"\\\\foo\\bar baz\\.\\.\\.\\.\\boo\\\\eek\\.\\.\\..\\whoa\\.\\", "/foo/bar baz/boo/whoa/",
     true},
    {"\\.\\foo\\bar baz\\.\\.\\.\\.\\boo\\\\eek\\.\\.\\..\\whoa\\\\", "/foo/bar baz/boo/whoa/",
     true},
    {"\\.\\..\\..\\..\\..\\..\\..\\..\\..\\etc\\passwd", "/etc/passwd", true},
    {"\\.\\..\\.\\..\\..\\..\\..\\..\\..\\..\\etc\\..\\etc\\.\\passwd", "/etc/passwd", true},
    {"\\.\\..\\.\\..\\..\\..\\..\\..\\..\\..\\\0\\..\\etc\\.\\passwd"sv, "/etc/passwd", true},
    // Mixed separators and drive letters.
    {"C:\\a\\..\\b\\.\\c", "C:/b/c", true},
    {"/a\\b/../c", "/a/c", true},
    {"..\\x", "../x", true},
};

TEST(NormalizePathWinTransform, ModSecurityCases) {
  ExpectCases("normalizePathWin", kCases);
  ExpectCases("normalisePathWin", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
