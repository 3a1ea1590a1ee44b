// The audit log entry, written at the end of log_transaction's phase 5 as ModSecurity v2 does:
// the final response (after ErrorDocument and internal redirects) as httpd sent it, its headers
// read now (part F).
//
// Two hooks collect what only httpd knows, as v2 does: every error-log line of the request (part
// H `Apache-Error:`), and the error page httpd sends after a deny, which never passes the
// response-phase filter (part E, with SecResponseBodyAccess On).
#include <strings.h>
#include <algorithm>
#include <cstring>

#include "apr_strings.h"
#include "glue.h"
#include "http_core.h"
#include "http_protocol.h"

namespace rampart::apache {

namespace {

// A request that logs more than this (a loop, a chatty module) keeps only its first lines.
constexpr size_t kMaxApacheErrors = 64;

ap_filter_rec_t* error_page_filter = nullptr;

// `[file "F"] [line N] [level L] message`, as v2 prints Apache-Error lines; F without its
// directory, since v2's sources were compiled with bare names.
void remember_error(const ap_errorlog_info* info, const char* errstr) {
  if (info == nullptr || info->r == nullptr || errstr == nullptr) return;
  request_rec* r = const_cast<request_rec*>(info->r);
  RequestState* st = find_state(r);
  if (st == nullptr || st->apache_errors.size() >= kMaxApacheErrors) return;
  const char* file = info->file ? info->file : "";
  if (const char* slash = std::strrchr(file, '/')) file = slash + 1;
  char* line = apr_psprintf(r->pool, "[file \"%s\"] [line %d] [level %d] %s", file, info->line,
                            info->level & APLOG_LEVELMASK, errstr);
  for (char* c = line; *c; ++c)
    if (*c == '\n' || *c == '\r') *c = ' ';  // one entry line per message, whatever it holds
  st->apache_errors.push_back(line);
  st->tx.add_webserver_error(line);  // WEBSERVER_ERROR_LOG: the same lines, as in v2
}

// The response headers as sent, read now as v2 does: after the filters that add Content-Length
// and mod_headers' `Header` lines. Sending merged err_headers_out into headers_out; a response
// not sent yet keeps them apart. Views of the tables' strings, alive for the whole request.
void response_headers(request_rec* r,
                      std::vector<std::pair<std::string_view, std::string_view>>& out) {
  for (const apr_table_t* t : {r->headers_out, r->err_headers_out}) {
    if (t == nullptr) continue;
    const apr_array_header_t* arr = apr_table_elts(t);
    const auto* e = reinterpret_cast<const apr_table_entry_t*>(arr->elts);
    for (int i = 0; i < arr->nelts; ++i)
      if (e[i].key && e[i].val) out.emplace_back(e[i].key, e[i].val);
  }
  bool typed = std::any_of(out.begin(), out.end(), [](const auto& h) {
    return h.first.size() == 12 && strncasecmp(h.first.data(), "Content-Type", 12) == 0;
  });
  if (r->content_type && !typed) out.emplace_back("Content-Type", r->content_type);
}

// Copies the error page into the request state (up to SecResponseBodyLimit) and passes it on.
apr_status_t capture_error_page(ap_filter_t* f, apr_bucket_brigade* bb) {
  auto* st = static_cast<RequestState*>(f->ctx);
  size_t limit = st->tx.settings().max_response_body();
  for (apr_bucket* b = APR_BRIGADE_FIRST(bb); b != APR_BRIGADE_SENTINEL(bb);
       b = APR_BUCKET_NEXT(b)) {
    if (APR_BUCKET_IS_METADATA(b) || st->error_page.size() >= limit) continue;
    const char* data = nullptr;
    apr_size_t len = 0;
    if (apr_bucket_read(b, &data, &len, APR_BLOCK_READ) != APR_SUCCESS) break;
    st->error_page.append(data, std::min<size_t>(len, limit - st->error_page.size()));
  }
  return ap_pass_brigade(f->next, bb);
}

// Only the page answering our own deny: any other response passes the response-phase filter,
// which keeps the body itself.
void insert_error_page_filter(request_rec* r) {
  if (r->main) return;
  RequestState* st = find_state(r);
  if (st == nullptr || !st->tx.intervention().disruptive() || st->response.started) return;
  if (!st->tx.settings().inspect_response_body() || !st->tx.wants_audit_log()) return;
  ap_add_output_filter_handle(error_page_filter, st, r, r->connection);
}

// v2's get_response_protocol: what httpd put on the status line; none for HTTP/0.9.
const char* response_protocol(request_rec* r) {
  if (r->assbackwards) return "";
  int proto = r->proto_num;
  if (proto > HTTP_VERSION(1, 0) && apr_table_get(r->subprocess_env, "downgrade-1.0"))
    proto = HTTP_VERSION(1, 0);
  if (proto == HTTP_VERSION(1, 0) && apr_table_get(r->subprocess_env, "force-response-1.0"))
    return "HTTP/1.0";
  return AP_SERVER_PROTOCOL;
}

}  // namespace

void write_audit_log(request_rec* r, RequestState& st) {
  Transaction& tx = st.tx;
  if (!tx.wants_audit_log()) return;
  request_rec* last = r;
  while (last->next) last = last->next;  // the request whose response went out
  if (!st.response.started) describe_response(last, tx);
  FinalResponse out;
  out.status = last->status;
  const char* line = last->status_line ? last->status_line : ap_get_status_line(last->status);
  out.status_line = view_of(line);
  out.protocol = response_protocol(last);
  out.handler = view_of(last->handler);
  out.server = view_of(ap_get_server_banner());
  out.remote_user = view_of(r->connection->remote_logname);
  out.local_user = view_of(last->user);
  out.bytes_sent = static_cast<uint64_t>(last->bytes_sent);
  response_headers(last, out.headers);
  out.apache_errors = st.apache_errors;
  out.error_page_body = st.error_page;
  tx.write_audit_log(out);
}

void register_audit_hooks() {
  ap_hook_error_log(remember_error, nullptr, nullptr, APR_HOOK_MIDDLE);
  error_page_filter = ap_register_output_filter("RAMPART_ERROR_PAGE", capture_error_page, nullptr,
                                                AP_FTYPE_CONTENT_SET);
  ap_hook_insert_error_filter(insert_error_page_filter, nullptr, nullptr, APR_HOOK_MIDDLE);
}

}  // namespace rampart::apache
