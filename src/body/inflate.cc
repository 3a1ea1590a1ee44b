// zlib behind Inflater: gzip (several members, as gunzip and browsers accept), and "deflate" both
// as RFC 1950 zlib data and as the raw RFC 1951 stream some servers send under that name.
#include "body/inflate.h"

#include <zlib.h>

#include <algorithm>

#include "engine/collection.h"

namespace rampart::body {

namespace {

constexpr int kGzipWindow = 15 + 16;  // 15-bit window, gzip header and trailer
constexpr int kZlibWindow = 15;
constexpr int kRawWindow = -15;
constexpr size_t kOutStep = 16384;

bool looks_like_zlib(unsigned char b0, unsigned char b1) {
  return (b0 & 0x0f) == Z_DEFLATED && (b0 >> 4) <= 7 && ((b0 << 8) | b1) % 31 == 0;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

ContentCoding parse_content_coding(std::string_view header) {
  std::string_view v = trim(header);
  if (v.empty() || iequals(v, "identity")) return ContentCoding::kIdentity;
  if (iequals(v, "gzip") || iequals(v, "x-gzip")) return ContentCoding::kGzip;
  if (iequals(v, "deflate")) return ContentCoding::kDeflate;
  return ContentCoding::kOther;
}

struct Inflater::Stream {
  z_stream z{};
  bool open = false;
  ~Stream() {
    if (open) inflateEnd(&z);
  }
};

Inflater::Inflater(ContentCoding coding, size_t max_output)
    : z_(std::make_unique<Stream>()), coding_(coding), max_output_(max_output) {}
Inflater::~Inflater() = default;

bool Inflater::start(std::string_view head) {
  int window = kGzipWindow;
  if (coding_ == ContentCoding::kDeflate)
    window = looks_like_zlib(head[0], head[1]) ? kZlibWindow : kRawWindow;
  if (inflateInit2(&z_->z, window) != Z_OK) {
    error_ = "zlib could not start (out of memory)";
    return false;
  }
  z_->open = started_ = true;
  return true;
}

Inflater::Status Inflater::feed(std::string_view chunk, std::string& out) {
  if (stopped_ != Status::kOk) return stopped_;
  total_in_ += chunk.size();
  if (!started_) {
    // Two bytes tell zlib-wrapped from raw deflate; gzip needs no look-ahead but takes the same
    // path so both start alike.
    size_t take = std::min(chunk.size(), 2 - head_.size());
    head_.append(chunk.substr(0, take));
    chunk.remove_prefix(take);
    if (head_.size() < 2) return Status::kOk;
    if (!start(head_)) return stopped_ = Status::kError;
    Status s = inflate_input(head_, out);
    if (s != Status::kOk) return stopped_ = s;
  }
  return stopped_ = inflate_input(chunk, out);
}

Inflater::Status Inflater::inflate_input(std::string_view in, std::string& out) {
  z_stream& z = z_->z;
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  bool pending = false;  // the last call filled its buffer: zlib may hold more output
  for (;;) {
    if (finished_) {
      if (z.avail_in == 0) return Status::kOk;
      // Another gzip member may follow (gunzip decodes them all); anything else is trailing
      // garbage, which browsers ignore, and so do we.
      if (coding_ != ContentCoding::kGzip || *z.next_in != 0x1f) return Status::kOk;
      inflateReset(&z);
      finished_ = false;
    }
    if (z.avail_in == 0 && !pending) return Status::kOk;
    // At the limit, a small probe tells whether any output is left (a trailer yields none).
    char probe[64];
    size_t room = max_output_ - out.size();
    size_t old_size = out.size();
    size_t step = room == 0 ? sizeof probe : std::min(room, kOutStep);
    if (room > 0) out.resize(old_size + step);
    z.next_out = reinterpret_cast<Bytef*>(room == 0 ? probe : out.data() + old_size);
    z.avail_out = static_cast<uInt>(step);
    int rc = ::inflate(&z, Z_NO_FLUSH);
    size_t produced = step - z.avail_out;
    if (room == 0) {
      if (produced > 0) return Status::kLimit;
    } else {
      out.resize(old_size + produced);
      total_out_ += produced;
    }
    pending = z.avail_out == 0;
    if (rc == Z_STREAM_END) {
      finished_ = true;
      pending = false;
    } else if (rc == Z_BUF_ERROR) {
      return Status::kOk;  // no progress possible: the stream continues in the next chunk
    } else if (rc != Z_OK) {
      error_ = z.msg ? z.msg : "zlib error " + std::to_string(rc);
      return Status::kError;
    }
    if (total_out_ > kRatioFloor && total_out_ / kMaxRatio > total_in_) return Status::kLimit;
  }
}

}  // namespace rampart::body
