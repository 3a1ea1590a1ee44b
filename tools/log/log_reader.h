// Reads audit logs from files, directories (Concurrent mode's storage tree, walked recursively
// in name order), or stdin ("-"); plain or gzip. Native and JSON entries are told apart line by
// line, so a log whose format was switched half-way reads fine. Damaged entries (cut off, part
// A unreadable, invalid JSON) are reported with file, line and byte offset, then skipped.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "entry.h"

namespace rampart::logtool {

// The longest line kept: a JSON entry is one line, so this bounds one entry's memory. Longer
// lines are reported and skipped.
inline constexpr std::size_t kMaxLineBytes = 32 * 1024 * 1024;

struct Problem {
  std::string source;
  std::uint64_t line = 0;    // 1-based; 0 when the problem is about the whole file
  std::uint64_t offset = 0;  // byte offset (uncompressed)
  std::string message;
  std::string to_string() const;  // "file:line (byte N): message"
};

struct ReadStats {
  std::uint64_t files = 0, entries = 0, skipped = 0, problems = 0;
};

class AuditLogReader {
 public:
  // on_entry returns false to stop reading (e.g. --show found its transaction).
  using EntryHandler = std::function<bool(Entry&)>;
  using ProblemHandler = std::function<void(const Problem&)>;

  AuditLogReader(EntryHandler on_entry, ProblemHandler on_problem)
      : on_entry_(std::move(on_entry)), on_problem_(std::move(on_problem)) {}

  // A file, a directory or "-". False when reading stopped early (on_entry said so).
  bool read(const std::string& path);
  const ReadStats& stats() const { return stats_; }
  // How much of each entry's text Entry::raw keeps (kMaxRawBytes unless set).
  void set_raw_limit(std::size_t bytes) { raw_limit_ = bytes; }

 private:
  bool read_directory(const std::string& path);
  bool read_file(const std::string& path);
  void problem(const std::string& source, std::uint64_t line, std::uint64_t offset,
               std::string message, bool skipped);

  EntryHandler on_entry_;
  ProblemHandler on_problem_;
  ReadStats stats_;
  bool stopped_ = false;
  std::size_t raw_limit_ = kMaxRawBytes;
};

}  // namespace rampart::logtool
