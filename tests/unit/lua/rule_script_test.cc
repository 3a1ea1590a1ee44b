// SecRuleScript: Lua rules with ModSecurity's m API (getvar, getvars, setvar, log).
#include <unistd.h>

#include <fstream>

#include "collections/collection_harness.h"
#include "engine_fixture.h"

namespace rampart::testing {
namespace {

std::string script(const std::string& name, const std::string& text) {
  std::string path = ::testing::TempDir() + "/rampart_" + name + "." + std::to_string(getpid()) + ".lua";
  std::ofstream(path) << text;
  return path;
}

std::string rule(const std::string& path, const std::string& actions) {
  return "SecRuleEngine On\nSecRuleScript " + path + " \"" + actions + "\"\n";
}

TEST(SecRuleScript, MainReturningAStringMatches) {
  std::string path = script("match", R"(
function main()
  local v = m.getvar("ARGS.q", {"lowercase", "urlDecodeUni"})
  if v ~= nil and string.find(v, "attack", 1, true) then
    return "attack in q: " .. v
  end
  return nil
end
)");
  auto config = load_rules(rule(path, "id:10,phase:2,deny,status:418"));
  Exchange hit(*config, get("q=AT%54ACK"));
  EXPECT_EQ(hit.run().status, 418);
  EXPECT_TRUE(hit.log().contains("attack in q: attack")) << hit.log().lines[0];
  EXPECT_TRUE(hit.log().contains("[id \"10\"]"));
  Exchange miss(*config, get("q=hello"));
  EXPECT_FALSE(miss.run().disruptive());
}

TEST(SecRuleScript, GetvarsAndSetvar) {
  std::string path = script("vars", R"(
function main()
  local n = 0
  for _, v in ipairs(m.getvars("ARGS")) do
    n = n + #v.value
    m.setvar("tx.last_name", v.name)
  end
  m.setvar("tx.total", n)
  m.log(4, "counted " .. n)
  return nil
end
)");
  auto config = load_rules(rule(path, "id:11,phase:2,pass,nolog") +
                           "SecRule TX:total \"@eq 5\" \"id:12,phase:2,deny,status:418\"\n");
  Exchange ex(*config, get("a=12&b=345"));
  EXPECT_EQ(ex.run().status, 418);
  EXPECT_EQ(ex.tx_var("last_name"), "ARGS:b");
}

TEST(SecRuleScript, RuntimeErrorsAreLoggedNotFatal) {
  std::string path = script("boom", "function main() error('boom') end\n");
  auto config = load_rules(rule(path, "id:13,phase:1,deny") +
                           "SecAction \"id:14,phase:1,deny,status:418\"\n");
  Exchange ex(*config, get(""));
  EXPECT_EQ(ex.run().status, 418);  // the script's rule did not match; the next one ran
  EXPECT_TRUE(ex.log().contains("Lua script " + path + ": error in main()"));
  EXPECT_TRUE(ex.log().contains("boom"));
}

TEST(SecRuleScript, SetvarNeedsACollectionAndUnknownTransformationFails) {
  std::string path = script("badset", "function main() m.setvar('score', 1) end\n");
  auto config = load_rules(rule(path, "id:15,phase:1,deny"));
  Exchange ex(*config, get(""));
  EXPECT_FALSE(ex.run().disruptive());
  EXPECT_TRUE(ex.log().contains("name a collection and a variable"));
  std::string path2 = script("badtfn", "function main() return m.getvar('ARGS.a', 'nosuch') end\n");
  auto config2 = load_rules(rule(path2, "id:16,phase:1,deny"));
  Exchange ex2(*config2, get("a=1"));
  EXPECT_FALSE(ex2.run().disruptive());
  EXPECT_TRUE(ex2.log().contains("unknown transformation 'nosuch'"));
}

TEST(SecRuleScript, SetvarWritesPersistentCollectionsLikeTheSetvarAction) {
  std::string path = script("persist", R"(
function main()
  m.setvar("ip.score", "+5")
  m.setvar("ip.score", "-2")
  m.setvar("session.user", "%{ARGS.u}")
  m.setvar("ip.gone", "1")
  m.setvar("!ip.gone")
  m.setvar("tx.n", 7)
  m.setvar("!tx.n")
  return nil
end
)");
  Site site("SecAction \"id:1,phase:1,pass,nolog,initcol:ip=%{REMOTE_ADDR},setsid:abc\"\n" +
            rule(path, "id:19,phase:2,pass,nolog") +
            "SecAction \"id:20,phase:2,pass,nolog,setvar:'tx.seen=%{ip.score}/%{session.user}/"
            "%{ip.gone}/%{tx.n}'\"\n");
  EXPECT_EQ(site.request(get("u=ann")).tx_var("seen"), "3/ann//");
  EXPECT_EQ(site.request(get("u=bob")).tx_var("seen"), "6/bob//");
  EXPECT_EQ(site.stored("", "IP", "192.0.2.10", "score"), "6");
  EXPECT_EQ(site.stored("", "IP", "192.0.2.10", "gone"), "<none>");
}

TEST(SecRuleScript, SetvarOnAnUninitialisedCollectionIsSkipped) {
  std::string path = script("noinit", "function main() m.setvar('ip.x', 1) return 'ran' end\n");
  auto config = load_rules(rule(path, "id:21,phase:1,deny,status:418"));
  Exchange ex(*config, get(""));
  EXPECT_EQ(ex.run().status, 418);  // no error: as in v2 the write is skipped
}

TEST(SecRuleScript, EndlessScriptIsStopped) {
  std::string path = script("loop", "function main() while true do end end\n");
  auto config = load_rules(rule(path, "id:17,phase:1,deny"));
  Exchange ex(*config, get(""));
  EXPECT_FALSE(ex.run().disruptive());
  EXPECT_TRUE(ex.log().contains("ran past"));
}

TEST(SecRuleScript, NoUnsafeLibraries) {
  std::string path = script("unsafe",
                            "function main() return tostring(os == nil and io == nil "
                            "and require == nil) end\n");
  auto config = load_rules(rule(path, "id:18,phase:1,deny,status:418"));
  Exchange ex(*config, get(""));
  EXPECT_EQ(ex.run().status, 418);
  EXPECT_TRUE(ex.log().contains("true"));
}

TEST(SecRuleScript, ConfigErrors) {
  EXPECT_NE(load_error("SecRuleScript /nonexistent/x.lua \"id:1\"\n")
                .find("cannot read the Lua "
                      "script"),
            std::string::npos);
  std::string bad = script("syntax", "function main( return end\n");
  EXPECT_NE(load_error("SecRuleScript " + bad + " \"id:1\"\n").find("SecRuleScript: Lua: "),
            std::string::npos);
  std::string ok = script("ok", "function main() return nil end\n");
  EXPECT_NE(load_error("SecRuleScript " + ok + "\n").find("no id"), std::string::npos);
}

}  // namespace
}  // namespace rampart::testing
