// A private redis-server for unit tests: its own directory, a Unix socket (no TCP port, so
// parallel test processes never collide), no persistence; stopped by PID when it goes away.
#pragma once

#include <hiredis/hiredis.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace rampart::testing {

class RedisServer {
 public:
  RedisServer() {
    dir_ = std::filesystem::temp_directory_path() /
           ("rampart-redis-unit-" + std::to_string(getpid()) + "-" + std::to_string(counter_++));
    std::filesystem::create_directories(dir_);
    socket_ = (dir_ / "redis.sock").string();
    start();
  }
  ~RedisServer() {
    stop();
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }

  bool running() const { return pid_ > 0; }
  std::string url() const { return "redis+unix://" + socket_; }
  const std::string& socket() const { return socket_; }

  void start() {
    std::vector<std::string> args = {"redis-server",
                                     "--port",
                                     "0",
                                     "--unixsocket",
                                     socket_,
                                     "--save",
                                     "",
                                     "--appendonly",
                                     "no",
                                     "--dir",
                                     dir_.string(),
                                     "--logfile",
                                     (dir_ / "redis.log").string()};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    if (posix_spawnp(&pid, "redis-server", nullptr, nullptr, argv.data(), environ) != 0) return;
    pid_ = pid;
    // Ready when it answers PING; bounded wait.
    for (int i = 0; i < 100; ++i) {
      if (std::string r = command({"PING"}); r == "PONG") return;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    stop();
  }

  void stop() {
    if (pid_ <= 0) return;
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = 0;
    std::error_code ec;
    std::filesystem::remove(socket_, ec);
  }

  // Runs one command; its reply as text (integers in decimal, "<nil>", "ERR …", arrays joined
  // by ',').
  std::string command(const std::vector<std::string>& args) const {
    timeval tv{1, 0};
    redisContext* c = redisConnectUnixWithTimeout(socket_.c_str(), tv);
    if (c == nullptr || c->err) {
      if (c) redisFree(c);
      return "<no connection>";
    }
    redisSetTimeout(c, tv);
    std::vector<const char*> argv;
    std::vector<size_t> lens;
    for (const auto& a : args) {
      argv.push_back(a.data());
      lens.push_back(a.size());
    }
    auto* r = static_cast<redisReply*>(
        redisCommandArgv(c, static_cast<int>(argv.size()), argv.data(), lens.data()));
    std::string out = text(r);
    if (r) freeReplyObject(r);
    redisFree(c);
    return out;
  }

 private:
  static std::string text(const redisReply* r) {
    if (r == nullptr) return "<io error>";
    switch (r->type) {
      case REDIS_REPLY_INTEGER:
        return std::to_string(r->integer);
      case REDIS_REPLY_NIL:
        return "<nil>";
      case REDIS_REPLY_ARRAY: {
        std::string out;
        for (size_t i = 0; i < r->elements; ++i) out += (i ? "," : "") + text(r->element[i]);
        return out;
      }
      default:
        return std::string(r->str, r->len);
    }
  }

  std::filesystem::path dir_;
  std::string socket_;
  pid_t pid_ = 0;
  static inline int counter_ = 0;
};

}  // namespace rampart::testing
