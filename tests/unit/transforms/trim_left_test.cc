#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"TestCase", "TestCase", false},
    {"TestCase   ", "TestCase   ", false},
    {"Test\0Case"sv, "Test\0Case"sv, false},
    {"    TestCase", "TestCase", true},
    {"    TestCase    ", "TestCase    ", true},
    {" \t\r\n\v\f Test \0 Case \r\n"sv, "Test \0 Case \r\n"sv, true},
    {"   ", "", true},
    {"\xa0 a", "\xa0 a", false},
};

TEST(TrimLeftTransform, ModSecurityCases) {
  ExpectCases("trimLeft", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
