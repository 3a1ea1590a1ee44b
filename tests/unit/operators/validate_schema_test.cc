// @validateSchema against the XML body's document: a valid document does not match, an invalid
// one matches with v2's message, no document means no match (v2: an operator error), the schema
// is loaded once at config time relative to the rule file, and a missing, broken or
// network-fetching schema is a config error.
#include <gtest/gtest.h>

#include <string>

#include "engine_fixture.h"
#include "operator_test_util.h"

namespace rampart::testing {
namespace {

constexpr int kPassed = 0;  // Intervention::status when nothing intervened

using operators::optest::data_dir;

// Phase 1 picks the XML processor for XML content; rule 10 runs @validateSchema on `target`.
std::string rules(const std::string& target, const std::string& schema) {
  return "SecRuleEngine On\nSecRequestBodyAccess On\n"
         "SecRule REQUEST_HEADERS:Content-Type \"@contains xml\" "
         "\"id:1,phase:1,pass,nolog,ctl:requestBodyProcessor=XML\"\n"
         "SecRule " +
         target + " \"@validateSchema " + schema + "\" \"id:10,phase:2,deny,status:403\"\n";
}

Request xml_post(std::string body, std::string type = "text/xml") {
  Request r;
  r.method = "POST";
  r.headers.emplace_back("Content-Type", std::move(type));
  r.body = std::move(body);
  return r;
}

int run(const Config& config, Request req) {
  Exchange ex(config, std::move(req));
  return ex.run().status;
}

TEST(ValidateSchema, ValidDocumentPassesInvalidIsDenied) {
  auto config = load_rules(rules("XML", data_dir() + "/order.xsd"));
  EXPECT_EQ(run(*config, xml_post("<order><qty>3</qty></order>")), kPassed);
  Exchange bad(*config, xml_post("<order><qty>three</qty></order>"));
  EXPECT_EQ(bad.run().status, 403);
  EXPECT_TRUE(bad.log().contains("XML: Schema validation failed.")) << bad.log().lines[0];
  EXPECT_EQ(run(*config, xml_post("<other/>")), 403);
}

TEST(ValidateSchema, NoDocumentNoMatch) {
  auto config = load_rules(rules("XML", data_dir() + "/order.xsd"));
  EXPECT_EQ(run(*config, xml_post("<order><qty>3</qty>")), kPassed);  // not well formed
  EXPECT_EQ(run(*config, post_form("a=1")), kPassed);
  EXPECT_EQ(run(*config, get("a=1")), kPassed);
  // Another target: the operator runs but has no tree to validate (v2: an operator error).
  auto uri = load_rules(rules("REQUEST_URI", data_dir() + "/order.xsd"));
  EXPECT_EQ(run(*uri, post_form("a=1")), kPassed);
  EXPECT_EQ(run(*uri, xml_post("<order/>")), 403);  // the document is what is validated
}

TEST(ValidateSchema, PathRelativeToTheRuleFile) {
  Config config;
  auto err = config.load_string(rules("XML", "order.xsd"), data_dir() + "/rules.conf");
  if (!err) err = config.finish();
  ASSERT_FALSE(err) << err->to_string();
  EXPECT_EQ(run(config, xml_post("<order><qty>x</qty></order>")), 403);
}

TEST(ValidateSchema, UnusableSchemaIsAConfigError) {
  std::string missing = load_error(rules("XML", data_dir() + "/nope.xsd"));
  EXPECT_NE(missing.find("/rules/test.conf:4"), std::string::npos) << missing;
  EXPECT_NE(missing.find("Could not load XML Schema"), std::string::npos) << missing;
  std::string broken = load_error(rules("XML", data_dir() + "/broken.xsd"));
  EXPECT_NE(broken.find("noSuchType"), std::string::npos) << broken;
  // An include by URL is refused, never fetched.
  std::string net = load_error(rules("XML", data_dir() + "/network.xsd"));
  EXPECT_NE(net.find("Attempt to load network entity"), std::string::npos) << net;
  EXPECT_NE(load_error(rules("XML", "")), "");
}

}  // namespace
}  // namespace rampart::testing
