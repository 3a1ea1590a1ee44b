// The foundation issue's examples, run through the engine alone (the same rules run through a
// real httpd in tests/integration).
#include "engine_fixture.h"

namespace rampart::testing {
namespace {

constexpr const char* kWhitelist = R"R(
SecRuleEngine On
SecRequestBodyAccess On
SecRule ARGS:surname "!@rx ^[a-z0-9._-]*$" "id:1000,deny"
)R";

TEST(MustShow, WhitelistAllowsLowercaseSurname) {
  auto config = load_rules(kWhitelist);
  Exchange ex(*config, get("surname=smith"));
  EXPECT_FALSE(ex.run().disruptive());
  EXPECT_TRUE(ex.log().lines.empty());
}

TEST(MustShow, WhitelistDeniesQuoteInQueryString) {
  auto config = load_rules(kWhitelist);
  Exchange ex(*config, get("surname=Smith%27;--"));
  Intervention i = ex.run();
  EXPECT_EQ(i.kind, Intervention::Kind::kDeny);
  EXPECT_EQ(i.status, 403);
  ASSERT_EQ(ex.log().lines.size(), 1u);
  const std::string& line = ex.log().lines[0];
  EXPECT_EQ(line.rfind("ModSecurity: Access denied with code 403 (phase 2). ", 0), 0u) << line;
  EXPECT_NE(line.find("Match of \"rx ^[a-z0-9._-]*$\" against \"ARGS:surname\" required."),
            std::string::npos)
      << line;
  EXPECT_NE(line.find("[file \"/rules/test.conf\"] [line \"4\"] [id \"1000\"]"), std::string::npos)
      << line;
  EXPECT_NE(line.find("[hostname \"www.example.com\"] [uri \"/index.html\"] [unique_id \"TESTID\"]"),
            std::string::npos)
      << line;
}

TEST(MustShow, WhitelistDeniesQuoteInUrlencodedBody) {
  auto config = load_rules(kWhitelist);
  Exchange ex(*config, post_form("surname=Smith%27;--"));
  EXPECT_EQ(ex.run().status, 403);
  EXPECT_EQ(ex.log().count("[id \"1000\"]"), 1u);
}

constexpr const char* kPollution = R"R(
SecRuleEngine On
SecRule ARGS_NAMES "@unconditionalMatch" "id:1001,pass,setvar:'TX.paramcounter_%{MATCHED_VAR_NAME}=+1'"
SecRule TX:/paramcounter_.*/ "@gt 1" "id:1002,deny,msg:'HTTP Parameter Pollution (%{TX.1})',chain"
    SecRule MATCHED_VARS_NAMES "TX:paramcounter_(.*)" "capture"
)R";

TEST(MustShow, ParameterPollutionAllowsDistinctNames) {
  auto config = load_rules(kPollution);
  Exchange ex(*config, get("a=1&b=2"));
  EXPECT_FALSE(ex.run().disruptive());
  EXPECT_EQ(ex.tx_var("paramcounter_ARGS_NAMES:a"), "1");
}

TEST(MustShow, ParameterPollutionDeniesRepeatedName) {
  auto config = load_rules(kPollution);
  Exchange ex(*config, get("a=1&a=2"));
  EXPECT_EQ(ex.run().status, 403);
  EXPECT_TRUE(ex.log().contains("[msg \"HTTP Parameter Pollution (ARGS_NAMES:a)\"]"));
  EXPECT_TRUE(ex.log().contains("[id \"1002\"]"));
}

TEST(MustShow, DetectionOnlyLogsButNeverBlocks) {
  auto config = load_rules(R"R(
SecRuleEngine DetectionOnly
SecRule ARGS:surname "!@rx ^[a-z0-9._-]*$" "id:1000,deny"
)R");
  Exchange ex(*config, get("surname=Smith%27;--"));
  EXPECT_FALSE(ex.run().disruptive());
  ASSERT_EQ(ex.log().lines.size(), 1u);
  EXPECT_EQ(ex.log().lines[0].rfind("ModSecurity: Warning. ", 0), 0u);
}

}  // namespace
}  // namespace rampart::testing
