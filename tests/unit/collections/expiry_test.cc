// Expiry of whole records (TIMEOUT) and of single variables (expirevar's __expire_ markers).
#include "collections/expiry.h"

#include <gtest/gtest.h>

namespace rampart::collections {
namespace {

TEST(Expiry, Record) {
  Record r;
  EXPECT_FALSE(record_expired(r, 5));  // 0: never
  r.expires_at = 10;
  EXPECT_FALSE(record_expired(r, 10));
  EXPECT_TRUE(record_expired(r, 11));
}

TEST(Expiry, VariablesPastTheirDeadlineGo) {
  Collection c;
  c.set("block", "1");
  c.set("__expire_block", "100");
  c.set("score", "7");
  c.set("__EXPIRE_score", "200");  // names are case-insensitive
  c.set("keep", "x");
  drop_expired_vars(c, 150);
  EXPECT_EQ(c.get("block"), nullptr);
  EXPECT_EQ(c.get("__expire_block"), nullptr);
  ASSERT_NE(c.get("score"), nullptr);
  EXPECT_NE(c.get("__expire_score"), nullptr);
  EXPECT_NE(c.get("keep"), nullptr);
  drop_expired_vars(c, 201);
  EXPECT_EQ(c.get("score"), nullptr);
}

}  // namespace
}  // namespace rampart::collections
