// Phases 3 and 4 run in a content filter placed before mod_deflate; a deny there discards what
// was held back and sends an error bucket, so httpd's normal error path (ErrorDocument included)
// answers and none of the body leaves.
#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <exception>
#include <string>
#include <string_view>

#include <unistd.h>

#include "apr_portable.h"
#include "apr_strings.h"
#include "glue.h"
#include "http_core.h"
#include "http_protocol.h"
#include "http_request.h"

namespace rampart::apache {
namespace {

void forget_encoding(request_rec* r) {
  apr_table_unset(r->headers_out, "Content-Encoding");
  apr_table_unset(r->err_headers_out, "Content-Encoding");
  r->content_encoding = nullptr;
}

apr_bucket* text_bucket(ap_filter_t* f, std::string_view text) {
  // Transient: the text lives in the transaction; httpd copies it if it must keep it longer.
  return apr_bucket_transient_create(text.data(), text.size(), f->c->bucket_alloc);
}

apr_bucket* find_eos(apr_bucket_brigade* bb) {
  for (apr_bucket* e = APR_BRIGADE_FIRST(bb); e != APR_BRIGADE_SENTINEL(bb);
       e = APR_BUCKET_NEXT(e)) {
    if (APR_BUCKET_IS_EOS(e)) return e;
  }
  return nullptr;
}

// Applies what the rules changed (SecContentInjection, @rsub on STREAM_OUTPUT_BODY) to bb, the
// part of the body about to go out. `first`: nothing of the body has left yet.
void apply_changes(ap_filter_t* f, apr_bucket_brigade* bb, ResponseState& rs,
                   const ResponseChanges& changes, bool first) {
  request_rec* r = f->r;
  if (!changes.any()) return;
  // No body goes out for these, so there is nothing to change (and no length to drop).
  if (r->header_only || r->status == HTTP_NO_CONTENT || r->status == HTTP_NOT_MODIFIED) return;
  if (first) {  // the length changes; httpd counts it again or sends the body chunked
    apr_table_unset(r->headers_out, "Content-Length");
    rs.length_dropped = true;
  }
  if (changes.replace && first) {
    for (apr_bucket* e = APR_BRIGADE_FIRST(bb); e != APR_BRIGADE_SENTINEL(bb);) {
      apr_bucket* next = APR_BUCKET_NEXT(e);
      if (!APR_BUCKET_IS_METADATA(e)) apr_bucket_delete(e);
      e = next;
    }
    APR_BRIGADE_INSERT_HEAD(bb, text_bucket(f, changes.body));
    if (changes.decoded) forget_encoding(r);
  }
  if (!changes.prepend.empty() && !rs.prepended && first) {
    APR_BRIGADE_INSERT_HEAD(bb, text_bucket(f, changes.prepend));
    rs.prepended = true;
  }
  // A body whose length the client was promised cannot grow afterwards; the text goes before the
  // end of the body, which may come in a later brigade (apply_changes runs again then).
  if (!changes.append.empty() && rs.length_dropped && !rs.appended) {
    if (apr_bucket* eos = find_eos(bb)) {
      APR_BUCKET_INSERT_BEFORE(eos, text_bucket(f, changes.append));
      rs.appended = true;
    }
  }
}

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
  forget_encoding(r);  // the error page is plain, whatever the backend's page was
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

// v2's two wordings: the declared length when it is over the limit, else "not specified" (no
// length, or a compressed body whose decoded copy is what went over).
void log_response_limit(request_rec* r, const Transaction& tx, size_t limit) {
  const char* declared = apr_table_get(r->headers_out, "Content-Length");
  if (declared && apr_atoi64(declared) <= static_cast<apr_int64_t>(limit)) declared = nullptr;
  std::string message = declared ? std::string("Output filter: Content-Length (") + declared +
                                       ") over the limit (" + std::to_string(limit) + ")."
                                 : "Output filter: Response body too large (over limit of " +
                                       std::to_string(limit) + ", total not specified).";
  tx.alert(message);
}

// Feeds a file bucket's bytes to the engine (which copies them), read with pread: reading the
// bucket itself would turn it into an mmap bucket. httpd's core output filter writes a brigade
// with a file in it at once, but sets a small one held in memory aside until it has looked for a
// pipelined request, which then sends every keep-alive connection back to the listener thread
// before its next request (a quarter of a small static page's throughput); and each mmap costs
// a munmap. True when the engine's limit was reached.
bool feed_file(apr_bucket* e, RequestState& st, apr_status_t& rv) {
  constexpr apr_size_t kChunk = 64 * 1024;
  apr_os_file_t fd;
  rv = apr_os_file_get(&fd, static_cast<apr_bucket_file*>(e->data)->fd);
  if (rv != APR_SUCCESS) return false;
  std::string buf(std::min(e->length, kChunk), '\0');
  apr_off_t offset = e->start;
  for (apr_size_t left = e->length; left > 0;) {
    ssize_t got = pread(fd, buf.data(), std::min(left, kChunk), offset);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      rv = got < 0 ? APR_FROM_OS_ERROR(errno) : APR_EOF;  // the file shrank under us
      return false;
    }
    auto n = static_cast<apr_size_t>(got);
    if (st.tx.append_response_body({buf.data(), n}) == BodyResult::kLimitExceeded) return true;
    offset += static_cast<apr_off_t>(n);
    left -= n;
  }
  return false;
}

// Feeds the data buckets of bb to the engine; true when its limit was reached.
bool feed_response(apr_bucket_brigade* bb, RequestState& st, apr_status_t& rv) {
  for (apr_bucket* e = APR_BRIGADE_FIRST(bb); e != APR_BRIGADE_SENTINEL(bb);) {
    apr_bucket* next = APR_BUCKET_NEXT(e);
    if (APR_BUCKET_IS_FLUSH(e)) {  // a flush would send a partial body before phase 4
      apr_bucket_delete(e);
    } else if (APR_BUCKET_IS_FILE(e)) {
      if (feed_file(e, st, rv)) return true;
      if (rv != APR_SUCCESS) return false;
    } else if (!APR_BUCKET_IS_METADATA(e)) {
      const char* data = nullptr;
      apr_size_t len = 0;
      rv = apr_bucket_read(e, &data, &len, APR_BLOCK_READ);
      if (rv != APR_SUCCESS) return false;
      next = APR_BUCKET_NEXT(e);  // reading a pipe or socket bucket splits it
      if (len > 0 && st.tx.append_response_body({data, len}) == BodyResult::kLimitExceeded) {
        return true;
      }
    }
    e = next;
  }
  return false;
}

// HashLocation: the redirect's Location goes out signed, in whichever table holds it (httpd
// sends both: err_headers_out for error responses such as a Redirect directive's).
void sign_location(request_rec* r, const Transaction& tx) {
  std::string location = tx.signed_location();
  if (location.empty()) return;
  const char* value = apr_pstrdup(r->pool, location.c_str());
  for (apr_table_t* table : {r->headers_out, r->err_headers_out}) {
    if (apr_table_get(table, "Location")) apr_table_setn(table, "Location", value);
  }
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
    restore_compression_headers(r);  // before mod_deflate, after us, reads them
    describe_response(r, tx);
    Intervention iv = tx.process_response_headers();
    if (iv.disruptive()) return deny_response(f, bb, st, iv);
    sign_location(r, tx);
    rs.buffering = tx.wants_response_body(r->content_type ? r->content_type : "");
    if (rs.buffering) rs.held = apr_brigade_create(r->pool, f->c->bucket_alloc);
    // Not buffered: phase 3's prepend goes out with the first bytes.
    if (!rs.buffering) apply_changes(f, bb, rs, tx.response_changes(), true);
  }
  if (!rs.buffering) {
    if (has_eos(bb)) {
      rs.done = true;
      Intervention iv = tx.process_response_body();
      // Only a response that is still whole can be replaced.
      if (iv.disruptive() && !rs.passed_any) return deny_response(f, bb, st, iv);
      apply_changes(f, bb, rs, tx.response_changes(), !rs.passed_any);
    }
    return pass_on(f, bb, rs);
  }
  apr_status_t rv = APR_SUCCESS;
  bool over = feed_response(bb, st, rv);
  if (rv != APR_SUCCESS) return rv;
  bool eos = has_eos(bb);
  rv = ap_save_brigade(f, &rs.held, &bb, r->pool);
  if (rv != APR_SUCCESS) return rv;
  if (over) {
    const Settings& settings = tx.settings();
    if (settings.on_response_body_limit() == BodyLimitAction::kReject && enforcing(settings)) {
      log_response_limit(r, tx, settings.max_response_body());
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
  apply_changes(f, rs.held, rs, tx.response_changes(), true);
  return pass_on(f, rs.held, rs);
}

}  // namespace

apr_status_t response_phases(ap_filter_t* f, apr_bucket_brigade* bb) {
  RequestState* st = find_state(f->r);
  ResponseState* rs = st ? &st->response : nullptr;
  if (rs && rs->denied && rs->owner == f) {  // the handler keeps writing after a deny
    apr_brigade_cleanup(bb);
    return APR_SUCCESS;
  }
  if (rs && rs->done && rs->length_dropped && !rs->appended && rs->owner == f) {
    // The rest of a body that went out in part (ProcessPartial), then the append text.
    apply_changes(f, bb, *rs, st->tx.response_changes(), false);
    return pass_on(f, bb, *rs);
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

}  // namespace rampart::apache
