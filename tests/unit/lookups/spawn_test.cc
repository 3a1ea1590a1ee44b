// run_program: output capture, arguments, environment, exit status, the timeout and failures.
#include "lookups/spawn.h"

#include <gtest/gtest.h>

#include <chrono>

#include "lookups/temp_dir.h"

namespace rampart::lookups {
namespace {

using namespace std::chrono_literals;

TEST(Spawn, CapturesStdoutAndPassesArgumentsAndEnvironment) {
  testing::TempDir dir("spawn");
  std::string prog = dir.write("p.sh", "#!/bin/sh\necho \"$1|$2|$GREETING\"\necho err >&2\n", true);
  SpawnResult r = run_program(prog, {"a b", "$HOME;x"}, {"GREETING=hi"}, 2000ms);
  ASSERT_EQ(r.status, SpawnResult::Status::kExited) << r.error;
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.output, "a b|$HOME;x|hi\n");  // no shell: arguments arrive verbatim
}

TEST(Spawn, ReportsTheExitStatus) {
  testing::TempDir dir("spawn");
  std::string prog = dir.write("p.sh", "#!/bin/sh\nexit 3\n", true);
  SpawnResult r = run_program(prog, {}, {}, 2000ms);
  EXPECT_EQ(r.status, SpawnResult::Status::kExited);
  EXPECT_EQ(r.exit_code, 3);
}

TEST(Spawn, KillsAProgramThatRunsTooLong) {
  testing::TempDir dir("spawn");
  std::string prog = dir.write("p.sh", "#!/bin/sh\necho started\nexec sleep 30\n", true);
  auto start = std::chrono::steady_clock::now();
  SpawnResult r = run_program(prog, {}, {}, 300ms);
  EXPECT_EQ(r.status, SpawnResult::Status::kTimedOut);
  EXPECT_LT(std::chrono::steady_clock::now() - start, 2s);
}

TEST(Spawn, ClosedStdoutStillWaitsWithinTheTimeout) {
  testing::TempDir dir("spawn");
  std::string prog = dir.write("p.sh", "#!/bin/sh\nexec >&-\nexec sleep 30\n", true);
  auto start = std::chrono::steady_clock::now();
  SpawnResult r = run_program(prog, {}, {}, 300ms);
  EXPECT_EQ(r.status, SpawnResult::Status::kTimedOut);
  EXPECT_LT(std::chrono::steady_clock::now() - start, 2s);
}

TEST(Spawn, BoundsTheOutput) {
  testing::TempDir dir("spawn");
  std::string prog = dir.write("p.sh", "#!/bin/sh\nhead -c 100000 /dev/zero\n", true);
  SpawnResult r = run_program(prog, {}, {"PATH=/usr/bin:/bin"}, 2000ms, 100);
  EXPECT_EQ(r.status, SpawnResult::Status::kExited);
  EXPECT_EQ(r.output.size(), 100u);
}

TEST(Spawn, MissingProgramFails) {
  SpawnResult r = run_program("/nonexistent/prog", {}, {}, 500ms);
  EXPECT_EQ(r.status, SpawnResult::Status::kFailed);
  EXPECT_NE(r.error.find("/nonexistent/prog"), std::string::npos);
}

TEST(Spawn, IsExecutableSaysWhyNot) {
  testing::TempDir dir("spawn");
  std::string reason;
  EXPECT_FALSE(is_executable(dir.write("data.txt", "x"), reason));
  EXPECT_NE(reason.find("chmod"), std::string::npos) << reason;
  EXPECT_FALSE(is_executable(dir.path("none"), reason));
  EXPECT_FALSE(is_executable(dir.path(""), reason));
  EXPECT_TRUE(is_executable(dir.write("ok.sh", "#!/bin/sh\n", true), reason));
}

}  // namespace
}  // namespace rampart::lookups
