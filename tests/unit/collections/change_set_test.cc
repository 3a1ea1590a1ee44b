// ChangeSet: what a transaction did to each variable, for the write-back merge.
#include "collections/change_set.h"

#include <gtest/gtest.h>

namespace rampart::collections {
namespace {

using Kind = ChangeSet::Kind;

TEST(ChangeSet, DeltasAddUp) {
  ChangeSet c;
  c.add("n", 1);
  c.add("N", 2);
  c.add("n", -5);
  ASSERT_EQ(c.changes().size(), 1u);
  EXPECT_EQ(c.changes()[0].kind, Kind::kDelta);
  EXPECT_EQ(c.changes()[0].delta, -2);
}

TEST(ChangeSet, SetThenAddStaysAbsolute) {
  ChangeSet c;
  c.set("n");
  c.add("n", 1);
  EXPECT_EQ(c.changes()[0].kind, Kind::kSet);
}

TEST(ChangeSet, EraseThenAddIsAbsolute) {
  ChangeSet c;
  c.erase("n");
  c.add("n", 1);
  EXPECT_EQ(c.changes()[0].kind, Kind::kSet);
}

TEST(ChangeSet, AddThenSetOrErase) {
  ChangeSet c;
  c.add("a", 3);
  c.set("a");
  c.add("b", 3);
  c.erase("b");
  EXPECT_EQ(c.changes()[0].kind, Kind::kSet);
  EXPECT_EQ(c.changes()[1].kind, Kind::kErase);
  EXPECT_FALSE(c.empty());
  EXPECT_TRUE(ChangeSet().empty());
}

}  // namespace
}  // namespace rampart::collections
