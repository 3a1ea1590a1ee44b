// The memo of values a rule tested without a match (engine/value_memo.h): the set itself, and
// that a rule over many equal values still answers, runs its actions and logs for every value
// that matches, exactly as if each one were tested.
#include <gtest/gtest.h>

#include <string>

#include "engine/rule_harness.h"
#include "engine/value_memo.h"

namespace rampart::testing {
namespace {

TEST(ValueMemo, FindsWhatWasAddedUntilReset) {
  ValueMemo memo;
  memo.reset(4);
  EXPECT_FALSE(memo.contains(7, "a"));
  memo.add(7, "a");
  memo.add(7, "b");   // same hash, another value
  memo.add(15, "c");  // another hash, the same first slot of an 8-slot table
  EXPECT_TRUE(memo.contains(7, "a"));
  EXPECT_TRUE(memo.contains(7, "b"));
  EXPECT_TRUE(memo.contains(15, "c"));
  EXPECT_FALSE(memo.contains(7, "c"));
  EXPECT_FALSE(memo.contains(8, "a"));
  memo.reset(100);  // larger: a new table
  EXPECT_FALSE(memo.contains(7, "a"));
  memo.add(7, "a");
  memo.reset(2);  // smaller: the same storage, emptied
  EXPECT_FALSE(memo.contains(7, "a"));
  EXPECT_FALSE(memo.contains(15, "c"));
}

TEST(ValueMemo, HoldsAsManyValuesAsReserved) {
  ValueMemo memo;
  std::vector<std::string> values;
  for (int i = 0; i < 1000; ++i) values.push_back("v" + std::to_string(i));
  memo.reset(values.size());
  for (size_t i = 0; i < values.size(); ++i) memo.add(i * 31, values[i]);
  for (size_t i = 0; i < values.size(); ++i) EXPECT_TRUE(memo.contains(i * 31, values[i]));
  EXPECT_FALSE(memo.contains(31, "v0"));
}

// n copies of `name=value`, joined as a query string.
std::string repeated(const std::string& pair, int n) {
  std::string q;
  for (int i = 0; i < n; ++i) q += (q.empty() ? "" : "&") + pair;
  return q;
}

TEST(RepeatedValues, EveryMatchingCopyRunsTheActions) {
  Outcome o = run_rules("SecRule ARGS \"@streq attack\" \"id:1,phase:1,pass,setvar:tx.hits=+1\"\n",
                        get(repeated("b=benign", 30) + "&" + repeated("a=attack", 20)));
  EXPECT_EQ(o.tx("hits"), "20");
  EXPECT_EQ(o.count("[id \"1\"]"), 20u);  // one log line per matched value, as in v2
}

TEST(RepeatedValues, AMatchAfterManyEqualValuesIsFound) {
  Outcome o = run_rules(
      "SecRule ARGS \"@rx ^att\" "
      "\"id:1,phase:1,pass,nolog,t:none,t:lowercase,setvar:tx.hits=+1\"\n",
      get(repeated("a=benign", 40) + "&z=ATTACK&" + repeated("a=benign", 10) + "&y=Attack"));
  EXPECT_EQ(o.tx("hits"), "2");
}

TEST(RepeatedValues, NegatedOperator) {
  const char* rule =
      "SecRule ARGS \"!@streq benign\" \"id:1,phase:1,pass,nolog,setvar:tx.hits=+1\"\n";
  EXPECT_EQ(run_rules(rule, get(repeated("a=benign", 30) + "&b=x")).tx("hits"), "1");
  EXPECT_EQ(run_rules(rule, get(repeated("a=x", 30))).tx("hits"), "30");
}

TEST(RepeatedValues, MultiMatchTestsEveryStageOfEveryCopy) {
  // "ATTACK" does not equal "attack"; its lowercase stage does, for each of the 20 copies.
  Outcome o = run_rules(
      "SecRule ARGS \"@streq attack\" "
      "\"id:1,phase:1,pass,nolog,multiMatch,t:none,t:lowercase,setvar:tx.hits=+1\"\n",
      get(repeated("b=benign", 30) + "&" + repeated("a=ATTACK", 20)));
  EXPECT_EQ(o.tx("hits"), "20");
}

TEST(RepeatedValues, ChainedLinksSeeEveryValue) {
  Outcome o = run_rules(
      "SecRule ARGS_NAMES \"@streq a\" \"id:1,phase:1,pass,nolog,chain,setvar:tx.names=+1\"\n"
      "  SecRule ARGS \"@streq attack\" \"setvar:tx.values=+1\"\n",
      get(repeated("a=benign", 30) + "&" + repeated("a=attack", 3)));
  EXPECT_EQ(o.tx("names"), "33");
  EXPECT_EQ(o.tx("values"), "3");
}

TEST(RepeatedValues, JsonArrayOfObjects) {
  std::string items;
  for (int i = 0; i < 40; ++i) items += std::string(i ? "," : "") + R"({"id":1,"ok":true})";
  items += R"(,{"id":1,"ok":"<script>"})";
  Request req;
  req.method = "POST";
  req.headers.emplace_back("Content-Type", "application/json");
  req.body = "{\"items\":[" + items + "]}";
  Outcome o = run_rules(
      "SecRule REQUEST_HEADERS:Content-Type \"@rx ^application/json\" "
      "\"id:10,phase:1,pass,nolog,ctl:requestBodyProcessor=JSON\"\n"
      "SecRule ARGS|ARGS_NAMES \"@contains <script\" "
      "\"id:1,phase:2,pass,nolog,setvar:tx.hits=+1\"\n",
      std::move(req));
  EXPECT_EQ(o.tx("hits"), "1");
}

}  // namespace
}  // namespace rampart::testing
