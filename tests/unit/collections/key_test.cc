// Record keys: scope, upper-case collection, exact key; long keys hashed to fit LMDB.
#include "collections/key.h"

#include <gtest/gtest.h>

namespace rampart::collections {
namespace {

TEST(RecordKey, Layout) {
  EXPECT_EQ(record_key("", "ip", "192.0.2.1"), std::string("\x1fIP\x1f") + "192.0.2.1");
  EXPECT_EQ(record_key("shop", "Session", "AbC"), std::string("shop\x1fSESSION\x1f") + "AbC");
  EXPECT_EQ(collection_prefix("", "global"), "\x1fGLOBAL\x1f");
}

TEST(RecordKey, CollectionNameIgnoresCaseKeyDoesNot) {
  EXPECT_EQ(record_key("", "ip", "x"), record_key("", "IP", "x"));
  EXPECT_NE(record_key("", "ip", "abc"), record_key("", "ip", "ABC"));
}

TEST(RecordKey, SplitsBack) {
  const std::string key = record_key("app", "USER", "alice");  // the parts view into it
  auto parts = split_record_key(key);
  ASSERT_TRUE(parts.has_value());
  EXPECT_EQ(parts->scope, "app");
  EXPECT_EQ(parts->collection, "USER");
  EXPECT_EQ(parts->key, "alice");
  EXPECT_FALSE(split_record_key("garbage").has_value());
}

TEST(RecordKey, LongKeysFitAndStayDistinct) {
  std::string a(2000, 'a'), b = a;
  b.back() = 'b';
  std::string ka = record_key("", "RESOURCE", a), kb = record_key("", "RESOURCE", b);
  EXPECT_LE(ka.size(), kMaxKeyBytes);
  EXPECT_LE(kb.size(), kMaxKeyBytes);
  EXPECT_NE(ka, kb);
  EXPECT_EQ(ka, record_key("", "RESOURCE", a));  // stable
  EXPECT_EQ(ka.substr(0, 10), std::string("\x1fRESOURCE\x1f"));
}

}  // namespace
}  // namespace rampart::collections
