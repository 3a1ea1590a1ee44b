// The record codec: round trips, binary data, and rejection of anything malformed.
#include "collections/record.h"

#include <gtest/gtest.h>

namespace rampart::collections {
namespace {

Record sample() {
  Record r;
  r.expires_at = 1700000000;
  r.vars.set("KEY", "192.0.2.1");
  r.vars.set("counter", "12");
  r.vars.set("binary", std::string("a\0b\x1f\xff", 5));
  r.vars.set("long", std::string(300, 'x'));  // multi-byte varint length
  r.vars.set("empty", "");
  return r;
}

TEST(RecordCodec, RoundTrip) {
  Record r = sample();
  auto back = decode(encode(r));
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->expires_at, r.expires_at);
  ASSERT_EQ(back->vars.entries().size(), r.vars.entries().size());
  for (size_t i = 0; i < r.vars.entries().size(); ++i) {
    EXPECT_EQ(back->vars.entries()[i].name, r.vars.entries()[i].name);
    EXPECT_EQ(back->vars.entries()[i].value, r.vars.entries()[i].value);
  }
}

TEST(RecordCodec, EmptyRecord) {
  Record r;
  std::string bytes = encode(r);
  EXPECT_EQ(bytes.size(), 10u);  // version, expiry, count
  auto back = decode(bytes);
  ASSERT_TRUE(back.has_value());
  EXPECT_TRUE(back->vars.entries().empty());
  EXPECT_EQ(back->expires_at, 0);
}

TEST(RecordCodec, IsCompact) {
  Record r;
  r.vars.set("counter", "5");
  EXPECT_EQ(encode(r).size(), 10u + 1 + 7 + 1 + 1);
}

TEST(RecordCodec, ExpiryWithoutDecoding) {
  EXPECT_EQ(encoded_expiry(encode(sample())), 1700000000);
  EXPECT_FALSE(encoded_expiry("").has_value());
  EXPECT_FALSE(encoded_expiry("\x01short").has_value());
}

TEST(RecordCodec, RejectsMalformed) {
  std::string bytes = encode(sample());
  for (size_t cut = 0; cut < bytes.size(); ++cut)
    EXPECT_FALSE(decode(bytes.substr(0, cut)).has_value()) << "cut at " << cut;
  EXPECT_FALSE(decode(bytes + "x").has_value());  // trailing garbage
  std::string other_version = bytes;
  other_version[0] = 2;
  EXPECT_FALSE(decode(other_version).has_value());
  EXPECT_FALSE(decode("not a record at all").has_value());
}

}  // namespace
}  // namespace rampart::collections
