// The request body for phase 2. Phase 2 reads the body before the handler runs, so the bytes are
// kept and a small input filter replays exactly them, then EOS, to whichever handler reads next
// (static, CGI, mod_proxy). The first SecRequestBodyInMemoryLimit bytes stay in r->pool; the rest
// goes to a temporary file under SecTmpDir, so a large upload costs disk, not memory. Once the
// engine has all it will inspect (a limit under ProcessPartial or DetectionOnly), reading stops
// and the handler reads the rest straight from the connection.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

#include "apr_file_io.h"
#include "apr_strings.h"
#include "glue.h"
#include "http_core.h"
#include "http_protocol.h"
#include "http_request.h"

namespace rampart::apache {
namespace {

constexpr apr_off_t kReadChunk = 8192;
constexpr apr_size_t kLineChunk = 8192;  // how much of the file one GETLINE call looks at

// The declared Content-Length, 0 without one; -1 for a chunked body (httpd allows no other
// Transfer-Encoding), whose length is only known at its end.
apr_int64_t declared_length(request_rec* r) {
  if (apr_table_get(r->headers_in, "Transfer-Encoding")) return -1;
  const char* cl = apr_table_get(r->headers_in, "Content-Length");
  return cl ? apr_atoi64(cl) : 0;
}

// A body that cannot be read (bad chunking, a client that stops early, a timeout) gets v2's line
// and the status httpd itself would answer.
int read_error(RequestState& st, apr_status_t rv) {
  char err[256];
  apr_strerror(rv, err, sizeof err);
  st.tx.alert(std::string("Error reading request body: ") + err);
  if (rv == APR_TIMEUP) return HTTP_REQUEST_TIME_OUT;
  return ap_map_http_request_error(rv, HTTP_BAD_REQUEST);
}

void log_tmp_error(request_rec* r, apr_status_t rv, const char* what, const char* path) {
  char err[256];
  apr_strerror(rv, err, sizeof err);
  ap_log_rerror(APLOG_MARK, APLOG_ERR, rv, r,
                "rampart: cannot %s the request body spill file %s (%s); check that SecTmpDir "
                "names a directory the httpd user can write",
                what, path, err);
}

// Creates the spill file: SecTmpDir (else the system's temporary directory), named after the
// transaction like v2's `…-request_body-XXXXXX`. apr_file_mktemp makes it 0600; DELONCLOSE and
// the cleanup apr registers on r->pool delete it when the request ends, however it ends.
apr_status_t open_spill(request_rec* r, RequestState& st) {
  const std::optional<std::string>& configured = st.tx.settings().tmp_dir;
  const char* dir = configured ? configured->c_str() : nullptr;
  if (dir == nullptr && apr_temp_dir_get(&dir, r->pool) != APR_SUCCESS) dir = "/tmp";
  std::string_view id = st.tx.unique_id();
  char* path = apr_psprintf(r->pool, "%s/%.*s-request_body-XXXXXX", dir,
                            static_cast<int>(id.size()), id.data());
  apr_status_t rv = apr_file_mktemp(
      &st.body.spill, path,
      APR_FOPEN_CREATE | APR_FOPEN_READ | APR_FOPEN_WRITE | APR_FOPEN_EXCL | APR_FOPEN_DELONCLOSE,
      r->pool);
  if (rv != APR_SUCCESS) {
    st.body.spill = nullptr;
    log_tmp_error(r, rv, "create", path);
  }
  return rv;
}

// Keeps one piece of the body for the replay: in r->pool while within the in-memory limit, in
// the spill file after it. Returns OK or 500. Without a spill file (SecTmpDir not writable) an
// enforcing engine fails closed; DetectionOnly keeps the rest in memory instead, never blocking.
int keep(request_rec* r, RequestState& st, const char* data, size_t len) {
  RequestBody& body = st.body;
  size_t in_memory_limit = st.tx.settings().max_request_body_in_memory();
  if (body.spill == nullptr && (body.in_memory < in_memory_limit || body.no_spill)) {
    size_t n = body.no_spill ? len : std::min(len, in_memory_limit - body.in_memory);
    body.chunks.push_back(pool_copy(r->pool, data, n));
    body.in_memory += n;
    data += n;
    len -= n;
  }
  if (len == 0) return OK;
  if (body.spill == nullptr && open_spill(r, st) != APR_SUCCESS) {
    if (enforcing(st.tx.settings())) return HTTP_INTERNAL_SERVER_ERROR;
    body.no_spill = true;
    return keep(r, st, data, len);
  }
  apr_size_t written = 0;
  apr_status_t rv = apr_file_write_full(body.spill, data, len, &written);
  if (rv != APR_SUCCESS) {
    const char* path = nullptr;
    apr_file_name_get(&path, body.spill);
    log_tmp_error(r, rv, "write", path ? path : "?");
    return HTTP_INTERNAL_SERVER_ERROR;
  }
  body.spill_size += static_cast<apr_off_t>(written);
  return OK;
}

// Reads into st.body until EOS, or until the engine has all it will inspect. Every byte read is
// kept for the handler, fed to the engine or not. Returns OK, or the status to answer with.
int read_body_chunks(request_rec* r, RequestState& st) {
  apr_bucket_brigade* bb = apr_brigade_create(r->pool, r->connection->bucket_alloc);
  bool over = false;  // the engine has all it may inspect: read no further brigade
  int rc = OK;
  while (rc == OK && !over && !st.body.complete) {
    apr_status_t rv =
        ap_get_brigade(r->input_filters, bb, AP_MODE_READBYTES, APR_BLOCK_READ, kReadChunk);
    if (rv != APR_SUCCESS) {
      rc = read_error(st, rv);
      break;
    }
    if (APR_BRIGADE_EMPTY(bb)) {  // a filter that answers nothing would loop us forever
      st.tx.alert("Error reading request body: an input filter returned no data");
      rc = HTTP_BAD_REQUEST;
      break;
    }
    for (apr_bucket* e = APR_BRIGADE_FIRST(bb); rc == OK && e != APR_BRIGADE_SENTINEL(bb);
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
        rc = read_error(st, rv);
        break;
      }
      if (len == 0) continue;
      rc = keep(r, st, data, len);
      if (rc != OK || over) continue;
      // Views into the bucket are enough: the engine copies what it keeps.
      if (st.tx.append_request_body(std::string_view(data, len)) != BodyResult::kLimitExceeded)
        continue;
      over = true;
      if (st.tx.intervention().disruptive()) rc = HTTP_REQUEST_ENTITY_TOO_LARGE;
    }
    apr_brigade_cleanup(bb);
  }
  apr_brigade_destroy(bb);
  return rc;
}

// A 413 leaves the rest of the body unread: do not try to read the next request after it.
int refuse(request_rec* r) {
  r->connection->keepalive = AP_CONN_CLOSE;
  return HTTP_REQUEST_ENTITY_TOO_LARGE;
}

// Up to `want` bytes of the spill file from the replay cursor into bb (a file bucket; for
// GETLINE, a copy of at most one line). Returns the bytes given, or -1 on a read error.
apr_off_t replay_spill(ap_filter_t* f, RequestBody& body, apr_bucket_brigade* bb,
                       ap_input_mode_t mode, apr_off_t want) {
  apr_off_t n = std::min(want, body.spill_size - body.spill_offset);
  if (mode != AP_MODE_GETLINE) {
    apr_bucket* e = apr_bucket_file_create(
        body.spill, body.spill_offset, static_cast<apr_size_t>(n), f->r->pool, f->c->bucket_alloc);
    apr_bucket_file_enable_mmap(e, 0);  // read in small pieces: a 4 MiB mapping would show in RSS
    APR_BRIGADE_INSERT_TAIL(bb, e);
    return n;
  }
  apr_size_t len = static_cast<apr_size_t>(std::min<apr_off_t>(n, kLineChunk));
  char* buf = static_cast<char*>(apr_palloc(f->r->pool, len));
  apr_off_t at = body.spill_offset;
  if (apr_file_seek(body.spill, APR_SET, &at) != APR_SUCCESS ||
      apr_file_read_full(body.spill, buf, len, &len) != APR_SUCCESS) {
    return -1;
  }
  if (const void* nl = std::memchr(buf, '\n', len)) len = static_cast<const char*>(nl) - buf + 1;
  APR_BRIGADE_INSERT_TAIL(bb, apr_bucket_pool_create(buf, len, f->r->pool, f->c->bucket_alloc));
  return static_cast<apr_off_t>(len);
}

}  // namespace

void add_body_replay(request_rec* r, RequestState& st) {
  for (ap_filter_t* f = r->input_filters; f; f = f->next) {
    if (f->frec == body_replay_filter) return;
  }
  ap_add_input_filter_handle(body_replay_filter, &st, r, r->connection);
}

// Hands the kept body to the handler: as many bytes as asked (up to a line for GETLINE), first
// from memory, then from the spill file, then EOS when the whole body was read, else whatever
// the connection still holds.
apr_status_t replay_body(ap_filter_t* f, apr_bucket_brigade* bb, ap_input_mode_t mode,
                         apr_read_type_e block, apr_off_t readbytes) {
  auto* st = static_cast<RequestState*>(f->ctx);
  if (st == nullptr || (mode != AP_MODE_READBYTES && mode != AP_MODE_SPECULATIVE &&
                        mode != AP_MODE_GETLINE && mode != AP_MODE_EXHAUSTIVE)) {
    return ap_get_brigade(f->next, bb, mode, block, readbytes);
  }
  RequestBody& body = st->body;
  if (body.chunk >= body.chunks.size() && body.spill_offset >= body.spill_size) {
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
  apr_off_t spill_offset = body.spill_offset;
  if (want > 0 && !line_done && chunk >= body.chunks.size() && spill_offset < body.spill_size) {
    apr_off_t limit = want == SIZE_MAX ? body.spill_size : static_cast<apr_off_t>(want);
    apr_off_t n = replay_spill(f, body, bb, mode, limit);
    if (n < 0) return APR_EGENERAL;
    spill_offset += n;
  }
  if (mode == AP_MODE_SPECULATIVE) return APR_SUCCESS;  // peeking consumes nothing
  body.chunk = chunk;
  body.offset = offset;
  body.spill_offset = spill_offset;
  if (chunk >= body.chunks.size() && spill_offset >= body.spill_size && body.complete) {
    APR_BRIGADE_INSERT_TAIL(bb, apr_bucket_eos_create(f->c->bucket_alloc));
  }
  return APR_SUCCESS;
}

int read_request_body(request_rec* r, RequestState& st) {
  if (!st.tx.wants_request_body()) return OK;
  apr_int64_t declared = declared_length(r);
  if (declared == 0) return OK;
  // A declared length over the limit is refused before anything is read, as v2 does.
  if (declared > 0 && st.tx.declare_request_body_length(static_cast<uint64_t>(declared)) ==
                          BodyResult::kLimitExceeded) {
    return refuse(r);
  }
  int rc = read_body_chunks(r, st);
  if (rc == HTTP_REQUEST_ENTITY_TOO_LARGE) return refuse(r);
  if (rc != OK) return rc;
  add_body_replay(r, st);
  return OK;
}

// The rewritten body replaces the kept one; Content-Length is set to its size and
// Transfer-Encoding removed, so CGI and mod_proxy announce what they send. A body read only in
// part cannot be rewritten as a whole: the client's goes on unchanged, with a log line.
void replace_request_body(request_rec* r, RequestState& st) {
  std::optional<std::string_view> replacement = st.tx.request_body_replacement();
  if (!replacement) return;
  RequestBody& body = st.body;
  if (!body.complete) {
    ap_log_rerror(
        APLOG_MARK, APLOG_ERR, 0, r,
        "rampart: @rsub rewrote STREAM_INPUT_BODY, but only the start of the request body was "
        "read (SecRequestBodyLimit or SecRequestBodyNoFilesLimit reached); the handler "
        "gets the client's body unchanged (raise the limit to rewrite such bodies)");
    return;
  }
  body.chunks.clear();
  if (!replacement->empty()) body.chunks.push_back(*replacement);
  body.in_memory = replacement->size();
  body.spill_size = 0;  // the file itself goes with r->pool
  body.chunk = body.offset = 0;
  body.spill_offset = 0;
  apr_table_setn(r->headers_in, "Content-Length",
                 apr_off_t_toa(r->pool, static_cast<apr_off_t>(replacement->size())));
  apr_table_unset(r->headers_in, "Transfer-Encoding");
  add_body_replay(r, st);
}

}  // namespace rampart::apache
