// The small JSON reader and writer used by `rampart log`.
#include "log/json.h"

#include <gtest/gtest.h>

namespace rampart::logtool::json {
namespace {

TEST(Json, ParsesNestedDocument) {
  Value v;
  ParseError e;
  ASSERT_TRUE(parse(R"({"a":{"b":[1,-2.5e1,true,null,"x\"\u00e9\ud83d\ude00"]},"c":"3"} )", v, e));
  const Value& arr = v["a"]["b"];
  ASSERT_EQ(arr.items.size(), 5u);
  EXPECT_EQ(arr.items[0].integer(), 1);
  EXPECT_DOUBLE_EQ(arr.items[1].number, -25);
  EXPECT_TRUE(arr.items[2].boolean);
  EXPECT_TRUE(arr.items[3].is_null());
  EXPECT_EQ(arr.items[4].str(), "x\"\xc3\xa9\xf0\x9f\x98\x80");
  EXPECT_EQ(v["c"].integer(), 3);
  EXPECT_TRUE(v["missing"]["deeper"].is_null());
}

TEST(Json, ErrorsCarryTheOffset) {
  Value v;
  ParseError e;
  EXPECT_FALSE(parse(R"({"a":1,"b":})", v, e));
  EXPECT_EQ(e.offset, 11u);
  EXPECT_FALSE(parse(R"({"a":"unterminated)", v, e));
  EXPECT_NE(e.message.find("ends early"), std::string::npos);
  EXPECT_FALSE(parse(R"({"a":1} x)", v, e));
  EXPECT_FALSE(parse(std::string(1000, '['), v, e));
  EXPECT_NE(e.message.find("nested"), std::string::npos);
}

TEST(Json, QuoteAlwaysGivesValidJson) {
  EXPECT_EQ(quote("a\"b\\c\n\x01"), "\"a\\\"b\\\\c\\n\\u0001\"");
  EXPECT_EQ(quote("\xc3\xa9"), "\"\xc3\xa9\"");  // valid UTF-8 kept
  EXPECT_EQ(quote("\xff"), "\"\\u00ff\"");       // invalid byte escaped
  Value v;
  ParseError e;
  EXPECT_TRUE(parse(quote("\xe2\x82 x\x80\xff"), v, e));
}

}  // namespace
}  // namespace rampart::logtool::json
