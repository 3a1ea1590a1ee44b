// @inspectFile with a `.lua` approver: main(filename) runs in-process; as in v2 a returned
// string rejects the file (a match, the string is the message) and nil accepts it.
#include <gtest/gtest.h>

#include "engine/rule_harness.h"
#include "lookups/temp_dir.h"

namespace rampart::testing {
namespace {

class InspectFileLua : public ::testing::Test {
 protected:
  InspectFileLua() {
    // The approver reads the file it is given, as v2's example runav.lua does.
    approver_ = dir_.write("approver.lua", R"(
function main(filename)
  local f = io.open(filename, "r")
  if f == nil then return nil end
  local chunk = f:read(1024) or ""
  f:close()
  m.setvar("tx.inspected", filename)
  if string.find(chunk, "EICAR", 1, true) then return "virus in " .. filename end
  return nil
end
)");
  }
  Outcome check(const std::string& value) {
    return run_rules("SecRule ARGS:f \"@inspectFile " + approver_ +
                         "\" \"id:1,phase:1,deny,log,setvar:tx.rejected=1\"\n"
                         "SecAction \"id:2,phase:1,pass,nolog,setvar:tx.after=1\"\n",
                     get("f=" + value));
  }
  TempDir dir_{"inspect-lua"};
  std::string approver_;
};

TEST_F(InspectFileLua, ReturnedStringRejectsWithThatMessage) {
  std::string file = dir_.write("upload-bad", "X5O!P%@AP EICAR test\n");
  Outcome o = check(file);
  EXPECT_EQ(o.result.kind, Intervention::Kind::kDeny);
  EXPECT_TRUE(o.logged("virus in " + file)) << o.line(0);
  EXPECT_EQ(o.tx("inspected"), file);  // the script has the whole m API
}

TEST_F(InspectFileLua, NilAccepts) {
  std::string file = dir_.write("upload-ok", "hello\n");
  Outcome o = check(file);
  EXPECT_EQ(o.result.kind, Intervention::Kind::kNone);
  EXPECT_EQ(o.tx("inspected"), file);
  EXPECT_EQ(o.tx("after"), "1");
}

TEST_F(InspectFileLua, ScriptErrorIsLoggedAndAccepts) {
  std::string bad = dir_.write("boom.lua", "function main(f) error('cannot scan ' .. f) end\n");
  Outcome o =
      run_rules("SecRule ARGS:f \"@inspectFile " + bad + "\" \"id:1,phase:1,deny\"\n", get("f=x"));
  EXPECT_EQ(o.result.kind, Intervention::Kind::kNone);
  EXPECT_TRUE(o.logged("cannot scan x")) << o.line(0);
}

TEST_F(InspectFileLua, SyntaxErrorIsAConfigError) {
  std::string bad = dir_.write("syntax.lua", "function main( return end\n");
  EXPECT_NE(
      load_error("SecRule FILES_TMPNAMES \"@inspectFile " + bad + "\" \"id:1\"\n").find("Lua: "),
      std::string::npos);
}

}  // namespace
}  // namespace rampart::testing
