// SecAuditLogFormat Native: ModSecurity v2's multipart entry. Every part after A starts with
// "\n--<boundary>-<L>--\n", so each part's text ends without a newline of its own and the next
// header supplies it; v2 writes the parts in the order A B C F E H K Z (D, G: never; I: as C,
// since there are no multipart bodies to rewrite yet; J: no uploads yet).
#include "engine/rule.h"
#include "engine/transaction_state.h"
#include "log/alert.h"
#include "log/audit_log.h"
#include "log/audit_uploads.h"

#ifndef RAMPART_VERSION
#define RAMPART_VERSION "0"
#endif

namespace rampart::log {

namespace {

bool has(std::string_view parts, char p) {
  return parts.find(p) != std::string_view::npos;
}

int64_t epoch_us(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::microseconds>(t.time_since_epoch()).count();
}

void part(std::string& out, std::string_view boundary, char letter) {
  out += "\n--";
  out += boundary;
  out += '-';
  out += letter;
  out += "--\n";
}

void quoted_list(std::string& out, std::string_view label, const std::vector<std::string>& names) {
  if (names.empty()) return;
  out += label;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += ", ";
    out += '"' + escape(names[i]) + '"';
  }
  out += ".\n";
}

void trailer(std::string& out, const AuditInput& in, bool wrote_response_body) {
  const TransactionState& tx = in.tx;
  for (const std::string& m : tx.audit.messages) out += "Message: " + m + "\n";
  for (std::string_view e : in.response.apache_errors)
    out += "Apache-Error: " + std::string(e) + "\n";
  if (tx.audit.intercept_phase > 0)
    out += "Action: Intercepted (phase " + std::to_string(tx.audit.intercept_phase) + ")\n";
  if (!in.response.handler.empty())
    out += "Apache-Handler: " + std::string(in.response.handler) + "\n";
  int64_t start = epoch_us(tx.started), duration = epoch_us(in.now) - start;
  const auto& p = tx.audit.phase_us;
  int64_t combined = p[1] + p[2] + p[3] + p[4] + p[5];
  std::string times = std::to_string(start) + " " + std::to_string(duration);
  out += "Stopwatch: " + times + " (- - -)\n";
  out += "Stopwatch2: " + times + "; combined=" + std::to_string(combined) +
         ", p1=" + std::to_string(p[1]) + ", p2=" + std::to_string(p[2]) +
         ", p3=" + std::to_string(p[3]) + ", p4=" + std::to_string(p[4]) +
         ", p5=" + std::to_string(p[5]) + ", sr=0, sw=0, l=0, gc=0\n";
  if (wrote_response_body) out += "Response-Body-Transformed: Dechunked\n";
  out += "Producer: Rampart/" RAMPART_VERSION;
  for (const std::string& sig : tx.settings().component_signatures) out += "; " + sig;
  out += ".\n";
  if (!in.response.server.empty()) out += "Server: " + std::string(in.response.server) + "\n";
  quoted_list(out, "Sanitised-Args: ", tx.audit.args);
  quoted_list(out, "Sanitised-Request-Headers: ", tx.audit.request_headers);
  quoted_list(out, "Sanitised-Response-Headers: ", tx.audit.response_headers);
  EngineMode mode = tx.settings().engine_mode();
  if (mode != EngineMode::kOff)
    out += std::string("Engine-Mode: \"") +
           (mode == EngineMode::kDetectionOnly ? "DETECTION_ONLY" : "ENABLED") + "\"\n";
  // SecRulePerfTime: the rules that took longer (PERF_RULES), in v2's `"id=µs", …` form.
  if (tx.settings().rule_perf_time.value_or(0) > 0) {
    std::vector<std::string> slow;
    for (const auto& [id, us] : tx.perf_rules) slow.push_back(id + "=" + std::to_string(us));
    quoted_list(out, "Rules-Performance-Info: ", slow);
  }
}

// Part K: each matched rule as v2 prints it (rule_text), a chain as its links one per line;
// a blank line after each rule or chain.
void matched_rules(std::string& out, const TransactionState& tx) {
  for (const Rule* rule : tx.audit.matched_rules) {
    for (const Rule* link = rule; link; link = link->next.get()) out += link->unparsed + "\n";
    out += "\n";
  }
}

}  // namespace

std::string format_native(const AuditInput& in, std::string_view boundary) {
  const TransactionState& tx = in.tx;
  std::string out;
  out.reserve(4096 + tx.request_body.size() + response_body(in).size());
  out += "--";
  out += boundary;
  out += "-A--\n[" + log_time(in.now) + "] " + tx.unique_id + " " + std::string(tx.remote_addr) +
         " " + std::to_string(tx.remote_port) + " " + std::string(tx.server_addr) + " " +
         std::to_string(tx.server_port);
  if (has(in.parts, 'B')) {
    part(out, boundary, 'B');
    out += sanitise_request_line(tx) + "\n";
    for (const Param& h : tx.request_headers)
      out += std::string(h.name) + ": " + sanitise_request_header(tx, h.name, h.value) + "\n";
  }
  // Part I replaces a multipart body by its fields (src/log/audit_uploads.h); for other bodies
  // v2 writes part C instead.
  std::string fake_body;
  bool fake = has(in.parts, 'I') && multipart_fake_body(tx, fake_body);
  if ((has(in.parts, 'C') || (has(in.parts, 'I') && !fake)) && !tx.request_body.empty()) {
    part(out, boundary, 'C');
    out += sanitise_body(tx);
  }
  if (fake) {
    part(out, boundary, 'I');
    out += fake_body;
  }
  if (has(in.parts, 'F')) {
    part(out, boundary, 'F');
    if (!in.response.protocol.empty()) {  // HTTP/0.9 has no status line or headers
      out += std::string(in.response.protocol) + " " +
             (in.response.status_line.empty() ? std::to_string(in.response.status)
                                              : std::string(in.response.status_line)) +
             "\n";
      for (const auto& [name, value] : response_headers(in))
        out += std::string(name) + ": " + sanitise_response_header(tx, name, value) + "\n";
    }
  }
  std::string_view body = response_body(in);
  bool wrote_response_body = has(in.parts, 'E') && !body.empty();
  if (wrote_response_body) {
    part(out, boundary, 'E');
    out += body;
  }
  if (has(in.parts, 'H')) {
    part(out, boundary, 'H');
    trailer(out, in, wrote_response_body);
  }
  if (has(in.parts, 'J')) {  // after H, as v2 writes it
    if (std::string files = uploaded_files(tx); !files.empty()) {
      part(out, boundary, 'J');
      out += files;
    }
  }
  if (has(in.parts, 'K')) {
    part(out, boundary, 'K');
    matched_rules(out, tx);
  }
  part(out, boundary, 'Z');
  return out;
}

}  // namespace rampart::log
