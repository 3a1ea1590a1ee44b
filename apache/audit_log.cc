// The audit log entry, written at the end of log_transaction's phase 5 as ModSecurity v2 does:
// the final response (after ErrorDocument and internal redirects) as httpd sent it, with the
// response headers captured by the output filter, or taken now when no filter ran (a request
// denied in phase 1 or 2 is answered by httpd's error page without passing our filter).
#include "glue.h"
#include "http_core.h"
#include "http_protocol.h"

namespace rampart::apache {

namespace {

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
  out.status_line = pool_view(r->pool, line);
  out.protocol = response_protocol(last);
  out.handler = pool_view(r->pool, last->handler);
  out.server = pool_view(r->pool, ap_get_server_banner());
  out.remote_user = pool_view(r->pool, r->connection->remote_logname);
  out.local_user = pool_view(r->pool, last->user);
  out.bytes_sent = static_cast<uint64_t>(last->bytes_sent);
  tx.write_audit_log(out);
}

}  // namespace rampart::apache
