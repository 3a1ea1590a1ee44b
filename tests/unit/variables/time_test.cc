// TIME* and DURATION, compared with the transaction's start time in local time.
#include <gtest/gtest.h>

#include <cstdio>
#include <ctime>
#include <string>

#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

struct Probe {
  std::string value;
  std::tm tm{};
  long long epoch = 0;
};

Probe probe(const std::string& var) {
  auto config = load_rules("SecRuleEngine On\nSecRule " + var +
                           " \"@unconditionalMatch\" \"id:1,phase:1,pass,nolog,"
                           "setvar:tx.v=%{MATCHED_VAR}\"\n");
  Exchange ex(*config, Request());
  ex.run();
  Probe p;
  p.value = ex.tx_var("v");
  std::time_t t = std::chrono::system_clock::to_time_t(ex.state().started);
  p.epoch = t;
  localtime_r(&t, &p.tm);
  return p;
}

std::string two(int n) {
  char b[8];
  std::snprintf(b, sizeof b, "%02d", n);
  return b;
}

TEST(TimeVariables, V2Formats) {
  // Formats of v2's re_variables.c (var_time_*_generate).
  Probe p = probe("TIME_YEAR");
  EXPECT_EQ(p.value, std::to_string(p.tm.tm_year + 1900));
  p = probe("TIME_MON");
  EXPECT_EQ(p.value, two(p.tm.tm_mon + 1));  // "%02d", tm_mon + 1 (the manual's 0-11 is wrong)
  p = probe("TIME_DAY");
  EXPECT_EQ(p.value, two(p.tm.tm_mday));
  p = probe("TIME_HOUR");
  EXPECT_EQ(p.value, two(p.tm.tm_hour));
  p = probe("TIME_MIN");
  EXPECT_EQ(p.value, two(p.tm.tm_min));
  p = probe("TIME_SEC");
  EXPECT_EQ(p.value, two(p.tm.tm_sec));
  p = probe("TIME_WDAY");
  EXPECT_EQ(p.value, std::to_string(p.tm.tm_wday));  // "%d", 0 = Sunday
  p = probe("TIME_EPOCH");
  EXPECT_EQ(p.value, std::to_string(p.epoch));
}

TEST(TimeVariables, TimeIsYearMonthDayHourMinuteSecond) {
  // v2.9 prints "%02d%02d%02d%02d%02d%02d%02d" (century, year, month, day, h, m, s).
  Probe p = probe("TIME");
  char expected[32];
  std::snprintf(expected, sizeof expected, "%04d%02d%02d%02d%02d%02d", p.tm.tm_year + 1900,
                p.tm.tm_mon + 1, p.tm.tm_mday, p.tm.tm_hour, p.tm.tm_min, p.tm.tm_sec);
  EXPECT_EQ(p.value, expected);
}

TEST(TimeVariables, DurationIsMicrosecondsSoFar) {
  Probe p = probe("DURATION");
  ASSERT_FALSE(p.value.empty());
  EXPECT_EQ(p.value.find_first_not_of("0123456789"), std::string::npos) << p.value;
  EXPECT_LT(std::stoll(p.value), 10'000'000);
}

}  // namespace
}  // namespace rampart::testing
