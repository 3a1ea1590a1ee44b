// Bounded top-k counters, the timeline's widening, and the summary built from them.
#include "log/summary.h"

#include "log/json.h"
#include "logtool_helpers.h"

namespace rampart::logtool::testing {
namespace {

TEST(TopK, ExactWhileUnderCapacity) {
  TopK t(10);
  for (int i = 0; i < 5; ++i) t.add("a", i % 2 == 0);
  t.add("b", false);
  auto top = t.top(5);
  ASSERT_EQ(top.size(), 2u);
  EXPECT_EQ(top[0].key, "a");
  EXPECT_EQ(top[0].count, 5u);
  EXPECT_EQ(top[0].blocked, 3u);
  EXPECT_EQ(top[0].error, 0u);
  EXPECT_TRUE(t.exact());
}

TEST(TopK, HeavyHittersSurviveManyDistinctKeys) {
  TopK t(50);
  // 100000 distinct one-off keys with two heavy hitters mixed in: memory stays at 50 keys and
  // the heavy ones stay on top with bounded over-counting.
  for (int i = 0; i < 100000; ++i) {
    t.add("noise" + std::to_string(i), false);
    if (i % 10 == 0) t.add("heavy", true);
    if (i % 20 == 0) t.add("second", false);
  }
  auto top = t.top(2);
  EXPECT_FALSE(t.exact());
  ASSERT_EQ(top.size(), 2u);
  EXPECT_EQ(top[0].key, "heavy");
  EXPECT_EQ(top[1].key, "second");
  EXPECT_GE(top[0].count, 10000u);
  EXPECT_LE(top[0].count - top[0].error, 10000u);
  EXPECT_EQ(t.top(1000).size(), 50u);
}

TEST(Timeline, WidensInsteadOfGrowing) {
  Timeline t(60);
  const std::int64_t start = 1700000000LL * 1000000;
  for (int m = 0; m < 3000; ++m) t.add(start + m * 60LL * 1000000, m % 3 == 0);
  EXPECT_LE(t.buckets().size(), kMaxBuckets);
  EXPECT_EQ(t.width_s(), 300);
  std::uint64_t blocked = 0, passed = 0;
  for (const auto& [s, c] : t.buckets()) blocked += c.blocked, passed += c.passed;
  EXPECT_EQ(blocked, 1000u);
  EXPECT_EQ(passed, 2000u);
}

TEST(Summary, FromV2Logs) {
  Summary s(60);
  for (const char* f : {"v2-serial-native.log", "v2-serial-json.log"})
    for (const auto& e : read_path(fixture(f)).entries) s.add(e);
  EXPECT_EQ(s.total, 8u);
  EXPECT_EQ(s.blocked, 2u);
  auto rules = s.rules.top(10);
  ASSERT_EQ(rules.size(), 2u);
  EXPECT_EQ(rules[0].key, "1000");
  EXPECT_EQ(rules[0].blocked, 2u);
  EXPECT_EQ(rules[0].label, "Unexpected characters in surname");
  EXPECT_EQ(s.uris.top(1)[0].key, "/");  // "/?q=hello" and "/?q=evil&x=1" are one path

  std::string text = summary_text(s, 10);
  EXPECT_NE(text.find("transactions: 8  blocked: 2  passed: 6"), std::string::npos) << text;
  EXPECT_NE(text.find("2026-12-03 07:59 +0000"), std::string::npos) << text;

  json::Value v;
  json::ParseError err;
  ASSERT_TRUE(json::parse(summary_json(s, 10), v, err)) << err.message;
  EXPECT_EQ(v["blocked"].integer(), 2);
  EXPECT_EQ(v["top_rules"].items.at(0)["key"].str(), "1000");
  EXPECT_EQ(v["timeline"].items.size(), 1u);
}

}  // namespace
}  // namespace rampart::logtool::testing
