// REQUEST_FILENAME, REQUEST_BASENAME and REQUEST_URI across phases, as ModSecurity v2.9.7 gives
// them for `GET /get/array_diff%20%28?a=%20b` (checked side by side): raw in phase 1, the server's
// decoded path (Transaction::set_server_path) from phase 2 on, the query staying raw.
#include "engine_fixture.h"

namespace rampart::testing {
namespace {

const std::string kRules =
    "SecRuleEngine On\n"
    "SecRule REQUEST_FILENAME \"@unconditionalMatch\" "
    "\"id:1,phase:1,pass,nolog,setvar:'tx.fn1=%{MATCHED_VAR}'\"\n"
    "SecRule REQUEST_URI \"@unconditionalMatch\" "
    "\"id:2,phase:1,pass,nolog,setvar:'tx.uri1=%{MATCHED_VAR}'\"\n"
    "SecRule REQUEST_FILENAME \"@unconditionalMatch\" "
    "\"id:3,phase:2,pass,nolog,setvar:'tx.fn2=%{MATCHED_VAR}'\"\n"
    "SecRule REQUEST_BASENAME \"@unconditionalMatch\" "
    "\"id:4,phase:2,pass,nolog,setvar:'tx.bn2=%{MATCHED_VAR}'\"\n"
    "SecRule REQUEST_URI \"@unconditionalMatch\" "
    "\"id:5,phase:2,pass,nolog,setvar:'tx.uri2=%{MATCHED_VAR}'\"\n"
    "SecRule REQUEST_URI_RAW \"@unconditionalMatch\" "
    "\"id:6,phase:2,pass,nolog,setvar:'tx.raw2=%{MATCHED_VAR}'\"\n"
    // CRS 933151 on the decoded path: the function name, a blank, then '('.
    "SecRule REQUEST_FILENAME \"@rx (?i)\\barray_diff[\\s\\x0b]*\\(\" "
    "\"id:7,phase:2,pass,nolog,setvar:tx.php=1\"\n";

TEST(ServerPath, RawInPhaseOneDecodedFromPhaseTwo) {
  auto config = load_rules(kRules);
  Request req;
  req.path = "/get/array_diff%20%28";
  req.query = "a=%20b";
  Exchange ex(*config, req);
  ASSERT_FALSE(ex.tx().process_request_headers().disruptive());
  ex.tx().set_server_path("/get/array_diff (", "/get/array_diff (");
  ASSERT_FALSE(ex.tx().process_request_body().disruptive());
  EXPECT_EQ(ex.tx_var("fn1"), "/get/array_diff%20%28");
  EXPECT_EQ(ex.tx_var("uri1"), "/get/array_diff%20%28?a=%20b");
  EXPECT_EQ(ex.tx_var("fn2"), "/get/array_diff (");
  EXPECT_EQ(ex.tx_var("bn2"), "array_diff (");
  EXPECT_EQ(ex.tx_var("uri2"), "/get/array_diff (?a=%20b");
  EXPECT_EQ(ex.tx_var("raw2"), "/get/array_diff%20%28?a=%20b");
  EXPECT_EQ(ex.tx_var("php"), "1");
}

TEST(ServerPath, WithoutTheServerPathStaysRaw) {
  auto config = load_rules(kRules);
  Request req;
  req.path = "/get/array_diff%20%28";
  Exchange ex(*config, req);
  ex.run();
  EXPECT_EQ(ex.tx_var("fn2"), "/get/array_diff%20%28");
  EXPECT_EQ(ex.tx_var("php"), "<unset>");
}

}  // namespace
}  // namespace rampart::testing
