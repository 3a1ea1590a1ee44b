// Summing counter blocks and rendering the sum (src/metrics/snapshot.cc, prometheus.cc, json.cc).
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "log/json.h"  // tools/log/json.h: the log tool's JSON reader
#include "metrics/record.h"
#include "metrics/render.h"
#include "metrics/snapshot.h"

namespace rampart::metrics {
namespace {

// Two processes' blocks, filled by hand.
std::vector<Counters> two_blocks() {
  std::vector<Counters> blocks(3);  // the third was never used
  blocks[0].transactions = 3;
  blocks[0].blocked[1] = 1;
  blocks[0].blocked[2] = 1;
  blocks[0].phase_latency[1].buckets[0] = 2;  // <= 50 µs
  blocks[0].phase_latency[1].buckets[3] = 1;  // <= 500 µs
  blocks[0].phase_latency[1].sum_us = 460;
  blocks[0].phase_latency[1].count = 3;
  blocks[0].request_body_errors = 1;
  blocks[0].store.latency_us = 1500;
  add_rule_hit(blocks[0], 942100);
  add_rule_hit(blocks[0], 1000);
  blocks[1].transactions = 2;
  blocks[1].blocked[2] = 2;
  blocks[1].phase_latency[1].buckets[kBuckets - 1] = 2;  // +Inf
  blocks[1].phase_latency[1].sum_us = 300000;
  blocks[1].phase_latency[1].count = 2;
  blocks[1].pcre_limit_transactions = 1;
  add_rule_hit(blocks[1], 942100);
  add_rule_hit(blocks[1], 942100);
  return blocks;
}

TEST(MetricsSum, AddsEveryBlock) {
  std::vector<Counters> blocks = two_blocks();
  Snapshot s = sum(blocks);
  EXPECT_EQ(s.processes, 2u);
  EXPECT_EQ(s.transactions, 5u);
  EXPECT_EQ(s.blocked[1], 1u);
  EXPECT_EQ(s.blocked[2], 3u);
  EXPECT_EQ(s.phase_latency[1].count, 5u);
  EXPECT_EQ(s.phase_latency[1].sum_us, 300460u);
  EXPECT_EQ(s.phase_latency[1].buckets[0], 2u);
  EXPECT_EQ(s.phase_latency[1].buckets[kBuckets - 1], 2u);
  EXPECT_EQ(s.request_body_errors, 1u);
  EXPECT_EQ(s.pcre_limit_transactions, 1u);
  EXPECT_EQ((std::map<uint64_t, uint64_t>{{1000, 1}, {942100, 3}}), s.rule_hits);
}

TEST(MetricsSecondsText, IsExactDecimal) {
  EXPECT_EQ(seconds_text(0), "0");
  EXPECT_EQ(seconds_text(50), "0.00005");
  EXPECT_EQ(seconds_text(2500), "0.0025");
  EXPECT_EQ(seconds_text(1000000), "1");
  EXPECT_EQ(seconds_text(2500001), "2.500001");
}

// Prometheus text, parsed strictly: every line is a HELP or TYPE comment or `name{labels} value`.
std::map<std::string, std::string> parse_prometheus(const std::string& text) {
  static const std::regex sample(
      R"(([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[a-zA-Z_][a-zA-Z0-9_]*="[^"]*"(,[a-zA-Z_][a-zA-Z0-9_]*="[^"]*")*\})? ([0-9.e+-]+|\+Inf))");
  static const std::regex comment(R"(# (HELP|TYPE) rampart_[a-z_]+ .+)");
  std::map<std::string, std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::smatch m;
    if (std::regex_match(line, comment)) continue;
    EXPECT_TRUE(std::regex_match(line, m, sample)) << "bad line: " << line;
    if (m.size() > 1) out[m[1].str() + m[2].str()] = m[4].str();
  }
  EXPECT_FALSE(text.empty());
  EXPECT_EQ(text.back(), '\n');
  return out;
}

TEST(MetricsPrometheus, EveryLineParsesAndHistogramsAreCumulative) {
  std::vector<Counters> blocks = two_blocks();
  std::string text = render_prometheus(sum(blocks));
  auto m = parse_prometheus(text);
  EXPECT_EQ(m["rampart_transactions_total"], "5");
  EXPECT_EQ(m["rampart_blocked_total{phase=\"1\"}"], "1");
  EXPECT_EQ(m["rampart_blocked_total{phase=\"2\"}"], "3");
  EXPECT_EQ(m["rampart_rule_hits_total{id=\"942100\"}"], "3");
  EXPECT_EQ(m["rampart_rule_hits_total{id=\"1000\"}"], "1");
  EXPECT_EQ(m["rampart_phase_duration_seconds_bucket{phase=\"1\",le=\"0.00005\"}"], "2");
  EXPECT_EQ(m["rampart_phase_duration_seconds_bucket{phase=\"1\",le=\"0.0001\"}"], "2");
  EXPECT_EQ(m["rampart_phase_duration_seconds_bucket{phase=\"1\",le=\"0.0005\"}"], "3");
  EXPECT_EQ(m["rampart_phase_duration_seconds_bucket{phase=\"1\",le=\"0.1\"}"], "3");
  EXPECT_EQ(m["rampart_phase_duration_seconds_bucket{phase=\"1\",le=\"+Inf\"}"], "5");
  EXPECT_EQ(m["rampart_phase_duration_seconds_count{phase=\"1\"}"], "5");
  EXPECT_EQ(m["rampart_phase_duration_seconds_sum{phase=\"1\"}"], "0.30046");
  EXPECT_EQ(m["rampart_phase_duration_seconds_count{phase=\"5\"}"], "0");
  EXPECT_EQ(m["rampart_request_body_errors_total"], "1");
  EXPECT_EQ(m["rampart_pcre_limit_transactions_total"], "1");
  EXPECT_EQ(m["rampart_collection_store_round_trip_seconds_total"], "0.0015");
  EXPECT_EQ(m["rampart_processes"], "2");
  // Each family has exactly one TYPE line, before its samples.
  EXPECT_NE(text.find("# TYPE rampart_phase_duration_seconds histogram\n"), std::string::npos);
  EXPECT_NE(text.find("# TYPE rampart_rule_hits_total counter\n"), std::string::npos);
  EXPECT_LT(text.find("# TYPE rampart_rule_hits_total"), text.find("rampart_rule_hits_total{"));
}

TEST(MetricsPrometheus, EmptySnapshotStillNamesEveryFamily) {
  auto m = parse_prometheus(render_prometheus(Snapshot{}));
  EXPECT_EQ(m["rampart_transactions_total"], "0");
  EXPECT_EQ(m["rampart_blocked_total{phase=\"4\"}"], "0");
  EXPECT_EQ(m.count("rampart_blocked_total{phase=\"5\"}"), 0u);  // phase 5 never blocks
}

TEST(MetricsJson, ParsesAndCarriesTheSameFigures) {
  std::vector<Counters> blocks = two_blocks();
  std::string text = render_json(sum(blocks));
  logtool::json::Value v;
  logtool::json::ParseError e;
  ASSERT_TRUE(logtool::json::parse(text, v, e)) << e.message << " at " << e.offset << ": " << text;
  EXPECT_EQ(v["transactions"].integer(), 5);
  EXPECT_EQ(v["blocked"]["1"].integer(), 1);
  EXPECT_EQ(v["blocked"]["2"].integer(), 3);
  EXPECT_EQ(v["rule_hits"]["942100"].integer(), 3);
  EXPECT_EQ(v["rule_hits"]["1000"].integer(), 1);
  const auto& p1 = v["phase_duration_us"]["1"];
  EXPECT_EQ(p1["buckets"]["50"].integer(), 2);
  EXPECT_EQ(p1["buckets"]["500"].integer(), 3);
  EXPECT_EQ(p1["buckets"]["+Inf"].integer(), 5);
  EXPECT_EQ(p1["sum_us"].integer(), 300460);
  EXPECT_EQ(p1["count"].integer(), 5);
  EXPECT_EQ(v["request_body_errors"].integer(), 1);
  EXPECT_EQ(v["pcre_limit_transactions"].integer(), 1);
  EXPECT_EQ(v["collection_store"]["round_trip_us"].integer(), 1500);
  EXPECT_EQ(v["processes"].integer(), 2);
}

TEST(MetricsPrometheus, StoreRecordsOnlyWhenKnown) {
  Snapshot s;
  auto m = parse_prometheus(render_prometheus(s));
  EXPECT_EQ(m.count("rampart_collection_store_records"), 0u);
  s.store_records = 42;
  m = parse_prometheus(render_prometheus(s));
  EXPECT_EQ(m["rampart_collection_store_records"], "42");
}

TEST(MetricsJson, StoreRecordsNullWhenUnknown) {
  Snapshot s;
  logtool::json::Value v;
  logtool::json::ParseError e;
  ASSERT_TRUE(logtool::json::parse(render_json(s), v, e)) << e.message;
  EXPECT_TRUE(v["collection_store"]["records"].is_null());
  s.store_records = 7;
  ASSERT_TRUE(logtool::json::parse(render_json(s), v, e)) << e.message;
  EXPECT_EQ(v["collection_store"]["records"].integer(), 7);
}

TEST(MetricsJson, EmptySnapshotIsValid) {
  logtool::json::Value v;
  logtool::json::ParseError e;
  ASSERT_TRUE(logtool::json::parse(render_json(Snapshot{}), v, e)) << e.message;
  EXPECT_EQ(v["rule_hits"].type, logtool::json::Value::Type::kObject);
}

}  // namespace
}  // namespace rampart::metrics
