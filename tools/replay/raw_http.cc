#include "replay/raw_http.h"

#include <strings.h>
#include <algorithm>
#include <cctype>
#include <charconv>

namespace rampart::replay {

namespace {

bool is_token_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) ||
         std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

// One line (without its CR LF / LF) from `pos`; advances `pos` past the line end.
std::string_view next_line(std::string_view text, size_t& pos, uint64_t& line_no) {
  size_t end = text.find('\n', pos);
  std::string_view line =
      text.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
  pos = end == std::string_view::npos ? text.size() : end + 1;
  if (line.ends_with('\r')) line.remove_suffix(1);
  ++line_no;
  return line;
}

bool iequal(std::string_view a, std::string_view b) {
  return a.size() == b.size() && strncasecmp(a.data(), b.data(), a.size()) == 0;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// Decodes a chunked body starting at `pos`; advances `pos` past the last chunk and trailers.
std::string dechunk(std::string_view text, size_t& pos, uint64_t& line_no, std::string& error) {
  std::string body;
  while (pos < text.size()) {
    std::string_view size_line = trim(next_line(text, pos, line_no));
    size_line = size_line.substr(0, size_line.find(';'));  // chunk extensions
    size_t size = 0;
    auto [end, ec] =
        std::from_chars(size_line.data(), size_line.data() + size_line.size(), size, 16);
    if (ec != std::errc() || end != size_line.data() + size_line.size()) {
      error =
          "line " + std::to_string(line_no) + ": bad chunk size '" + std::string(size_line) + "'";
      return body;
    }
    if (size == 0) {
      while (pos < text.size() && !next_line(text, pos, line_no).empty()) {
      }  // trailers
      return body;
    }
    std::string_view data = text.substr(pos, size);
    body.append(data);
    line_no += std::count(data.begin(), data.end(), '\n');
    pos += data.size();
    if (data.size() < size) {
      error = "line " + std::to_string(line_no) + ": the chunked body ends early";
      return body;
    }
    next_line(text, pos, line_no);  // the CRLF after the data
  }
  error = "line " + std::to_string(line_no) + ": the chunked body has no last chunk";
  return body;
}

}  // namespace

bool looks_like_request_line(std::string_view text) {
  size_t sp = text.find(' ');
  if (sp == 0 || sp == std::string_view::npos) return false;
  if (!std::all_of(text.begin(), text.begin() + sp, is_token_char)) return false;
  size_t eol = text.find('\n');
  std::string_view line = text.substr(0, eol);
  if (line.ends_with('\r')) line.remove_suffix(1);
  size_t last = line.rfind(' ');
  return last > sp && line.substr(last + 1).starts_with("HTTP/");
}

std::string parse_raw_requests(std::string_view text, const std::string& source,
                               std::vector<Request>& out) {
  size_t pos = 0;
  uint64_t line_no = 0;
  while (pos < text.size()) {
    size_t start = pos;
    uint64_t start_no = line_no;
    std::string_view first = next_line(text, pos, line_no);
    if (trim(first).empty()) continue;  // blank lines between requests
    if (!looks_like_request_line(text.substr(start))) {
      return "line " + std::to_string(start_no + 1) +
             ": expected a request line (METHOD target HTTP/1.1), found '" +
             std::string(first.substr(0, 80)) + "'";
    }
    Request r;
    r.source = source;
    r.line = line_no;
    size_t sp1 = first.find(' '), sp2 = first.rfind(' ');
    r.method = std::string(first.substr(0, sp1));
    r.target = std::string(trim(first.substr(sp1 + 1, sp2 - sp1 - 1)));
    r.protocol = std::string(first.substr(sp2 + 1));
    while (pos < text.size()) {
      std::string_view line = next_line(text, pos, line_no);
      if (line.empty()) break;
      if ((line[0] == ' ' || line[0] == '\t') && !r.headers.empty()) {  // obsolete folding
        r.headers.back().second += " " + std::string(trim(line));
        continue;
      }
      size_t colon = line.find(':');
      if (colon == std::string_view::npos || colon == 0) {
        return "line " + std::to_string(line_no) +
               ": expected a header line (Name: value), found '" + std::string(line.substr(0, 80)) +
               "'";
      }
      r.headers.emplace_back(std::string(trim(line.substr(0, colon))),
                             std::string(trim(line.substr(colon + 1))));
    }
    std::string error;
    const std::string* te = r.header("Transfer-Encoding");
    const std::string* cl = r.header("Content-Length");
    if (te && iequal(trim(*te), "chunked")) {
      r.body = dechunk(text, pos, line_no, error);
    } else if (cl) {
      size_t n = 0;
      auto [end, ec] = std::from_chars(cl->data(), cl->data() + cl->size(), n);
      if (ec != std::errc() || end != cl->data() + cl->size())
        return r.where() + ": Content-Length '" + *cl + "' is not a number";
      r.body = std::string(text.substr(pos, n));
      line_no += std::count(r.body.begin(), r.body.end(), '\n');
      pos += r.body.size();
      if (r.body.size() < n)
        error = r.where() + ": the body ends after " + std::to_string(r.body.size()) + " of " +
                std::to_string(n) + " bytes";
    } else {
      // Up to the next request line that starts a line, or the end.
      size_t end = pos;
      while (end < text.size() && !looks_like_request_line(text.substr(end))) {
        size_t nl = text.find('\n', end);
        end = nl == std::string_view::npos ? text.size() : nl + 1;
      }
      std::string_view body = text.substr(pos, end - pos);
      line_no += std::count(body.begin(), body.end(), '\n');
      pos = end;
      // The line break before the next request (or the file's last) is not body.
      while (body.ends_with('\n') || body.ends_with('\r')) body.remove_suffix(1);
      r.body = std::string(body);
      // The client would have sent one; without it httpd would not read the body at all.
      if (!r.body.empty()) r.headers.emplace_back("Content-Length", std::to_string(r.body.size()));
    }
    out.push_back(std::move(r));
    if (!error.empty()) return error;
  }
  return {};
}

}  // namespace rampart::replay
