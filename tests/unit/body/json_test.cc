// JSON request bodies as ModSecurity v2 names their arguments (dotted paths, array items named by
// the array's key, "array" at the top level), the depth and argument limits, malformed bodies,
// and streaming: a body fed byte by byte yields the same arguments.
#include <gtest/gtest.h>

#include <string>

#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

const std::string kRules =
    "SecRuleEngine On\nSecRequestBodyAccess On\n"
    "SecRule REQUEST_HEADERS:Content-Type \"@beginsWith application/json\" "
    "\"id:1,phase:1,pass,nolog,ctl:requestBodyProcessor=JSON\"\n";

struct JsonRun {
  std::unique_ptr<Config> config;
  std::unique_ptr<Exchange> ex;

  // Feeds `body` in chunks of `chunk` bytes (0: all at once).
  JsonRun(const std::string& body, const std::string& extra = "", size_t chunk = 0) {
    config = load_rules(kRules + extra);
    Request req;
    req.method = "POST";
    req.headers.emplace_back("Content-Type", "application/json");
    ex = std::make_unique<Exchange>(*config, req);
    Transaction& tx = ex->tx();
    tx.process_request_headers();
    if (chunk == 0) chunk = body.size();
    for (size_t i = 0; i < body.size(); i += chunk)
      tx.append_request_body(std::string_view(body).substr(i, chunk));
    tx.process_request_body();
  }
  // "[name=value]…" of the JSON arguments, in order.
  std::string args() {
    std::string s;
    for (const Param& p : ex->state().args_json)
      s += "[" + std::string(p.name) + "=" + std::string(p.value) + "]";
    return s;
  }
  bool error() { return ex->state().reqbody_error; }
  std::string msg() { return ex->state().reqbody_error_msg; }
};

TEST(JsonBody, ObjectMembersJoinWithDots) {
  JsonRun r(R"({"a":{"b":1,"c":{"d":"x"}},"e":"y"})");
  EXPECT_EQ(r.args(), "[a.b=1][a.c.d=x][e=y]");
  EXPECT_FALSE(r.error());
}

TEST(JsonBody, ArrayItemsRepeatTheArrayKey) {
  JsonRun r(R"({"a":[1,2],"b":[{"c":3},[4]]})");
  EXPECT_EQ(r.args(), "[a.a=1][a.a=2][b.b.c=3][b.b.b=4]");
}

TEST(JsonBody, TopLevelArrayIsCalledArray) {
  JsonRun r(R"([1,"two",{"k":3}])");
  EXPECT_EQ(r.args(), "[array.array=1][array.array=two][array.array.k=3]");
}

TEST(JsonBody, ScalarsAsV2WritesThem) {
  JsonRun r(
      R"({"s":"a\"b\u00e9","n":1.50,"big":12345678901234567890,"t":true,"f":false,"z":null})");
  EXPECT_EQ(r.args(), "[s=a\"b\xc3\xa9][n=1.50][big=12345678901234567890][t=true][f=false][z=]");
}

TEST(JsonBody, InArgsButNotArgsPost) {
  auto config = load_rules(kRules +
                           "SecRule ARGS:a.b \"@streq x\" \"id:2,phase:2,deny,status:403\"\n"
                           "SecRule ARGS_POST \"@rx .\" \"id:3,phase:2,pass,setvar:tx.post=1\"\n");
  Request req;
  req.method = "POST";
  req.headers.emplace_back("Content-Type", "application/json");
  req.body = R"({"a":{"b":"x"}})";
  Exchange ex(*config, req);
  EXPECT_EQ(ex.run().status, 403);
  EXPECT_EQ(ex.tx_var("post"), "<unset>");
}

TEST(JsonBody, ByteByByteSameArguments) {
  const std::string body = R"({"a":{"b":[1,"x y",{"c":null}]},"long":"abcdefghijklmnop","t":true})";
  JsonRun whole(body), bytes(body, "", 1), threes(body, "", 3);
  EXPECT_EQ(bytes.args(), whole.args());
  EXPECT_EQ(threes.args(), whole.args());
  EXPECT_FALSE(bytes.error());
}

TEST(JsonBody, MalformedSetsReqbodyError) {
  JsonRun r(R"({"a":1,})");
  EXPECT_TRUE(r.error());
  EXPECT_EQ(r.msg().rfind("JSON parser error: ", 0), 0u) << r.msg();
}

TEST(JsonBody, PrematureEndIsAnError) {
  JsonRun r(R"({"a":{"b":1})");
  EXPECT_TRUE(r.error());
  EXPECT_NE(r.msg().find("premature EOF"), std::string::npos) << r.msg();
}

TEST(JsonBody, DepthLimit) {
  JsonRun ok(R"({"a":{"b":{"c":1}}})", "SecRequestBodyJsonDepthLimit 3\n");
  EXPECT_FALSE(ok.error());
  EXPECT_EQ(ok.args(), "[a.b.c=1]");
  JsonRun deep(R"({"a":{"b":{"c":{"d":1}}}})", "SecRequestBodyJsonDepthLimit 3\n");
  EXPECT_TRUE(deep.error());
  EXPECT_NE(deep.msg().find("depth limit"), std::string::npos) << deep.msg();
  EXPECT_EQ(deep.args(), "");
}

TEST(JsonBody, TenThousandDeepDoesNotCrash) {
  std::string body = std::string(10000, '[') + "1" + std::string(10000, ']');
  JsonRun at_default(body);  // default limit 10000: allowed
  EXPECT_FALSE(at_default.error()) << at_default.msg();
  EXPECT_EQ(at_default.ex->state().args_json.size(), 1u);
  JsonRun over("[" + body + "]");
  EXPECT_TRUE(over.error());
  std::string huge = std::string(200000, '[');  // never closed, stopped at the limit
  JsonRun unclosed(huge, "", 4096);
  EXPECT_TRUE(unclosed.error());
}

TEST(JsonBody, LongKeyUnderDeepArraysIsBounded) {
  // Names would be depth x key bytes (100 MB here): stopped with REQBODY_ERROR instead.
  std::string body = "{\"" + std::string(10000, 'k') + "\":" + std::string(10000, '[') + "1" +
                     std::string(10000, ']') + "}";
  JsonRun r(body);
  EXPECT_TRUE(r.error());
  EXPECT_NE(r.msg().find("name longer"), std::string::npos) << r.msg();
}

TEST(JsonBody, ArgumentsLimit) {
  JsonRun r(R"({"a":1,"b":2,"c":3,"d":4})", "SecArgumentsLimit 3\n");
  EXPECT_TRUE(r.error());
  EXPECT_EQ(r.args(), "[a=1][b=2][c=3]");
  EXPECT_NE(r.msg().find("Arguments limit"), std::string::npos) << r.msg();
  JsonRun fits(R"({"a":1,"b":2,"c":3})", "SecArgumentsLimit 3\n");
  EXPECT_FALSE(fits.error());
}

TEST(JsonBody, CutByProcessPartialIsNoError) {
  const std::string limits = "SecRequestBodyLimit 20\nSecRequestBodyLimitAction ProcessPartial\n";
  JsonRun r(R"({"a":1,"b":{"c":"xxxxxxxxxxxxxxxxxxxxxxxx"}})", limits);
  EXPECT_FALSE(r.error()) << r.msg();
  EXPECT_EQ(r.args().rfind("[a=1]", 0), 0u) << r.args();
}

TEST(JsonBody, DirectivesValidate) {
  EXPECT_NE(load_error("SecRequestBodyJsonDepthLimit x\n"), "");
  EXPECT_NE(load_error("SecArgumentsLimit 0\n"), "");
  EXPECT_EQ(load_error("SecRequestBodyJsonDepthLimit 512\nSecArgumentsLimit 1000\n"), "");
}

}  // namespace
}  // namespace rampart::testing
