// The request body for phase 2. Phase 2 reads the body before the handler runs, so the bytes are
// kept (in r->pool) and a small input filter replays exactly them, then EOS, to whichever handler
// reads next (static, CGI, mod_proxy).
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <exception>
#include <string>

#include "apr_strings.h"
#include "glue.h"
#include "http_core.h"
#include "http_protocol.h"
#include "http_request.h"

namespace rampart::apache {
namespace {

constexpr apr_off_t kReadChunk = 8192;

bool has_body(request_rec* r) {
  if (apr_table_get(r->headers_in, "Transfer-Encoding")) return true;  // httpd allows chunked only
  const char* cl = apr_table_get(r->headers_in, "Content-Length");
  return cl && apr_atoi64(cl) > 0;
}

// The v2 wording, with the fields v2 appends to every error-log line.
void log_body_limit(request_rec* r, RequestState& st, bool from_header) {
  static constexpr char kFormat[] =
      "ModSecurity: Request body %sis larger than the configured limit (%" APR_SIZE_T_FMT
      ")."
      " [hostname \"%s\"] [uri \"%s\"] [unique_id \"%.*s\"]";
  std::string_view id = st.tx.unique_id();
  ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, r, kFormat, from_header ? "(Content-Length) " : "",
                st.tx.settings().max_request_body(), ap_get_server_name(r), r->uri ? r->uri : "",
                static_cast<int>(id.size()), id.data());
}

int read_error_status(apr_status_t rv) {
  if (rv == APR_TIMEUP) return HTTP_REQUEST_TIME_OUT;
  return ap_map_http_request_error(rv, HTTP_BAD_REQUEST);
}

// Reads into st.body until EOS, or until the engine's limit when the rest may stay unread. Every
// byte read is kept for the handler, fed to the engine or not. `logged`: the limit line is out.
// Returns OK, or the status to answer with.
int read_body_chunks(request_rec* r, RequestState& st, bool logged) {
  const Settings& settings = st.tx.settings();
  bool declared = apr_table_get(r->headers_in, "Content-Length") != nullptr;
  apr_bucket_brigade* bb = apr_brigade_create(r->pool, r->connection->bucket_alloc);
  bool over = false;  // the engine has all it may inspect: read no further brigade
  int rc = OK;
  while (rc == OK && !over && !st.body.complete) {
    apr_status_t rv =
        ap_get_brigade(r->input_filters, bb, AP_MODE_READBYTES, APR_BLOCK_READ, kReadChunk);
    if (rv != APR_SUCCESS) {
      rc = read_error_status(rv);
      break;
    }
    if (APR_BRIGADE_EMPTY(bb)) {  // a filter that answers nothing would loop us forever
      rc = HTTP_BAD_REQUEST;
      break;
    }
    for (apr_bucket* e = APR_BRIGADE_FIRST(bb); e != APR_BRIGADE_SENTINEL(bb);
         e = APR_BUCKET_NEXT(e)) {
      if (APR_BUCKET_IS_EOS(e)) {
        st.body.complete = true;
        break;
      }
      if (APR_BUCKET_IS_METADATA(e)) continue;
      const char* data = nullptr;
      apr_size_t len = 0;
      rv = apr_bucket_read(e, &data, &len, APR_BLOCK_READ);
      if (rv != APR_SUCCESS) {
        rc = read_error_status(rv);
        break;
      }
      if (len == 0) continue;
      std::string_view chunk = pool_view(r->pool, data, len);
      st.body.chunks.push_back(chunk);
      if (over || st.tx.append_request_body(chunk) != BodyResult::kLimitExceeded) continue;
      over = true;
      if (settings.on_request_body_limit() != BodyLimitAction::kReject) continue;
      if (!logged) log_body_limit(r, st, declared);
      logged = true;
      if (enforcing(settings)) {
        rc = HTTP_REQUEST_ENTITY_TOO_LARGE;
        break;
      }
    }
    apr_brigade_cleanup(bb);
  }
  apr_brigade_destroy(bb);
  return rc;
}

}  // namespace

void add_body_replay(request_rec* r, RequestState& st) {
  for (ap_filter_t* f = r->input_filters; f; f = f->next) {
    if (f->frec == body_replay_filter) return;
  }
  ap_add_input_filter_handle(body_replay_filter, &st, r, r->connection);
}

// Hands the kept body to the handler: as many bytes as asked (up to a line for GETLINE), then
// EOS when the whole body was read, else whatever the connection still holds.
apr_status_t replay_body(ap_filter_t* f, apr_bucket_brigade* bb, ap_input_mode_t mode,
                         apr_read_type_e block, apr_off_t readbytes) {
  auto* st = static_cast<RequestState*>(f->ctx);
  if (st == nullptr || (mode != AP_MODE_READBYTES && mode != AP_MODE_SPECULATIVE &&
                        mode != AP_MODE_GETLINE && mode != AP_MODE_EXHAUSTIVE)) {
    return ap_get_brigade(f->next, bb, mode, block, readbytes);
  }
  RequestBody& body = st->body;
  if (body.chunk >= body.chunks.size()) {
    if (!body.complete) {
      ap_remove_input_filter(f);
      return ap_get_brigade(f->next, bb, mode, block, readbytes);
    }
    APR_BRIGADE_INSERT_TAIL(bb, apr_bucket_eos_create(f->c->bucket_alloc));
    return APR_SUCCESS;
  }
  size_t want =
      (mode == AP_MODE_EXHAUSTIVE || readbytes <= 0) ? SIZE_MAX : static_cast<size_t>(readbytes);
  size_t chunk = body.chunk, offset = body.offset;
  bool line_done = false;
  while (want > 0 && chunk < body.chunks.size() && !line_done) {
    std::string_view rest = body.chunks[chunk].substr(offset);
    size_t n = std::min(want, rest.size());
    if (mode == AP_MODE_GETLINE) {
      size_t nl = rest.substr(0, n).find('\n');
      if (nl != std::string_view::npos) {
        n = nl + 1;
        line_done = true;
      }
    }
    APR_BRIGADE_INSERT_TAIL(bb,
                            apr_bucket_pool_create(rest.data(), n, f->r->pool, f->c->bucket_alloc));
    want -= n;
    offset += n;
    if (offset == body.chunks[chunk].size()) {
      ++chunk;
      offset = 0;
    }
  }
  if (mode == AP_MODE_SPECULATIVE) return APR_SUCCESS;  // peeking consumes nothing
  body.chunk = chunk;
  body.offset = offset;
  if (chunk >= body.chunks.size() && body.complete) {
    APR_BRIGADE_INSERT_TAIL(bb, apr_bucket_eos_create(f->c->bucket_alloc));
  }
  return APR_SUCCESS;
}

int read_request_body(request_rec* r, RequestState& st) {
  if (!st.tx.wants_request_body() || !has_body(r)) return OK;
  const Settings& settings = st.tx.settings();
  // A declared length over the limit is refused before anything is read, as v2 does.
  const char* cl = apr_table_get(r->headers_in, "Content-Length");
  bool logged = false;
  if (cl && settings.on_request_body_limit() == BodyLimitAction::kReject &&
      apr_atoi64(cl) > static_cast<apr_int64_t>(settings.max_request_body())) {
    log_body_limit(r, st, true);
    if (enforcing(settings)) return HTTP_REQUEST_ENTITY_TOO_LARGE;
    logged = true;  // DetectionOnly: inspect the part within the limit
  }
  int rc = read_body_chunks(r, st, logged);
  if (rc != OK) return rc;
  add_body_replay(r, st);
  return OK;
}

}  // namespace rampart::apache
