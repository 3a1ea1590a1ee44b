#include "line_reader.h"

#include <fcntl.h>
#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <cstring>

namespace rampart::logtool {

LineReader::LineReader(const std::string& path, std::size_t max_line) : max_line_(max_line) {
  int fd = path == "-" ? dup(STDIN_FILENO) : open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error_ = std::strerror(errno);
    return;
  }
  // gzdopen reads gzip and passes plain files through unchanged, so one path serves both.
  file_ = gzdopen(fd, "rb");
  if (file_ == nullptr) {
    error_ = "cannot allocate the decompressor";
    close(fd);
    return;
  }
  gzbuffer(file_, 128 * 1024);
}

LineReader::~LineReader() {
  if (file_ != nullptr) gzclose(file_);
}

bool LineReader::fill() {
  if (eof_ || file_ == nullptr) return false;
  consumed_ += begin_;
  begin_ = end_ = 0;
  int n = gzread(file_, buffer_, sizeof buffer_);
  if (n < 0) {
    int code = 0;
    const char* msg = gzerror(file_, &code);
    error_ = code == Z_ERRNO ? std::strerror(errno) : msg;
    eof_ = true;
    return false;
  }
  if (n == 0) {
    // A gzip stream that ends early reads as a short file; zlib reports it here.
    int code = 0;
    const char* msg = gzerror(file_, &code);
    if (code != Z_OK && code != Z_STREAM_END) error_ = msg;
    eof_ = true;
    return false;
  }
  end_ = static_cast<std::size_t>(n);
  return true;
}

bool LineReader::next(Line& line) {
  line.text.clear();
  line.cut = false;
  line.length = 0;
  line.newline = false;
  line.offset = consumed_ + begin_;
  bool any = false;
  for (;;) {
    if (begin_ == end_ && !fill()) break;
    any = true;
    const char* start = buffer_ + begin_;
    const void* nl = std::memchr(start, '\n', end_ - begin_);
    std::size_t n = nl ? static_cast<const char*>(nl) - start : end_ - begin_;
    line.length += n;
    std::size_t room = line.text.size() < max_line_ ? max_line_ - line.text.size() : 0;
    if (n > room) line.cut = true;
    line.text.append(start, n < room ? n : room);
    begin_ += n;
    if (nl) {
      ++begin_;
      line.newline = true;
      break;
    }
  }
  if (!any) return false;
  if (!line.cut && !line.text.empty() && line.text.back() == '\r') line.text.pop_back();
  line.number = ++line_number_;
  return true;
}

}  // namespace rampart::logtool
