// `XML:/*|XML://@*` (CRS writes it so) is two XPath targets: the '/' after `XML:` does not open
// a /regex/ selector that would swallow the '|'.
#include "engine_fixture.h"

namespace rampart::testing {
namespace {

TEST(XmlTargets, XPathSelectorsAreNotRegexes) {
  auto config = load_rules(
      "SecRuleEngine On\nSecRequestBodyAccess On\n"
      "SecAction \"id:1,phase:1,pass,nolog,ctl:requestBodyProcessor=XML\"\n"
      "SecRule XML:/*|XML://@* \"@rx java\\.lang\" \"id:2,phase:2,deny,status:403\"\n");
  Request r;
  r.method = "POST";
  r.headers.emplace_back("Content-Type", "application/xml");
  r.body = "<?xml version=\"1.0\"?><x><e a=\"java.lang.Runtime\">v</e></x>";
  Exchange attribute(*config, r);
  EXPECT_EQ(attribute.run().status, 403);
  r.body = "<?xml version=\"1.0\"?><x><e a=\"v\">java.lang.Runtime</e></x>";
  Exchange element(*config, r);
  EXPECT_EQ(element.run().status, 403);
}

}  // namespace
}  // namespace rampart::testing
