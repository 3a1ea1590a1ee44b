// Where audit log entries go: SecAuditLog / SecAuditLog2 (a file, or `|program` fed through a
// pipe), opened once at config time before httpd forks and shared by every process and thread,
// and the one-file-per-entry storage of Concurrent mode.
//
// Entries are built whole in memory and written with one write(2), so concurrent writers never
// interleave (see append() for why that holds). Failures are returned, never thrown, and never
// wait long: a full disk or a stuck log program must not hold up requests.
#pragma once

#include <sys/types.h>
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace rampart::log {

class AuditLogFile {
 public:
  // `target` is a path (opened for appending, created with mode 0640) or `|command` (run with
  // /bin/sh -c, its standard input a pipe). nullptr and `error` on failure.
  static std::shared_ptr<AuditLogFile> open(const std::string& target, std::string& error);
  ~AuditLogFile();
  AuditLogFile(const AuditLogFile&) = delete;
  AuditLogFile& operator=(const AuditLogFile&) = delete;

  // Writes one whole entry. False and `error` when it could not be written completely.
  bool append(std::string_view entry, std::string& error) const;

  // True at most once a minute per process: whether a failure should be reported now.
  bool should_report() const;

  const std::string& name() const { return name_; }
  bool is_pipe() const { return child_ > 0; }

 private:
  struct PipeLock;  // a process-shared mutex in shared memory (pipes only)
  AuditLogFile(int fd, std::string name, pid_t child, PipeLock* lock)
      : fd_(fd), name_(std::move(name)), child_(child), lock_(lock) {}
  bool append_to_pipe(std::string_view entry, std::string& error) const;

  int fd_;
  std::string name_;
  pid_t child_;
  PipeLock* lock_;
  mutable std::atomic<int64_t> last_report_{INT64_MIN / 2};
};

// Concurrent mode: creates `path` (mode `file_mode`, directories above it with `dir_mode`) and
// writes `entry` into it. False and `error` on failure.
bool write_entry_file(const std::string& path, std::string_view entry, int dir_mode, int file_mode,
                      std::string& error);

}  // namespace rampart::log
