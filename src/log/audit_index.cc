// Pieces shared by both formats and both log types: v2's timestamp, the Concurrent mode file
// name and index line, and the part boundary.
#include <cstdio>
#include <ctime>
#include <random>

#include "engine/transaction_state.h"
#include "log/alert.h"
#include "log/audit_log.h"
#include "transforms/digest.h"

namespace rampart::log {

namespace {

std::tm local(Clock::time_point t) {
  std::time_t secs = Clock::to_time_t(t);
  std::tm tm{};
  localtime_r(&secs, &tm);
  return tm;
}

std::string format_tm(const std::tm& tm, const char* fmt) {
  char buf[64];
  size_t n = std::strftime(buf, sizeof buf, fmt, &tm);
  return std::string(buf, n);
}

// v2's log_escape_nq: like log_escape, but quotes stay as they are.
std::string escape_nq(std::string_view s) {
  std::string out;
  for (char c : s) out += c == '"' ? std::string(1, c) : escape(std::string_view(&c, 1));
  return out;
}

std::string or_dash(std::string_view s) {
  return s.empty() ? "-" : std::string(s);
}

// v2 keeps the index line under 3980 bytes (below PIPE_BUF, so one write to a pipe is atomic);
// when it would be longer, the request line is cut and the line ends in "L".
constexpr size_t kIndexLimit = 3980;

}  // namespace

std::string log_time(Clock::time_point t) {
  std::tm tm = local(t);
  auto us =
      std::chrono::duration_cast<std::chrono::microseconds>(t.time_since_epoch()).count() % 1000000;
  long off = tm.tm_gmtoff;
  char tail[32];
  std::snprintf(tail, sizeof tail, ".%06ld %c%02ld%02ld", static_cast<long>(us),
                off < 0 ? '-' : '+', (off < 0 ? -off : off) / 3600,
                ((off < 0 ? -off : off) % 3600) / 60);
  return format_tm(tm, "%d/%b/%Y:%H:%M:%S") + tail;
}

std::string entry_file_name(Clock::time_point t, std::string_view unique_id) {
  return format_tm(local(t), "/%Y%m%d/%Y%m%d-%H%M/%Y%m%d-%H%M%S-") + std::string(unique_id);
}

std::string_view response_body(const AuditInput& in) {
  if (!in.tx.response_body.empty()) return in.tx.response_body;
  return in.response.error_page_body;
}

std::vector<std::pair<std::string_view, std::string_view>> response_headers(const AuditInput& in) {
  if (!in.response.headers.empty()) return in.response.headers;
  std::vector<std::pair<std::string_view, std::string_view>> out;
  out.reserve(in.tx.response_headers.size());
  for (const Param& h : in.tx.response_headers) out.emplace_back(h.name, h.value);
  return out;
}

std::string random_boundary() {
  thread_local std::mt19937 rng{std::random_device{}()};
  char buf[9];
  std::snprintf(buf, sizeof buf, "%08x", static_cast<unsigned>(rng()));
  return buf;
}

std::string index_line(const AuditInput& in, std::string_view file, std::string_view entry) {
  const TransactionState& tx = in.tx;
  auto md5 = transforms::digest::md5(entry);
  char hex[33];
  for (size_t i = 0; i < md5.size(); ++i) std::snprintf(hex + 2 * i, 3, "%02x", md5[i]);
  std::string tail = std::string(file) + " 0 " + std::to_string(entry.size()) + " md5:" + hex;
  // Referer and User-Agent are "-": v2 leaves them out of the index on purpose.
  std::string request_line = escape(sanitise_request_line(tx));
  auto head = [&](std::string_view line) {
    return escape_nq(or_dash(tx.hostname)) + " " + std::string(tx.remote_addr) + " " +
           escape_nq(or_dash(in.response.remote_user)) + " " +
           escape_nq(or_dash(in.response.local_user)) + " [" + log_time(in.now) + "] \"" +
           std::string(line) + "\" " + std::to_string(in.response.status) + " " +
           std::to_string(in.response.bytes_sent) + " \"-\" \"-\" " +
           escape(or_dash(tx.unique_id)) + " \"-\"";
  };
  std::string line = head(request_line);
  if (line.size() + tail.size() + 3 <= kIndexLimit) return line + " " + tail + " \n";
  size_t over = line.size() + tail.size() + 4 - kIndexLimit;  // " L\n" is one byte longer
  request_line.resize(request_line.size() > over ? request_line.size() - over : 0);
  return head(request_line) + " " + tail + " L\n";
}

}  // namespace rampart::log
