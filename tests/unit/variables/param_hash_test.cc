// Arguments keep the hashes of their name and value (Param, engine/transaction_state.h), which
// the evaluator uses for its memo and transformation-cache lookups instead of hashing the value
// again for every rule: they must be the cache's own hashes, and selection must hand them on.
#include "config/rule_parser.h"
#include "engine/transform_cache.h"
#include "engine_fixture.h"
#include "variables/select.h"

namespace rampart::testing {
namespace {

TEST(ParamHash, IsTheCachesHash) {
  TransformCache cache;
  Param p = hashed_param("name", "a value");
  EXPECT_EQ(p.name_hash, cache.value_hash("name"));
  EXPECT_EQ(p.value_hash, cache.value_hash("a value"));
}

// Query, form and JSON arguments, selected through ARGS, ARGS_NAMES and ARGS_GET with an
// exclusion: each value comes with its own hash, in the order v2 lists them.
TEST(ParamHash, SelectionHandsThemOn) {
  auto config = load_rules(
      "SecRuleEngine On\nSecRequestBodyAccess On\n"
      "SecRule REQUEST_HEADERS:Content-Type \"@rx json\" "
      "\"id:1,phase:1,pass,nolog,ctl:requestBodyProcessor=JSON\"\n");
  Request r;
  r.method = "POST";
  r.query = "q=1&skip=2";
  r.headers.emplace_back("Content-Type", "application/json");
  r.body = R"({"a":["x","x"],"b":"y"})";
  Exchange ex(*config, r);
  ex.run();
  Rule rule;
  ASSERT_FALSE(config::parse_targets("ARGS|!ARGS:skip|ARGS_NAMES|ARGS_GET", rule));
  std::vector<variables::Selected> selected;
  variables::select(ex.state(), rule.targets, selected);
  std::vector<std::string> seen;
  TransformCache cache;
  for (const auto& s : selected) {
    seen.push_back(s.name() + "=" + std::string(s.value));
    EXPECT_EQ(s.value_hash, cache.value_hash(s.value)) << seen.back();
  }
  EXPECT_EQ(seen, (std::vector<std::string>{"ARGS:q=1", "ARGS:a.a=x", "ARGS:a.a=x", "ARGS:b=y",
                                            "ARGS_NAMES:q=q", "ARGS_NAMES:skip=skip",
                                            "ARGS_NAMES:a.a=a.a", "ARGS_NAMES:a.a=a.a",
                                            "ARGS_NAMES:b=b", "ARGS_GET:q=1", "ARGS_GET:skip=2"}));
}

}  // namespace
}  // namespace rampart::testing
