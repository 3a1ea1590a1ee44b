// The write-back merge: deltas add to what others stored meanwhile, sets win, built-in fields.
#include "collections/merge.h"

#include <gtest/gtest.h>

namespace rampart::collections {
namespace {

constexpr int64_t kNow = 1000000;

Record stored_with(std::initializer_list<std::pair<const char*, const char*>> vars,
                   int64_t expires = kNow + 100) {
  Record r;
  r.expires_at = expires;
  for (auto [n, v] : vars) r.vars.set(n, v);
  return r;
}

std::string var(const Record& r, std::string_view name) {
  const std::string* v = r.vars.get(name);
  return v ? *v : "<none>";
}

TEST(Merge, DeltaAddsToTheCurrentlyStoredValue) {
  // We loaded counter=5 and added 1; meanwhile another process stored 9.
  Collection ours;
  ours.set("counter", "6");
  ChangeSet changes;
  changes.add("counter", 1);
  Record out = merge(stored_with({{"counter", "9"}, {"UPDATE_COUNTER", "4"}, {"TIMEOUT", "60"}}),
                     ours, changes, kNow, 3600);
  EXPECT_EQ(var(out, "counter"), "10");
  EXPECT_EQ(var(out, "UPDATE_COUNTER"), "5");
  EXPECT_EQ(var(out, "LAST_UPDATE_TIME"), std::to_string(kNow));
  EXPECT_EQ(out.expires_at, kNow + 60);
}

TEST(Merge, SetIsLastWriterWinsAndUntouchedVariablesStay) {
  Collection ours;
  ours.set("block", "1");
  ChangeSet changes;
  changes.set("block");
  Record out = merge(stored_with({{"block", "0"}, {"other", "kept"}}), ours, changes, kNow, 3600);
  EXPECT_EQ(var(out, "block"), "1");
  EXPECT_EQ(var(out, "other"), "kept");
}

TEST(Merge, EraseRemoves) {
  Collection ours;
  ChangeSet changes;
  changes.erase("block");
  Record out = merge(stored_with({{"block", "1"}}), ours, changes, kNow, 3600);
  EXPECT_EQ(var(out, "block"), "<none>");
}

TEST(Merge, NewRecordTakesOurIdentityAndStartsCountersAtZero) {
  Collection ours;
  ours.set("KEY", "192.0.2.1");
  ours.set("TIMEOUT", "300");
  ours.set("CREATE_TIME", "999");
  ours.set("UPDATE_COUNTER", "0");
  ours.set("IS_NEW", "1");
  ours.set("counter", "1");
  ours.set("loaded_only", "x");  // not changed by this transaction: not written
  ChangeSet changes;
  changes.add("counter", 1);
  Record out = merge(std::nullopt, ours, changes, kNow, 3600);
  EXPECT_EQ(var(out, "KEY"), "192.0.2.1");
  EXPECT_EQ(var(out, "CREATE_TIME"), "999");
  EXPECT_EQ(var(out, "counter"), "1");
  EXPECT_EQ(var(out, "UPDATE_COUNTER"), "1");
  EXPECT_EQ(var(out, "IS_NEW"), "<none>");  // v2 drops IS_NEW when it stores
  EXPECT_EQ(var(out, "loaded_only"), "<none>");
  EXPECT_EQ(out.expires_at, kNow + 300);
}

TEST(Merge, ExpiredStoredRecordCountsAsNone) {
  Collection ours;
  ours.set("TIMEOUT", "60");
  ChangeSet changes;
  changes.add("counter", 1);
  Record out = merge(stored_with({{"counter", "50"}}, kNow - 1), ours, changes, kNow, 3600);
  EXPECT_EQ(var(out, "counter"), "1");
}

TEST(Merge, ExpiredVariablesOfTheStoredRecordAreDropped) {
  Collection ours;
  ChangeSet changes;
  changes.add("counter", 1);
  Record out = merge(
      stored_with(
          {{"block", "1"}, {"__expire_block", std::to_string(kNow - 5).c_str()}, {"counter", "2"}}),
      ours, changes, kNow, 3600);
  EXPECT_EQ(var(out, "block"), "<none>");
  EXPECT_EQ(var(out, "__expire_block"), "<none>");
  EXPECT_EQ(var(out, "counter"), "3");
}

TEST(Merge, MissingTimeoutUsesTheDefault) {
  Record out = merge(stored_with({}), Collection(), ChangeSet(), kNow, 42);
  EXPECT_EQ(out.expires_at, kNow + 42);
}

}  // namespace
}  // namespace rampart::collections
