// exec: runs a program (no arguments, the transaction in its environment, no shell) or a Lua
// script when the rule matches; never when it does not; bad paths are load errors.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "engine/rule_harness.h"
#include "lookups/temp_dir.h"

namespace rampart::testing {
namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(Exec, RunsTheProgramWithTheTransactionInItsEnvironment) {
  TempDir dir("exec");
  std::string out = dir.path("out.txt");
  std::string prog = dir.write(
      "notify.sh",
      "#!/bin/sh\necho \"$# $REMOTE_ADDR $REQUEST_METHOD $REQUEST_URI $UNIQUE_ID $flag\" > " + out +
          "\necho done\n",
      true);
  Outcome o = run_rules(
      "SecRule ARGS:a \"@streq x\" \"id:1,phase:1,pass,nolog,setenv:flag=on,exec:" + prog + "\"\n",
      get("a=x"));
  EXPECT_EQ(read(out), "0 192.0.2.10 GET /index.html?a=x TESTID on\n");
  EXPECT_TRUE(o.lines().empty()) << o.line(0);
}

TEST(Exec, DoesNotRunWhenTheRuleDoesNotMatch) {
  TempDir dir("exec");
  std::string out = dir.path("out.txt");
  std::string prog = dir.write("p.sh", "#!/bin/sh\necho ran > " + out + "\necho ok\n", true);
  run_rules("SecRule ARGS:a \"@streq x\" \"id:1,phase:1,pass,nolog,exec:" + prog + "\"\n",
            get("a=y"));
  EXPECT_EQ(read(out), "");
}

TEST(Exec, ProgramWithoutOutputIsLogged) {
  TempDir dir("exec");
  std::string prog = dir.write("p.sh", "#!/bin/sh\nexit 2\n", true);
  Outcome o = run_rules("SecAction \"id:1,phase:1,pass,nolog,exec:" + prog + "\"\n");
  EXPECT_TRUE(o.logged("wrote nothing to stdout (exit status 2)")) << o.line(0);
}

TEST(Exec, LuaScriptRunsInTheEngine) {
  TempDir dir("exec");
  std::string script = dir.write(
      "s.lua", "function main()\n  m.setvar(\"tx.from_lua\", \"yes\")\n  return nil\nend\n");
  Outcome o = run_rules("SecAction \"id:1,phase:1,pass,nolog,exec:" + script + "\"\n");
  EXPECT_EQ(o.tx("from_lua"), "yes");
}

TEST(Exec, BadPathsAreLoadErrors) {
  TempDir dir("exec");
  std::string data = dir.write("data.sh", "#!/bin/sh\n");
  EXPECT_NE(load_error("SecAction \"id:1,exec:" + data + "\"\n").find("not executable"),
            std::string::npos);
  EXPECT_NE(load_error("SecAction \"id:1,exec:/nonexistent/x.sh\"\n").find("exec: cannot use"),
            std::string::npos);
  EXPECT_NE(load_error("SecAction \"id:1,exec:/nonexistent/x.lua\"\n").find("exec:"),
            std::string::npos);
}

}  // namespace
}  // namespace rampart::testing
