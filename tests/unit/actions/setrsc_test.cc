// setrsc: initialises RESOURCE under a macro-expanded key, like initcol:resource=KEY.
#include <gtest/gtest.h>

#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

TEST(Setrsc, InitialisesResourceSoSetvarAndTargetsWork) {
  Outcome o = run_rules(
      "SecAction \"id:1,phase:1,pass,nolog,setrsc:%{REQUEST_FILENAME},setvar:resource.hits=+1\"\n"
      "SecRule RESOURCE:hits \"@eq 1\" \"id:2,phase:1,deny,msg:'key %{RESOURCE.KEY}'\"\n");
  EXPECT_EQ(o.result.kind, Intervention::Kind::kDeny);
  EXPECT_TRUE(o.logged("[msg \"key /index.html\"]")) << o.line(0);
}

TEST(Setrsc, WithoutItResourceIsNotAvailable) {
  Outcome o = run_rules(
      "SecAction \"id:1,phase:1,pass,nolog,setvar:resource.hits=+1\"\n"
      "SecRule RESOURCE:hits \"@eq 1\" \"id:2,phase:1,deny\"\n");
  EXPECT_EQ(o.result.kind, Intervention::Kind::kNone);
}

TEST(Setrsc, NeedsAKey) {
  EXPECT_NE(load_error("SecAction \"id:1,setrsc\"\n").find("needs a value"), std::string::npos);
}

}  // namespace
}  // namespace rampart::testing
