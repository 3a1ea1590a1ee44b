#include "body/multipart.h"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdio>

#include "body/processors.h"
#include "engine/collection.h"
#include "engine/transaction_state.h"

namespace rampart::body {

namespace {

// v2 stores at most this many files per request (SecUploadFileLimit's default).
constexpr size_t kFileLimit = 100;
// The longest part header or preamble/epilogue line kept while waiting for its newline.
constexpr size_t kMaxLine = 64 * 1024;

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// The parameters after `form-data` in Content-Disposition: `; name="a"; filename="b.txt"`.
// Quoted values may hold ';' and \" escapes. Sets v2's flags: missing_semicolon when a parameter
// is not introduced by ';', invalid_quoting for single quotes or an unterminated quote.
void parse_disposition(std::string_view v, MultipartPart& part, MultipartFlags& flags) {
  size_t i = 0;
  auto skip_blanks = [&] {
    while (i < v.size() && (v[i] == ' ' || v[i] == '\t')) ++i;
  };
  while (true) {
    skip_blanks();
    if (i >= v.size()) return;
    if (v[i] == ';') {
      ++i;
      skip_blanks();
    } else {
      flags.missing_semicolon = true;
    }
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
        if (v[i] == '\\' && i + 1 < v.size()) ++i;
        value += v[i++];
      }
      if (i >= v.size()) flags.invalid_quoting = true;
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

std::string multipart_boundary(std::string_view content_type, MultipartFlags& flags) {
  size_t semi = content_type.find(';');
  while (semi != std::string_view::npos) {
    std::string_view rest = content_type.substr(semi + 1);
    size_t next = rest.find(';');
    std::string_view param = rest.substr(0, next);
    size_t eq = param.find('=');
    if (eq != std::string_view::npos) {
      std::string_view key = param.substr(0, eq);
      if (iequals(trim(key), "boundary")) {
        std::string_view value = param.substr(eq + 1);
        auto blank = [](char c) { return c == ' ' || c == '\t'; };
        if ((!key.empty() && blank(key.back())) || (!value.empty() && blank(value.front())) ||
            (!value.empty() && blank(value.back())))
          flags.boundary_whitespace = true;
        value = trim(value);
        if (!value.empty() && value.front() == '"') {
          flags.boundary_quoted = true;
          value.remove_prefix(1);
          if (!value.empty() && value.back() == '"') value.remove_suffix(1);
        }
        return std::string(value);
      }
    }
    semi = next == std::string_view::npos ? next : semi + 1 + next;
  }
  return {};
}

MultipartProcessor::MultipartProcessor(TransactionState& tx) : tx_(tx) {
  std::string b = multipart_boundary(tx.request_header("Content-Type"), flags_);
  if (b.empty()) {
    fail("Multipart: Boundary not found in C-T.");
    return;
  }
  boundary_ = "--" + b;
}

MultipartProcessor::~MultipartProcessor() {
  if (file_fd_ >= 0) close(file_fd_);
  for (const MultipartPart& p : parts_)
    if (!p.tmp_path.empty()) unlink(p.tmp_path.c_str());
}

void MultipartProcessor::fail(std::string message) {
  if (state_ == State::kFailed) return;
  state_ = State::kFailed;
  tx_.reqbody_error = true;
  tx_.reqbody_error_msg = std::move(message);
}

void MultipartProcessor::feed(std::string_view chunk) {
  fed_ += chunk.size();
  while (!chunk.empty() && state_ != State::kFailed) {
    size_t nl = chunk.find('\n');
    if (nl == std::string_view::npos) {
      pending_.append(chunk);
      if (state_ != State::kContent && pending_.size() > kMaxLine) {
        // No part header is this long, and text outside the parts is only flagged: never let
        // a line without a newline grow with the body.
        if (state_ == State::kHeaders) return fail("Multipart: Part header line too long.");
        (state_ == State::kPreamble ? flags_.data_before : flags_.data_after) = true;
        pending_.clear();
        return;
      }
      // A long content line that cannot be a boundary goes out now: a file without newlines must
      // not pile up in memory.
      if (state_ == State::kContent && pending_.size() > boundary_.size() + 4 &&
          pending_.compare(0, boundary_.size(), boundary_) != 0) {
        content(pending_eol_);
        pending_eol_.clear();
        content(pending_);
        pending_.clear();
        mid_line_ = true;
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
    line(view, cr ? "\r\n" : "\n");
  }
}

void MultipartProcessor::line(std::string_view text, std::string_view eol) {
  if (!eol.empty()) (eol.size() == 2 ? flags_.crlf_line : flags_.lf_line) = true;
  if (mid_line_) {  // the rest of a content line already partly written
    mid_line_ = false;
    content(text);
    pending_eol_ = eol;
    return;
  }
  bool boundary = text.compare(0, boundary_.size(), boundary_) == 0;
  std::string_view after = boundary ? text.substr(boundary_.size()) : std::string_view();
  if (boundary && (after.empty() || after == "--")) {
    if (state_ == State::kContent || state_ == State::kHeaders) end_part();
    if (state_ == State::kEpilogue) flags_.data_after = true;  // a second final boundary
    state_ = after.empty() ? State::kHeaders : State::kEpilogue;
    if (state_ == State::kHeaders) parts_.emplace_back();
    return;
  }
  if (boundary) flags_.unmatched_boundary = true;
  switch (state_) {
    case State::kPreamble:
      if (!text.empty()) flags_.data_before = true;
      break;
    case State::kEpilogue:
      if (!text.empty()) flags_.data_after = true;
      break;
    case State::kHeaders:
      if (text.empty()) {
        start_content();
      } else {
        header_line(text);
      }
      break;
    case State::kContent:
      content(pending_eol_);
      content(text);
      pending_eol_ = eol;
      break;
    case State::kFailed:
      break;
  }
}

void MultipartProcessor::header_line(std::string_view text) {
  MultipartPart& part = parts_.back();
  if (text.front() == ' ' || text.front() == '\t') {
    flags_.header_folding = true;
    if (part.headers.empty()) {
      flags_.invalid_header_folding = true;
      return;
    }
    part.headers.back().append(" ").append(trim(text));
    return;
  }
  if (text.find(':') == std::string_view::npos) {
    fail("Multipart: Invalid part header (colon missing).");
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
      fail("Multipart: Invalid Content-Disposition header.");
      return;
    }
    v.remove_prefix(9);
    parse_disposition(v, part, flags_);
  }
  if (!disposition) {
    fail("Multipart: Part missing Content-Disposition header.");
    return;
  }
  if (part.name.empty()) flags_.invalid_part = true;
  state_ = State::kContent;
  pending_eol_.clear();
  if (!part.is_file) return;
  if (++files_ > kFileLimit) {
    flags_.file_limit_exceeded = true;
    return;
  }
  std::string dir = tx_.settings().tmp_dir.value_or("/tmp");
  std::string path = dir + "/" + tx_.unique_id + "-file-XXXXXX";
  file_fd_ = mkstemp(path.data());  // mode 0600
  if (file_fd_ >= 0) part.tmp_path = path;
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
    tx_.args_post.push_back(Param{tx_.keep(part.name), tx_.keep(part.value)});
}

void MultipartProcessor::finish(bool truncated) {
  if (!pending_.empty() && state_ != State::kFailed) {
    std::string rest = std::move(pending_);
    pending_.clear();
    line(rest, "");
  }
  if (state_ == State::kFailed || truncated) return;
  if (state_ != State::kEpilogue) fail("Multipart: Final boundary missing.");
}

std::unique_ptr<Processor> make_multipart(TransactionState& tx) {
  return std::make_unique<MultipartProcessor>(tx);
}

}  // namespace rampart::body
