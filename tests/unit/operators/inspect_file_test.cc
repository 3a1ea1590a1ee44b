// @inspectFile: the approver's first output byte decides ("1" accept, else reject); the value is
// its argument; failures and timeouts are logged and do not match.
#include <gtest/gtest.h>

#include <chrono>

#include "engine/rule_harness.h"
#include "lookups/temp_dir.h"

namespace rampart::testing {
namespace {

class InspectFile : public ::testing::Test {
 protected:
  Outcome check(const std::string& script, const std::string& value) {
    std::string prog = dir_.write("approver.sh", "#!/bin/sh\n" + script, true);
    return run_rules("SecRule ARGS:f \"@inspectFile " + prog + "\" \"id:1,phase:1,deny,log\"\n",
                     get("f=" + value));
  }
  TempDir dir_{"inspect"};
};

TEST_F(InspectFile, OneMeansAcceptedNoMatch) {
  Outcome o = check("echo '1 clean'\n", "/tmp/upload-1");
  EXPECT_EQ(o.result.kind, Intervention::Kind::kNone);
}

TEST_F(InspectFile, ZeroMeansRejectedAndTheMessageQuotesTheScript) {
  Outcome o = check("echo \"0 virus found in $1\"\n", "/tmp/upload-2");
  EXPECT_EQ(o.result.kind, Intervention::Kind::kDeny);
  EXPECT_TRUE(o.logged("File \"/tmp/upload-2\" rejected by the approver script \"" +
                       dir_.path("approver.sh") + "\": 0 virus found in /tmp/upload-2"))
      << o.line(0);
}

TEST_F(InspectFile, AnythingButOneRejects) {
  EXPECT_EQ(check("echo nope\n", "x").result.kind, Intervention::Kind::kDeny);
}

TEST_F(InspectFile, NoOutputIsAnErrorNotAMatch) {
  Outcome o = check("exit 0\n", "x");
  EXPECT_EQ(o.result.kind, Intervention::Kind::kNone);
  EXPECT_TRUE(o.logged("wrote nothing")) << o.line(0);
}

TEST_F(InspectFile, EmptyValueIsNotInspected) {
  EXPECT_EQ(check("echo 0\n", "").result.kind, Intervention::Kind::kNone);
}

TEST_F(InspectFile, HungApproverIsKilledAfterTheTimeout) {
  auto start = std::chrono::steady_clock::now();
  Outcome o = check("exec sleep 60\n", "x");
  auto took = std::chrono::steady_clock::now() - start;
  EXPECT_EQ(o.result.kind, Intervention::Kind::kNone);
  EXPECT_TRUE(o.logged("did not finish within 5000 ms and was killed")) << o.line(0);
  EXPECT_LT(took, std::chrono::seconds(7));
}

TEST_F(InspectFile, ValueWithShellMetacharactersIsOneArgument) {
  Outcome o = check("echo \"0 [$1]\"\n", "a;b c");
  EXPECT_TRUE(o.logged(": 0 [a;b c]")) << o.line(0);
}

TEST(InspectFileConfig, ProgramMustExistAndBeExecutable) {
  TempDir dir("inspect-cfg");
  std::string data = dir.write("data.sh", "#!/bin/sh\necho 1\n");
  EXPECT_NE(load_error("SecRule FILES_TMPNAMES \"@inspectFile " + data + "\" \"id:1\"\n")
                .find("not executable"),
            std::string::npos);
  EXPECT_NE(load_error("SecRule FILES_TMPNAMES \"@inspectFile /nonexistent/av.pl\" \"id:1\"\n")
                .find("No such file"),
            std::string::npos);
  EXPECT_NE(load_error("SecRule FILES_TMPNAMES \"@inspectFile\" \"id:1\"\n").find("approver"),
            std::string::npos);
  EXPECT_NE(load_error("SecRule FILES_TMPNAMES \"@inspectFile av.lua\" \"id:1\"\n").find("Lua"),
            std::string::npos);
}

}  // namespace
}  // namespace rampart::testing
