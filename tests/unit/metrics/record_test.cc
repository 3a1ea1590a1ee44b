// Recording finished transactions into a counter block (src/metrics/record.cc).
#include "metrics/record.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "engine/transaction_state.h"
#include "engine_fixture.h"
#include "metrics/snapshot.h"

namespace rampart::metrics {
namespace {

using testing::Exchange;
using testing::Request;

class MetricsRecord : public ::testing::Test {
 protected:
  // Runs `req` through `rules` (SecRuleEngine On in front) and records it.
  void run(const std::string& rules, Request req = Request(), std::string engine = "On") {
    auto config =
        testing::load_rules("SecRuleEngine " + engine + "\nSecRequestBodyAccess On\n" + rules);
    Exchange ex(*config, std::move(req));
    ex.run();
    record_transaction(*c, ex.state());
  }
  uint64_t hits(uint64_t id) const {
    Snapshot s = sum({c.get(), 1});
    auto it = s.rule_hits.find(id);
    return it == s.rule_hits.end() ? 0 : it->second;
  }
  std::unique_ptr<Counters> c = std::make_unique<Counters>();
};

const std::string kRules =
    "SecRule ARGS:a \"@streq p1\" \"id:101,phase:1,deny\"\n"
    "SecRule ARGS:a \"@streq p2\" \"id:102,phase:2,deny,status:406\"\n"
    "SecRule ARGS:a \"@rx .\" \"id:103,phase:1,pass,nolog\"\n"
    "SecRule ARGS:a \"@streq chain\" \"id:104,phase:2,pass,chain\"\n"
    "  SecRule ARGS:b \"@streq x\" \"t:none\"\n";

TEST_F(MetricsRecord, AllowedTransactionCountsEveryPhaseThatRan) {
  run(kRules, testing::get("a=ok"));
  EXPECT_EQ(c->transactions, 1u);
  for (int p = 1; p <= 5; ++p) EXPECT_EQ(c->phase_latency[p].count, 1u) << "phase " << p;
  for (int p = 1; p <= 5; ++p) EXPECT_EQ(c->blocked[p], 0u);
  EXPECT_EQ(hits(103), 1u);
  EXPECT_EQ(hits(101), 0u);
}

TEST_F(MetricsRecord, BlockCountsItsPhaseAndSkippedPhasesHaveNoLatency) {
  run(kRules, testing::get("a=p1"));
  EXPECT_EQ(c->blocked[1], 1u);
  EXPECT_EQ(c->phase_latency[1].count, 1u);
  for (int p = 2; p <= 4; ++p) EXPECT_EQ(c->phase_latency[p].count, 0u) << "phase " << p;
  EXPECT_EQ(c->phase_latency[5].count, 1u);  // logging always runs
  EXPECT_EQ(hits(101), 1u);
  run(kRules, testing::get("a=p2"));
  EXPECT_EQ(c->blocked[2], 1u);
  EXPECT_EQ(c->transactions, 2u);
  EXPECT_EQ(hits(102), 1u);
  EXPECT_EQ(hits(103), 1u);  // after 101 in phase 1: not reached when 101 denied
}

TEST_F(MetricsRecord, ChainCountsItsStarterOnlyWhenTheWholeChainMatched) {
  run(kRules, testing::get("a=chain&b=y"));
  EXPECT_EQ(hits(104), 0u);
  run(kRules, testing::get("a=chain&b=x"));
  EXPECT_EQ(hits(104), 1u);
}

TEST_F(MetricsRecord, DetectionOnlyCountsHitsButNoBlock) {
  run(kRules, testing::get("a=p1"), "DetectionOnly");
  EXPECT_EQ(c->transactions, 1u);
  EXPECT_EQ(c->blocked[1], 0u);
  EXPECT_EQ(hits(101), 1u);
}

TEST_F(MetricsRecord, EngineOffIsNotCounted) {
  run(kRules, testing::get("a=p1"), "Off");
  EXPECT_EQ(c->transactions, 0u);
  EXPECT_EQ(c->phase_latency[1].count, 0u);
}

TEST_F(MetricsRecord, BodyThatFailsToParseCountsABodyError) {
  Request req;
  req.method = "POST";
  req.headers.emplace_back("Content-Type", "application/json");
  req.body = "{\"a\": ";
  run("SecRule REQUEST_HEADERS:Content-Type \"@beginsWith application/json\" "
      "\"id:200,phase:1,pass,nolog,ctl:requestBodyProcessor=JSON\"\n",
      req);
  EXPECT_EQ(c->request_body_errors, 1u);
  run("", testing::get("a=1"));
  EXPECT_EQ(c->request_body_errors, 1u);
}

TEST_F(MetricsRecord, PcreLimitHitIsCounted) {
  run("SecPcreMatchLimit 1000\nSecRule ARGS:q \"@rx ^(a|a)+$\" \"id:1,phase:1,deny\"\n",
      testing::get("q=" + std::string(40, 'a') + "b"));
  EXPECT_EQ(c->pcre_limit_transactions, 1u);
  EXPECT_EQ(c->blocked[1], 0u);  // no match: the request passes
}

TEST_F(MetricsRecord, BodyOverItsLimitIsABlockInPhase2) {
  Request req = testing::post_form("a=" + std::string(200, 'x'));
  run("SecRequestBodyLimit 100\nSecRequestBodyLimitAction Reject\n", req);
  EXPECT_EQ(c->blocked[2], 1u);
}

TEST(MetricsHistogram, BoundsAreInclusiveAndSlowOnesGoToInf) {
  auto c = std::make_unique<Counters>();
  // Latency comes from the engine's clock, so place observations through the public buckets:
  // a transaction that took 0 µs lands in the first bucket.
  auto config = testing::load_rules("SecRuleEngine On\n");
  Exchange ex(*config, testing::get(""));
  ex.run();
  ex.state().audit.phase_us = {0, 50, 51, 100000, 100001, 0};
  record_transaction(*c, ex.state());
  EXPECT_EQ(c->phase_latency[1].buckets[0], 1u);  // 50 <= 50
  EXPECT_EQ(c->phase_latency[2].buckets[1], 1u);  // 51 <= 100
  EXPECT_EQ(c->phase_latency[3].buckets[kBuckets - 2], 1u);
  EXPECT_EQ(c->phase_latency[4].buckets[kBuckets - 1], 1u);  // +Inf
  EXPECT_EQ(c->phase_latency[4].sum_us, 100001u);
}

TEST(MetricsRuleTable, EveryIdGetsItsOwnSlotUntilTheTableIsFull) {
  auto c = std::make_unique<Counters>();
  for (uint64_t id = 1; id <= kRuleSlots; ++id) add_rule_hit(*c, id * 7);
  add_rule_hit(*c, 7);
  add_rule_hit(*c, 999999999);  // no room left
  add_rule_hit(*c, 0);          // not a numeric id
  Snapshot s = sum({c.get(), 1});
  EXPECT_EQ(s.rule_hits.size(), kRuleSlots);
  EXPECT_EQ(s.rule_hits[7], 2u);
  EXPECT_EQ(s.rule_hits[kRuleSlots * 7], 1u);
  EXPECT_EQ(s.rule_hits_untracked, 2u);
}

TEST(MetricsStore, OnlyIncreasesAreAddedOnce) {
  auto c = std::make_unique<Counters>();
  StoreWatermark seen;
  CollectionStoreMetrics m;
  m.round_trips = 5;
  m.errors = 1;
  m.latency_us_total = 700;
  record_store(*c, seen, m);
  record_store(*c, seen, m);  // nothing new
  m.round_trips = 4;          // an older reading from another thread: ignored
  record_store(*c, seen, m);
  m.round_trips = 9;
  record_store(*c, seen, m);
  EXPECT_EQ(c->store.round_trips, 9u);
  EXPECT_EQ(c->store.errors, 1u);
  EXPECT_EQ(c->store.latency_us, 700u);
  EXPECT_EQ(c->store.timeouts, 0u);
  // A new process taking over the block starts from zero: its counts add to the old ones.
  StoreWatermark fresh;
  m.round_trips = 2;
  record_store(*c, fresh, m);
  EXPECT_EQ(c->store.round_trips, 11u);
}

}  // namespace
}  // namespace rampart::metrics
