// pause: v2's semantics. Written last it is the rule's disruptive action: the request is delayed
// ("Paused Access") and goes on; written before deny & co. it delays them. Never in
// DetectionOnly or for a rule whose last disruptive action is pass. Capped at 10 s.
#include <gtest/gtest.h>

#include <chrono>

#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

TEST(Pause, BeforeDenyDelaysTheDeny) {
  auto start = Clock::now();
  Outcome o = run_rules("SecAction \"id:1,phase:1,pause:200,deny\"\n");
  EXPECT_GE(Clock::now() - start, 200ms);
  EXPECT_EQ(o.result.kind, Intervention::Kind::kDeny);
  EXPECT_TRUE(o.logged("ModSecurity: Pausing transaction for 200 msec. [hostname")) << o.line(0);
  EXPECT_TRUE(o.logged("Access denied with code 403 (phase 1)."));
}

TEST(Pause, LastItReplacesDenyAndTheRequestGoesOn) {
  auto start = Clock::now();
  Outcome o = run_rules("SecAction \"id:1,phase:1,deny,pause:200\"\n");
  EXPECT_GE(Clock::now() - start, 200ms);
  EXPECT_EQ(o.result.kind, Intervention::Kind::kNone);
  EXPECT_TRUE(o.logged("ModSecurity: Paused Access (phase 1). Unconditional match in SecAction."))
      << o.line(1);
  EXPECT_LT(o.line(0).find("Pausing transaction"), std::string::npos);  // before the rule's line
}

TEST(Pause, NotWhenPassComesLastNorInDetectionOnly) {
  auto start = Clock::now();
  run_rules("SecAction \"id:1,phase:1,pause:2000,pass\"\n");
  run_exact("SecRuleEngine DetectionOnly\nSecAction \"id:1,phase:1,pause:2000,deny\"\n");
  EXPECT_LT(Clock::now() - start, 1s);
}

TEST(Pause, ComesFromSecDefaultAction) {
  auto start = Clock::now();
  Outcome o =
      run_rules("SecDefaultAction \"phase:1,pause:150,deny\"\nSecAction \"id:1,phase:1,block\"\n");
  EXPECT_GE(Clock::now() - start, 150ms);
  EXPECT_EQ(o.result.kind, Intervention::Kind::kDeny);
}

TEST(Pause, LongPausesAreCappedAndBadValuesRejected) {
  EXPECT_EQ(load_error("SecAction \"id:1,phase:1,pause:600000,deny\"\n"), "");
  EXPECT_EQ(load_error("SecAction \"id:1,phase:1,deny,pause:0\"\n"), "");
  EXPECT_NE(load_error("SecAction \"id:1,pause:soon\"\n").find("milliseconds"), std::string::npos);
  EXPECT_NE(load_error("SecAction \"id:1,pause:-5\"\n").find("milliseconds"), std::string::npos);
}

}  // namespace
}  // namespace rampart::testing
