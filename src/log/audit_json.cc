// SecAuditLogFormat JSON: ModSecurity 2.9's JSON entry, one object per line, keys in v2's order.
// "request", "response" and "audit_data" are always present (possibly empty); the rest follows
// the parts: B request_line/headers, C body (an array of chunks, here one), F protocol/status/
// headers, E body, H audit_data fields (error_messages: native's Apache-Error lines), K
// matched_rules.
#include "engine/rule.h"
#include "engine/transaction_state.h"
#include "log/alert.h"
#include "log/audit_log.h"
#include "log/audit_uploads.h"
#include "log/verdict.h"

#ifndef RAMPART_VERSION
#define RAMPART_VERSION "0"
#endif

namespace rampart::log {

namespace {

bool has(std::string_view parts, char p) {
  return parts.find(p) != std::string_view::npos;
}

// A tiny writer that puts commas where they belong.
class Json {
 public:
  std::string out;
  void open(char c) {
    comma();
    out += c;
    first_ = true;
  }
  void close(char c) {
    out += c;
    first_ = false;
  }
  void key(std::string_view k) {
    comma();
    json_string(out, k);
    out += ':';
    first_ = true;
  }
  void str(std::string_view v) {
    comma();
    json_string(out, v);
  }
  void num(int64_t v) {
    comma();
    out += std::to_string(v);
  }
  void boolean(bool v) {
    comma();
    out += v ? "true" : "false";
  }
  void kv(std::string_view k, std::string_view v) { key(k), str(v); }
  void kv_num(std::string_view k, int64_t v) { key(k), num(v); }
  void kv_bool(std::string_view k, bool v) { key(k), boolean(v); }
  void open_key(std::string_view k, char c) { key(k), open(c); }
  void kv_raw(std::string_view k, std::string_view json) {  // `json` is already a JSON value
    key(k);
    comma();
    out += json;
  }

 private:
  void comma() {
    if (!first_) out += ',';
    first_ = false;
  }
  bool first_ = true;
};

void string_array(Json& j, std::string_view k, const std::vector<std::string>& items) {
  j.open_key(k, '[');
  for (const std::string& s : items) j.str(escape(s));
  j.close(']');
}

void rule_json(Json& j, const Rule& rule) {
  const ActionSet& a = rule.actions;
  bool is_link = rule.starter != nullptr && rule.starter != &rule;
  j.open('{');
  j.open_key("actionset", '{');
  if (!rule.id.empty()) j.kv("id", escape(rule.id));
  if (!a.rev.empty()) j.kv("rev", escape(a.rev));
  if (!a.ver.empty()) j.kv("version", escape(a.ver));
  if (a.severity) j.kv_num("severity", *a.severity);
  if (a.accuracy) j.kv_num("accuracy", *a.accuracy);
  if (a.maturity) j.kv_num("maturity", *a.maturity);
  j.kv_num("phase", rule.phase);
  j.kv_bool("is_chained", rule.next != nullptr || is_link);
  if (rule.next && !is_link) j.kv_bool("chain_starter", true);
  if (!a.tags.empty()) string_array(j, "tags", a.tags);
  j.close('}');
  std::string target;
  for (const Target& t : rule.targets) target += (target.empty() ? "" : "|") + t.text;
  j.open_key("operator", '{');
  j.kv("operator", rule.op_name);
  j.kv("operator_param", rule.op_param_text);
  j.kv("target", target);
  j.kv_bool("negated", rule.op_negated);
  j.close('}');
  j.open_key("config", '{');
  j.kv("filename", rule.where.file);
  j.kv_num("line_num", rule.where.line);
  j.close('}');
  j.kv("unparsed", rule.unparsed);
  j.kv_bool("is_matched", true);  // a chain is listed only once every link matched
  j.close('}');
}

void headers(Json& j, const std::vector<Param>& list, const TransactionState& tx) {
  j.open_key("headers", '{');
  for (const Param& h : list) j.kv(h.name, sanitise_request_header(tx, h.name, h.value));
  j.close('}');
}

void headers(Json& j, const std::vector<std::pair<std::string_view, std::string_view>>& list,
             const TransactionState& tx) {
  j.open_key("headers", '{');
  for (const auto& [name, value] : list) j.kv(name, sanitise_response_header(tx, name, value));
  j.close('}');
}

void audit_data(Json& j, const AuditInput& in, bool wrote_response_body) {
  const TransactionState& tx = in.tx;
  const AuditState& a = tx.audit;
  if (!a.messages.empty()) {
    j.open_key("messages", '[');
    for (const std::string& m : a.messages) j.str(m);
    j.close(']');
  }
  if (!in.response.apache_errors.empty()) {  // native part H's Apache-Error: lines
    j.open_key("error_messages", '[');
    for (std::string_view e : in.response.apache_errors) j.str(e);
    j.close(']');
  }
  if (a.intercept_phase > 0) {
    j.open_key("action", '{');
    j.kv_bool("intercepted", true);
    j.kv_num("phase", a.intercept_phase);
    j.kv("message", a.intercept_message);
    j.close('}');
  }
  if (!in.response.handler.empty()) j.kv("handler", in.response.handler);
  j.open_key("stopwatch", '{');
  for (int p = 1; p <= 5; ++p) j.kv_num("p" + std::to_string(p), a.phase_us[p]);
  for (const char* k : {"sr", "sw", "l", "gc"}) j.kv_num(k, 0);
  j.close('}');
  if (wrote_response_body) j.kv_bool("response_body_dechunked", true);
  const auto& sigs = tx.settings().component_signatures;
  if (sigs.empty()) {
    j.kv("producer", "Rampart/" RAMPART_VERSION);
  } else {
    j.open_key("producer", '[');
    j.str("Rampart/" RAMPART_VERSION);
    for (const std::string& s : sigs) j.str(s);
    j.close(']');
  }
  if (!in.response.server.empty()) j.kv("server", in.response.server);
  if (!a.args.empty() || !a.request_headers.empty() || !a.response_headers.empty()) {
    j.open_key("sanitized", '{');
    if (!a.args.empty()) string_array(j, "args", a.args);
    if (!a.request_headers.empty()) string_array(j, "request_headers", a.request_headers);
    if (!a.response_headers.empty()) string_array(j, "response_headers", a.response_headers);
    j.close('}');
  }
  EngineMode mode = tx.settings().engine_mode();
  if (mode != EngineMode::kOff)
    j.kv("engine_mode", mode == EngineMode::kDetectionOnly ? "DETECTION_ONLY" : "ENABLED");
  // Rampart's "why blocked" record (src/log/verdict.h); v2's parsers skip keys they do not know.
  j.kv_raw("verdict", verdict_json(tx));
}

}  // namespace

std::string format_json(const AuditInput& in) {
  const TransactionState& tx = in.tx;
  Json j;
  j.out.reserve(4096 + tx.request_body.size() + response_body(in).size());
  j.open('{');
  j.open_key("transaction", '{');
  j.kv("time", log_time(in.now));
  j.kv("transaction_id", tx.unique_id);
  j.kv("remote_address", tx.remote_addr);
  j.kv_num("remote_port", tx.remote_port);
  j.kv("local_address", tx.server_addr);
  j.kv_num("local_port", tx.server_port);
  j.close('}');

  j.open_key("request", '{');
  if (has(in.parts, 'B')) {
    j.kv("request_line", sanitise_request_line(tx));
    headers(j, tx.request_headers, tx);
  }
  // I: a multipart body as its fields, "fake_body" (src/log/audit_uploads.h); C otherwise.
  std::string fake_body;
  bool fake = has(in.parts, 'I') && multipart_fake_body(tx, fake_body);
  if ((has(in.parts, 'C') || (has(in.parts, 'I') && !fake)) && !tx.request_body.empty()) {
    j.open_key("body", '[');
    j.str(sanitise_body(tx));
    j.close(']');
  }
  if (fake) j.kv("fake_body", fake_body);
  j.close('}');

  j.open_key("response", '{');
  if (has(in.parts, 'F') && !in.response.protocol.empty()) {
    j.kv("protocol", in.response.protocol);
    j.kv_num("status", in.response.status);
    headers(j, response_headers(in), tx);
  }
  std::string_view body = response_body(in);
  bool wrote_response_body = has(in.parts, 'E') && !body.empty();
  if (wrote_response_body) j.kv("body", body);
  j.close('}');

  j.open_key("audit_data", '{');
  if (has(in.parts, 'H')) audit_data(j, in, wrote_response_body);
  j.close('}');

  std::vector<UploadedFile> files;
  size_t total = 0;
  if (has(in.parts, 'J') && uploaded_file_list(tx, files, total)) {
    j.open_key("uploads", '{');
    j.open_key("info", '[');
    for (const UploadedFile& f : files) {
      j.open('{');
      j.kv_num("file_size", static_cast<int64_t>(f.size));
      j.kv("file_name", f.name);
      j.kv("content_type", f.content_type);
      j.close('}');
    }
    j.close(']');
    j.kv_num("total", static_cast<int64_t>(total));
    j.close('}');
  }
  if (has(in.parts, 'K')) {
    j.open_key("matched_rules", '[');
    for (const Rule* rule : tx.audit.matched_rules) {
      j.open('{');
      j.kv_bool("chain", rule->next != nullptr);
      j.open_key("rules", '[');
      for (const Rule* r = rule; r; r = r->next.get()) rule_json(j, *r);
      j.close(']');
      if (rule->next) j.kv_bool("full_chain_match", true);
      j.close('}');
    }
    j.close(']');
  }
  j.close('}');
  return std::move(j.out);
}

}  // namespace rampart::log
