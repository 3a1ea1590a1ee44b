// SecRuleUpdateActionById ID:N: the N-th chain link after the starter (ID:0 is the starter).
#include "engine_fixture.h"

namespace rampart::testing {
namespace {

const std::string kChain =
    "SecRuleEngine On\n"
    "SecRule ARGS:a \"@streq 1\" \"id:100,phase:1,deny,status:418,chain\"\n"
    "SecRule ARGS:b \"@streq X\" \"t:none,chain\"\n"
    "SecRule ARGS:c \"@streq 3\" \"t:none\"\n";

TEST(UpdateActionOffset, ChangesTheLinksTransformations) {
  // Without the update ARGS:b "x" does not equal "X"; t:uppercase on link 1 makes it match.
  auto before = load_rules(kChain);
  Exchange a(*before, get("a=1&b=x&c=3"));
  EXPECT_FALSE(a.run().disruptive());
  auto after = load_rules(kChain + "SecRuleUpdateActionById 100:1 \"t:uppercase\"\n");
  Exchange b(*after, get("a=1&b=x&c=3"));
  EXPECT_EQ(b.run().status, 418);
}

TEST(UpdateActionOffset, SecondLinkAndZeroIsTheStarter) {
  auto config = load_rules(kChain +
                           "SecRuleUpdateActionById 100:2 \"setvar:tx.last=1\"\n"
                           "SecRuleUpdateActionById 100:0 \"status:419\"\n");
  Exchange ex(*config, get("a=1&b=X&c=3"));
  EXPECT_EQ(ex.run().status, 419);
  EXPECT_EQ(ex.tx_var("last"), "1");
}

TEST(UpdateActionOffset, InheritedChainIsCopiedNotChanged) {
  auto parent = load_rules(kChain);
  auto child = std::make_unique<Config>();
  ASSERT_FALSE(child->load_string("SecRuleUpdateActionById 100:1 \"t:uppercase\"\n", "/c.conf"));
  auto merged = Config::merge(*parent, *child);
  Exchange in_child(*merged, get("a=1&b=x&c=3"));
  EXPECT_EQ(in_child.run().status, 418);
  Exchange in_parent(*parent, get("a=1&b=x&c=3"));
  EXPECT_FALSE(in_parent.run().disruptive());
}

TEST(UpdateActionOffset, Errors) {
  EXPECT_NE(load_error(kChain + "SecRuleUpdateActionById 100:3 \"t:none\"\n")
                .find("rule 100 has no chain link 3 (its chain has 2 after the starter)"),
            std::string::npos);
  EXPECT_NE(load_error(kChain + "SecRuleUpdateActionById 100:x \"t:none\"\n")
                .find("after the colon comes a chain offset"),
            std::string::npos);
  EXPECT_NE(load_error(kChain + "SecRuleUpdateActionById 100:1 \"deny\"\n")
                .find("a chain link takes no disruptive"),
            std::string::npos);
}

}  // namespace
}  // namespace rampart::testing
