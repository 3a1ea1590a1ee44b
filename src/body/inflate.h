// Decodes a response body the backend compressed (Content-Encoding gzip or deflate) so phase 4
// sees the text the browser will see. The original compressed bytes are what the client gets;
// this is a bounded copy for inspection only.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace rampart::body {

enum class ContentCoding { kIdentity, kGzip, kDeflate, kOther };

// Reads a Content-Encoding header value: "gzip"/"x-gzip" and "deflate" (case-insensitive) are
// decodable; empty or "identity" is kIdentity; anything else (br, compress, stacked codings such
// as "gzip, br") is kOther, which is inspected as it is, undecoded.
ContentCoding parse_content_coding(std::string_view header);

class Inflater {
 public:
  enum class Status {
    kOk,     // all input used; more may follow
    kLimit,  // the decoded copy reached max_output or the ratio bound; stopped decoding
    kError,  // corrupt data; stopped decoding, `out` holds what decoded before it
  };

  // `coding` must be kGzip or kDeflate. `max_output` bounds the decoded copy
  // (SecResponseBodyLimit).
  Inflater(ContentCoding coding, size_t max_output);
  ~Inflater();
  Inflater(const Inflater&) = delete;
  Inflater& operator=(const Inflater&) = delete;

  // Decodes `chunk` and appends the result to `out`, which never grows past max_output in total.
  // After kLimit or kError further calls return the same status and do nothing.
  Status feed(std::string_view chunk, std::string& out);

  // True once the compressed stream ended properly (gzip trailer or final deflate block seen).
  // False at the end of the body means a truncated stream.
  bool finished() const { return finished_; }
  // zlib's reason for kError, e.g. "invalid block type"; empty otherwise.
  const std::string& error() const { return error_; }

  // A decoded body more than kMaxRatio times its compressed size (past kRatioFloor bytes) is
  // treated as a decompression bomb and stops like the limit. HTML and JSON compress 5-20 times;
  // deflate's ceiling is about 1032:1, which only crafted or degenerate data approaches. This
  // guards a SecResponseBodyLimit raised very high.
  static constexpr size_t kMaxRatio = 250;
  static constexpr size_t kRatioFloor = 1 << 20;

 private:
  bool start(std::string_view head);
  Status inflate_input(std::string_view in, std::string& out);

  struct Stream;
  std::unique_ptr<Stream> z_;
  ContentCoding coding_;
  size_t max_output_;
  size_t total_in_ = 0, total_out_ = 0;
  std::string head_;  // deflate: the first two bytes decide between zlib-wrapped and raw
  bool started_ = false, finished_ = false;
  Status stopped_ = Status::kOk;
  std::string error_;
};

}  // namespace rampart::body
