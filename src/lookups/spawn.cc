#include "lookups/spawn.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace rampart::lookups {

namespace {

using Clock = std::chrono::steady_clock;

// Owns a descriptor; closes it on scope exit.
struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) close(fd);
  }
};

std::vector<char*> c_strings(std::vector<std::string>& v) {
  std::vector<char*> out;
  for (std::string& s : v) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

int exit_code_of(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

}  // namespace

bool is_executable(const std::string& path, std::string& reason) {
  struct stat st;
  if (stat(path.c_str(), &st) != 0) {
    reason = std::strerror(errno);
    return false;
  }
  if (!S_ISREG(st.st_mode)) {
    reason = "not a regular file";
    return false;
  }
  if (access(path.c_str(), X_OK) != 0) {
    reason = "not executable (chmod +x it)";
    return false;
  }
  return true;
}

SpawnResult run_program(const std::string& path, const std::vector<std::string>& args,
                        const std::vector<std::string>& env, std::chrono::milliseconds timeout,
                        size_t max_output) {
  SpawnResult result;
  int pipe_fds[2];
  if (pipe2(pipe_fds, O_CLOEXEC) != 0) {
    result.error = std::string("pipe: ") + std::strerror(errno);
    return result;
  }
  Fd read_end{pipe_fds[0]}, write_end{pipe_fds[1]};

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, write_end.fd, 1);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
  // httpd's listening sockets and log files must not leak into the program.
  posix_spawn_file_actions_addclosefrom_np(&actions, 3);
#endif
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  // The child starts with default signal handling and no blocked signals, whatever httpd set.
  sigset_t none, all;
  sigemptyset(&none);
  sigfillset(&all);
  sigdelset(&all, SIGKILL);  // cannot be changed anyway
  sigdelset(&all, SIGSTOP);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &all);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

  std::vector<std::string> argv_strings{path};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<std::string> env_strings(env);
  std::vector<char*> argv = c_strings(argv_strings), envp = c_strings(env_strings);
  pid_t pid = -1;
  int rc = posix_spawn(&pid, path.c_str(), &actions, &attr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) {
    result.error = std::string("cannot run ") + path + ": " + std::strerror(rc);
    return result;
  }
  close(write_end.fd);
  write_end.fd = -1;

  // Read until EOF or the deadline; output beyond max_output is read and dropped, so a chatty
  // program never blocks on a full pipe.
  Clock::time_point deadline = Clock::now() + timeout;
  bool timed_out = false;
  char buf[4096];
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) {
      timed_out = true;
      break;
    }
    pollfd p{read_end.fd, POLLIN, 0};
    int n = poll(&p, 1, static_cast<int>(left.count()));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      timed_out = n == 0;
      break;
    }
    ssize_t got = read(read_end.fd, buf, sizeof buf);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    size_t room = max_output - std::min(max_output, result.output.size());
    result.output.append(buf, std::min(room, static_cast<size_t>(got)));
  }

  int status = 0;
  if (timed_out) {
    kill(pid, SIGKILL);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    result.status = SpawnResult::Status::kTimedOut;
    return result;
  }
  // stdout closed: the program is exiting; wait for it, still within the deadline.
  for (;;) {
    pid_t w = waitpid(pid, &status, WNOHANG);
    if (w == pid) break;
    if (w < 0 && errno == ECHILD) {  // SIGCHLD ignored: the kernel reaped it, status unknown
      result.status = SpawnResult::Status::kExited;
      result.exit_code = 0;
      return result;
    }
    if (w < 0 && errno != EINTR) {
      result.error = std::string("waitpid: ") + std::strerror(errno);
      return result;
    }
    if (Clock::now() >= deadline) {
      kill(pid, SIGKILL);
      while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      result.status = SpawnResult::Status::kTimedOut;
      return result;
    }
    usleep(1000);
  }
  result.status = SpawnResult::Status::kExited;
  result.exit_code = exit_code_of(status);
  return result;
}

}  // namespace rampart::lookups
