// Body handling. Input: phase 2 reads the request body before the handler runs, so the bytes are
// kept (in r->pool) and a small input filter replays exactly them, then EOS, to whichever handler
// reads next (static, CGI, mod_proxy). Output: phases 3 and 4 run in a content filter placed
// before mod_deflate; a deny there discards what was held back and sends an error bucket, so
// httpd's normal error path (ErrorDocument included) answers and none of the body leaves.
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

ap_filter_rec_t* body_replay_filter = nullptr;
ap_filter_rec_t* response_filter = nullptr;

constexpr apr_off_t kReadChunk = 8192;

// ---------------------------------------------------------------- request body

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

// ---------------------------------------------------------------- response

// Replaces the response with httpd's error path for this intervention. Nothing held back has
// left; later brigades from the handler are swallowed by the caller (response.denied).
apr_status_t deny_response(ap_filter_t* f, apr_bucket_brigade* bb, RequestState& st,
                           const Intervention& iv) {
  request_rec* r = f->r;
  ResponseState& rs = st.response;
  rs.denied = rs.done = true;
  if (rs.held) apr_brigade_cleanup(rs.held);
  apr_brigade_cleanup(bb);
  if (iv.kind == Intervention::Kind::kDrop) {
    drop_connection(r);
    return APR_ECONNABORTED;
  }
  int status = iv.status > 0 ? iv.status : HTTP_FORBIDDEN;
  if (iv.kind == Intervention::Kind::kRedirect) {
    apr_table_setn(r->headers_out, "Location", apr_pstrdup(r->pool, iv.url.c_str()));
    if (iv.status <= 0) status = HTTP_MOVED_TEMPORARILY;
  }
  // The status we replace is not an error of its own: let ap_die treat ours as the first one,
  // so ErrorDocument applies to it.
  r->status = HTTP_OK;
  APR_BRIGADE_INSERT_TAIL(bb, ap_bucket_error_create(status, nullptr, r->pool, f->c->bucket_alloc));
  APR_BRIGADE_INSERT_TAIL(bb, apr_bucket_eos_create(f->c->bucket_alloc));
  return ap_pass_brigade(f->next, bb);
}

apr_status_t pass_on(ap_filter_t* f, apr_bucket_brigade* bb, ResponseState& rs) {
  if (!APR_BRIGADE_EMPTY(bb)) rs.passed_any = true;
  return ap_pass_brigade(f->next, bb);
}

void log_response_limit(request_rec* r, size_t limit) {
  static constexpr char kFormat[] =
      "ModSecurity: Output filter: Response body too large (over limit of %" APR_SIZE_T_FMT
      ", total not known).";
  ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, r, kFormat, limit);
}

// Feeds the data buckets of bb to the engine; true when its limit was reached.
bool feed_response(ap_filter_t* f, apr_bucket_brigade* bb, RequestState& st, apr_status_t& rv) {
  for (apr_bucket* e = APR_BRIGADE_FIRST(bb); e != APR_BRIGADE_SENTINEL(bb);) {
    apr_bucket* next = APR_BUCKET_NEXT(e);
    if (APR_BUCKET_IS_FLUSH(e)) {  // a flush would send a partial body before phase 4
      apr_bucket_delete(e);
    } else if (!APR_BUCKET_IS_METADATA(e)) {
      const char* data = nullptr;
      apr_size_t len = 0;
      rv = apr_bucket_read(e, &data, &len, APR_BLOCK_READ);
      if (rv != APR_SUCCESS) return false;
      next = APR_BUCKET_NEXT(e);  // reading a file bucket splits it
      if (len > 0 && st.tx.append_response_body(pool_view(f->r->pool, data, len)) ==
                         BodyResult::kLimitExceeded) {
        return true;
      }
    }
    e = next;
  }
  return false;
}

bool has_eos(apr_bucket_brigade* bb) {
  for (apr_bucket* e = APR_BRIGADE_FIRST(bb); e != APR_BRIGADE_SENTINEL(bb);
       e = APR_BUCKET_NEXT(e)) {
    if (APR_BUCKET_IS_EOS(e)) return true;
  }
  return false;
}

apr_status_t run_response_phases(ap_filter_t* f, apr_bucket_brigade* bb, RequestState& st) {
  request_rec* r = f->r;
  ResponseState& rs = st.response;
  Transaction& tx = st.tx;
  if (!rs.started) {
    rs.started = true;
    rs.owner = f;
    describe_response(r, tx);
    Intervention iv = tx.process_response_headers();
    if (iv.disruptive()) return deny_response(f, bb, st, iv);
    rs.buffering = tx.wants_response_body(r->content_type ? r->content_type : "");
    if (rs.buffering) rs.held = apr_brigade_create(r->pool, f->c->bucket_alloc);
  }
  if (!rs.buffering) {
    if (has_eos(bb)) {
      rs.done = true;
      Intervention iv = tx.process_response_body();
      // Only a response that is still whole can be replaced.
      if (iv.disruptive() && !rs.passed_any) return deny_response(f, bb, st, iv);
    }
    return pass_on(f, bb, rs);
  }
  apr_status_t rv = APR_SUCCESS;
  bool over = feed_response(f, bb, st, rv);
  if (rv != APR_SUCCESS) return rv;
  bool eos = has_eos(bb);
  rv = ap_save_brigade(f, &rs.held, &bb, r->pool);
  if (rv != APR_SUCCESS) return rv;
  if (over) {
    const Settings& settings = tx.settings();
    if (settings.on_response_body_limit() == BodyLimitAction::kReject && enforcing(settings)) {
      log_response_limit(r, settings.max_response_body());
      Intervention too_large;
      too_large.kind = Intervention::Kind::kDeny;
      too_large.status = HTTP_INTERNAL_SERVER_ERROR;
      return deny_response(f, bb, st, too_large);
    }
  }
  if (!over && !eos) return APR_SUCCESS;  // keep holding until the end
  // The end, or as much as we may inspect: phase 4 now, then everything goes out unbuffered.
  rs.done = true;
  rs.buffering = false;
  Intervention iv = tx.process_response_body();
  if (iv.disruptive()) return deny_response(f, bb, st, iv);
  apr_brigade_cleanup(bb);
  return pass_on(f, rs.held, rs);
}

apr_status_t response_phases(ap_filter_t* f, apr_bucket_brigade* bb) {
  RequestState* st = find_state(f->r);
  ResponseState* rs = st ? &st->response : nullptr;
  if (rs && rs->denied && rs->owner == f) {  // the handler keeps writing after a deny
    apr_brigade_cleanup(bb);
    return APR_SUCCESS;
  }
  if (rs == nullptr || rs->done || (rs->started && rs->owner != f)) {
    ap_remove_output_filter(f);
    return ap_pass_brigade(f->next, bb);
  }
  std::string what = "unknown exception";
  try {
    return run_response_phases(f, bb, *st);
  } catch (const std::exception& e) {
    what = e.what();
  } catch (...) {
  }
  rs->done = true;
  int rc = internal_error(f->r, &st->tx.settings(), "phases 3/4", what.c_str(), OK);
  if (rc == OK && rs->held) {  // let out what was held back, in order
    APR_BRIGADE_CONCAT(rs->held, bb);
    return pass_on(f, rs->held, *rs);
  }
  if (rc == OK) return pass_on(f, bb, *rs);
  Intervention fail;
  fail.kind = Intervention::Kind::kDeny;
  fail.status = rc;
  return deny_response(f, bb, *st, fail);
}

// ---------------------------------------------------------------- insertion

// The response phases run once per transaction, on the response the client gets: not for a
// subrequest (its output flows through the main request's filters), and not for the error page
// of a deny (httpd answering our own intervention must not re-run rules).
bool wants_response_filter(request_rec* r, RequestState*& st) {
  if (r->main) return false;
  st = find_state(r);
  return st && !st->response.started && !st->tx.intervention().disruptive();
}

void insert_filters(request_rec* r) {
  RequestState* st = nullptr;
  if (!wants_response_filter(r, st)) return;
  ap_add_output_filter_handle(response_filter, nullptr, r, r->connection);
  // mod_dir's fast redirect swaps r->input_filters for its subrequest's: put the replay back.
  if (r->prev == nullptr && !st->body.chunks.empty()) add_body_replay(r, *st);
}

void insert_error_filters(request_rec* r) {
  RequestState* st = nullptr;
  if (wants_response_filter(r, st)) {
    ap_add_output_filter_handle(response_filter, nullptr, r, r->connection);
  }
}

}  // namespace

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

void register_filters() {
  body_replay_filter =
      ap_register_input_filter("RAMPART_BODY", replay_body, nullptr, AP_FTYPE_CONTENT_SET);
  // Before mod_deflate (AP_FTYPE_CONTENT_SET) so rules see the uncompressed body.
  response_filter =
      ap_register_output_filter("RAMPART_RESPONSE", response_phases, nullptr,
                                static_cast<ap_filter_type>(AP_FTYPE_CONTENT_SET - 3));
  ap_hook_insert_filter(insert_filters, nullptr, nullptr, APR_HOOK_MIDDLE);
  ap_hook_insert_error_filter(insert_error_filters, nullptr, nullptr, APR_HOOK_MIDDLE);
}

}  // namespace rampart::apache
