// multipart/form-data request bodies (RFC 7578), parsed line by line as the chunks arrive.
// Fields become ARGS_POST; file parts stream to a temporary file (SecTmpDir, SecUploadFileMode,
// at most SecUploadFileLimit of them) so an upload never sits in memory. The files are removed
// with the transaction unless SecUploadKeepFiles moves them to SecUploadDir. Anything
// ModSecurity v2 considers suspicious sets one of its MULTIPART_* flags; MULTIPART_STRICT_ERROR
// is their OR.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "body/processor.h"

namespace rampart::body {

struct MultipartFlags {
  bool boundary_quoted = false, boundary_whitespace = false;
  bool data_before = false, data_after = false;
  bool header_folding = false, invalid_header_folding = false;
  bool lf_line = false, crlf_line = false;
  bool missing_semicolon = false, invalid_quoting = false, invalid_part = false;
  bool file_limit_exceeded = false, unmatched_boundary = false;
  bool error = false;  // the parse failed (REQBODY_ERROR)
  bool crlf_lf_lines() const { return lf_line && crlf_line; }
  // v2's MULTIPART_STRICT_ERROR: every flag but the line-ending mix and the unmatched boundary,
  // and a failed parse.
  bool strict_error() const {
    return boundary_quoted || boundary_whitespace || data_before || data_after || header_folding ||
           invalid_header_folding || lf_line || missing_semicolon || invalid_quoting ||
           invalid_part || file_limit_exceeded || error;
  }
};

struct MultipartPart {
  std::string name, filename;
  bool is_file = false;
  std::vector<std::string> headers;  // raw header lines, as MULTIPART_PART_HEADERS shows them
  std::string value;                 // a field's content
  std::string tmp_path;              // a file's content, on disk; empty when not stored
  size_t size = 0;                   // content bytes
};

class MultipartProcessor final : public Processor {
 public:
  explicit MultipartProcessor(TransactionState& tx);
  ~MultipartProcessor() override;  // removes the temporary files
  void feed(std::string_view chunk) override;
  void finish(bool truncated) override;
  size_t non_file_bytes() const override { return fed_ - file_bytes_; }
  void transaction_done() override;  // SecUploadKeepFiles: move the files to SecUploadDir

  const MultipartFlags& flags() const { return flags_; }
  const std::vector<MultipartPart>& parts() const { return parts_; }
  // FILES_TMP_CONTENT: the stored content of parts()[index], read from disk once on first use.
  std::string_view file_content(size_t index) const;

 private:
  enum class State { kPreamble, kHeaders, kContent, kEpilogue, kFailed };
  void line(std::string_view text, std::string_view eol);
  void long_line(std::string_view bytes);
  void line_head(std::string_view head);
  void header_line(std::string_view text, std::string_view eol);
  void start_content();
  void content(std::string_view data);
  void end_part();
  void fail(std::string message);

  TransactionState& tx_;
  std::string boundary_;  // "--" + the Content-Type's boundary
  State state_ = State::kPreamble;
  std::string pending_;      // the unfinished last line
  std::string pending_eol_;  // a part's line ending, written only if more content follows
  MultipartFlags flags_;
  std::vector<MultipartPart> parts_;
  bool mid_line_ = false;  // a long line's head was read; its end is still to come
  int file_fd_ = -1;
  size_t fed_ = 0, file_bytes_ = 0, files_ = 0;
  bool files_kept_ = false;                         // moved to SecUploadDir: not ours to remove
  mutable std::vector<std::string> file_contents_;  // FILES_TMP_CONTENT's cache, by part index
  mutable bool contents_read_ = false;
};

// The boundary parameter of a multipart Content-Type, read as v2 reads it: sets the quoting,
// whitespace and missing-semicolon flags; on a Content-Type v2 refuses returns "" and sets
// `error` to v2's message.
std::string multipart_boundary(std::string_view content_type, MultipartFlags& flags,
                               std::string& error);

}  // namespace rampart::body
