// Times as v2 writes them and as users type them all become the same UTC instant.
#include <gtest/gtest.h>

#include "log/log_time.h"

namespace rampart::logtool {
namespace {

TEST(LogTime, ParsesV2FormatWithZone) {
  auto t = parse_v2_time("[03/Dec/2026:07:59:37.349147 +0100]");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->utc_offset_min, 60);
  EXPECT_EQ(format_iso(t->utc_us, 0), "2026-12-03T06:59:37.349147+00:00");
  EXPECT_EQ(format_time(t->utc_us, t->utc_offset_min), "2026-12-03 07:59:37 +0100");
}

TEST(LogTime, ParsesV2FormatWithoutFractionOrZone) {
  auto t = parse_v2_time("02/Oct/2024:12:00:00");
  ASSERT_TRUE(t);
  EXPECT_EQ(format_iso(t->utc_us, 0), "2024-10-02T12:00:00.000000+00:00");
}

TEST(LogTime, IsoAndV2AreTheSameInstant) {
  auto a = parse_user_time("2024-10-02T12:00:00+02:00");
  auto b = parse_user_time("02/Oct/2024:10:00:00 +0000");
  auto c = parse_user_time("2024-10-02 10:00Z");
  ASSERT_TRUE(a && b && c);
  EXPECT_EQ(a->utc_us, b->utc_us);
  EXPECT_EQ(a->utc_us, c->utc_us);
  EXPECT_EQ(a->utc_us, 1727863200LL * 1000000);
}

TEST(LogTime, NegativeZoneAndDateOnly) {
  auto t = parse_user_time("2024-10-02T00:30-05:00");
  ASSERT_TRUE(t);
  EXPECT_EQ(format_time(t->utc_us, -300), "2024-10-02 00:30:00 -0500");
  EXPECT_TRUE(parse_user_time("2024-10-02"));
}

TEST(LogTime, RejectsNonsense) {
  EXPECT_FALSE(parse_user_time("yesterday"));
  EXPECT_FALSE(parse_user_time("2024-13-01"));
  EXPECT_FALSE(parse_v2_time("03/Foo/2026:07:59:37 +0000"));
  EXPECT_FALSE(parse_v2_time("03/Dec/2026:07:59:37 +0000 trailing"));
  EXPECT_FALSE(parse_user_time(""));
}

TEST(LogTime, LeapYearsAndEpoch) {
  EXPECT_EQ(days_from_civil(1970, 1, 1), 0);
  EXPECT_EQ(days_from_civil(2000, 3, 1) - days_from_civil(2000, 2, 28), 2);
  EXPECT_EQ(days_from_civil(1900 + 200, 3, 1) - days_from_civil(2100, 2, 28), 1);
}

}  // namespace
}  // namespace rampart::logtool
