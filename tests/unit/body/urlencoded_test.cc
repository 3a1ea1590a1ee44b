// URLENCODED bodies and the query string as ModSecurity v2 parses them (checked against v2.9.7):
// SecArgumentSeparator splits both, repeated names stay in order, an invalid %-escape is kept as
// written and sets URLENCODED_ERROR (never REQBODY_ERROR), ARGS_POST / ARGS_POST_NAMES.
#include <gtest/gtest.h>

#include <string>

#include "body/urlencoded.h"
#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

std::string parsed(std::string_view text, char separator = '&') {
  auto config = load_rules("");
  CollectingSink sink;
  TransactionState tx(*config, sink);
  std::vector<Param> out;
  bool valid = body::parse_urlencoded(tx, text, separator, out);
  std::string s = valid ? "" : "!";
  for (const Param& p : out) s += "[" + std::string(p.name) + "=" + std::string(p.value) + "]";
  return s;
}

TEST(ParseUrlencoded, PairsInOrder) {
  EXPECT_EQ(parsed("a=1&b=2&a=3"), "[a=1][b=2][a=3]");
}

TEST(ParseUrlencoded, DecodesPercentAndPlus) {
  EXPECT_EQ(parsed("n%61me=x+y%20z%2B"), "[name=x y z+]");
}

TEST(ParseUrlencoded, InvalidEscapesKeptAsWrittenAndFlagged) {
  EXPECT_EQ(parsed("a=%zz&b=%4"), "![a=%zz][b=%4]");
  EXPECT_EQ(parsed("a=%"), "![a=%]");
  EXPECT_EQ(parsed("%g1=1"), "![%g1=1]");
}

TEST(ParseUrlencoded, EmptyPiecesNamesAndValues) {
  EXPECT_EQ(parsed("=v&&n&x=&"), "[=v][n=][x=]");
  EXPECT_EQ(parsed(""), "");
  EXPECT_EQ(parsed("a=b=c"), "[a=b=c]") << "only the first '=' separates";
}

TEST(ParseUrlencoded, OtherSeparator) {
  EXPECT_EQ(parsed("a=1;b=2&c=3", ';'), "[a=1][b=2&c=3]");
}

TEST(ParseUrlencoded, BinaryBytesSurvive) {
  std::string body("a=\x00\xff%00", 7);
  std::string want = std::string("[a=\x00\xff", 5) + std::string(1, '\0') + "]";
  EXPECT_EQ(parsed(body), want);
}

TEST(UrlencodedBody, ArgsPostAndNames) {
  EXPECT_EQ(seen("ARGS_POST", post_form("a=1&b=2&a=3")),
            "[ARGS_POST:a=1][ARGS_POST:b=2][ARGS_POST:a=3]");
  EXPECT_EQ(seen("ARGS_POST_NAMES", post_form("a=1&b=2")),
            "[ARGS_POST_NAMES:a=a][ARGS_POST_NAMES:b=b]");
  EXPECT_EQ(seen("ARGS_POST", get("a=1")), "<unset>");
}

TEST(UrlencodedBody, SeparatorAppliesToBodyAndQuery) {
  Request req = post_form("a=1;b=2&c=3");
  req.query = "g=1;h=2&i=3";
  EXPECT_EQ(seen("ARGS", req, 2, "SecArgumentSeparator ;\n"),
            "[ARGS:g=1][ARGS:h=2&i=3][ARGS:a=1][ARGS:b=2&c=3]");
}

TEST(UrlencodedError, SetByBodyOrQueryNotByValidInput) {
  EXPECT_EQ(seen("URLENCODED_ERROR", post_form("a=%zz")), "[URLENCODED_ERROR=1]");
  EXPECT_EQ(seen("URLENCODED_ERROR", get("a=%4")), "[URLENCODED_ERROR=1]");
  EXPECT_EQ(seen("URLENCODED_ERROR", get("a=%4"), 1), "[URLENCODED_ERROR=1]")
      << "the query string is parsed before phase 1";
  EXPECT_EQ(seen("URLENCODED_ERROR", post_form("a=%41+b")), "[URLENCODED_ERROR=0]");
  EXPECT_EQ(seen("REQBODY_ERROR", post_form("a=%zz")), "[REQBODY_ERROR=0]")
      << "v2: an invalid escape is not a parse failure";
}

TEST(ReqbodyProcessorError, AliasesOfReqbodyError) {
  EXPECT_EQ(seen("REQBODY_PROCESSOR_ERROR", post_form("a=1")), "[REQBODY_PROCESSOR_ERROR=0]");
  EXPECT_EQ(seen("REQBODY_PROCESSOR_ERROR_MSG", post_form("a=1")),
            "[REQBODY_PROCESSOR_ERROR_MSG=]");
}

// A pair that straddles chunks (here: every byte its own chunk) parses as if sent at once.
TEST(UrlencodedBody, ChunkBoundariesDoNotMatter) {
  auto config = load_rules(
      "SecRuleEngine On\nSecRequestBodyAccess On\n"
      "SecRule ARGS_POST:name \"@streq a b\" \"id:1,phase:2,deny\"\n");
  Exchange ex(*config, post_form(""));
  Transaction& tx = ex.tx();
  tx.process_request_headers();
  for (char c : std::string("x=1&name=a+b&y=%41")) tx.append_request_body(std::string_view(&c, 1));
  EXPECT_EQ(tx.process_request_body().status, 403);
  ASSERT_EQ(ex.state().args_post.size(), 3u);
  EXPECT_EQ(ex.state().args_post[2].value, "A");
}

// Adversarial bodies: escapes and separators only, a megabyte long; parsed in linear time.
TEST(ParseUrlencoded, AdversarialInputIsBounded) {
  std::string percents(1 << 20, '%');
  EXPECT_EQ(parsed(percents).substr(0, 2), "![");
  std::string separators(1 << 20, '&');
  EXPECT_EQ(parsed(separators), "");
  std::string pairs;
  for (int i = 0; i < 50000; ++i) pairs += "a=%41&";
  auto config = load_rules("");
  CollectingSink sink;
  TransactionState tx(*config, sink);
  std::vector<Param> out;
  EXPECT_TRUE(body::parse_urlencoded(tx, pairs, '&', out));
  EXPECT_EQ(out.size(), 50000u);
}

}  // namespace
}  // namespace rampart::testing
