#include "body/multipart.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>

#include "body/processors.h"
#include "config/config_impl.h"
#include "engine/collection.h"
#include "engine/transaction_state.h"

namespace rampart::body {

namespace {

// The longest part header or preamble/epilogue line kept while waiting for its newline.
constexpr size_t kMaxLine = 64 * 1024;

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// A line as v2 quotes it in messages: CR and LF as \r and \n.
std::string escaped_line(std::string_view text, std::string_view eol) {
  std::string out(text);
  for (char c : eol) out += c == '\r' ? "\\r" : "\\n";
  return out;
}

// The parameters after `form-data` in Content-Disposition: `; name="a"; filename="b.txt"`.
// Quoted values may hold ';' and \" escapes; single quotes set v2's invalid_quoting flag. Returns
// v2's error for what it refuses: a parameter not introduced by ';' (-2), an unterminated
// quote (-10); "" when the header is usable.
std::string parse_disposition(std::string_view v, MultipartPart& part, MultipartFlags& flags) {
  size_t i = 0;
  auto skip_blanks = [&] {
    while (i < v.size() && (v[i] == ' ' || v[i] == '\t')) ++i;
  };
  while (true) {
    skip_blanks();
    if (i >= v.size()) return {};
    if (v[i] != ';') return "(-2)";
    ++i;
    skip_blanks();
    size_t key_start = i;
    while (i < v.size() && v[i] != '=' && v[i] != ';') ++i;
    std::string_view key = trim(v.substr(key_start, i - key_start));
    if (i >= v.size() || v[i] != '=') continue;  // a bare word: no value
    ++i;
    skip_blanks();
    std::string value;
    if (i < v.size() && v[i] == '"') {
      ++i;
      while (i < v.size() && v[i] != '"') {
        // As v2, a backslash escapes only '"' and '\'; any other stays (filename="a\b" keeps
        // it, so CRS 920120/920121 see it).
        if (v[i] == '\\' && i + 1 < v.size() && (v[i + 1] == '"' || v[i + 1] == '\\')) ++i;
        value += v[i++];
      }
      if (i >= v.size()) return "(-10)";
      ++i;
    } else {
      if (i < v.size() && v[i] == '\'') flags.invalid_quoting = true;
      size_t start = i;
      while (i < v.size() && v[i] != ';') ++i;
      value = std::string(trim(v.substr(start, i - start)));
    }
    if (iequals(key, "name")) {
      part.name = std::move(value);
    } else if (iequals(key, "filename")) {
      part.filename = std::move(value);
      part.is_file = true;
    }
  }
}

}  // namespace

std::string multipart_boundary(std::string_view ct, MultipartFlags& flags, std::string& error) {
  // v2 looks for the parameter name case-sensitively, anywhere after the media type.
  size_t at = ct.find("boundary");
  if (at == std::string_view::npos) {
    std::string lower(ct);
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    error = lower.find("boundary") != std::string::npos
                ? "Multipart: Invalid boundary in C-T (case sensitivity)."
                : "Multipart: Boundary not found in C-T.";
    return {};
  }
  // Between the media type and the parameter: blanks and at most one ';'. v2 counts 19
  // characters, the length of `multipart/form-data` (kept, so `multipart/form-datax` stays
  // malformed); a type that ctl:requestBodyProcessor=MULTIPART forced ends at its first blank
  // or ';'.
  constexpr std::string_view kFormData = "multipart/form-data";
  size_t media_end = 0;
  if (ct.size() >= kFormData.size() && iequals(ct.substr(0, kFormData.size()), kFormData)) {
    media_end = kFormData.size();
  } else {
    while (media_end < at && ct[media_end] != ';' && !is_blank(ct[media_end])) ++media_end;
  }
  bool semicolon = false;
  for (size_t i = std::min(media_end, at); i < at; ++i) {
    if (is_blank(ct[i])) continue;
    if (ct[i] == ';' && !semicolon) {
      semicolon = true;
      continue;
    }
    error = "Multipart: Invalid boundary in C-T (malformed).";
    return {};
  }
  if (!semicolon) flags.missing_semicolon = true;
  size_t eq = ct.find('=', at + 8);
  if (eq == std::string_view::npos) {
    error = "Multipart: Invalid boundary in C-T (malformed).";
    return {};
  }
  for (size_t i = at + 8; i < eq; ++i) {
    if (!is_blank(ct[i])) {
      error = "Multipart: Invalid boundary in C-T (parameter name).";
      return {};
    }
    flags.boundary_whitespace = true;
  }
  // The value runs to the end of the header, as in v2; httpd has trimmed trailing blanks.
  std::string_view value = ct.substr(eq + 1);
  if (!value.empty() && is_blank(value.front())) {
    // v2 keeps the blank in the boundary and then finds none in the body; the flag is the point.
    flags.boundary_whitespace = true;
    while (!value.empty() && is_blank(value.front())) value.remove_prefix(1);
  }
  if (value.size() >= 2 && value.front() == '"' && value.back() == '"') {
    flags.boundary_quoted = true;
    value = value.substr(1, value.size() - 2);
  } else if (!value.empty() && (value.front() == '"' || value.back() == '"')) {
    error = "Multipart: Invalid boundary in C-T (quote).";
    return {};
  }
  // v2 refuses what RFC 2046 leaves out of a boundary (which also catches a parameter after
  // it: `boundary=x; charset=utf-8`).
  constexpr std::string_view kNotInBoundary = "()<>@,;:\\\"/[]?=";
  for (unsigned char c : value) {
    if (c < 32 || c > 126 || kNotInBoundary.find(static_cast<char>(c)) != std::string_view::npos) {
      error = "Multipart: Invalid boundary in C-T (characters).";
      return {};
    }
  }
  if (value.empty()) {
    error = "Multipart: Invalid boundary in C-T (empty).";
    return {};
  }
  return std::string(value);
}

MultipartProcessor::MultipartProcessor(TransactionState& tx) : tx_(tx) {
  std::string error;
  std::string b = multipart_boundary(tx.request_header("Content-Type"), flags_, error);
  if (b.empty()) {
    fail(error);
    tx_.reqbody_error_msg = error;  // v2 prefixes only errors in the body, not in the C-T
    return;
  }
  boundary_ = "--" + b;
}

MultipartProcessor::~MultipartProcessor() {
  if (file_fd_ >= 0) close(file_fd_);
  if (files_kept_) return;
  for (const MultipartPart& p : parts_)
    if (!p.tmp_path.empty()) unlink(p.tmp_path.c_str());
}

namespace {

// Moves `from` into `dir` under its own name: a rename, or a copy when SecUploadDir is on
// another file system than SecTmpDir. False when the file could not be moved.
bool move_into(const std::string& from, const std::string& dir, int mode) {
  size_t slash = from.rfind('/');
  std::string to = dir + "/" + from.substr(slash == std::string::npos ? 0 : slash + 1);
  if (rename(from.c_str(), to.c_str()) == 0) return true;
  if (errno != EXDEV) return false;
  std::ifstream in(from, std::ios::binary);
  std::ofstream out(to, std::ios::binary);
  out << in.rdbuf();
  out.close();
  if (!out.good()) return false;
  chmod(to.c_str(), static_cast<mode_t>(mode));  // the copy keeps SecUploadFileMode too
  unlink(from.c_str());
  return true;
}

}  // namespace

void MultipartProcessor::transaction_done() {
  if (file_fd_ >= 0) {
    close(file_fd_);
    file_fd_ = -1;
  }
  const Settings& s = tx_.settings();
  UploadKeepFiles keep = s.keep_uploads();
  if (keep == UploadKeepFiles::kOff) return;
  if (keep == UploadKeepFiles::kRelevantOnly && !tx_.audit.relevant) return;
  if (!s.upload_dir) return;  // v2: nowhere to keep them, so they are removed
  for (MultipartPart& p : parts_) {
    if (p.tmp_path.empty()) continue;
    // As v2: empty files are not kept. A file that cannot be moved stays where it is, kept.
    if (p.size == 0) {
      unlink(p.tmp_path.c_str());
      p.tmp_path.clear();
      continue;
    }
    move_into(p.tmp_path, *s.upload_dir, s.upload_mode());
  }
  files_kept_ = true;
}

std::string_view MultipartProcessor::file_content(size_t index) const {
  if (!contents_read_) {
    contents_read_ = true;
    file_contents_.resize(parts_.size());
    for (size_t i = 0; i < parts_.size(); ++i) {
      if (parts_[i].tmp_path.empty()) continue;
      std::ifstream in(parts_[i].tmp_path, std::ios::binary);
      file_contents_[i].assign(std::istreambuf_iterator<char>(in), {});
    }
  }
  return index < file_contents_.size() ? std::string_view(file_contents_[index]) : "";
}

void MultipartProcessor::fail(std::string message) {
  if (state_ == State::kFailed) return;
  state_ = State::kFailed;
  flags_.error = true;
  tx_.reqbody_error = true;
  tx_.reqbody_error_msg = "Multipart parsing error: " + message;  // v2's prefix
}

// A line is read whole when it ends within kMaxLine bytes. A longer one is read the same way
// however the body is split: its first kMaxLine bytes decide what the line is (line_head), the
// rest only follows it (into the part's content, or nowhere). Reading the whole of a long line
// when it came at once, and only what had arrived when it came in pieces, would let a client
// choose by splitting the body whether a boundary is seen.
void MultipartProcessor::feed(std::string_view chunk) {
  fed_ += chunk.size();
  while (!chunk.empty() && state_ != State::kFailed) {
    size_t nl = chunk.find('\n');
    if (nl == std::string_view::npos) {
      pending_.append(chunk);
      // The last byte stays: a '\r' there may begin the line's end.
      if (pending_.size() > kMaxLine + 1) {
        long_line(std::string_view(pending_).substr(0, pending_.size() - 1));
        pending_.erase(0, pending_.size() - 1);
      }
      return;
    }
    std::string_view piece = chunk.substr(0, nl);
    chunk.remove_prefix(nl + 1);
    std::string text;
    std::string_view view = piece;
    if (!pending_.empty()) {
      text = std::move(pending_);
      pending_.clear();
      text.append(piece);
      view = text;
    }
    bool cr = !view.empty() && view.back() == '\r';
    if (cr) view.remove_suffix(1);
    if (!mid_line_ && view.size() > kMaxLine) {
      long_line(view);
      view = {};
    }
    line(view, cr ? "\r\n" : "\n");
  }
}

// Bytes of a line longer than kMaxLine, without its end: the head first, then what follows it.
void MultipartProcessor::long_line(std::string_view bytes) {
  if (!mid_line_) {
    line_head(bytes.substr(0, kMaxLine));
    bytes.remove_prefix(kMaxLine);
    mid_line_ = true;
  }
  if (state_ == State::kContent) content(bytes);
}

void MultipartProcessor::line_head(std::string_view head) {
  // No part header is this long; text outside the parts is only flagged, as any line there is.
  if (state_ == State::kHeaders) return fail("Multipart: Part header line too long.");
  line(head, "");
}

void MultipartProcessor::line(std::string_view text, std::string_view eol) {
  if (state_ == State::kEpilogue) {  // v2 reads nothing after the final boundary
    flags_.data_after = true;
    return;
  }
  if (!eol.empty()) (eol.size() == 2 ? flags_.crlf_line : flags_.lf_line) = true;
  if (mid_line_) {  // the end of a long line, whose head was read already (long_line)
    mid_line_ = false;
    if (state_ == State::kContent) {
      content(text);
      pending_eol_ = eol;
    }
    return;
  }
  // What v2 takes for a boundary line: `--` and our boundary, then nothing or `--`. Anything
  // else after our boundary is an error; another `--` line is an unmatched boundary.
  bool boundary = text.compare(0, boundary_.size(), boundary_) == 0;
  if (boundary) {
    std::string_view after = text.substr(boundary_.size());
    if (after.empty() || after == "--") {
      if (state_ == State::kHeaders) flags_.invalid_part = true;  // a part that never began
      if (state_ == State::kContent || state_ == State::kHeaders) end_part();
      state_ = after.empty() ? State::kHeaders : State::kEpilogue;
      if (state_ == State::kHeaders) parts_.emplace_back();
      return;
    }
    return fail("Multipart: Invalid boundary: " + escaped_line(text, eol));
  }
  std::string_view bare = std::string_view(boundary_).substr(2);
  if (text.size() + eol.size() > 3 && text.compare(0, 2, "--") == 0) {
    std::string_view rest = text.substr(2);
    if (flags_.boundary_quoted && rest.size() > bare.size() && rest.front() == '"' &&
        rest.compare(1, bare.size(), bare) == 0)
      return fail("Multipart: Invalid boundary (quotes).");
    size_t blanks = 0;
    while (blanks < rest.size() && is_blank(rest[blanks])) ++blanks;
    if (blanks > 0 && rest.compare(blanks, bare.size(), bare) == 0)
      return fail("Multipart: Invalid boundary (whitespace).");
    flags_.unmatched_boundary = true;
  } else if (text.find(boundary_) != std::string_view::npos) {
    flags_.unmatched_boundary = true;
  }
  switch (state_) {
    case State::kPreamble:  // any byte outside the parts counts, even a blank line (v2)
      flags_.data_before = true;
      break;
    case State::kHeaders:
      if (text.empty()) {
        start_content();
      } else {
        header_line(text, eol);
      }
      break;
    case State::kContent:
      content(pending_eol_);
      content(text);
      pending_eol_ = eol;
      break;
    case State::kEpilogue:
    case State::kFailed:
      break;
  }
}

void MultipartProcessor::header_line(std::string_view text, std::string_view eol) {
  MultipartPart& part = parts_.back();
  if (is_blank(text.front())) {
    // Folding is SP or HTAB (RFC 2557); v2 accepts any whitespace but flags the others.
    flags_.header_folding = true;
    size_t n = 0;
    for (; n < text.size() && is_blank(text[n]); ++n)
      if (text[n] != ' ' && text[n] != '\t') flags_.invalid_header_folding = true;
    if (part.headers.empty()) return fail("Multipart: Invalid part header (folding error).");
    part.headers.back().append(" ").append(text.substr(n));
    return;
  }
  if (text.find(':') == std::string_view::npos) {
    fail("Multipart: Invalid part header (colon missing): " + escaped_line(text, eol) + ".");
    return;
  }
  if (part.headers.size() >= 100) {
    fail("Multipart: Too many part headers.");
    return;
  }
  part.headers.emplace_back(text);
}

void MultipartProcessor::start_content() {
  MultipartPart& part = parts_.back();
  bool disposition = false;
  for (const std::string& h : part.headers) {
    std::string_view hv = h;
    size_t colon = hv.find(':');
    if (!iequals(trim(hv.substr(0, colon)), "Content-Disposition")) continue;
    disposition = true;
    std::string_view v = trim(hv.substr(colon + 1));
    if (v.size() < 9 || !iequals(v.substr(0, 9), "form-data")) {
      fail("Multipart: Invalid Content-Disposition header (-1): " + std::string(v) + ".");
      return;
    }
    std::string code = parse_disposition(v.substr(9), part, flags_);
    if (!code.empty()) {
      fail("Multipart: Invalid Content-Disposition header " + code + ": " + std::string(v) + ".");
      return;
    }
  }
  if (!disposition) {
    fail("Multipart: Part missing Content-Disposition header.");
    return;
  }
  if (part.name.empty()) {
    fail("Multipart: Content-Disposition header missing name field.");
    return;
  }
  state_ = State::kContent;
  pending_eol_.clear();
  if (!part.is_file) return;
  const Settings& settings = tx_.settings();
  if (++files_ > settings.max_upload_files()) {
    flags_.file_limit_exceeded = true;  // the part is still listed in FILES, but not stored
    return;
  }
  // Written to disk only when something will read it there: a file costs a create, a write and
  // an unlink, which on a journalled file system is most of a small upload's cost. v2 writes
  // them only for SecUploadKeepFiles, SecTmpSaveUploadedFiles and @inspectFile.
  if (!settings.upload_content_visible() && !tx_.config->impl().rules_read_upload_files()) return;
  std::string dir = settings.tmp_dir.value_or("/tmp");
  std::string path = dir + "/" + tx_.unique_id + "-file-XXXXXX";
  file_fd_ = mkstemp(path.data());  // mode 0600 until SecUploadFileMode says otherwise
  if (file_fd_ < 0) {
    // A body error, as v2's: a file that is not on disk would pass FILES_TMPNAMES, @inspectFile
    // and SecUploadKeepFiles by unnoticed, so the upload must not look like a clean one.
    fail("Multipart: Failed to create file: " + path + " (" + std::strerror(errno) + ").");
    return;
  }
  part.tmp_path = path;
  if (settings.upload_mode() != 0600) fchmod(file_fd_, static_cast<mode_t>(settings.upload_mode()));
}

void MultipartProcessor::content(std::string_view data) {
  if (data.empty() || parts_.empty()) return;
  MultipartPart& part = parts_.back();
  part.size += data.size();
  if (!part.is_file) {
    part.value.append(data);
    return;
  }
  file_bytes_ += data.size();
  if (file_fd_ < 0) return;
  while (!data.empty()) {
    ssize_t n = write(file_fd_, data.data(), data.size());
    if (n <= 0) {
      fail("Multipart: Failed to write the file part to " + part.tmp_path + ".");
      return;
    }
    data.remove_prefix(static_cast<size_t>(n));
  }
}

void MultipartProcessor::end_part() {
  if (file_fd_ >= 0) {
    close(file_fd_);
    file_fd_ = -1;
  }
  const MultipartPart& part = parts_.back();
  if (state_ == State::kContent && !part.is_file)
    tx_.args_post.push_back(hashed_param(tx_.keep(part.name), tx_.keep(part.value)));
}

void MultipartProcessor::finish(bool truncated) {
  if (!pending_.empty() && state_ != State::kFailed) {
    std::string rest = std::move(pending_);
    pending_.clear();
    line(rest, "");  // at most kMaxLine + 1 bytes, or the end of a long line
  }
  if (state_ == State::kFailed || truncated) return;
  if (state_ != State::kEpilogue) fail("Multipart: Final boundary missing.");
}

std::unique_ptr<Processor> make_multipart(TransactionState& tx) {
  return std::make_unique<MultipartProcessor>(tx);
}

}  // namespace rampart::body
