// SecDebugLog: an append-only file opened once at config time (before httpd forks, like its own
// logs), shared by every process and thread. Each line is one write(2) to an O_APPEND descriptor,
// so lines from concurrent writers never interleave.
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace rampart::log {

class DebugLogFile {
 public:
  // Opens (creating, mode 0640) `path` for appending; nullptr and `error` on failure.
  static std::shared_ptr<DebugLogFile> open(const std::string& path, std::string& error);
  ~DebugLogFile();
  DebugLogFile(const DebugLogFile&) = delete;
  DebugLogFile& operator=(const DebugLogFile&) = delete;

  // Writes `[time] [hostname/sid#..][rid#..][uri][level] message` in ModSecurity v2's layout.
  void write(int level, std::string_view hostname, const void* tx_id, std::string_view uri,
             std::string_view message) const;
  const std::string& path() const { return path_; }

 private:
  DebugLogFile(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  int fd_;
  std::string path_;
};

}  // namespace rampart::log
