// Reads a file (plain or gzip, detected by content), or stdin, one line at a time with a fixed
// buffer, so a multi-GB log is streamed in constant memory. A line longer than the cap is
// consumed whole but only its first `max_line` bytes are kept (`Line::cut`).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

typedef struct gzFile_s* gzFile;

namespace rampart::logtool {

struct Line {
  std::string text;          // without the '\n' (and without a '\r' before it)
  std::uint64_t offset = 0;  // byte offset of the line's start (uncompressed)
  std::uint64_t number = 0;  // 1-based
  bool cut = false;          // longer than max_line: text holds the start only
  std::uint64_t length = 0;  // the full length
  bool newline = false;      // ended with '\n' (false for a last line cut off by the end)
};

class LineReader {
 public:
  // path "-" reads stdin. max_line bounds the memory one line can take.
  LineReader(const std::string& path, std::size_t max_line);
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  // Empty when the file opened; otherwise what went wrong ("No such file or directory").
  const std::string& open_error() const { return error_; }
  // False at the end or on a read error (then read_error() says what).
  bool next(Line& line);
  const std::string& read_error() const { return error_; }

 private:
  bool fill();
  gzFile file_ = nullptr;
  std::size_t max_line_;
  std::string error_;
  char buffer_[64 * 1024];
  std::size_t begin_ = 0, end_ = 0;
  std::uint64_t consumed_ = 0;  // bytes before buffer_[begin_]
  std::uint64_t line_number_ = 0;
  bool eof_ = false;
};

}  // namespace rampart::logtool
