// The transformation cache's table: what was inserted is found under the same pipeline and
// value, never under another pipeline (even one with the same hash) or another value, every
// entry survives the table growing, and past its bound it takes no more while rules still see
// every value transformed.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "config/config_impl.h"
#include "engine/rule_harness.h"
#include "engine/transform_cache.h"

namespace rampart {
namespace {

TransformCache::Key key(std::string_view pipeline, std::string_view value) {
  return {pipeline, std::hash<std::string_view>()(pipeline), value};
}

TEST(TransformCache, FindsWhatWasInserted) {
  TransformCache cache;
  auto k = key("lowercase", "ABC");
  EXPECT_EQ(cache.find(k, cache.hash(k)), nullptr);
  cache.insert(k, cache.hash(k), {"abc", false});
  const TransformCache::Entry* e = cache.find(k, cache.hash(k));
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->text, "abc");
  EXPECT_FALSE(e->unchanged);
}

TEST(TransformCache, PipelineAndValueBothCount) {
  TransformCache cache;
  auto k = key("lowercase", "abc");
  cache.insert(k, cache.hash(k), {{}, true});
  auto other_value = key("lowercase", "abd");
  auto other_pipeline = key("urlDecodeUni", "abc");
  EXPECT_EQ(cache.find(other_value, cache.hash(other_value)), nullptr);
  EXPECT_EQ(cache.find(other_pipeline, cache.hash(other_pipeline)), nullptr);
  // The same pipeline text at another address (another rule's copy) is the same pipeline.
  std::string copy = "lowercase";
  auto same = key(copy, "abc");
  const TransformCache::Entry* e = cache.find(same, cache.hash(same));
  ASSERT_NE(e, nullptr);
  EXPECT_TRUE(e->unchanged);
}

TEST(TransformCache, SameHashDifferentPipelineIsAMiss) {
  TransformCache cache;
  TransformCache::Key a{"t:a", 7, "v"}, b{"t:b", 7, "v"};
  cache.insert(a, cache.hash(a), {"A", false});
  EXPECT_EQ(cache.find(b, cache.hash(b)), nullptr);
  cache.insert(b, cache.hash(b), {"B", false});
  EXPECT_EQ(cache.find(a, cache.hash(a))->text, "A");
  EXPECT_EQ(cache.find(b, cache.hash(b))->text, "B");
}

TEST(TransformCache, EntriesSurviveGrowth) {
  TransformCache cache;
  std::vector<std::string> values, outputs;
  for (int i = 0; i < 20000; ++i) {
    values.push_back("value" + std::to_string(i));
    outputs.push_back("out" + std::to_string(i));
  }
  for (int i = 0; i < 20000; ++i) {
    auto k = key(i % 2 ? "t:a" : "t:b", values[i]);
    cache.insert(k, cache.hash(k), {outputs[i], false});
  }
  EXPECT_EQ(cache.size(), 20000u);
  for (int i = 0; i < 20000; ++i) {
    auto k = key(i % 2 ? "t:a" : "t:b", values[i]);
    const TransformCache::Entry* e = cache.find(k, cache.hash(k));
    ASSERT_NE(e, nullptr) << i;
    EXPECT_EQ(e->text, outputs[i]);
    auto wrong = key(i % 2 ? "t:b" : "t:a", values[i]);
    EXPECT_EQ(cache.find(wrong, cache.hash(wrong)), nullptr) << i;
  }
}

// The @rx prefilter asks an entry for its output's bytes: made once, kept across growth.
TEST(TransformCache, BytesOfAnEntryAreMadeOnceAndKept) {
  TransformCache cache;
  auto k = key("lowercase", "ABC");
  const TransformCache::Entry& stored = cache.insert(k, cache.hash(k), {"abc", false});
  const ByteMask& bytes = cache.bytes_of(stored, "abc");
  EXPECT_TRUE(bytes.has('a') && bytes.has('b') && bytes.has('c'));
  EXPECT_FALSE(bytes.has('A') || bytes.has('d') || bytes.has(0));
  std::vector<std::string> values;  // the cache views its keys: they must outlive it
  for (int i = 0; i < 5000; ++i) values.push_back("v" + std::to_string(i));
  for (const std::string& v : values) {  // grows the table: the entry moves, its bytes stay
    auto other = key("lowercase", v);
    cache.insert(other, cache.hash(other), {{}, true});
  }
  const TransformCache::Entry* e = cache.find(k, cache.hash(k));
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(&cache.bytes_of(*e, e->text), &bytes);
}

TEST(ByteMask, HoldsExactlyTheBytesOfTheText) {
  ByteMask m = ByteMask::of(std::string_view("a\0\xff~", 4));
  for (int b = 0; b < 256; ++b)
    EXPECT_EQ(m.has(b), b == 'a' || b == 0 || b == 0xff || b == '~') << b;
  ByteMask other;
  EXPECT_FALSE(m.intersects(other));
  other.add(0xff);
  EXPECT_TRUE(m.intersects(other));
  EXPECT_FALSE(ByteMask::of("").intersects(other));
}

TEST(TransformCache, ASmallStartGrowsLikeALargeOne) {
  // A rule set with few transformations starts with a small table (Config::Impl::
  // transform_cache_slots); 3 slots round up to 4.
  for (size_t initial : {3u, 16u}) {
    TransformCache cache(initial);
    std::vector<std::string> values;
    for (int i = 0; i < 1000; ++i) values.push_back("v" + std::to_string(i));
    for (const std::string& v : values) {
      auto k = key("t:a", v);
      cache.insert(k, cache.hash(k), {{}, true});
    }
    EXPECT_EQ(cache.size(), 1000u);
    for (const std::string& v : values) {
      auto k = key("t:a", v);
      EXPECT_NE(cache.find(k, cache.hash(k)), nullptr) << initial << " " << v;
    }
  }
}

TEST(TransformCache, StartsSmallForAFewRulesAndFullForCrs) {
  auto few = testing::load_rules(
      "SecRule ARGS \"@rx a\" \"id:1,phase:2,t:lowercase,pass\"\n"
      "SecRule ARGS \"@rx b\" \"id:2,phase:2,t:none,pass\"\n");
  EXPECT_EQ(few->impl().transform_cache_slots(), 16u);  // 4 per pipeline, at least 16
  std::string many;
  for (int i = 1; i <= 300; ++i)
    many += "SecRule ARGS \"@rx a\" \"id:" + std::to_string(i) + ",phase:2,t:lowercase,pass\"\n";
  EXPECT_EQ(testing::load_rules(many)->impl().transform_cache_slots(), 512u);
}

TEST(TransformCache, BoundedButKeepsWhatItHolds) {
  TransformCache cache;
  std::vector<std::string> values;
  for (int i = 0; i < 40000; ++i) values.push_back("v" + std::to_string(i));
  int inserted = 0;
  for (const std::string& v : values) {
    if (cache.full()) break;
    auto k = key("t:a", v);
    cache.insert(k, cache.hash(k), {{}, true});
    ++inserted;
  }
  EXPECT_TRUE(cache.full());
  EXPECT_LT(inserted, 40000);
  for (int i = 0; i < inserted; ++i) {
    auto k = key("t:a", values[i]);
    EXPECT_NE(cache.find(k, cache.hash(k)), nullptr) << i;
  }
}

// 40,000 arguments fill the cache; the values after that are transformed without it, and a
// rule still finds the one that matches only once transformed, with its transformed value.
TEST(TransformCache, RulesPastTheBoundStillTransform) {
  testing::Request req;
  for (int i = 0; i < 40000; ++i)
    req.query += "a" + std::to_string(i) + "=V" + std::to_string(i) + "&";
  req.query += "last=%41BC";
  testing::Outcome o = testing::run_rules(
      "SecArgumentsLimit 100000\n"
      "SecRule ARGS \"@streq never\" \"id:1,phase:1,pass,nolog,t:lowercase,t:urlDecodeUni\"\n"
      "SecRule ARGS \"@streq abc\" "
      "\"id:2,phase:1,pass,nolog,t:lowercase,t:urlDecodeUni,setvar:tx.hit=%{MATCHED_VAR}\"\n",
      req);
  EXPECT_EQ(o.tx("hit"), "abc");
}

// A short value without any of its pipeline's trigger bytes skips the pipeline and the cache
// (TransformDef::triggers); one with a trigger byte, or a pipeline with a transformation that
// may change any value, still runs it.
TEST(TransformCache, PipelineTriggersAreTheUnionOrNone) {
  auto config = testing::load_rules(
      "SecRule ARGS \"@rx a\" \"id:1,phase:2,t:none,t:lowercase,t:urlDecodeUni,pass\"\n"
      "SecRule ARGS \"@rx a\" \"id:2,phase:2,t:none,t:lowercase,t:length,pass\"\n");
  ASSERT_EQ(config->impl().rules.size(), 2u);
  const Rule* with_triggers = config->impl().rules[0].get();
  const Rule* without = config->impl().rules[1].get();
  ASSERT_TRUE(with_triggers->pipeline_triggers);
  for (int b = 0; b < 256; ++b) {
    bool expected = (b >= 'A' && b <= 'Z') || b == '%' || b == '+';
    EXPECT_EQ(with_triggers->pipeline_triggers->has(static_cast<uint8_t>(b)), expected) << b;
  }
  EXPECT_FALSE(without->pipeline_triggers);
}

TEST(TransformCache, PlainValuesStillMatchThroughTheirPipeline) {
  testing::Request req;
  req.query = "plain=abc&upper=ABC&escaped=%2561bc&long=" + std::string(100, 'x') + "Y";
  testing::Outcome o = testing::run_rules(
      "SecRule ARGS \"@streq abc\" \"id:1,phase:1,pass,nolog,t:none,t:lowercase,t:urlDecodeUni,"
      "setvar:'tx.abc=%{tx.abc} %{MATCHED_VAR_NAME}'\"\n"
      "SecRule ARGS \"@eq 3\" \"id:2,phase:1,pass,nolog,t:none,t:lowercase,t:length,"
      "setvar:'tx.three=%{tx.three} %{MATCHED_VAR_NAME}'\"\n"
      "SecRule ARGS:long \"@endsWith y\" \"id:3,phase:1,pass,nolog,t:none,t:lowercase,"
      "setvar:tx.long=1\"\n",
      req);
  EXPECT_EQ(o.tx("abc"), " ARGS:plain ARGS:upper ARGS:escaped");
  EXPECT_EQ(o.tx("three"), " ARGS:plain ARGS:upper");
  EXPECT_EQ(o.tx("long"), "1");
}

}  // namespace
}  // namespace rampart
