// @validateDTD against the XML body's document: a valid document does not match, an invalid
// one matches with v2's message, no document means no match (v2: an operator error), and a
// missing or broken DTD is a config error.
#include <gtest/gtest.h>

#include <string>

#include "engine_fixture.h"
#include "operator_test_util.h"

namespace rampart::testing {
namespace {

constexpr int kPassed = 0;  // Intervention::status when nothing intervened

using operators::optest::data_dir;

std::string rules(const std::string& dtd) {
  return "SecRuleEngine On\nSecRequestBodyAccess On\n"
         "SecRule REQUEST_HEADERS:Content-Type \"@contains xml\" "
         "\"id:1,phase:1,pass,nolog,ctl:requestBodyProcessor=XML\"\n"
         "SecRule XML \"@validateDTD " +
         dtd + "\" \"id:10,phase:2,deny,status:403\"\n";
}

Request xml_post(std::string body) {
  Request r;
  r.method = "POST";
  r.headers.emplace_back("Content-Type", "application/xml");
  r.body = std::move(body);
  return r;
}

TEST(ValidateDtd, ValidDocumentPassesInvalidIsDenied) {
  auto config = load_rules(rules(data_dir() + "/order.dtd"));
  Exchange good(*config, xml_post("<order><qty>3</qty></order>"));
  EXPECT_EQ(good.run().status, kPassed);
  Exchange bad(*config, xml_post("<order><foo/></order>"));
  EXPECT_EQ(bad.run().status, 403);
  EXPECT_TRUE(bad.log().contains("XML: DTD validation failed."));
  Exchange again(*config, xml_post("<order><qty>3</qty></order>"));  // the DTD is reusable
  EXPECT_EQ(again.run().status, kPassed);
}

TEST(ValidateDtd, DocumentsOwnDoctypeDoesNotReplaceTheRulesDtd) {
  auto config = load_rules(rules(data_dir() + "/order.dtd"));
  Exchange ex(*config, xml_post("<!DOCTYPE order [<!ELEMENT order ANY>]><order><x/></order>"));
  EXPECT_EQ(ex.run().status, 403);
}

TEST(ValidateDtd, NoDocumentNoMatch) {
  auto config = load_rules(rules(data_dir() + "/order.dtd"));
  Exchange broken(*config, xml_post("<order><qty>"));
  EXPECT_EQ(broken.run().status, kPassed);
  Exchange form(*config, post_form("a=1"));
  EXPECT_EQ(form.run().status, kPassed);
}

TEST(ValidateDtd, UnusableDtdIsAConfigError) {
  std::string missing = load_error(rules(data_dir() + "/nope.dtd"));
  EXPECT_NE(missing.find("/rules/test.conf:4"), std::string::npos) << missing;
  EXPECT_NE(missing.find("Could not load DTD"), std::string::npos) << missing;
  EXPECT_NE(load_error(rules(data_dir() + "/broken.dtd")), "");
  EXPECT_NE(load_error(rules("")), "");
}

}  // namespace
}  // namespace rampart::testing
