// Runs an external program for @inspectFile and exec: posix_spawn (no shell, so no quoting
// problems and no shell metacharacters), stdin from /dev/null, stdout captured, stderr discarded,
// every other descriptor closed in the child. The program is killed (SIGKILL) when it has not
// finished within the timeout, so a hung script never holds a request longer than that.
#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace rampart::lookups {

struct SpawnResult {
  enum class Status { kExited, kTimedOut, kFailed };
  Status status = Status::kFailed;
  int exit_code = -1;  // kExited: the exit status (128 + signal when killed by one)
  std::string output;  // stdout, at most `max_output` bytes
  std::string error;   // kFailed: why the program could not be started
};

// argv[0] is `path`, followed by `args`; `env` entries are "NAME=value".
SpawnResult run_program(const std::string& path, const std::vector<std::string>& args,
                        const std::vector<std::string>& env, std::chrono::milliseconds timeout,
                        size_t max_output = 4096);

// True when `path` names a regular file this process may execute; `reason` says why not.
bool is_executable(const std::string& path, std::string& reason);

}  // namespace rampart::lookups
