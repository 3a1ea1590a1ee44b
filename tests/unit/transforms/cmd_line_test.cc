#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"testcase", "testcase", false},
    {"test case/x(y)", "test case/x(y)", false},
    {"Test\0Case"sv, "test\0case"sv, true},
    // The manual's evasion examples.
    {"c^ommand /c ...", "command/c ...", true},
    {"\"command\" /c ...", "command/c ...", true},
    {"command,/c ...", "command/c ...", true},
    {"ca\\t /etc/pass\\wd", "cat/etc/passwd", true},
    // Deletes \ " ' ^; ',' ';' and runs of space/\t/\r/\n become one space.
    {"C:\\WINDOWS\\system32\\cmd.EXE", "c:windowssystem32cmd.exe", true},
    {"echo  'a';\t\r\n\"b\"", "echo a b", true},
    {"a , ; b", "a b", true},
    {"ping  (x)", "ping(x)", true},
    {"a \" /b", "a/b", true},  // deleted bytes do not end a run of spaces
    {" /x", "/x", true},
    {"a ", "a ", false},
    {"a  ", "a ", true},
    // \v and \f are not among the separators v2 handles.
    {"a\vb\fc", "a\vb\fc", false},
    {"\xc3\x89\xff", "\xc3\x89\xff", false},
};

TEST(CmdLineTransform, ModSecurityCases) {
  ExpectCases("cmdLine", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
