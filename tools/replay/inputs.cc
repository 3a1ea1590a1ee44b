#include "replay/inputs.h"

#include <stdlib.h>
#include <unistd.h>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <vector>

#include "log/log_reader.h"
#include "replay/audit_entry.h"
#include "replay/har.h"
#include "replay/raw_http.h"

namespace rampart::replay {

namespace fs = std::filesystem;

namespace {

bool read_whole(const std::string& path, std::string& out) {
  if (path == "-") {
    out.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    return true;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream s;
  s << in.rdbuf();
  out = s.str();
  return true;
}

bool is_gzip(std::string_view text) {
  return text.starts_with("\x1f\x8b");
}

// An audit log starts with a native entry's part A boundary or a JSON entry.
bool looks_like_audit_log(std::string_view text) {
  size_t start = text.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos) return false;
  text = text.substr(start);
  if (text.starts_with("{\"transaction\"")) return true;
  if (!text.starts_with("--")) return false;
  std::string_view line = text.substr(0, text.find('\n'));
  return line.ends_with("-A--") || line.ends_with("-A--\r");
}

void read_audit_log(const std::string& path, size_t body_limit,
                    const std::function<void(Request&)>& on_request,
                    const std::function<void(const std::string&)>& on_problem, InputStats& stats) {
  logtool::AuditLogReader reader(
      [&](logtool::Entry& e) {
        Request r;
        std::string error = request_from_entry(e, r);
        if (!error.empty()) {
          ++stats.problems;
          on_problem(r.where() + ": " + error);
          return true;
        }
        ++stats.requests;
        on_request(r);
        return true;
      },
      [&](const logtool::Problem& p) {
        ++stats.problems;
        on_problem(p.to_string());
      });
  reader.set_raw_limit(body_limit);
  reader.read(path);
}

void read_file(const std::string& path, size_t body_limit,
               const std::function<void(Request&)>& on_request,
               const std::function<void(const std::string&)>& on_problem, InputStats& stats) {
  ++stats.files;
  if (path != "-") {  // an audit log may be large: its start tells, the log reader streams it
    std::string head(4096, '\0');
    std::ifstream in(path, std::ios::binary);
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<size_t>(in.gcount()));
    if (is_gzip(head) || looks_like_audit_log(head)) {
      read_audit_log(path, body_limit, on_request, on_problem, stats);
      return;
    }
  }
  std::string text;
  if (!read_whole(path, text)) {
    ++stats.problems;
    on_problem(path + ": cannot read the file");
    return;
  }
  if (is_gzip(text) || looks_like_audit_log(text)) {  // stdin
    // The log reader reads stdin itself; hand it what was read through a temporary file.
    // mkstemp: a fresh file only this process can have opened (no name guessed in /tmp).
    std::string tmp = (fs::temp_directory_path() / "rampart-replay-XXXXXX").string();
    int fd = mkstemp(tmp.data());
    bool kept = fd >= 0;
    for (size_t done = 0; kept && done < text.size();) {
      ssize_t n = write(fd, text.data() + done, text.size() - done);
      kept = n > 0;
      done += kept ? static_cast<size_t>(n) : 0;
    }
    if (fd >= 0) close(fd);
    if (!kept) {
      if (fd >= 0) unlink(tmp.c_str());
      ++stats.problems;
      on_problem("-: cannot keep standard input in a temporary file");
      return;
    }
    read_audit_log(tmp, body_limit, on_request, on_problem, stats);
    unlink(tmp.c_str());
    return;
  }
  std::vector<Request> requests;
  std::string error = looks_like_har(text) ? parse_har(text, path, requests)
                                           : parse_raw_requests(text, path, requests);
  for (Request& r : requests) {
    ++stats.requests;
    on_request(r);
  }
  if (!error.empty()) {
    ++stats.problems;
    on_problem(path + ": " + error);
  }
}

}  // namespace

void read_inputs(const std::string& path, size_t body_limit,
                 const std::function<void(Request&)>& on_request,
                 const std::function<void(const std::string&)>& on_problem, InputStats& stats) {
  std::error_code ec;
  if (path != "-" && fs::is_directory(path, ec)) {
    std::vector<std::string> files;
    for (auto it = fs::recursive_directory_iterator(path, ec); !ec && it != fs::end(it);
         it.increment(ec))
      if (it->is_regular_file(ec)) files.push_back(it->path().string());
    std::sort(files.begin(), files.end());
    for (const std::string& f : files) read_file(f, body_limit, on_request, on_problem, stats);
    return;
  }
  read_file(path, body_limit, on_request, on_problem, stats);
}

}  // namespace rampart::replay
